//! `pickanumber retest` on [`WORKS`] works of [`RUNS`] runs each, through the release binary,
//! against its target [`MAX_MS`].

use serde_json::Value;

use super::latency::thousands;
use super::report::{Report, Row};
use super::throughput::best_ms;
use crate::env::{Context, Env, Failure};

/// Works of the timed runs file.
pub const WORKS: usize = 10_000;

/// Runs of each work.
pub const RUNS: usize = 10;

/// The target: a retest of that size within this many milliseconds.
pub const MAX_MS: f64 = 2000.0;

/// A runs file of `works` works judged `runs` times, the same at every run of the bench: run
/// `r` of work `i` lists 3 to 14 items that change a little from run to run, with a naive
/// number.
pub fn runs_file(works: usize, runs: usize) -> String {
    const IMPACTS: [i32; 8] = [-5, -3, -2, -1, 1, 2, 3, 5];
    let mut out = String::new();
    for r in 0..runs {
        for i in 0..works {
            let items: String = (0..3 + (i * 7 + r) % 12)
                .map(|k| format!("{:+} point {k}\\n", IMPACTS[(k * 3 + i + r * (k % 2)) % 8]))
                .collect();
            let naive = (i * 13 + r * 7) % 101;
            out.push_str(&format!(
                "{{\"work\": \"w{i}\", \"output\": \"{items}\", \"naive\": {naive}}}\n"
            ));
        }
    }
    out
}

/// Times the release CLI's `retest` on [`runs_file`] and adds its row; returns the time.
pub fn retest(env: &Env, report: &mut Report) -> Result<Value, Failure> {
    let bin = env.target().join("release/pickanumber");
    let dir = env.target().join("bench-retest");
    std::fs::create_dir_all(&dir).context(dir.display())?;
    let file = dir.join("runs.jsonl");
    std::fs::write(&file, runs_file(WORKS, RUNS)).context(file.display())?;
    let ms = best_ms(env, &bin, "retest --fail-under 55", &file, 2)?;
    let _ = std::fs::remove_dir_all(&dir);
    report.rows.push(row(ms));
    Ok(Value::from(ms))
}

/// The retest's row: its best time against [`MAX_MS`].
fn row(ms: f64) -> Row {
    let measure = format!(
        "pickanumber retest: {} works × {RUNS} runs of 3 to 14 items, CLI release, best of 2",
        thousands(WORKS as u64)
    );
    Row::new(measure, format!("{ms:.0} ms")).target(format!("< {MAX_MS:.0} ms"), ms < MAX_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_timed_runs_are_runs_of_every_work() {
        let text = runs_file(30, 3);
        assert_eq!(text.lines().count(), 90);
        for line in text.lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            let items = v["output"].as_str().unwrap().lines().count();
            assert!((3..=14).contains(&items), "{line}");
            assert!((0..=100).contains(&v["naive"].as_i64().unwrap()));
        }
        assert_eq!(
            row(1234.4).brief(),
            "pickanumber retest: 10,000 works × 10 runs of 3 to 14 items, CLI release, best of 2: 1234 ms ✓"
        );
        assert!(row(2500.0).brief().ends_with('✗'));
    }
}
