//! The words of a result's views: one struct per table, borrowed, with the default words as a
//! constant beside it, each table declared once by [`crate::words_table!`] (a field's doc
//! comment and default word side by side; its keys, setter and the check of a site's word come
//! with it, [`crate::table`]). The command line, the Python and npm packages print the defaults; a
//! site states its own words in a file of tables of the same names (this project's
//! `content/layout.toml`) and puts them over these. A computed result's labels are `[result]`
//! ([`ResultView`], default [`RESULT`]) and the markdown report's own words [`ReportView`]
//! ([`REPORT`]), which only this crate states: the report is the same wherever it is printed.
//! The probe's results are `[probe.view]` ([`ProbeView`], [`PROBE`]) and the static box around
//! its example `[probe]` ([`ProbeBox`], [`PROBE_BOX`]); the pairwise diagnostic the same under
//! `[pairwise]`. The probe's `REPORT.md` has [`crate::probe_report::ProbeReport`]
//! ([`PROBE_REPORT`]). A site's controls (buttons, fields, their messages) are not here: the
//! site declares them beside its islands the same way. A sentence with `{slots}` is kept as
//! written and filled by [`crate::fill`] or [`crate::plain`]; a site's word may use only the
//! slots of its default word ([`crate::table::Table::check`]).

use crate::words_table;

words_table! {
    /// The probe's static box, the `[probe]` table: the words the site's build writes around
    /// its synthetic example until the live island replaces it (the `<noscript>` note, markdown,
    /// is the renderer's own).
    pub struct ProbeBox, "probe", markup_free: false;
    /// The default words of the `[probe]` table: the site's, where `content/layout.toml` does not
    /// override them.
    pub const PROBE_BOX {
        /// The accessible name of the island's region.
        region: "Calibration probe",
        /// The bar: the example's scale (`{low}`, `{high}`) and what the island adds.
        scale: "Scale {low}–{high}. The live probe adds the scale fields and one synthetic example per regime.",
        /// The label over the input.
        input: "Runs: a grid, one run per row (synthetic)",
        /// The accessible name of the read-only input.
        input_name: "Example runs",
        /// The line under the input.
        hint: "A static, synthetic example, computed at build time.",
        /// The accessible name of the results.
        results: "Results of the example",
    }
}

words_table! {
    /// The probe's results, the `[probe.view]` table.
    pub struct ProbeView, "probe.view", markup_free: false;
    /// The default words of the `[probe.view]` table: what the command line and the packages show, and
    /// the site's words where `content/layout.toml` does not override them.
    pub const PROBE {
        /// The word before the regime's name.
        regime: "Regime",
        /// The lead-in of the advice.
        advice: "What to do:",
        /// The metrics' labels: ceiling rate, floor rate, range, mean per-item std.
        metrics: ["Ceiling rate (top two points)", "Floor rate (bottom two points)", "Range", "Mean per-item std"],
        /// A failed run that is no unreadable line: `{label}`, `{reason}`.
        failed_run: "{label}: counted as a failed run ({reason})",
        /// Beside the regime's name: the runs it was read from, `{runs}`.
        read_from: "(runs read: {runs})",
        /// Instead of a regime when too many runs failed: `{share}`, `{failed}`, `{runs}`.
        withheld: "No regime: more than {share}% of the runs failed ({failed} of {runs}). Fix the failed runs and probe again.",
        /// Instead of a regime when no run was read.
        no_runs: "No regime: no run was read.",
        /// After the problems listed: `{more}` not listed.
        more: "… and {more} more",
        /// The accessible name of the histogram.
        histogram: "Histogram of all ratings",
        /// The histogram's caption.
        histogram_caption: "Every rating on the scale, counted (ratings off the scale are left out of the bars but count in the rates).",
        /// The heading over the rule trace.
        trace: "Rule trace, first match wins",
        /// The rule trace's column heads: order, regime, result, why.
        trace_columns: ["#", "Regime", "Result", "Why"],
        /// The heading over the most variable items.
        variable: "Most variable items",
        /// Their column heads: item, std, span, ratings.
        variable_columns: ["Item", "Std", "Span", "Ratings"],
        /// After an item's ratings shown: `{n}` in all.
        ratings_more: "… ({n} in all)",
    }
}

