//! Text shaped the way judge models write it: fenced answers, structured-output
//! objects, emphasis round impacts, byte-order marks, reports of the evidence-scoring skill;
//! and the rule that text from which nothing was read gets no score.

use pickanumber_score::{analyse, read, Format, Kind, Mode, Request, Severity, MAX_ITEMS};

fn errors(text: &str, request: &Request) -> Vec<String> {
    analyse(text, request).messages(Severity::Error)
}

#[test]
fn a_json_answer_in_a_fence_is_read_with_the_lines_of_the_whole_text() {
    let text = "Here are the items:\n\n```json\n[\n  {\"impact\": 3, \"text\": \"tests pass\"},\n  {\"impact\": -5, \"text\": \"data loss\"}\n]\n```\n\nLet me know if you need more.";
    let a = analyse(text, &Request::default());
    assert_eq!(a.format, Format::Json);
    let lines: Vec<usize> = a.entries.iter().map(|e| e.line).collect();
    assert_eq!(lines, [5, 6]);
    assert_eq!(a.pool().net_impact, -2);
    assert_eq!(a.ignored, [1, 10]);
    assert_eq!(
        a.messages(Severity::Note),
        [
            "read the fenced block on lines 4–7 as JSON items",
            "ignored (not an item): lines 1, 10"
        ]
    );
    // A syntax error inside the fence is placed in the whole text.
    assert_eq!(
        errors("prose\n~~~\n[{\"impact\": 3,}]\n~~~", &Request::default())[1],
        "line 3, column 15: invalid JSON: expected a key in double quotes, found '}'"
    );
}

#[test]
fn item_lines_in_an_unclosed_fence_and_items_outside_it_are_read() {
    let (format, p) = read("+1 before\n```\n+3 inside\n**+2** also");
    assert_eq!(format, Format::Lines);
    let lines: Vec<usize> = p.entries.iter().map(|e| e.line).collect();
    assert_eq!(lines, [1, 3, 4]);
}

