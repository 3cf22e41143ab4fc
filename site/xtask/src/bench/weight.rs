//! Section 1, page weight: what headless Chromium fetched for each page (`WEIGHT` lines of the
//! ignored browser test `every_page_weight`), summed per part, against issues 6 and 10's targets.

use std::path::Path;

use serde_json::{json, Value};

use super::report::{Report, Row};
use crate::env::{Env, Failure};

/// The old SvelteKit one-pager, first view, as measured for issue 6.
const OLD: &str = "15 req · 145.0 KB raw · 50.9 KB gz · 45.0 KB br";
const OLD_JS: &str = "36.0 KB JavaScript";
/// Brotli bytes at most: reading the home page (also at most 3 requests), the calculator
/// (wasm, glue and boot) on any page, and everything the home page loads.
const READING_MAX: u64 = 12_000;
const CALCULATOR_MAX: u64 = 80_000;
const HOME_MAX: u64 = 92_000;

/// Requests, then raw, gzip and brotli bytes, summed.
type Sum = [u64; 4];

fn plus(a: Sum, b: Sum) -> Sum {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]
}

/// `3 req · 10.1 KB raw · 4.0 KB gz · 3.5 KB br` (1 KB = 1,000 bytes).
fn text(sum: Sum) -> String {
    format!(
        "{} req · {} raw · {} gz · {} br",
        sum[0],
        kb(sum[1]),
        kb(sum[2]),
        kb(sum[3])
    )
}

fn kb(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1000.0)
}

/// Weighs every page, adds its rows to `report` and returns the JSON.
pub fn weight(env: &Env, dist: &Path, report: &mut Report) -> Result<Value, Failure> {
    let pages = super::browser(env, dist, ["budget", "every_page_weight", "WEIGHT"])?;
    pages.iter().for_each(|page| page_rows(page, report));
    Ok(json!({"source": "resource timing in headless Chromium", "pages": pages}))
}

/// The rows of one `WEIGHT` line: reading, the calculator, everything, and the home page's scripts.
fn page_rows(page: &Value, report: &mut Report) {
    let url = page["page"].as_str().unwrap_or("?");
    // Reading, the calculator, other scripts: the browser test's parts (scripts, wasm: the last two).
    let mut parts = [[0; 4]; 3];
    for file in page["files"].as_array().into_iter().flatten() {
        let part = ["reading", "calculator"]
            .iter()
            .position(|p| file["part"] == *p)
            .unwrap_or(2);
        let size = |k: &str| file[k].as_u64().unwrap_or(0);
        parts[part] = plus(parts[part], [1, size("raw"), size("gzip"), size("brotli")]);
    }
    let [reading, calculator, scripts] = parts;
    let (js, all) = (
        plus(calculator, scripts),
        plus(reading, plus(calculator, scripts)),
    );
    let (home, row) = (url == "/", |part: &str, sum| {
        Row::new(format!("{url} {part}"), text(sum))
    });
    if reading[0] > 0 {
        let (met, r) = (
            reading[3] <= READING_MAX && reading[0] <= 3,
            row("reading", reading),
        );
        let target = format!("≤ {} br in ≤ 3 req", kb(READING_MAX));
        report
            .rows
            .push(if home { r.target(target, met) } else { r });
    }
    if calculator[0] > 0 {
        let (target, met) = (
            format!("≤ {} br", kb(CALCULATOR_MAX)),
            calculator[3] <= CALCULATOR_MAX,
        );
        report
            .rows
            .push(row("calculator", calculator).target(target, met));
    }
    if all[0] > reading[0] {
        let target = format!("≤ {} br", kb(HOME_MAX));
        let home_row = || row("all", all).old(OLD).target(target, all[3] <= HOME_MAX);
        report
            .rows
            .push(if home { home_row() } else { row("all", all) });
    }
    if home {
        report.rows.push(row("of it JS and wasm", js).old(OLD_JS));
    }
    for missing in page["missing"].as_array().into_iter().flatten() {
        let missing = missing.as_str().unwrap_or("?");
        let note = "which the server does not have (not counted)";
        report.notes.push(format!(
            "weight {url}: the browser asked for `{missing}`, {note}"
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_summed_per_part_against_its_targets() {
        let page = json!({"page": "/", "files": [
            {"path": "/", "part": "reading", "raw": 9000, "gzip": 4000, "brotli": 3000},
            {"path": "/style.css", "part": "reading", "raw": 8000, "gzip": 3000, "brotli": 2500},
            {"path": "/calc/boot.js", "part": "calculator", "raw": 200, "gzip": 150, "brotli": 100},
            {"path": "/calc/app_bg.wasm", "part": "calculator", "raw": 150000, "gzip": 70000, "brotli": 90150},
            {"path": "/copy.js", "part": "other_scripts", "raw": 500, "gzip": 300, "brotli": 250},
        ], "external": [], "missing": ["/gone.png"]});
        let mut report = Report::default();
        page_rows(&page, &mut report);
        let rows: Vec<(&str, &str, Option<bool>)> = report
            .rows
            .iter()
            .map(|r| (&*r.measure, &*r.ours, r.met))
            .collect();
        assert_eq!(
            rows[0],
            (
                "/ reading",
                "2 req · 17.0 KB raw · 7.0 KB gz · 5.5 KB br",
                Some(true)
            )
        );
        assert_eq!((rows[1].0, rows[1].2), ("/ calculator", Some(false)));
        assert_eq!((rows[2].0, rows[2].2), ("/ all", Some(false)));
        assert_eq!(
            rows[3],
            (
                "/ of it JS and wasm",
                "3 req · 150.7 KB raw · 70.5 KB gz · 90.5 KB br",
                None
            )
        );
        assert!(report.notes[0].contains("/gone.png"));
    }
}
