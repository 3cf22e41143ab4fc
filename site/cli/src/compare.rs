//! `pickanumber compare BEFORE AFTER`: two results → the change of the headline and of each
//! criterion, and whether the intervals overlap, as one JSON object.
//!
//! Each side is a JSON result that `score` or `combine` printed (an object with `mode`,
//! `final` and `errors`), or an input, scored here with the formula crate through
//! [`pickanumber_api::evaluate`]; both sides are then read from the same JSON shape, so a
//! result saved last week and a fresh input compare alike. Differences are of the printed
//! numbers.

use crate::{print, read_input, Fatal};
use clap::Args;
use pickanumber_api::{evaluate, Options};
use serde_json::{json, Map, Value};
use std::path::PathBuf;
use std::process::ExitCode;

/// The long help of `pickanumber compare` after the option list.
pub const COMPARE_HELP: &str = "\
SIDES:
    BEFORE and AFTER are each a JSON object printed by `pickanumber score` or `combine` (read
    as it is), or an input of items in any format, scored as `score` scores it by default
    (an input with ## Pass: headings is combined).

OUTPUT:
    {\"before\": {\"mode\", \"final\", \"confidence\", \"interval\"}, \"after\": {…},
    \"change\": AFTER's final − BEFORE's (null when either has no score),
    \"confidence_change\", \"criteria\": [{\"name\", \"before\", \"after\", \"change\"}] (matrix
    finals by name; null where a side lacks the criterion),
    \"intervals_overlap\": true, false, or null when either side has no interval}

EXIT STATUS:
    0  both sides were read and scored without errors
    1  a side has errors (its errors array is not empty); the comparison is still printed
    2  usage error, an unreadable file, or a result (an object with mode, final and errors)
       whose final is not a number or null or whose errors is not a list, or whose final,
       interval ends or criteria finals lie outside 0 to 100 (confidence outside 0 to 1)";

/// Options of `pickanumber compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The earlier result or input.
    #[arg(value_name = "BEFORE")]
    pub before: PathBuf,

    /// The later result or input.
    #[arg(value_name = "AFTER")]
    pub after: PathBuf,
}

/// Runs `pickanumber compare`.
///
/// # Errors
/// A [`Fatal`] (exit 2) when a side cannot be read, or is a result (an object with `mode`,
/// `final` and `errors`) whose `final` is not a number or null or whose `errors` is not a list,
/// or whose final, interval ends or criteria finals lie outside 0–100 (its confidence outside
/// 0–1).
pub fn run(args: &CompareArgs) -> Result<ExitCode, Fatal> {
    let before = side(&args.before)?;
    let after = side(&args.after)?;
    let out = compare(&before, &after);
    let text = serde_json::to_string_pretty(&out).expect("a JSON value serialises");
    print(&format!("{text}\n"));
    let errors = |v: &Value| v["errors"].as_array().is_some_and(|e| !e.is_empty());
    Ok(ExitCode::from(if errors(&before) || errors(&after) {
        1
    } else {
        0
    }))
}

/// A side as the JSON object `score` prints: read when it is one, else scored.
fn side(path: &std::path::Path) -> Result<Value, Fatal> {
    let text = read_input(Some(path))?;
    if let Ok(Value::Object(m)) = serde_json::from_str::<Value>(&text) {
        let result = ["mode", "final", "errors"]
            .iter()
            .all(|k| m.contains_key(*k));
        if result {
            let fine = m["final"].is_number() || m["final"].is_null();
            if !fine || !m["errors"].is_array() {
                return Err(Fatal(format!(
                    "{}: a result's final must be a number or null and its errors a list",
                    path.display()
                )));
            }
            if let Err(why) = in_range(&m) {
                return Err(Fatal(format!("{}: {why}", path.display())));
            }
            return Ok(Value::Object(m));
        }
    }
    Ok(evaluate(&text, &Options::default()).to_json())
}

