//! `pickanumber rubric check|prompt|schema` and `pickanumber score --rubric|--denominator|
//! --scale` as a user runs them.

mod common;

use common::{assert_exit_2, assert_fails, json, pick, run, stderr, stdout};
use serde_json::json;
use std::path::{Path, PathBuf};

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/fixtures/rubrics/{name}.toml"))
        .to_string_lossy()
        .into_owned()
}

/// The rubric crate's own prompt or schema of an example (its snapshots fix their text).
fn generated(name: &str, what: &str) -> String {
    let text = std::fs::read_to_string(example(name)).unwrap();
    let rubric = pickanumber_rubric::Rubric::parse(&text).unwrap();
    match what {
        "prompt" => rubric.prompt(),
        _ => rubric.schema(),
    }
}

/// A temporary file named `name` holding `text`; the folder goes when the value is dropped.
fn temp(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// A judge's output that the matrix example's schema accepts, as the item list (the reader's
/// JSON item format) and as the schema's `{"items": […]}` object.
fn matrix_items() -> serde_json::Value {
    let item = |p: &str, c: &str, impact: i64| json!({"perspective": p, "criterion": c, "text": "seen", "evidence": "src/api.rs:12", "impact": impact});
    json!([
        item("requester", "craft", 5),
        item("sme", "craft", 3),
        item("adversary", "craft", -5),
        item("end_user", "depth", 2),
        item("production", "depth", 1),
        item("requester", "depth", -1),
        item("sme", "depth", -2),
        item("adversary", "depth", -3),
    ])
}

#[test]
fn check_prints_a_summary() {
    let out = run(&["rubric", "check", &example("pull-request")], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "{}: a matrix rubric for \"pull request #412\": criteria craft (0.6), depth (0.4); 5 perspectives; 2 traps; denominator 20, scale 8\n",
            example("pull-request")
        )
    );
    assert_eq!(stderr(&out), "");
}

