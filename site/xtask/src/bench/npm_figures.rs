//! Section `npm`, the npm package: 10,000 passes of 20 items scored through `analyse` in Node,
//! with the bootstrap interval and with `interval: false`, against the same formula in plain
//! JavaScript (score.py's steps on its JSON input), as the ratios of their median times, and
//! the package's size (the `npm pack` tarball, the wasm with
//! brotli). `site/npm/bench/passes.mjs` prints the figures; this builds the package first.

use std::path::Path;

use serde_json::{json, Value};

use super::report::{figures, Report, Row};
use crate::env::{Env, Failure};
use crate::package::npm;

/// Builds the package, runs the script, adds the rows and returns the JSON.
pub fn npm(env: &Env, _: &Path, report: &mut Report) -> Result<Value, Failure> {
    npm::build(env)?;
    println!("    node site/npm/bench/passes.mjs (5 runs of each)");
    let mut script = env.command("node", "site/npm/bench/passes.mjs");
    script.env("PICKANUMBER_NPM", env.repo.join(npm::OUT));
    let figures = figures("npm bench", &mut script)?;
    report.rows.extend(rows(&figures));
    Ok(json!({ "figures": figures }))
}

/// The table's rows from the script's figures.
fn rows(f: &Value) -> [Row; 3] {
    let num = |k: &str| f[k].as_f64().unwrap_or(f64::NAN);
    let kb = |k: &str| num(k) / 1000.0;
    let agree = match f["finals_agree"].as_bool() {
        Some(true) => "every final agrees",
        _ => "FINALS DIFFER",
    };
    [
        Row::new(
            "npm package (npm pack tarball; its wasm with brotli 11)",
            format!(
                "{:.1} KB tarball; wasm {:.1} KB, {:.1} KB brotli",
                kb("tarball_bytes"),
                kb("wasm_bytes"),
                kb("wasm_brotli_bytes")
            ),
        ),
        Row::new(
            "10,000 passes × 20 items in Node: analyse / plain JavaScript",
            format!(
                "{:.2}× ({:.3} s / {:.3} s, medians of 5, Node {}; {agree})",
                num("ratio"),
                num("api_seconds"),
                num("plain_js_seconds"),
                f["node"].as_str().unwrap_or("?")
            ),
        ),
        Row::new(
            "the same with interval: false / plain JavaScript",
            format!(
                "{:.2}× ({:.3} s / {:.3} s, medians of 5)",
                num("ratio_no_interval"),
                num("api_no_interval_seconds"),
                num("plain_js_seconds"),
            ),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_say_the_figures_and_a_disagreement() {
        let f = json!({"node": "20.20.2", "api_seconds": 0.5739, "plain_js_seconds": 0.0524,
            "ratio": 10.948, "finals_agree": true, "tarball_bytes": 146444,
            "wasm_bytes": 312089, "wasm_brotli_bytes": 113344,
            "api_no_interval_seconds": 0.4312, "ratio_no_interval": 8.229});
        let [size, speed, off] = rows(&f);
        assert_eq!(
            size.brief(),
            "npm package (npm pack tarball; its wasm with brotli 11): 146.4 KB tarball; wasm 312.1 KB, 113.3 KB brotli"
        );
        assert_eq!(
            speed.brief(),
            "10,000 passes × 20 items in Node: analyse / plain JavaScript: 10.95× (0.574 s / 0.052 s, medians of 5, Node 20.20.2; every final agrees)"
        );
        assert_eq!(
            off.brief(),
            "the same with interval: false / plain JavaScript: 8.23× (0.431 s / 0.052 s, medians of 5)"
        );
        let differ = rows(&json!({"finals_agree": false}))[1].brief();
        assert!(differ.ends_with("FINALS DIFFER)"), "{differ}");
    }
}
