//! `pickanumber probe` and `pickanumber pairwise` as a user runs them, every exit path, on the
//! instruments crate's fixtures.

mod common;

use common::{assert_fails, pick, run, stderr, stdout, Run};
use std::path::{Path, PathBuf};

/// `site/instruments/tests/fixtures/<name>`, linked into `tests/fixtures/instruments/` so the
/// packaged crate carries it.
fn instruments(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/instruments")
        .join(name)
}

/// The libraries' own output for a fixture (the instruments crate's snapshots fix the text):
/// `aggregate.json` (the instruments crate) or `REPORT.md` (the view crate).
fn library_output(fixture: &str, name: &str) -> String {
    use pickanumber_instruments::probe::{fs::probe_dir, report};
    let dir = instruments(fixture);
    let p = probe_dir(&dir.join("runs"), &dir.join("items.json")).unwrap();
    match name {
        "aggregate.json" => report::aggregate_json(&p),
        _ => pickanumber_result_view::probe_report::markdown(
            &p,
            &pickanumber_result_view::words::PROBE_REPORT,
            &pickanumber_result_view::words::PROBE,
        ),
    }
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `pickanumber probe --runs-dir <runs> --items <items>`, then `more`.
fn probe(runs: &Path, items: &Path, more: &[&str]) -> Run<'static> {
    let mut args = vec!["probe", "--runs-dir", s(runs), "--items", s(items)];
    args.extend(more);
    pick(&args)
}

/// [`probe`] on the instruments crate's fixture `name` (its `runs/` and `items.json`).
fn probe_fixture(name: &str, more: &[&str]) -> Run<'static> {
    let runs = instruments(&format!("{name}/runs"));
    probe(&runs, &instruments(&format!("{name}/items.json")), more)
}

#[test]
fn probe_writes_both_files_and_prints_the_regime_and_failed_runs() {
    let out_dir = tempfile::tempdir().unwrap();
    let out_path = out_dir.path().join("new/folder");
    let out = probe_fixture("inflation", &["--out", s(&out_path)]).output();
    // Two runs failed: exit 1, with both files written all the same.
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    let expected = format!(
        "Regime: INFLATION_LIKELY, from 6 runs read (2 failed)\n\
         \x20 successful_runs=6 failed=2\n\
         \x20 ceiling_rate=0.8571 floor_rate=0.0000 range=3 mean_per_item_std=0.6197\n\
         \x20 failed run-004.json: marked parse_failed: the model answered in prose\n\
         \x20 failed run-005.json: not valid JSON: expected a value (an object, a list, a string, a number, true, false or null), found the end of the text (line 2, column 1)\n\
         Wrote {} and {}\n",
        out_path.join("aggregate.json").display(),
        out_path.join("REPORT.md").display()
    );
    assert_eq!(stdout(&out), expected);
    for name in ["aggregate.json", "REPORT.md"] {
        let written = std::fs::read_to_string(out_path.join(name)).unwrap();
        assert_eq!(written, library_output("inflation", name), "{name}");
    }
    // Nothing else (no temporary files) is left in the folder.
    let mut names: Vec<String> = std::fs::read_dir(&out_path)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["REPORT.md", "aggregate.json"]);
}

#[test]
fn probe_json_prints_aggregate_json_and_writes_nothing() {
    let cwd = tempfile::tempdir().unwrap();
    let out = probe_fixture("jittery", &["--json"])
        .cwd(cwd.path())
        .output();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), library_output("jittery", "aggregate.json"));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["aggregate"]["regime_guess"], "JITTERY");
    assert_eq!(std::fs::read_dir(cwd.path()).unwrap().count(), 0);
}

#[test]
fn probe_json_names_failed_runs_on_stderr() {
    let out = probe_fixture("inflation", &["--json"]).output();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "pickanumber: failed run-004.json: marked parse_failed: the model answered in prose\n\
         pickanumber: failed run-005.json: not valid JSON: expected a value (an object, a list, a string, a number, true, false or null), found the end of the text (line 2, column 1)\n"
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["aggregate"]["failed_runs"], 2);
}

