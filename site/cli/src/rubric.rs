//! `pickanumber rubric check|prompt|schema RUBRIC`: a rubric file → the rubric crate's
//! [`Rubric`] → a summary, the judge prompt or the JSON Schema on stdout; and [`load`], the
//! rubric `score --rubric` scores against.
//!
//! The rubric crate does the reading and the generating; this module only reads the file,
//! puts its name in front of every error, and chooses the exit code.

use crate::{print, read_input, terminal_text, Fatal};
use clap::{Args, Subcommand};
use pickanumber_rubric::{Rubric, WorkText};
use pickanumber_score::verify::Work;
use pickanumber_text::numtext::{round_trip, trim_number};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `pickanumber rubric …`: one rubric file, three things to do with it.
#[derive(Debug, Subcommand)]
pub enum RubricCommand {
    /// Check the rubric and print a one-line summary of it.
    #[command(after_long_help = RUBRIC_HELP)]
    Check(RubricFile),
    /// Print the judge prompt the rubric gives (markdown), with the work after it when given.
    #[command(after_long_help = RUBRIC_HELP)]
    Prompt(PromptArgs),
    /// Print the JSON Schema of the judge's output under the rubric.
    #[command(after_long_help = RUBRIC_HELP)]
    Schema(RubricFile),
}

/// The rubric file a `rubric` subcommand reads.
#[derive(Debug, Args)]
pub struct RubricFile {
    /// The rubric: TOML, or JSON when its first non-blank character is `{`.
    #[arg(value_name = "RUBRIC")]
    pub file: PathBuf,
}

/// What `rubric prompt` reads: the rubric, and the work to put after the prompt.
#[derive(Debug, Args)]
pub struct PromptArgs {
    #[command(flatten)]
    pub rubric: RubricFile,

    /// The judged work, put after the prompt under "## The work" as the judge loops send it:
    /// a file or a folder, read as `score --against` reads it, each file under its path with
    /// numbered lines, so that the judge's `path:line` citations check against the same PATH.
    #[arg(long, value_name = "PATH")]
    pub work: Option<PathBuf>,

    /// Write the criteria and the perspectives in another order, drawn from SEED (0 to
    /// 18446744073709551615): the same seed gives the same order, for `retest --by`.
    #[arg(long, value_name = "SEED")]
    pub shuffle: Option<u64>,
}

