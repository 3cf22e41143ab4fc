//! # pickanumber-instruments
//!
//! The method's two instruments, as arithmetic on pasted numbers.
//!
//! - [`probe`]: the **calibration probe**. **text / run files** → **runs** → **metrics**
//!   (ceiling rate, floor rate, range, mean per-item standard deviation, histogram, per-item
//!   statistics) → **regime** with a rule trace → `aggregate.json`, `REPORT.md`, summary lines.
//! - [`pairwise`]: the **pairwise diagnostic**. **text** → **judgments** → per-item Beta
//!   **posteriors**, **position bias** with an exact binomial test, **swap consistency**,
//!   a ranking.
//!
//! The core has no file system access and builds for `wasm32-unknown-unknown`; the `fs`
//! feature adds `probe::fs`, which reads a runs folder and writes the two output files.
//! JSON is read with the formula crate's reader ([`pickanumber_score::json`]) and written by a
//! small writer of this crate's own, and [`html`] lays out the islands' results, so the wasm
//! islands carry neither serde_json nor one reactive node per table cell.
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
//! assert_eq!(report::summary_lines(p)[0], "Regime: INFLATION_LIKELY");
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
//! - Ratings are truncated toward zero once, when a run is read, so per-item statistics use
//!   the same integers as the pooled ones (the original truncates only the pooled ratings).
//! - A score entry that is not a number, or beyond ±10⁹, makes its run fail with a message
//!   (the original skips it in the pooled ratings and crashes on it per item). A bare array is
//!   a run; `true` is not a rating.
//! - A rating is the integer part of the number as written, computed on its digits (no double
//!   in between): `9.99999999999999999` is 9, where a double would first round it to 10; a
//!   `"parse_failed"` number is true unless all its digits are zeros.
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
pub mod html;
mod json_out;
mod line_error;
pub mod numbers;
pub mod pairwise;
pub mod probe;

pub use line_error::LineError;
