//! Section 6, the Python package: the release wheel's size, and 10,000 passes of 20 items
//! scored through `pickanumber.analyse`, with the bootstrap interval and with
//! `interval=False`, against the same formula in plain Python (score.py's steps on its JSON
//! input), as the ratios of their median times (`site/python/bench/passes.py` prints the
//! figures).

use std::path::Path;

use serde_json::{json, Value};

use super::report::{figures, Report, Row};
use crate::env::{failed, Context, Env, Failure};
use crate::package::python;

/// Builds and installs the release wheel, runs the script, adds the rows and returns the JSON.
pub fn python(env: &Env, _: &Path, report: &mut Report) -> Result<Value, Failure> {
    let wheel = python::wheel(env)?;
    let bytes = std::fs::metadata(&wheel).context(wheel.display())?.len();
    let name = wheel.file_name().map(|n| n.to_string_lossy().into_owned());
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
    let num = |k: &str| figures[k].as_f64().unwrap_or(f64::NAN);
    let agree = if figures["finals_agree"] == json!(true) {
        "every final agrees"
    } else {
        "FINALS DIFFER"
    };
    report.rows.extend([
        Row::new(
            "wheel (abi3, CPython 3.9+, stripped)",
            format!(
                "{:.0} KB ({})",
                bytes as f64 / 1000.0,
                name.unwrap_or_default()
            ),
        ),
        Row::new(
            "10,000 passes × 20 items: pickanumber.analyse / plain Python",
            format!(
                "{:.2}× ({:.3} s / {:.3} s, medians of 5; {agree})",
                num("ratio"),
                num("api_seconds"),
                num("plain_python_seconds")
            ),
        ),
        Row::new(
            "the same with interval=False / plain Python",
            format!(
                "{:.2}× ({:.3} s / {:.3} s, medians of 5)",
                num("ratio_no_interval"),
                num("api_no_interval_seconds"),
                num("plain_python_seconds")
            ),
        ),
    ]);
    Ok(json!({"wheel_bytes": bytes, "passes": figures}))
}