#[test]
fn a_structured_output_object_is_read_as_items_with_its_weights() {
    let text = r#"{"items": [{"text": "every endpoint tested", "evidence": "tests/api.rs:12", "impact": 5, "criterion": "craft", "perspective": "sme"}, {"text": "thin docs", "evidence": "README", "impact": -2, "criterion": "depth", "perspective": "end_user"}], "weights": {"craft": 0.6, "depth": 0.4}, "summary": "ok"}"#;
    let a = analyse(text, &Request::default());
    assert_eq!(a.format, Format::Json);
    assert_eq!(a.mode(), Mode::Matrix);
    assert_eq!(a.items()[0].text, "every endpoint tested — tests/api.rs:12");
    let m = a.matrix().unwrap();
    assert_eq!(
        m.weights,
        [("craft".to_string(), 0.6), ("depth".to_string(), 0.4)]
    );
    assert_eq!(a.messages(Severity::Note), ["JSON keys not used: summary"]);
    assert_eq!(
        errors(r#"{"items": {"impact": 3}}"#, &Request::default())[1],
        "line 1, column 11: \"items\" must be a list of objects, not an object"
    );
    assert_eq!(
        errors(
            r#"{"items": [], "weights": {"craft": "lots"}}"#,
            &Request::default()
        )[1],
        "line 1, column 36: weight for craft must be a number, not a string"
    );
    assert_eq!(
        errors(r#"{"items": [], "working": []}"#, &Request::default())[1],
        "line 1, column 1: a JSON object has either \"items\" or the buckets working, not_working, missing, confusing, not both"
    );
}

#[test]
fn a_byte_order_mark_is_skipped_in_every_format() {
    for text in [
        "\u{feff}+3 a\n-1 b",
        "\u{feff}[{\"impact\": 3}, {\"impact\": -1}]",
        "\u{feff}{\"working\": [{\"value\": 3, \"text\": \"a\"}], \"missing\": [{\"value\": -1, \"text\": \"b\"}]}",
        "\u{feff}text,impact\na,+3\nb,-1",
    ] {
        let a = analyse(text, &Request::default());
        assert!(!a.has_errors(), "{text:?}: {:?}", a.diagnostics);
        assert_eq!((a.pool().net_impact, a.pool().total_items), (2, 2), "{text:?}");
    }
}

#[test]
fn json_numbers_equal_to_an_impact_are_that_impact_as_python_reads_them() {
    let (_, p) = read(r#"[{"impact": 3.0}, {"impact": 5E0}, {"impact": -2.00}, {"impact": "+1"}]"#);
    let values: Vec<i64> = p.items().iter().map(|i| i.impact.value()).collect();
    assert_eq!(values, [3, 5, -2, 1]);
    let (_, p) = read(r#"{"working": [{"value": 3.0, "text": "a"}, {"value": 5e0, "text": "b"}]}"#);
    assert_eq!(p.entries.len(), 2);
}

#[test]
fn bucket_values_must_be_numbers_as_in_score_py() {
    let text = r#"{"working": [{"value": "3", "text": "quoted"}, {"value": true, "text": "yes"}]}"#;
    assert_eq!(
        errors(text, &Request::default()),
        [
            "no items read: every line that starts like an item has an error; there is no score",
            "line 1, column 14: working item 1: \"value\" must be a number, one of +5, +3, +2, +1, −1, −2, −3, −5, not a string (\"3\")",
            "line 1, column 48: working item 2: \"value\" must be a number, one of +5, +3, +2, +1, −1, −2, −3, −5, not true",
        ]
    );
}

#[test]
fn text_with_no_item_has_no_score() {
    for (text, why) in [
        ("I'd give it 7/10.", "the text is not JSON (it starts with neither [ nor {), has no table or rows with an impact column, and no line starts with a signed impact, as in +3 the tests pass"),
        ("hello", "the text is not JSON (it starts with neither [ nor {), has no table or rows with an impact column, and no line starts with a signed impact, as in +3 the tests pass"),
        ("   \n\n", "the input is empty"),
        ("null", "the text is not JSON (it starts with neither [ nor {), has no table or rows with an impact column, and no line starts with a signed impact, as in +3 the tests pass"),
        ("+4 not in the set", "every line that starts like an item has an error"),
        ("text,impact\n", "the spreadsheet rows holds no item"),
    ] {
        let a = analyse(text, &Request::default());
        assert_eq!(a.headline(), None, "{text:?}");
        assert!(!a.scored, "{text:?}");
        let nothing: Vec<_> = a.diagnostics.iter().filter(|d| d.kind == Kind::NothingRead).collect();
        assert_eq!(nothing.len(), 1, "{text:?}");
        assert_eq!(nothing[0].message, format!("no items read: {why}; there is no score"));
    }
}

#[test]
fn an_explicitly_empty_structure_scores_the_centre_and_says_why() {
    for text in [
        "[]",
        "```json\n[]\n```",
        r#"{"items": []}"#,
        r#"{"working": [], "not_working": [], "missing": [], "confusing": []}"#,
    ] {
        let a = analyse(text, &Request::default());
        let h = a
            .headline()
            .unwrap_or_else(|| panic!("{text:?}: {:?}", a.diagnostics));
        assert_eq!((h.score, h.confidence), (50.0, 0.0), "{text:?}");
        assert!(
            a.messages(Severity::Note).contains(&"the input is an empty list of items: with no evidence the score is the centre, 50, with confidence 0".to_string()),
            "{text:?}"
        );
    }
}

#[test]
fn bold_impacts_are_all_read() {
    // Every one of the four bold impacts is an item.
    let a = analyse(
        "- **+3** clear module boundaries\n- **+2** tests for the parser\n- **+1** tidy names\n- **−5** data loss on retry",
        &Request::default(),
    );
    assert_eq!(a.pool().total_items, 4);
    assert_eq!(a.pool().net_impact, 1);
}

#[test]
fn strict_reading_makes_every_ignored_line_an_error() {
    let request = Request {
        strict: true,
        ..Request::default()
    };
    assert_eq!(
        errors("+3 a\nsome prose\n# heading\n\n-1 b", &request),
        ["line 2: not an item, a heading or a weights line, and strict reading allows no other line: write it as an item (+3 text) or remove it"]
    );
}

#[test]
fn the_item_cap_is_checked_before_runs_are_expanded() {
    assert_eq!(MAX_ITEMS, 1_000_000);
    let text = "+5×10000 x\n".repeat(101);
    let (_, p) = read(&text);
    assert_eq!(p.entries.len(), MAX_ITEMS);
    assert_eq!(
        p.errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["line 101: the input holds more than 1,000,000 items, the most one input may hold; reading stopped here"]
    );
    // 10,000 lines of the largest run ask for 100 million items: refused at line 101, so the
    // memory used is bounded by the cap, not by what the text asks for.
    let (_, p) = read(&"+5×10000 x\n".repeat(10_000));
    assert_eq!(p.entries.len(), MAX_ITEMS);
    assert_eq!(p.errors.len(), 1);
}

#[test]
fn an_evidence_scoring_report_is_read_and_its_arithmetic_checked() {
    let report = "\
# The new homepage hero — Evidence Scoring report
**Final: 74/100** — confidence 0.05, self-check pass
## Per criterion
| criterion | final | conf | net | items | weight |
|---|---|---|---|---|---|
| craft | 81 | 0.05 | +5 | 1 | 0.60 |
| depth | 40 | 0.05 | -3 | 1 | 0.40 |
## Top items
- (+5, requester × craft) — every endpoint has a test, tests/api.rs:12
- (-3, adversary × depth) — the retry path is untested, src/upload.rs:40
## Math (show your work)
- craft: net +5, items 1 → normalized +5.00 → raw 90.0, density 0.05 → multiplier 0.76 → final 81
## Why this score
The craft is strong; depth is thin.
";
    let a = analyse(report, &Request::default());
    assert_eq!(a.mode(), Mode::Matrix);
    let m = a.matrix().unwrap();
    assert_eq!(
        m.weights,
        [("craft".to_string(), 0.6), ("depth".to_string(), 0.4)]
    );
    assert_eq!(a.pool().total_items, 2);
    // −3 from one item: raw 26, × 0.7625 → 31.7 → 32; the report typed 40.
    assert_eq!(
        a.messages(Severity::Warning),
        [
            "line 7: the report gives depth a final of 40, but net -3 over 1 item scores 32 by the formula",
            "perspective × criterion cells with fewer than 3 items (aim for at least 3): adversary × depth (1), requester × craft (1)",
        ]
    );
    assert_eq!(a.ignored, [2, 12, 14]);
}

/// With nothing left to score, nothing is said about a score: no empty criteria at 50, no
/// self-check over a span of 0.
#[test]
fn no_warnings_about_a_score_that_is_not_there() {
    let a = analyse(
        "+1 unlabelled\n",
        &Request {
            preset: Some(pickanumber_score::Preset::Generic),
            ..Request::default()
        },
    );
    assert!(!a.scored);
    assert_eq!(a.messages(Severity::Warning), Vec::<String>::new());
}
