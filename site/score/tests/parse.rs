//! The pasted-text grammar: what becomes an item, an error (with its exact message), context
//! or an ignored line.

use pickanumber_score::{read_as, Bucket, Format, Impact, Parsed};

const SET: &str = "+5, +3, +2, +1, −1, −2, −3, −5";

/// The line grammar alone, without format detection.
fn parse(text: &str) -> Parsed {
    read_as(Format::Lines, text)
}

/// The error for a line that starts with an unsigned number.
fn unsigned(line: usize, number: &str) -> String {
    format!("line {line}: the line starts with the unsigned number {number}: write an impact with its sign, as in +3 text or −3 text (a line that starts with a count, like \"3 blockers remain\", is not an item)")
}

fn errors(text: &str) -> Vec<String> {
    parse(text).errors.iter().map(ToString::to_string).collect()
}

#[test]
fn every_impact_spelling_reads_the_same_value() {
    let cases = [
        ("+3 text", 3),
        ("[+3] text", 3),
        ("**+3** text", 3),
        ("- **+3** text", 3),
        ("*\u{2212}2* text", -2),
        ("__+3__ text", 3),
        ("_+3_ text", 3),
        ("`+3` text", 3),
        ("**+3**: text", 3),
        ("**(+3)** text", 3),
        ("**+3 text**", 3),
        ("[+3]: text", 3),
        ("-2 text", -2),
        ("\u{2212}2 text", -2),
        ("(+5) text", 5),
        ("(-1) text", -1),
        ("- +1 text", 1),
        ("* -3 text", -3),
        ("1. +2 text", 2),
        ("12) −5 text", -5),
        ("+3: text", 3),
        ("+3 — text", 3),
        ("   +1   text  ", 1),
    ];
    for (line, value) in cases {
        let p = parse(line);
        assert!(p.errors.is_empty(), "{line}: {:?}", p.errors);
        assert_eq!(p.entries.len(), 1, "{line}");
        assert_eq!(p.entries[0].item.impact.value(), value, "{line}");
        assert_eq!(p.entries[0].item.text, "text", "{line}");
    }
}

#[test]
fn numbers_outside_the_set_are_errors_naming_line_and_set() {
    assert_eq!(
        errors("+3 ok\n\n+4 nope\n0 zero\n2.5 half\n+6 six\n-4 neg\n−7 minus"),
        vec![
            format!("line 3: impact +4 is not one of {SET}"),
            unsigned(4, "0"),
            unsigned(5, "2.5"),
            format!("line 6: impact +6 is not one of {SET}"),
            format!("line 7: impact -4 is not one of {SET}"),
            format!("line 8: impact −7 is not one of {SET}"),
        ]
    );
}

#[test]
fn huge_numbers_are_errors_not_overflows() {
    assert_eq!(
        errors("+99999999999999999999999 big"),
        vec![format!(
            "line 1: impact +99999999999999999999999 is not one of {SET}"
        )]
    );
}

#[test]
fn a_number_glued_to_a_word_is_an_error() {
    assert_eq!(
        errors("+3rd place"),
        vec![
            "line 1: \"+3rd\" is not an impact followed by text: put a space after the impact, as in +3 text"
                .to_string()
        ]
    );
}

/// Prose that starts with a count is never positive evidence: it is an error saying how to
/// write an impact (`2 tests fail on CI` is not +2).
#[test]
fn unsigned_numbers_are_errors_never_impacts() {
    assert_eq!(
        errors("2 tests fail on CI and must be fixed.\n3 blockers remain\n(3) the third point\n[3] Smith 2020\n**3** stars\n3rd place"),
        vec![
            unsigned(1, "2"),
            unsigned(2, "3"),
            unsigned(3, "3"),
            unsigned(4, "3"),
            unsigned(5, "3"),
            unsigned(6, "3"),
        ]
    );
    // Words first, numbered-list markers and emphasis without a number are not items at all.
    let p = parse("I'd give it 7/10.\n1. the first point\n**Summary**\n[link](x)\n_note_");
    assert!(p.errors.is_empty() && p.entries.is_empty(), "{p:?}");
    assert_eq!(p.ignored, vec![1, 2, 3, 4, 5]);
}

/// A wrapper left open is an error naming both marks.
#[test]
fn unclosed_wrappers_are_errors() {
    assert_eq!(
        errors("**+3 text\n[+3 text\n*+3"),
        vec![
            "line 1: the opening '**' has no closing '**': write **+3** or **+3, criterion**"
                .to_string(),
            "line 2: the opening '[' has no closing ']': write [+3] or [+3, criterion]".to_string(),
            "line 3: the opening '*' has no closing '*': write *+3* or *+3, criterion*".to_string(),
        ]
    );
}

/// A text that starts with dashes keeps them (the report wrote `+3 --verbose flag` as
/// `-verbose flag` before).
#[test]
fn a_separator_is_taken_only_when_it_is_one() {
    let texts: Vec<String> =
        parse("+3 --verbose flag\n+3 - plain\n+3: colon\n+3-glued\n(+3) -x\n+3 — dash")
            .items()
            .into_iter()
            .map(|i| i.text)
            .collect();
    assert_eq!(
        texts,
        ["--verbose flag", "plain", "colon", "glued", "-x", "dash"]
    );
}