words_table! {
    /// The pairwise diagnostic's static box, the `[pairwise]` table (its bar is
    /// [`PairwiseLive`]'s `format`; the `<noscript>` note is the renderer's own).
    pub struct PairwiseBox, "pairwise", markup_free: false;
    /// The default words of the `[pairwise]` table: the site's, where `content/layout.toml`
    /// does not override them.
    pub const PAIRWISE_BOX {
        /// The accessible name of the island's region.
        region: "Pairwise diagnostic",
        /// The label over the input.
        input: "Judgments (synthetic)",
        /// The accessible name of the read-only input.
        input_name: "Example judgments",
        /// The line under the input.
        hint: "A static, synthetic example, computed at build time.",
        /// The accessible name of the results.
        results: "Results of the example",
    }
}

words_table! {
    /// The pairwise results, the `[pairwise.view]` table.
    pub struct PairwiseView, "pairwise.view", markup_free: false;
    /// The default words of the `[pairwise.view]` table: what the command line and the packages show, and
    /// the site's words where `content/layout.toml` does not override them.
    pub const PAIRWISE {
        /// After the errors listed: `{more}` not listed.
        more: "… and {more} more",
        /// The label of the first-shown win rate.
        first_wins: "First-shown wins",
        /// The sentence under it: `{won}`, `{decided}`, `{p}`.
        position_detail: "{won} of {decided} decided verdicts went to the item shown first; two-sided binomial p = {p} against 50%.",
        /// The sentence under it when no verdict was decided.
        no_decided: "No decided verdict yet.",
        /// The lead-in of the position advice.
        position: "Position:",
        /// The label of the swap-consistent share.
        swap_consistent: "Swap-consistent pairs",
        /// The sentence under it: `{kept}`, `{pairs}`.
        swap_detail: "{kept} of {pairs} pairs judged in both orders kept the same real winner.",
        /// The sentence under it when no pair was judged in both orders.
        no_pairs: "No pair was judged in both orders.",
        /// After it, the pairs whose winner changed with the order: `{pairs}`.
        flipped: "Flipped with the order: {pairs}.",
        /// The lead-in of the swap advice.
        swap: "Swap:",
        /// The heading over the ranking.
        ranking: "Ranking by posterior mean p, with its interval",
        /// The ranking's column heads: item, α / β, p, the interval plot, width.
        ranking_columns: ["Item", "α / β", "p", "p ± width / 2 (0 to 1)", "Width"],
        /// The accessible name of an item's interval plot: `{p}`, `{low}`, `{high}`.
        interval: "p {p}, interval {low} to {high}",
        /// Appended to the width of an item to judge again.
        judge_again: " · judge again",
        /// The note under the ranking: `{width}`.
        prior: "Each item starts from Beta(1, 1); a win adds 0.5 to α, a loss 0.5 to β, NEITHER nothing. Judge again where the width is still {width} or more.",
        /// The lead-in of the length advice.
        length: "Length:",
        /// The lead-in of the self-preference advice.
        self_preference: "Self-preference:",
    }
}

