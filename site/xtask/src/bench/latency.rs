//! Section 3, calculator latency in headless Chromium (`LATENCY` lines of the ignored browser test
//! `keystroke_to_output_latency`), and its keystroke → next frame time as a ratio to a bare
//! `<textarea>`'s with the same lines (the physical limit), against its targets. Then a
//! real paste (Ctrl+V) and a select-all + Delete of 10,000 and 100,000 lines on each island
//! (`PASTE` lines of `paste_and_delete_timings`), as ratios to a bare textarea's times, against
//! the bound: at most twice the bare time plus 0.3 s (10,000) or 1 s (100,000).

use std::path::Path;

use serde_json::{json, Value};

use super::report::{thousands, Report, Row};
use crate::env::{Env, Failure};

/// The browser test: its file, its name, and the prefix of the lines it prints.
const TEST: [&str; 3] = ["latency", "keystroke_to_output_latency", "LATENCY"];
/// The largest ratio of the calculator's keystroke-to-frame time to the textarea's, by size.
pub(super) const RATIO_MAX: [(u64, f64); 2] = [(1_000, 1.5), (10_000, 2.0)];
/// The paste and delete test: its file, its name, and the prefix of its lines.
const PASTE: [&str; 3] = ["paste", "paste_and_delete_timings", "PASTE"];

/// Measures keystroke-to-output latency, adds the rows to `report` and returns the JSON.
pub fn latency(env: &Env, dist: &Path, report: &mut Report) -> Result<Value, Failure> {
    let lines = super::browser(env, dist, TEST)?;
    for l in lines.iter().filter(|l| l["page"] != "textarea") {
        println!("    LATENCY {l}");
        report.rows.push(row(l));
    }
    let ratios = RATIO_MAX.map(|limit| ratio(&lines, limit));
    report.rows.extend(ratios);
    let pastes = super::browser(env, dist, PASTE)?;
    for l in &pastes {
        println!("    PASTE {l}");
        report
            .rows
            .extend(["paste", "delete"].map(|what| paste_row(l, what)));
    }
    Ok(json!({"available": true, "sizes": lines, "ratio_max": RATIO_MAX, "paste": pastes}))
}

/// The row for the paste or the delete (`what`) of one `PASTE` line: ours ÷ the bare
/// textarea's, against twice plus 0.3 s (10,000 lines) or 1 s (100,000).
pub(super) fn paste_row(l: &Value, what: &str) -> Row {
    let n = l["lines"].as_u64().unwrap_or(0);
    let ours = l[format!("{what}_ms")].as_f64().unwrap_or(f64::NAN);
    let bare = l[format!("bare_{what}_ms")].as_f64().unwrap_or(f64::NAN);
    let slack = if n >= 100_000 { 1000.0 } else { 300.0 };
    let ratio = ours / bare.max(1.0);
    let text = format!("{ratio:.2}× ({ours:.0} ms ÷ {bare:.0} ms)");
    let page = l["page"].as_str().unwrap_or("?");
    let measure = format!("{what} ÷ bare textarea's, {page}, {} lines", thousands(n));
    let target = format!("≤ 2× + {:.1} s", slack / 1000.0);
    Row::new(measure, text).target(target, ours <= 2.0 * bare + slack)
}

/// The row for one `LATENCY` line.
pub(super) fn row(l: &Value) -> Row {
    let ms = |k: &str| l[k].as_f64().map_or("–".into(), |x| format!("{x:.1} ms"));
    let (median, p95) = (ms("median_ms"), ms("p95_ms"));
    let (frame, frame_p95) = (ms("frame_median_ms"), ms("frame_p95_ms"));
    let items = thousands(l["items"].as_u64().unwrap_or(0));
    let keystrokes = l["keystrokes"].as_u64().unwrap_or(0);
    let ours = format!("median {median} · p95 {p95} (next frame: median {frame} · p95 {frame_p95}) over {keystrokes} keystrokes");
    Row::new(format!("keystroke → output, {items} items"), ours)
}

/// The calculator's median frame time over the textarea's with `items` lines, against `max`.
pub(super) fn ratio(lines: &[Value], (items, max): (u64, f64)) -> Row {
    let frame = |bare: bool| {
        let wanted = |l: &&Value| (l["page"] == "textarea") == bare && l["items"] == items;
        lines.iter().find(wanted)?["frame_median_ms"].as_f64()
    };
    let (ours, met) = match (frame(false), frame(true)) {
        (Some(ours), Some(bare)) if bare > 0.0 => {
            let ratio = ours / bare;
            let text = format!("{ratio:.2}× ({ours:.1} ms ÷ {bare:.1} ms, medians)");
            (text, ratio <= max)
        }
        _ => ("not measured".into(), false),
    };
    let items = thousands(items);
    let measure = format!("keystroke → frame ÷ bare textarea's, {items} items");
    Row::new(measure, ours).target(format!("≤ {max:.1}×"), met)
}
