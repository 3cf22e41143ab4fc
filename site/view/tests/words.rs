//! The crate's default words are what the command line and the packages print: the result's
//! labels follow the one rule of the HTML views (no `<`, `>` or `&`), and each label reaches
//! the report and the calculator's panel.

use pickanumber_view::markup_free::refusal;
use pickanumber_view::words::{REPORT, RESULT};

#[test]
fn no_default_result_word_holds_markup() {
    // `Debug` lists every field as `name: "text"` or `name: ["a", "b"]`.
    let fields = format!("{RESULT:?}");
    let body = fields
        .trim_start_matches("ResultView { ")
        .trim_end_matches(" }");
    let mut seen = 0;
    for field in body.split("\", ").flat_map(|f| f.split("\"], ")) {
        let (key, value) = field.split_once(": ").expect("name: value");
        let texts: Vec<&str> = value
            .trim_matches(|c| matches!(c, '[' | ']' | '"'))
            .split("\", \"")
            .collect();
        assert_eq!(refusal(key, texts), None);
        seen += 1;
    }
    assert!(seen > 20, "{seen} fields read from {fields}");
}

#[test]
fn the_default_result_words_are_the_ones_printed() {
    use pickanumber_score::{analyse, Request};
    let a = analyse("+3 a\n-1 b", &Request::default());
    let report = pickanumber_view::report::markdown(&a);
    let head = format!("# {}\n\n**{} ", REPORT.title, RESULT.final_score);
    assert!(report.starts_with(&head), "{report}");
    let panel = pickanumber_view::panel::calculator(&a, &RESULT);
    let label = format!("<dt id=\"out-final-label\">{}</dt>", RESULT.final_score);
    assert!(panel.contains(&label), "{panel}");
}
