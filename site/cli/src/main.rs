//! `pickanumber`: the command line of the formula crate.
//!
//! `main` parses the arguments with clap ([`cli`]; each subcommand's options and long help
//! are defined in its module, the values they take in [`values`]) and hands each subcommand
//! to its own module: [`score`] (text → analysis → JSON, the report, or the feedback judge's score.py
//! behaviour through [`compat`] and [`judge`]), [`versions`] (the judge store → a table),
//! [`probe`] (a runs folder → `aggregate.json`, `REPORT.md` and the regime), [`pairwise`]
//! (judgments → posteriors, position bias and swap consistency as JSON) and [`rubric`] (a
//! rubric file → its check, judge prompt or JSON Schema; also what `score --rubric` reads),
//! [`combine`] (several judges' passes → one JSON object) and [`compare`] (two results →
//! the change and whether the intervals overlap), [`calibrate`] (a gold set → agreement with
//! people and the fitted settings), [`retest`] (repeated judgings of the same works → how far
//! the final moves from run to run).
//! The modules return an exit code, or a [`Fatal`] error that `main` prints.
//!
//! Exit codes: 0 when every item was valid, 1 when some item (or the weights, or a pairwise
//! judgment) was an error, 3 when a gate's threshold was missed, 2 for usage errors, unreadable
//! input, an unusable judge store and a probe that cannot run or write (a message on stderr,
//! nothing on stdout).

mod against;
mod calibrate;
mod cli;
mod combine;
mod compare;
mod compat;
mod judge;
mod locked;
mod pairwise;
mod probe;
mod retest;
mod rubric;
mod score;
mod scoring;
mod values;
mod versions;

use clap::Parser;
use pickanumber_instruments::bounded::{read_file, read_stream, MAX_BYTES};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// An error that stops the command with exit status 2: unreadable input, a judge document
/// that cannot be read or written. The message is printed on stderr after `pickanumber: `.
#[derive(Debug)]
pub struct Fatal(pub String);

impl From<String> for Fatal {
    fn from(message: String) -> Fatal {
        Fatal(message)
    }
}

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let result = match &args.command {
        cli::Command::Score(a) => score::run(a),
        cli::Command::Versions(a) => versions::run(a),
        cli::Command::Probe(a) => probe::run(a),
        cli::Command::Pairwise(a) => pairwise::run(a),
        cli::Command::Rubric(c) => rubric::run(c),
        cli::Command::Combine(a) => combine::run(a),
        cli::Command::Compare(a) => compare::run(a),
        cli::Command::Calibrate(a) => calibrate::run(a),
        cli::Command::Retest(a) => retest::run(a),
    };
    match result {
        Ok(code) => code,
        Err(Fatal(message)) => {
            eprintln!("pickanumber: {message}");
            ExitCode::from(2)
        }
    }
}

/// Writes `text` to stdout as it is. A closed pipe (`| head`) is not worth a panic.
pub fn print(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

/// A markdown report that holds the input's own text (item texts, ids), printed: each line
/// through [`terminal_text`], so that no control character of the input reaches the terminal
/// as a command, while the report's own line breaks stay.
pub fn print_report(text: &str) {
    let lines: Vec<String> = text.split('\n').map(terminal_text).collect();
    print(&lines.join("\n"));
}

/// `text` as data may reach a terminal: every control character (C0, DEL and C1, which a
/// terminal can take for a command that recolours it, moves the cursor or sets its title)
/// written as its Rust escape (`\u{1b}`, `\n`, `\t`), every other character as it is.
pub fn terminal_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// The text of `path`, or of standard input when `path` is `None`: at most
/// [`MAX_BYTES`] (64 MiB), so `/dev/zero` or an endless pipe is refused at once.
///
/// # Errors
/// A [`Fatal`] naming the file (or standard input) when it cannot be read, holds more than
/// 64 MiB or is not UTF-8.
pub fn read_input(path: Option<&Path>) -> Result<String, Fatal> {
    let name = path.map_or_else(|| "standard input".to_string(), |p| p.display().to_string());
    let bytes = match path {
        Some(p) => read_file(p, MAX_BYTES),
        None => read_stream(std::io::stdin().lock(), MAX_BYTES),
    }
    .map_err(|e| Fatal(e.message(&name)))?;
    String::from_utf8(bytes).map_err(|e| {
        Fatal(format!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}
