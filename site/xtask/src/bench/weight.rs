//! Section 1, page weight: what headless Chromium fetched for each page (the ignored test
//! `every_page_weight` in `site/browser-tests/tests/budget.rs` prints one `WEIGHT {json}` line
//! per page, each file with its raw, gzip -9 and brotli 11 bytes), summed per part.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{json, Value};

use super::report::Report;
use super::table::Row;
use crate::env::Env;

/// The old SvelteKit one-pager, first view, as measured for issue 6.
const OLD: &str = "15 req · 145.0 KB raw · 50.9 KB gz · 45.0 KB br";
const OLD_JS: &str = "36.0 KB JavaScript";
/// Targets.
const READING_MAX_BROTLI: u64 = 12_000;
const READING_MAX_REQUESTS: usize = 3;
const CALCULATOR_MAX_BROTLI: u64 = 80_000;
/// The parts, in table order: (JSON key, label).
const PARTS: [(&str, &str); 3] = [
    ("reading", "reading"),
    ("calculator", "calculator"),
    ("other_scripts", "other scripts"),
];

/// Requests and summed raw, gzip and brotli bytes.
#[derive(Clone, Copy, Default)]
struct Sum {
    requests: usize,
    raw: u64,
    gzip: u64,
    brotli: u64,
}

impl Sum {
    fn add(&mut self, file: &Value) {
        let n = |k: &str| file[k].as_u64().unwrap_or(0);
        self.requests += 1;
        self.raw += n("raw");
        self.gzip += n("gzip");
        self.brotli += n("brotli");
    }

    /// `3 req · 10.1 KB raw · 4.0 KB gz · 3.5 KB br`.
    fn text(&self) -> String {
        format!(
            "{} req · {} raw · {} gz · {} br",
            self.requests,
            kb(self.raw),
            kb(self.gzip),
            kb(self.brotli)
        )
    }

    fn to_json(self) -> Value {
        json!({"requests": self.requests, "raw": self.raw, "gzip": self.gzip, "brotli": self.brotli})
    }
}

/// `12.3 KB` (1 KB = 1,000 bytes).
pub fn kb(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1000.0)
}

/// Weighs every page and adds its rows and JSON to `report`.
pub fn weight(env: &Env, dist: &Path, report: &mut Report) {
    let measure = "page weight (every page, as the browser fetched it)";
    let pages = match super::run::browser_lines(env, dist, "budget", "every_page_weight", "WEIGHT")
    {
        Ok(pages) => pages,
        Err(reason) => return report.unavailable("weight", measure, reason),
    };
    let mut pages_json = Vec::new();
    for page in pages {
        pages_json.push(page_rows(&page, report));
    }
    report.json.insert(
        "weight".into(),
        json!({
            "source": "resource timing in headless Chromium",
            "kb": 1000, "gzip_level": 9, "brotli_quality": 11, "brotli_lgwin": 22,
            "pages": pages_json,
            "old_page": {"requests": 15, "raw_kb": 145.0, "gzip_kb": 50.9, "brotli_kb": 45.0, "javascript_kb": 36.0},
            "targets": {
                "home_reading_max_brotli": READING_MAX_BROTLI,
                "home_reading_max_requests": READING_MAX_REQUESTS,
                "calculator_max_brotli": CALCULATOR_MAX_BROTLI,
            },
        }),
    );
}

/// The rows of one page (`WEIGHT` line) and its JSON for `bench.json`.
fn page_rows(page: &Value, report: &mut Report) -> Value {
    let url = page["page"].as_str().unwrap_or("?").to_owned();
    let files = page["files"].as_array().cloned().unwrap_or_default();
    let mut parts: BTreeMap<usize, Sum> = BTreeMap::new();
    let (mut total, mut js) = (Sum::default(), Sum::default());
    for file in &files {
        let key = file["part"].as_str().unwrap_or("");
        let index = PARTS
            .iter()
            .position(|(k, _)| *k == key)
            .unwrap_or(PARTS.len() - 1);
        parts.entry(index).or_default().add(file);
        total.add(file);
        let path = file["path"].as_str().unwrap_or("");
        if [".js", ".mjs", ".wasm"].iter().any(|e| path.ends_with(e)) {
            js.add(file);
        }
    }
    let home = url == "/";
    for (index, sum) in &parts {
        let (key, label) = PARTS[*index];
        // Other scripts (the copy buttons) are in the page's total and the JSON.
        if key == "other_scripts" {
            continue;
        }
        let mut row = Row::new("weight", format!("{url} {label}"), sum.text());
        if home && key == "reading" {
            let target = format!(
                "≤ {} br in ≤ {READING_MAX_REQUESTS} req",
                kb(READING_MAX_BROTLI)
            );
            let met = sum.brotli <= READING_MAX_BROTLI && sum.requests <= READING_MAX_REQUESTS;
            row = row.target(target, met);
        }
        if key == "calculator" {
            let target = format!("≤ {} br", kb(CALCULATOR_MAX_BROTLI));
            row = row.target(target, sum.brotli <= CALCULATOR_MAX_BROTLI);
        }
        report.rows.push(row);
    }
    let only_reading = parts.len() == 1 && parts.contains_key(&0);
    if !only_reading {
        let all = Row::new("weight", format!("{url} all"), total.text());
        report.rows.push(if home { all.old(OLD) } else { all });
    }
    if home {
        let row = Row::new("weight", format!("{url} of it JS and wasm"), js.text());
        report.rows.push(row.old(OLD_JS));
    }
    for missing in page["missing"].as_array().into_iter().flatten() {
        report.notes.push(format!(
            "weight {url}: the browser asked for `{}`, which the server does not have (not counted)",
            missing.as_str().unwrap_or("?")
        ));
    }
    let part_json: serde_json::Map<String, Value> = parts
        .iter()
        .map(|(i, sum)| (PARTS[*i].0.to_owned(), sum.to_json()))
        .collect();
    let rel = url.trim_start_matches('/');
    let file = if url.ends_with('/') {
        format!("{rel}index.html")
    } else {
        rel.to_owned()
    };
    let mut out = total.to_json();
    out["page"] = json!(url);
    out["file"] = json!(file);
    out["parts"] = Value::Object(part_json);
    out["javascript_and_wasm"] = js.to_json();
    out["files"] = Value::Array(files);
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
            {"path": "/calc/app_bg.wasm", "part": "calculator", "raw": 150000, "gzip": 70000, "brotli": 60000},
            {"path": "/copy.js", "part": "other_scripts", "raw": 500, "gzip": 300, "brotli": 250},
        ], "external": [], "missing": ["/gone.png"]});
        let mut report = Report::default();
        let json = page_rows(&page, &mut report);
        let rows: Vec<(&str, &str, Option<bool>)> = report
            .rows
            .iter()
            .map(|r| (r.measure.as_str(), r.ours.as_str(), r.met))
            .collect();
        assert_eq!(
            rows[0],
            (
                "/ reading",
                "2 req · 17.0 KB raw · 7.0 KB gz · 5.5 KB br",
                Some(true)
            )
        );
        assert_eq!(rows[1].0, "/ calculator");
        assert_eq!(rows[1].2, Some(true));
        assert_eq!(rows[2].0, "/ all");
        assert_eq!(
            rows[3],
            (
                "/ of it JS and wasm",
                "3 req · 150.7 KB raw · 70.5 KB gz · 60.4 KB br",
                None
            )
        );
        assert_eq!(json["file"], "index.html");
        assert_eq!(json["parts"]["other_scripts"]["requests"], 1);
        assert!(report.notes[0].contains("/gone.png"));
    }
}