#[test]
fn check_notes_weights_that_do_not_sum_to_one() {
    let (_dir, path) = temp(
        "sum.toml",
        "subject = \"x\"\nmode = \"matrix\"\n[[criteria]]\nname = \"a\"\nweight = 3\nplus5 = \"p\"\nminus5 = \"m\"\n",
    );
    let out = run(&["rubric", "check", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stderr(&out),
        "pickanumber: note: the weights sum to 3, not 1: scoring divides each by the sum\n"
    );
}

#[test]
fn prompt_and_schema_are_the_generators_output() {
    for name in ["pull-request", "landing-page"] {
        let out = run(&["rubric", "prompt", &example(name)], "");
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(stdout(&out), generated(name, "prompt"));
        let out = run(&["rubric", "schema", &example(name)], "");
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(stdout(&out), generated(name, "schema"));
    }
}

#[test]
fn a_rubric_with_errors_exits_1_naming_each() {
    let (_dir, path) = temp(
        "bad.toml",
        "subject = \"x\"\nmode = \"matrix\"\n\n[[criteria]]\nname = \"craft\"\nweight = -1\nplus5 = \"p\"\nminus5 = \"m\"\n\n[[traps]]\ndescription = \"d\"\nimpact = 4\n",
    );
    let p = path.to_str().unwrap();
    for command in ["check", "prompt", "schema"] {
        assert_fails(
            &run(&["rubric", command, p], ""),
            1,
            &format!(
                "pickanumber: error: {p}:6:10: criteria[1].weight: weights must be greater than 0: check craft\n\
                 pickanumber: error: {p}:12:10: traps[1].impact: impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5\n"
            ),
        );
    }
    assert_fails(
        &run(&["score", "--rubric", p], "+3 a\n"),
        2,
        &format!(
            "pickanumber: the rubric cannot be used:\n\
             {p}:6:10: criteria[1].weight: weights must be greater than 0: check craft\n\
             {p}:12:10: traps[1].impact: impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5\n"
        ),
    );
}

#[test]
fn a_missing_rubric_is_a_usage_error() {
    assert_exit_2(&run(&["rubric", "check", "/nonexistent/rubric.toml"], ""));
    assert_exit_2(&run(
        &["score", "--rubric", "/nonexistent/rubric.toml"],
        "+3 a\n",
    ));
    assert_exit_2(&run(&["rubric", "check"], ""));
}

#[test]
fn score_with_a_matrix_rubric_uses_its_mode_and_weights() {
    let text = serde_json::to_string_pretty(&matrix_items()).unwrap();
    let out = run(&["score", "--rubric", &example("pull-request")], &text);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let v = json(&out);
    assert_eq!(v["mode"], "matrix");
    assert_eq!(v["criteria"][0]["name"], "craft");
    assert_eq!(v["criteria"][0]["weight"], 0.6);
    assert_eq!(v["criteria"][0]["net_impact"], 3);
    assert_eq!(v["criteria"][1]["name"], "depth");
    assert_eq!(v["criteria"][1]["weight"], 0.4);
    assert_eq!(v["criteria"][1]["net_impact"], -3);
    // The same items with the same weights given by hand score the same.
    let by_hand = json(&run(&["score", "--weights", "craft=0.6,depth=0.4"], &text));
    assert_eq!(v["final"], by_hand["final"]);
    assert_eq!(v["confidence"], by_hand["confidence"]);
    // One item per used cell: the formula crate warns on the thin cells, the rubric on the
    // cells it asks for that hold nothing.
    assert_eq!(
        v["warnings"],
        json!([
            {"kind": "thin_cell", "severity": "warning", "message": "perspective × criterion cells with fewer than 3 items (aim for at least 3): adversary × craft (1), adversary × depth (1), end_user × depth (1), production × depth (1), requester × craft (1), requester × depth (1), sme × craft (1), sme × depth (1)"},
            {"kind": "thin_cell", "severity": "warning", "message": "perspective × criterion cells of the rubric with no items (aim for 3 to 5 in each): end_user × craft, production × craft"},
        ])
    );
}

#[test]
fn score_refuses_labels_outside_the_rubric() {
    let out = run(
        &["score", "--rubric", &example("pull-request")],
        "(+3, sme × craft) tidy\n(+2, pm × craft) roadmap\n(-1, sme × innovation) novel\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(
        v["errors"],
        json!([
            {"kind": "item", "severity": "error", "line": 2, "message": "perspective \"pm\" is not in the rubric: use one of requester, sme, end_user, production, adversary"},
            {"kind": "item", "severity": "error", "line": 3, "message": "criterion \"innovation\" is not in the rubric: use one of craft, depth"},
        ])
    );
    assert_eq!(v["pooled"]["total_items"], 1);
}

#[test]
fn score_with_a_pooled_rubric_uses_its_denominator_and_perspectives() {
    let items = json!([
        {"perspective": "visitor", "text": "a", "evidence": "hero", "impact": 3},
        {"perspective": "visitor", "text": "b", "evidence": "footer", "impact": -1},
        {"perspective": "copywriter", "text": "c", "evidence": "h1", "impact": 2},
    ]);
    let out = run(
        &["score", "--rubric", &example("landing-page")],
        &items.to_string(),
    );
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["mode"], "pooled");
    assert_eq!(v["total_items"], 3);
    assert_eq!(v["density"], 0.25, "3 items / the rubric's denominator 12");
    assert_eq!(
        v["warnings"],
        json!([{"kind": "thin_cell", "severity": "warning", "message": "perspectives with fewer than 3 items (aim for 3 to 5 in each): visitor (2), copywriter (1), accessibility (0)"}])
    );
}

