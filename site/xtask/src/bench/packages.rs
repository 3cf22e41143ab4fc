//! Sections `python` and `npm`, the packages: each one's size (the release wheel; the `npm
//! pack` tarball and its wasm with brotli), and 10,000 passes of 20 items scored through its
//! `analyse`, with the bootstrap interval and without it, against the same formula in the
//! plain language (score.py's steps on its JSON input), as the ratios of their median times.
//! `site/python/bench/passes.py` and `site/npm/bench/passes.mjs` print the figures.

use std::path::Path;

use serde_json::{json, Value};

use super::report::{Report, Row};
use crate::env::{failed, Context, Env, Failure};
use crate::package::{npm, python};

/// Builds and installs the release wheel, runs the script, adds the rows and returns the JSON.
pub fn python(env: &Env, _: &Path, report: &mut Report) -> Result<Value, Failure> {
    let wheel = python::wheel(env)?;
    let bytes = std::fs::metadata(&wheel).context(wheel.display())?.len();
    let name = wheel.file_name().unwrap_or_default().to_string_lossy();
    let venv = python::venv_dir(env).join("bin");
    let mut pip = env.command(venv.join("pip"), "install -q --disable-pip-version-check");
    let installed = pip
        .args(["--no-deps", "--force-reinstall"])
        .arg(&wheel)
        .status();
    if !installed.is_ok_and(|s| s.success()) {
        return Err(failed(format!("pip could not install {}", wheel.display())));
    }
    println!("    python site/python/bench/passes.py (5 runs of each)");
    let mut script = env.command(venv.join("python"), "site/python/bench/passes.py");
    let figures = figures("Python bench", &mut script)?;
    let size = format!("{:.0} KB ({name})", bytes as f64 / 1000.0);
    report
        .rows
        .push(Row::new("wheel (abi3, CPython 3.9+, stripped)", size));
    let language = [
        "python",
        "Python",
        ": pickanumber.analyse",
        "interval=False",
        "",
    ];
    report.rows.extend(speed_rows(&figures, language));
    Ok(json!({"wheel_bytes": bytes, "passes": figures}))
}

/// Builds the package, runs the script, adds the rows and returns the JSON.
pub fn npm(env: &Env, _: &Path, report: &mut Report) -> Result<Value, Failure> {
    npm::build(env)?;
    println!("    node site/npm/bench/passes.mjs (5 runs of each)");
    let mut script = env.command("node", "site/npm/bench/passes.mjs");
    script.env("PICKANUMBER_NPM", env.repo.join(npm::OUT));
    let figures = figures("npm bench", &mut script)?;
    report.rows.extend(npm_rows(&figures));
    Ok(json!({ "figures": figures }))
}

/// The npm package's rows from its script's figures.
fn npm_rows(f: &Value) -> [Row; 3] {
    let kb = |k: &str| f[k].as_f64().unwrap_or(f64::NAN) / 1000.0;
    let (tarball, wasm, brotli) = (
        kb("tarball_bytes"),
        kb("wasm_bytes"),
        kb("wasm_brotli_bytes"),
    );
    let size = format!("{tarball:.1} KB tarball; wasm {wasm:.1} KB, {brotli:.1} KB brotli");
    let measure = "npm package (npm pack tarball; its wasm with brotli 11)";
    let node = format!(", Node {}", f["node"].as_str().unwrap_or("?"));
    let [speed, off] = speed_rows(
        f,
        [
            "js",
            "JavaScript",
            " in Node: analyse",
            "interval: false",
            &node,
        ],
    );
    [Row::new(measure, size), speed, off]
}

/// The two speed rows of a script's figures: `api` against the plain `language` (its time
/// under `plain_{key}_seconds`), with the bootstrap interval and with `off`, and whether every
/// final agreed; `about` adds to the first's medians.
fn speed_rows(f: &Value, [key, language, api, off, about]: [&str; 5]) -> [Row; 2] {
    let s = |k: &str| f[k].as_f64().unwrap_or(f64::NAN);
    let plain = s(&format!("plain_{key}_seconds"));
    let agree = match f["finals_agree"] == true {
        true => "every final agrees",
        false => "FINALS DIFFER",
    };
    let (ratio, ratio_off) = (s("ratio"), s("ratio_no_interval"));
    let (with, without) = (s("api_seconds"), s("api_no_interval_seconds"));
    [
        Row::new(
            format!("10,000 passes × 20 items{api} / plain {language}"),
            format!("{ratio:.2}× ({with:.3} s / {plain:.3} s, medians of 5{about}; {agree})"),
        ),
        Row::new(
            format!("the same with {off} / plain {language}"),
            format!("{ratio_off:.2}× ({without:.3} s / {plain:.3} s, medians of 5)"),
        ),
    ]
}

/// The JSON a bench script prints on its standard output, or a failure naming `what` with the
/// script's standard error when it fails or prints something else.
fn figures(what: &str, script: &mut std::process::Command) -> Result<Value, Failure> {
    let out = script.output().context(format!("cannot run the {what}"))?;
    match serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()) {
        Ok(v) if out.status.success() => Ok(v),
        _ => {
            let err = String::from_utf8_lossy(&out.stderr);
            Err(failed(format!("the {what} failed: {}", err.trim())))
        }
    }
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
        let [size, speed, off] = npm_rows(&f);
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
        let differ = npm_rows(&json!({"finals_agree": false}))[1].brief();
        assert!(differ.ends_with("FINALS DIFFER)"), "{differ}");
        let f = json!({"api_seconds": 0.5, "plain_python_seconds": 0.25, "ratio": 2.0,
            "finals_agree": true, "api_no_interval_seconds": 0.4, "ratio_no_interval": 1.6});
        let python = [
            "python",
            "Python",
            ": pickanumber.analyse",
            "interval=False",
            "",
        ];
        let [speed, off] = speed_rows(&f, python).map(|r| r.brief());
        assert_eq!(speed, "10,000 passes × 20 items: pickanumber.analyse / plain Python: 2.00× (0.500 s / 0.250 s, medians of 5; every final agrees)");
        assert_eq!(
            off,
            "the same with interval=False / plain Python: 1.60× (0.400 s / 0.250 s, medians of 5)"
        );
    }
}
