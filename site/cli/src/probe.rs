//! `pickanumber probe --runs-dir DIR [--items FILE] (--out DIR | --json)`: the calibration
//! probe's aggregator as a subcommand. The instruments crate reads the folder, computes the
//! metrics and the regime, and writes the two files; this module only prints. Without
//! `--items`, the runs are ratings of the site's own probe set ([`PROBE_SET`]).

use crate::cli::ProbeArgs;
use crate::{print, Fatal};
use pickanumber_instruments::probe::fs::{probe_dir, read_runs_dir, write_outputs};
use pickanumber_instruments::probe::report::{aggregate_json, summary_lines};
use pickanumber_instruments::probe::{probe, ItemsSpec, Probe};
use std::process::ExitCode;

/// The site's probe set, `static/probe/items.json` (published as `/probe/items.json`): twenty
/// one-sentence bug reports of graded quality on a 1–10 scale, with the grade each was written
/// for. The rating prompt that goes with it is `static/probe/prompt.txt`.
pub const PROBE_SET: &str = include_str!("../../../static/probe/items.json");

/// The runs of `args`, rated on the items of `--items` or, without it, of [`PROBE_SET`].
fn read(args: &ProbeArgs) -> Result<Probe, Fatal> {
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
/// # Errors
/// A [`Fatal`] (exit 2) with the instruments crate's message: a missing runs folder or items
/// file, an invalid items file, no run files, or an output that cannot be written.
pub fn run(args: &ProbeArgs) -> Result<ExitCode, Fatal> {
    let p = read(args)?;
    match &args.out {
        Some(out) if !args.json => {
            let written = write_outputs(&p, out).map_err(|e| Fatal(e.to_string()))?;
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
    Ok(ExitCode::SUCCESS)
}
