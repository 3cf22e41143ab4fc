//! What the sections share: the ignored browser tests that print one JSON line per
//! measurement, and the median.

use std::path::Path;

use serde_json::Value;

use crate::env::{failed, missing, Context, Env, Failure};
use crate::setup::{CHROMEDRIVER, CHROMIUM};

/// Runs the ignored browser test `name` in `tests/{test}.rs` against `dist` and returns the JSON
/// of each line it prints that starts with `prefix` and a space (`LATENCY {…}`, `WEIGHT {…}`).
pub fn browser_lines(
    env: &Env,
    dist: &Path,
    test: &str,
    name: &str,
    prefix: &str,
) -> Result<Vec<Value>, Failure> {
    if let Some(tool) = [CHROMIUM, CHROMEDRIVER].into_iter().find(|t| !Path::new(t).is_file()) {
        return Err(missing(format!("{tool} is missing; `cargo xtask setup` installs it")));
    }
    let args = [
        "test",
        "-q",
        "-p",
        "pickanumber-browser-tests",
        "--test",
        test,
        "--",
        "--ignored",
        "--nocapture",
        name,
    ];
    println!("    cargo {}", args.join(" "));
    let output = env
        .command("cargo")
        .args(args)
        .env("PICKANUMBER_DIST", dist)
        .stderr(std::process::Stdio::inherit())
        .output();
    let output = output.context("cannot run cargo test")?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<Value> = stdout
        .lines()
        .filter_map(|l| l.trim().strip_prefix(prefix)?.strip_prefix(' '))
        .filter_map(|j| serde_json::from_str(j).ok())
        .collect();
    if !output.status.success() || lines.is_empty() {
        let tail: Vec<&str> = stdout.lines().rev().take(8).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(failed(format!("the {test} test failed: {}", tail.join(" / ").trim())));
    }
    Ok(lines)
}

/// The middle value (the mean of the two middle ones for an even count); sorts `values`.
pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_median_is_the_middle() {
        assert_eq!(super::median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(super::median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
