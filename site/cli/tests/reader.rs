//! `pickanumber score` on output shaped the way judge models write it: the exact JSON and
//! exit status for each shape the reader must fail closed on, and score.py parity.

mod common;

use common::{json, run, stderr};
use serde_json::json;

/// Text from which no item was read: final, final_unrounded and confidence are null, one
/// error says what was tried, and the exit status is 1.
#[test]
fn nothing_read_is_null_and_exit_1() {
    let tried = "no items read: the text is not JSON (it starts with neither [ nor {), has no table or rows with an impact column, and no line starts with a signed impact, as in +3 the tests pass; there is no score";
    for (text, message, ignored) in [
        ("I'd give it 7/10.\n", tried, json!([1])),
        ("hello\n", tried, json!([1])),
        ("null\n", tried, json!([1])),
        (
            "",
            "no items read: the input is empty; there is no score",
            json!([]),
        ),
    ] {
        let out = run(&["score"], text);
        assert_eq!(out.status.code(), Some(1), "{text:?}");
        // The card (what produced the result) is tested in card.rs.
        let mut printed = json(&out);
        printed.as_object_mut().unwrap().remove("card");
        assert_eq!(
            printed,
            json!({
                "schema_version": 1,
                "mode": "pooled",
                "format": "lines",
                "final": null,
                "final_unrounded": null,
                "confidence": null,
                "total_items": 0,
                "interval": null,
                "errors": [{"kind": "nothing_read", "severity": "error", "message": message}],
                "ignored": ignored,
                "warnings": [],
                "notes": if ignored == json!([1]) { json!([{"kind": "ignored", "severity": "note", "message": "ignored (not an item): line 1"}]) } else { json!([]) },
            }),
            "{text:?}"
        );
    }
}

#[test]
fn an_explicitly_empty_list_scores_50_and_says_why() {
    for text in ["[]", "{\"items\": []}"] {
        let out = run(&["score"], text);
        assert_eq!(out.status.code(), Some(0), "{text}");
        let v = json(&out);
        assert_eq!(
            (v["final"].clone(), v["confidence"].clone()),
            (json!(50), json!(0.0))
        );
        assert_eq!(
            v["notes"],
            json!([{"kind": "empty_input", "severity": "note", "message": "the input is an empty list of items: with no evidence the score is the centre, 50, with confidence 0"}])
        );
    }
}

#[test]
fn a_fenced_json_answer_is_scored() {
    let text = "Here is my evaluation.\n\n```json\n[\n  {\"impact\": 3, \"text\": \"clear module boundaries\"},\n  {\"impact\": -2, \"text\": \"no retry on upload\"}\n]\n```\n";
    let out = run(&["score"], text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["format"], "json");
    assert_eq!(
        (v["net_impact"].clone(), v["total_items"].clone()),
        (json!(1), json!(2))
    );
    assert_eq!(
        v["notes"],
        json!([
            {"kind": "fenced", "severity": "note", "message": "read the fenced block on lines 4–7 as JSON items"},
            {"kind": "ignored", "severity": "note", "message": "ignored (not an item): line 1"}
        ])
    );
}

#[test]
fn bold_impacts_and_unsigned_prose() {
    let v = json(&run(
        &["score"],
        "- **+3** clear module boundaries\n- **+2** parser tests\n- **+1** tidy names\n- **−5** data loss on retry\n",
    ));
    assert_eq!(
        (v["total_items"].clone(), v["net_impact"].clone()),
        (json!(4), json!(1))
    );
    let out = run(
        &["score"],
        "+3 tidy\n2 tests fail on CI and must be fixed.\n3 blockers remain\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["total_items"], 1);
    let lines: Vec<i64> = v["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["line"].as_i64().unwrap())
        .collect();
    assert_eq!(lines, [2, 3]);
    assert!(v["errors"][0]["message"]
        .as_str()
        .unwrap()
        .starts_with("the line starts with the unsigned number 2: write an impact with its sign"));
}

#[test]
fn a_structured_output_object_is_scored_in_matrix_mode() {
    let text = r#"{"items": [{"text": "tests for every endpoint", "evidence": "tests/api.rs", "impact": 5, "criterion": "craft", "perspective": "sme"}, {"text": "shallow", "evidence": "README", "impact": -1, "criterion": "depth", "perspective": "sme"}], "weights": {"craft": 0.6, "depth": 0.4}}"#;
    let out = run(&["score"], text);
    let v = json(&out);
    assert_eq!(v["mode"], "matrix");
    assert_eq!(v["criteria"][0]["weight"], 0.6);
    // craft +5: 81; depth −1: raw 42, × 0.7625 → 43.9 → 44; 0.6 × 81 + 0.4 × 44 = 66.2 → 66.
    assert_eq!(v["final"], 66);
}

#[test]
fn strict_makes_ignored_lines_errors() {
    let out = run(&["score", "--strict"], "+3 a\nsome prose\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        json(&out)["errors"],
        json!([{"kind": "strict", "severity": "error", "line": 2, "message": "not an item, a heading or a weights line, and strict reading allows no other line: write it as an item (+3 text) or remove it"}])
    );
    assert_eq!(run(&["score"], "+3 a\nsome prose\n").status.code(), Some(0));
}

#[test]
fn the_item_cap_is_an_exact_error() {
    let text = "+5×10000 x\n".repeat(10_000);
    let out = run(&["score"], &text);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["total_items"], 1_000_000);
    assert_eq!(
        v["errors"],
        json!([{"kind": "item", "severity": "error", "line": 101, "message": "the input holds more than 1,000,000 items, the most one input may hold; reading stopped here"}])
    );
}

/// score.py parity (instruments.md §1): a BOM is skipped, a number equal to an allowed
/// integer is that integer, a string or a boolean value is an error naming the item.
#[test]
fn score_py_parity_at_the_edges() {
    let evidence = "\u{feff}{\"working\": [{\"value\": 3.0, \"text\": \"fast\"}, {\"value\": 5E0, \"text\": \"clear\"}]}";
    let out = run(&["score", "--compat", "score-py"], evidence);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(
        (v["net_impact"].clone(), v["total_items"].clone()),
        (json!(8), json!(2))
    );
    for (value, what) in [("\"3\"", "a string (\"3\")"), ("true", "true")] {
        let text = format!("{{\"working\": [{{\"value\": {value}, \"text\": \"x\"}}]}}");
        let out = run(&["score", "--compat", "score-py"], &text);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            stderr(&out),
            format!("pickanumber: error: working item 1 (\"x\"): \"value\" must be a number, one of +5, +3, +2, +1, −1, −2, −3, −5, not {what}; allowed in working: +1, +2, +3, +5\n")
        );
    }
}

/// Items ended by lone carriage returns are three items, even read strictly: the reproduction
/// `printf '+3 a\r+2 b\r-5 c\r' | pickanumber score` once read one +3 item and exited 0.
#[test]
fn items_ended_by_carriage_returns_are_three_items() {
    for args in [&["score"][..], &["score", "--strict"]] {
        let out = run(args, "+3 a\r+2 b\r-5 c\r");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        let v = json(&out);
        assert_eq!(
            (v["total_items"].clone(), v["net_impact"].clone()),
            (json!(3), json!(0)),
            "{args:?}"
        );
        assert_eq!(v["final"], json!(50), "{args:?}");
    }
    // An error names the line the carriage returns end.
    let out = run(&["score"], "+3 a\r+4 b\r-5 c\r");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        json(&out)["errors"],
        json!([{"kind": "item", "severity": "error", "line": 2, "message": "impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5"}])
    );
}
