//! `pickanumber score` as the what-works judge's scorer (a drop-in for its score.py): the
//! scores object, `--save` / `--load` in `$JUDGE_DIR`, `passes`, slugs and every exit path.
//!
//! `tests/fixtures/_judge/agent-hq-pricing.json` is shaped like a document score.py writes:
//! built by hand from the stored-document facts (keys and their order, indent 2, Python's
//! `json.dumps` defaults: non-ASCII as `\uXXXX`, Python-style ISO timestamps, no final newline).

mod common;

use common::{assert_exit_2, assert_fails, files_in, fixture, json, pick, stderr, stdout};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Output;
use tempfile::TempDir;

const SLUG: &str = "agent-hq-pricing";

/// Evidence with every bucket, an unknown top-level key and an item key score.py ignores.
const EVIDENCE: &str = r#"{
  "evidence": {
    "working": [
      {"value": 5, "text": "Tiers fit on one screen"},
      {"value": 3, "text": "Checkout works on Safari now"},
      {"value": 2, "text": "Refund policy — 30 days", "source": "pricing page"}
    ],
    "not_working": [{"value": -2, "text": "The seat price is hidden"}],
    "confusing": [{"value": -1, "text": "Credits vs. seats"}]
  },
  "notes": "not a bucket"
}"#;

/// The scores object of [`EVIDENCE`], exactly as printed.
const EVIDENCE_SCORES: &str = r#"{
  "net_impact": 7,
  "total_items": 5,
  "normalized": 3.13,
  "raw_score": 75.04,
  "density": 0.25,
  "multiplier": 0.812,
  "final": 70,
  "confidence": 0.25
}
"#;

fn store() -> TempDir {
    tempfile::tempdir().unwrap()
}

fn doc_path(dir: &Path, slug: &str) -> PathBuf {
    dir.join(format!("{slug}.json"))
}

fn read_doc(dir: &Path, slug: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(doc_path(dir, slug)).unwrap()).unwrap()
}

/// `pickanumber score --save --slug SLUG` of [`EVIDENCE`] into the store `judge`, then `more`.
fn save(judge: &Path, more: &[&str]) -> Output {
    let mut args = vec!["score", "--save", "--slug", SLUG];
    args.extend(more);
    pick(&args).stdin(EVIDENCE).judge_dir(judge).output()
}

/// A store holding the score.py-shaped fixture as [`SLUG`]'s document: the store, the
/// document's path and its text.
fn store_with_fixture() -> (TempDir, PathBuf, String) {
    let dir = store();
    let path = doc_path(dir.path(), SLUG);
    let original = std::fs::read_to_string(fixture("agent-hq-pricing.json")).unwrap();
    std::fs::write(&path, &original).unwrap();
    (dir, path, original)
}

#[test]
fn compat_prints_the_scores_object_with_its_keys_order_and_decimals() {
    let out = pick(&["score", "--compat", "score-py"])
        .stdin(EVIDENCE)
        .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), EVIDENCE_SCORES);
    assert_eq!(stderr(&out), "");
}

#[test]
fn input_flag_positional_file_and_dash() {
    let dir = store();
    let file = dir.path().join("evidence.json");
    std::fs::write(&file, EVIDENCE).unwrap();
    let f = file.to_str().unwrap();
    for args in [
        vec!["score", "--compat", "score-py", "--input", f],
        vec!["score", "--compat", "score-py", f],
        vec!["score", "--compat", "score-py", "--input", "-"],
    ] {
        let out = pick(&args).stdin(EVIDENCE).output();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout(&out), EVIDENCE_SCORES, "{args:?}");
    }
    // --input works for the ordinary JSON output too.
    let out = pick(&["score", "--input", f]).output();
    assert_eq!(json(&out)["final"], 70);

    let out = pick(&["score", f, "--input", f]).output();
    assert_fails(&out, 2, "error: the argument '[FILE]' cannot be used with '--input <FILE>'\n\nUsage: pickanumber score <FILE>\n\nFor more information, try '--help'.\n");
    let out = pick(&[
        "score",
        "--compat",
        "score-py",
        "--input",
        "/nonexistent/e.json",
    ])
    .output();
    assert_fails(
        &out,
        2,
        "pickanumber: cannot read /nonexistent/e.json: No such file or directory (os error 2)\n",
    );
}

