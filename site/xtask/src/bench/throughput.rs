//! Section 4, native throughput of parse + score: the formula crate's criterion bench
//! (`site/score/benches/throughput.rs`), read back from criterion's `estimates.json`.

use serde_json::{json, Value};

use super::report::Report;
use super::run::target_dir;
use super::table::Row;
use crate::env::{step, Env};

/// Item lines per run of the bench.
const ITEMS: f64 = 100_000.0;

/// Runs the criterion bench and adds its row and JSON to `report`.
pub fn throughput(env: &Env, report: &mut Report) {
    let args = [
        "bench",
        "-p",
        "pickanumber-score",
        "--bench",
        "throughput",
        "--",
        "--noplot",
    ];
    let ran = step(
        &format!("cargo {}", args.join(" ")),
        env.command("cargo").args(args),
    );
    let estimates =
        target_dir(env).join("criterion/parse_and_score/100000_items/new/estimates.json");
    let read = || -> Result<(f64, f64), String> {
        ran.as_ref().map_err(|e| e.to_string())?;
        let text = std::fs::read_to_string(&estimates)
            .map_err(|e| format!("cannot read {}: {e}", estimates.display()))?;
        let v: Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", estimates.display()))?;
        let point = |k: &str| v[k]["point_estimate"].as_f64();
        let median = point("median").ok_or("no median in estimates.json")?;
        let mean = point("mean").ok_or("no mean in estimates.json")?;
        Ok((median, mean))
    };
    match read() {
        Ok((median_ns, mean_ns)) => {
            let per_second = ITEMS / (median_ns / 1e9);
            report.rows.push(Row::new(
                "throughput",
                "parse + score (analyse), 100,000 item lines, native release",
                format!(
                    "{:.2} M items/s ({:.1} ms per 100,000 items, median; mean {:.1} ms)",
                    per_second / 1e6,
                    median_ns / 1e6,
                    mean_ns / 1e6
                ),
            ));
            report.json.insert(
                "throughput".into(),
                json!({
                    "available": true, "items": ITEMS as u64,
                    "median_ns": median_ns, "mean_ns": mean_ns,
                    "items_per_second": per_second,
                }),
            );
        }
        Err(reason) => report.unavailable("throughput", "parse + score, 100,000 items", reason),
    }
}
