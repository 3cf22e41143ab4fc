//! Section 3, calculator latency in headless Chromium: the ignored browser test
//! `keystroke_to_output_latency` (`site/browser-tests/tests/latency.rs`) prints one
//! `LATENCY {json}` line per input size; each becomes a row.

use std::path::Path;

use serde_json::{json, Value};

use super::report::Report;
use super::table::Row;
use crate::env::Env;

/// Measures keystroke-to-output latency and adds the rows and JSON to `report`.
pub fn latency(env: &Env, dist: &Path, report: &mut Report) {
    let measure = "keystroke → output (10, 1,000, 10,000 items)";
    let lines = match super::run::browser_lines(
        env,
        dist,
        "latency",
        "keystroke_to_output_latency",
        "LATENCY",
    ) {
        Ok(lines) => lines,
        Err(reason) => return report.unavailable("latency", measure, reason),
    };
    for l in &lines {
        println!("    LATENCY {l}");
        report.rows.push(row(l));
    }
    report
        .json
        .insert("latency".into(), json!({"available": true, "sizes": lines}));
}

/// The row for one `LATENCY` line.
fn row(l: &Value) -> Row {
    let ms = |k: &str| {
        l[k].as_f64()
            .map_or("–".to_owned(), |x| format!("{x:.1} ms"))
    };
    Row::new(
        "latency",
        format!(
            "keystroke → output, {} items",
            thousands(l["items"].as_u64().unwrap_or(0))
        ),
        format!(
            "median {} · p95 {} (next frame: median {} · p95 {}) over {} keystrokes",
            ms("median_ms"),
            ms("p95_ms"),
            ms("frame_median_ms"),
            ms("frame_p95_ms"),
            l["keystrokes"].as_u64().unwrap_or(0)
        ),
    )
}

/// `10,000`.
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_latency_line_reads_for_people() {
        assert_eq!(thousands(10_000), "10,000");
        assert_eq!(thousands(999), "999");
        let r = row(&json!({"items": 1000, "keystrokes": 30, "median_ms": 3.12, "p95_ms": 5.0}));
        assert_eq!(r.measure, "keystroke → output, 1,000 items");
        assert_eq!(
            r.ours,
            "median 3.1 ms · p95 5.0 ms (next frame: median – · p95 –) over 30 keystrokes"
        );
    }
}
