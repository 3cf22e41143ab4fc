//! `pickanumber combine A B …`: several judges' passes → one JSON object (or the markdown
//! report). Each argument is a file, named by its stem, or `NAME=FILE`; one file with
//! `## Pass: <name>` headings is also several passes. The files are read here, the passes
//! combined by [`pickanumber_result::evaluate_passes`] (the formula crate's `combine`), and the
//! object printed by the same [`pickanumber_result::Evaluation::to_json`] as `score`.

use crate::{print, read_input, Fatal};
use clap::Args;
use pickanumber_result::{evaluate, evaluate_passes};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The long help of `pickanumber combine` after the option list.
pub const COMBINE_HELP: &str = concat!(
    "\
PASSES:
    Each PASS is a file of items in any format `score` reads, named by the file's stem
    (claude.txt → claude), or NAME=FILE to name it. One file whose lines include
    `## Pass: <name>` headings holds several passes; line numbers stay the file's. A heading
    with no name or a name used before is an error on its line (its items are not scored);
    before the first heading, a weights: line sets every pass's weights and an item is an
    error. Two passes may not share a name.

COMBINED:
    The headline is the formula over every pass's items together, in the mode they decide
    together (each pass is scored alone in that mode too). An observation two judges both
    found counts once: items of different passes with the same text (ignoring the case of
    ASCII letters, punctuation and spacing), the same criterion, perspective and bucket and
    the same sign count as often as the pass that lists them most often, at that pass's
    impacts (on a tie, the smaller). The duplicates are listed and noted.

OUTPUT:
    The keys `score` prints for the mode, with interval, then: passes ([{\"name\", \"line\",
    \"final\", \"final_unrounded\", \"confidence\", \"interval\", \"total_items\", \"criteria\"}]),
    spread (per criterion, and the headlines with criterion null: lowest, highest, spread,
    passes), disagreements ([{\"criterion\", \"perspective\", \"passes\": [{\"name\", \"net\"}]}]:
    cells where one pass nets above 0 and another below), alpha (Krippendorff's α, interval
    metric, over the per-criterion finals: matrix mode, 2+ passes, 3+ criteria; else null) with
    alpha_level (reliable ≥ 0.800, tentative ≥ 0.667, else unreliable), duplicates.
    A diagnostic about a pass's own line starts with `pass NAME:`. --no-interval leaves every
    interval key out (no resampling).

",
    crate::against::evidence_help!(),
    "\
JUDGE LOOP:
    --outcomes FILE (with --against) gives the verdict the packages' judge() gives, on a JSON
    list of graders' outcomes: {\"name\", \"kind\": \"answer\", \"text\"}, {\"kind\": \"parsed\",
    \"value\"}, {\"kind\": \"raised\", \"type\", \"message\"}, {\"kind\": \"timed_out\", \"seconds\"},
    {\"kind\": \"too_large\", \"bytes\"}; each PASS is then one grader's answer. Each answer is read
    strictly, on its own; a grader that raised, timed out, answered with prose, cut-off JSON,
    no items, or evidence all not in the work is left out and named in \"judges\". The gate
    misses when fewer than --min-judges graders scored (default: every one); exit 1 when none
    scored.

EXIT STATUS:
    0  every pass was read without errors and the gate (if any) passed
    1  some item, heading or weight is an error; with --outcomes, no grader scored
    2  usage error or unreadable file (message on stderr, nothing on stdout)
    3  the gate missed: one of the gate's options above (each says what it checks) was
       not met"
);

/// Options of `pickanumber combine`.
#[derive(Debug, Args)]
pub struct CombineArgs {
    /// The passes: FILE (named by its stem) or NAME=FILE; one FILE may hold `## Pass:` headings.
    /// With --outcomes, each is one grader's raw answer.
    #[arg(value_name = "PASS", required_unless_present = "outcomes")]
    pub passes: Vec<String>,

    /// Judge loop: a JSON file listing graders' outcomes (`{"name", "kind": "answer" | "parsed"
    /// | "raised" | "timed_out" | "too_large", …}`), given the verdict `judge` gives: each
    /// answer (and each PASS) read strictly, failed graders named, the gate with --min-judges.
    #[arg(long, value_name = "FILE", requires = "against")]
    pub outcomes: Option<PathBuf>,

    /// With --outcomes: how many graders must give a score for the gate to pass (default:
    /// every one).
    #[arg(
        long,
        value_name = "N",
        requires = "outcomes",
        allow_negative_numbers = true
    )]
    pub min_judges: Option<i64>,

    /// Print the markdown report instead of JSON.
    #[arg(long)]
    pub report: bool,

    /// The scoring options (the API's table), shared with `score`.
    #[command(flatten)]
    pub scoring: crate::scoring::ScoringArgs,
}

/// Runs `pickanumber combine`.
///
/// # Errors
/// A [`Fatal`] (exit 2) for an unreadable file or rubric, two passes with one name, or a file
/// with `## Pass:` headings given beside other files.
pub fn run(args: &CombineArgs) -> Result<ExitCode, Fatal> {
    let options = args.scoring.options()?;
    if let Some(path) = &args.outcomes {
        return judged(args, path, &options);
    }
    let passes = read_passes(&args.passes)?;
    let e = match passes.as_slice() {
        [(_, text, true)] => evaluate(text, &options),
        _ => {
            if let Some((name, _, _)) = passes.iter().find(|p| p.2) {
                return Err(Fatal(format!("pass {name} holds ## Pass: headings: give a file with headings alone, or one pass per file")));
            }
            let named: Vec<(String, String)> = passes.into_iter().map(|(n, t, _)| (n, t)).collect();
            evaluate_passes(&named, &options)
        }
    };
    if args.report {
        crate::print_report(&pickanumber_result_view::report::markdown(&e.analysis));
    } else {
        let json = serde_json::to_string_pretty(&e.result()).expect("a result serialises");
        print(&format!("{json}\n"));
    }
    Ok(ExitCode::from(e.exit_code()))
}

/// `combine --outcomes`: the judge loop's verdict on the graders' outcomes in `path`, after
/// one `answer` outcome for each PASS file, printed as `judge` gives it (exit 1 when no grader
/// scored, 3 when the gate missed).
fn judged(
    args: &CombineArgs,
    path: &Path,
    options: &pickanumber_result::Options,
) -> Result<ExitCode, Fatal> {
    use pickanumber_result::judging::{graders_from_json, verdict, Grader, Outcome, Panel};
    let mut graders: Vec<Grader> = read_passes(&args.passes)?
        .into_iter()
        .map(|(name, text, _)| Grader {
            name,
            outcome: Outcome::Answer { text },
            params: None,
            usage: None,
            cached: None,
        })
        .collect();
    let text = read_input(Some(path))?;
    let listed = graders_from_json(&text).map_err(|e| Fatal(format!("{}: {e}", path.display())))?;
    graders.extend(listed);
    let v = verdict(
        graders,
        options,
        &Panel {
            min_judges: args.min_judges,
            ..Panel::default()
        },
    )
    .map_err(Fatal)?;
    if args.report {
        crate::print_report(&v.report());
    } else {
        let json = serde_json::to_string_pretty(&v.to_json()).expect("a verdict serialises");
        print(&format!("{json}\n"));
    }
    Ok(ExitCode::from(v.exit_code()))
}

/// Each argument's name, text, and whether the text has `## Pass:` headings.
fn read_passes(args: &[String]) -> Result<Vec<(String, String, bool)>, Fatal> {
    let mut out: Vec<(String, String, bool, PathBuf)> = Vec::new();
    for arg in args {
        let (name, path) = name_and_path(arg)?;
        let text = read_input(Some(&path))?;
        if let Some(first) = out.iter().find(|p| p.0 == name) {
            return Err(Fatal(format!(
                "two passes are named {name} ({} and {}): name them with NAME=FILE",
                first.3.display(),
                path.display()
            )));
        }
        let headed = pickanumber_score::has_pass_headings(&text);
        out.push((name, text, headed, path));
    }
    Ok(out.into_iter().map(|(n, t, h, _)| (n, t, h)).collect())
}

/// `NAME=FILE`, or a FILE named by its stem. An argument that is an existing file is a file,
/// even with `=` in its name.
fn name_and_path(arg: &str) -> Result<(String, PathBuf), Fatal> {
    let whole = Path::new(arg);
    if let (false, Some((name, file))) = (whole.is_file(), arg.split_once('=')) {
        if name.trim().is_empty() {
            return Err(Fatal(format!(
                "{arg:?}: the name before '=' is empty: write NAME=FILE"
            )));
        }
        return Ok((name.trim().to_string(), PathBuf::from(file)));
    }
    let stem = whole
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .ok_or_else(|| Fatal(format!("{arg:?} names no file: give FILE or NAME=FILE")))?;
    Ok((stem, whole.to_path_buf()))
}