#[test]
fn probe_exits_2_with_the_reason() {
    let empty = tempfile::tempdir().unwrap();
    let runs = instruments("inflation/runs");
    let items = instruments("inflation/items.json");
    let missing_dir = empty.path().join("nowhere");
    let missing_items = empty.path().join("items.json");
    let bad_items = empty.path().join("bad.json");
    std::fs::write(&bad_items, "{\"items\": [").unwrap();
    let out_dir = empty.path().join("out");
    let json = ["--json"];
    let cases: [(&Path, &Path, &[&str], String); 4] = [
        (
            &missing_dir,
            &items,
            &json,
            format!(
                "pickanumber: runs folder not found: {}\n",
                missing_dir.display()
            ),
        ),
        (
            &items,
            &items,
            &json,
            format!(
                "pickanumber: runs folder {} is not a folder\n",
                items.display()
            ),
        ),
        (
            &runs,
            &missing_items,
            &json,
            format!(
                "pickanumber: items file not found: {}\n",
                missing_items.display()
            ),
        ),
        (
            empty.path(),
            &items,
            &["--out", s(&out_dir)],
            format!(
                "pickanumber: no run-*.json files in {}\n",
                empty.path().display()
            ),
        ),
    ];
    for (runs, items, more, message) in cases {
        assert_fails(&probe(runs, items, more).output(), 2, &message);
    }
    // An invalid items file: the message names the file.
    let out = probe(&runs, &bad_items, &json).output();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with(&format!(
        "pickanumber: items file {}: ",
        bad_items.display()
    )));
    // Nothing was written for the folder without runs.
    assert!(!out_dir.exists());
}

#[test]
fn probe_cannot_write_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, "not a folder").unwrap();
    let out = probe_fixture("inflation", &["--out", s(&blocker)]).output();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with(&format!(
        "pickanumber: cannot write {}: ",
        blocker.display()
    )));
    assert_eq!(stdout(&out), "");
}

#[test]
fn probe_usage_errors_exit_2() {
    let items = instruments("inflation/items.json");
    for args in [
        vec!["probe", "--items", s(&items), "--json"],
        vec!["probe", "--runs-dir", "x", "--items", s(&items)],
        vec![
            "probe",
            "--runs-dir",
            "x",
            "--items",
            s(&items),
            "--out",
            "o",
            "--json",
        ],
    ] {
        let out = run(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&out), "");
        assert!(stderr(&out).starts_with("error: "), "{args:?}");
    }
}

#[test]
fn pairwise_reads_stdin_and_exits_0() {
    // The judge picks the first-shown item every time, in both orders of the one pair.
    let out = run(&["pairwise"], "alpha\tbeta\tA\nbeta\talpha\tA\n");
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["position_bias"]["first_wins"], 2);
    assert_eq!(v["position_bias"]["decided"], 2);
    assert_eq!(v["position_bias"]["share"], 1.0);
    assert_eq!(v["position_bias"]["p_value"], 0.5);
    assert_eq!(v["swap"]["pairs_both_orders"], 1);
    assert_eq!(v["swap"]["consistent"], 0);
    assert_eq!(v["swap"]["share"], 0.0);
    // One win and one loss each: α = β = 1 + 0.5 = 1.5.
    assert_eq!(v["items"][0]["alpha"], 1.5);
    assert_eq!(v["items"][0]["beta"], 1.5);
    assert_eq!(v["items"][0]["judge_again"], true);
    assert_eq!(v["errors"], serde_json::json!([]));
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["items", "position_bias", "swap", "errors"]);
}