#[test]
fn denominator_and_scale_flags_set_the_formula() {
    let items = "+3 a\n+3 b\n+2 c\n-2 d\n";
    let v = json(&run(
        &["score", "--denominator", "8", "--scale", "4"],
        items,
    ));
    assert_eq!(v["density"], 0.5);
    assert_eq!(v["normalized"], 3.0);
    assert_eq!(v["raw"], 62.0, "50 + 4 × 3");
    // The flags win over the rubric's settings.
    let v = json(&run(
        &[
            "score",
            "--rubric",
            &example("landing-page"),
            "--denominator",
            "4",
        ],
        items,
    ));
    assert_eq!(v["density"], 1.0);
    for (bad, why) in [
        ("0", "denominator must be a number greater than 0, not 0"),
        ("-3", "denominator must be a number greater than 0, not -3"),
        (
            "x",
            "denominator must be a number greater than 0, not \"x\"",
        ),
        (
            "inf",
            "denominator must be a number greater than 0, not \"inf\"",
        ),
    ] {
        let out = run(&["score", &format!("--denominator={bad}")], items);
        assert_exit_2(&out);
        assert!(stderr(&out).contains(why), "{}", stderr(&out));
    }
}

#[test]
fn rubric_excludes_mode_preset_weights_and_the_score_py_paths() {
    let r = example("pull-request");
    for extra in [
        &["--mode", "pooled"][..],
        &["--preset", "generic"],
        &["--weights", "craft=1"],
        &["--compat", "score-py"],
    ] {
        let mut args = vec!["score", "--rubric", r.as_str()];
        args.extend_from_slice(extra);
        assert_exit_2(&run(&args, "+3 a\n"));
    }
    // The rule is the API's, so the message is the one the packages give, in the CLI's flags.
    let out = run(
        &[
            "score", "--rubric", &r, "--preset", "generic", "--mode", "matrix",
        ],
        "+3 a\n",
    );
    assert_eq!(
        stderr(&out),
        "pickanumber: --rubric cannot be combined with --mode, --preset: the rubric sets the mode, the criteria and the weights; leave them out\n"
    );
    assert_exit_2(&run(
        &["score", "--compat", "score-py", "--scale", "4"],
        "+3 a\n",
    ));
}

