//! The site's words for this island, from `content/layout.toml` ([`pickanumber_island_words`]).

fn main() {
    pickanumber_island_words::build_script();
}
