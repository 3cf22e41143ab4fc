//! Section 1, page weight: what headless Chromium fetched for each page, from its resource
//! timing (the ignored test `every_page_weight` in `site/browser-tests/tests/budget.rs` prints
//! one `WEIGHT {json}` line per page, each file with its raw, gzip -9 and brotli 11 bytes),
//! summed per part, against the targets of issues 6 and 10.

use std::path::Path;

use serde_json::{json, Map, Value};

use super::report::{Report, Row};
use crate::env::{Env, Failure};

/// The old SvelteKit one-pager, first view, as measured for issue 6.
const OLD: &str = "15 req · 145.0 KB raw · 50.9 KB gz · 45.0 KB br";
const OLD_JS: &str = "36.0 KB JavaScript";
/// Reading the home page: brotli bytes and requests.
const READING_MAX: (u64, usize) = (12_000, 3);
/// The calculator (wasm, glue and boot), brotli bytes.
const CALCULATOR_MAX: u64 = 80_000;
/// Everything the home page loads, brotli bytes.
const HOME_MAX: u64 = 92_000;
/// The parts a file belongs to, in table order (the last also takes unknown parts).
const PARTS: [&str; 3] = ["reading", "calculator", "other_scripts"];

/// Requests and summed raw, gzip and brotli bytes.
#[derive(Clone, Copy, Default)]
struct Sum([u64; 4]);

impl Sum {
    fn add(&mut self, file: &Value) {
        self.0[0] += 1;
        for (i, key) in ["raw", "gzip", "brotli"].into_iter().enumerate() {
            self.0[i + 1] += file[key].as_u64().unwrap_or(0);
        }
    }

    /// `3 req · 10.1 KB raw · 4.0 KB gz · 3.5 KB br`.
    fn text(self) -> String {
        let [requests, raw, gzip, brotli] = self.0;
        format!("{requests} req · {} raw · {} gz · {} br", kb(raw), kb(gzip), kb(brotli))
    }

    fn json(self) -> Value {
        let [requests, raw, gzip, brotli] = self.0;
        json!({"requests": requests, "raw": raw, "gzip": gzip, "brotli": brotli})
    }
}

/// `12.3 KB` (1 KB = 1,000 bytes).
fn kb(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1000.0)
}

/// Weighs every page and adds its rows and JSON to `report`.
pub fn weight(env: &Env, dist: &Path, report: &mut Report) -> Result<(), Failure> {
    let pages = super::run::browser_lines(env, dist, "budget", "every_page_weight", "WEIGHT")?;
    let pages: Vec<Value> = pages.iter().map(|page| page_rows(page, report)).collect();
    let json = json!({
        "source": "resource timing in headless Chromium",
        "kb": 1000, "gzip_level": 9, "brotli_quality": 11, "brotli_lgwin": 22,
        "pages": pages,
        "old_page": {"requests": 15, "raw_kb": 145.0, "gzip_kb": 50.9, "brotli_kb": 45.0, "javascript_kb": 36.0},
        "targets": {"home_reading_max_brotli": READING_MAX.0, "home_reading_max_requests": READING_MAX.1,
                    "calculator_max_brotli": CALCULATOR_MAX, "home_all_max_brotli": HOME_MAX},
    });
    report.json.insert("weight".into(), json);
    Ok(())
}

