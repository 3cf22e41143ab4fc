//! `cargo xtask bench`: builds the site, measures it and prints one table, each figure beside
//! its target where it has one (also `target/bench.json`). A benchmark, not a test: it never
//! fails on a figure, and a section that cannot run here is reported with the reason. One
//! module per section, in the order they run ([`SECTIONS`]); [`report`] prints the table.

mod browser;
mod build;
mod latency;
mod lighthouse;
mod report;
mod throughput;
mod weight;

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use crate::env::{failed, human, Context, Env, Failure};
use crate::pipeline::{self, DIST};
use report::Report;

/// The parts of the bench, in the order they run.
pub const SECTIONS: [&str; 5] = ["weight", "lighthouse", "latency", "throughput", "build"];

/// Builds (unless `build` is false), runs the sections in `only`, prints the table and writes
/// the JSON.
pub fn bench(env: &Env, build: bool, only: &[String]) -> Result<(), Failure> {
    let started = Instant::now();
    if build {
        pipeline::build(env, None)?;
    }
    let dist = env.repo.join(DIST);
    if !dist.join("index.html").is_file() {
        let why = "has no index.html: run `cargo xtask build` (or drop --no-build)";
        return Err(failed(format!("{} {why}", dist.display())));
    }
    let mut report = Report::default();
    for section in SECTIONS.into_iter().filter(|s| only.iter().any(|o| o == s)) {
        println!("==> bench: {}", report::title(section));
        let measured = match section {
            "weight" => weight::weight(env, &dist, &mut report),
            "lighthouse" => lighthouse::lighthouse(env, &dist, &mut report),
            "latency" => latency::latency(env, &dist, &mut report),
            "throughput" => throughput::throughput(env, &mut report),
            _ => build::build_times(env, &mut report),
        };
        if let Err(reason) = measured {
            report.unavailable(section, reason);
        }
    }
    println!("\n{}", report.table());
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let commit = env.output("git", &["rev-parse", "HEAD"]).map(|s| s.trim().to_owned());
    let out = env.target().join("bench.json");
    let mut json = report.into_json();
    json.insert("commit".into(), json!(commit));
    json.insert("measured_unix_seconds".into(), json!(now));
    let text = serde_json::to_string_pretty(&Value::Object(json)).context("bench.json")? + "\n";
    std::fs::write(&out, text).context(format!("cannot write {}", out.display()))?;
    println!("wrote {} (bench took {})", out.display(), human(started.elapsed()));
    Ok(())
}
