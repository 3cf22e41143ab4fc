//! `pickanumber retest RUNS`: the same works judged several times → the instruments crate's
//! [`retest`] (each answer scored alone; per work the finals, their spread and whether they
//! straddle `--fail-under`; overall `final_sd`, `naive_sd`, `flip_rate` and `naive_flip_rate`
//! with bootstrap intervals over works) → summary lines, one JSON object (`--json`) or markdown
//! with an SVG strip per work (`--report`). A run that gives no score is named with its line
//! and work, and nothing else is printed.

use crate::{print, read_input, terminal_text, Fatal};
use clap::Args;
use pickanumber_instruments::calibrate::{located, Scale};
use pickanumber_instruments::retest::{retest, runs, Options};
use pickanumber_rubric::Rubric;
use pickanumber_score::verify::{Against, Work};
use pickanumber_score::Request;
use std::path::PathBuf;
use std::process::ExitCode;

/// The long help of `pickanumber retest` after the option list.
pub const RETEST_HELP: &str = "\
RUNS (JSON Lines, one judging a line, at least two a work):
    {\"work\": \"pr-1\", \"output\": \"+3 tests pass\\n-1 slow\", \"naive\": 70}
    work     the judged work's id (a text or a number); runs with the same id are retests
    output   the judge's answer as a text in any format `score` reads, or as its JSON (an
             object or a list, as a model writes under a schema)
    naive    optional: the judge's own number for the work in the same run, on
             --naive-scale; on every run of a work or on none
    grader, model   optional: the grader's name and the judged model's name; a warning when
             both belong to the same known family (gpt/o1/o3 OpenAI, claude Anthropic,
             gemini/gemma Google, llama Meta, mistral Mistral, qwen Alibaba, deepseek, grok,
             command Cohere, phi Microsoft)
    probe    optional: a label of the run, such as the prompt order it was judged under
    against  optional: the judged work its evidence is checked against, as a text or
             {\"path\": \"...\"} (a file or a folder relative to RUNS's folder, read once however
             many runs name it); runs that name none are checked against --against PATH
             when given
    KEY      with --by KEY (probe, grader, model or a key of your own): the run's group label
    Every answer is scored on its own, exactly as `pickanumber score` (with --rubric, as
    `score --rubric`; with its work, as `score --against`) scores it: items whose quotation
    or path:line is not in the work are left out before the formula runs. A run with no work
    is scored unchecked, and the output says how many runs were checked (evidence). A work
    that cannot be read is named as RUNS:LINE: work \"ID\": cannot read work \"PATH\": why. A run whose answer gives no score and a work with one run
    are each named as RUNS:LINE: work \"ID\": message, a line that is not a run as
    RUNS:LINE: message; then nothing is printed on stdout and the exit status is 1: no figure
    is made from the runs that did read.

WHAT IS MEASURED:
    Per work: every run's final, their sample standard deviation and range, and whether they
    fall on both sides of --fail-under (some under it, some not); the same for the naive
    numbers, mapped onto 0-100.
    final_sd: the square root of the mean over works of each work's sample variance of the
    finals (the pooled within-work standard deviation, in points); naive_sd the same for the
    naive numbers over the works that give them; flip_rate and naive_flip_rate: the share of
    works whose runs fall on both sides of --fail-under (none without it). Each with a 90 %
    bootstrap percentile interval over 1000 resamples of the works, seeded: the same runs give
    the same intervals.
    --by KEY groups the runs by the label each run gives under KEY, in the order the labels
    first appear, and reports for each later label the shift of the final from the first
    label's: per work judged under both, its mean final under the label less its mean final
    under the first, averaged over those works, with its interval. The overall figures pool
    every run of a work, whatever its label.

OUTPUT:
    Summary lines by default; --json one JSON object: runs, works, fail_under, naive_scale,
    level, resamples, final_sd, naive_sd, flip_rate, naive_flip_rate (each {value, low, high,
    works} or null), by (null, or {key, groups, shifts}), warnings, evidence (runs_checked,
    runs_unchecked and the checked runs' items: verified, located, not_found, not_checkable,
    no_evidence, invented_rate), per_work (work, lines, finals, mean, sd, range, flips,
    naive, naive_sd, naive_range, naive_flips, labels with --by, and evidence: null when
    none of its runs was checked). --report prints markdown with a table of the works and
    an inline SVG strip for each
    (the runs' finals beside the naive numbers, the gate as a line). Warnings also go to stderr
    with the summary lines.

EXIT STATUS:
    0  every run was scored and the figures were printed
    1  a run does not read, gives no score, or is its work's only run (each named on stderr,
       nothing on stdout)
    2  usage error, unreadable runs file or file over 64 MiB, unusable rubric, unreadable
       --against PATH";