#[test]
fn both_formats_agree_on_the_same_evidence() {
    let cases = [
        EVIDENCE.to_string(),
        r#"{"working": [{"value": 3, "text": "a"}], "missing": [{"value": -5, "text": "b"}]}"#
            .to_string(),
        // 25 items: density 1.25 (not clamped in the scores object), confidence 1.
        format!(
            r#"{{"working": [{}]}}"#,
            vec![r#"{"value": 1, "text": "x"}"#; 25].join(", ")
        ),
        // Item lines under bucket headings are the same evidence.
        "## Working\n+5 a\n+3 b\n## Missing\n-2 c\n".to_string(),
    ];
    // "{}" names no bucket: score.py counts missing buckets as empty (50, confidence 0); the
    // plain reader reads nothing from it, so it gives no score.
    let py = json(
        &pick(&["score", "--compat", "score-py"])
            .stdin("{}")
            .output(),
    );
    assert_eq!(
        (py["final"].clone(), py["confidence"].clone()),
        (50.into(), 0.0.into())
    );
    let ours = json(&pick(&["score", "--mode", "feedback"]).stdin("{}").output());
    assert!(ours["final"].is_null(), "{ours}");
    for text in &cases {
        let ours = json(&pick(&["score", "--mode", "feedback"]).stdin(text).output());
        let py = json(
            &pick(&["score", "--compat", "score-py"])
                .stdin(text)
                .output(),
        );
        assert_eq!(py["net_impact"], ours["net_impact"], "{text}");
        assert_eq!(py["total_items"], ours["total_items"], "{text}");
        assert_eq!(py["final"], ours["final"], "{text}");
        assert_eq!(py["confidence"], ours["confidence"], "{text}");
        let close = |k: &str, ko: &str, eps: f64| {
            let (a, b) = (py[k].as_f64().unwrap(), ours[ko].as_f64().unwrap());
            assert!((a - b).abs() <= eps, "{k}: {a} vs {b} in {text}");
        };
        close("normalized", "normalized", 0.0005);
        close("raw_score", "raw", 0.005);
        close("density", "density", 0.0005);
        close("multiplier", "multiplier", 0.0005);
    }
}

#[test]
fn an_exact_half_rounds_away_from_zero_the_documented_difference() {
    // score.py's Python round() prints 80 here; pickanumber prints 81 everywhere.
    let text = r#"{"working": [{"value": 5, "text": "one exceptional item"}]}"#;
    let py = json(
        &pick(&["score", "--compat", "score-py"])
            .stdin(text)
            .output(),
    );
    let ours = json(&pick(&["score"]).stdin(text).output());
    assert_eq!(ours["final_unrounded"], 80.5);
    assert_eq!(ours["final"], 81);
    assert_eq!(py["final"], 81);
    let help = stdout(&pick(&["score", "--help"]).output());
    assert!(help.contains("pickanumber says 81, score.py 80"), "{help}");
}

#[test]
fn item_errors_exit_1_name_the_item_and_save_nothing() {
    let dir = store();
    let judge = dir.path().join("judge");
    let text = r#"{"working": [{"value": 2, "text": "fine"}, {"value": -3, "text": "Onboarding is slow"}], "confusing": [{"text": "no value here"}]}"#;
    for args in [
        vec!["score", "--compat", "score-py"],
        vec!["score", "--save", "--slug", SLUG],
    ] {
        let out = pick(&args).stdin(text).judge_dir(&judge).output();
        assert_fails(
            &out,
            1,
            "pickanumber: error: working item 2 (\"Onboarding is slow\"): value −3 is not allowed in working: use +1, +2, +3, +5\n\
             pickanumber: error: confusing item 1 (\"no value here\"): \"value\" is missing (one of +5, +3, +2, +1, −1, −2, −3, −5); allowed in confusing: −1, −2, −3\n",
        );
        assert!(!judge.exists(), "nothing is saved, not even the folder");
    }
    // Invalid JSON and a list where a bucket belongs are item errors too.
    for (text, message) in [
        ("{\"working\": [", "pickanumber: error: the evidence is not valid JSON: EOF while parsing a list at line 1 column 13\n"),
        ("{\"working\": 3}", "pickanumber: error: \"working\" must be a list of items\n"),
        ("{\"evidence\": []}", "pickanumber: error: \"evidence\" must be an object of buckets\n"),
    ] {
        let out = pick(&["score", "--compat", "score-py"]).stdin(text).output();
        assert_fails(&out, 1, message);
    }
}

#[test]
fn empty_evidence_is_a_usage_error() {
    let dir = store();
    for args in [
        vec!["score", "--compat", "score-py"],
        vec!["score", "--save", "--slug", SLUG],
    ] {
        let out = pick(&args).stdin(" \n").judge_dir(dir.path()).output();
        assert_fails(
            &out,
            2,
            "pickanumber: no evidence: standard input is empty\n",
        );
    }
    assert!(files_in(dir.path()).is_empty());
}

#[test]
fn save_creates_the_folder_and_the_document() {
    let dir = store();
    let judge = dir.path().join("new").join("judge");
    let out = save(&judge, &["--summary", "First — draft"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let saved_to = doc_path(&judge, SLUG);
    let printed = stdout(&out);
    let mut expected = json!({
        "scores": serde_json::from_str::<Value>(EVIDENCE_SCORES).unwrap(),
        "saved_to": saved_to.to_str().unwrap(),
        "version": 1,
        "versions_total": 1,
    });
    assert_eq!(serde_json::from_str::<Value>(&printed).unwrap(), expected);
    let keys: Vec<&str> = printed
        .lines()
        .filter(|l| l.starts_with("  \""))
        .map(|l| l.trim().split('"').nth(1).unwrap())
        .collect();
    assert_eq!(keys, ["scores", "saved_to", "version", "versions_total"]);

    let text = std::fs::read_to_string(&saved_to).unwrap();
    assert!(text.is_ascii(), "written as ASCII JSON like score.py's");
    assert!(
        text.contains(r#""summary": "First \u2014 draft""#),
        "{text}"
    );
    let doc: Value = serde_json::from_str(&text).unwrap();
    let top: Vec<&String> = doc.as_object().unwrap().keys().collect();
    assert_eq!(top, ["id", "title", "created", "versions"]);
    assert_eq!(doc["id"], SLUG);
    assert_eq!(doc["title"], "Agent Hq Pricing");
    let created = doc["created"].as_str().unwrap();
    assert!(
        created.len() == 20 && created.ends_with('Z') && &created[10..11] == "T",
        "{created}"
    );
    let pass = &doc["versions"][0];
    let keys: Vec<&String> = pass.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["version", "timestamp", "summary", "evidence", "scores"]
    );
    assert_eq!(pass["version"], 1);
    assert_eq!(pass["timestamp"], doc["created"]);
    assert_eq!(pass["summary"], "First — draft");
    // The buckets as given (item keys kept), missing ones as []; keys beside "evidence" in
    // the wrapper are not evidence and are left out.
    let given: Value = serde_json::from_str(EVIDENCE).unwrap();
    assert_eq!(
        pass["evidence"],
        json!({
            "working": given["evidence"]["working"],
            "not_working": given["evidence"]["not_working"],
            "missing": [],
            "confusing": given["evidence"]["confusing"],
        })
    );
    let bucket_keys: Vec<&String> = pass["evidence"].as_object().unwrap().keys().collect();
    assert_eq!(
        bucket_keys,
        ["working", "not_working", "missing", "confusing"]
    );
    expected = serde_json::from_str(EVIDENCE_SCORES).unwrap();
    assert_eq!(pass["scores"], expected);
    assert_eq!(
        files_in(&judge),
        [lock_name(SLUG), format!("{SLUG}.json")],
        "no temporary file left, only the lock beside the document"
    );
}

#[test]
fn a_score_py_document_is_continued_field_by_field() {
    let (dir, _, original) = store_with_fixture();

    // Read back as score.py would print it: the same bytes (plus print's newline).
    let out = pick(&["score", "--load", "--slug", SLUG])
        .judge_dir(dir.path())
        .output();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), format!("{original}\n"));

    let out = save(dir.path(), &["--summary", "Second pass — Safari fixed"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let printed = json(&out);
    assert_eq!(printed["version"], 2);
    assert_eq!(printed["versions_total"], 2);

    let before: Value = serde_json::from_str(&original).unwrap();
    let after = read_doc(dir.path(), SLUG);
    for key in ["id", "title", "created"] {
        assert_eq!(after[key], before[key], "{key} untouched");
    }
    assert_eq!(after["versions"].as_array().unwrap().len(), 2);
    assert_eq!(
        after["versions"][0], before["passes"][0],
        "version 1 untouched (the fixture names the list by its old name)"
    );
    let p2 = &after["versions"][1];
    assert_eq!(p2["version"], 2);
    assert_eq!(p2["summary"], "Second pass — Safari fixed");
    assert_eq!(p2["evidence"]["missing"], json!([]));
    assert_eq!(p2["evidence"]["working"][2]["source"], "pricing page");
    // Pass 2's scores are exactly what --compat score-py prints for the same evidence.
    let compat = json(
        &pick(&["score", "--compat", "score-py"])
            .stdin(EVIDENCE)
            .output(),
    );
    assert_eq!(p2["scores"], compat);
    assert_eq!(printed["scores"], compat);
    // The file stays in score.py's format: version 1's bytes are where they were, under the
    // list's new name.
    let text = std::fs::read_to_string(doc_path(dir.path(), SLUG)).unwrap();
    assert!(text.is_ascii());
    let pass1_end = original.rfind("\n    }").unwrap();
    let renamed = original.replacen("\"passes\": [", "\"versions\": [", 1);
    assert_eq!(text[..pass1_end + 2], renamed[..pass1_end + 2]);
}

#[test]
fn a_document_we_start_is_continued_the_same_way() {
    let dir = store();
    for (i, summary) in ["one", "two", "three"].iter().enumerate() {
        let out = save(dir.path(), &["--summary", summary]);
        assert_eq!(json(&out)["version"], i + 1);
        assert_eq!(json(&out)["versions_total"], i + 1);
    }
    let doc = read_doc(dir.path(), SLUG);
    let versions: Vec<&Value> = doc["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["version"])
        .collect();
    assert_eq!(versions, [1, 2, 3]);
    assert_eq!(doc["versions"][2]["summary"], "three");
    // --load prints what is stored.
    let out = pick(&["score", "--load", "--slug", SLUG])
        .judge_dir(dir.path())
        .output();
    assert_eq!(json(&out), doc);
    assert_eq!(
        files_in(dir.path()),
        [lock_name(SLUG), format!("{SLUG}.json")]
    );
}

#[test]
fn a_title_that_differs_from_the_slug_replaces_the_stored_one() {
    let dir = store();
    let save = |extra: &[&str]| {
        let mut args = vec!["score", "--save", "--slug", SLUG];
        args.extend_from_slice(extra);
        let out = pick(&args).stdin("{}").judge_dir(dir.path()).output();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        read_doc(dir.path(), SLUG)["title"].clone()
    };
    assert_eq!(save(&[]), "Agent Hq Pricing");
    assert_eq!(save(&["--title", "Agent HQ pricing"]), "Agent HQ pricing");
    assert_eq!(save(&[]), "Agent HQ pricing", "no --title keeps it");
    // As score.py (instruments.md §1): a --title equal to the slug leaves the stored title.
    assert_eq!(
        save(&["--title", SLUG]),
        "Agent HQ pricing",
        "a title equal to the slug does not replace a chosen one"
    );
    assert_eq!(save(&["--title", "Agent Hq Pricing"]), "Agent Hq Pricing");
    assert_eq!(save(&["--title", "Pricing, v2"]), "Pricing, v2");
}

#[test]
fn unknown_keys_of_a_stored_document_are_kept() {
    let dir = store();
    let mut doc: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("agent-hq-pricing.json")).unwrap())
            .unwrap();
    doc.as_object_mut()
        .unwrap()
        .insert("schema".into(), json!({"by": "a future version", "n": 2}));
    doc["passes"][0]
        .as_object_mut()
        .unwrap()
        .insert("reviewer".into(), json!("kk"));
    std::fs::write(
        doc_path(dir.path(), SLUG),
        serde_json::to_string(&doc).unwrap(),
    )
    .unwrap();
    let out = save(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let after = read_doc(dir.path(), SLUG);
    assert_eq!(after["schema"], doc["schema"]);
    assert_eq!(after["versions"][0], doc["passes"][0]);
    let top: Vec<&String> = after.as_object().unwrap().keys().collect();
    assert_eq!(
        top,
        ["id", "title", "created", "versions", "schema"],
        "order kept"
    );
}

#[test]
fn load_of_a_missing_document_prints_not_found_and_exits_0() {
    let dir = store();
    let out = pick(&["score", "--load", "--slug", "nothing-here"])
        .judge_dir(dir.path())
        .output();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "{\n  \"error\": \"not_found\",\n  \"slug\": \"nothing-here\"\n}\n"
    );
    assert!(files_in(dir.path()).is_empty());
}

#[test]
fn the_default_store_is_underscore_judge_in_the_current_folder() {
    let dir = store();
    let out = pick(&["score", "--save", "--slug", "x"])
        .stdin("{}")
        .cwd(dir.path())
        .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json(&out)["saved_to"], "./_judge/x.json");
    assert_eq!(
        files_in(&dir.path().join("_judge")),
        [".x.json.lock", "x.json"]
    );
    // An empty JUDGE_DIR is the default too.
    let out = pick(&["score", "--load", "--slug", "x"])
        .judge_dir(Path::new(""))
        .cwd(dir.path())
        .output();
    assert_eq!(json(&out)["id"], "x");
}

#[test]
fn bad_slugs_are_usage_errors_and_write_nothing() {
    let dir = store();
    let judge = dir.path().join("judge");
    std::fs::create_dir(&judge).unwrap();
    for slug in [
        "../x", "", "A B", "a/b", "Agent", "a--b", "-a", "a.b", "..", "a\\b", "x\n",
    ] {
        let flag = format!("--slug={slug}");
        for args in [
            vec!["score", "--save", &flag],
            vec!["score", "--load", &flag],
            vec!["versions", &flag],
        ] {
            let out = pick(&args).stdin("{}").judge_dir(&judge).output();
            assert_exit_2(&out);
            let err = stderr(&out);
            assert!(
                err.starts_with(&format!(
                    "error: invalid value '{slug}' for '--slug <SLUG>': "
                )),
                "{err}"
            );
            assert!(err.contains("lower-case letters a-z and digits"), "{err}");
        }
    }
    assert!(files_in(&judge).is_empty());
    assert_eq!(files_in(dir.path()), ["judge"], "nothing outside JUDGE_DIR");
    let out = pick(&["score", "--load", "--slug", "../x"])
        .judge_dir(&judge)
        .output();
    assert_eq!(
        stderr(&out),
        "error: invalid value '../x' for '--slug <SLUG>': a slug is lower-case letters a-z and digits, with single '-' between them (agent-hq-pricing)\n\nFor more information, try '--help'.\n"
    );
}

#[test]
fn flags_that_need_or_exclude_each_other_exit_2() {
    let dir = store();
    let cases: &[(&[&str], &str)] = &[
        (&["score", "--save"], "error: the following required arguments were not provided:\n  --slug <SLUG>\n\nUsage: pickanumber score --slug <SLUG> <--save|--load> [FILE]\n\nFor more information, try '--help'.\n"),
        (&["score", "--load"], "error: the following required arguments were not provided:\n  --slug <SLUG>\n\nUsage: pickanumber score --slug <SLUG> <--save|--load> [FILE]\n\nFor more information, try '--help'.\n"),
        (&["score", "--slug", "x"], "error: the following required arguments were not provided:\n  <--save|--load>\n\nUsage: pickanumber score --slug <SLUG> <--save|--load> [FILE]\n\nFor more information, try '--help'.\n"),
        (&["score", "--save", "--load", "--slug", "x"], "error: the argument '--save' cannot be used with '--load'\n\nUsage: pickanumber score --slug <SLUG> <--save|--load> [FILE]\n\nFor more information, try '--help'.\n"),
        (&["score", "--title", "T"], ""),
        (&["score", "--summary", "S", "--load", "--slug", "x"], ""),
        (&["score", "--load", "--slug", "x", "--input", "e.json"], ""),
        (&["score", "--load", "--slug", "x", "--compat", "score-py"], ""),
        (&["score", "--compat", "score-py", "--mode", "pooled"], ""),
        (&["score", "--save", "--slug", "x", "--weights", "a=1"], ""),
        (&["score", "--compat", "score-py", "--report"], ""),
        (&["score", "--compat", "score-py", "--against", "w.md"], "error: the argument '--compat <SCORER>' cannot be used with '--against <PATH>'\n\nUsage: pickanumber score --compat <SCORER> [FILE]\n\nFor more information, try '--help'.\n"),
        (&["score", "--save", "--slug", "x", "--against", "w.md"], "error: the argument '--save' cannot be used with '--against <PATH>'\n\nUsage: pickanumber score --slug <SLUG> <--save|--load> [FILE]\n\nFor more information, try '--help'.\n"),
        (&["score", "--load", "--slug", "x", "--unverified", "keep"], "error: the argument '--load' cannot be used with '--unverified <WHAT>'\n\nUsage: pickanumber score --slug <SLUG> <--save|--load> [FILE]\n\nFor more information, try '--help'.\n"),
        (&["combine", "a.md", "--max-unverified", "0.2"], "error: the following required arguments were not provided:\n  --against <PATH>\n\nUsage: pickanumber combine --against <PATH> --max-unverified <RATE> <PASS>...\n\nFor more information, try '--help'.\n"),
        (&["score", "--compat", "python"], "error: invalid value 'python' for '--compat <SCORER>'\n  [possible values: score-py]\n\nFor more information, try '--help'.\n"),
        (&["versions"], "error: the following required arguments were not provided:\n  --slug <SLUG>\n\nUsage: pickanumber versions --slug <SLUG>\n\nFor more information, try '--help'.\n"),
        (&["versions", "--slug", "x", "extra"], "error: unexpected argument 'extra' found\n\nUsage: pickanumber versions [OPTIONS] --slug <SLUG>\n\nFor more information, try '--help'.\n"),
    ];
    for (args, message) in cases {
        let out = pick(args).stdin("{}").judge_dir(dir.path()).output();
        assert_exit_2(&out);
        let err = stderr(&out);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        if !message.is_empty() {
            assert_eq!(err, *message, "{args:?}");
        }
    }
    assert!(files_in(dir.path()).is_empty());
}

#[test]
fn help_and_version_exit_0_on_stdout() {
    for args in [
        vec!["--help"],
        vec!["-h"],
        vec!["help", "score"],
        vec!["score", "--help"],
        vec!["score", "-h"],
        vec!["versions", "--help"],
        vec!["--version"],
        vec!["-V"],
    ] {
        let out = pick(&args).output();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(!out.stdout.is_empty() && out.stderr.is_empty(), "{args:?}");
    }
    assert_eq!(
        stdout(&pick(&["--version"]).output()),
        format!("pickanumber {}\n", env!("CARGO_PKG_VERSION"))
    );
    let long = stdout(&pick(&["score", "--help"]).output());
    for needle in [
        "--compat <SCORER>",
        "--save",
        "--load",
        "JUDGE_DIR",
        "half away from zero",
        "{\"error\": \"not_found\", \"slug\": SLUG}",
    ] {
        assert!(long.contains(needle), "{needle}");
    }
    let versions = stdout(&pick(&["versions", "--help"]).output());
    assert!(versions.contains("--json") && versions.contains("delta_final"));
    // The old name runs the same command.
    assert_eq!(stdout(&pick(&["passes", "--help"]).output()), versions);
    assert!(stdout(&pick(&["--help"]).output())
        .contains("versions   List the versions saved for one evaluation"));
}

#[test]
fn a_corrupt_document_is_named_and_never_overwritten() {
    let dir = store();
    let path = doc_path(dir.path(), SLUG);
    for (content, why) in [
        (
            "{\"id\": \"agent-hq-pricing\", \"passes\": [",
            "invalid JSON: line 1, column 39: expected a value (an object, a list, a string, a number, true, false or null), found the end of the text",
        ),
        ("[1, 2]", "it is not a JSON object"),
        (
            "{\"id\": \"agent-hq-pricing\"}",
            "it has no \"versions\" list",
        ),
        ("{\"passes\": {}}", "it has no \"versions\" list"),
        (
            "{\"versions\": [], \"passes\": []}",
            "it has both a \"versions\" and a \"passes\" list (\"passes\" is the old name of \"versions\")",
        ),
    ] {
        std::fs::write(&path, content).unwrap();
        let message = format!(
            "pickanumber: {} is not a judge document ({why}); it was left unchanged\n",
            path.display()
        );
        for args in [
            vec!["score", "--save", "--slug", SLUG],
            vec!["score", "--load", "--slug", SLUG],
            vec!["versions", "--slug", SLUG],
        ] {
            let out = pick(&args).stdin(EVIDENCE).judge_dir(dir.path()).output();
            assert_fails(&out, 2, &message);
            assert_eq!(std::fs::read_to_string(&path).unwrap(), content);
        }
        // A refused save creates no lock.
        assert_eq!(files_in(dir.path()), [format!("{SLUG}.json")]);
    }
}

#[cfg(unix)]
#[test]
fn a_failed_write_leaves_the_document_and_no_temporary_file() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, path, original) = store_with_fixture();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root can write to a read-only folder; the test means nothing there.
    let probe = dir.path().join("probe");
    let writable = std::fs::write(&probe, "").is_ok();
    let _ = std::fs::remove_file(&probe);
    if !writable {
        let out = save(dir.path(), &[]);
        assert_exit_2(&out);
        assert!(
            stderr(&out).starts_with(&format!("pickanumber: cannot write {}: ", path.display())),
            "{}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
    }
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(files_in(dir.path()), [format!("{SLUG}.json")]);
}

