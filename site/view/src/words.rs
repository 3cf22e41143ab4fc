//! The words of the views: one struct per table, borrowed, with the default words as a
//! constant beside it. The command line, the Python and npm packages print the defaults; the
//! site states its own words in the tables of `content/layout.toml` of the same names, which
//! the renderer lends from its `--root` and the islands compile in over these defaults
//! (`pickanumber-site-words`). The calculator's live controls are `[calculator.live]`
//! ([`CalculatorLive`], default [`CALCULATOR_LIVE`]) and its second module's saved passes
//! `[calculator.passes]` ([`CalculatorPasses`], [`CALCULATOR_PASSES`]). A computed result's
//! labels are `[result]` ([`ResultView`], [`RESULT`]) and the markdown report's own words
//! [`ReportView`] ([`REPORT`]), which only the view crate states: the report is the same
//! wherever it is printed. The probe has three tables: its static box's own words (`[probe]`:
//! [`ProbeBox`], which only the renderer has), its results' words (`[probe.view]`:
//! [`ProbeView`], [`PROBE`]) and its live controls' words (`[probe.live]`: [`ProbeLive`],
//! [`PROBE_LIVE`]); the pairwise diagnostic the same under `[pairwise]`. The probe's
//! `REPORT.md` has [`crate::probe_report::ProbeReport`] ([`PROBE_REPORT`]). A sentence with
//! `{slots}` is kept as written and filled by [`crate::fill`] or [`crate::plain`]; the renderer
//! checks the site's slots when it reads the file.

/// The calculator's saved passes, the `[calculator.passes]` table: its second module's list
/// and messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CalculatorPasses<'a> {
    /// The label over the list.
    pub list: &'a str,
    /// One saved pass: `{judge}`, `{score}`, `{confidence}`, `{mode}`, `{time}`.
    pub line: &'a str,
    /// The button that reopens a pass.
    pub reopen: &'a str,
    /// The button that puts every pass in the input.
    pub combine: &'a str,
    /// The button that copies the passes as JSON.
    pub export: &'a str,
    /// The button that imports passes from the input.
    pub import: &'a str,
    /// The button that forgets the passes.
    pub forget: &'a str,
    /// A pass saved without a judge's name.
    pub name_judge: &'a str,
    /// A pass saved.
    pub saved: &'a str,
    /// A pass reopened.
    pub reopened: &'a str,
    /// A pass to reopen that is no longer saved.
    pub gone: &'a str,
    /// The passes put in the input.
    pub gathered: &'a str,
    /// Passes imported.
    pub imported: &'a str,
    /// Nothing imported: `{why}`.
    pub not_imported: &'a str,
    /// Stored passes that cannot be read, kept as they are: `{why}`.
    pub unreadable: &'a str,
}

/// The live calculator's controls and messages, the `[calculator.live]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CalculatorLive<'a> {
    /// The label over the input, in the static box too.
    pub input: &'a str,
    /// The legend of the mode radios.
    pub mode: &'a str,
    /// The modes' labels: auto, pooled, matrix, feedback.
    pub modes: [&'a str; 4],
    /// The label of the preset menu.
    pub preset: &'a str,
    /// The menu's entry for no preset.
    pub no_preset: &'a str,
    /// The label of the weights field.
    pub weights: &'a str,
    /// The accessible name of the results.
    pub results: &'a str,
    /// The accessible name of the errors, warnings and notes.
    pub diagnostics: &'a str,
    /// The link shown after a share link is made.
    pub share_link: &'a str,
    /// The label over the example buttons.
    pub examples: &'a str,
    /// The button that copies the report.
    pub copy_report: &'a str,
    /// The button that copies a share link.
    pub copy_link: &'a str,
    /// The accessible name of the judge field.
    pub judge: &'a str,
    /// The judge field's placeholder.
    pub judge_placeholder: &'a str,
    /// The button that saves a pass.
    pub save_pass: &'a str,
    /// The summary of the formula's settings.
    pub advanced: &'a str,
    /// The label of the density denominator field.
    pub denominator: &'a str,
    /// The label of the scale field.
    pub scale: &'a str,
    /// The status after the report is copied.
    pub report_copied: &'a str,
    /// The status when the report's module did not load.
    pub report_failed: &'a str,
    /// The status after a share link is copied.
    pub link_copied: &'a str,
    /// The status after the passes are copied.
    pub passes_copied: &'a str,
    /// The status when the browser refuses the clipboard.
    pub clipboard_refused: &'a str,
    /// The notice after a share link is restored.
    pub restored: &'a str,
    /// After why a link cannot carry the input: it is kept in the browser's storage instead.
    pub kept: &'a str,
    /// After why a link cannot carry the input: the browser's storage refused it too.
    pub not_kept: &'a str,
    /// The note under an input that came from the browser's storage.
    pub from_storage: &'a str,
}