#[test]
fn unclosed_parenthesis_is_an_error() {
    assert_eq!(
        errors("(+3 text"),
        vec![
            "line 1: the opening '(' has no closing ')': write (+3) or (+3, criterion)".to_string()
        ]
    );
}

#[test]
fn blank_lines_and_headings_are_skipped_other_lines_ignored() {
    let p = parse("# Title\n\nsome prose\n+1 item\n3. a numbered note\n(see above)\n---");
    assert_eq!(p.entries.len(), 1);
    assert!(p.errors.is_empty());
    assert_eq!(p.ignored, vec![3, 5, 6, 7]);
}

#[test]
fn labels_set_criterion_and_perspective() {
    let p = parse(
        "- (+5, requester × brief_fidelity) — kept the brief\n(+3, craft) tidy\n(-1, sme x box_model) x",
    );
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let items = p.items();
    assert_eq!(items[0].perspective.as_deref(), Some("requester"));
    assert_eq!(items[0].criterion.as_deref(), Some("brief_fidelity"));
    assert_eq!(items[0].text, "kept the brief");
    assert_eq!(items[1].criterion.as_deref(), Some("craft"));
    assert_eq!(items[1].perspective, None);
    assert_eq!(items[2].criterion.as_deref(), Some("box_model"));
    assert_eq!(items[2].perspective.as_deref(), Some("sme"));
}

#[test]
fn bad_labels_are_errors() {
    assert_eq!(
        errors("(+3, two words) t\n(+3, a × b × c) t"),
        vec![
            "line 1: label \"two words\" is not a name: use letters, digits, '_' or '-', as in brief_fidelity".to_string(),
            "line 2: label \"a × b × c\" has more than two parts: write (+3, criterion) or (+3, perspective × criterion)".to_string(),
        ]
    );
}

#[test]
fn runs_expand_to_identical_items() {
    let p = parse("+1×25 routine\n(-1x5, craft) small");
    assert_eq!(p.entries.len(), 30);
    assert!(p.entries[..25].iter().all(|e| e.line == 1));
    assert_eq!(p.entries[29].item.criterion.as_deref(), Some("craft"));
    assert_eq!(
        errors("+1×0 none\n+1×10001 many"),
        vec![
            "line 1: run count ×0 is not between 1 and 10000".to_string(),
            "line 2: run count ×10001 is not between 1 and 10000".to_string(),
        ]
    );
}

/// 100 lines of `+3×10000` with a 6 KB quotation once asked for gigabytes: the runs may copy
/// at most `MAX_RUN_BYTES` of item text, and the line that would pass it is an error where
/// reading stops.
#[test]
fn runs_copy_a_bounded_amount_of_text() {
    let quote = "q".repeat(6000);
    let text: String = (0..100)
        .map(|k| format!("+3×10000 \"{quote}\" {k}\n"))
        .collect();
    let p = parse(&text);
    let per_line = 9999 * (quote.len() as u64 + 5);
    let lines_read = (pickanumber_score::MAX_RUN_BYTES / per_line) as usize;
    assert_eq!(p.entries.len(), 10_000 * lines_read);
    assert_eq!(
        errors(&text),
        [format!("line {}: this line's run would take the text the runs copy past 8 MiB (each of a ×N line's N − 1 copies repeats its text and labels), the most one input may copy; reading stopped here: write fewer copies or a shorter text", lines_read + 1)]
    );
    // Short texts copy little: 100 runs of 10,000 copies of a one-word item are read.
    let many: String = (0..100).map(|k| format!("+1×10000 nit{k}\n")).collect();
    assert_eq!(parse(&many).entries.len(), 1_000_000);
    assert!(errors(&many).is_empty());
}

#[test]
fn bucket_headings_label_and_check_magnitudes() {
    let p = parse("## Working\n+3 fast\n## Confusing\n-5 unclear\n-2 vague\n## Other\n+1 plain");
    assert_eq!(
        p.errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
        vec!["line 4: impact −5 is not allowed under Confusing: use −1, −2, −3".to_string()]
    );
    let items = p.items();
    assert_eq!(items[0].bucket, Some(Bucket::Working));
    assert_eq!(items[1].bucket, Some(Bucket::Confusing));
    assert_eq!(items[1].impact, Impact::MinusTwo);
    assert_eq!(items[2].bucket, None);
}

#[test]
fn criterion_headings_and_weights() {
    let p = parse(
        "weights: craft=0.6, depth=0.4\n## Criterion: craft\n+3 tidy\n## Criterion: depth\n-1 thin",
    );
    assert_eq!(
        p.weights,
        vec![("craft".into(), 0.6), ("depth".into(), 0.4)]
    );
    let items = p.items();
    assert_eq!(items[0].criterion.as_deref(), Some("craft"));
    assert_eq!(items[1].criterion.as_deref(), Some("depth"));
    assert_eq!(
        errors("weights: craft=lots\nweights: depth"),
        vec![
            "line 1: weight for craft is not a number: \"lots\"".to_string(),
            "line 2: the weights are already given on line 1: give every weight on one weights: line".to_string(),
        ]
    );
    assert_eq!(
        errors("weights: depth"),
        vec![
            "line 1: weight \"depth\" has no '=': write weights: craft=0.3, depth=0.2".to_string()
        ]
    );
}