#[cfg(unix)]
#[test]
fn an_existing_documents_permissions_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, path, _) = store_with_fixture();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    let out = pick(&["score", "--save", "--slug", SLUG])
        .stdin("{}")
        .judge_dir(dir.path())
        .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
}

/// A document with fixed timestamps, for exact `versions` output (its list under the old
/// name, `passes`, which is read the same).
const THREE_PASSES: &str = r#"{
  "id": "launch-plan",
  "title": "Launch plan",
  "created": "2026-05-01T09:00:00Z",
  "passes": [
    {"version": 1, "timestamp": "2026-05-01T09:00:00Z", "summary": "First draft", "evidence": {}, "scores": {"final": 47, "confidence": 0.25}},
    {"version": 2, "timestamp": "2026-05-02T10:30:00.123456+00:00", "summary": "Pricing — rewritten", "evidence": {}, "scores": {"final": 62, "confidence": 0.35}},
    {"version": 3, "timestamp": "2026-05-03T11:00:00Z", "summary": "", "evidence": {}, "scores": {"final": 58, "confidence": 0.6}}
  ]
}"#;

#[test]
fn passes_lists_each_version_with_the_change_from_the_previous() {
    let dir = store();
    std::fs::write(doc_path(dir.path(), "launch-plan"), THREE_PASSES).unwrap();
    let out = pick(&["versions", "--slug", "launch-plan"])
        .judge_dir(dir.path())
        .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "\
Launch plan (launch-plan): 3 versions
version  timestamp                         score  Δ score  confidence  Δ confidence  summary
      1  2026-05-01T09:00:00Z                 47        —        0.25             —  First draft
      2  2026-05-02T10:30:00.123456+00:00     62      +15        0.35         +0.10  Pricing — rewritten
      3  2026-05-03T11:00:00Z                 58       -4        0.60         +0.25
"
    );
    let out = pick(&["versions", "--slug", "launch-plan", "--json"])
        .judge_dir(dir.path())
        .output();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        json(&out),
        json!({
            "id": "launch-plan",
            "title": "Launch plan",
            "versions": [
                {"version": 1, "timestamp": "2026-05-01T09:00:00Z", "summary": "First draft", "final": 47, "confidence": 0.25, "delta_final": null, "delta_confidence": null},
                {"version": 2, "timestamp": "2026-05-02T10:30:00.123456+00:00", "summary": "Pricing — rewritten", "final": 62, "confidence": 0.35, "delta_final": 15, "delta_confidence": 0.1},
                {"version": 3, "timestamp": "2026-05-03T11:00:00Z", "summary": "", "final": 58, "confidence": 0.6, "delta_final": -4, "delta_confidence": 0.25},
            ]
        })
    );
}