#[test]
fn pairwise_reads_a_file_and_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("j.jsonl");
    std::fs::write(
        &file,
        "{\"first\": \"x\", \"second\": \"y\", \"verdict\": \"b\"}\n\n{\"first\": \"y\", \"second\": \"x\", \"verdict\": \"tie\"}\n",
    )
    .unwrap();
    let args = ["pairwise", s(&file)];
    let out = run(&args, "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // y won once (α 1.5), x lost once (β 1.5); the tie changes nothing.
    assert_eq!(v["items"][0]["name"], "y");
    assert_eq!(v["items"][0]["alpha"], 1.5);
    assert_eq!(v["items"][1]["beta"], 1.5);
    assert_eq!(v["position_bias"]["decided"], 1);
    assert_eq!(v["position_bias"]["first_wins"], 0);
    // `-` is standard input.
    let out = run(&["pairwise", "-"], "x\ty\tA\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn pairwise_line_errors_exit_1_with_the_json() {
    let out = run(&["pairwise"], "a\tb\tA\nbad\n");
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["errors"],
        serde_json::json!([{"line": 2, "message": "expected first, second and verdict separated by tabs, commas or spaces, found 1 field"}])
    );
    assert_eq!(v["items"].as_array().unwrap().len(), 2);
}

#[test]
fn pairwise_unreadable_input_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.tsv");
    let out = run(&["pairwise", s(&missing)], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).starts_with(&format!("pickanumber: cannot read {}: ", missing.display())));
    let binary = dir.path().join("bin");
    std::fs::write(&binary, b"a\tb\tA\n\xff\n").unwrap();
    let out = run(&["pairwise", s(&binary)], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "pickanumber: {} is not UTF-8 text (invalid byte at offset 6)\n",
            binary.display()
        )
    );
    let out = run(&["pairwise", "a", "b"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("error: "));
}

/// A runs folder with `runs` as `run-001.json`, … and an items file with `items` items; a
/// leading byte-order mark on every file when `bom`.
fn runs_folder(runs: &[&str], items: usize, bom: bool) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let mark = if bom { "\u{feff}" } else { "" };
    let runs_dir = dir.path().join("runs");
    std::fs::create_dir(&runs_dir).unwrap();
    for (i, text) in runs.iter().enumerate() {
        let file = runs_dir.join(format!("run-{:03}.json", i + 1));
        std::fs::write(file, format!("{mark}{text}")).unwrap();
    }
    let names: Vec<String> = (1..=items).map(|i| format!("\"item {i}\"")).collect();
    let items_file = dir.path().join("items.json");
    let text = format!(
        "{mark}{{\"name\": \"p\", \"items\": [{}]}}",
        names.join(", ")
    );
    std::fs::write(&items_file, text).unwrap();
    (dir, runs_dir, items_file)
}

