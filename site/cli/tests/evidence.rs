//! `score --against` and `combine --against`: every item's evidence checked against the
//! judged work before the formula counts it; `--unverified keep`, `--require-evidence` and the
//! `--max-unverified` gate.

mod common;

use common::{json, pick, run, stderr, stdout};
use serde_json::json;
use std::path::PathBuf;

const PARSE_RS: &str = "fn parse(input: &str) -> Result<Item, Error> {\n    if input.is_empty() { return Err(Error::Empty); }\n    Ok(Item::new(input))\n}\n";

const ITEMS: &str = "\
+3 empty input is refused: \"if input.is_empty() { return Err(Error::Empty); }\" (parse.rs:2)
+5 all inputs are validated: \"validate(schema, input)\" (parse.rs:88)
+2 the code reads well
";

/// A work folder with `src/parse.rs`, fresh for each test.
fn work(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "pickanumber-cli-evidence-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/parse.rs"), PARSE_RS).unwrap();
    dir
}

#[test]
fn without_a_work_the_invented_item_counts_and_with_one_it_is_left_out() {
    let plain = json(&run(&["score", "--no-interval"], ITEMS));
    assert_eq!(
        (plain["total_items"].clone(), plain["final"].clone()),
        (json!(3), json!(86))
    );
    assert!(plain.get("evidence").is_none());

    let dir = work("drop");
    let out = run(
        &["score", "--no-interval", "--against", dir.to_str().unwrap()],
        ITEMS,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(
        (v["total_items"].clone(), v["final"].clone()),
        (json!(2), json!(72))
    );
    assert_eq!(
        v["warnings"],
        json!([{"kind": "evidence", "severity": "warning", "line": 2, "message": "evidence not in the work, item not counted: parse.rs:88 is beyond the end of src/parse.rs (4 lines)"}])
    );
    let e = &v["evidence"];
    assert_eq!(
        (
            e["verified"].clone(),
            e["not_found"].clone(),
            e["no_evidence"].clone(),
            e["invented_rate"].clone(),
            e["left_out"].clone()
        ),
        (json!(1), json!(1), json!(1), json!(0.5), json!(1))
    );
    let statuses: Vec<&str> = e["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["verified", "not_found", "no_evidence"]);
    assert_eq!(e["items"][0]["reason"], "found: \"if input.is_empty() { return Err(Error::Empty); }\" at src/parse.rs:2; parse.rs:2 exists");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keep_counts_it_flagged_and_require_evidence_leaves_out_the_uncited() {
    let dir = work("keep");
    let d = dir.to_str().unwrap();
    let kept = json(&run(
        &[
            "score",
            "--no-interval",
            "--against",
            d,
            "--unverified",
            "keep",
        ],
        ITEMS,
    ));
    assert_eq!(kept["total_items"], 3);
    assert_eq!(
        kept["warnings"],
        json!([{"kind": "evidence", "severity": "warning", "line": 2, "message": "evidence not in the work, item counted as asked: parse.rs:88 is beyond the end of src/parse.rs (4 lines)"}])
    );
    let strict = json(&run(
        &[
            "score",
            "--no-interval",
            "--against",
            d,
            "--require-evidence",
        ],
        ITEMS,
    ));
    assert_eq!(strict["total_items"], 1);
    assert_eq!(strict["evidence"]["left_out"], 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_gate_on_invented_evidence_exits_3_with_the_json_printed() {
    let dir = work("gate");
    let d = dir.to_str().unwrap();
    let out = run(
        &[
            "score",
            "--no-interval",
            "--against",
            d,
            "--max-unverified",
            "0.2",
        ],
        ITEMS,
    );
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        json(&out)["gate"]["misses"],
        json!(["1 of 2 checkable items cite evidence not in the work (0.500), over 0.2 (--max-unverified)"])
    );
    let out = run(
        &[
            "score",
            "--no-interval",
            "--against",
            d,
            "--max-unverified",
            "0.5",
        ],
        ITEMS,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_options_that_need_a_work_are_usage_errors_without_one() {
    for args in [["--unverified", "keep"], ["--max-unverified", "0.1"]] {
        let out = run(&["score", args[0], args[1]], ITEMS);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).contains("--against <PATH>"),
            "{}",
            stderr(&out)
        );
    }
    let out = run(&["score", "--require-evidence"], ITEMS);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["score", "--against", "x", "--max-unverified", "2"], ITEMS);
    assert!(
        stderr(&out).contains("invalid value '2' for '--max-unverified <RATE>': 2 is not a rate from 0 to 1, such as 0.1"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_work_that_cannot_be_read_is_a_usage_error_naming_it() {
    let out = run(&["score", "--against", "/nonexistent/work"], ITEMS);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "pickanumber: cannot read the work /nonexistent/work: No such file or directory (os error 2)\n"
    );
}

#[test]
fn a_file_is_the_text_and_its_lines_are_checked() {
    let dir = work("file");
    let file = dir.join("src/parse.rs");
    let items = "+3 \"Ok(Item::new(input))\" (parse.rs:3)\n+1 parse.rs:5\n";
    let v = json(&run(
        &[
            "score",
            "--no-interval",
            "--against",
            file.to_str().unwrap(),
        ],
        items,
    ));
    let reasons: Vec<&str> = v["evidence"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["reason"].as_str().unwrap())
        .collect();
    assert_eq!(
        reasons,
        [
            "found: \"Ok(Item::new(input))\" at parse.rs:3; parse.rs:3 exists",
            "parse.rs:5 is beyond the end of parse.rs (4 lines)"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn combine_gives_each_judge_its_invented_evidence_rate() {
    let dir = work("combine");
    let honest = dir.join("honest.txt");
    let inventive = dir.join("inventive.txt");
    std::fs::write(
        &honest,
        "+3 \"Ok(Item::new(input))\"\n-1 \"Err(Error::Empty)\"\n",
    )
    .unwrap();
    std::fs::write(
        &inventive,
        "+5 \"validate(schema, input)\"\n+3 \"Ok(Item::new(input))\"\n",
    )
    .unwrap();
    let out = pick(&[
        "combine",
        "--no-interval",
        "--against",
        dir.join("src").to_str().unwrap(),
        honest.to_str().unwrap(),
        inventive.to_str().unwrap(),
    ])
    .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    let rates: Vec<(String, serde_json::Value)> = v["passes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["evidence"]["invented_rate"].clone(),
            )
        })
        .collect();
    assert_eq!(
        rates,
        [
            ("honest".to_string(), json!(0.0)),
            ("inventive".to_string(), json!(0.5))
        ]
    );
    assert_eq!(v["total_items"], 2);
    assert_eq!(
        v["warnings"],
        json!([{"kind": "evidence", "severity": "warning", "line": 1, "message": "pass inventive: evidence not in the work, item not counted: \"validate(schema, input)\" is not in the work"}])
    );
    let report = stdout(
        &pick(&[
            "combine",
            "--no-interval",
            "--report",
            "--against",
            dir.join("src").to_str().unwrap(),
            honest.to_str().unwrap(),
            inventive.to_str().unwrap(),
        ])
        .output(),
    );
    assert!(report.contains("* pass inventive: verified 1, located 0, not_found 1, not_checkable 0, no_evidence 0; invented-evidence rate 0.50 (1 of 2 checkable); 1 left out of the score\n"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn when_every_item_is_left_out_there_is_no_score_and_a_pass_without_one_is_named() {
    let dir = work("none-left");
    let against = dir.to_str().unwrap();
    let invented = "+5 all inputs are validated: \"validate(schema, input)\"\n+3 \"no such line\" (parse.rs:2)\n";
    let out = run(&["score", "--against", against], invented);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(
        (
            v["final"].clone(),
            v["confidence"].clone(),
            v["interval"].clone()
        ),
        (json!(null), json!(null), json!(null))
    );
    assert_eq!(
        v["errors"],
        json!([{"kind": "nothing_read", "severity": "error", "message": "no items read: every item read (2) was left out, since its evidence is not in the work; there is no score"}])
    );

    let passes = format!("## Pass: a\n{invented}## Pass: b\n{ITEMS}");
    let out = run(&["score", "--no-interval", "--against", against], &passes);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(
        (
            v["passes"][0]["final"].clone(),
            v["passes"][1]["final"].clone()
        ),
        (json!(null), json!(72))
    );
    assert_eq!(v["final"], json!(72));
    assert_eq!(
        v["errors"],
        json!([{"kind": "nothing_read", "severity": "error", "message": "pass a: no items read: every item read (2) was left out, since its evidence is not in the work; there is no score"}])
    );
}

/// A `×N` line is one entry of the evidence list, with its count: the JSON grows with what
/// was written, not with the runs (10,000 copies of a quotation once wrote megabytes).
#[test]
fn a_run_is_one_evidence_entry_with_its_count() {
    let dir = work("run");
    let items = "+3×10000 \"return Err(Error::Empty);\" (parse.rs:2)\n+1 \"Ok(Item::new(input))\"\n+1 \"Ok(Item::new(input))\"\n";
    let out = run(
        &["score", "--no-interval", "--against", dir.to_str().unwrap()],
        items,
    );
    let v = json(&out);
    assert_eq!(v["total_items"], 10_002);
    assert_eq!(v["evidence"]["verified"], 10_002);
    let entries: Vec<(u64, u64, u64)> = v["evidence"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["line"].as_u64().unwrap(),
                i["impact"].as_u64().unwrap(),
                i["count"].as_u64().unwrap(),
            )
        })
        .collect();
    // The two items written on their own lines stay two entries.
    assert_eq!(entries, [(1, 3, 10_000), (2, 1, 1), (3, 1, 1)]);
    assert!(stdout(&out).len() < 4_000, "{}", stdout(&out).len());
    let _ = std::fs::remove_dir_all(&dir);
}
