//! Section 4, native throughput of parse + score and of the evidence verifier (10,000 items
//! against a 10 MB work, [`MAX_VERIFY_MS`]), from criterion's `estimates.json`, and the
//! growth of the command line's time on the inputs that were once quadratic: 10,000 and
//! 100,000 lines of each shape ([`SCALING`]), through the release `pickanumber` binary; and
//! every input form ([`FORMS`]) at 10,000, 100,000 and 1,000,000 items through the same
//! binary, each against the line form at the same size; and `pickanumber calibrate` on gold
//! sets of [`GOLD_SIZES`] subjects under [`GOLD_FOLDS`]-fold cross-validation, against
//! [`MAX_GOLD_MS`]; and the peak memory per input byte of `×N` runs ([`RUN_INPUTS`]).

use std::path::Path;
use std::process::Stdio;
use std::time::Instant;

use serde_json::{json, Value};

use super::latency::thousands;
use super::report::{Report, Row};
use crate::env::{failed, Context, Env, Failure};

#[path = "../../../score/tests/shapes/mod.rs"]
mod shapes;

/// A shape of input that once took quadratic time: its row's label, the `pickanumber`
/// arguments that read it (the input file is appended), and the text of `n` lines.
type Shape = (&'static str, &'static str, fn(usize) -> String);

/// The shapes timed at [`SIZES`] lines. The last two are the formula crate's test inputs, whose
/// `tests/scale.rs` reads them at 100,000 lines and checks what they give; their time is judged
/// here.
const SCALING: [Shape; 3] = [
    (
        "score --compat score-py, item lines without a bucket heading",
        "score --compat score-py",
        |n| (0..n).map(|k| format!("+1 item {k}\n")).collect(),
    ),
    (
        "score --mode matrix, one distinct criterion per line, a perspective every other line",
        "score --mode matrix",
        shapes::distinct_criteria,
    ),
    (
        "score, two passes of the same items (every one a duplicate)",
        "score",
        shapes::shared_passes,
    ),
];

/// The line counts of each shape.
const SIZES: [usize; 2] = [10_000, 100_000];

/// Runs of each size; the fastest counts (the least disturbed by other work).
const RUNS: usize = 3;

/// Time may grow at most this much for 10× the lines: linear is 10× (less with the start-up
/// of the process), quadratic 100×.
const MAX_GROWTH: f64 = 20.0;

/// An input form: its row's label, the text of `n` items in it, and the arguments the line form
/// is timed with for its ratio: the same work, so a form that prints every item (feedback
/// buckets) is set against item lines that print every item too.
type Form = (&'static str, fn(usize) -> String, &'static str);

/// The line form's arguments for forms read in the default (pooled) mode.
const POOLED: &str = "score";

/// The line form's arguments for the feedback buckets, which score in feedback mode.
const FEEDBACK: &str = "score --mode feedback";

/// The impacts of the forms' items, in turn: both signs, every magnitude.
const IMPACTS: [i8; 8] = [3, -2, 1, -1, 2, -3, 5, -5];

/// The `k`-th item's impact.
fn impact(k: usize) -> i8 {
    IMPACTS[k % IMPACTS.len()]
}

/// The `k`-th item's impact with its sign, as the line grammar writes it.
fn signed(k: usize) -> String {
    format!("{:+}", impact(k))
}

/// The JSON objects of `n` items, one a line, with `key` naming the impact.
fn json_items(n: usize, key: &str, keep: impl Fn(usize) -> bool) -> String {
    let items: Vec<String> = (0..n)
        .filter(|&k| keep(k))
        .map(|k| format!("{{\"{key}\": {}, \"text\": \"item {k}\"}}", impact(k)))
        .collect();
    items.join(",\n")
}

/// Items in a pass of the `## Pass:` form.
const PASS_ITEMS: usize = 20;