#[test]
fn passes_of_a_saved_document() {
    let (dir, ..) = store_with_fixture();
    let out = save(dir.path(), &["--summary", "Second"]);
    assert_eq!(out.status.code(), Some(0));
    let out = pick(&["versions", "--slug", SLUG, "--json"])
        .judge_dir(dir.path())
        .output();
    let v = json(&out);
    assert_eq!(v["title"], "Agent HQ pricing strategy");
    assert_eq!(v["versions"][0]["final"], 47);
    assert_eq!(v["versions"][1]["final"], 70);
    assert_eq!(v["versions"][1]["delta_final"], 23);
    assert_eq!(v["versions"][1]["delta_confidence"], 0.0);
    let table = stdout(
        &pick(&["versions", "--slug", SLUG])
            .judge_dir(dir.path())
            .output(),
    );
    assert!(table.starts_with("Agent HQ pricing strategy (agent-hq-pricing): 2 versions\n"));
    assert!(table.contains("First pass — initial concept"), "{table}");
}

#[test]
fn passes_of_a_missing_document_exit_2() {
    let dir = store();
    for args in [
        vec!["versions", "--slug", "nope"],
        vec!["versions", "--slug", "nope", "--json"],
        vec!["passes", "--slug", "nope"],
    ] {
        let out = pick(&args).judge_dir(dir.path()).output();
        let message = format!(
            "pickanumber: no versions are saved for nope: {} does not exist (save one with `pickanumber score --save --slug nope`)\n",
            dir.path().join("nope.json").display()
        );
        assert_fails(&out, 2, &message);
    }
}

