//! The command line as clap types: the subcommands; `score`'s options and long help (the item
//! grammar, the output, the exit status) here, the other subcommands' beside their code, the
//! values they take in `values`; and the checks clap makes before anything runs (unknown
//! options, values not in a set, options that need or exclude each other, slugs). A failed
//! check is a usage error: clap prints it on stderr and the process exits 2 with nothing on
//! stdout.

use crate::calibrate::{CalibrateArgs, CALIBRATE_HELP};
use crate::combine::{CombineArgs, COMBINE_HELP};
use crate::compare::{CompareArgs, COMPARE_HELP};
use crate::judge::Slug;
use crate::pairwise::{PairwiseArgs, PAIRWISE_HELP};
use crate::probe::{ProbeArgs, PROBE_HELP};
use crate::retest::{RetestArgs, RETEST_HELP};
use crate::rubric::{RubricCommand, RUBRIC_HELP};
use crate::values::Compat;
use crate::versions::{VersionsArgs, VERSIONS_HELP};
use clap::{ArgGroup, Args, Parser, Subcommand};
use pickanumber_result::table::SCORING_OPTIONS;
use std::path::PathBuf;

/// `pickanumber`: the whole command line.
#[derive(Debug, Parser)]
#[command(
    name = "pickanumber",
    version,
    about = "Score evidence items with the pickanumber formula, keep a feedback judge's saved versions on disk, probe a judge's use of a scale, diagnose pairwise verdicts",
    long_about = "Score evidence items with the pickanumber formula (Don't let the LLM pick a number): \
a language model collects signed evidence items, and this fixed formula, not the model, turns \
them into a 0–100 score with a confidence.\n\n\
`pickanumber score` is also a drop-in for the what-works feedback judge's score.py \
(--input, --compat score-py, --save, --load and JUDGE_DIR); `pickanumber versions` lists the \
versions saved for one evaluation.\n\n\
`pickanumber combine` scores several judges' passes together, with each pass, the spread, the \
cells where they disagree and Krippendorff's α; `pickanumber compare` gives the change between \
two results and whether their intervals overlap.\n\n\
`pickanumber probe` classifies how a judge model uses a rating scale from repeated runs (a \
drop-in for the calibration probe's aggregator); `pickanumber pairwise` reads head-to-head \
verdicts and reports Beta posteriors, position bias and swap consistency.",
    after_help = "Run `pickanumber score --help` for the item grammar, the JSON output and the exit status."
)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// One subcommand; `main` hands each to its own module.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Score evidence items from a file or standard input and print the result as JSON.
    #[command(after_long_help = SCORE_HELP)]
    Score(ScoreArgs),
    /// List the versions saved for one evaluation, with the change from each version to the
    /// next.
    #[command(after_long_help = VERSIONS_HELP, visible_alias = "passes")]
    Versions(VersionsArgs),
    /// Classify how a judge model uses a rating scale from a folder of repeated runs (a
    /// drop-in for the calibration probe's aggregator).
    #[command(after_long_help = PROBE_HELP)]
    Probe(ProbeArgs),
    /// Read pairwise verdicts and print per-item Beta posteriors, position bias and swap
    /// consistency as JSON.
    #[command(after_long_help = PAIRWISE_HELP)]
    Pairwise(PairwiseArgs),
    /// Check a rubric file, or print the judge prompt or the JSON Schema it gives.
    #[command(subcommand, after_long_help = RUBRIC_HELP)]
    Rubric(RubricCommand),
    /// Combine several judges' passes into one score, with each pass, the spread, the cells
    /// where they disagree, α and the interval, as JSON.
    #[command(after_long_help = COMBINE_HELP)]
    Combine(CombineArgs),
    /// Compare two results (or two inputs): the change of the headline and of each criterion,
    /// and whether the intervals overlap, as JSON.
    #[command(after_long_help = COMPARE_HELP)]
    Compare(CompareArgs),
    /// Calibrate against people: agreement of the formula's finals with a human gold set, and
    /// the density denominator and scale fitted under k-fold cross-validation, as JSON.
    #[command(after_long_help = CALIBRATE_HELP)]
    Calibrate(CalibrateArgs),
    /// How steady the judge is: the same works judged several times, and how far the final
    /// and the judge's own number move from run to run, with intervals.
    #[command(after_long_help = RETEST_HELP)]
    Retest(RetestArgs),
}

