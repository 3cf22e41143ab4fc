//! `cargo xtask bench`: builds the site, measures it and prints one table of figures against
//! their targets (also `target/bench.json`). It never fails on a figure; a section that cannot
//! run here is reported with the reason. One module per section ([`SECTIONS`]).

mod build;
mod latency;
mod lighthouse;
mod packages;
mod report;
mod throughput;
mod weight;

use std::path::Path;
use std::process::Stdio;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use crate::env::{failed, human, missing, Context, Env, Failure};
use crate::pipeline::{self, DIST};
use crate::tools::{CHROMEDRIVER, CHROMIUM};
use report::Report;

/// What measures a section against the built site: it adds rows to the report, returns the JSON.
type Measure = fn(&Env, &Path, &mut Report) -> Result<Value, Failure>;

/// The parts of the bench, in the order they run: the name (for `--only`), the title above its
/// rows, and what measures it.
pub const SECTIONS: [(&str, &str, Measure); 7] = [
    ("weight", "page weight as headless Chromium fetched it (home page scrolled to its calculator): reading = HTML, CSS, fonts, images; calculator = the /calc/ scripts and wasm; all = also other scripts (KB = 1,000 bytes; gzip -9, brotli 11)", weight::weight),
    ("lighthouse", "Lighthouse 13 on every page (P performance, A accessibility, BP best practices)", lighthouse::lighthouse),
    ("latency", "calculator latency in headless Chromium, against a bare textarea", latency::latency),
    ("throughput", "native throughput (criterion), the verifier's hostile inputs, the CLI at 10,000 and 100,000 lines of inputs that were once quadratic, and every input form at 10,000, 100,000 and 1,000,000 items against item lines, calibrate at 1,000 to 100,000 subjects, the peak memory of ×N runs per input byte, and retest", throughput::throughput),
    ("build", "build times", build::build_times),
    ("python", "the Python package: wheel size, and the formula through the package against plain Python", packages::python),
    ("npm", "the npm package: its size, and 10,000 passes of 20 items through analyse in Node against plain JavaScript", packages::npm),
];

/// Builds (unless `build` is false), runs the sections in `only`, and prints and writes them.
pub fn bench(env: &Env, build: bool, only: &[String]) -> Result<(), Failure> {
    let started = Instant::now();
    if build {
        pipeline::build(env, None)?;
    }
    let dist = env.repo.join(DIST);
    // The native sections (throughput, build, python, npm) measure no page.
    let pages = ["weight", "lighthouse", "latency"];
    let reads_pages = only.iter().any(|o| pages.contains(&o.as_str()));
    if reads_pages && !dist.join("index.html").is_file() {
        let why = "has no index.html: run `cargo xtask build` (or drop --no-build)";
        return Err(failed(format!("{} {why}", dist.display())));
    }
    let mut report = Report::default();
    for &(name, title, measure) in SECTIONS.iter().filter(|s| only.iter().any(|o| o == s.0)) {
        println!("==> bench: {title}");
        let measured = measure(env, &dist, &mut report);
        report.section((name, title), measured);
    }
    println!("\n{}", report.table());
    let now = SystemTime::now().duration_since(UNIX_EPOCH);
    let mut json = report.into_json();
    json["commit"] = json!(env.probe("git", &["rev-parse", "HEAD"]));
    json["measured_unix_seconds"] = json!(now.map_or(0, |d| d.as_secs()));
    let out = env.target().join("bench.json");
    let text = serde_json::to_string_pretty(&json).context("bench.json")? + "\n";
    std::fs::write(&out, text).context(format!("cannot write {}", out.display()))?;
    let took = human(started.elapsed());
    println!("wrote {} (bench took {took})", out.display());
    Ok(())
}

/// Fails, saying how to install them, when any of the browser `tools` is missing.
fn installed(tools: &[&str]) -> Result<(), Failure> {
    let why = "is missing; `cargo xtask tools` installs it";
    match tools.iter().find(|t| !Path::new(t).is_file()) {
        Some(tool) => Err(missing(format!("{tool} {why}"))),
        None => Ok(()),
    }
}

/// Runs the ignored browser test `name` in `tests/{test}.rs` against `dist` and returns the JSON
/// of each line it prints that starts with `prefix` and a space (`LATENCY {…}`, `WEIGHT {…}`).
fn browser(env: &Env, dist: &Path, [test, name, prefix]: [&str; 3]) -> Result<Vec<Value>, Failure> {
    installed(&[CHROMIUM, CHROMEDRIVER])?;
    let args = format!(
        "test -q -p pickanumber-browser-tests --test {test} -- --ignored --nocapture {name}"
    );
    println!("    cargo {args}");
    let mut cargo = env.command("cargo", &args);
    cargo.env("PICKANUMBER_DIST", dist).stderr(Stdio::inherit());
    let output = cargo.output().context("cannot run cargo test")?;
    let out = String::from_utf8_lossy(&output.stdout);
    let prefix = format!("{prefix} ");
    let json = out.lines().filter_map(|l| l.trim().strip_prefix(&prefix));
    let lines: Vec<Value> = json.filter_map(|j| serde_json::from_str(j).ok()).collect();
    if !output.status.success() || lines.is_empty() {
        let all: Vec<&str> = out.lines().collect();
        let tail = all[all.len().saturating_sub(8)..].join(" / ");
        return Err(failed(format!("the {test} test failed: {}", tail.trim())));
    }
    Ok(lines)
}