/// The probe's static box, the `[probe]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeBox<'a> {
    /// The accessible name of the island's region.
    pub region: &'a str,
    /// The bar: the example's scale (`{low}`, `{high}`) and what the island adds.
    pub scale: &'a str,
    /// The label over the input.
    pub input: &'a str,
    /// The accessible name of the read-only input.
    pub input_name: &'a str,
    /// The line under the input.
    pub hint: &'a str,
    /// The accessible name of the results.
    pub results: &'a str,
}

/// The probe's results, the `[probe.view]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeView<'a> {
    /// The word before the regime's name.
    pub regime: &'a str,
    /// The lead-in of the advice.
    pub advice: &'a str,
    /// The metrics' labels: ceiling rate, floor rate, range, mean per-item std.
    pub metrics: [&'a str; 4],
    /// A failed run that is no unreadable line: `{label}`, `{reason}`.
    pub failed_run: &'a str,
    /// Beside the regime's name: the runs it was read from, `{runs}`.
    pub read_from: &'a str,
    /// Instead of a regime when too many runs failed: `{share}`, `{failed}`, `{runs}`.
    pub withheld: &'a str,
    /// Instead of a regime when no run was read.
    pub no_runs: &'a str,
    /// After the problems listed: `{more}` not listed.
    pub more: &'a str,
    /// The accessible name of the histogram.
    pub histogram: &'a str,
    /// The histogram's caption.
    pub histogram_caption: &'a str,
    /// The heading over the rule trace.
    pub trace: &'a str,
    /// The rule trace's column heads: order, regime, result, why.
    pub trace_columns: [&'a str; 4],
    /// The heading over the most variable items.
    pub variable: &'a str,
    /// Their column heads: item, std, span, ratings.
    pub variable_columns: [&'a str; 4],
    /// After an item's ratings shown: `{n}` in all.
    pub ratings_more: &'a str,
}

/// The live probe's controls, the `[probe.live]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeLive<'a> {
    /// The island's label before the lowest point of the scale.
    pub scale_from: &'a str,
    /// Its label before the highest point.
    pub scale_to: &'a str,
    /// The label of the synthetic examples' buttons.
    pub examples: &'a str,
    /// The note after an example is loaded: `{regime}`.
    pub loaded: &'a str,
    /// The island's label over the input.
    pub input: &'a str,
    /// The island's line under the input: `{runs}`, `{items}`, `{failed}`.
    pub counts: &'a str,
    /// The lowest point of the scale is not a whole number.
    pub low_not_whole: &'a str,
    /// The highest point of the scale is not a whole number.
    pub high_not_whole: &'a str,
    /// The island's line under the input when the scale cannot be used.
    pub scale_unusable: &'a str,
    /// The accessible name of the island's results.
    pub results: &'a str,
    /// The note under the input when the browser will not keep the runs.
    pub not_kept: &'a str,
}

/// The pairwise diagnostic's static box, the `[pairwise]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairwiseBox<'a> {
    /// The accessible name of the island's region.
    pub region: &'a str,
    /// The label over the input.
    pub input: &'a str,
    /// The accessible name of the read-only input.
    pub input_name: &'a str,
    /// The line under the input.
    pub hint: &'a str,
    /// The accessible name of the results.
    pub results: &'a str,
}

