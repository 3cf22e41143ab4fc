//! `pickanumber combine` and `pickanumber compare`, and the `interval` that `score`
//! prints: exact JSON values and exit codes.

mod common;

use common::{assert_fails, json, pick, run, stderr};
use serde_json::json;
use std::path::Path;

const CLAUDE: &str = "\
(+3, requester × craft) every endpoint has a test
(+2, craft) clear module boundaries
(-2, depth) the cache is never invalidated
(+1, fit) solves the stated problem
";
const GPT: &str = "\
(+2, requester × craft) Every endpoint has a test.
(-3, craft) two modules share a global
(-1, depth) the cache is never invalidated
(+2, fit) solves the stated problem
";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

#[test]
fn score_prints_the_interval_of_the_headline() {
    // +3 +2 −1 +1: final 66; 1,000 resamples of the four items, the middle 90 %.
    let v = json(&run(&["score"], "+3 a\n+2 b\n-1 c\n+1 d\n"));
    assert_eq!(v["final"], 66);
    assert_eq!(v["interval"], json!([50, 82]));
    // The same items in another order: the same interval (seeded from the items' impacts).
    let again = json(&run(&["score"], "+1 d\n-1 c\n+2 b\n+3 a\n"));
    assert_eq!(again["interval"], v["interval"]);
}

#[test]
fn combine_two_files_prints_passes_spread_disagreements_alpha_and_duplicates() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (
        write(dir.path(), "claude.txt", CLAUDE),
        write(dir.path(), "gpt.txt", GPT),
    );
    let out = run(&["combine", &a, &b], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["mode"], "matrix");
    assert_eq!(v["final"], 51);
    assert_eq!(v["interval"], json!([45, 57]));
    let passes: Vec<(&str, i64, f64)> = v["passes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap(),
                p["final"].as_i64().unwrap(),
                p["confidence"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(passes, [("claude", 55, 0.05), ("gpt", 51, 0.05)]);
    assert_eq!(
        v["disagreements"],
        json!([{"criterion": "craft", "perspective": null, "passes": [{"name": "claude", "net": 2}, {"name": "gpt", "net": -3}]}])
    );
    assert_eq!(
        v["spread"][1],
        json!({"criterion": "craft", "lowest": 46, "highest": 72, "spread": 26, "passes": 2})
    );
    assert_eq!(v["alpha_level"], "unreliable");
    assert_eq!(v["duplicates"].as_array().unwrap().len(), 3);
    // Each pass's final is what `score` gives its file in the combined mode.
    for (file, k) in [(&a, 0), (&b, 1)] {
        let alone = json(&run(&["score", "--mode", "matrix", file], ""));
        assert_eq!(v["passes"][k]["final"], alone["final"]);
        assert_eq!(v["passes"][k]["interval"], alone["interval"]);
    }
}

#[test]
fn one_file_with_pass_headings_is_the_same_combination() {
    let dir = tempfile::tempdir().unwrap();
    let both = write(
        dir.path(),
        "both.md",
        &format!("Review of PR 412\n## Pass: claude\n{CLAUDE}## Pass: gpt\n{GPT}"),
    );
    let (a, b) = (
        write(dir.path(), "x.txt", CLAUDE),
        write(dir.path(), "y.txt", GPT),
    );
    let headed = json(&run(&["combine", &both], ""));
    let named = json(&run(
        &["combine", &format!("claude={a}"), &format!("gpt={b}")],
        "",
    ));
    for key in ["final", "interval", "spread", "disagreements", "alpha"] {
        assert_eq!(headed[key], named[key], "{key}");
    }
    assert_eq!(headed["passes"][1]["line"], 7);
    assert_eq!(headed["ignored"], json!([1]));
    // `score` reads the headings too.
    let scored = json(&pick(&["score", &both]).output());
    assert_eq!(scored["final"], headed["final"]);
}

#[test]
fn heading_errors_exit_1_with_their_lines() {
    let out = run(
        &["score"],
        "+2 whose is this\n## Pass:\n+3 a\n## Pass: claude\n+1 b\n## Pass: claude\n-1 c\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        json(&out)["errors"],
        json!([
            {"kind": "pass", "severity": "error", "line": 1, "message": "an item before the first ## Pass: heading belongs to no judge: move it under a pass"},
            {"kind": "pass", "severity": "error", "line": 2, "message": "a ## Pass: heading needs the judge's name, as in ## Pass: claude; the items under it are not scored"},
            {"kind": "pass", "severity": "error", "line": 6, "message": "pass \"claude\" is already named on line 4: give each pass its own name; the items under this heading are not scored"},
        ])
    );
}

#[test]
fn two_passes_with_one_name_or_headings_beside_files_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("b")).unwrap();
    let a = write(dir.path(), "claude.txt", CLAUDE);
    let b = write(&dir.path().join("b"), "claude.txt", GPT);
    let out = run(&["combine", &a, &b], "");
    assert_fails(
        &out,
        2,
        &format!(
            "pickanumber: two passes are named claude ({a} and {b}): name them with NAME=FILE\n"
        ),
    );
    let h = write(dir.path(), "h.md", "## Pass: x\n+1 a\n");
    let out = run(&["combine", &a, &h], "");
    assert_fails(
        &out,
        2,
        "pickanumber: pass h holds ## Pass: headings: give a file with headings alone, or one pass per file\n",
    );
}

