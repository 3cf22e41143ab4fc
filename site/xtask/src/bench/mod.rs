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
//! [`report`] collects what the sections measured, [`table`] prints it, and [`run`] holds what
//! the sections share for running tools and reading their figures.

mod build;
mod latency;
mod lighthouse;
mod report;
mod run;
mod table;
mod throughput;
mod weight;

use std::path::PathBuf;
use std::time::Instant;

use serde_json::{json, Value};

use crate::env::{human, Env, Failure};
use crate::pipeline::{self, Mode};
use report::Report;
use run::target_dir;
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

/// Builds (unless told not to), runs the chosen sections, prints the table and writes the JSON.
pub fn bench(env: &Env, options: &Options) -> Result<(), Failure> {
    let started = Instant::now();
    if options.build {
        pipeline::build(env, Mode::Release { base_url: None })?;
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
