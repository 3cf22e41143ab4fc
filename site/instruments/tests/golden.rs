//! The probe on two run folders, end to end through the `fs` feature: golden `aggregate.json`
//! (`REPORT.md`'s goldens are the view crate's), both files written, hand-checked values, and every error the command maps to exit 2.
//!
//! The golden files are insta snapshots in `tests/snapshots/NAME/`; accept a reviewed change
//! with `INSTA_UPDATE=always cargo test -p pickanumber-instruments --test golden`.

use pickanumber_instruments::probe::fs::{probe_dir, read_runs_dir, write_outputs, ProbeFsError};
use pickanumber_instruments::probe::{report, Outcome, Regime};
use std::path::{Path, PathBuf};

/// A `REPORT.md` to write: its words are the view crate's (goldens there); this crate writes
/// what it is given, beside `aggregate.json`.
const REPORT: &str = "# Calibration probe\n";

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A scratch folder, removed when dropped.
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// Compares `got` with the snapshot `file` of the fixture `name`.
fn check_golden(name: &str, file: &str, got: &str) {
    let path = format!("snapshots/{name}");
    insta::with_settings!({snapshot_path => path, prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(file, got);
    });
}

#[test]
fn golden_outputs_for_both_fixtures() {
    for name in ["inflation", "jittery"] {
        let dir = fixture(name);
        let p = probe_dir(&dir.join("runs"), &dir.join("items.json")).unwrap();
        let dir = scratch();
        let out = dir.path();
        let written = write_outputs(&p, REPORT, out).unwrap();
        let json = std::fs::read_to_string(&written.aggregate_json).unwrap();
        let md = std::fs::read_to_string(&written.report_md).unwrap();
        assert_eq!(json, report::aggregate_json(&p));
        assert_eq!(md, REPORT);
        check_golden(name, "aggregate.json", &json);
        // No temporary files are left behind.
        let mut names: Vec<String> = std::fs::read_dir(out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["REPORT.md", "aggregate.json"]);
    }
}

#[test]
fn inflation_fixture_by_hand() {
    let dir = fixture("inflation");
    let p = probe_dir(&dir.join("runs"), &dir.join("items.json")).unwrap();
    let st = &p.statistics;
    // 8 run files (notes.txt and run-009.txt are not run files); run-004 is marked failed,
    // run-005 is not valid JSON.
    assert_eq!((st.successful_runs, st.failed_runs), (6, 2));
    let labels: Vec<&str> = p.failures.iter().map(|f| f.label.as_str()).collect();
    assert_eq!(labels, ["run-004.json", "run-005.json"]);
    assert_eq!(
        p.failures[0].reason,
        "marked parse_failed: the model answered in prose"
    );
    assert_eq!(
        p.failures[1].reason,
        "not valid JSON: expected a value (an object, a list, a string, a number, true, false or null), found the end of the text (line 2, column 1)"
    );
    // Ratings (run-006 truncated to 9, 10, 8, 9, 11; run-007 has three):
    //   9 10 9 8 9 | 10 10 9 9 9 | 9 9 10 8 10 | 9 10 8 9 11 | 10 9 9 | 9 10 10 9 10 → 28.
    // On the scale: 27 (the 11 is outside). At 9 or 10: 24. At 1 or 2: none.
    let a = st.across_runs.as_ref().unwrap();
    assert_eq!(a.n_total_scores, 28);
    assert_eq!(a.ceiling_count, 24);
    assert_eq!(a.ceiling_rate, 0.8571); // 24 / 28 = 0.857142…
    assert_eq!((a.floor_count, a.floor_rate), (0, 0.0));
    assert_eq!((a.min, a.max, a.range), (8, 11, 3));
    assert_eq!(a.histogram.counts[7..], [3, 14, 10]); // 8, 9, 10
                                                      // Item 5 ("Done."): 9, 9, 10, 11, 10 → n 5; run-007 has no fifth rating.
    let five = p.statistics.per_item[4].stats.as_ref().unwrap();
    assert_eq!(
        (five.n, five.min, five.max, five.mode),
        (5, 9.into(), 11.into(), 9.into())
    );
    assert_eq!(five.mean, 9.8); // 49 / 5
    assert_eq!(p.regime(), Regime::InflationLikely);
}

#[test]
fn jittery_fixture_by_hand() {
    let dir = fixture("jittery");
    let p = probe_dir(&dir.join("runs"), &dir.join("items.json")).unwrap();
    // run-10.json sorts after run-05.json ('1' > '0'), so its ratings come last.
    let one = &p.statistics.per_item[0];
    assert_eq!(one.scores, [0, 6, 1, 5, 3, 0]);
    // Item 1: sum 15, mean 2.5, squared deviations 6.25 + 12.25 + 2.25 + 6.25 + 0.25 + 6.25
    // = 33.5, / 5 = 6.7, √6.7 = 2.58844… → 2.5884.
    let s = one.stats.as_ref().unwrap();
    assert_eq!((s.mean, s.std, s.mode), (2.5, 2.5884, 0.into()));
    // Item 4 is never rated: no statistics, and it is not in the mean std.
    assert!(p.statistics.per_item[3].stats.is_none());
    assert_eq!(p.regime(), Regime::Jittery);
    // The scale is 0–6: the floor counts 0 and 1, the ceiling 5 and 6; the −1 is outside.
    let a = p.statistics.across_runs.as_ref().unwrap();
    assert_eq!((a.min, a.max), (-1, 6));
    assert_eq!(a.histogram.bars().next(), Some((0, 4)));
}

