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
    let pip = "install -q --disable-pip-version-check --no-deps --force-reinstall";
    let installed = env.command(venv.join("pip"), pip).arg(&wheel).status();
    if !installed.is_ok_and(|s| s.success()) {
        return Err(failed(format!("pip could not install {}", wheel.display())));
    }
    println!("    python site/python/bench/passes.py (5 runs of each)");
    let mut script = env.command(venv.join("python"), "site/python/bench/passes.py");
    let figures = figures("Python bench", &mut script)?;
    report.rows.extend(python_rows(bytes, &name, &figures));
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

/// The Python package's rows: its wheel's size and name, and its script's figures.
pub(super) fn python_rows(bytes: u64, name: &str, f: &Value) -> [Row; 3] {
    let size = format!("{:.0} KB ({name})", bytes as f64 / 1000.0);
    let with = "10,000 passes × 20 items: pickanumber.analyse / plain Python";
    let [speed, off] = speed_rows(
        f,
        "python",
        [with, "the same with interval=False / plain Python"],
        "",
    );
    [
        Row::new("wheel (abi3, CPython 3.9+, stripped)", size),
        speed,
        off,
    ]
}

/// The npm package's rows from its script's figures.
pub(super) fn npm_rows(f: &Value) -> [Row; 3] {
    let kb = |k: &str| f[k].as_f64().unwrap_or(f64::NAN) / 1000.0;
    let [tarball, wasm, brotli] = ["tarball_bytes", "wasm_bytes", "wasm_brotli_bytes"].map(kb);
    let size = format!("{tarball:.1} KB tarball; wasm {wasm:.1} KB, {brotli:.1} KB brotli");
    let measure = "npm package (npm pack tarball; its wasm with brotli 11)";
    let node = format!(", Node {}", f["node"].as_str().unwrap_or("?"));
    let with = "10,000 passes × 20 items in Node: analyse / plain JavaScript";
    let [speed, off] = speed_rows(
        f,
        "js",
        [with, "the same with interval: false / plain JavaScript"],
        &node,
    );
    [Row::new(measure, size), speed, off]
}

/// The two speed rows of a script's figures, `measures` with the bootstrap interval and
/// without it, against the plain language's time (`plain_{language}_seconds`), and whether
/// every final agreed; `about` adds to the first's medians.
fn speed_rows(f: &Value, language: &str, measures: [&str; 2], about: &str) -> [Row; 2] {
    let s = |k: &str| f[k].as_f64().unwrap_or(f64::NAN);
    let plain = s(&format!("plain_{language}_seconds"));
    let agree = match f["finals_agree"] == true {
        true => "every final agrees",
        false => "FINALS DIFFER",
    };
    let (ratio, ratio_off) = (s("ratio"), s("ratio_no_interval"));
    let (with, without) = (s("api_seconds"), s("api_no_interval_seconds"));
    let with = format!("{ratio:.2}× ({with:.3} s / {plain:.3} s, medians of 5{about}; {agree})");
    let without = format!("{ratio_off:.2}× ({without:.3} s / {plain:.3} s, medians of 5)");
    [Row::new(measures[0], with), Row::new(measures[1], without)]
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
