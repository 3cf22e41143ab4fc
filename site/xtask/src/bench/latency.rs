//! Section 3, calculator latency in headless Chromium (`LATENCY` lines of the ignored browser test
//! `keystroke_to_output_latency`), and its keystroke → next frame time as a ratio to a bare
//! `<textarea>`'s with the same lines (the physical limit), against issue 10's targets.

use std::path::Path;

use serde_json::{json, Value};

use super::report::{Report, Row};
use crate::env::{Env, Failure};

/// The largest ratio of the calculator's keystroke-to-frame time to the textarea's, by size.
const RATIO_MAX: [(u64, f64); 2] = [(1_000, 1.5), (10_000, 2.0)];

/// Measures keystroke-to-output latency, adds the rows to `report` and returns the JSON.
pub fn latency(env: &Env, dist: &Path, report: &mut Report) -> Result<Value, Failure> {
    let lines = super::browser(
        env,
        dist,
        ["latency", "keystroke_to_output_latency", "LATENCY"],
    )?;
    for l in lines.iter().filter(|l| l["page"] != "textarea") {
        println!("    LATENCY {l}");
        report.rows.push(row(l));
    }
    report.rows.extend(ratios(&lines));
    Ok(json!({"available": true, "sizes": lines, "ratio_max": RATIO_MAX}))
}

/// The row for one `LATENCY` line.
fn row(l: &Value) -> Row {
    let ms = |k: &str| {
        l[k].as_f64()
            .map_or("–".to_owned(), |x| format!("{x:.1} ms"))
    };
    let items = thousands(l["items"].as_u64().unwrap_or(0));
    let (median, p95, frame, frame_p95) = (
        ms("median_ms"),
        ms("p95_ms"),
        ms("frame_median_ms"),
        ms("frame_p95_ms"),
    );
    let keystrokes = l["keystrokes"].as_u64().unwrap_or(0);
    let ours = format!("median {median} · p95 {p95} (next frame: median {frame} · p95 {frame_p95}) over {keystrokes} keystrokes");
    Row::new(format!("keystroke → output, {items} items"), ours)
}

/// For each size in [`RATIO_MAX`], the calculator's median frame time over the textarea's.
fn ratios(lines: &[Value]) -> impl Iterator<Item = Row> + '_ {
    RATIO_MAX.into_iter().map(|(items, max)| {
        let frame = |bare: bool| {
            let line = lines
                .iter()
                .find(|l| (l["page"] == "textarea") == bare && l["items"] == items);
            line.and_then(|l| l["frame_median_ms"].as_f64())
        };
        let measure = format!(
            "keystroke → frame ÷ bare textarea's, {} items",
            thousands(items)
        );
        let target = format!("≤ {max:.1}×");
        match (frame(false), frame(true)) {
            (Some(ours), Some(limit)) if limit > 0.0 => {
                let text = format!(
                    "{:.2}× ({ours:.1} ms ÷ {limit:.1} ms, medians)",
                    ours / limit
                );
                Row::new(measure, text).target(target, ours / limit <= max)
            }
            _ => Row::new(measure, "not measured").target(target, false),
        }
    })
}

/// `10,000`.
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let comma = |i: usize| (i > 0 && (s.len() - i) % 3 == 0).then_some(',');
    s.chars()
        .enumerate()
        .flat_map(|(i, c)| comma(i).into_iter().chain([c]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_latency_line_reads_for_people() {
        assert_eq!(
            (thousands(10_000), thousands(999)),
            ("10,000".into(), "999".into())
        );
        let r = row(&json!({"items": 1000, "keystrokes": 30, "median_ms": 3.12, "p95_ms": 5.0}));
        assert_eq!(r.measure, "keystroke → output, 1,000 items");
        let ours = "median 3.1 ms · p95 5.0 ms (next frame: median – · p95 –) over 30 keystrokes";
        assert_eq!(r.ours, ours);
        let lines = [
            json!({"page": "calculator", "items": 1000, "frame_median_ms": 30.0}),
            json!({"page": "textarea", "items": 1000, "frame_median_ms": 16.0}),
            json!({"page": "calculator", "items": 10000, "frame_median_ms": 40.0}),
            json!({"page": "textarea", "items": 10000, "frame_median_ms": 25.0}),
        ];
        let rows: Vec<(String, Option<bool>)> = ratios(&lines).map(|r| (r.ours, r.met)).collect();
        assert_eq!(
            rows[0],
            ("1.88× (30.0 ms ÷ 16.0 ms, medians)".into(), Some(false))
        );
        assert_eq!(
            rows[1],
            ("1.60× (40.0 ms ÷ 25.0 ms, medians)".into(), Some(true))
        );
        assert_eq!(ratios(&lines[..1]).next().unwrap().ours, "not measured");
    }
}
