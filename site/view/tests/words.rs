//! The words the islands and the packages compile in are `content/layout.toml`'s: every key
//! of `[result]`, `[report]`, `[calculator.live]`, `[calculator.passes]`, `[probe.view]`,
//! `[probe.live]`, `[pairwise.view]` and `[pairwise.live]` (and `[probe.report]`, the words of
//! the probe's `REPORT.md`), read here with a TOML parser the crate itself does not have,
//! appears in the constant with the file's value. (`build.rs` makes a key missing from either
//! side a compile error, so the two hold the same keys.)

use pickanumber_view::words::{
    CALCULATOR_LIVE, CALCULATOR_PASSES, PAIRWISE, PAIRWISE_LIVE, PROBE, PROBE_LIVE, PROBE_REPORT,
    REPORT, RESULT,
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
    let words = match sub {
        "" => file[table].as_table(),
        sub => file[table][sub].as_table(),
    }
    .expect("a table");
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
fn results_and_reports_show_the_words_of_layout_toml() {
    check("result", "", &format!("{RESULT:?}"));
    check("report", "", &format!("{REPORT:?}"));
}

/// A word of `[result]` reaches what the views print: the compiled headline label is the
/// file's, and the report and the calculator's panel print it.
#[test]
fn the_compiled_result_words_are_the_ones_printed() {
    use pickanumber_score::{analyse, Request};
    let file = layout();
    let label = file["result"]["final_score"].as_str().expect("text");
    let title = file["report"]["title"].as_str().expect("text");
    let a = analyse("+3 a\n-1 b", &Request::default());
    let report = pickanumber_view::report::markdown(&a);
    assert!(
        report.starts_with(&format!("# {title}\n\n**{label} ")),
        "{report}"
    );
    let panel = pickanumber_view::panel::calculator(&a, &RESULT);
    assert!(
        panel.contains(&format!("<dt id=\"out-final-label\">{label}</dt>")),
        "{panel}"
    );
}

#[test]
fn the_probe_report_writes_the_words_of_layout_toml() {
    check("probe", "report", &format!("{PROBE_REPORT:?}"));
}