/// The pairwise results, the `[pairwise.view]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairwiseView<'a> {
    /// After the errors listed: `{more}` not listed.
    pub more: &'a str,
    /// The label of the first-shown win rate.
    pub first_wins: &'a str,
    /// The sentence under it: `{won}`, `{decided}`, `{p}`.
    pub position_detail: &'a str,
    /// The sentence under it when no verdict was decided.
    pub no_decided: &'a str,
    /// The lead-in of the position advice.
    pub position: &'a str,
    /// The label of the swap-consistent share.
    pub swap_consistent: &'a str,
    /// The sentence under it: `{kept}`, `{pairs}`.
    pub swap_detail: &'a str,
    /// The sentence under it when no pair was judged in both orders.
    pub no_pairs: &'a str,
    /// After it, the pairs whose winner changed with the order: `{pairs}`.
    pub flipped: &'a str,
    /// The lead-in of the swap advice.
    pub swap: &'a str,
    /// The heading over the ranking.
    pub ranking: &'a str,
    /// The ranking's column heads: item, α / β, p, the interval plot, width.
    pub ranking_columns: [&'a str; 5],
    /// The accessible name of an item's interval plot: `{p}`, `{low}`, `{high}`.
    pub interval: &'a str,
    /// Appended to the width of an item to judge again.
    pub judge_again: &'a str,
    /// The note under the ranking: `{width}`.
    pub prior: &'a str,
    /// The lead-in of the length advice.
    pub length: &'a str,
    /// The lead-in of the self-preference advice.
    pub self_preference: &'a str,
}

/// The live diagnostic's controls, the `[pairwise.live]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairwiseLive<'a> {
    /// The bar over the input, in the static box too: the format of a judgment.
    pub format: &'a str,
    /// The island's button that loads the synthetic example.
    pub example: &'a str,
    /// The island's button that empties the input.
    pub clear: &'a str,
    /// The island's label over the input.
    pub input: &'a str,
    /// The island's line under the input: `{judgments}`, `{items}`, `{errors}`.
    pub counts: &'a str,
    /// The accessible name of the island's results.
    pub results: &'a str,
    /// The note under the input when the browser will not keep the judgments.
    pub not_kept: &'a str,
}

/// The words of a computed result, the `[result]` table: the labels the calculator's panel,
/// the evidence blocks, the several judges' table and the report share. Each word is
/// text without `<`, `>` or `&` (the renderer and the islands' build refuse any other in the
/// site's words, naming the key), so the HTML views put it in their markup as written, with no escaping code in the
/// calculator's wasm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultView<'a> {
    /// The pool's headline and every final column.
    pub final_score: &'a str,
    /// The matrix's headline and its table's last row.
    pub overall: &'a str,
    /// The feedback mode's headline.
    pub feedback_score: &'a str,
    /// The headline when no item was read.
    pub nothing_read: &'a str,
    /// The confidence.
    pub confidence: &'a str,
    /// The net impact.
    pub net_impact: &'a str,
    /// The item count.
    pub items: &'a str,
    /// The normalised net.
    pub normalized: &'a str,
    /// The raw score.
    pub raw: &'a str,
    /// The density.
    pub density: &'a str,
    /// The multiplier.
    pub multiplier: &'a str,
    /// The final before rounding.
    pub final_unrounded: &'a str,
    /// The criteria table's first column.
    pub criterion: &'a str,
    /// Its weight column.
    pub weight: &'a str,
    /// Its net column.
    pub net: &'a str,
    /// The feedback table's first column.
    pub bucket: &'a str,
    /// Its running score column.
    pub score_so_far: &'a str,
    /// Its action column.
    pub action_list: &'a str,
    /// The action of each bucket: working, not working, missing, confusing.
    pub actions: [&'a str; 4],
    /// The passes table's first column.
    pub pass: &'a str,
    /// Its interval column.
    pub interval: &'a str,
    /// Before the spread of each criterion's final.
    pub spread: &'a str,
    /// The spread's name for the headlines.
    pub headline: &'a str,
    /// Before α and its reading.
    pub alpha: &'a str,
    /// Between an interval's ends.
    pub to: &'a str,
    /// Under a matrix, before the pool's final.
    pub pool_reference: &'a str,
}

