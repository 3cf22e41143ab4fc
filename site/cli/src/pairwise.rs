//! `pickanumber pairwise [FILE]`: judgments (tab-separated or JSON lines) → the instruments
//! crate's [`analyse`] → one JSON object on stdout.

use crate::cli::PairwiseArgs;
use crate::{print, read_input, Fatal};
use pickanumber_instruments::pairwise::analyse;
use std::process::ExitCode;

/// Runs `pickanumber pairwise`: exit 0 when every line was a judgment, 1 when some line was
/// an error (the JSON is printed all the same).
///
/// # Errors
/// A [`Fatal`] (exit 2) when the input cannot be read or is not UTF-8.
pub fn run(args: &PairwiseArgs) -> Result<ExitCode, Fatal> {
    let text = read_input(args.input_path())?;
    let a = analyse(&text);
    print(&a.to_json_string());
    Ok(if a.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
