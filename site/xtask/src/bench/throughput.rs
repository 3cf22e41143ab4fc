//! Section 4, native throughput of parse + score, from criterion's `estimates.json`.

use std::path::Path;

use serde_json::{json, Value};

use super::report::{Report, Row};
use crate::env::{failed, Context, Env, Failure};

/// Item lines per run of the bench.
const ITEMS: f64 = 100_000.0;

/// Runs the criterion bench, adds its row to `report` and returns the JSON.
pub fn throughput(env: &Env, _: &Path, report: &mut Report) -> Result<Value, Failure> {
    let args = "bench -p pickanumber-score --bench throughput -- --noplot";
    env.cargo(args)?;
    let estimates = "criterion/parse_and_score/100000_items/new/estimates.json";
    let file = env.target().join(estimates);
    let text = std::fs::read_to_string(&file).context(file.display())?;
    let v: Value = serde_json::from_str(&text).context(file.display())?;
    let estimate = |k: &str| {
        let missing = || failed(format!("no {k} in {}", file.display()));
        v[k]["point_estimate"].as_f64().ok_or_else(missing)
    };
    let (median_ns, mean_ns) = (estimate("median")?, estimate("mean")?);
    let per_second = ITEMS / (median_ns / 1e9);
    let (m, median_ms, mean_ms) = (per_second / 1e6, median_ns / 1e6, mean_ns / 1e6);
    let per_run = format!("{median_ms:.1} ms per 100,000 items, median; mean {mean_ms:.1} ms");
    let ours = format!("{m:.2} M items/s ({per_run})");
    let measure = "parse + score (analyse), 100,000 item lines, native release";
    report.rows.push(Row::new(measure, ours));
    Ok(
        json!({"available": true, "items": ITEMS, "median_ns": median_ns, "mean_ns": mean_ns, "items_per_second": per_second}),
    )
}
