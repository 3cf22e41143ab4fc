//! `pickanumber probe --runs-dir DIR --items FILE (--out DIR | --json)`: the calibration
//! probe's aggregator as a subcommand. The instruments crate reads the folder, computes the
//! metrics and the regime, and writes the two files; this module only prints.

use crate::cli::ProbeArgs;
use crate::{print, Fatal};
use pickanumber_instruments::probe::fs::{probe_dir, write_outputs};
use pickanumber_instruments::probe::report::{aggregate_json, summary_lines};
use std::process::ExitCode;

/// Runs `pickanumber probe`.
///
/// # Errors
/// A [`Fatal`] (exit 2) with the instruments crate's message: a missing runs folder or items
/// file, an invalid items file, no run files, or an output that cannot be written.
pub fn run(args: &ProbeArgs) -> Result<ExitCode, Fatal> {
    let p = probe_dir(&args.runs_dir, &args.items).map_err(|e| Fatal(e.to_string()))?;
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
