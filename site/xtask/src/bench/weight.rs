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
/// The parts a file can belong to, besides the other scripts.
const PARTS: [&str; 2] = ["reading", "calculator"];

/// Requests, then raw, gzip and brotli bytes, summed.
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

/// The rows of one `WEIGHT` line: reading, the module whose code the page loaded (named by
/// its files), everything, and the home page's scripts.
fn page_rows(page: &Value, report: &mut Report) {
    let url = page["page"].as_str().unwrap_or("?");
    // Requests and bytes per part: reading, the calculator, other scripts (the last two are JS).
    let mut parts = [[0; 4]; 3];
    for file in page["files"].as_array().into_iter().flatten() {
        let part = PARTS.iter().position(|p| file["part"] == *p).unwrap_or(2);
        let size = |k: &str| file[k].as_u64().unwrap_or(0);
        parts[part] = plus(parts[part], [1, size("raw"), size("gzip"), size("brotli")]);
    }
    let [reading, calc, scripts] = parts;
    let (home, js) = (url == "/", plus(calc, scripts));
    let all = plus(reading, js);
    let row = |part: &str, sum| Row::new(format!("{url} {part}"), text(sum));
    let rows = &mut report.rows;
    if reading[0] > 0 && home {
        let (most, requests) = (budgets::READING, budgets::READING_REQUESTS);
        let target = format!("≤ {} br in ≤ {requests} req", kb(most));
        let met = reading[3] <= most && reading[0] <= requests as u64;
        rows.push(row("reading", reading).target(target, met));
    } else if reading[0] > 0 {
        rows.push(row("reading", reading));
    }
    let files = page["files"].as_array().into_iter().flatten();
    let mut paths = files.filter_map(|f| f["path"].as_str());
    if let Some(module) = paths.find_map(budgets::module_of) {
        let (brotli, budget) = (calc[3], module.budget);
        let target = match module.aim {
            Some(aim) => format!("≤ {} br, aim ≤ {}", kb(budget), kb(aim)),
            None => format!("≤ {} br", kb(budget)),
        };
        rows.push(row(module.name, calc).target(target, brotli <= budget));
        if brotli <= budget && brotli > module.aim() {
            let (name, size, aim) = (module.name, kb(brotli), kb(module.aim()));
            let note = format!("weight {url}: the {name} is {size} br, above its aim of {aim}");
            report.notes.push(note);
        }
    } else if calc[0] > 0 {
        rows.push(row("island code", calc));
    }
    if js[0] > 0 && home {
        let target = format!("aim ≤ {} br", kb(budgets::HOME_AIM));
        rows.push(
            row("all", all)
                .old(OLD)
                .target(target, all[3] <= budgets::HOME_AIM),
        );
    } else if js[0] > 0 {
        rows.push(row("all", all));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_summed_per_part_against_its_budgets_and_aims() {
        // The calculator 500 bytes under its budget and above its aim; the page over its aim.
        let calc = budgets::CALCULATOR.budget - 500;
        assert!(calc > budgets::CALCULATOR.aim.unwrap_or(u64::MAX));
        let page = json!({"page": "/", "files": [
            {"path": "/", "part": "reading", "raw": 9000, "gzip": 4000, "brotli": 6000},
            {"path": "/style.css", "part": "reading", "raw": 8000, "gzip": 3000, "brotli": 2500},
            {"path": "/calc/boot.js", "part": "calculator", "raw": 200, "gzip": 100, "brotli": 100},
            {"path": "/calc/pickanumber-calculator-island-1_bg.wasm", "part": "calculator", "raw": 150000, "gzip": 70000, "brotli": calc - 100},
            {"path": "/copy.js", "part": "other_scripts", "raw": 500, "gzip": 300, "brotli": 300},
        ], "external": [], "missing": ["/gone.png"]});
        let all = 8500 + calc + 300;
        assert!(all > budgets::HOME_AIM);
        let mut report = Report::default();
        page_rows(&page, &mut report);
        let rows: Vec<String> = report.rows.iter().map(Row::brief).collect();
        let expected = [
            "/ reading: 2 req · 17.0 KB raw · 7.0 KB gz · 8.5 KB br ✓".to_string(),
            format!(
                "/ calculator: 2 req · 150.2 KB raw · 70.1 KB gz · {} br ✓",
                kb(calc)
            ),
            format!(
                "/ all: 5 req · 167.7 KB raw · 77.4 KB gz · {} br ✗",
                kb(all)
            ),
            format!(
                "/ of it JS and wasm: 3 req · 150.7 KB raw · 70.4 KB gz · {} br",
                kb(calc + 300)
            ),
        ];
        assert_eq!(rows, expected);
        let notes = [
            format!(
                "weight /: the calculator is {} br, above its aim of {}",
                kb(calc),
                kb(budgets::CALCULATOR.aim.unwrap_or_default())
            ),
            "weight /: the browser asked for `/gone.png`, which the server does not have (not counted)".to_string(),
        ];
        assert_eq!(report.notes, notes);
    }

    #[test]
    fn a_module_over_its_budget_is_marked_missed() {
        // One byte over the setup island's budget.
        let over = budgets::SETUP.budget + 1;
        let page = json!({"page": "/setup/", "files": [
            {"path": "/calc/boot.js", "part": "calculator", "raw": 2900, "gzip": 1200, "brotli": 1100},
            {"path": "/calc/pickanumber-setup-island-1_bg.wasm", "part": "calculator", "raw": 120000, "gzip": 52000, "brotli": over - 1100},
        ], "external": [], "missing": []});
        let mut report = Report::default();
        page_rows(&page, &mut report);
        assert_eq!(
            report.rows[0].brief(),
            format!(
                "/setup/ setup island: 2 req · 122.9 KB raw · 53.2 KB gz · {} br ✗",
                kb(over)
            )
        );
    }

    #[test]
    fn a_module_loaded_on_first_use_has_its_own_row() {
        let page = budgets::loaded_later("/", &budgets::ON_DEMAND);
        let page = json!({"page": page, "files": [
            {"path": "/calc/pickanumber-calculator-on-demand-1.js", "part": "calculator", "raw": 5000, "gzip": 2100, "brotli": 1960},
            {"path": "/calc/pickanumber-calculator-on-demand-1_bg.wasm", "part": "calculator", "raw": 190000, "gzip": 80000, "brotli": 75144},
        ], "external": [], "missing": []});
        let mut report = Report::default();
        page_rows(&page, &mut report);
        let rows: Vec<String> = report.rows.iter().map(Row::brief).collect();
        assert_eq!(
            rows[0],
            "/ (calculator on demand) calculator on demand: 2 req · 195.0 KB raw · 82.1 KB gz · 77.1 KB br ✓"
        );
        assert!(report.notes.is_empty(), "{:?}", report.notes);
    }
}