#[test]
fn notes_go_to_stderr_and_leave_the_scores_object_alone() {
    let out = pick(&["score", "--compat", "score-py"])
        .stdin("## Working\n+5 a\nhello there\n+5×4 b\n")
        .output();
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["total_items"], 5);
    assert_eq!(v["raw_score"], 100.0);
    assert_eq!(v["final"], 91);
    assert_eq!(
        stderr(&out),
        "pickanumber: note: raw score of the feedback score is clamped at 100: until confidence is full, more items raise the multiplier, so even contrary evidence can move the final further from 50\n\
         pickanumber: note: ignored (not an item): line 3\n"
    );
}

/// A folder no one can create files in, even root: the write fails after the document is
/// built, and the error names the file.
#[cfg(target_os = "linux")]
#[test]
fn a_folder_that_refuses_files_is_a_write_error() {
    let out = pick(&["score", "--save", "--slug", "x"])
        .stdin("{}")
        .judge_dir(Path::new("/proc/self"))
        .output();
    assert_exit_2(&out);
    assert!(
        stderr(&out).contains("\npickanumber: cannot write /proc/self/x.json: "),
        "{}",
        stderr(&out)
    );
}

/// The lock beside a document, which stays after a save.
fn lock_name(slug: &str) -> String {
    format!(".{slug}.json.lock")
}

