//! Parity with the original aggregator, as data: `tests/parity/probe-cases.json` lists run files
//! and an items file per case, with the figures expected in `aggregate.json` and the source of
//! each expectation (`tests/parity/aggregate_model.py`, a model written from the reference
//! description of aggregate.py, and for the issue's own case also a computation by hand).
//! Where pickanumber differs on purpose (booleans, numbers beyond ±10⁹), the case also keeps
//! what aggregate.py gives, under `aggregate_py`, and `expected` is pickanumber's answer.
//!
//! Every case goes through the whole chain (run text → runs → probe → `aggregate.json` text)
//! and the JSON written is compared key by key: integers and decimals must match in kind
//! (`4.6` stays `4.6`, `1` stays `1`), and means, medians and standard deviations in value.

use pickanumber_instruments::probe::run::outcome_from_json_text;
use pickanumber_instruments::probe::{probe, report, ItemsSpec, Run};
use serde_json::Value;
use std::path::Path;

/// Keys compared by value only: Python writes a mean of integers that happens to be whole as
/// an integer (`2`), pickanumber always as a decimal (`2.0`).
const BY_VALUE: [&str; 3] = ["mean", "median", "std"];

fn cases() -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/parity/probe-cases.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    doc["cases"].as_array().unwrap().clone()
}

/// What pickanumber writes in `aggregate.json`'s `"aggregate"` for a case.
fn ours(case: &Value) -> Value {
    let runs: Vec<Run> = case["runs"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, text)| Run {
            label: format!("run-{:03}.json", i + 1),
            outcome: outcome_from_json_text(text.as_str().unwrap()),
        })
        .collect();
    let spec = ItemsSpec::from_json_str(case["items"].as_str().unwrap()).unwrap();
    let json = report::aggregate_json(&probe(&runs, &spec));
    let doc: Value = serde_json::from_str(&json).unwrap();
    doc["aggregate"].clone()
}

/// Every difference between `want` and `got` below `path`, one line each.
fn compare(path: &str, key: &str, want: &Value, got: &Value, out: &mut Vec<String>) {
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => {
            for (k, wv) in w {
                match g.get(k) {
                    Some(gv) => compare(&format!("{path}.{k}"), k, wv, gv, out),
                    None => out.push(format!("{path}.{k}: missing, expected {wv}")),
                }
            }
        }
        (Value::Array(w), Value::Array(g)) if w.len() == g.len() => {
            for (i, (wv, gv)) in w.iter().zip(g).enumerate() {
                compare(&format!("{path}[{i}]"), key, wv, gv, out);
            }
        }
        (Value::Number(w), Value::Number(g)) if BY_VALUE.contains(&key) => {
            let (w, g) = (w.as_f64(), g.as_f64());
            out.extend((w != g).then(|| format!("{path}: expected {w:?}, got {g:?}")));
        }
        (w, g) if w != g => out.push(format!("{path}: expected {w}, got {g}")),
        _ => {}
    }
}

#[test]
fn probe_matches_the_parity_cases() {
    let cases = cases();
    assert!(cases.len() >= 10, "the data file lost its cases");
    let mut failures = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        assert!(
            case["source"].as_str().is_some_and(|s| !s.is_empty()),
            "{name}: no source named"
        );
        let mut diffs = Vec::new();
        compare("aggregate", "", &case["expected"], &ours(case), &mut diffs);
        failures.extend(diffs.into_iter().map(|d| format!("{name}: {d}")));
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_issue_case_is_jittery_with_the_raw_std() {
    let case = cases()
        .into_iter()
        .find(|c| c["name"].as_str().unwrap().starts_with("issue-21"))
        .unwrap();
    let got = ours(&case);
    assert_eq!(got["per_item"][0]["std"], 2.5456);
    assert_eq!(got["per_item"][0]["max"], 4.6);
    assert_eq!(got["mean_per_item_std"], 2.5456);
    assert_eq!(got["regime_guess"], "JITTERY");
}

#[test]
fn intended_differences_keep_what_aggregate_py_gives() {
    let differing: Vec<String> = cases()
        .iter()
        .filter(|c| c.get("aggregate_py").is_some())
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        differing,
        [
            "a boolean rating (an intended difference)",
            "a rating beyond 1e9 (an intended difference)"
        ]
    );
}