#[test]
fn aggregate_json_matches_the_shape_of_the_original() {
    let dir = fixture("jittery");
    let p = probe_dir(&dir.join("runs"), &dir.join("items.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&report::aggregate_json(&p)).unwrap();
    let keys = |v: &serde_json::Value| -> Vec<String> {
        v.as_object().unwrap().keys().cloned().collect::<Vec<_>>()
    };
    let mut top = keys(&v);
    top.sort();
    assert_eq!(top, ["aggregate", "items_name", "scale_max", "scale_min"]);
    let agg = &v["aggregate"];
    let mut k = keys(agg);
    k.sort();
    assert_eq!(
        k,
        [
            "across_runs",
            "failed_runs",
            "mean_per_item_std",
            "n_items",
            "per_item",
            "regime_guess",
            "successful_runs"
        ]
    );
    // An item nobody rated keeps only four keys.
    let mut unrated = keys(&agg["per_item"][3]);
    unrated.sort();
    assert_eq!(unrated, ["index", "item_text", "n", "scores"]);
    // Histogram keys are the scale points as strings.
    let hist = keys(&agg["across_runs"]["histogram"]);
    assert_eq!(hist, ["0", "1", "2", "3", "4", "5", "6"]);
    // 18 ratings (even): the median is a float.
    assert!(agg["across_runs"]["median"].is_f64());
}

#[test]
fn every_exit_2_error_has_its_message() {
    let scratch = scratch();
    let tmp = scratch.path();
    let items = fixture("inflation").join("items.json");
    let missing = tmp.join("nope");
    let e = probe_dir(&missing, &items).unwrap_err();
    assert!(matches!(e, ProbeFsError::RunsDirMissing(_)));
    assert_eq!(
        e.to_string(),
        format!("runs folder not found: {}", missing.display())
    );

    let e = probe_dir(&items, &items).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("runs folder {} is not a folder", items.display())
    );

    let runs = fixture("inflation").join("runs");
    let e = probe_dir(&runs, &missing).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("items file not found: {}", missing.display())
    );

    let bad_items = tmp.join("items.json");
    std::fs::write(&bad_items, r#"{"items": "one"}"#).unwrap();
    let e = probe_dir(&runs, &bad_items).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "items file {}: \"items\" is a string, not a list of strings",
            bad_items.display()
        )
    );

    let empty = tmp.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::write(empty.join("run-1.txt"), "[1]").unwrap();
    let e = probe_dir(&empty, &items).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("no run-*.json files in {}", empty.display())
    );

    // A folder named as a run file is named, never passed over.
    let folder = empty.join("run-dir.json");
    std::fs::create_dir_all(&folder).unwrap();
    let e = probe_dir(&empty, &items).unwrap_err();
    assert!(matches!(e, ProbeFsError::NotRunFiles(_)));
    assert_eq!(
        e.to_string(),
        format!(
            "{} is a folder; a run-*.json entry must be a regular file (or a link to one): remove or rename it",
            folder.display()
        )
    );
}

#[test]
fn unreadable_run_files_are_failed_runs() {
    let scratch = scratch();
    let tmp = scratch.path();
    std::fs::write(tmp.join("run-1.json"), [0xff, 0xfe, 0x00]).unwrap();
    std::fs::write(tmp.join("run-2.json"), "\u{feff}[1, 2]").unwrap();
    std::fs::write(tmp.join("run-3.json"), "[4, 5.5]").unwrap();
    std::fs::write(tmp.join("run-4.json"), "\"4 5\"").unwrap();
    let runs = read_runs_dir(tmp).unwrap();
    let got: Vec<(String, String)> = runs
        .iter()
        .map(|r| {
            let what = match &r.outcome {
                Outcome::Scored(s) => {
                    let shown: Vec<String> = s.iter().map(ToString::to_string).collect();
                    format!("[{}]", shown.join(", "))
                }
                Outcome::MarkedFailed(_) => "marked".to_string(),
                Outcome::Unreadable(e) => e.to_string(),
            };
            (r.label.clone(), what)
        })
        .collect();
    assert_eq!(
        got,
        [
            ("run-1.json".to_string(), "not UTF-8 text, so not JSON".to_string()),
            // A byte-order mark at the start of a run file is skipped.
            ("run-2.json".to_string(), "[1, 2]".to_string()),
            ("run-3.json".to_string(), "[4, 5.5]".to_string()),
            (
                "run-4.json".to_string(),
                "a string is not a run; write {\"scores\": [...]}, a bare array of numbers or a row of numbers".to_string()
            ),
        ]
    );
}

#[test]
fn outputs_replace_earlier_ones_and_report_write_errors() {
    let dir = fixture("jittery");
    let p = probe_dir(&dir.join("runs"), &dir.join("items.json")).unwrap();
    let scratch = scratch();
    let out = scratch.path().join("nested/out");
    write_outputs(&p, REPORT, &out).unwrap();
    std::fs::write(out.join("aggregate.json"), "stale").unwrap();
    write_outputs(&p, REPORT, &out).unwrap();
    assert_eq!(
        std::fs::read_to_string(out.join("aggregate.json")).unwrap(),
        report::aggregate_json(&p)
    );
    // An output folder that is a file cannot be created.
    let file = scratch.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    let e = write_outputs(&p, REPORT, &file).unwrap_err();
    assert!(matches!(e, ProbeFsError::Write { .. }));
    assert!(e
        .to_string()
        .starts_with(&format!("cannot write {}: ", file.display())));
}