/// Every input form `read` tells apart (and passes), the line form first: the others' times
/// are given as multiples of its time.
const FORMS: [Form; 7] = [
    (
        "item lines",
        |n| {
            (0..n)
                .map(|k| format!("{} item {k}\n", signed(k)))
                .collect()
        },
        POOLED,
    ),
    (
        "JSON array",
        |n| format!("[\n{}\n]\n", json_items(n, "impact", |_| true)),
        POOLED,
    ),
    (
        "JSON items object",
        |n| {
            format!(
                "{{\"items\": [\n{}\n]}}\n",
                json_items(n, "impact", |_| true)
            )
        },
        POOLED,
    ),
    (
        "feedback JSON buckets",
        |n| {
            let working = json_items(n, "value", |k| impact(k) > 0);
            let not_working = json_items(n, "value", |k| impact(k) < 0);
            format!("{{\"working\": [\n{working}\n], \"not_working\": [\n{not_working}\n]}}\n")
        },
        FEEDBACK,
    ),
    (
        "## Pass: passes of 20 items",
        |n| {
            (0..n)
                .map(|k| {
                    let heading = match k % PASS_ITEMS {
                        0 => format!("## Pass: judge{}\n", k / PASS_ITEMS),
                        _ => String::new(),
                    };
                    format!("{heading}{} item {k}\n", signed(k))
                })
                .collect()
        },
        POOLED,
    ),
    (
        "spreadsheet rows",
        |n| {
            let rows: String = (0..n)
                .map(|k| format!("{},item {k}\n", signed(k)))
                .collect();
            format!("impact,text\n{rows}")
        },
        POOLED,
    ),
    (
        "markdown table",
        |n| {
            let rows: String = (0..n)
                .map(|k| format!("| {} | item {k} |\n", signed(k)))
                .collect();
            format!("| impact | text |\n|---|---|\n{rows}")
        },
        POOLED,
    ),
];

/// The item counts of each form.
const FORM_SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];

/// Runs of each form at each size below 1,000,000 items (one at 1,000,000, where a run takes
/// seconds and start-up disturbs nothing); the fastest counts.
fn form_runs(n: usize) -> usize {
    if n >= 1_000_000 {
        1
    } else {
        RUNS
    }
}

/// A form's time may be at most this many times the line form's at the same size.
const MAX_RATIO: f64 = 3.0;

/// Item lines per run of the bench.
const ITEMS: f64 = 100_000.0;

/// The verifier's target: 10,000 items against a 10 MB work, the work's normalisation
/// included, in under this many milliseconds.
const MAX_VERIFY_MS: f64 = 1000.0;

/// The verifier's hostile inputs (the criterion group `verify_hostile` of the formula crate's
/// bench): each name, and what it times. Each is held to [`MAX_VERIFY_MS`] too.
const HOSTILE: [(&str, &str); 5] = [
    (
        "unclosed_quotes_600kb",
        "a 600 KB line of unclosed curly quotation marks",
    ),
    (
        "overlapping_800_quotations_8mib",
        "800 overlapping quotations against an 8 MiB work",
    ),
    (
        "whole_file_ranges_10000_48mb",
        "10,000 whole-file ranges against a 48 MB file",
    ),
    (
        "combine_1600_passes_10mb",
        "1,600 passes combined against a 10 MB work",
    ),
    (
        "one_quotation_the_size_of_a_10mb_work",
        "one quotation the size of a 10 MB work",
    ),
];

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
    for (name, measure) in HOSTILE {
        let (ns, _) = median_and_mean(
            env,
            &format!("criterion/verify_hostile/{name}/new/estimates.json"),
        )?;
        let ms = ns / 1e6;
        let row = Row::new(
            format!("verify evidence, hostile input: {measure}, native release"),
            format!("{ms:.0} ms, median"),
        );
        report
            .rows
            .push(row.target(format!("< {MAX_VERIFY_MS:.0} ms"), ms < MAX_VERIFY_MS));
    }
    let scaling = scaling(env, report)?;
    let forms = forms(env, report)?;
    let calibrate_ms = calibration(env, report)?;
    let runs = runs_memory(env, report)?;
    let retest_ms = super::retest::retest(env, report)?;
    let card = card(env, report)?;
    Ok(
        json!({"available": true, "items": ITEMS, "median_ns": median_ns, "mean_ns": mean_ns, "items_per_second": per_second, "verify_median_ns": verify_ns, "scaling": scaling, "forms": forms, "calibrate_subjects": GOLD_SIZES, "calibrate_best_ms": calibrate_ms, "runs_memory": runs, "retest_best_ms": retest_ms, "card": card}),
    )
}

