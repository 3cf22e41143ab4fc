//! `pickanumber probe --runs-dir DIR [--items FILE] (--out DIR | --json)`: the calibration
//! probe's aggregator as a subcommand. The instruments crate reads the folder, computes the
//! metrics and the regime, and writes the two files, `REPORT.md` being the view crate's
//! report in its default words; this module only prints. Without
//! `--items`, the runs are ratings of the site's own probe set ([`PROBE_SET`]).

use crate::{print, Fatal};
use clap::Args;
use pickanumber_instruments::probe::fs::{probe_dir, read_runs_dir, write_outputs};
use pickanumber_instruments::probe::report::{aggregate_json, summary_lines};
use pickanumber_instruments::probe::{probe, ItemsSpec, Probe};
use pickanumber_result_view::{probe_report::markdown, words};
use std::path::PathBuf;
use std::process::ExitCode;

/// The long help of `pickanumber probe` after the option list.
pub const PROBE_HELP: &str = "\
INPUT:
    --runs-dir holds one file per run, named run-*.json and read in byte order of the names:
    {\"scores\": [7, 9, …], \"summary\": \"…\"} or {\"parse_failed\": true, \"error\": \"…\"}.
    A file is read as `score` reads a judge's output: the JSON alone (pretty-printed or not),
    or in one fenced block (```json … ```) with sentences around it, as models write it.
    A file that is not valid JSON or not a run counts as a failed run and is named in the
    output; it never stops the probe. An entry named run-*.json that is not a regular file
    (a folder, a FIFO, a symbolic link to nothing) stops it, each such entry named. A score
    must be a number: true, false, a string or a number beyond ±1000000000 fails its run with
    a message (aggregate.py would count true as 1). A UTF-8 byte-order mark at the start of a file is skipped.
    --items is {\"name\": \"…\", \"scale_min\": 1, \"scale_max\": 10, \"items\": [\"…\", …]}
    (the scale defaults to 1–10). Without --items the runs are read as ratings of the site's
    probe set (/probe/items.json: twenty bug reports of graded quality, 1–10), which the
    rating prompt /probe/prompt.txt asks a judge model to rate.
    Each file is read up to 64 MiB; a larger one (or a device such as /dev/zero as --items)
    stops the probe with a message naming it.

RATINGS, as aggregate.py reads them:
    per item (n, mean, std, min, max, range, mode): the ratings as written, so 4.6 stays 4.6;
    across runs (all ratings, histogram, ceiling and floor rates, range): each rating
    truncated toward zero (9.9 → 9, -0.5 → 0). Ratings off the scale stay in the per-item
    figures, the rates' denominator and the range, not in the histogram. Means, stds and
    rates are rounded to 4 decimals, the mean per-item std from the rounded per-item stds,
    before the rules compare them.

OUTPUT:
    Writes OUT/aggregate.json (the aggregator's keys and nesting) and OUT/REPORT.md (the
    regime and its advice, the distribution, a histogram, test-retest stability, the most
    variable items and the rule trace), each through a temporary file renamed into place, then
    prints the regime with the count of runs read, the run counts, the four metrics and every
    failed run. A regime is announced only when at least one run was read and no more than
    25% of the runs failed; otherwise the first line is `Regime: none` and
    why, and REPORT.md names none either (aggregate.json keeps the aggregator's regime_guess).
    With --json, prints aggregate.json's content instead and writes nothing; failed runs are
    then named on stderr.

REGIMES (first match wins):
    JITTERY            mean_per_item_std ≥ 2.5 (skipped when no item has two ratings)
    INFLATION_LIKELY   ceiling_rate ≥ 0.25 and floor_rate < 0.05
    DEFLATION_LIKELY   floor_rate ≥ 0.25 and ceiling_rate < 0.05
    PICKS_A_NUMBER     range ≤ 2
    CALIBRATED         range ≥ 5 and floor_rate ≥ 0.05 and ceiling_rate < 0.35
    AMBIGUOUS          anything else, and no ratings at all
    ceiling_rate counts ratings ≥ scale_max − 1, floor_rate ratings ≤ scale_min + 1.

EXIT STATUS:
    0  the probe ran and every run was read
    1  the probe ran but some run failed (each is named; the outputs are still written)
    2  usage error, a missing runs folder or items file, an invalid items file, no run-*.json
       file, a run-*.json entry that is not a regular file, a file over 64 MiB, or an output that cannot be written (message on stderr,
       nothing on stdout)";

/// Options of `pickanumber probe`.
#[derive(Debug, Args)]
pub struct ProbeArgs {
    /// The folder of run-*.json files.
    #[arg(long, value_name = "DIR")]
    pub runs_dir: PathBuf,

    /// The items file: name, scale_min, scale_max and the items (default: the site's probe
    /// set, /probe/items.json).
    #[arg(long, value_name = "FILE")]
    pub items: Option<PathBuf>,

    /// Where aggregate.json and REPORT.md go (created when missing).
    #[arg(
        long,
        value_name = "DIR",
        required_unless_present = "json",
        conflicts_with = "json"
    )]
    pub out: Option<PathBuf>,

    /// Print aggregate.json's content on stdout instead of writing files.
    #[arg(long)]
    pub json: bool,
}

/// The site's probe set, `src/probe-set.json` (the site publishes it as `/probe/items.json`,
/// `static/probe/items.json` being a link to this file): twenty
/// one-sentence bug reports of graded quality on a 1–10 scale, with the grade each was written
/// for. The rating prompt that goes with it is `static/probe/prompt.txt`.
pub const PROBE_SET: &str = include_str!("probe-set.json");

/// The runs of `args`, rated on the items of `--items` or, without it, of [`PROBE_SET`].
pub(crate) fn read(args: &ProbeArgs) -> Result<Probe, Fatal> {
    let fatal = |e: &dyn std::fmt::Display| Fatal(e.to_string());
    match &args.items {
        Some(items) => probe_dir(&args.runs_dir, items).map_err(|e| fatal(&e)),
        None => {
            let spec = ItemsSpec::from_json_str(PROBE_SET)
                .map_err(|e| Fatal(format!("the built-in probe set: {e}")))?;
            let runs = read_runs_dir(&args.runs_dir).map_err(|e| fatal(&e))?;
            Ok(probe(&runs, &spec))
        }
    }
}

/// Runs `pickanumber probe`.
///
/// Exit 0 when every run was read, 1 when some run failed (the outputs are written all the
/// same).
///
/// # Errors
/// A [`Fatal`] (exit 2) with the instruments crate's message: a missing runs folder or items
/// file, an invalid items file, no run files, or an output that cannot be written.
pub fn run(args: &ProbeArgs) -> Result<ExitCode, Fatal> {
    let p = read(args)?;
    match &args.out {
        Some(out) if !args.json => {
            let report = markdown(&p, &words::PROBE_REPORT, &words::PROBE);
            let written = write_outputs(&p, &report, out).map_err(|e| Fatal(e.to_string()))?;
            let mut text = summary_lines(&p).join("\n");
            text.push_str(&format!(
                "\nWrote {} and {}\n",
                written.aggregate_json.display(),
                written.report_md.display()
            ));
            print(&text);
        }
        _ => {
            // stdout carries only the JSON; the failed runs are still named, on stderr.
            for f in &p.failures {
                eprintln!("pickanumber: failed {}: {}", f.label, f.reason);
            }
            print(&aggregate_json(&p));
        }
    }
    // A failed run is a result the caller must see, as an item error is for `score`.
    Ok(if p.failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_states_the_share_of_failed_runs_past_which_no_regime_is_announced() {
        use pickanumber_instruments::probe::MAX_FAILED_PERCENT;
        let stated = format!("no more than\n    {MAX_FAILED_PERCENT}% of the runs failed");
        assert!(PROBE_HELP.contains(&stated), "{PROBE_HELP}");
    }
}
