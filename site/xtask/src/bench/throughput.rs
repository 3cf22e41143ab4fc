//! Section 4, native throughput of parse + score and of the evidence verifier (10,000 items
//! against a 10 MB work, and its [`HOSTILE`] inputs, each against [`MAX_VERIFY_MS`]) from
//! criterion's estimates; the card's share of a score's time ([`CARDS`]); and, through the
//! release `pickanumber` binary, the growth of the command line's time on the inputs that were
//! once quadratic ([`SCALING`], 10,000 and 100,000 lines), every input form ([`FORMS`]) at
//! 10,000, 100,000 and 1,000,000 items against the line form at the same size, `calibrate` on
//! gold sets of [`GOLD`] subjects, the peak memory per input byte of `×N` runs
//! ([`RUN_INPUTS`]), and `retest` on [`RETEST_WORKS`] works of [`RETEST_RUNS`] runs.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Instant;

use serde_json::{json, Value};

use super::report::{thousands, Report, Row};
use crate::env::{failed, Context, Env, Failure};

#[path = "../../../score/tests/shapes/mod.rs"]
mod shapes;

/// A shape of input that once took quadratic time: its row's label, the `pickanumber`
/// arguments that read it (the input file is appended), and the text of `n` lines.
type Shape = (&'static str, &'static str, fn(usize) -> String);