/// Whether a result's numbers are ones the formula can give: `final`, each end of `interval`
/// and each criterion's `final` a number from 0 to 100 (or null), `confidence` from 0 to 1.
fn in_range(m: &Map<String, Value>) -> Result<(), String> {
    let check = |what: &str, v: Option<&Value>, top: f64| match v {
        None | Some(Value::Null) => Ok(()),
        Some(x) => match x.as_f64() {
            Some(n) if (0.0..=top).contains(&n) => Ok(()),
            _ => Err(format!(
                "a result's {what} must be a number from 0 to {top} or null, not {x}"
            )),
        },
    };
    check("final", m.get("final"), 100.0)?;
    check("confidence", m.get("confidence"), 1.0)?;
    if let Some(Value::Array(ends)) = m.get("interval") {
        for end in ends {
            check("interval end", Some(end), 100.0)?;
        }
    }
    if let Some(Value::Array(criteria)) = m.get("criteria") {
        for c in criteria {
            check("criterion final", c.get("final"), 100.0)?;
        }
    }
    Ok(())
}

/// The comparison of two results.
fn compare(before: &Value, after: &Value) -> Value {
    let head = |v: &Value| {
        json!({
            "mode": v["mode"],
            "final": v["final"],
            "confidence": v["confidence"],
            "interval": v.get("interval").cloned().unwrap_or(Value::Null),
        })
    };
    let diff = |a: &Value, b: &Value| match (a.as_f64(), b.as_f64()) {
        (Some(a), Some(b)) => number(b - a),
        _ => Value::Null,
    };
    let ends = |v: &Value| -> Option<(f64, f64)> {
        let i = v.get("interval")?.as_array()?;
        Some((i.first()?.as_f64()?, i.get(1)?.as_f64()?))
    };
    let overlap = match (ends(before), ends(after)) {
        (Some((l1, h1)), Some((l2, h2))) => json!(l1 <= h2 && l2 <= h1),
        _ => Value::Null,
    };
    let mut m = Map::new();
    m.insert("before".into(), head(before));
    m.insert("after".into(), head(after));
    m.insert("change".into(), diff(&before["final"], &after["final"]));
    m.insert(
        "confidence_change".into(),
        diff(&before["confidence"], &after["confidence"]),
    );
    m.insert(
        "criteria".into(),
        Value::Array(criteria(before, after, &diff)),
    );
    m.insert("intervals_overlap".into(), overlap);
    Value::Object(m)
}

/// The criteria of either side by name (BEFORE's order, then AFTER's new ones).
fn criteria(before: &Value, after: &Value, diff: &dyn Fn(&Value, &Value) -> Value) -> Vec<Value> {
    let list = |v: &Value| -> Vec<(String, Value)> {
        v["criteria"].as_array().map_or_else(Vec::new, |a| {
            a.iter()
                .filter_map(|c| Some((c["name"].as_str()?.to_string(), c["final"].clone())))
                .collect()
        })
    };
    let (b, a) = (list(before), list(after));
    let mut names: Vec<&str> = b.iter().map(|c| c.0.as_str()).collect();
    for (n, _) in &a {
        if !names.contains(&n.as_str()) {
            names.push(n);
        }
    }
    let find = |l: &[(String, Value)], n: &str| {
        l.iter()
            .find(|c| c.0 == n)
            .map_or(Value::Null, |c| c.1.clone())
    };
    names
        .into_iter()
        .map(|n| {
            let (x, y) = (find(&b, n), find(&a, n));
            json!({"name": n, "before": x, "after": y, "change": diff(&x, &y)})
        })
        .collect()
}

/// A difference as an integer when whole, else rounded to 6 decimals (so 0.3 − 0.1 prints
/// 0.2, not 0.19999999999999998).
fn number(x: f64) -> Value {
    let r = (x * 1e6).round() / 1e6;
    if r.fract() == 0.0 && r.abs() < 1e15 {
        json!(r as i64)
    } else {
        json!(r)
    }
}
