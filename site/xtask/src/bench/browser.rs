//! The ignored browser tests that measure for the bench, each printing one JSON line per
//! measurement.

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
    let args = format!(
        "test -q -p pickanumber-browser-tests --test {test} -- --ignored --nocapture {name}"
    );
    println!("    cargo {args}");
    let mut cargo = env.command("cargo", &args);
    cargo.env("PICKANUMBER_DIST", dist).stderr(std::process::Stdio::inherit());
    let output = cargo.output().context("cannot run cargo test")?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let json = stdout.lines().filter_map(|l| l.trim().strip_prefix(prefix)?.strip_prefix(' '));
    let lines: Vec<Value> = json.filter_map(|j| serde_json::from_str(j).ok()).collect();
    if !output.status.success() || lines.is_empty() {
        let all: Vec<&str> = stdout.lines().collect();
        let tail = all[all.len().saturating_sub(8)..].join(" / ");
        return Err(failed(format!("the {test} test failed: {}", tail.trim())));
    }
    Ok(lines)
}
