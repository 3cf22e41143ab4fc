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

/// Runs the ignored browser test `name` of the module `tests/browser/{test}.rs` against `dist`
/// and returns the JSON of each line it prints that starts with `prefix` and a space
/// (`LATENCY {…}`, `WEIGHT {…}`).
fn browser(env: &Env, dist: &Path, [test, name, prefix]: [&str; 3]) -> Result<Vec<Value>, Failure> {
    installed(&[CHROMIUM, CHROMEDRIVER])?;
    let args = format!(
        "test -q -p pickanumber-browser-tests --test browser -- --ignored --nocapture --exact {test}::{name}"
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

#[cfg(test)]
mod tests {
    use super::throughput::*;
    use super::*;

    /// Every row the bench reports, each judged row met and missed, from fixed figures (the
    /// tools' lines in `bench/sample.json`), as the table it prints: the listing in `snapshots/`
    /// changes only where a row's words, figures or limit do (accept a reviewed change with
    /// `INSTA_UPDATE=always cargo test -p xtask`).
    #[test]
    fn every_row_of_the_report() {
        let sample: Value = serde_json::from_str(include_str!("bench/sample.json")).unwrap();
        let list = |key: &str| sample[key].as_array().cloned().unwrap_or_default();
        let mut r = Report::default();
        let done = |r: &mut Report, i: usize| {
            r.section((SECTIONS[i].0, SECTIONS[i].1), Ok(Value::Null));
        };
        for page in list("weight") {
            weight::page_rows(&page, &mut r);
        }
        done(&mut r, 0);
        let (audits, error) = (&sample["lighthouse"], &sample["lighthouse_error"]);
        let mut f = lighthouse::figures(audits);
        r.notes.extend(lighthouse::notes(audits, "/ mobile"));
        r.notes.extend(lighthouse::notes(error, "/paper/ desktop"));
        let row = lighthouse::page_row;
        r.rows.extend([row("/", true, f), row("/", false, f)]);
        f[0] = Some(100.0);
        let paper = [row("/paper/", true, f), row("/paper/", false, f)];
        r.rows.extend(paper);
        let (fast, slow) = ((Some(800.0), "/".into()), (Some(1200.0), "/paper/".into()));
        let unmeasured = (None, "/paper/".into());
        let lcp = [
            vec![fast.clone(), slow],
            vec![fast.clone(), unmeasured],
            vec![fast],
        ];
        r.rows.extend(lcp.map(|lcp| lighthouse::lcp_row(&lcp)));
        done(&mut r, 1);
        let frames = list("latency");
        let (max, unmeasured) = (latency::RATIO_MAX, &frames[..1]);
        r.rows
            .extend([latency::row(&frames[0]), latency::row(&json!({}))]);
        r.rows
            .extend(max.map(|limit| latency::ratio(&frames, limit)));
        r.rows.push(latency::ratio(unmeasured, max[0]));
        for paste in list("paste") {
            let rows = ["paste", "delete"].map(|what| latency::paste_row(&paste, what));
            r.rows.extend(rows);
        }
        done(&mut r, 2);
        r.rows.push(throughput_row(2.5e7, 2.61e7));
        let verify = [verify_row(VERIFY, 412.4), verify_row(VERIFY, 1200.0)];
        r.rows.extend(verify);
        for (name, what) in HOSTILE.lines().filter_map(|l| l.split_once(": ")) {
            let measure = format!("verify evidence, hostile input: {what}, native release");
            r.rows.push(verify_row(&measure, name.len() as f64 * 30.0));
        }
        for (k, (label, ..)) in SCALING.into_iter().enumerate() {
            let large = 100.0 + 500.0 * k as f64;
            r.rows.push(scaling_row(label, 10.0, large));
        }
        let lines = [10.0, 100.0, 1000.0];
        for (k, &(label, _, baseline)) in FORMS.iter().enumerate() {
            let ms = [20.0, 210.0, 2000.0 + 500.0 * k as f64];
            let base = (k > 0).then_some((baseline, &lines[..]));
            r.rows.push(form_row(label, &ms, base));
        }
        let (fast, slow) = ([290.4, 3380.0, 38500.0], [2950.4, 30000.0, 61000.0]);
        for ms in [
            fast,
            [slow[0], fast[1], fast[2]],
            [fast[0], fast[1], slow[2]],
        ] {
            r.rows.push(calibration_row(&ms));
        }
        for (label, text) in RUN_INPUTS {
            r.rows.push(runs_row(label, text().len(), 230_000));
        }
        r.rows.extend([retest_row(1234.4), retest_row(2500.0)]);
        for (k, line) in CARDS.lines().enumerate() {
            let what = line.splitn(3, ' ').nth(2).unwrap_or_default();
            r.rows.push(card_row(what, 0.52 + k as f64, 104.0));
        }
        done(&mut r, 3);
        let (render, _) = build::timings(build::RENDER, Ok(vec![3.0, 1.0, 2.0]), "runs");
        let reload = |times| build::timings(build::RELOAD, times, build::SERVED).0;
        let no_change = Err(failed("no change seen within 120 s"));
        let edits = reload(Ok(vec![4.0, 1.0, 2.0, 3.0]));
        r.rows.extend([render, edits, reload(no_change)]);
        done(&mut r, 4);
        let wheel = "pickanumber-0.1.0-cp39-abi3-manylinux_2_34_x86_64.whl";
        let python = packages::python_rows(412_000, wheel, &sample["python"]);
        r.rows.extend(python);
        done(&mut r, 5);
        r.rows.extend(packages::npm_rows(&sample["npm"]));
        done(&mut r, 6);
        let unavailable = ("python", "a section that could not run");
        r.section(unavailable, Err(failed("no python3")));
        insta::assert_snapshot!(r.table());
    }
}