/// The markdown report's own words, the `[report]` table (its labels are [`ResultView`]'s).
/// The sentences keep their `{slots}`, filled by [`crate::plain`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReportView<'a> {
    /// The title.
    pub title: &'a str,
    /// The headline's context: `{mode}`, `{items}`, `{format}`.
    pub context: &'a str,
    /// The headline: `{label}`, `{score}`, `{confidence}`, `{context}`.
    pub headline: &'a str,
    /// No headline, nothing read: `{context}`.
    pub no_score: &'a str,
    /// No headline, the weights unusable: `{context}`.
    pub no_overall: &'a str,
    /// The interval: `{level}`, `{low}`, `{high}`, `{resamples}`.
    pub interval: &'a str,
    /// The criteria heading.
    pub criteria: &'a str,
    /// The criteria table's weight column.
    pub weight_used: &'a str,
    /// The weights' error: `{error}`.
    pub weights_unusable: &'a str,
    /// After the pool's reference: `{final}`, `{confidence}`.
    pub pool: &'a str,
    /// The buckets heading.
    pub buckets: &'a str,
    /// The actions heading.
    pub actions: &'a str,
    /// An action without text.
    pub no_text: &'a str,
    /// The working heading.
    pub math: &'a str,
    /// Before the pool's working line in matrix mode.
    pub pool_math: &'a str,
    /// The diagnostics heading.
    pub diagnostics: &'a str,
    /// The items heading.
    pub all_items: &'a str,
    /// The passes heading.
    pub passes: &'a str,
    /// A pass's cell without a headline.
    pub none: &'a str,
    /// The spread table's columns.
    pub spread_columns: [&'a str; 5],
    /// The spread's name for the headlines.
    pub headlines: &'a str,
    /// α: `{alpha}`, `{level}`, `{reliable}`, `{tentative}`.
    pub alpha: &'a str,
    /// No disagreement.
    pub agreement: &'a str,
    /// Before the disagreements.
    pub disagreements: &'a str,
    /// One disagreement: `{cell}`, `{nets}`.
    pub disagreement: &'a str,
}

/// The probe report's words, `[probe.report]`, declared beside the report.
pub use crate::probe_report::ProbeReport;