words_table! {
    /// The words of a computed result, the `[result]` table: the labels the calculator's panel,
    /// the evidence blocks, the several judges' table and the report share. Each word is
    /// text without `<`, `>` or `&` (the renderer and the islands' build refuse any other in the
    /// site's words, naming the key), so the HTML views put it in their markup as written, with no escaping code in the
    /// calculator's wasm.
    pub struct ResultView, "result", markup_free: true;
    /// The default words of the `[result]` table: what the command line and the packages show, and
    /// the site's words where `content/layout.toml` does not override them.
    pub const RESULT {
        /// The pool's headline and every final column.
        final_score: "Final",
        /// The matrix's headline and its table's last row.
        overall: "Overall",
        /// The feedback mode's headline.
        feedback_score: "Feedback score",
        /// The headline when no item was read.
        nothing_read: "No items read",
        /// The confidence.
        confidence: "Confidence",
        /// The net impact.
        net_impact: "Net impact",
        /// The item count.
        items: "Items",
        /// The normalised net.
        normalized: "Normalized",
        /// The raw score.
        raw: "Raw",
        /// The density.
        density: "Density",
        /// The multiplier.
        multiplier: "Multiplier",
        /// The final before rounding.
        final_unrounded: "Final, unrounded",
        /// The criteria table's first column.
        criterion: "Criterion",
        /// Its weight column.
        weight: "Weight",
        /// Its net column.
        net: "Net",
        /// The feedback table's first column.
        bucket: "Bucket",
        /// Its running score column.
        score_so_far: "Score so far",
        /// Its action column.
        action_list: "Action list",
        /// The action of each bucket: working, not working, missing, confusing.
        actions: ["Keep", "Fix", "Add", "Clarify"],
        /// The passes table's first column.
        pass: "Pass",
        /// Its interval column.
        interval: "Interval",
        /// Before the spread of each criterion's final.
        spread: "Spread",
        /// The spread's name for the headlines.
        headline: "headline",
        /// Before α and its reading.
        alpha: "Krippendorff's α",
        /// Between an interval's ends.
        to: "to",
        /// Under a matrix, before the pool's final.
        pool_reference: "Pool of all items, for reference (not the matrix's answer): final",
    }
}

words_table! {
    /// The markdown report's own words, the `[report]` table (its labels are [`ResultView`]'s).
    /// The sentences keep their `{slots}`, filled by [`crate::plain`].
    pub struct ReportView, "report", markup_free: false;
    /// The markdown report's words, wherever it is printed.
    pub const REPORT {
        /// The title.
        title: "Evidence score",
        /// The headline's context: `{mode}`, `{items}` (the count, as [`ReportView::item_count`]
        /// writes it), `{format}`.
        context: "{mode} mode, {items}, read as {format}",
        /// A number of items `{n}`: when it is one, and when it is any other.
        item_count: ["{n} item", "{n} items"],
        /// The headline: `{label}`, `{score}`, `{confidence}`, `{context}`.
        headline: "**{label} {score} / 100**, confidence {confidence} ({context}).",
        /// No headline, nothing read: `{context}`.
        no_score: "**No score**: no items read ({context}).",
        /// No headline, the weights unusable: `{context}`.
        no_overall: "**No overall score**: the weights cannot be used ({context}).",
        /// The interval: `{level}`, `{low}`, `{high}`, `{resamples}`.
        interval: "Bootstrap interval ({level} %): {low} to {high}, from {resamples} resamples of the items.",
        /// The criteria heading.
        criteria: "Criteria",
        /// The criteria table's weight column.
        weight_used: "Weight used",
        /// The weights' error: `{error}`.
        weights_unusable: "Weights cannot be used: {error}.",
        /// After the pool's reference: `{final}`, `{confidence}`.
        pool: "{final}, confidence {confidence}.",
        /// The buckets heading.
        buckets: "Score after each bucket",
        /// The actions heading.
        actions: "Actions",
        /// An action without text.
        no_text: "(no text)",
        /// The working heading.
        math: "Math",
        /// Before the pool's working line in matrix mode.
        pool_math: "Pool of all items:",
        /// The diagnostics heading.
        diagnostics: "Warnings and notes",
        /// The items heading.
        all_items: "All items",
        /// The passes heading.
        passes: "Passes",
        /// A pass's cell without a headline.
        none: "none",
        /// The spread table's columns.
        spread_columns: ["Spread of", "Lowest", "Highest", "Spread", "Passes"],
        /// The spread's name for the headlines.
        headlines: "the headlines",
        /// α: `{alpha}`, `{level}`, `{reliable}`, `{tentative}`.
        alpha: "Krippendorff's α over the per-criterion finals: {alpha} ({level}; reliable from {reliable}, tentative from {tentative}).",
        /// No disagreement.
        agreement: "No cell where the passes net on opposite signs.",
        /// Before the disagreements.
        disagreements: "Cells where the passes net on opposite signs (for the synthesis to look at):",
        /// One disagreement: `{cell}`, `{nets}`.
        disagreement: "cell {cell}: {nets}",
    }
}

/// The probe report's words, `[probe.report]`, declared beside the report.
pub use crate::probe_report::ProbeReport;

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