/// The shapes timed at 10,000 and 100,000 lines. The last two are the formula crate's test
/// inputs, whose `tests/scale.rs` reads them at 100,000 lines and checks what they give; their
/// time is judged here.
pub(super) const SCALING: [Shape; 3] = [
    (
        "score --compat score-py, item lines without a bucket heading",
        "score --compat score-py",
        |n| each(n, |k, _| format!("+1 item {k}\n")),
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

/// Runs of each shape and each form, the fastest counting (the least disturbed by other work);
/// a form at 1,000,000 items runs once, long enough that start-up disturbs nothing.
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

/// The text of `n` items: `item(k, impact)` for each, the impact of the `k`-th in [`IMPACTS`].
fn each(n: usize, item: impl Fn(usize, i8) -> String) -> String {
    (0..n).map(|k| item(k, IMPACTS[k % 8])).collect()
}

/// A JSON array of the `n` items whose impact passes `keep`, one object a line, `key` naming
/// the impact.
fn json_array(n: usize, key: &str, keep: fn(i8) -> bool) -> String {
    let item = |k, i| format!("{{\"{key}\": {i}, \"text\": \"item {k}\"}},\n");
    let items = each(n, |k, i| if keep(i) { item(k, i) } else { String::new() });
    format!("[\n{}\n]", items.trim_end_matches(",\n"))
}

/// Every input form `read` tells apart (and passes), the line form first: the others' times
/// are given as multiples of its time.
pub(super) const FORMS: [Form; 7] = [
    ("item lines", item_lines, POOLED),
    ("JSON array", json_list, POOLED),
    ("JSON items object", json_object, POOLED),
    ("feedback JSON buckets", buckets, FEEDBACK),
    ("## Pass: passes of 20 items", passes, POOLED),
    ("spreadsheet rows", spreadsheet, POOLED),
    ("markdown table", markdown_table, POOLED),
];

fn item_lines(n: usize) -> String {
    each(n, |k, i| format!("{i:+} item {k}\n"))
}

fn json_list(n: usize) -> String {
    json_array(n, "impact", |_| true) + "\n"
}

fn json_object(n: usize) -> String {
    format!("{{\"items\": {}}}\n", json_array(n, "impact", |_| true))
}

fn buckets(n: usize) -> String {
    let working = json_array(n, "value", |i| i > 0);
    let not = json_array(n, "value", |i| i < 0);
    format!("{{\"working\": {working}, \"not_working\": {not}}}\n")
}

/// Item lines with a `## Pass:` heading before every 20.
fn passes(n: usize) -> String {
    each(n, |k, i| match k % 20 {
        0 => format!("## Pass: judge{}\n{i:+} item {k}\n", k / 20),
        _ => format!("{i:+} item {k}\n"),
    })
}

fn spreadsheet(n: usize) -> String {
    "impact,text\n".to_owned() + &each(n, |k, i| format!("{i:+},item {k}\n"))
}

fn markdown_table(n: usize) -> String {
    let rows = each(n, |k, i| format!("| {i:+} | item {k} |\n"));
    format!("| impact | text |\n|---|---|\n{rows}")
}

/// The item counts of each form.
const FORM_SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];

/// A form's time may be at most this many times the line form's at the same size.
const MAX_RATIO: f64 = 3.0;

/// Item lines per run of the criterion bench.
const ITEMS: f64 = 100_000.0;

/// The verifier's target: 10,000 items against a 10 MB work, the work's normalisation
/// included, and each hostile input, in under this many milliseconds.
const MAX_VERIFY_MS: f64 = 1000.0;

/// The verifier's row.
pub(super) const VERIFY: &str =
    "verify evidence: 10,000 items against a 10 MB work (100 files), native release";

/// The verifier's hostile inputs (the criterion group `verify_hostile` of the formula crate's
/// bench), one a line: each name, and what it times.
pub(super) const HOSTILE: &str = "\
unclosed_quotes_600kb: a 600 KB line of unclosed curly quotation marks
overlapping_800_quotations_8mib: 800 overlapping quotations against an 8 MiB work
whole_file_ranges_10000_48mb: 10,000 whole-file ranges against a 48 MB file
combine_1600_passes_10mb: 1,600 passes combined against a 10 MB work
one_quotation_the_size_of_a_10mb_work: one quotation the size of a 10 MB work";

/// The card's bench (`site/result/benches/card.rs`), one a line: the score's criterion id, the
/// card's alone, and what the score has beside its 100,000 items.
pub(super) const CARDS: &str = "\
score_100000_items_with_rubric card_alone_without_work a rubric
score_100000_items_with_rubric_and_1mb_work card_alone a rubric and a 1 MB work (20 files)";

/// The card's cost at most this share of the score it is written on.
const MAX_CARD_SHARE: f64 = 0.01;

/// The timed gold sets' subjects, each with the most milliseconds its calibration may take.
const GOLD: [(usize, Option<f64>); 3] = [
    (1_000, Some(2_000.0)),
    (10_000, None),
    (100_000, Some(60_000.0)),
];

/// Folds of the calibration's cross-validation.
const GOLD_FOLDS: usize = 5;

/// Works of the timed runs file for `retest`, and runs of each work.
const RETEST_WORKS: usize = 10_000;
const RETEST_RUNS: usize = 10;

/// The target: a retest of that size within this many milliseconds.
const MAX_RETEST_MS: f64 = 2000.0;

/// An input of `×N` runs: its row's label and its text.
type RunInput = (&'static str, fn() -> String);

/// Inputs of `×N` runs whose memory is measured, each labelled with what it holds: long
/// quotations repeated (their copies would pass the runs' bound, so the first line is refused),
/// and one-word texts repeated up to the item limit (read whole).
pub(super) const RUN_INPUTS: [RunInput; 2] = [
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

/// Runs the criterion benches and times the CLI, adds the rows to `report` and returns the JSON.
pub fn throughput(env: &Env, _: &Path, report: &mut Report) -> Result<Value, Failure> {
    env.cargo("bench -p pickanumber-score --bench throughput -- --noplot")?;
    let median_ns = estimate(env, "parse_and_score/100000_items", "median")?;
    let mean_ns = estimate(env, "parse_and_score/100000_items", "mean")?;
    report.rows.push(throughput_row(median_ns, mean_ns));
    let verify_ns = estimate(env, "verify/10000_items_against_10mb", "median")?;
    report.rows.push(verify_row(VERIFY, verify_ns / 1e6));
    for (name, what) in HOSTILE.lines().filter_map(|l| l.split_once(": ")) {
        let ms = estimate(env, &format!("verify_hostile/{name}"), "median")? / 1e6;
        let measure = format!("verify evidence, hostile input: {what}, native release");
        report.rows.push(verify_row(&measure, ms));
    }
    env.cargo("build -q --release -p pickanumber-cli")?;
    let scaling = scaling(env, report)?;
    let forms = forms(env, report)?;
    let (args, mut calibrate) = (format!("calibrate --folds {GOLD_FOLDS}"), Vec::new());
    for (n, _) in GOLD {
        let runs = if n >= 100_000 { 1 } else { 2 };
        calibrate.push(best_ms(env, &args, &gold_set(n), runs)?);
    }
    report.rows.push(calibration_row(&calibrate));
    let runs = runs_memory(env, report)?;
    let runs_file = runs_file(RETEST_WORKS, RETEST_RUNS);
    let retest_ms = best_ms(env, "retest --fail-under 55", &runs_file, 2)?;
    report.rows.push(retest_row(retest_ms));
    let _ = std::fs::remove_file(input(env));
    env.cargo("bench -p pickanumber-result --bench card -- --noplot")?;
    let mut card = Vec::new();
    for line in CARDS.lines() {
        let (score, rest) = line.split_once(' ').unwrap_or_default();
        let (alone, what) = rest.split_once(' ').unwrap_or_default();
        let score_ns = estimate(env, &format!("card/{score}"), "median")?;
        let card_ns = estimate(env, &format!("card/{alone}"), "median")?;
        let row = card_row(what, card_ns / 1e6, score_ns / 1e6);
        report.rows.push(row);
        card.push(json!({"score": score, "score_median_ns": score_ns, "card_median_ns": card_ns, "share": card_ns / score_ns}));
    }
    let subjects = GOLD.map(|g| g.0);
    Ok(
        json!({"available": true, "items": ITEMS, "median_ns": median_ns, "mean_ns": mean_ns, "items_per_second": ITEMS / (median_ns / 1e9), "verify_median_ns": verify_ns, "scaling": scaling, "forms": forms, "calibrate_subjects": subjects, "calibrate_best_ms": calibrate, "runs_memory": runs, "retest_best_ms": retest_ms, "card": card}),
    )
}

/// A criterion bench's `key` estimate (`median`, `mean`) in nanoseconds, from the
/// `estimates.json` of bench `id` (`group/name`) in the target folder.
fn estimate(env: &Env, id: &str, key: &str) -> Result<f64, Failure> {
    let file = format!("criterion/{id}/new/estimates.json");
    let file = env.target().join(file);
    let text = std::fs::read_to_string(&file).context(file.display())?;
    let v: Value = serde_json::from_str(&text).context(file.display())?;
    let missing = || failed(format!("no {key} in {}", file.display()));
    v[key]["point_estimate"].as_f64().ok_or_else(missing)
}

/// The row of parse + score: items per second at the median, and the median and mean.
pub(super) fn throughput_row(median_ns: f64, mean_ns: f64) -> Row {
    let (median_ms, mean_ms) = (median_ns / 1e6, mean_ns / 1e6);
    let per_run = format!("{median_ms:.1} ms per 100,000 items, median; mean {mean_ms:.1} ms");
    let ours = format!("{:.2} M items/s ({per_run})", ITEMS / median_ns * 1e3);
    let measure = "parse + score (analyse), 100,000 item lines, native release";
    Row::new(measure, ours)
}

/// A verifier's row: its median time, judged against [`MAX_VERIFY_MS`].
pub(super) fn verify_row(measure: &str, median_ms: f64) -> Row {
    let target = format!("< {MAX_VERIFY_MS:.0} ms");
    Row::new(measure, format!("{median_ms:.0} ms, median"))
        .target(target, median_ms < MAX_VERIFY_MS)
}

/// The card's row beside a score of 100,000 items with `what`: its median time as a share of
/// the score's (which includes it), judged against [`MAX_CARD_SHARE`].
pub(super) fn card_row(what: &str, card_ms: f64, score_ms: f64) -> Row {
    let share = card_ms / score_ms;
    let measure =
        format!("the card's hashes beside score: 100,000 items with {what}, native release");
    let percent = share * 100.0;
    let ours = format!("{percent:.2} % ({card_ms:.2} ms of {score_ms:.0} ms, medians)");
    let target = format!("< {:.0} %", MAX_CARD_SHARE * 100.0);
    Row::new(measure, ours).target(target, share < MAX_CARD_SHARE)
}

/// The file every CLI timing reads, in the target folder.
fn input(env: &Env) -> PathBuf {
    env.target().join("bench-input.txt")
}

/// Writes `text` to [`input`] and returns the best time of `runs` runs of the release
/// `pickanumber ARGS FILE` on it, in milliseconds. Exit 0 and 1 (an input with an error the
/// bench means to time) both count; anything else is a failure.
fn best_ms(env: &Env, args: &str, text: &str, runs: usize) -> Result<f64, Failure> {
    let (bin, file) = (env.target().join("release/pickanumber"), input(env));
    std::fs::write(&file, text).context(file.display())?;
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        let started = Instant::now();
        let mut cmd = env.command(&bin, args);
        cmd.arg(&file).stdout(Stdio::null()).stderr(Stdio::null());
        let status = cmd.status().context(format!("pickanumber {args}"))?;
        if !matches!(status.code(), Some(0 | 1)) {
            let file = file.display();
            return Err(failed(format!("pickanumber {args} {file}: {status}")));
        }
        best = best.min(started.elapsed().as_secs_f64() * 1000.0);
    }
    Ok(best)
}

/// Times the CLI on every shape of [`SCALING`] at 10,000 and 100,000 lines (1 is an expected
/// exit: every unbucketed line is an error in score.py mode), adds one row per shape and
/// returns the JSON.
fn scaling(env: &Env, report: &mut Report) -> Result<Value, Failure> {
    let mut out = Vec::new();
    for (label, args, text) in SCALING {
        let small = best_ms(env, args, &text(10_000), RUNS)?;
        let large = best_ms(env, args, &text(100_000), RUNS)?;
        report.rows.push(scaling_row(label, small, large));
        out.push(json!({"path": label, "lines": [10_000, 100_000], "best_ms": [small, large]}));
    }
    Ok(Value::Array(out))
}

/// The row of one shape: both times, the growth, and whether it stays linear.
pub(super) fn scaling_row(label: &str, small_ms: f64, large_ms: f64) -> Row {
    let growth = large_ms / small_ms.max(0.001);
    let measure = format!("{label}: 10,000 / 100,000 lines, CLI release, best of {RUNS}");
    let ours = format!("{small_ms:.0} ms / {large_ms:.0} ms (×{growth:.1})");
    let target = format!("≤ ×{MAX_GROWTH:.0} for 10× the lines");
    Row::new(measure, ours).target(target, growth <= MAX_GROWTH)
}

/// Times `pickanumber score` on every form of [`FORMS`] at each of [`FORM_SIZES`], adds one
/// row per form (with its ratio to the line form's time under the form's baseline arguments
/// at each size) and returns the JSON.
fn forms(env: &Env, report: &mut Report) -> Result<Value, Failure> {
    let time = |args: &str, text: fn(usize) -> String| -> Result<Vec<f64>, Failure> {
        let runs = |n| if n >= 1_000_000 { 1 } else { RUNS };
        let times = FORM_SIZES.map(|n| best_ms(env, args, &text(n), runs(n)));
        times.into_iter().collect()
    };
    let (pooled, feedback) = (time(POOLED, FORMS[0].1)?, time(FEEDBACK, FORMS[0].1)?);
    let mut out = Vec::new();
    for (f, &(label, text, baseline)) in FORMS.iter().enumerate() {
        let base = if baseline == FEEDBACK {
            &feedback
        } else {
            &pooled
        };
        let ms = if f == 0 {
            base.clone()
        } else {
            time(POOLED, text)?
        };
        let row = form_row(label, &ms, (f > 0).then_some((baseline, base.as_slice())));
        report.rows.push(row);
        out.push(json!({"form": label, "items": FORM_SIZES, "best_ms": ms, "baseline": baseline, "baseline_ms": base}));
    }
    Ok(Value::Array(out))
}

/// The row of one form: its time at each size and, but for the line form itself, its ratio
/// to the line form's under the `base`line's arguments, judged against [`MAX_RATIO`].
pub(super) fn form_row(label: &str, ms: &[f64], base: Option<(&str, &[f64])>) -> Row {
    let sizes = FORM_SIZES.map(|n| thousands(n as u64)).join(" / ");
    let measure = format!("pickanumber score, {label}: {sizes} items, CLI release");
    let Some((baseline, lines_ms)) = base else {
        let cells: Vec<String> = ms.iter().map(|t| format!("{t:.0} ms")).collect();
        return Row::new(measure, cells.join(" / "));
    };
    let ratios = ms.iter().zip(lines_ms).map(|(t, l)| (t, t / l.max(0.001)));
    let (ratios, cells): (Vec<f64>, Vec<String>) = ratios
        .map(|(t, r)| (r, format!("{t:.0} ms (×{r:.1})")))
        .unzip();
    let target =
        format!("≤ ×{MAX_RATIO:.0} the item lines' time (pickanumber {baseline}) at each size");
    let row = Row::new(measure, cells.join(" / "));
    row.target(target, ratios.iter().all(|&r| r <= MAX_RATIO))
}

/// A gold set of `n` subjects, the same at every run: subject `i` has 1 to 40 items leaning
/// its own way, a human score that follows the lean with some scatter, and a naive number.
pub(super) fn gold_set(n: usize) -> String {
    const IMPACTS: [i32; 8] = [-5, -3, -2, -1, 1, 2, 3, 5];
    let subject = |i: usize| {
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
        format!("{{\"id\": \"s{i}\", \"human\": {human}, \"output\": \"{items}\", \"naive\": {naive}}}\n")
    };
    (0..n).map(subject).collect()
}

/// The calibration's row: its time at each size of [`GOLD`], judged against its targets.
pub(super) fn calibration_row(ms: &[f64]) -> Row {
    let sizes = GOLD.map(|(n, _)| thousands(n as u64)).join(" / ");
    let measure = format!("pickanumber calibrate: {sizes} subjects of 1 to 40 items, {GOLD_FOLDS}-fold cross-validation, CLI release, best of 2 (1 at 100,000)");
    let cells: Vec<String> = ms.iter().map(|t| format!("{t:.0} ms")).collect();
    let targets = GOLD
        .iter()
        .filter_map(|&(n, max)| Some((thousands(n as u64), max?)));
    let targets: Vec<String> = targets
        .map(|(n, max)| format!("< {:.0} s at {n}", max / 1000.0))
        .collect();
    let met = GOLD
        .iter()
        .zip(ms)
        .all(|(&(_, max), &t)| max.is_none_or(|max| t < max));
    Row::new(measure, cells.join(" / ")).target(targets.join(", "), met && ms.len() == GOLD.len())
}

/// The peak memory of `pickanumber score` on each of [`RUN_INPUTS`], per input byte, as GNU
/// time reports it; a note instead where GNU time is missing. Adds one row per input.
fn runs_memory(env: &Env, report: &mut Report) -> Result<Value, Failure> {
    if !Path::new(GNU_TIME).is_file() {
        let note = format!("×N memory not measured: {GNU_TIME} (GNU time) is missing");
        report.notes.push(note);
        return Ok(Value::Null);
    }
    let (bin, file) = (env.target().join("release/pickanumber"), input(env));
    let mut out = Vec::new();
    for (label, text) in RUN_INPUTS {
        let text = text();
        std::fs::write(&file, &text).context(file.display())?;
        let mut time = env.command(GNU_TIME, "-f %M");
        let run = time
            .arg(&bin)
            .arg("score")
            .arg(&file)
            .stdout(Stdio::null())
            .output();
        let stderr = run.context(format!("{GNU_TIME} pickanumber score"))?.stderr;
        let stderr = String::from_utf8_lossy(&stderr);
        let kib = stderr.lines().last().and_then(|l| l.trim().parse().ok());
        let kib =
            kib.ok_or_else(|| failed(format!("{GNU_TIME} printed no peak memory: {stderr}")))?;
        report.rows.push(runs_row(label, text.len(), kib));
        out.push(json!({"input": label, "bytes": text.len(), "peak_kib": kib}));
    }
    Ok(Value::Array(out))
}

/// The row of one `×N` input: its size, the peak memory and the memory per input byte.
pub(super) fn runs_row(label: &str, bytes: usize, peak_kib: u64) -> Row {
    let measure = format!("pickanumber score, {label}: peak memory per input byte, CLI release");
    let (peak, size) = (peak_kib as f64 * 1024.0, thousands(bytes as u64));
    let per_byte = peak / bytes.max(1) as f64;
    let ours = format!(
        "{:.1} MB for {size} bytes ({per_byte:.0} bytes per input byte)",
        peak / 1e6
    );
    Row::new(measure, ours)
}

/// A runs file of `works` works judged `runs` times, the same at every run of the bench: run
/// `r` of work `i` lists 3 to 14 items that change a little from run to run, with a naive
/// number.
pub(super) fn runs_file(works: usize, runs: usize) -> String {
    const IMPACTS: [i32; 8] = [-5, -3, -2, -1, 1, 2, 3, 5];
    let run = |(r, i): (usize, usize)| {
        let items: String = (0..3 + (i * 7 + r) % 12)
            .map(|k| format!("{:+} point {k}\\n", IMPACTS[(k * 3 + i + r * (k % 2)) % 8]))
            .collect();
        let naive = (i * 13 + r * 7) % 101;
        format!("{{\"work\": \"w{i}\", \"output\": \"{items}\", \"naive\": {naive}}}\n")
    };
    (0..runs)
        .flat_map(|r| (0..works).map(move |i| (r, i)))
        .map(run)
        .collect()
}

/// The retest's row: its best time against [`MAX_RETEST_MS`].
pub(super) fn retest_row(ms: f64) -> Row {
    let works = thousands(RETEST_WORKS as u64);
    let measure = format!("pickanumber retest: {works} works × {RETEST_RUNS} runs of 3 to 14 items, CLI release, best of 2");
    let target = format!("< {MAX_RETEST_MS:.0} ms");
    Row::new(measure, format!("{ms:.0} ms")).target(target, ms < MAX_RETEST_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every form holds the items it says, read as the form it names; the shapes have the lines
    /// they say; every line of the criterion tables names its benches and what they time.
    #[test]
    fn every_timed_input_is_what_its_row_says() {
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
        for (_, _, text) in SCALING {
            let items = text(4).lines().filter(|l| !l.starts_with("## ")).count();
            assert_eq!(items, 4);
        }
        let hostile = HOSTILE.lines().filter_map(|l| l.split_once(": "));
        assert_eq!(hostile.count(), 5);
        let cards = CARDS
            .lines()
            .filter_map(|l| l.split_once(' ')?.1.split_once(' '));
        assert_eq!(cards.count(), 2);
    }

    /// The timed gold set and runs file have the subjects and runs they say, each a JSON line
    /// with the items it says.
    #[test]
    fn the_timed_gold_set_and_runs_are_what_they_say() {
        let files = [
            (gold_set(50), 50, 1..=40, "human"),
            (runs_file(30, 3), 90, 3..=14, "naive"),
        ];
        for (text, lines, items, key) in files {
            assert_eq!(text.lines().count(), lines);
            for line in text.lines() {
                let v: Value = serde_json::from_str(line).unwrap();
                let n = v["output"].as_str().unwrap().lines().count();
                assert!(items.contains(&n), "{line}");
                assert!((0..=100).contains(&v[key].as_i64().unwrap()));
            }
        }
    }
}
