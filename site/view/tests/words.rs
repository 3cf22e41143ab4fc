//! The words the islands compile in are `content/layout.toml`'s: every key of
//! `[calculator.live]`, `[calculator.passes]`, `[probe.view]`,
//! `[probe.live]`, `[pairwise.view]` and `[pairwise.live]` (and `[probe.report]`, the words of
//! the probe's `REPORT.md`), read here with a TOML parser the crate itself does not have, appears in the
//! constant with the file's value. (`build.rs` makes a key missing from either side a
//! compile error, so the two hold the same keys.)

use pickanumber_view::words::{
    CALCULATOR_LIVE, CALCULATOR_PASSES, PAIRWISE, PAIRWISE_LIVE, PROBE, PROBE_LIVE, PROBE_REPORT,
};

fn layout() -> toml::Table {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/layout.toml");
    std::fs::read_to_string(path)
        .expect("content/layout.toml")
        .parse()
        .expect("content/layout.toml is TOML")
}

/// `key: value` as the constant's `Debug` prints it.
fn field(key: &str, value: &toml::Value) -> String {
    let text = |v: &toml::Value| format!("{:?}", v.as_str().expect("text"));
    match value {
        toml::Value::Array(list) => {
            let items: Vec<String> = list.iter().map(text).collect();
            format!("{key}: [{}]", items.join(", "))
        }
        v => format!("{key}: {}", text(v)),
    }
}

fn check(table: &str, sub: &str, compiled: &str) {
    let file = layout();
    let words = file[table][sub].as_table().expect("a table");
    assert!(words.len() > 4, "[{table}.{sub}] has {} keys", words.len());
    for (key, value) in words {
        let expected = field(key, value);
        assert!(
            compiled.contains(&format!(" {expected},"))
                || compiled.contains(&format!(" {expected} }}")),
            "[{table}.{sub}] {key}: the compiled words do not hold {expected}\n{compiled}"
        );
    }
}

#[test]
fn the_saved_passes_show_the_words_of_layout_toml() {
    check("calculator", "passes", &format!("{CALCULATOR_PASSES:?}"));
}

#[test]
fn the_calculator_shows_the_words_of_layout_toml() {
    check("calculator", "live", &format!("{CALCULATOR_LIVE:?}"));
}

#[test]
fn the_probe_island_shows_the_words_of_layout_toml() {
    check("probe", "view", &format!("{PROBE:?}"));
    check("probe", "live", &format!("{PROBE_LIVE:?}"));
}

#[test]
fn the_pairwise_island_shows_the_words_of_layout_toml() {
    check("pairwise", "view", &format!("{PAIRWISE:?}"));
    check("pairwise", "live", &format!("{PAIRWISE_LIVE:?}"));
}

#[test]
fn the_probe_report_writes_the_words_of_layout_toml() {
    check("probe", "report", &format!("{PROBE_REPORT:?}"));
}
