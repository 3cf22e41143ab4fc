//! Section 4, native throughput of parse + score and of the evidence verifier (10,000 items
//! against a 10 MB work, [`MAX_VERIFY_MS`]), from criterion's `estimates.json`, and the
//! growth of the command line's time on the inputs that once took quadratic time: 10,000 and
//! 100,000 lines of each shape ([`SCALING`]), through the release `pickanumber` binary.

use std::path::Path;
use std::process::Stdio;
use std::time::Instant;

use serde_json::{json, Value};

use super::report::{Report, Row};
use crate::env::{failed, Context, Env, Failure};

/// A shape of input that once took quadratic time: its row's label, the `pickanumber`
/// arguments that read it (the input file is appended), and the text of `n` lines.
type Shape = (&'static str, &'static str, fn(usize) -> String);

/// The shapes timed at [`SIZES`] lines.
const SCALING: [Shape; 2] = [
    (
        "score --compat score-py, item lines without a bucket heading",
        "score --compat score-py",
        |n| (0..n).map(|k| format!("+1 item {k}\n")).collect(),
    ),
    (
        "score --mode matrix, one distinct criterion per line",
        "score --mode matrix",
        |n| {
            (0..n)
                .map(|k| format!("(+1, crit{k}) item {k}\n"))
                .collect()
        },
    ),
];

/// The line counts of each shape.
const SIZES: [usize; 2] = [10_000, 100_000];

/// Runs of each size; the fastest counts (the least disturbed by other work).
const RUNS: usize = 3;

/// Time may grow at most this much for 10× the lines: linear is 10× (less with the start-up
/// of the process), quadratic 100×.
const MAX_GROWTH: f64 = 20.0;

/// Item lines per run of the bench.
const ITEMS: f64 = 100_000.0;

/// The verifier's target: 10,000 items against a 10 MB work, the work's normalisation
/// included, in under this many milliseconds.
const MAX_VERIFY_MS: f64 = 1000.0;

/// The verifier's criterion estimates, relative to the target directory.
const VERIFY_ESTIMATES: &str = "criterion/verify/10000_items_against_10mb/new/estimates.json";

/// Runs the criterion bench, adds its row to `report` and returns the JSON.
pub fn throughput(env: &Env, _: &Path, report: &mut Report) -> Result<Value, Failure> {
    let args = "bench -p pickanumber-score --bench throughput -- --noplot";
    env.cargo(args)?;
    let estimates = "criterion/parse_and_score/100000_items/new/estimates.json";
    let (median_ns, mean_ns) = median_and_mean(env, estimates)?;
    let per_second = ITEMS / (median_ns / 1e9);
    let (m, median_ms, mean_ms) = (per_second / 1e6, median_ns / 1e6, mean_ns / 1e6);
    let per_run = format!("{median_ms:.1} ms per 100,000 items, median; mean {mean_ms:.1} ms");
    let ours = format!("{m:.2} M items/s ({per_run})");
    let measure = "parse + score (analyse), 100,000 item lines, native release";
    report.rows.push(Row::new(measure, ours));
    let (verify_ns, _) = median_and_mean(env, VERIFY_ESTIMATES)?;
    report.rows.push(verify_row(verify_ns / 1e6));
    let scaling = scaling(env, report)?;
    Ok(
        json!({"available": true, "items": ITEMS, "median_ns": median_ns, "mean_ns": mean_ns, "items_per_second": per_second, "verify_median_ns": verify_ns, "scaling": scaling}),
    )
}

/// The median and mean of a criterion bench, in nanoseconds, from its `estimates.json`
/// (`estimates` relative to the target directory).
fn median_and_mean(env: &Env, estimates: &str) -> Result<(f64, f64), Failure> {
    let file = env.target().join(estimates);
    let text = std::fs::read_to_string(&file).context(file.display())?;
    let v: Value = serde_json::from_str(&text).context(file.display())?;
    let estimate = |k: &str| {
        let missing = || failed(format!("no {k} in {}", file.display()));
        v[k]["point_estimate"].as_f64().ok_or_else(missing)
    };
    Ok((estimate("median")?, estimate("mean")?))
}

/// The verifier's row: its median time, judged against [`MAX_VERIFY_MS`].
fn verify_row(median_ms: f64) -> Row {
    let measure = "verify evidence: 10,000 items against a 10 MB work (100 files), native release";
    let ours = format!("{median_ms:.0} ms, median");
    let target = format!("< {MAX_VERIFY_MS:.0} ms");
    Row::new(measure, ours).target(target, median_ms < MAX_VERIFY_MS)
}

/// Times the release CLI on every shape of [`SCALING`] at each of [`SIZES`], adds one row per
/// shape and returns the JSON.
fn scaling(env: &Env, report: &mut Report) -> Result<Value, Failure> {
    env.cargo("build -q --release -p pickanumber-cli")?;
    let bin = env.target().join("release/pickanumber");
    let dir = env.target().join("bench-scaling");
    std::fs::create_dir_all(&dir).context(dir.display())?;
    let mut out = Vec::new();
    for (label, args, text) in SCALING {
        let mut ms = Vec::new();
        for n in SIZES {
            let file = dir.join(format!("{}-{n}.txt", args.replace(' ', "_")));
            std::fs::write(&file, text(n)).context(file.display())?;
            let mut best = f64::INFINITY;
            for _ in 0..RUNS {
                let started = Instant::now();
                let status = env
                    .command(&bin, args)
                    .arg(&file)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .context(format!("pickanumber {args}"))?;
                // 1 is expected: every unbucketed line is an error in score.py mode.
                if !matches!(status.code(), Some(0 | 1)) {
                    return Err(failed(format!(
                        "pickanumber {args} {}: {status}",
                        file.display()
                    )));
                }
                best = best.min(started.elapsed().as_secs_f64() * 1000.0);
            }
            ms.push(best);
        }
        report.rows.push(scaling_row(label, ms[0], ms[1]));
        out.push(json!({"path": label, "lines": SIZES, "best_ms": ms}));
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(Value::Array(out))
}

/// The row of one shape: both times, the growth, and whether it stays linear.
fn scaling_row(label: &str, small_ms: f64, large_ms: f64) -> Row {
    let growth = large_ms / small_ms.max(0.001);
    let measure = format!("{label}: 10,000 / 100,000 lines, CLI release, best of {RUNS}");
    let ours = format!("{small_ms:.0} ms / {large_ms:.0} ms (×{growth:.1})");
    let target = format!("≤ ×{MAX_GROWTH:.0} for 10× the lines");
    Row::new(measure, ours).target(target, growth <= MAX_GROWTH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scaling_row_shows_both_times_and_judges_the_growth() {
        let linear = scaling_row("shape", 12.4, 130.0);
        assert_eq!(
            linear.brief(),
            "shape: 10,000 / 100,000 lines, CLI release, best of 3: 12 ms / 130 ms (×10.5) ✓"
        );
        let quadratic = scaling_row("shape", 10.0, 1000.0);
        assert!(
            quadratic.brief().ends_with("(×100.0) ✗"),
            "{}",
            quadratic.brief()
        );
        assert_eq!(
            verify_row(412.4).brief(),
            "verify evidence: 10,000 items against a 10 MB work (100 files), native release: 412 ms, median ✓"
        );
        assert!(verify_row(1200.0).brief().ends_with('✗'));
        // The shapes have the lines they say.
        for (_, _, text) in SCALING {
            assert_eq!(text(3).lines().count(), 3);
        }
    }
}