/// Twenty `score --save` processes on one slug, started together: each gets its own version
/// and every pass is kept (without the lock, 2–3 of 20 passes survived and up to 14
/// processes printed version 1).
#[test]
fn twenty_concurrent_saves_keep_twenty_passes() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    const SAVERS: usize = 20;
    let dir = store();
    let mut children: Vec<_> = (0..SAVERS)
        .map(|k| {
            Command::new(env!("CARGO_BIN_EXE_pickanumber"))
                .args(["score", "--save", "--slug", SLUG, "--summary"])
                .arg(format!("saver {k}"))
                .env("JUDGE_DIR", dir.path())
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    // Every process is waiting on its input; release them all at once.
    for child in &mut children {
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(EVIDENCE.as_bytes()).unwrap();
    }
    // Readers take no lock, and see a whole document (or none yet) while the saves run.
    let readers: Vec<_> = (0..10)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_pickanumber"))
                .args(["score", "--load", "--slug", SLUG])
                .env("JUDGE_DIR", dir.path())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for reader in readers {
        let out = reader.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let v = json(&out);
        assert!(v["error"] == "not_found" || v["versions"].is_array(), "{v}");
    }
    let mut versions: Vec<u64> = children
        .into_iter()
        .map(|child| {
            let out = child.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let v = json(&out);
            assert_eq!(v["versions_total"], v["version"]);
            v["version"].as_u64().unwrap()
        })
        .collect();
    versions.sort_unstable();
    assert_eq!(versions, (1..=SAVERS as u64).collect::<Vec<_>>());
    let doc = read_doc(dir.path(), SLUG);
    let passes = doc["versions"].as_array().unwrap();
    let stored: Vec<u64> = passes
        .iter()
        .map(|p| p["version"].as_u64().unwrap())
        .collect();
    assert_eq!(stored, (1..=SAVERS as u64).collect::<Vec<_>>());
    let mut summaries: Vec<&str> = passes
        .iter()
        .map(|p| p["summary"].as_str().unwrap())
        .collect();
    summaries.sort_unstable_by_key(|s| s[6..].parse::<usize>().unwrap());
    let expected: Vec<String> = (0..SAVERS).map(|k| format!("saver {k}")).collect();
    assert_eq!(summaries, expected, "each process's own pass is kept");
    assert_eq!(
        files_in(dir.path()),
        [lock_name(SLUG), format!("{SLUG}.json")],
        "no temporary file left"
    );
}

/// Keys this version does not know are kept at every level: the document, each pass, its
/// evidence, its scores and its items; and those of new evidence are stored with it.
#[test]
fn unknown_keys_are_kept_at_every_level() {
    let dir = store();
    let stored = r#"{
  "id": "agent-hq-pricing",
  "title": "Agent HQ pricing strategy",
  "created": "2026-05-01T09:00:00Z",
  "schema": {"by": "a future version", "n": 2},
  "passes": [
    {
      "version": 1,
      "timestamp": "2026-05-01T09:00:00Z",
      "reviewer": "kk",
      "summary": "First",
      "evidence": {
        "working": [{"value": 3, "text": "a", "source": "page 2", "weight": [1, 2.5]}],
        "not_working": [],
        "missing": [],
        "confusing": [],
        "context": {"brief": "pricing"}
      },
      "scores": {"final": 58, "confidence": 0.05, "model": "m-1"}
    }
  ],
  "z_last": null
}"#;
    std::fs::write(doc_path(dir.path(), SLUG), stored).unwrap();
    let evidence = r#"{"evidence": {"context": {"brief": "v2"}, "working": [{"value": 5, "text": "b", "source": "demo"}], "tags": ["x"]}}"#;
    let out = pick(&["score", "--save", "--slug", SLUG])
        .stdin(evidence)
        .judge_dir(dir.path())
        .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let before: Value = serde_json::from_str(stored).unwrap();
    let after = read_doc(dir.path(), SLUG);
    let top: Vec<&String> = after.as_object().unwrap().keys().collect();
    assert_eq!(
        top,
        ["id", "title", "created", "schema", "versions", "z_last"],
        "the old list's key takes the new name in its place"
    );
    assert_eq!(after["schema"], before["schema"]);
    assert_eq!(after["z_last"], Value::Null);
    assert_eq!(
        after["versions"][0], before["passes"][0],
        "an old version is kept whole"
    );
    let new = &after["versions"][1]["evidence"];
    let keys: Vec<&String> = new.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "working",
            "not_working",
            "missing",
            "confusing",
            "context",
            "tags"
        ],
        "the buckets in order, then the other keys as given"
    );
    assert_eq!(new["context"], json!({"brief": "v2"}));
    assert_eq!(new["tags"], json!(["x"]));
    assert_eq!(new["working"][0]["source"], "demo");
}

