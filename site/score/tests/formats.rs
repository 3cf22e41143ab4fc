//! Every input format and mode, with exact diagnostics (the report read back: the view
//! crate's `tests/report.rs`).

use pickanumber_score::{analyse, Mode, Preset, Request};
use pickanumber_score::{read, Format};
use pickanumber_score::{Bucket, Impact, Severity};

fn messages(text: &str) -> Vec<String> {
    read(text)
        .1
        .errors
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn json_array_reads_items_and_locates_errors() {
    let text = "[\n  {\"impact\": 3, \"text\": \"clear\", \"criterion\": \"craft\"},\n  {\"impact\": 4, \"text\": \"x\"},\n  {\"description\": \"no impact\"},\n  {\"impact\": -2, \"description\": \"d\", \"evidence\": \"file.rs:10\", \"perspective\": \"sme\", \"criterion\": \"depth\"}\n]";
    let (format, p) = read(text);
    assert_eq!(format, Format::Json);
    let items = p.items();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].criterion.as_deref(), Some("craft"));
    assert_eq!(items[1].text, "d — file.rs:10");
    assert_eq!(items[1].perspective.as_deref(), Some("sme"));
    assert_eq!(
        messages(text),
        vec![
            "line 3, column 3: item 2: impact 4 is not one of +5, +3, +2, +1, −1, −2, −3, −5",
            "line 4, column 3: item 3: \"impact\" is missing (one of +5, +3, +2, +1, −1, −2, −3, −5)",
        ]
    );
}

#[test]
fn broken_json_names_line_and_column() {
    assert_eq!(
        messages("[\n {\"impact\": 3,\n"),
        vec!["line 3, column 1: invalid JSON: expected a key in double quotes, found the end of the text"]
    );
}

#[test]
fn json_values_of_the_wrong_kind_are_named() {
    assert_eq!(
        messages("[\n  {\"impact\": 3, \"text\": 3},\n  [3, \"x\"],\n  {\"impact\": [1]},\n  {\"impact\": 3.5},\n  {\"impact\": \"+3\", \"impact\": \"-2\", \"criterion\": null}, 7\n]"),
        vec![
            "line 2, column 3: item 1: \"text\" must be a string, not a number",
            "line 3, column 3: item 2: an item must be an object with \"impact\", not a list",
            "line 4, column 3: item 3: \"impact\" must be a number, one of +5, +3, +2, +1, −1, −2, −3, −5, not a list",
            "line 5, column 3: item 4: impact 3.5 is not one of +5, +3, +2, +1, −1, −2, −3, −5",
            "line 6, column 56: item 6: an item must be an object with \"impact\", not a number",
        ]
    );
    let (_, p) = read("[{\"impact\": \"+3\", \"impact\": \"-2\", \"criterion\": null}]");
    assert_eq!(p.items()[0].impact, Impact::MinusTwo);
    assert_eq!(p.items()[0].criterion, None);
    assert_eq!(
        messages("[1] x"),
        vec!["line 1, column 5: invalid JSON: expected the end of the JSON value, found 'x'"]
    );
    assert_eq!(
        messages("{\"evidence\": [1]}"),
        vec!["line 1, column 14: \"evidence\" must be an object of buckets, not a list"]
    );
    assert_eq!(
        messages("{\"working\": {\"value\": 3},\n \"missing\": [{\"value\": -2, \"text\": false}, \"x\", {\"value\": -2, \"why\": 1}]}"),
        vec![
            "line 1, column 13: \"working\" must be a list of items",
            "line 2, column 14: missing item 1: \"text\" must be a string, not false",
            "line 2, column 44: missing item 2: an item must be an object with \"value\" and \"text\", not a string",
        ]
    );
    assert_eq!(
        pickanumber_score::read_as(Format::Json, "{\"working\": []}").errors[0].to_string(),
        "line 1, column 1: JSON items must be a list of objects or an object with \"items\""
    );
    assert_eq!(
        pickanumber_score::read_as(Format::FeedbackJson, " []").errors[0].to_string(),
        "line 1, column 1: feedback JSON must be an object of buckets"
    );
    let (_, p) = read("{\"working\": [], \"zeta\": 1, \"alpha\": 2, \"zeta\": 3}");
    assert_eq!(p.notes, vec!["JSON keys not used: alpha, zeta"]);
}