#[test]
fn the_report_lists_the_traps_to_tick() {
    let text = serde_json::to_string(&matrix_items()).unwrap();
    let out = pick(&["score", "--rubric", &example("pull-request"), "--report"])
        .stdin(&text)
        .output();
    assert_eq!(out.status.code(), Some(0));
    let report = stdout(&out);
    assert!(report.starts_with("# Evidence score\n\n**Overall "));
    assert!(report.ends_with(
        "## Traps to check\n\nThe rubric plants these traps. Tick a trap when an item above reports it (at about the impact given), or when you have checked that the work does not fall into it; a trap left unticked was missed.\n\n- [ ] a mocked database presented as an integration test (impact −5)\n- [ ] a retry loop with no upper bound (impact −3)\n"
    ));
    // Without traps, no checklist.
    let (_dir, none) = temp("no-traps.toml", "subject = \"x\"\nmode = \"pooled\"\n");
    let out = run(
        &["score", "--rubric", none.to_str().unwrap(), "--report"],
        "+3 a\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(!stdout(&out).contains("Traps to check"));
}

/// The schema's own shape, `{"items": […]}`, fed straight to `score --rubric`: a model output
/// valid under the schema scores in the rubric's mode and weights, the same as its bare list.
#[test]
fn a_model_output_valid_under_the_schema_scores_with_the_rubric() {
    let output = json!({"items": matrix_items()});
    let out = run(
        &["score", "--rubric", &example("pull-request")],
        &serde_json::to_string_pretty(&output).unwrap(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let v = json(&out);
    assert_eq!(v["mode"], "matrix");
    assert_eq!(v["criteria"][0]["weight"], 0.6);
    assert_eq!(v["criteria"][0]["net_impact"], 3);
    assert_eq!(v["criteria"][1]["weight"], 0.4);
    assert_eq!(v["criteria"][1]["net_impact"], -3);
    let array = json(&run(
        &["score", "--rubric", &example("pull-request")],
        &matrix_items().to_string(),
    ));
    assert_eq!(v["final"], array["final"]);
    assert_eq!(v["confidence"], array["confidence"]);
}

/// `rubric check` shows control characters of the file's text escaped, on stdout and in
/// its errors, so a rubric cannot send a terminal commands.
#[test]
fn check_shows_control_characters_escaped() {
    let (_dir, path) = temp(
        "raw.toml",
        "subject = \"pr \\u001b]0;owned\\u0007\\u009b2J\"\nmode = \"pooled\"\n",
    );
    let out = run(&["rubric", "check", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "{}: a pooled rubric for \"pr \\u{{1b}}]0;owned\\u{{7}}\\u{{9b}}2J\"; 5 perspectives; 0 traps; denominator 20, scale 8\n",
            path.display()
        )
    );
    let (_dir, path) = temp("bad.toml", "subject = \"x\"\nmode = \"\\u001b[31mred\"\n");
    let out = run(&["rubric", "check", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("\\u{1b}[31mred"), "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
}

#[test]
fn prompt_with_a_work_numbers_the_lines_the_verifier_checks() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    let code = "fn main() {\n    let retries = 3;\n}\n";
    std::fs::write(dir.path().join("src/a.rs"), code).unwrap();
    std::fs::write(dir.path().join("notes.md"), "Retries are capped.\n").unwrap();
    std::fs::write(dir.path().join("logo.bin"), b"\x00\x01").unwrap();
    let work = dir.path().to_str().unwrap();
    let rubric = example("generic");
    let out = run(&["rubric", "prompt", &rubric, "--work", work], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let parsed =
        pickanumber_rubric::Rubric::parse(&std::fs::read_to_string(&rubric).unwrap()).unwrap();
    let files = [("notes.md", "Retries are capped.\n"), ("src/a.rs", code)];
    assert_eq!(
        stdout(&out),
        parsed.prompt_with_work(pickanumber_rubric::WorkText::Files(&files))
    );
    assert!(stdout(&out)
        .contains("### `src/a.rs`\n\n```text\n1\tfn main() {\n2\t    let retries = 3;\n"));
    assert_eq!(
        stderr(&out),
        "pickanumber: note: logo.bin: a binary file (not read)\n"
    );
    // A judge citing the numbered line is located in the same folder (the line exists; what the
    // item says of it is not checked without a quotation); one citing a line the file lacks
    // is not found.
    let answer = r#"{"items": [
        {"perspective": "sme", "text": "retries are bounded", "evidence": "src/a.rs:2", "impact": 3},
        {"perspective": "sme", "text": "a cap is logged", "evidence": "src/a.rs:40", "impact": 2}]}"#;
    let out = run(&["score", "--rubric", &rubric, "--against", work], answer);
    let result = json(&out);
    assert_eq!(result["evidence"]["located"], 1, "{result}");
    assert_eq!(result["evidence"]["not_found"], 1, "{result}");
}

#[test]
fn prompt_with_a_work_that_holds_no_text_prints_no_prompt() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("logo.bin"), b"\x00\x01").unwrap();
    let work = dir.path().to_str().unwrap();
    assert_fails(
        &run(
            &["rubric", "prompt", &example("generic"), "--work", work],
            "",
        ),
        2,
        &format!(
            "pickanumber: the work {work} holds no text file to check the evidence against (1 entry skipped, such as logo.bin: a binary file (not read)); give the folder of the judged files\n"
        ),
    );
}

#[test]
fn prompt_with_a_work_that_cannot_be_read_prints_no_prompt() {
    assert_fails(
        &run(
            &["rubric", "prompt", &example("generic"), "--work", "/nonexistent/work"],
            "",
        ),
        2,
        "pickanumber: cannot read the work /nonexistent/work: No such file or directory (os error 2)\n",
    );
}
