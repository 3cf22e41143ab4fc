//! Items are never merged: every line break ends a line (one test per break, line numbers
//! counted the reader's way), a heading that looks like a pass heading but is not one is an
//! error on its line, code quoted in a fenced block is not items, and `[+1] text` on the first
//! line is an item, not broken JSON.

use pickanumber_score::lines::BREAKS;
use pickanumber_score::{analyse, read, Entry, Format, Request, Severity};

fn strict() -> Request {
    Request {
        strict: true,
        ..Request::default()
    }
}

/// The items `text` gives, as (line, impact) pairs, with no error and no ignored line even in
/// strict reading.
fn items(text: &str) -> Vec<(usize, i64)> {
    let a = analyse(text, &strict());
    assert_eq!(
        a.messages(Severity::Error),
        Vec::<String>::new(),
        "{text:?}"
    );
    assert!(a.ignored.is_empty(), "{text:?}: ignored {:?}", a.ignored);
    placed(&a.entries)
}

/// Each entry's line and impact.
fn placed(entries: &[Entry]) -> Vec<(usize, i64)> {
    entries
        .iter()
        .map(|e| (e.line, e.item.impact.value()))
        .collect()
}

/// One line break `sep`: three items on three lines, with and without a break after the last;
/// an error placed on its own line; items after a blank line made of two breaks; a `## Pass:`
/// heading after the break.
fn ends_a_line(sep: &str) {
    let three = format!("+3 a{sep}+2 b{sep}-5 c");
    assert_eq!(items(&three), [(1, 3), (2, 2), (3, -5)], "{sep:?}");
    assert_eq!(items(&format!("{three}{sep}")), [(1, 3), (2, 2), (3, -5)]);
    assert_eq!(items(&format!("+3 a{sep}{sep}-1 b")), [(1, 3), (3, -1)]);
    let a = analyse(&format!("+3 a{sep}+4 b{sep}-5 c"), &Request::default());
    assert_eq!(
        a.messages(Severity::Error),
        ["line 2: impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5"],
        "{sep:?}"
    );
    #[cfg(feature = "combine")]
    {
        let passes = analyse(
            &format!("## Pass: a{sep}+3 x{sep}## Pass: b{sep}-1 y{sep}+4 z"),
            &Request::default(),
        );
        let p = passes.passes.as_ref().expect("two passes");
        assert_eq!(p.passes.len(), 2, "{sep:?}");
        assert_eq!(p.passes[1].line, Some(3));
        assert_eq!(
            passes.messages(Severity::Error),
            ["line 5: pass b: impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5"],
            "{sep:?}"
        );
    }
}

#[test]
fn line_feed_ends_a_line() {
    ends_a_line("\n");
}

#[test]
fn cr_lf_ends_a_line_once() {
    ends_a_line("\r\n");
}

#[test]
fn a_lone_carriage_return_ends_a_line() {
    ends_a_line("\r");
}

#[test]
fn a_vertical_tab_ends_a_line() {
    ends_a_line("\u{b}");
}

#[test]
fn a_form_feed_ends_a_line() {
    ends_a_line("\u{c}");
}

#[test]
fn the_file_separator_ends_a_line() {
    ends_a_line("\u{1c}");
}

#[test]
fn the_group_separator_ends_a_line() {
    ends_a_line("\u{1d}");
}

#[test]
fn the_record_separator_ends_a_line() {
    ends_a_line("\u{1e}");
}

#[test]
fn next_line_ends_a_line() {
    ends_a_line("\u{85}");
}

#[test]
fn the_line_separator_ends_a_line() {
    ends_a_line("\u{2028}");
}

#[test]
fn the_paragraph_separator_ends_a_line() {
    ends_a_line("\u{2029}");
}

/// The tests above cover every break of the one definition, and no other.
#[test]
fn every_break_of_the_definition_has_its_test() {
    let tested = [
        "\n", "\r\n", "\r", "\u{b}", "\u{c}", "\u{1c}", "\u{1d}", "\u{1e}", "\u{85}", "\u{2028}",
        "\u{2029}",
    ];
    let defined: Vec<&str> = BREAKS.iter().map(|(b, _)| *b).collect();
    assert_eq!(defined.len(), tested.len());
    for b in tested {
        assert!(defined.contains(&b), "{b:?}");
    }
}

#[test]
fn every_format_counts_lines_at_the_same_breaks() {
    // JSON: a lone CR is JSON white space and ends a line of the message's place.
    let a = analyse("[{\"impact\": 3},\r{\"impact\": 4}]", &Request::default());
    assert_eq!(
        a.messages(Severity::Error),
        ["line 2, column 1: item 2: impact 4 is not one of +5, +3, +2, +1, −1, −2, −3, −5"]
    );
    // A fenced block, rows and a table, their lines ended by CR.
    let fenced = read("intro\r```json\r[{\"impact\": 3}]\r```\r+1 after");
    let lines: Vec<usize> = fenced.1.entries.iter().map(|e| e.line).collect();
    assert_eq!(lines, [3, 5]);
    let (format, rows) = read("impact,text\r+3,a\r-2,b");
    assert_eq!(format, Format::Spreadsheet);
    assert_eq!(
        rows.entries.iter().map(|e| e.line).collect::<Vec<_>>(),
        [2, 3]
    );
    let (format, table) =
        read("| impact | text |\u{2028}|---|---|\u{2028}| +3 | a |\u{2028}| -2 | b |");
    assert_eq!(format, Format::MarkdownTable);
    assert_eq!(
        table.entries.iter().map(|e| e.line).collect::<Vec<_>>(),
        [3, 4]
    );
}