/// Options of `pickanumber retest`.
#[derive(Debug, Args)]
pub struct RetestArgs {
    /// The runs (JSON Lines), at least two per work.
    #[arg(value_name = "RUNS")]
    pub runs: PathBuf,
    /// The gate: a work flips when some of its runs' finals are under N and some are not.
    #[arg(long, value_name = "N", value_parser = pickanumber_result::gate::parse_score)]
    pub fail_under: Option<f64>,
    /// The scale of the naive numbers, mapped onto 0-100.
    #[arg(long, value_name = "A:B", default_value = "0:100", value_parser = Scale::parse)]
    pub naive_scale: Scale,
    /// Group the runs by the label each gives under KEY (such as probe) and report the shift
    /// of the final between the groups.
    #[arg(long, value_name = "KEY", value_parser = by_key)]
    pub by: Option<String>,
    /// Score every answer against this rubric (its mode, weights and settings).
    #[arg(long, value_name = "R")]
    pub rubric: Option<PathBuf>,
    /// Check the evidence of every run that names no work of its own ("against") against
    /// this judged work (a file's text, or a folder as a tree of files), as score --against
    /// does.
    #[arg(long, value_name = "PATH")]
    pub against: Option<PathBuf>,
    /// Print one JSON object instead of the summary lines.
    #[arg(long, conflicts_with = "report")]
    pub json: bool,
    /// Print the markdown report, with an SVG strip per work.
    #[arg(long)]
    pub report: bool,
}

/// A `--by` key: probe, grader, model or a key of the runs' own, not what a run is.
fn by_key(s: &str) -> Result<String, String> {
    if s.trim().is_empty() {
        Err("the key must not be empty, such as probe".into())
    } else if runs::NOT_LABELS.contains(&s) {
        Err(format!(
            "\"{s}\" is not a label: --by takes probe, grader, model or a key of your own, not {}",
            runs::NOT_LABELS.join(", ")
        ))
    } else {
        Ok(s.to_string())
    }
}

/// Runs `pickanumber retest`.
///
/// # Errors
/// A [`Fatal`] (exit 2) when the runs file or the rubric cannot be read or used.
pub fn run(args: &RetestArgs) -> Result<ExitCode, Fatal> {
    let text = read_input(Some(&args.runs))?;
    let mut request = args
        .rubric
        .as_deref()
        .map(crate::rubric::load)
        .transpose()?
        .as_ref()
        .map_or_else(Request::default, Rubric::request);
    if let Some(path) = &args.against {
        request.against = Some(Against::new(
            Work::read(path).map_err(|e| Fatal(e.to_string()))?,
        ));
    }
    let fail = |errors: Vec<pickanumber_score::LineError>| {
        for line in located(&args.runs, &errors) {
            eprintln!("pickanumber: error: {}", terminal_text(&line));
        }
        ExitCode::from(1)
    };
    let runs = match runs::read_in(&args.runs, &text, args.naive_scale, args.by.as_deref()) {
        Ok(r) => r,
        Err(errors) => return Ok(fail(errors)),
    };
    let options = Options {
        fail_under: args.fail_under,
        naive_scale: args.naive_scale,
        by: args.by.clone(),
        request,
    };
    let r = match retest(&runs, &options) {
        Ok(r) => r,
        Err(errors) => return Ok(fail(errors)),
    };
    if args.json {
        print(&r.to_json());
    } else if args.report {
        print(&r.report());
    } else {
        for w in &r.warnings {
            eprintln!("pickanumber: warning: {}", terminal_text(w));
        }
        let lines: Vec<String> = r.summary_lines().iter().map(|l| terminal_text(l)).collect();
        print(&format!("{}\n", lines.join("\n")));
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pickanumber_instruments::retest::family::FAMILIES;
    use pickanumber_score::interval::{LEVEL, RESAMPLES};

    /// The help states the interval as the formula crate defines it, and names a prefix of
    /// every family the warning knows.
    #[test]
    fn the_help_states_the_crates_settings() {
        let help = RETEST_HELP.split_whitespace().collect::<Vec<_>>().join(" ");
        let stated = format!(
            "a {LEVEL} % bootstrap percentile interval over {RESAMPLES} resamples of the works"
        );
        assert!(help.contains(&stated), "{stated}\n{help}");
        for (family, prefixes) in FAMILIES {
            assert!(
                prefixes.iter().any(|p| help.contains(p)),
                "the help names no model of {family}"
            );
        }
    }
}
