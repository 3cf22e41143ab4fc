//! `pickanumber rubric check|prompt|schema RUBRIC`: a rubric file → the rubric crate's
//! [`Rubric`] → a summary, the judge prompt or the JSON Schema on stdout; and [`load`], the
//! rubric `score --rubric` scores against.
//!
//! The rubric crate does the reading and the generating; this module only reads the file,
//! puts its name in front of every error, and chooses the exit code.

use crate::cli::{RubricCommand, RubricFile};
use crate::{print, read_input, Fatal};
use pickanumber_rubric::Rubric;
use pickanumber_score::display::{decimal, trim_number};
use std::path::Path;
use std::process::ExitCode;

/// The rubric in `path`, or its errors as lines `FILE:LINE:COLUMN: KEY: MESSAGE`.
///
/// # Errors
/// A [`Fatal`] (exit 2) when the file cannot be read or is not UTF-8.
fn read(path: &Path) -> Result<Result<Rubric, Vec<String>>, Fatal> {
    let text = read_input(Some(path))?;
    let name = path.display().to_string();
    Ok(Rubric::parse(&text).map_err(|errors| errors.iter().map(|e| e.in_file(&name)).collect()))
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
    | RubricCommand::Prompt(RubricFile { file })
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
    match command {
        RubricCommand::Check(_) => {
            for n in rubric.notes() {
                eprintln!("pickanumber: note: {n}");
            }
            print(&format!("{}: {}\n", file.display(), summary(&rubric)));
        }
        RubricCommand::Prompt(_) => print(&rubric.prompt()),
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
            .map(|c| format!("{} ({})", c.name, decimal(c.weight)))
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
