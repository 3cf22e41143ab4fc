//! What the sections share for running tools and reading their figures: cargo's target folder,
//! the ignored browser tests that print a JSON line per measurement, child processes in their
//! own process group (Lighthouse and its Chromium, `cargo xtask serve`) waited on with a time
//! limit and ended as a group, and the median.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::env::{human, Env};

/// Cargo's target folder (`$CARGO_TARGET_DIR` or `target/`).
pub fn target_dir(env: &Env) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|p| if p.is_absolute() { p } else { env.repo.join(p) })
        .unwrap_or_else(|| env.repo.join("target"))
}

/// Runs the ignored browser test `name` in `tests/{test}.rs` against `dist` and returns the JSON
/// of each line it prints that starts with `prefix` (`LATENCY {…}`, `WEIGHT {…}`).
pub fn browser_lines(
    env: &Env,
    dist: &Path,
    test: &str,
    name: &str,
    prefix: &str,
) -> Result<Vec<Value>, String> {
    for tool in [crate::setup::CHROMIUM, crate::setup::CHROMEDRIVER] {
        if !Path::new(tool).is_file() {
            return Err(format!(
                "{tool} is missing; `cargo xtask setup` installs it"
            ));
        }
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
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo test: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<Value> = stdout
        .lines()
        .filter_map(|l| l.trim().strip_prefix(prefix)?.strip_prefix(' '))
        .filter_map(|j| serde_json::from_str(j).ok())
        .collect();
    if !output.status.success() || lines.is_empty() {
        let tail: Vec<&str> = stdout.lines().rev().take(8).collect();
        let why = tail.into_iter().rev().collect::<Vec<_>>().join(" / ");
        return Err(format!("the {test} test failed: {}", why.trim()));
    }
    Ok(lines)
}

/// The middle value (the mean of the two middle ones for an even count); sorts `values`.
pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// the group. Returns whether it succeeded and its stderr.
pub fn wait_with_timeout(mut child: Child, limit: Duration) -> Result<(bool, String), String> {
    let stderr = child.stderr.take();
    let reader = thread::spawn(move || {
        let mut text = String::new();
        if let Some(s) = stderr {
            for line in BufReader::new(s).lines().map_while(Result::ok) {
                text.push_str(&line);
                text.push('\n');
            }
        }
        text
    });
    let deadline = Instant::now() + limit;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let text = reader.join().unwrap_or_default();
                return Ok((status.success(), text));
            }
            Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(100)),
            Ok(None) => {
                kill_group(&child);
                let _ = child.wait();
                return Err(format!("timed out after {}", human(limit)));
            }
            Err(e) => return Err(format!("waiting: {e}")),
        }
    }
}

/// Ends the process group led by `child` (one this bench started with `process_group(0)`).
pub fn kill_group(child: &Child) {
    let _ = Command::new("kill")
        .args(["-TERM", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
    thread::sleep(Duration::from_millis(500));
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_median_is_the_middle() {
        assert_eq!(super::median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(super::median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
