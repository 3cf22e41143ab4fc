//! Section 1, page weight: what headless Chromium fetched for each page (`WEIGHT` lines of the
//! ignored browser test `every_page_weight`), summed per part, each against its byte budget
//! (`pickanumber-byte-budgets`, the numbers the browser tests enforce) and, where the project
//! aims lower, its aim.

use std::path::Path;

use pickanumber_byte_budgets as budgets;
use serde_json::{json, Value};

use super::report::{Report, Row};
use crate::env::{Env, Failure};

/// The old SvelteKit one-pager, first view: the point of comparison.
const OLD: &str = "15 req · 145.0 KB raw · 50.9 KB gz · 45.0 KB br";
const OLD_JS: &str = "36.0 KB JavaScript";
/// Requests, then raw, gzip and brotli bytes, summed over a part.
type Sum = [u64; 4];

fn plus(a: Sum, b: Sum) -> Sum {
    std::array::from_fn(|i| a[i] + b[i])
}

/// `3 req · 10.1 KB raw · 4.0 KB gz · 3.5 KB br` (1 KB = 1,000 bytes).
fn text([requests, raw, gzip, brotli]: Sum) -> String {
    let [raw, gzip, brotli] = [raw, gzip, brotli].map(kb);
    format!("{requests} req · {raw} raw · {gzip} gz · {brotli} br")
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

/// The rows of one `WEIGHT` line (its parts summed by the browser test): reading, the module
/// whose code the page loaded (named by its files), everything, and the home page's scripts.
pub(super) fn page_rows(page: &Value, report: &mut Report) {
    let url = page["page"].as_str().unwrap_or("?");
    let sum = |part: &str| {
        ["requests", "raw", "gzip", "brotli"].map(|k| page["parts"][part][k].as_u64().unwrap_or(0))
    };
    let [reading, calc, scripts] = ["reading", "calculator", "other_scripts"].map(sum);
    let (home, js) = (url == "/", plus(calc, scripts));
    let everything = plus(reading, js);
    let row = |part: &str, sum| Row::new(format!("{url} {part}"), text(sum));
    let judged = |row: Row, target, met| if home { row.target(target, met) } else { row };
    let rows = &mut report.rows;
    if reading[0] > 0 {
        let (most, requests) = (budgets::READING, budgets::READING_REQUESTS);
        let target = format!("≤ {} br in ≤ {requests} req", kb(most));
        let met = reading[3] <= most && reading[0] <= requests as u64;
        rows.push(judged(row("reading", reading), target, met));
    }
    let files = page["files"].as_array().into_iter().flatten();
    let mut paths = files.filter_map(|f| f["path"].as_str());
    if let Some(module) = paths.find_map(budgets::module_of) {
        let (brotli, budget, aim) = (calc[3], module.budget, module.aim());
        let target = match module.aim {
            Some(aim) => format!("≤ {} br, aim ≤ {}", kb(budget), kb(aim)),
            None => format!("≤ {} br", kb(budget)),
        };
        rows.push(row(module.name, calc).target(target, brotli <= budget));
        if brotli <= budget && brotli > aim {
            let (name, size, aim) = (module.name, kb(brotli), kb(aim));
            let note = format!("weight {url}: the {name} is {size} br, above its aim of {aim}");
            report.notes.push(note);
        }
    } else if calc[0] > 0 {
        rows.push(row("island code", calc));
    }
    if js[0] > 0 {
        let target = format!("aim ≤ {} br", kb(budgets::HOME_AIM));
        let all = row("all", everything).old(if home { OLD } else { "" });
        rows.push(judged(all, target, everything[3] <= budgets::HOME_AIM));
    }
    if home {
        rows.push(row("of it JS and wasm", js).old(OLD_JS));
    }
    for missing in page["missing"].as_array().into_iter().flatten() {
        let missing = missing.as_str().unwrap_or("?");
        let why = "which the server does not have (not counted)";
        let note = format!("weight {url}: the browser asked for `{missing}`, {why}");
        report.notes.push(note);
    }
}