/// The rows of one page (one `WEIGHT` line), and its JSON for `bench.json`.
fn page_rows(page: &Value, report: &mut Report) -> Value {
    let url = page["page"].as_str().unwrap_or("?");
    let files = page["files"].as_array().cloned().unwrap_or_default();
    let (mut parts, mut total, mut js) = ([None::<Sum>; 3], Sum::default(), Sum::default());
    for file in &files {
        let part = PARTS.iter().position(|p| file["part"] == *p).unwrap_or(2);
        parts[part].get_or_insert_with(Sum::default).add(file);
        total.add(file);
        if [".js", ".mjs", ".wasm"].iter().any(|e| file["path"].as_str().unwrap_or("").ends_with(e))
        {
            js.add(file);
        }
    }
    let home = url == "/";
    let [reading, calculator, _other] = parts;
    if let Some(sum) = reading {
        let (max, requests) = READING_MAX;
        let met = sum.0[3] <= max && sum.0[0] <= requests as u64;
        let row = Row::new("weight", format!("{url} reading"), sum.text());
        report.rows.push(if home {
            row.target(format!("≤ {} br in ≤ {requests} req", kb(max)), met)
        } else {
            row
        });
    }
    if let Some(sum) = calculator {
        let row = Row::new("weight", format!("{url} calculator"), sum.text());
        report
            .rows
            .push(row.target(format!("≤ {} br", kb(CALCULATOR_MAX)), sum.0[3] <= CALCULATOR_MAX));
    }
    // Other scripts (the copy buttons) are in the page's total and the JSON.
    if parts.iter().skip(1).any(Option::is_some) {
        let row = Row::new("weight", format!("{url} all"), total.text());
        let met = total.0[3] <= HOME_MAX;
        report.rows.push(if home {
            row.old(OLD).target(format!("≤ {} br", kb(HOME_MAX)), met)
        } else {
            row
        });
    }
    if home {
        report
            .rows
            .push(Row::new("weight", format!("{url} of it JS and wasm"), js.text()).old(OLD_JS));
    }
    for missing in page["missing"].as_array().into_iter().flatten() {
        let missing = missing.as_str().unwrap_or("?");
        let note = format!("weight {url}: the browser asked for `{missing}`, which the server does not have (not counted)");
        report.notes.push(note);
    }
    let part_json: Map<String, Value> =
        PARTS.iter().zip(parts).filter_map(|(p, sum)| Some((p.to_string(), sum?.json()))).collect();
    let file = format!(
        "{}{}",
        url.trim_start_matches('/'),
        if url.ends_with('/') { "index.html" } else { "" }
    );
    let mut out = total.json();
    out["page"] = json!(url);
    out["file"] = json!(file);
    out["parts"] = json!(part_json);
    out["javascript_and_wasm"] = js.json();
    out["files"] = json!(files);
    out["external"] = page["external"].clone();
    out["missing"] = page["missing"].clone();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_summed_per_part_with_its_targets() {
        let page = json!({"page": "/", "files": [
            {"path": "/", "part": "reading", "raw": 9000, "gzip": 4000, "brotli": 3000},
            {"path": "/style.css", "part": "reading", "raw": 8000, "gzip": 3000, "brotli": 2500},
            {"path": "/calc/boot.js", "part": "calculator", "raw": 200, "gzip": 150, "brotli": 100},
            {"path": "/calc/app_bg.wasm", "part": "calculator", "raw": 150000, "gzip": 70000, "brotli": 90150},
            {"path": "/copy.js", "part": "other_scripts", "raw": 500, "gzip": 300, "brotli": 250},
        ], "external": [], "missing": ["/gone.png"]});
        let mut report = Report::default();
        let json = page_rows(&page, &mut report);
        let rows: Vec<(&str, &str, Option<bool>)> =
            report.rows.iter().map(|r| (r.measure.as_str(), r.ours.as_str(), r.met)).collect();
        assert_eq!(
            rows[0],
            ("/ reading", "2 req · 17.0 KB raw · 7.0 KB gz · 5.5 KB br", Some(true))
        );
        assert_eq!((rows[1].0, rows[1].2), ("/ calculator", Some(false)));
        assert_eq!((rows[2].0, rows[2].2), ("/ all", Some(false)));
        assert_eq!(
            rows[3],
            ("/ of it JS and wasm", "3 req · 150.7 KB raw · 70.5 KB gz · 90.5 KB br", None)
        );
        assert_eq!(json["file"], "index.html");
        assert_eq!(json["parts"]["other_scripts"]["requests"], 1);
        assert!(report.notes[0].contains("/gone.png"));
    }
}