/// The card's cost at most this share of the score it is written on.
const MAX_CARD_SHARE: f64 = 0.01;

/// The card's bench (`site/result/benches/card.rs`): for a score of 100,000 items with a
/// rubric, and with a rubric and a work, the card's median time as a share of the score's
/// (which includes it), judged against [`MAX_CARD_SHARE`]; returns the shares.
fn card(env: &Env, report: &mut Report) -> Result<Value, Failure> {
    env.cargo("bench -p pickanumber-result --bench card -- --noplot")?;
    let median = |name: &str| {
        median_and_mean(env, &format!("criterion/card/{name}/new/estimates.json")).map(|m| m.0)
    };
    let mut shares = Vec::new();
    for (score, card, what) in [
        (
            "score_100000_items_with_rubric",
            "card_alone_without_work",
            "a rubric",
        ),
        (
            "score_100000_items_with_rubric_and_1mb_work",
            "card_alone",
            "a rubric and a 1 MB work (20 files)",
        ),
    ] {
        let (score_ns, card_ns) = (median(score)?, median(card)?);
        let share = card_ns / score_ns;
        let row = Row::new(
            format!("the card's hashes beside score: 100,000 items with {what}, native release"),
            format!(
                "{:.2} % ({:.2} ms of {:.0} ms, medians)",
                share * 100.0,
                card_ns / 1e6,
                score_ns / 1e6
            ),
        );
        report.rows.push(row.target(
            format!("< {:.0} %", MAX_CARD_SHARE * 100.0),
            share < MAX_CARD_SHARE,
        ));
        shares.push(json!({"score": score, "score_median_ns": score_ns, "card_median_ns": card_ns, "share": share}));
    }
    Ok(Value::Array(shares))
}

/// Subjects of the timed gold sets.
const GOLD_SIZES: [usize; 3] = [1_000, 10_000, 100_000];

/// The calibration's targets: at most this many milliseconds at the size beside it.
const MAX_GOLD_MS: [(usize, f64); 2] = [(1_000, 2_000.0), (100_000, 60_000.0)];

/// Runs of the calibration at `n` subjects: the fastest of 2, but one at 100,000, where a run
/// takes long enough that start-up disturbs nothing.
fn gold_runs(n: usize) -> usize {
    if n >= 100_000 {
        1
    } else {
        2
    }
}

/// Folds of its cross-validation.
const GOLD_FOLDS: usize = 5;

/// A gold set of `n` subjects, the same at every run: subject `i` has 1 to 40 items leaning
/// its own way, a human score that follows the lean with some scatter, and a naive number.
fn gold_set(n: usize) -> String {
    const IMPACTS: [i32; 8] = [-5, -3, -2, -1, 1, 2, 3, 5];
    let mut out = String::new();
    for i in 0..n {
        let lean = (i * 37) % 101;
        let items: String = (0..1 + (i * 13) % 40)
            .map(|k| {
                let up = (k * 29 + i * 7) % 100 < lean;
                let impact = IMPACTS[(k * 3 + i) % 4 + if up { 4 } else { 0 }];
                format!("{impact:+} point {k}\\n")
            })
            .collect();
        let human = (lean + (i * 11) % 21).saturating_sub(10).min(100);
        let naive = (i * 53) % 101;
        out.push_str(&format!(
            "{{\"id\": \"s{i}\", \"human\": {human}, \"output\": \"{items}\", \"naive\": {naive}}}\n"
        ));
    }
    out
}

/// Times the release CLI's `calibrate` on [`gold_set`] at each of [`GOLD_SIZES`] and adds its
/// row; returns the times.
fn calibration(env: &Env, report: &mut Report) -> Result<Vec<f64>, Failure> {
    let bin = env.target().join("release/pickanumber");
    let dir = env.target().join("bench-calibrate");
    std::fs::create_dir_all(&dir).context(dir.display())?;
    let args = format!("calibrate --folds {GOLD_FOLDS}");
    let mut times = Vec::new();
    for n in GOLD_SIZES {
        let file = dir.join(format!("gold-{n}.jsonl"));
        std::fs::write(&file, gold_set(n)).context(file.display())?;
        times.push(best_ms(env, &bin, &args, &file, gold_runs(n))?);
        let _ = std::fs::remove_file(&file);
    }
    let _ = std::fs::remove_dir_all(&dir);
    report.rows.push(calibration_row(&times));
    Ok(times)
}