/// The long help of `pickanumber score` after the option list: the grammar, the output, the
/// score.py drop-in and the exit status.
const SCORE_HELP: &str = concat!(
    "\
ITEMS (one per line):
    +5 the final state is correct        signed impact, then the text
    -2 wrong pane first                  ASCII '-' or Unicode minus '−'
    (+1) no unrelated changes             the impact may be in parentheses or brackets [+1]
    - **+3** clear boundaries            or in emphasis or code marks, as models write it:
                                         **+3**, *−2*, __+3__, `+3`, **(+3, craft)**
    - (+3, craft) clear boundaries       a bullet may come first; a label names the criterion
    (+5, requester × brief_fidelity) …   or perspective × criterion ('x' works for '×')
    +1×25 routine finding                a run of 25 identical items
    ## Working / ## Not working / ## Missing / ## Confusing   bucket headings (feedback mode)
    ## Criterion: craft                  labels the items under it
    weights: craft=0.6, depth=0.4        sets weights

    Impacts must be one of +5, +3, +2, +1, −1, −2, −3, −5 (Confusing: −1, −2, −3 only), always
    with their sign: a line that starts with an unsigned number (\"2 tests fail on CI\") is an
    error, never +2. A line that starts with a number but is not a valid item is an error;
    blank lines and headings are skipped; any other line is listed under \"ignored\" (with
    --strict, it is an error). At most 1,000,000 items in one input (runs counted before they
    are expanded), and at most 8 MiB of item text copied by runs: the line that crosses either
    limit is an error and reading stops there.

OTHER FORMATS (detected):
    A byte-order mark at the start is skipped. Fenced code blocks (``` or ~~~) are unwrapped:
    each block's content is read in its own format, the lines around it as item lines, and
    line numbers count in the whole text.
    a JSON array of {\"impact\": 3, \"text\": \"…\", \"evidence\": \"…\", \"criterion\": \"…\",
    \"perspective\": \"…\"}, or the object {\"items\": [ … ], \"weights\": {\"craft\": 0.6}} (what a
    model writes under a JSON Schema); an impact is a number equal to one of the eight (3, 3.0
    and 5E0 are read as Python reads them) or a string (\"+3\");
    the four-bucket JSON {\"working\": [{\"value\": 3, \"text\": \"…\"}], \"not_working\": […], …}
    (also inside {\"evidence\": …}), whose values must be numbers as in score.py;
    spreadsheet rows (tab or comma) under a header naming an impact column; markdown table
    rows | +3 | craft | text |; the evidence-scoring skill's report (its \"Top items\" are items,
    its per-criterion table gives the weights, and each row's final is checked against the
    formula over its net and item count, a warning where they differ).

NO SCORE FROM NOTHING:
    Input from which no item was read (prose, \"7/10\", null, every line an error, an empty
    file) has no score: final, final_unrounded and confidence are null, an error says what was
    tried, and the exit status is 1. An explicitly empty structure ([], {\"items\": []}, four
    empty buckets) scores 50 with confidence 0, and a note says why.

RUBRIC (--rubric FILE, see `pickanumber rubric --help`):
    Scores in the rubric's mode with its weights and [params] (--denominator and --scale win
    over them). An item naming a criterion or perspective the rubric lacks is an error that
    names the allowed ones, and counts for nothing. The cells the rubric asks for that hold no
    item are warned about. --report ends with the rubric's traps as a checklist to tick.
    A rubric with errors exits 2, each error on stderr.

OUTPUT:
    One JSON object: schema_version (1), then the mode's answer: mode, format, final
    (integer, rounded half away from zero), final_unrounded, confidence, then the mode's keys,
    interval, errors, ignored (line numbers), warnings, notes. Each error, warning and note is
    {\"kind\", \"severity\", \"line\" and \"column\" where it has them, \"message\"}: select them
    by kind (thin_cell, self_check, nothing_read, …), not by their wording. The JSON Schema is
    schema/result.schema.json in the repository; docs/output.md lists every kind.
    interval is [low, high], the 90 % bootstrap interval of the headline: the items are
    redrawn 1,000 times with replacement within each criterion (or bucket) and pass, the
    headline recomputed each time, and the middle 90 % kept. It says how far the score would
    move with another sample of the same kind of evidence, seeded from the items so the same
    input always gives the same interval; null when there is no score. --no-interval skips
    the resampling, most of the time a score takes, for pipelines that only want the number:
    the key is then left out (null keeps meaning no score).
    Text with ## Pass: <name> headings is several judges' passes: see `pickanumber combine
    --help` for the combined headline and the keys it adds.
    pooled and feedback mode: final is the pool's (feedback: the four buckets pooled), beside
    net_impact, total_items, normalized, raw, density and multiplier; feedback mode adds
    buckets with the running score after each.
    matrix mode: final and confidence are the overall (weighted mean of the criteria finals)
    and its confidence (the lowest criterion confidence), null when the weights cannot be
    used (weights_error says why); overall, overall_unrounded, overall_confidence, span,
    self_check and criteria follow; the pool of all items, for reference only, is under
    \"pooled\".

THE FEEDBACK JUDGE'S score.py (--compat score-py, --save, --load):
    The evidence is the four-bucket JSON above (a missing bucket counts as empty, unknown keys
    are ignored), or item lines under the four bucket headings. Allowed values: working +1 +2
    +3 +5; not_working and missing −1 −2 −3 −5; confusing −1 −2 −3. Any item error (a missing
    value, a value not allowed in its bucket) is printed on stderr naming the bucket, the
    value, the allowed set and the item text; nothing is printed on stdout, nothing is saved,
    and the exit status is 1. Empty input exits 2.
    --compat score-py prints score.py's scores object (indent 2): net_impact, total_items,
    normalized (3 decimals), raw_score (2), density (items / 20, 3 decimals, not clamped),
    multiplier (3), final (integer), confidence (2).
    One intended difference: final rounds an exact half away from zero, as everywhere in
    pickanumber, where score.py's Python round() goes to the even neighbour. A single +5
    working item is 80.5: pickanumber says 81, score.py 80. Only exact .5 results with an even
    integer part differ: a few small pools (1, 8, 9 or 16 items) and rare large ones
    (256 items with a net of +1 is 50.5).
    --save --slug SLUG [--title T] [--summary S] appends a version to $JUDGE_DIR/SLUG.json
    (default ./_judge, created when missing) and prints
    {\"scores\": …, \"saved_to\": \"<path>\", \"version\": N, \"versions_total\": N}. The title
    defaults to the slug with '-' as spaces and each word capitalised as Python's str.title()
    does (v2x-plan → V2X Plan); a later --title that differs from the slug replaces the stored
    title, as in score.py. Timestamps are UTC, RFC 3339
    (2026-05-02T14:03:11Z). A save locks the document (an exclusive lock on the sidecar
    .SLUG.json.lock beside it, which stays), reads it again, appends the version and writes a
    temporary file in the same folder that is flushed and renamed over the document, so
    concurrent saves each get their own version and none is lost. Files are written, like
    score.py's, as ASCII JSON (non-ASCII text as \\uXXXX escapes); a file that is not a judge
    document is an error naming it (exit 2) and is never overwritten. A document keeps its
    permissions; a read-only one is refused (exit 2), not replaced, and so is a save that
    would make the document larger than 64 MiB, the most any command reads back. A refused
    save creates no lock file. A new version's number is one more than the highest stored (and
    than the number of versions), so versions never repeat. An integer beyond the 64-bit range
    (in the document or in the evidence saved) is refused with its line and column rather than
    written back as a float. A document that is a symbolic link is written through to the file
    it names; a link to nothing is refused.
    Keys this version does not know are kept at every level (the document, versions, evidence,
    scores, items); evidence keys other than the four buckets are stored with the version.
    The document's list of versions is \"versions\"; a document that names it \"passes\" (its
    old name, which score.py wrote) is read the same, and the next save renames the key.
    --load --slug SLUG prints the stored document, or {\"error\": \"not_found\", \"slug\": SLUG}
    (exit 0) when there is none.
    A slug is 1 to 100 characters: lower-case letters a–z, digits, and single '-' between
    them (agent-hq-pricing). Anything else, such as ../x, a/b, 'A B' or an empty slug, is a
    usage error (exit 2); nothing is ever written outside $JUDGE_DIR.

INPUT SIZE:
    A file or standard input is read up to 64 MiB; a larger one (or an endless one such as
    /dev/zero) is refused at once, naming it (exit 2).

",
    crate::against::evidence_help!(),
    "\
GATE (for CI):
    --fail-under N, --min-confidence C and --require-self-check check the headline, and
    --require-card FIELD=VALUE a field of the result's card (version, settings, rubric,
    prompt, schema or work: the sha256 the card writes), for pipelines that pin their
    judge. When a check misses, the JSON is still printed with a \"gate\" object (the thresholds, \"passed\"
    and \"misses\", one sentence per check that missed) and the exit status is 3. Item errors
    and usage errors keep 1 and 2, which win over 3.

EXIT STATUS:
    0  every item line was valid (and the gate, when given, passed)
    1  some line (or the weights) was an error, or no item was read; the output is still
       printed (score.py mode: the errors go to stderr and nothing is printed or saved)
    3  the gate missed: one of the gate's options above (each says what it checks) was
       not met
    2  usage error, unreadable input or input over 64 MiB, or a judge document that cannot be
       read or written (message on stderr, nothing on stdout)"
);

/// Options of `pickanumber score`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("store").args(["save", "load"]).conflicts_with_all(SCORING_OPTIONS.iter().map(|o| o.name).chain(["report"]))))]
pub struct ScoreArgs {
    /// Read the items from FILE (`-` or none: standard input).
    #[arg(value_name = "FILE", conflicts_with = "input")]
    pub file: Option<PathBuf>,

    /// Read the items from FILE (score.py's spelling of the positional FILE).
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,

    /// Print the markdown report instead of JSON.
    #[arg(long, conflicts_with = "compat")]
    pub report: bool,

    /// The scoring options (the API's table), shared with `combine`.
    #[command(flatten)]
    pub scoring: crate::scoring::ScoringArgs,

    /// Print the scores object of another scorer instead of pickanumber's JSON (score-py: the
    /// feedback judge's score.py).
    #[arg(long, value_enum, value_name = "SCORER", conflicts_with_all = SCORING_OPTIONS.iter().map(|o| o.name))]
    pub compat: Option<Compat>,

    /// Append a pass with these scores to $JUDGE_DIR/SLUG.json (implies --compat score-py).
    #[arg(long, requires = "slug")]
    pub save: bool,

    /// Print the document stored in $JUDGE_DIR/SLUG.json.
    #[arg(long, requires = "slug", conflicts_with_all = ["file", "input", "compat", "title", "summary"])]
    pub load: bool,

    /// The evaluation's name in the judge store: lower-case letters, digits and single '-'.
    #[arg(long, requires = "store")]
    pub slug: Option<Slug>,

    /// The document's title (default: the slug with spaces, words capitalised).
    #[arg(long, requires = "save")]
    pub title: Option<String>,

    /// What changed in this pass.
    #[arg(long, requires = "save")]
    pub summary: Option<String>,
}

impl ScoreArgs {
    /// The input file, from the positional argument or `--input`; `None` (or `-`) is stdin.
    pub fn input_path(&self) -> Option<&std::path::Path> {
        self.file
            .as_deref()
            .or(self.input.as_deref())
            .filter(|p| p.as_os_str() != "-")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// The help states the reader's limits as the formula crate defines them.
    #[test]
    fn the_score_help_states_the_readers_limits() {
        let help = SCORE_HELP.split_whitespace().collect::<Vec<_>>().join(" ");
        let mib = pickanumber_score::MAX_RUN_BYTES >> 20;
        assert_eq!(mib << 20, pickanumber_score::MAX_RUN_BYTES);
        for stated in [
            format!("At most {} items", "1,000,000"),
            format!("at most {mib} MiB of item text copied by runs"),
        ] {
            assert!(help.contains(&stated), "{stated}");
        }
        assert_eq!(pickanumber_score::MAX_ITEMS, 1_000_000);
    }
}