#[test]
fn feedback_json_with_and_without_wrapper() {
    let text = r#"{"evidence": {"working": [{"value": 3, "text": "fast"}], "confusing": [{"value": -5, "text": "x"}], "missing": [{"value": -2, "text": "docs"}], "extra": 1}}"#;
    let (format, p) = read(text);
    assert_eq!(format, Format::FeedbackJson);
    assert_eq!(p.entries.len(), 2);
    assert_eq!(p.entries[0].item.bucket, Some(Bucket::Working));
    assert_eq!(
        p.errors[0].message,
        "confusing item 1: value −5 is not allowed in confusing: use −1, −2, −3"
    );
    let a = analyse(text, &Request::default());
    assert_eq!(a.mode(), Mode::Feedback);
    let f = a.feedback().unwrap();
    assert_eq!(f.buckets[0].running.total_items, 1);
    assert_eq!(f.buckets[2].running.total_items, 2);
    assert_eq!(
        messages(r#"{"score": 3}"#),
        vec!["line 1, column 1: a JSON object needs \"items\" (a list of items) or the buckets working, not_working, missing, confusing (or an \"evidence\" object holding them)"]
    );
}

#[test]
fn spreadsheet_rows_need_an_impact_header() {
    let (format, p) = read(
        "text\tImpact\tcriterion\nclear docs\t+3\tcraft\n\"a, b\"\t-2\tdepth\nbad\t4\tdepth\n",
    );
    assert_eq!(format, Format::Spreadsheet);
    assert_eq!(p.entries.len(), 2);
    assert_eq!(p.entries[1].item.text, "a, b");
    assert_eq!(
        p.errors[0].to_string(),
        "line 4: impact 4 is not one of +5, +3, +2, +1, −1, −2, −3, −5"
    );
    // A plain line with a comma is never CSV.
    let (format, p) = read("+3 fast, clear and small\n-1 slow, sometimes");
    assert_eq!(format, Format::Lines);
    assert_eq!(p.entries.len(), 2);
}

#[test]
fn markdown_table_rows() {
    let (format, p) = read("| Impact | Criterion | Text |\n|---|---|---|\n| +3 | craft | tidy |\n| (−2) | depth | thin |\n");
    assert_eq!(format, Format::MarkdownTable);
    let items = p.items();
    assert_eq!(items.len(), 2);
    assert_eq!(items[1].impact, Impact::MinusTwo);
    assert_eq!(items[1].criterion.as_deref(), Some("depth"));
    let (_, p) = read("| +5 | a strong point |\n| -1 | a nit |");
    assert_eq!(p.items()[1].text, "a nit");
}

#[test]
fn matrix_mode_requires_criteria_and_warns() {
    let text = "(+3, craft) a\n+2 no label\n(+5, requester × craft) b";
    let a = analyse(
        text,
        &Request {
            preset: Some(Preset::Hackathon),
            ..Request::default()
        },
    );
    assert_eq!(a.mode(), Mode::Matrix);
    assert_eq!(
        a.messages(Severity::Error)[0],
        "line 2: in matrix mode every item needs a criterion: write (+3, craft) or put it under ## Criterion: craft"
    );
    let m = a.matrix().unwrap().result.as_ref().unwrap();
    assert_eq!(m.criteria.len(), 5);
    let warnings = a.messages(Severity::Warning);
    assert!(warnings.contains(&"criterion problem_fit has no items: it scores 50 with confidence 0 and still counts in the overall score and the span".to_string()));
    assert!(warnings.contains(
        &"perspective × criterion cells with fewer than 3 items (aim for at least 3): requester × craft (1)".to_string()
    ));
}

#[test]
fn weights_errors_and_normalisation() {
    let a = analyse(
        "weights: craft=0.6, depth=0\n(+3, craft) a\n(-1, depth) b",
        &Request::default(),
    );
    assert_eq!(
        a.messages(Severity::Error),
        vec!["weights must be greater than 0: check depth"]
    );
    assert_eq!(a.headline(), None);
    assert!(a.has_errors());
    let a = analyse(
        "weights: craft=1, depth=1\n(+3, craft) a\n(-1, depth) b",
        &Request::default(),
    );
    assert!(a
        .messages(Severity::Warning)
        .contains(&"weights sum to 2, not 1: each was divided by the sum".to_string()));
    let a = analyse(
        "weights: craft=1\n(+3, craft) a\n(-1, depth) b",
        &Request::default(),
    );
    assert_eq!(
        a.messages(Severity::Error),
        vec!["weights are given for some criteria only: add a weight for depth"]
    );
}

#[test]
fn saturation_is_explained() {
    let a = analyse("+5 a\n+5 b\n+5 c\n+5 d", &Request::default());
    assert_eq!(
        a.messages(Severity::Note),
        vec!["raw score of the pool is clamped at 100: until confidence is full, more items raise the multiplier, so even contrary evidence can move the final further from 50"]
    );
}

#[test]
fn feedback_mode_needs_buckets() {
    let a = analyse(
        "+3 loose\n## Working\n+2 ok",
        &Request {
            mode: Mode::Feedback,
            ..Request::default()
        },
    );
    assert_eq!(
        a.messages(Severity::Error)[0],
        "line 1: in feedback mode every item needs a bucket: put it under ## Working, ## Not working, ## Missing or ## Confusing"
    );
    assert_eq!(a.pool().total_items, 1);
}

#[test]
fn weights_that_cannot_be_read_exactly_are_refused() {
    assert_eq!(
        pickanumber_score::parse_weights("craft=0.12345678901234567, depth=1").unwrap_err(),
        "weight for craft \"0.12345678901234567\" cannot be read exactly: write at most 15 significant digits and a power of ten from -22 to 22, like 0.35 or 2e5"
    );
    assert_eq!(
        pickanumber_score::parse_weights("craft=inf").unwrap_err(),
        "weight for craft is not a number: \"inf\""
    );
    let w = pickanumber_score::parse_weights("a=-1, b=0, c=+2.50, d=.5").unwrap();
    assert_eq!(
        w.iter().map(|(_, x)| *x).collect::<Vec<_>>(),
        vec![-1.0, 0.0, 2.5, 0.5]
    );
}

/// A weight written with a decimal comma is told to use a decimal point, wherever weights are
/// read: a weights string (where the comma splits it), a `weights:` line and JSON weights.
#[test]
fn a_decimal_comma_in_a_weight_says_use_a_decimal_point() {
    assert_eq!(
        pickanumber_score::parse_weights("craft=0,2, depth=0,8").unwrap_err(),
        "weight for craft: use a decimal point: 0.2, not 0,2 (a comma separates the weights)"
    );
    assert_eq!(
        pickanumber_score::parse_weights("craft=0.4, depth=0,6").unwrap_err(),
        "weight for depth: use a decimal point: 0.6, not 0,6 (a comma separates the weights)"
    );
    let a = pickanumber_score::analyse(
        "weights: craft=1,5, depth=1\n(+3, craft) a\n",
        &Request::default(),
    );
    assert_eq!(
        a.messages(Severity::Error)[0],
        "line 1: weight for craft: use a decimal point: 1.5, not 1,5 (a comma separates the weights)"
    );
    let a = pickanumber_score::analyse(
        r#"{"items": [{"impact": 3, "criterion": "craft"}], "weights": {"craft": "0,2"}}"#,
        &Request::default(),
    );
    assert_eq!(
        a.messages(Severity::Error)[0],
        "line 1, column 71: weight for craft must be a number: use a decimal point: 0.2, not 0,2"
    );
}

#[test]
fn cell_warnings_come_in_cell_order() {
    let a = analyse(
        "(+3, b × x) one\n(+3, a × y) two\n(+3, a × x) three\n(+3, b × x) four",
        &Request::default(),
    );
    let cells: Vec<String> = a
        .messages(Severity::Warning)
        .into_iter()
        .filter(|m| m.starts_with("perspective × criterion cells"))
        .collect();
    assert_eq!(
        cells,
        vec![
            "perspective × criterion cells with fewer than 3 items (aim for at least 3): a × x (1), a × y (1), b × x (2)",
        ]
    );
}

#[test]
fn diagnostics_are_in_line_order_whatever_the_bucket_order() {
    let a = analyse(
        "{\"confusing\": [{\"value\": 3}],\n \"working\": [{\"value\": -2}],\n \"missing\": [{\"value\": 1}, {\"value\": -2}, {\"value\": 2}]}",
        &Request::default(),
    );
    assert_eq!(
        a.messages(Severity::Error),
        vec![
            "line 1, column 16: confusing item 1: value +3 is not allowed in confusing: use −1, −2, −3",
            "line 2, column 14: working item 1: value −2 is not allowed in working: use +1, +2, +3, +5",
            "line 3, column 14: missing item 1: value +1 is not allowed in missing: use −1, −2, −3, −5",
            "line 3, column 43: missing item 3: value +2 is not allowed in missing: use −1, −2, −3, −5",
        ]
    );
}
