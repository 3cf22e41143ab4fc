//! The site's words for this island, from `content/layout.toml` ([`pickanumber_site_words`]).

fn main() {
    pickanumber_site_words::build_script();
}