/// The default words of the `[result]` table: what the command line and the packages show, and
/// the site's words where `content/layout.toml` does not override them.
pub const RESULT: ResultView<'static> = ResultView {
    action_list: "Action list",
    actions: ["Keep", "Fix", "Add", "Clarify"],
    alpha: "Krippendorff's α",
    bucket: "Bucket",
    confidence: "Confidence",
    criterion: "Criterion",
    density: "Density",
    feedback_score: "Feedback score",
    final_score: "Final",
    final_unrounded: "Final, unrounded",
    headline: "headline",
    interval: "Interval",
    items: "Items",
    multiplier: "Multiplier",
    net: "Net",
    net_impact: "Net impact",
    normalized: "Normalized",
    nothing_read: "No items read",
    overall: "Overall",
    pass: "Pass",
    pool_reference: "Pool of all items, for reference (not the matrix's answer): final",
    raw: "Raw",
    score_so_far: "Score so far",
    spread: "Spread",
    to: "to",
    weight: "Weight",
};
/// The markdown report's words, wherever it is printed.
pub const REPORT: ReportView<'static> = ReportView {
    actions: "Actions",
    agreement: "No cell where the passes net on opposite signs.",
    all_items: "All items",
    alpha: "Krippendorff's α over the per-criterion finals: {alpha} ({level}; reliable from {reliable}, tentative from {tentative}).",
    buckets: "Score after each bucket",
    context: "{mode} mode, {items} items, read as {format}",
    criteria: "Criteria",
    diagnostics: "Warnings and notes",
    disagreement: "cell {cell}: {nets}",
    disagreements: "Cells where the passes net on opposite signs (for the synthesis to look at):",
    headline: "**{label} {score} / 100**, confidence {confidence} ({context}).",
    headlines: "the headlines",
    interval: "Bootstrap interval ({level} %): {low} to {high}, from {resamples} resamples of the items.",
    math: "Math",
    no_overall: "**No overall score**: the weights cannot be used ({context}).",
    no_score: "**No score**: no items read ({context}).",
    no_text: "(no text)",
    none: "none",
    passes: "Passes",
    pool: "{final}, confidence {confidence}.",
    pool_math: "Pool of all items:",
    spread_columns: ["Spread of", "Lowest", "Highest", "Spread", "Passes"],
    title: "Evidence score",
    weight_used: "Weight used",
    weights_unusable: "Weights cannot be used: {error}.",
};
/// The default words of the `[calculator.passes]` table: what the command line and the packages show, and
/// the site's words where `content/layout.toml` does not override them.
pub const CALCULATOR_PASSES: CalculatorPasses<'static> = CalculatorPasses {
    combine: "Combine the saved passes",
    export: "Copy passes as JSON",
    forget: "Forget passes",
    gathered: "The saved passes are in the input, one under each judge's heading.",
    gone: "That pass is no longer saved.",
    import: "Import passes from the input",
    imported: "Passes imported from the input.",
    line: "{judge}: {score} · confidence {confidence} · {mode} · {time}",
    list: "Saved passes (this browser only)",
    name_judge: "Name the judge first (the field beside Save pass): a saved pass keeps its judge's name.",
    not_imported: "Nothing imported from the input ({why}).",
    reopen: "Reopen",
    reopened: "Pass reopened.",
    saved: "Pass saved in this browser, with its items and judge.",
    unreadable: "The passes saved in this browser cannot be read ({why}), so nothing was saved over them: copy them as JSON to keep them, or forget them to start again.",
};
/// The default words of the `[calculator.live]` table: what the command line and the packages show, and
/// the site's words where `content/layout.toml` does not override them.
pub const CALCULATOR_LIVE: CalculatorLive<'static> = CalculatorLive {
    advanced: "Advanced: the formula's settings",
    clipboard_refused: "The browser refused the clipboard; select the text instead.",
    copy_link: "Copy share link",
    copy_report: "Copy report",
    denominator: "Density denominator",
    diagnostics: "Errors, warnings and notes",
    examples: "Load an example",
    from_storage: "This input comes from this browser's storage: it is too large for the address.",
    input: "Evidence items, one per line",
    judge: "Judge",
    judge_placeholder: "judge",
    kept: "it is kept in this browser's storage, not in the address.",
    link_copied: "Share link copied.",
    mode: "Mode",
    modes: ["Auto", "Pooled", "Matrix", "Feedback"],
    no_preset: "none",
    not_kept: "and this browser's storage refused it: copy it before leaving.",
    passes_copied: "Passes copied as JSON.",
    preset: "Preset",
    report_copied: "Report copied as markdown.",
    report_failed: "The report module did not load.",
    restored: "Restored from the link.",
    results: "Results",
    save_pass: "Save pass",
    scale: "Scale",
    share_link: "The share link",
    weights: "Weights",
};
/// The default words of the `[probe.view]` table: what the command line and the packages show, and
/// the site's words where `content/layout.toml` does not override them.
pub const PROBE: ProbeView<'static> = ProbeView {
    advice: "What to do:",
    failed_run: "{label}: counted as a failed run ({reason})",
    histogram: "Histogram of all ratings",
    histogram_caption: "Every rating on the scale, counted (ratings off the scale are left out of the bars but count in the rates).",
    metrics: ["Ceiling rate (top two points)", "Floor rate (bottom two points)", "Range", "Mean per-item std"],
    more: "… and {more} more",
    no_runs: "No regime: no run was read.",
    ratings_more: "… ({n} in all)",
    read_from: "(runs read: {runs})",
    regime: "Regime",
    trace: "Rule trace, first match wins",
    trace_columns: ["#", "Regime", "Result", "Why"],
    variable: "Most variable items",
    variable_columns: ["Item", "Std", "Span", "Ratings"],
    withheld: "No regime: more than {share}% of the runs failed ({failed} of {runs}). Fix the failed runs and probe again.",
};
/// The default words of the `[probe.live]` table: what the command line and the packages show, and
/// the site's words where `content/layout.toml` does not override them.
pub const PROBE_LIVE: ProbeLive<'static> = ProbeLive {
    counts: "{runs} runs read · {items} items · {failed} failed · live",
    examples: "Synthetic examples",
    high_not_whole: "the scale's highest point must be a whole number",
    input: "Runs: one JSON run per line, or a grid (rows = runs)",
    loaded: "Loaded a synthetic {regime} run set: generated, not measured.",
    low_not_whole: "the scale's lowest point must be a whole number",
    not_kept: "This browser's storage refused these runs: they will not survive a reload.",
    results: "Probe results",
    scale_from: "Scale from",
    scale_to: "to",
    scale_unusable: "The scale cannot be used · live",
};
/// The default words of the `[pairwise.view]` table: what the command line and the packages show, and
/// the site's words where `content/layout.toml` does not override them.
pub const PAIRWISE: PairwiseView<'static> = PairwiseView {
    first_wins: "First-shown wins",
    flipped: "Flipped with the order: {pairs}.",
    interval: "p {p}, interval {low} to {high}",
    judge_again: " · judge again",
    length: "Length:",
    more: "… and {more} more",
    no_decided: "No decided verdict yet.",
    no_pairs: "No pair was judged in both orders.",
    position: "Position:",
    position_detail: "{won} of {decided} decided verdicts went to the item shown first; two-sided binomial p = {p} against 50%.",
    prior: "Each item starts from Beta(1, 1); a win adds 0.5 to α, a loss 0.5 to β, NEITHER nothing. Judge again where the width is still {width} or more.",
    ranking: "Ranking by posterior mean p, with its interval",
    ranking_columns: ["Item", "α / β", "p", "p ± width / 2 (0 to 1)", "Width"],
    self_preference: "Self-preference:",
    swap: "Swap:",
    swap_consistent: "Swap-consistent pairs",
    swap_detail: "{kept} of {pairs} pairs judged in both orders kept the same real winner.",
};
/// The default words of the `[pairwise.live]` table: what the command line and the packages show, and
/// the site's words where `content/layout.toml` does not override them.
pub const PAIRWISE_LIVE: PairwiseLive<'static> = PairwiseLive {
    clear: "Clear",
    counts: "{judgments} judgments · {items} items · {errors} errors · live",
    example: "Synthetic example",
    format: "One judgment per line: first, second, verdict (A, B or NEITHER)",
    input: "Judgments: first, second, verdict (tabs, commas or spaces between), or JSON lines",
    not_kept: "This browser's storage refused these judgments: they will not survive a reload.",
    results: "Pairwise results",
};
/// The words of the probe's `REPORT.md`, which the command line writes.
pub const PROBE_REPORT: ProbeReport<'static> = ProbeReport {
    absent: "absent",
    and: "and",
    ceiling: "Ceiling rate",
    ceiling_counts: "ratings of {top} or more",
    counted: "{value} ({count} of {total})",
    decided: "How the regime was decided",
    distribution: "Distribution",
    extremes: "Ceiling and floor count the top two and bottom two points of the scale ({top} and up, {bottom} and down), as the probe's aggregator does and as its thresholds were set; the original paper's appendix counts only the extreme points.",
    failed_runs: "Failed runs: {n}",
    floor: "Floor rate",
    floor_counts: "ratings of {bottom} or less",
    heuristic: "The probe is a heuristic. Its labels have not yet been validated against human judges, so read the histogram below before acting on the label.",
    histogram: "Histogram",
    histogram_columns: ["Rating", "Count", "Share"],
    items: "Items: {n}",
    lowest_highest: "Lowest and highest: {low} and {high}",
    mean: "Mean: {value}",
    median: "Median: {value}",
    metrics: "The four metrics",
    metrics_columns: ["Metric", "Value", "What it counts"],
    mode: "Mode: {value}",
    no_ratings: "No ratings: every run failed or was empty, so there is nothing to measure and the rules fall through to {regime}.",
    no_stability: "No item was rated in two runs, so stability cannot be measured and the {regime} rule is skipped.",
    order: "The rules are checked in this order and the first that matches decides. Rules after it are shown for reference.",
    otherwise: "none of the above",
    outside: "({n} outside the scale: counted in the rates' denominator and the range, not in the histogram)",
    range_counts: "highest minus lowest rating",
    ratings: "Ratings: {n}",
    rounded: "Rates and the mean per-item std are rounded to four decimals before the rules compare them.",
    runs: "Runs",
    scale: "Scale: {low} to {high}",
    shares: "Shares are of all ratings, including any outside the scale.",
    spanned: "{value} ({low} to {high})",
    stability: "Test-retest stability",
    stability_reading: "Near 0, the model gives an item the same rating in every run. At {threshold} or more the probe calls it {regime}: a single run says little about the item.",
    stability_value: "Mean per-item standard deviation: {value} over {n} items rated at least twice.",
    std: "Standard deviation: {value}",
    std_counts: "each item's spread across runs, averaged over the {n} items rated at least twice",
    successful_runs: "Successful runs: {n}",
    title: "Calibration probe: {name}",
    trace_columns: ["#", "Regime", "Rule", "Values", "Result"],
    unchanged: "No item's rating changed between runs.",
    unnamed: "unnamed",
    variable_columns: ["#", "Item", "n", "Mean", "Std", "Min", "Max", "Mode"],
    what_to_do: "What to do.",
};
