//! `pickanumber pairwise [FILE]`: judgments (tab-, comma- or space-separated, or JSON lines) → the instruments
//! crate's [`analyse`] → one JSON object on stdout.

use crate::{print, read_input, Fatal};
use clap::Args;
use pickanumber_instruments::pairwise::analyse;
use std::path::PathBuf;
use std::process::ExitCode;

/// The long help of `pickanumber pairwise` after the option list.
pub const PAIRWISE_HELP: &str = "\
INPUT (one judgment per line):
    first<TAB>second<TAB>verdict                    tabs, or commas, or runs of spaces
                                                    (a name with spaces needs tabs or commas)
    {\"first\": \"…\", \"second\": \"…\", \"verdict\": \"A\"}   JSON lines
    The verdict names the position: A = the first shown won, B = the second shown won,
    NEITHER (or TIE) = no winner; any case. Blank lines are skipped, and so is a UTF-8
    byte-order mark at the start of the input.

OUTPUT:
    One JSON object: items (ranked by p: name, alpha, beta, p, width, judge_again),
    position_bias (first_wins, decided, share, p_value: exact two-sided binomial test
    against 0.5), swap (pairs_both_orders, consistent, share, inconsistent_pairs) and errors
    ([{\"line\": N, \"message\": \"…\"}]).
    Each item starts from Beta(1, 1); a win adds 0.5 to alpha, a loss 0.5 to beta, NEITHER
    nothing. width = 2 · 1.96 · √(p(1 − p) / (alpha + beta)); judge_again when width ≥ 0.3.

EXIT STATUS:
    0  every line was a judgment
    1  some line was an error; the JSON is still printed
    2  usage error, unreadable input or input over 64 MiB (message on stderr, nothing on
       stdout)";

/// Options of `pickanumber pairwise`.
#[derive(Debug, Args)]
pub struct PairwiseArgs {
    /// Read the judgments from FILE (`-` or none: standard input).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

impl PairwiseArgs {
    /// The input file; `None` (or `-`) is stdin.
    pub fn input_path(&self) -> Option<&std::path::Path> {
        self.file.as_deref().filter(|p| p.as_os_str() != "-")
    }
}

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