#[test]
fn probe_keeps_raw_ratings_per_item_and_truncates_across_runs() {
    // [1] and [4.6] on one item. aggregate.py: per-item std 1.8·√2 = 2.5456 on the
    // raw ratings → JITTERY; the across-runs figures use int(): 1 and 4.
    let (_dir, runs, items) =
        runs_folder(&[r#"{"scores": [1]}"#, r#"{"scores": [4.6]}"#], 1, false);
    let out = probe(&runs, &items, &["--json"]).output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["aggregate"]["per_item"][0],
        serde_json::json!({
            "index": 1, "item_text": "item 1", "scores": [1, 4.6], "n": 2, "mean": 2.8,
            "std": 2.5456, "min": 1, "max": 4.6, "range": 3.5999999999999996, "mode": 1
        })
    );
    let across = &v["aggregate"]["across_runs"];
    assert_eq!(
        (&across["min"], &across["max"], &across["range"]),
        (&1.into(), &4.into(), &3.into())
    );
    assert_eq!(across["floor_rate"], 0.5);
    assert_eq!(v["aggregate"]["mean_per_item_std"], 2.5456);
    assert_eq!(v["aggregate"]["regime_guess"], "JITTERY");
    // The stdout JSON keeps the decimal as written.
    assert!(stdout(&out).contains("\"max\": 4.6,"));
}

#[test]
fn probe_refuses_a_boolean_rating_and_names_it() {
    let (_dir, runs, items) = runs_folder(
        &[r#"{"scores": [true, 4]}"#, r#"{"scores": [3, 4]}"#],
        2,
        false,
    );
    let out = probe(&runs, &items, &["--json"]).output();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "pickanumber: failed run-001.json: score 1 is true, not a number\n"
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["aggregate"]["successful_runs"], 1);
    assert_eq!(v["aggregate"]["failed_runs"], 1);
}

/// Run files as models write them: pretty-printed, in a ```json fence after a sentence, and
/// a sentence with a fence that closes the answer; every one is read.
#[test]
fn probe_reads_run_files_as_judge_output_is_read() {
    let texts = [
        "{\n  \"scores\": [\n    3,\n    9\n  ]\n}\n",
        "Here are my ratings.\n\n```json\n{\"scores\": [2, 8]}\n```\n",
        "Ratings:\n~~~\n[3, 9]\n~~~\nI rated each item on its own.",
    ];
    let (_dir, runs, items) = runs_folder(&texts, 2, false);
    let out = probe(&runs, &items, &["--json"]).output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["aggregate"]["successful_runs"], 3);
    assert_eq!(
        v["aggregate"]["per_item"][1]["scores"],
        serde_json::json!([9, 8, 9])
    );
}

/// A run set where most runs failed announces no regime, names each failed run, and exits 1;
/// a syntax error in a fenced block is placed on its line in the file.
#[test]
fn probe_announces_no_regime_when_too_many_runs_failed() {
    let texts = [
        r#"{"scores": [5, 5]}"#,
        "I would rate the first item a 5.",
        "```json\n{\"scores\": [5, 6]}\n```\n```json\n{\"scores\": [5, 5]}\n```",
        "Sure:\n```json\n{\"scores\": [5 6]}\n```",
    ];
    let (dir, runs, items) = runs_folder(&texts, 2, false);
    let out_path = dir.path().join("out");
    let out = probe(&runs, &items, &["--out", s(&out_path)]).output();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..6],
        [
            "Regime: none: 3 of 4 runs failed, more than the 25% the probe announces a regime with; fix the failed runs and probe again",
            "  successful_runs=1 failed=3",
            "  ceiling_rate=0.0000 floor_rate=0.0000 range=0 mean_per_item_std=absent",
            "  failed run-002.json: not valid JSON: expected a value (an object, a list, a string, a number, true, false or null), found 'I' (column 1)",
            "  failed run-003.json: 2 fenced JSON blocks; a run file holds one run, so it must have one",
            "  failed run-004.json: not valid JSON: expected ',' or ']' after a list element, found '6' (line 3, column 15)",
        ]
    );
    let report = std::fs::read_to_string(out_path.join("REPORT.md")).unwrap();
    assert!(!report.contains("PICKS_A_NUMBER**"), "{report}");
}

