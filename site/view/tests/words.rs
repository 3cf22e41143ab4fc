//! The crate's default words are what the command line and the packages print: the result's
//! labels follow the one rule of the HTML views (no `<`, `>` or `&`), and each label reaches
//! the report and the calculator's panel.

use pickanumber_view::markup_free::refusal;
use pickanumber_view::words::{REPORT, RESULT};

/// The quoted texts of a `Debug` print, unescaped enough for the rule (`\"` and `\\`).
fn quoted(debug: &str) -> Vec<String> {
    let (mut out, mut chars) = (Vec::new(), debug.chars());
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut text = String::new();
        while let Some(c) = chars.next() {
            match c {
                '\\' => text.extend(chars.next()),
                '"' => break,
                c => text.push(c),
            }
        }
        out.push(text);
    }
    out
}

#[test]
fn no_default_result_word_holds_markup() {
    let words = quoted(&format!("{RESULT:?}"));
    assert!(words.len() > 25, "{words:?}");
    for word in &words {
        assert_eq!(refusal("result", [word.as_str()]), None);
    }
    assert_eq!(
        quoted(r#"A { a: "x \"<\" y", b: ["&"] }"#),
        ["x \"<\" y", "&"]
    );
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