#[test]
fn the_gate_works_on_combine() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (
        write(dir.path(), "claude.txt", CLAUDE),
        write(dir.path(), "gpt.txt", GPT),
    );
    let out = run(&["combine", "--fail-under", "60", &a, &b], "");
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        json(&out)["gate"]["misses"],
        json!(["overall 51 is under 60 (--fail-under)"])
    );
    let out = run(&["combine", "--fail-under", "50", &a, &b], "");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn compare_gives_the_change_and_whether_the_intervals_overlap() {
    let dir = tempfile::tempdir().unwrap();
    let before = write(dir.path(), "before.txt", CLAUDE);
    let after = write(
        dir.path(),
        "after.txt",
        &CLAUDE.replace("(-2, depth)", "(+3, depth)"),
    );
    let out = run(&["compare", &before, &after], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    let b = json(&run(&["score", &before], ""));
    let a = json(&run(&["score", &after], ""));
    assert_eq!(v["before"]["final"], b["final"]);
    assert_eq!(v["after"]["final"], a["final"]);
    assert_eq!(
        v["change"].as_i64().unwrap(),
        a["final"].as_i64().unwrap() - b["final"].as_i64().unwrap()
    );
    assert_eq!(
        v["criteria"][1],
        json!({"name": "depth", "before": 38, "after": 68, "change": 30})
    );
    assert_eq!(v["criteria"][0]["change"], 0);
    // Saved results compare the same as the inputs.
    let (rb, ra) = (
        write(dir.path(), "b.json", &b.to_string()),
        write(dir.path(), "a.json", &a.to_string()),
    );
    assert_eq!(json(&run(&["compare", &rb, &ra], "")), v);
    let i = |x: &serde_json::Value, k: usize| x["interval"][k].as_f64().unwrap();
    let overlap = i(&b, 0) <= i(&a, 1) && i(&a, 0) <= i(&b, 1);
    assert_eq!(v["intervals_overlap"], overlap);
    // A result without an interval (an older one): overlap unknown.
    let mut old = b.clone();
    old.as_object_mut().unwrap().remove("interval");
    let ro = write(dir.path(), "old.json", &old.to_string());
    assert_eq!(
        json(&run(&["compare", &ro, &ra], ""))["intervals_overlap"],
        json!(null)
    );
}

#[test]
fn compare_exits_1_when_a_side_has_errors_and_2_for_a_broken_result() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.txt", "+3 a\n");
    let bad = write(dir.path(), "bad.txt", "+4 a\n");
    let out = run(&["compare", &good, &bad], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json(&out)["after"]["final"], json!(null));
    assert_eq!(json(&out)["change"], json!(null));
    let broken = write(
        dir.path(),
        "r.json",
        r#"{"mode": "pooled", "final": "high", "errors": []}"#,
    );
    let out = run(&["compare", &good, &broken], "");
    assert_fails(
        &out,
        2,
        &format!("pickanumber: {broken}: a result's final must be a number or null and its errors a list\n"),
    );
}

#[test]
fn compare_refuses_a_result_of_another_contract_and_reads_one_without_a_version() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.txt", "+3 a\n");
    for (result, why) in [
        (
            r#"{"schema_version": 2, "mode": "pooled", "final": 60, "errors": []}"#,
            "a result's schema_version must be 1, the version this pickanumber reads, not 2",
        ),
        (
            r#"{"mode": "auto", "final": 60, "errors": []}"#,
            "a result's mode must be one of pooled, matrix, feedback, not \"auto\"",
        ),
        (
            r#"{"mode": "pooled", "final": 60, "interval": [55], "errors": []}"#,
            "a result's interval must be null or [low, high], two numbers, not [55]",
        ),
    ] {
        let path = write(dir.path(), "r.json", result);
        assert_fails(
            &run(&["compare", &good, &path], ""),
            2,
            &format!("pickanumber: {path}: {why}\n"),
        );
    }
    // A result printed before the contract had versions is read as it is.
    let old = write(
        dir.path(),
        "old.json",
        r#"{"mode": "pooled", "final": 60, "confidence": 0.1, "interval": [52, 66], "errors": [], "warnings": ["a sentence"]}"#,
    );
    let out = run(&["compare", &old, &good], "");
    let v = json(&out);
    assert_eq!(v["schema_version"], 1);
    assert_eq!(
        v["before"],
        json!({"mode": "pooled", "final": 60, "confidence": 0.1, "interval": [52, 66], "card": null})
    );
    // It has no card: named, never taken for the same judge.
    assert_eq!(v["cards"]["same"], false);
    assert_eq!(
        common::stderr(&out),
        "pickanumber: warning: before: the result has no card (made by another tool, or before results had cards); the two judges cannot be shown to be the same\n"
    );
}

#[test]
fn combine_report_leads_with_the_headline_interval_and_a_row_per_pass() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (
        write(dir.path(), "claude.txt", CLAUDE),
        write(dir.path(), "gpt.txt", GPT),
    );
    let out = run(&["combine", "--report", &a, &b], "");
    assert_eq!(out.status.code(), Some(0));
    let text = common::stdout(&out);
    assert!(text.starts_with("# Evidence score\n\n**Overall 51 / 100**, confidence 0.05 (matrix mode, 5 items, read as item lines).\n\nBootstrap interval (90 %): 45 to 57, from 1000 resamples of the items.\n\n## Passes\n\n| Pass | Final | Confidence | Interval | Items |\n|---|---|---|---|---|\n| claude | 55 | 0.05 | 54 to 57 | 4 |\n| gpt | 51 | 0.05 | 43 to 58 | 4 |\n"), "{text}");
    assert!(text.contains("\n| craft | 46 | 72 | 26 | 2 |\n"), "{text}");
    assert!(
        text.contains("\n* cell craft: claude +2, gpt -3\n"),
        "{text}"
    );
}