/// The calibration's row: its time at each size, judged against [`MAX_GOLD_MS`].
fn calibration_row(ms: &[f64]) -> Row {
    let sizes: Vec<String> = GOLD_SIZES.iter().map(|&n| thousands(n as u64)).collect();
    let measure = format!(
        "pickanumber calibrate: {} subjects of 1 to 40 items, {GOLD_FOLDS}-fold cross-validation, CLI release, best of 2 (1 at 100,000)",
        sizes.join(" / ")
    );
    let cells: Vec<String> = ms.iter().map(|t| format!("{t:.0} ms")).collect();
    let targets: Vec<String> = MAX_GOLD_MS
        .iter()
        .map(|&(n, max)| format!("< {:.0} s at {}", max / 1000.0, thousands(n as u64)))
        .collect();
    let met = MAX_GOLD_MS.iter().all(|&(n, max)| {
        GOLD_SIZES
            .iter()
            .position(|&s| s == n)
            .and_then(|k| ms.get(k))
            .is_some_and(|&t| t < max)
    });
    Row::new(measure, cells.join(" / ")).target(targets.join(", "), met)
}

/// An input of `×N` runs: its row's label and its text.
type RunInput = (&'static str, fn() -> String);

/// Inputs of `×N` runs whose memory is measured, each labelled with what it holds: long
/// quotations repeated (their copies would pass the runs' bound, so the first line is refused),
/// and one-word texts repeated up to the item limit (read whole).
const RUN_INPUTS: [RunInput; 2] = [
    ("100 lines of +3×10000 with a 6,000-byte quotation", || {
        let quote = "q".repeat(6000);
        (0..100)
            .map(|k| format!("+3×10000 \"{quote}\" {k}\n"))
            .collect()
    }),
    ("100 lines of +1×10000 with a one-word text", || {
        (0..100).map(|k| format!("+1×10000 nit{k}\n")).collect()
    }),
];

/// GNU time, which reports a command's peak resident memory (`-f %M`, in KiB).
const GNU_TIME: &str = "/usr/bin/time";

/// The peak memory of `pickanumber score` on each of [`RUN_INPUTS`], per input byte, as GNU
/// time reports it; a note instead where GNU time is missing. Adds one row per input.
fn runs_memory(env: &Env, report: &mut Report) -> Result<Value, Failure> {
    if !Path::new(GNU_TIME).is_file() {
        report.notes.push(format!(
            "×N memory not measured: {GNU_TIME} (GNU time) is missing"
        ));
        return Ok(Value::Null);
    }
    let bin = env.target().join("release/pickanumber");
    let dir = env.target().join("bench-runs");
    std::fs::create_dir_all(&dir).context(dir.display())?;
    let mut out = Vec::new();
    for (k, (label, text)) in RUN_INPUTS.iter().enumerate() {
        let text = text();
        let file = dir.join(format!("runs-{k}.txt"));
        std::fs::write(&file, &text).context(file.display())?;
        let run = env
            .command(GNU_TIME, "-f %M")
            .arg(&bin)
            .arg("score")
            .arg(&file)
            .stdout(Stdio::null())
            .output()
            .context(format!("{GNU_TIME} pickanumber score"))?;
        let stderr = String::from_utf8_lossy(&run.stderr);
        let kib: u64 = stderr
            .lines()
            .last()
            .and_then(|l| l.trim().parse().ok())
            .ok_or_else(|| failed(format!("{GNU_TIME} printed no peak memory: {stderr}")))?;
        report.rows.push(runs_row(label, text.len(), kib));
        out.push(json!({"input": label, "bytes": text.len(), "peak_kib": kib}));
        let _ = std::fs::remove_file(&file);
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(Value::Array(out))
}

/// The row of one `×N` input: its size, the peak memory and the memory per input byte.
fn runs_row(label: &str, bytes: usize, peak_kib: u64) -> Row {
    let measure = format!("pickanumber score, {label}: peak memory per input byte, CLI release");
    let peak = peak_kib as f64 * 1024.0;
    let ours = format!(
        "{:.1} MB for {} bytes ({:.0} bytes per input byte)",
        peak / 1e6,
        thousands(bytes as u64),
        peak / bytes.max(1) as f64
    );
    Row::new(measure, ours)
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

/// The best time of `runs` runs of `pickanumber ARGS FILE`, in milliseconds. Exit 0 and 1
/// (an input with an error the bench means to time) both count; anything else is a failure.
pub(super) fn best_ms(
    env: &Env,
    bin: &Path,
    args: &str,
    file: &Path,
    runs: usize,
) -> Result<f64, Failure> {
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        let started = Instant::now();
        let status = env
            .command(bin, args)
            .arg(file)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .context(format!("pickanumber {args}"))?;
        if !matches!(status.code(), Some(0 | 1)) {
            return Err(failed(format!(
                "pickanumber {args} {}: {status}",
                file.display()
            )));
        }
        best = best.min(started.elapsed().as_secs_f64() * 1000.0);
    }
    Ok(best)
}

/// Times `pickanumber score` on every form of [`FORMS`] at each of [`FORM_SIZES`], adds one
/// row per form (with its ratio to the line form at each size) and returns the JSON.
fn forms(env: &Env, report: &mut Report) -> Result<Value, Failure> {
    let bin = env.target().join("release/pickanumber");
    let dir = env.target().join("bench-forms");
    std::fs::create_dir_all(&dir).context(dir.display())?;
    // times[form][size], and the line form's under each baseline's arguments
    let mut times = vec![Vec::new(); FORMS.len()];
    let mut lines: Vec<(&str, Vec<f64>)> = vec![(POOLED, Vec::new()), (FEEDBACK, Vec::new())];
    for n in FORM_SIZES {
        for (f, (_, text, _)) in FORMS.iter().enumerate() {
            let file = dir.join(format!("form{f}-{n}.txt"));
            std::fs::write(&file, text(n)).context(file.display())?;
            if f == 0 {
                for (args, ms) in &mut lines {
                    ms.push(best_ms(env, &bin, args, &file, form_runs(n))?);
                }
                let pooled = lines[0].1[times[0].len()];
                times[0].push(pooled);
            } else {
                times[f].push(best_ms(env, &bin, POOLED, &file, form_runs(n))?);
            }
            let _ = std::fs::remove_file(&file);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mut out = Vec::new();
    for (f, (label, _, baseline)) in FORMS.iter().enumerate() {
        let (_, base) = lines
            .iter()
            .find(|(a, _)| a == baseline)
            .expect("a timed baseline");
        report
            .rows
            .push(form_row(label, baseline, &times[f], base, f == 0));
        out.push(json!({"form": label, "items": FORM_SIZES, "best_ms": times[f], "baseline": baseline, "baseline_ms": base}));
    }
    Ok(Value::Array(out))
}

/// The row of one form: its time at each size and, but for the line form itself, its ratio
/// to the line form's under `baseline`'s arguments, judged against [`MAX_RATIO`].
fn form_row(label: &str, baseline: &str, ms: &[f64], lines_ms: &[f64], is_lines: bool) -> Row {
    let sizes: Vec<String> = FORM_SIZES.iter().map(|&n| thousands(n as u64)).collect();
    let measure = format!(
        "pickanumber score, {label}: {} items, CLI release",
        sizes.join(" / ")
    );
    let ratios: Vec<f64> = ms
        .iter()
        .zip(lines_ms)
        .map(|(t, l)| t / l.max(0.001))
        .collect();
    let cells: Vec<String> = ms
        .iter()
        .zip(&ratios)
        .map(|(t, r)| match is_lines {
            true => format!("{t:.0} ms"),
            false => format!("{t:.0} ms (×{r:.1})"),
        })
        .collect();
    let row = Row::new(measure, cells.join(" / "));
    if is_lines {
        return row;
    }
    let target =
        format!("≤ ×{MAX_RATIO:.0} the item lines' time (pickanumber {baseline}) at each size");
    row.target(target, ratios.iter().all(|&r| r <= MAX_RATIO))
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
            // 1 is expected: every unbucketed line is an error in score.py mode.
            ms.push(best_ms(env, &bin, args, &file, RUNS)?);
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
        assert_eq!(
            calibration_row(&[290.4, 3380.0, 38500.0]).brief(),
            "pickanumber calibrate: 1,000 / 10,000 / 100,000 subjects of 1 to 40 items, 5-fold cross-validation, CLI release, best of 2 (1 at 100,000): 290 ms / 3380 ms / 38500 ms ✓"
        );
        assert!(calibration_row(&[2950.4, 30000.0, 38500.0])
            .brief()
            .ends_with('✗'));
        assert!(calibration_row(&[290.4, 3380.0, 61000.0])
            .brief()
            .ends_with('✗'));
        assert_eq!(
            runs_row("input", 1590, 230_000).brief(),
            "pickanumber score, input: peak memory per input byte, CLI release: 235.5 MB for 1,590 bytes (148126 bytes per input byte)"
        );
        // The shapes have the lines they say.
        for (_, _, text) in SCALING {
            let items = text(4).lines().filter(|l| !l.starts_with("## ")).count();
            assert_eq!(items, 4);
        }
    }

    /// The timed gold set has the subjects it says, each a JSON line with 1 to 40 items.
    #[test]
    fn the_timed_gold_set_is_a_gold_set() {
        let text = gold_set(50);
        assert_eq!(text.lines().count(), 50);
        for line in text.lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            let items = v["output"].as_str().unwrap().lines().count();
            assert!((1..=40).contains(&items), "{line}");
            assert!((0..=100).contains(&v["human"].as_i64().unwrap()));
        }
    }

    #[test]
    fn a_form_row_shows_each_size_and_its_ratio_to_the_line_form() {
        let lines = [10.0, 100.0, 1000.0];
        assert_eq!(
            form_row("item lines", POOLED, &lines, &lines, true).brief(),
            "pickanumber score, item lines: 10,000 / 100,000 / 1,000,000 items, CLI release: 10 ms / 100 ms / 1000 ms"
        );
        let json = form_row("JSON array", POOLED, &[20.0, 210.0, 2900.0], &lines, false);
        assert_eq!(
            json.brief(),
            "pickanumber score, JSON array: 10,000 / 100,000 / 1,000,000 items, CLI release: 20 ms (×2.0) / 210 ms (×2.1) / 2900 ms (×2.9) ✓"
        );
        let feedback = form_row("buckets", FEEDBACK, &[20.0, 210.0, 2900.0], &lines, false);
        assert!(
            feedback.brief().ends_with("(×2.9) ✓"),
            "{}",
            feedback.brief()
        );
        let slow = form_row("passes", POOLED, &[20.0, 210.0, 4000.0], &lines, false);
        assert!(slow.brief().ends_with("(×4.0) ✗"), "{}", slow.brief());
    }

    /// Every form holds the items it says, read as the form it names.
    #[test]
    fn every_form_reads_as_its_form_with_all_its_items() {
        use pickanumber_score::{read, Format};
        let expected = [
            Format::Lines,
            Format::Json,
            Format::Json,
            Format::FeedbackJson,
            Format::Lines,
            Format::Spreadsheet,
            Format::MarkdownTable,
        ];
        for ((label, text, _), format) in FORMS.iter().zip(expected) {
            let (found, parsed) = read(&text(40));
            assert_eq!(found, format, "{label}");
            assert!(parsed.errors.is_empty(), "{label}: {:?}", parsed.errors);
            // The passes' headings are read as passes by `analyse`, not by `read`.
            assert_eq!(parsed.entries.len(), 40, "{label}");
        }
        let a = pickanumber_score::analyse(&FORMS[4].1(40), &Default::default());
        assert_eq!(a.passes.map(|p| p.passes.len()), Some(2));
    }
}
