//! # pickanumber-instruments
//!
//! The method's two instruments, as arithmetic on pasted numbers.
//!
//! - [`probe`]: the **calibration probe**. **text / run files** → **runs** → **metrics**
//!   (ceiling rate, floor rate, range, mean per-item standard deviation, histogram, per-item
//!   statistics) → **regime** with a rule trace → `aggregate.json`, summary lines (the
//!   `REPORT.md` in words is the view crate's, `pickanumber_result_view::probe_report`).
//! - [`pairwise`]: the **pairwise diagnostic**. **text** → **judgments** → per-item Beta
//!   **posteriors**, **position bias** with an exact binomial test, **swap consistency**,
//!   a ranking.
//! - [`calibrate`] (feature `calibrate`, which `fs` implies): the **calibration against
//!   people**. **gold set** → finals per subject → **agreement** with bootstrap intervals →
//!   the denominator and scale **fitted** under k-fold cross-validation → the judge card.
//! - [`retest`] (feature `calibrate`): **how steady the judge is**. **runs** (the same works
//!   judged several times) → finals per run → per-work spread and flips across the gate →
//!   `final_sd`, `naive_sd`, `flip_rate`, `naive_flip_rate` with bootstrap intervals over works.
//!
//! The core has no file system access and builds for `wasm32-unknown-unknown`; the `json`
//! feature adds the command line's JSON documents (`probe::report::aggregate_json`,
//! `Pairwise::to_json_string`, printed by serde_json), and the `fs` feature (which implies
//! `json`) adds `probe::fs`, which reads a runs folder and writes the two output files (the
//! report's text given by the caller). JSON is
//! read with the text crate's reader ([`pickanumber_text::json`]), so the wasm islands carry
//! no serde_json; the islands' results are laid out by the view crate (`site/result-view`).
//!
//! ## The probe
//!
//! ```
//! use pickanumber_instruments::probe::{probe_text, report, Regime, Scale};
//!
//! // Three runs over four items (rows = runs, columns = items).
//! let t = probe_text("9 10 9 8\n10 9 9 9\n9 9 10 9\n", Scale::default());
//! assert!(t.parsed.errors.is_empty());
//! let p = &t.probe;
//! assert_eq!(p.regime(), Regime::InflationLikely);
//! let m = p.metrics().unwrap();
//! assert_eq!(m.ceiling_rate, 0.9167); // 11 of 12 ratings are 9 or 10
//! assert_eq!(m.floor_rate, 0.0);
//! assert_eq!(m.range, 2);
//! assert_eq!(report::summary_lines(p)[0], "Regime: INFLATION_LIKELY, from 3 runs read");
//! ```
//!
//! ## The pairwise diagnostic
//!
//! ```
//! use pickanumber_instruments::pairwise::analyse;
//!
//! // The judge always picks the first-shown item, in both orders.
//! let a = analyse("alpha\tbeta\tA\nbeta\talpha\tA\n");
//! assert!(a.errors.is_empty());
//! assert_eq!(a.position_bias.first_wins, 2);
//! assert_eq!(a.position_bias.share, Some(1.0));
//! assert_eq!(a.position_bias.p_value, Some(0.5)); // 2 of 2: P = 2 · (1/2)² = 0.5
//! assert_eq!((a.swap.pairs_both_orders, a.swap.consistent), (1, 0));
//! // One win and one loss each: α = β = 1.5, p = 0.5.
//! assert_eq!(a.items[0].alpha(), 1.5);
//! assert_eq!(a.items[0].p(), 0.5);
//! ```