/// The long help of `pickanumber rubric` and its subcommands after the option list.
pub const RUBRIC_HELP: &str = "\
RUBRIC FILE (TOML; the same structure as JSON):
    subject = \"pull request #412\"           required: what is scored
    mode = \"matrix\"                         required: matrix or pooled
    perspectives = [\"requester\", \"sme\"]     optional: the five defaults when left out
    [[criteria]]                            matrix only, one table per criterion:
    name = \"craft\"                          a name (letters, digits, '_', '-'), unique
    weight = 0.6                            greater than 0 (divided by the sum of the weights)
    plus5 = \"…\"                             what a +5 item looks like
    minus5 = \"…\"                            what a −5 item looks like
    [[traps]]                               optional, one table per planted trap:
    description = \"…\"                       what the trap is
    impact = -5                             one of 5, 3, 2, 1, -1, -2, -3, -5
    [params]                                optional: denominator, scale, center, max,
                                            floor, gain, normalize, rounding (as evidence blocks)

    Errors name the file, line, column and key (criteria and traps count from 1):
    rubric.toml:9:10: criteria[2].weight: weights must be greater than 0: check depth

OUTPUT:
    check    a summary of the rubric on stdout; notes (weights not summing to 1) on stderr
    prompt   the judge prompt, markdown; with --shuffle SEED the same criteria and
             perspectives in an order drawn from SEED (a prompt-order probe for `retest`)
    schema   the JSON Schema (draft 2020-12) of {\"items\": [{\"perspective\", \"criterion\",
             \"text\", \"evidence\", \"impact\"}]} in the subset model APIs enforce (every
             property required, no others allowed; a pooled rubric's items have no criterion)
    Score a judge's output with `pickanumber score --rubric RUBRIC OUTPUT`.

EXIT STATUS:
    0  the rubric is valid (and the prompt or schema was printed)
    1  the rubric has errors: each on stderr, nothing on stdout
    2  usage error or unreadable file (message on stderr, nothing on stdout)";

/// The rubric in `path`, or its errors as lines `FILE:LINE:COLUMN: KEY: MESSAGE` (control
/// characters quoted from the file shown escaped).
///
/// # Errors
/// A [`Fatal`] (exit 2) when the file cannot be read or is not UTF-8.
fn read(path: &Path) -> Result<Result<Rubric, Vec<String>>, Fatal> {
    let text = read_input(Some(path))?;
    let name = path.display().to_string();
    Ok(Rubric::parse(&text).map_err(|errors| {
        errors
            .iter()
            .map(|e| terminal_text(&e.in_file(&name)))
            .collect()
    }))
}

/// The rubric `score --rubric` scores against.
///
/// # Errors
/// A [`Fatal`] (exit 2, nothing on stdout) when the file cannot be read or has errors, with
/// every error on its own line.
pub fn load(path: &Path) -> Result<Rubric, Fatal> {
    read(path)?
        .map_err(|errors| Fatal(format!("the rubric cannot be used:\n{}", errors.join("\n"))))
}

/// Runs `pickanumber rubric …`: exit 0 and the output when the rubric is valid, 1 and its
/// errors on stderr when it is not.
///
/// # Errors
/// A [`Fatal`] (exit 2) when the file cannot be read or is not UTF-8.
pub fn run(command: &RubricCommand) -> Result<ExitCode, Fatal> {
    let (RubricCommand::Check(RubricFile { file })
    | RubricCommand::Prompt(PromptArgs {
        rubric: RubricFile { file },
        ..
    })
    | RubricCommand::Schema(RubricFile { file })) = command;
    let rubric = match read(file)? {
        Ok(r) => r,
        Err(errors) => {
            for e in errors {
                eprintln!("pickanumber: error: {e}");
            }
            return Ok(ExitCode::from(1));
        }
    };
    let rubric = match command {
        RubricCommand::Prompt(PromptArgs {
            shuffle: Some(seed),
            ..
        }) => rubric.shuffled(*seed),
        _ => rubric,
    };
    match command {
        RubricCommand::Check(_) => {
            for n in rubric.notes() {
                eprintln!("pickanumber: note: {}", terminal_text(&n));
            }
            let line = format!("{}: {}", file.display(), summary(&rubric));
            print(&format!("{}\n", terminal_text(&line)));
        }
        RubricCommand::Prompt(PromptArgs { work: None, .. }) => print(&rubric.prompt()),
        RubricCommand::Prompt(PromptArgs {
            work: Some(path), ..
        }) => {
            let work = Work::read(path).map_err(|e| Fatal(e.0))?;
            for note in &work.skipped {
                eprintln!("pickanumber: note: {}", terminal_text(note));
            }
            if work.files.is_empty() {
                return Err(Fatal(format!(
                    "the work {} holds no text file to judge; no prompt was printed",
                    path.display()
                )));
            }
            let files: Vec<(&str, &str)> = work
                .files
                .iter()
                .map(|f| (f.path.as_str(), f.text()))
                .collect();
            print(&rubric.prompt_with_work(WorkText::Files(&files)));
        }
        RubricCommand::Schema(_) => print(&rubric.schema()),
    }
    Ok(ExitCode::SUCCESS)
}

/// One line about a valid rubric: `a matrix rubric for "pull request #412": criteria craft
/// (0.6), depth (0.4); 5 perspectives; 2 traps; denominator 20, scale 8`.
fn summary(r: &Rubric) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut s = format!("a {} rubric for \"{}\"", r.mode, r.subject);
    if !r.criteria.is_empty() {
        let c: Vec<String> = r
            .criteria
            .iter()
            .map(|c| format!("{} ({})", c.name, round_trip(c.weight)))
            .collect();
        s.push_str(&format!(": criteria {}", c.join(", ")));
    }
    s.push_str(&format!(
        "; {}; {}; denominator {}, scale {}",
        plural(r.perspectives.len(), "perspective", "perspectives"),
        plural(r.traps.len(), "trap", "traps"),
        trim_number(r.params.density_denominator),
        trim_number(r.params.scale)
    ));
    s
}
