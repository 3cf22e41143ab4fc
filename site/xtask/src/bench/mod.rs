//! `cargo xtask bench`: builds the site, then measures it and prints one table (also written as
//! JSON to `target/bench.json`). A benchmark, not a test: it never fails on a figure, and a part
//! that cannot run here (Lighthouse, the browser) is reported as unavailable with the reason.
//! One module per section, in the order they run:
//!
//! 1. [`weight`]: for every page, the files the browser fetched on first view (its resource
//!    timing, from `site/browser-tests/tests/budget.rs`), raw, gzip -9 and brotli 11 bytes,
//!    split into what reading needs and what the calculator adds.
//! 2. [`lighthouse`]: Lighthouse 13, mobile and desktop, for every page, with Node 22 and
//!    Lighthouse installed from npm into `target/bench-tools/`.
//! 3. [`latency`]: the calculator in headless Chromium (`site/browser-tests/tests/latency.rs`).
//! 4. [`throughput`]: parse + score natively (`site/score/benches/throughput.rs`, criterion).
//! 5. [`build`]: rendering every page with nothing to compile, and edit-to-reload under `serve`.
//!
//! [`table`] prints the rows; [`process`] runs the child processes a section waits on.

mod build;
mod latency;
mod lighthouse;
mod process;
mod table;
mod throughput;
mod weight;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Instant;

use serde_json::{json, Value};

use crate::env::{human, Env, Failure};
use crate::pipeline::{self, Mode};
use table::Row;

/// The parts of the bench, in the order they run.
pub const SECTIONS: [&str; 5] = ["weight", "lighthouse", "latency", "throughput", "build"];

/// What `cargo xtask bench` was asked for.
#[derive(Debug, PartialEq)]
pub struct Options {
    /// Run `cargo xtask build` first (`--no-build` skips it and measures `dist/` as it is).
    pub build: bool,
    /// The sections to run (`--only a,b`); all of [`SECTIONS`] by default.
    pub only: Vec<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            build: true,
            only: SECTIONS.iter().map(|s| (*s).to_owned()).collect(),
        }
    }
}

/// Everything measured: the table's rows, notes printed under it, and the JSON.
#[derive(Default)]
struct Report {
    rows: Vec<Row>,
    notes: Vec<String>,
    json: serde_json::Map<String, Value>,
}

impl Report {
    /// A section that could not run: one row saying why, and `{"available": false}` in the JSON.
    fn unavailable(&mut self, section: &'static str, measure: &str, reason: String) {
        println!("{section}: unavailable ({reason})");
        self.rows.push(Row::new(
            section,
            measure,
            format!("unavailable ({reason})"),
        ));
        self.json.insert(
            section.into(),
            json!({"available": false, "reason": reason}),
        );
    }
}

/// Builds (unless told not to), runs the chosen sections, prints the table and writes the JSON.
pub fn bench(env: &Env, options: &Options) -> Result<(), Failure> {
    let started = Instant::now();
    if options.build {
        pipeline::build(env, Mode::Release)?;
    }
    let dist = pipeline::dist(env);
    if !dist.join("index.html").is_file() {
        return Err(Failure::Failed(format!(
            "{} has no index.html: run `cargo xtask build` (or drop --no-build)",
            dist.display()
        )));
    }
    let mut report = Report::default();
    let wants = |s: &str| options.only.iter().any(|o| o == s);
    if wants("weight") {
        println!("==> bench: page weight (what headless Chromium fetched)");
        weight::weight(env, &dist, &mut report);
    }
    if wants("lighthouse") {
        println!(
            "==> bench: Lighthouse {} (mobile and desktop, every page)",
            lighthouse::VERSION
        );
        lighthouse::lighthouse(env, &dist, &mut report);
    }
    if wants("latency") {
        println!("==> bench: calculator latency (headless Chromium)");
        latency::latency(env, &dist, &mut report);
    }
    if wants("throughput") {
        println!("==> bench: native throughput (criterion)");
        throughput::throughput(env, &mut report);
    }
    if wants("build") {
        println!("==> bench: build times");
        build::build_times(env, &mut report);
    }
    println!("\n{}", table::render(&report.rows));
    if !report.notes.is_empty() {
        println!("notes:");
        for note in &report.notes {
            println!("  - {note}");
        }
    }
    println!("\n{}", table::targets_line(&report.rows));
    let out = write_json(env, report)?;
    println!(
        "wrote {} (bench took {})",
        out.display(),
        human(started.elapsed())
    );
    Ok(())
}

/// `target/bench.json`: the table, the notes, each section's figures, the commit and the time.
fn write_json(env: &Env, mut report: Report) -> Result<PathBuf, Failure> {
    let rows: Vec<Value> = report.rows.iter().map(Row::to_json).collect();
    report.json.insert("table".into(), Value::Array(rows));
    report.json.insert("notes".into(), json!(report.notes));
    let commit = env
        .stdout("git", &["rev-parse", "HEAD"])
        .map(|s| s.trim().to_owned());
    report.json.insert("commit".into(), json!(commit));
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    report.json.insert(
        "measured_unix_seconds".into(),
        json!(now.map_or(0, |d| d.as_secs())),
    );
    let out = target_dir(env).join("bench.json");
    let text = serde_json::to_string_pretty(&Value::Object(report.json))
        .map_err(|e| Failure::Failed(format!("bench.json: {e}")))?;
    std::fs::create_dir_all(target_dir(env))
        .and_then(|()| std::fs::write(&out, text + "\n"))
        .map_err(|e| Failure::Failed(format!("cannot write {}: {e}", out.display())))?;
    Ok(out)
}

/// Cargo's target folder (`$CARGO_TARGET_DIR` or `target/`).
fn target_dir(env: &Env) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|p| if p.is_absolute() { p } else { env.repo.join(p) })
        .unwrap_or_else(|| env.repo.join("target"))
}

/// Runs the ignored browser test `name` in `tests/{test}.rs` against `dist` and returns the JSON
/// of each line it prints that starts with `prefix` (`LATENCY {…}`, `WEIGHT {…}`).
fn browser_lines(
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
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
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