#[cfg(feature = "combine")]
#[test]
fn a_heading_that_looks_like_a_pass_heading_is_an_error_on_its_line() {
    for (text, line, heading, name) in [
        ("## Pass: a\n+3 x\n### Pass: b\n-1 y", 3, "### Pass: b", "b"),
        ("## Pass: a\n+3 x\n## Pass b\n-1 y", 3, "## Pass b", "b"),
        ("# Pass: a\n+3 x\n# Pass: b\n-1 y", 1, "# Pass: a", "a"),
        ("+3 x\n## PASS\n-1 y", 2, "## PASS", "<name>"),
    ] {
        let a = analyse(text, &Request::default());
        let expected = format!(
            "\"{heading}\" is not a pass heading, and its items would join another judge's: write ## Pass: {name} (two #, a colon), or word it without Pass first"
        );
        let errors = a.messages(Severity::Error);
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with(&format!("line {line}: "))
                    || e.starts_with(&format!("line {line}: pass a: "))),
            "{text:?}: {errors:?}"
        );
        assert!(
            errors.iter().any(|e| e.ends_with(&expected)),
            "{text:?}: {errors:?}"
        );
    }
    // Headings that only start with the letters are ordinary headings.
    for text in [
        "## Passing grade\n+3 x",
        "## Passes\n+3 x",
        "## Pass-through\n+3 x",
    ] {
        assert_eq!(items(text), [(2, 3)], "{text:?}");
    }
}

#[test]
fn lines_in_a_fenced_block_of_code_are_not_items() {
    let text = "+2 clear diff\n```diff\n-1 old line\n+1 new line\n```\n```python\nx = -1 if y else 2\n-1\n```\n-1 slow";
    let a = analyse(text, &Request::default());
    assert_eq!(placed(&a.entries), [(1, 2), (10, -1)]);
    assert_eq!(a.ignored, [3, 4, 7, 8]);
    assert_eq!(
        a.messages(Severity::Note),
        ["ignored (not an item): lines 3, 4, 7, 8"]
    );
    // Strict reading refuses them, as any line that is not an item.
    assert_eq!(analyse(text, &strict()).messages(Severity::Error).len(), 4);
    // A block with no language, or a format this reader reads, is the judge's answer.
    for open in [
        "```",
        "```text",
        "```JSON",
        "~~~markdown",
        "```evidence id=x",
    ] {
        let close = &open[..3];
        assert_eq!(items(&format!("{open}\n+3 a\n{close}")), [(2, 3)], "{open}");
    }
}

#[test]
fn an_item_in_brackets_on_the_first_line_is_an_item_not_json() {
    let (format, p) = read("[+1] text\n[-2] more");
    assert_eq!(format, Format::Lines);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    assert_eq!(placed(&p.entries), [(1, 1), (2, -2)]);
    assert_eq!(items("  [+3] indented\n"), [(1, 3)]);
    // Valid JSON stays JSON, and broken JSON whose first line is no item is still a JSON error.
    assert_eq!(read("[{\"impact\": 3}]").0, Format::Json);
    assert_eq!(read("[-1, 3]").0, Format::Json);
    let a = analyse("[\n{\"impact\": 3,}]", &Request::default());
    assert!(a.messages(Severity::Error).contains(
        &"line 2, column 14: invalid JSON: expected a key in double quotes, found '}'".to_string()
    ));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1_000))]

    /// Any mix of line breaks reads the items the same text with LF alone reads, on the
    /// same lines: no break merges two items or moves one.
    #[test]
    fn every_break_reads_as_lf_would(
        lines in proptest::collection::vec(
            ("[-+]?[1-5]( [a-z]{0,4})?|## Pass: [ab]|#{1,3} Pass:? [ab]|```(diff)?|[a-z ]{0,5}", 0usize..11),
            0..12,
        )
    ) {
        let mut text = String::new();
        let mut lf = String::new();
        for (line, b) in &lines {
            text.push_str(line);
            // A CR then an LF are one break, CR LF: another break after a CR ending a line.
            let after_cr = line.is_empty() && text.ends_with('\r');
            text.push_str(if after_cr && *b == 1 { "\u{2028}" } else { BREAKS[*b].0 });
            lf.push_str(line);
            lf.push('\n');
        }
        let (a, b) = (analyse(&text, &Request::default()), analyse(&lf, &Request::default()));
        proptest::prop_assert_eq!(&a.entries, &b.entries, "{:?}", text);
        proptest::prop_assert_eq!(a.diagnostics, b.diagnostics, "{:?}", text);
        proptest::prop_assert_eq!(a.ignored, b.ignored);
    }
}