//!
//! ## Where we differ from the original aggregator, or it says nothing
//!
//! - Ratings are kept as written for the per-item statistics (n, mean, std, min, max, range,
//!   mode) and truncated toward zero (Python's `int()`) for the figures across runs, as in the
//!   original; a decimal is the double nearest to it, as Python's `json` reads it, so
//!   `9.99999999999999999` is 10.0 and truncates to 10 there too.
//! - A score entry that is not a number makes its run fail with a message naming it: a string
//!   (the original skips it in the pooled ratings and crashes on it per item), and **a
//!   boolean**: Python's `bool` is an `int`, so the original counts `true` as a rating of 1
//!   and `false` as 0; a judge that writes `true` did not rate the item, so we refuse it
//!   rather than turn it into a number. A number whose integer part lies beyond ±10⁹ also
//!   fails its run (the original keeps it), and so does one between 10⁻³²⁴ and 10⁻³⁰⁰ in
//!   magnitude (read exactly without the float parser otherwise). A bare array is a run.
//! - Out-of-scale ratings (within ±10⁹) are handled as in the original: in the per-item
//!   statistics, in the rates' denominator and in the pooled min, max and range, but not in
//!   the histogram nor the ceiling and floor counts.
//! - A `"parse_failed"` number is true unless all its digits are zeros.
//! - A UTF-8 byte-order mark at the start of a runs text, a run file, an items file or a
//!   pairwise text is skipped (the original's `json.load` refuses it).
//! - A run file is read as the formula crate reads a judge's output: its JSON may sit in a
//!   fenced block with sentences around it (`probe::run::outcome_from_file_text`); the
//!   original's `json.load` refuses such a file.
//! - The summary lines and `REPORT.md` announce a regime only when a run was read and at most
//!   `probe::MAX_FAILED_PERCENT` % of the runs failed (`Probe::announced`), with the count of
//!   runs read beside it; `aggregate.json` keeps the original's `regime_guess` either way.
//! - The scale must have `scale_min ≤ scale_max` and at most 1000 points.
//! - The mode breaks ties toward the value met first (runs in order, items in order), as the
//!   original's `Counter.most_common` does.
//! - The "most variable items" list only items whose ratings changed (std > 0).
//! - `aggregate.json` has the original's keys and numbers; JSON text is UTF-8 rather than
//!   `\u` escapes.
//! - Pairwise: prior Beta(1, 1); a swapped pair is consistent only when every verdict on it, in
//!   both orders and however often it was judged, names the same real outcome (NEITHER counts
//!   as an outcome); pairs judged in one order only are not counted.

#[cfg(feature = "fs")]
pub mod bounded;
#[cfg(feature = "calibrate")]
pub mod calibrate;
mod line_error;
pub mod numbers;
pub mod pairwise;
pub mod probe;
#[cfg(feature = "calibrate")]
pub mod retest;

pub use line_error::LineError;

/// The cells of one row of pasted text, as the probe's grid rows and the pairwise judgments
/// are read: split at tabs when the row has one (a block copied from a spreadsheet), else at
/// commas, else at runs of white space; the row is trimmed first, each cell is not. So a name
/// with spaces in it needs tabs or commas around it.
///
/// ```
/// use pickanumber_instruments::cells;
/// assert_eq!(cells(" draft a\tdraft b\tA \n"), ["draft a", "draft b", "A"]);
/// assert_eq!(cells("draft a, draft b, A"), ["draft a", " draft b", " A"]);
/// assert_eq!(cells("x   y A"), ["x", "y", "A"]);
/// ```
pub fn cells(row: &str) -> Vec<&str> {
    let row = row.trim();
    if row.contains('\t') {
        row.split('\t').collect()
    } else if row.contains(',') {
        row.split(',').collect()
    } else {
        row.split_whitespace().collect()
    }
}

/// `text` without a leading UTF-8 byte-order mark (U+FEFF), which editors on Windows put at
/// the start of a file: every reader of this crate (runs, items files, pairwise lines) skips
/// it, so `\u{feff}a` and `a` are the same item.
///
/// ```
/// assert_eq!(pickanumber_instruments::without_bom("\u{feff}a\tb\tA"), "a\tb\tA");
/// assert_eq!(pickanumber_instruments::without_bom("a\u{feff}"), "a\u{feff}");
/// ```
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}