/// A document that is a symbolic link is written through to the file it names: the link
/// stays a link, the lock lies beside the target, and a link to nothing is refused.
#[cfg(unix)]
#[test]
fn a_symlinked_document_is_written_through_to_its_target() {
    let dir = store();
    let judge = dir.path().join("judge");
    let elsewhere = dir.path().join("shared");
    std::fs::create_dir_all(&judge).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    let target = elsewhere.join("pricing.json");
    std::fs::copy(fixture("agent-hq-pricing.json"), &target).unwrap();
    let link = doc_path(&judge, SLUG);
    std::os::unix::fs::symlink("../shared/pricing.json", &link).unwrap();

    let out = save(&judge, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json(&out)["version"], 2);
    assert_eq!(json(&out)["saved_to"], link.to_str().unwrap());
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        std::fs::read_link(&link).unwrap(),
        Path::new("../shared/pricing.json")
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(doc["versions"].as_array().unwrap().len(), 2);
    assert_eq!(files_in(&judge), [format!("{SLUG}.json")]);
    assert_eq!(files_in(&elsewhere), [".pricing.json.lock", "pricing.json"]);

    // A link to nothing: refused by name, nothing created at either end.
    let dangling = doc_path(&judge, "dangling");
    std::os::unix::fs::symlink("../shared/gone.json", &dangling).unwrap();
    let out = pick(&["score", "--save", "--slug", "dangling"])
        .stdin(EVIDENCE)
        .judge_dir(&judge)
        .output();
    assert_fails(
        &out,
        2,
        &format!(
            "pickanumber: {} is a symbolic link to ../shared/gone.json, which does not exist; create that file or remove the link\n",
            dangling.display()
        ),
    );
    assert_eq!(files_in(&elsewhere), [".pricing.json.lock", "pricing.json"]);
}

/// A read-only document is refused rather than replaced by the rename: same bytes, same
/// mode, no temporary file, exit 2 with the reason.
#[cfg(unix)]
#[test]
fn a_read_only_document_is_refused_and_left_as_it_was() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, path, original) = store_with_fixture();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = save(dir.path(), &[]);
    assert_fails(
        &out,
        2,
        &format!(
            "pickanumber: {} is read-only; it was left unchanged (make it writable to save a version)\n",
            path.display()
        ),
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444);
    assert_eq!(files_in(dir.path()), [format!("{SLUG}.json")]);
}

/// score.py mode on 100,000 item lines without a bucket heading: one error per line, found
/// in linear time (naming each line's bucket once searched upwards from every error, which
/// is quadratic).
#[test]
fn a_hundred_thousand_lines_without_a_bucket_are_reported_in_linear_time() {
    let text: String = (0..100_000).map(|k| format!("+1 item {k}\n")).collect();
    let started = std::time::Instant::now();
    let out = pick(&["score", "--compat", "score-py"])
        .stdin(&text)
        .output();
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 100_000);
    assert!(
        err.lines().last().unwrap().starts_with(
            "pickanumber: error: line 100000 (\"+1 item 99999\"): in feedback mode every item needs a bucket"
        ),
        "{}",
        err.lines().last().unwrap()
    );
    assert!(took.as_secs() < 10, "{took:?}");
}

/// A folder where a document belongs is named, for every command that reads or writes it.
#[test]
fn a_folder_in_place_of_a_document_is_refused_by_name() {
    let dir = store();
    let path = doc_path(dir.path(), SLUG);
    std::fs::create_dir_all(&path).unwrap();
    let message = format!("pickanumber: {} is not a regular file\n", path.display());
    for args in [
        vec!["score", "--save", "--slug", SLUG],
        vec!["score", "--load", "--slug", SLUG],
        vec!["versions", "--slug", SLUG],
    ] {
        let out = pick(&args).stdin(EVIDENCE).judge_dir(dir.path()).output();
        assert_fails(&out, 2, &message);
    }
    assert_eq!(files_in(dir.path()), [format!("{SLUG}.json")]);
}

/// A refused save through a symbolic link creates nothing at the link's target: no lock
/// beside a file outside `$JUDGE_DIR`.
#[cfg(unix)]
#[test]
fn a_refused_save_through_a_symlink_leaves_no_lock_outside_the_store() {
    let dir = store();
    let judge = dir.path().join("judge");
    let elsewhere = dir.path().join("shared");
    std::fs::create_dir_all(&judge).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::write(elsewhere.join("notes.json"), "[1, 2]").unwrap();
    let link = doc_path(&judge, SLUG);
    std::os::unix::fs::symlink("../shared/notes.json", &link).unwrap();
    let out = save(&judge, &[]);
    assert_fails(
        &out,
        2,
        &format!(
            "pickanumber: {} is not a judge document (it is not a JSON object); it was left unchanged\n",
            link.display()
        ),
    );
    assert_eq!(files_in(&elsewhere), ["notes.json"]);
    assert_eq!(files_in(&judge), [format!("{SLUG}.json")]);
}