#[test]
fn probe_skips_a_byte_order_mark_in_run_and_items_files() {
    let texts = [r#"{"scores": [9, 2.5]}"#, r#"{"scores": [10, 3]}"#];
    let (_a, runs, items) = runs_folder(&texts, 2, true);
    let with = probe(&runs, &items, &["--json"]).output();
    let (_b, runs, items) = runs_folder(&texts, 2, false);
    let without = probe(&runs, &items, &["--json"]).output();
    assert_eq!(with.status.code(), Some(0), "{}", stderr(&with));
    assert_eq!(stderr(&with), "");
    assert_eq!(stdout(&with), stdout(&without));
    let v: serde_json::Value = serde_json::from_slice(&with.stdout).unwrap();
    assert_eq!(v["aggregate"]["successful_runs"], 2);
    assert_eq!(v["items_name"], "p");
}

#[test]
fn pairwise_skips_a_byte_order_mark() {
    // Tab-separated and JSON lines, from stdin and from a file: `\u{feff}a` is the item `a`.
    let tsv = "a\tb\tA\nb\ta\tA\n";
    let jsonl = "{\"first\": \"a\", \"second\": \"b\", \"verdict\": \"A\"}\n{\"first\": \"b\", \"second\": \"a\", \"verdict\": \"A\"}\n";
    let dir = tempfile::tempdir().unwrap();
    for text in [tsv, jsonl] {
        let plain = run(&["pairwise"], text);
        let marked = format!("\u{feff}{text}");
        let file = dir.path().join("j.txt");
        std::fs::write(&file, &marked).unwrap();
        for out in [
            run(&["pairwise"], &marked),
            run(&["pairwise", s(&file)], ""),
        ] {
            assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
            assert_eq!(stdout(&out), stdout(&plain));
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            let names: Vec<&str> = v["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i["name"].as_str().unwrap())
                .collect();
            assert_eq!(names, ["a", "b"]);
            assert_eq!(v["swap"]["pairs_both_orders"], 1);
        }
    }
}

#[test]
fn help_describes_both_subcommands() {
    let out = run(&["probe", "--help"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("INFLATION_LIKELY   ceiling_rate ≥ 0.25"));
    assert!(stdout(&out).contains("(aggregate.py would count true as 1)"));
    assert!(stdout(&out).contains("the ratings as written, so 4.6 stays 4.6"));
    let out = run(&["pairwise", "--help"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("NEITHER (or TIE)"));
}

/// An endless or oversized input ends with a message naming it, at once, instead of growing:
/// every file or stream is read up to 64 MiB.
#[cfg(unix)]
#[test]
fn inputs_over_64_mib_are_refused_by_name() {
    let started = std::time::Instant::now();
    let too_large = |name: &str| {
        format!("pickanumber: {name} is larger than 64 MiB, the most pickanumber reads from one input\n")
    };
    let runs = instruments("inflation/runs");
    let out = probe(&runs, Path::new("/dev/zero"), &["--json"]).output();
    assert_fails(&out, 2, &too_large("/dev/zero"));
    let out = run(&["pairwise", "/dev/zero"], "");
    assert_fails(&out, 2, &too_large("/dev/zero"));

    // A regular file one byte over is refused by its size (a sparse file: nothing is written).
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("run-1.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(64 * 1024 * 1024 + 1)
        .unwrap();
    let items = instruments("inflation/items.json");
    let out = probe(dir.path(), &items, &["--json"]).output();
    assert_fails(&out, 2, &too_large(s(&big)));
    // A run file may not hide behind a link to a device either: it is named.
    std::fs::remove_file(&big).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &big).unwrap();
    let out = probe(dir.path(), &items, &["--json"]).output();
    assert_fails(
        &out,
        2,
        &format!(
            "pickanumber: {} is a device; a run-*.json entry must be a regular file (or a link to one): remove or rename it\n",
            big.display()
        ),
    );
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}

/// The site's probe set (`src/probe-set.json`) is the default of `--items`: four folders of
/// runs written by hand as four kinds of judge would rate it are each classified as that kind,
/// with every item text of the set in the output.
#[test]
fn the_probe_set_is_the_default_and_classifies_plausible_judges() {
    let set: serde_json::Value =
        serde_json::from_str(include_str!("../src/probe-set.json")).unwrap();
    let texts: Vec<&str> = set["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let grades: Vec<i64> = set["intended"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_i64().unwrap())
        .collect();
    assert_eq!(texts.len(), 20);
    // Two items written for each grade of the 1–10 scale.
    for grade in 1..=10 {
        assert_eq!(
            grades.iter().filter(|&&g| g == grade).count(),
            2,
            "grade {grade}"
        );
    }
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/probe-set");
    for (judge, regime) in [
        ("calibrated", "CALIBRATED"),
        ("inflating", "INFLATION_LIKELY"),
        ("one-number", "PICKS_A_NUMBER"),
        ("jittery", "JITTERY"),
    ] {
        let runs = fixtures.join(judge);
        let out = pick(&["probe", "--runs-dir", s(&runs), "--json"]).output();
        assert_eq!(out.status.code(), Some(0), "{judge}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{judge}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["aggregate"]["regime_guess"], regime, "{judge}");
        assert_eq!(v["items_name"], "pickanumber-bug-reports", "{judge}");
        let per_item = v["aggregate"]["per_item"].as_array().unwrap();
        let seen: Vec<&str> = per_item
            .iter()
            .map(|i| i["item_text"].as_str().unwrap())
            .collect();
        assert_eq!(seen, texts, "{judge}");
        // The same runs with the set given explicitly give the same answer.
        let explicit = probe(
            &runs,
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/probe-set.json"),
            &["--json"],
        )
        .output();
        assert_eq!(explicit.stdout, out.stdout, "{judge}");
    }
    // Without --items a missing runs folder is still an error, not a silent default.
    assert_fails(
        &pick(&["probe", "--runs-dir", "no-such-folder", "--json"]).output(),
        2,
        "pickanumber: runs folder not found: no-such-folder\n",
    );
    // A judge that tracks quality rates the items in the order of their intended grades.
    let calibrated = pick(&[
        "probe",
        "--runs-dir",
        s(&fixtures.join("calibrated")),
        "--json",
    ])
    .output();
    let v: serde_json::Value = serde_json::from_slice(&calibrated.stdout).unwrap();
    let means: Vec<f64> = v["aggregate"]["per_item"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["mean"].as_f64().unwrap())
        .collect();
    for (i, j) in (0..20).flat_map(|i| (0..20).map(move |j| (i, j))) {
        if grades[i] + 1 < grades[j] {
            assert!(means[i] < means[j], "items {} and {}", i + 1, j + 1);
        }
    }
}

/// The rating prompt lists the probe set's sentences, in order, and asks for the run format
/// the probe reads.
#[test]
fn the_rating_prompt_lists_the_probe_set() {
    let set: serde_json::Value =
        serde_json::from_str(include_str!("../src/probe-set.json")).unwrap();
    let prompt = include_str!("fixtures/probe-prompt.txt");
    let listed: Vec<&str> = prompt
        .lines()
        .filter_map(|l| {
            l.split_once(". ")
                .filter(|(n, _)| n.parse::<usize>().is_ok())
        })
        .map(|(_, text)| text)
        .collect();
    let texts: Vec<&str> = set["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(listed, texts);
    assert!(prompt.contains("{\"scores\": ["));
    assert!(prompt.contains("from\n1 to 10"));
}

/// Entries named `run-*.json` that are not regular files (a folder, a FIFO, a link to
/// nothing) stop the probe, each named, instead of being passed over: a run the user meant
/// to count is never silently missing.
#[cfg(unix)]
#[test]
fn probe_names_every_run_entry_that_is_not_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    std::fs::create_dir_all(runs.join("run-2.json")).unwrap();
    std::fs::copy(
        instruments("inflation/runs/run-001.json"),
        runs.join("run-1.json"),
    )
    .unwrap();
    std::os::unix::fs::symlink("gone.json", runs.join("run-3.json")).unwrap();
    let fifo = std::process::Command::new("mkfifo")
        .arg(runs.join("run-4.json"))
        .status()
        .expect("mkfifo");
    assert!(fifo.success());
    let items = instruments("inflation/items.json");
    let out = probe(&runs, &items, &["--json"]).output();
    let r = |n: u32| runs.join(format!("run-{n}.json")).display().to_string();
    assert_fails(
        &out,
        2,
        &format!(
            "pickanumber: {} is a folder, {} is a symbolic link to nothing, {} is a FIFO; a run-*.json entry must be a regular file (or a link to one): remove or rename them\n",
            r(2),
            r(3),
            r(4)
        ),
    );
}