/// A save whose document would pass the 64 MiB every reader accepts is refused, and the
/// document is left as it was, still readable by `--load` and `passes`.
#[test]
fn a_save_that_would_pass_64_mib_is_refused_and_writes_nothing() {
    const LIMIT: usize = 64 * 1024 * 1024;
    let dir = store();
    let path = doc_path(dir.path(), SLUG);
    let head = r#"{
  "id": "agent-hq-pricing",
  "title": "Agent Hq Pricing",
  "created": "2026-05-02T14:03:11Z",
  "passes": [
    {
      "version": 1,
      "timestamp": "2026-05-02T14:03:11Z",
      "summary": "big",
      "evidence": {},
      "scores": {},
      "notes": ""#;
    let tail = "\"\n    }\n  ]\n}\n";
    // 100 bytes under the limit, in the layout a save writes back.
    let pad = LIMIT - 100 - head.len() - tail.len();
    let original = format!("{head}{}{tail}", "x".repeat(pad));
    assert_eq!(original.len(), LIMIT - 100);
    std::fs::write(&path, &original).unwrap();
    let out = save(dir.path(), &[]);
    assert_exit_2(&out);
    let message = stderr(&out);
    let start = format!("pickanumber: {} would hold ", path.display());
    let end = " bytes with this change, more than 64 MiB, the most pickanumber reads from one input; it was left unchanged (save under a new slug)\n";
    assert!(
        message.starts_with(&start) && message.ends_with(end),
        "{message}"
    );
    assert!(std::fs::read_to_string(&path).unwrap() == original);
    assert_eq!(files_in(dir.path()), [format!("{SLUG}.json")]);
    let out = pick(&["versions", "--slug", SLUG, "--json"])
        .judge_dir(dir.path())
        .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json(&out)["versions"].as_array().unwrap().len(), 1);
}

/// An integer serde_json would read as a float (beyond the 64-bit range) is refused by
/// every command that reads the store and by a save of evidence that holds one, naming its
/// line and column, instead of being written back as another number.
#[test]
fn an_integer_beyond_64_bits_is_refused_never_rewritten_as_a_float() {
    let (dir, path, _) = store_with_fixture();
    let huge = "123456789012345678901234567890";
    let original = format!(
        "{{\n  \"id\": \"agent-hq-pricing\",\n  \"tokens\": {huge},\n  \"passes\": []\n}}\n"
    );
    std::fs::write(&path, &original).unwrap();
    let message = format!(
        "pickanumber: {}: line 3, column 13: the integer {huge} is outside -9223372036854775808 to 18446744073709551615, the integers pickanumber keeps exactly (it would be rewritten as a float); it was left unchanged\n",
        path.display()
    );
    for args in [
        vec!["score", "--save", "--slug", SLUG],
        vec!["score", "--load", "--slug", SLUG],
        vec!["versions", "--slug", SLUG],
    ] {
        let out = pick(&args).stdin(EVIDENCE).judge_dir(dir.path()).output();
        assert_fails(&out, 2, &message);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
    }
    // Evidence holding one is not saved.
    let evidence = format!("{{\"working\": [], \"tokens\": -{huge}}}");
    let out = pick(&["score", "--save", "--slug", "other"])
        .stdin(&evidence)
        .judge_dir(dir.path())
        .output();
    assert_fails(
        &out,
        2,
        &format!("pickanumber: standard input: line 1, column 27: the integer -{huge} is outside -9223372036854775808 to 18446744073709551615, the integers pickanumber keeps exactly (it would be rewritten as a float); nothing was saved\n"),
    );
    assert!(!doc_path(dir.path(), "other").exists());
    // The largest 64-bit integers are kept exactly.
    std::fs::write(
        &path,
        "{\"passes\": [], \"big\": 18446744073709551615, \"low\": -9223372036854775808}",
    )
    .unwrap();
    let out = save(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("\"big\": 18446744073709551615,\n  \"low\": -9223372036854775808"),
        "{text}"
    );
}

/// A new pass's version repeats none of the stored ones: one more than the highest, even
/// when passes were removed by hand.
#[test]
fn a_new_version_is_one_more_than_the_highest_stored() {
    let dir = store();
    let path = doc_path(dir.path(), SLUG);
    std::fs::write(
        &path,
        r#"{"passes": [{"version": 2, "summary": "kept"}, {"version": 7, "summary": "kept too"}, {"version": "x"}]}"#,
    )
    .unwrap();
    let out = save(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json(&out)["version"], 8);
    assert_eq!(json(&out)["versions_total"], 4);
    // Fewer versions than passes: the count wins.
    std::fs::write(&path, r#"{"passes": [{"version": 1}, {"version": 1}]}"#).unwrap();
    assert_eq!(json(&save(dir.path(), &[]))["version"], 3);
    // No version can follow the largest.
    let full = r#"{"passes": [{"version": 18446744073709551615}]}"#;
    std::fs::write(&path, full).unwrap();
    assert_fails(
        &save(dir.path(), &[]),
        2,
        &format!(
            "pickanumber: {} already holds version 18446744073709551615, the highest a version can be; it was left unchanged (save under a new slug)\n",
            path.display()
        ),
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), full);
}

/// `passes` shows control characters of the stored text escaped, so a document cannot send
/// a terminal commands (colours, a new title, a cleared screen).
#[test]
fn passes_shows_control_characters_escaped() {
    let dir = store();
    std::fs::write(
        doc_path(dir.path(), "raw"),
        r#"{"title": "T\u001b]0;owned\u0007", "passes": [{"version": 1, "timestamp": "t\u009b2J", "summary": "\u001b[31mred\u001b[0m\nnext\tcol", "scores": {"final": 50, "confidence": 0.1}}]}"#,
    )
    .unwrap();
    let out = pick(&["versions", "--slug", "raw"])
        .judge_dir(dir.path())
        .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "\
T\\u{1b}]0;owned\\u{7} (raw): 1 version
version  timestamp  score  Δ score  confidence  Δ confidence  summary
      1  t\\u{9b}2J     50        —        0.10             —  \\u{1b}[31mred\\u{1b}[0m\\nnext\\tcol
"
    );
}
