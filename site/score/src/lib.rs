//! # pickanumber-score
//!
//! The formula of *Don't let the LLM pick a number*, and the only code in the project that does
//! arithmetic on scores. A model collects signed evidence items; this crate turns them into a
//! 0–100 score with a confidence.
//!
//! The data flow, one module a step:
//! **text** → `input` ([`read`], every format; the line grammar in `parse`) → **items**
//! ([`Item`], [`Impact`], [`Bucket`]) → [`analyse`] (mode rules, [`Pooled`] and
//! [`MatrixScore`] scoring, typed [`Diagnostic`]s) → **one [`Analysis`]** with an [`Outcome`]
//! per mode and its [`Headline`]. The crate computes and diagnoses and writes no view: the
//! result tables, the working lines, the calculator's panel and the markdown report are the
//! crate `pickanumber-result-view`'s, in the words of `content/layout.toml`. What stays here as text
//! is the formula's own: the diagnostics' typed messages, the line grammar an item is written
//! back in ([`Item::line`]) and the machine names of modes, buckets and severities.
//!
//! Underneath, the crate `pickanumber-text` keeps the standard library's float and sort
//! machinery and serde_json out of the wasm builds: its `numtext` (f64 → exact fixed-point
//! text for every number printed (the one set of number formatters, `numtext::fixed` …), and
//! [`parse_decimal`] for weights), [`json`] (the JSON input
//! formats, read with byte offsets for line:column messages) and [`order`] (one stable sort).
//! They are re-exported here under their old paths.
//!
//! Modules are private and their types re-exported here; [`interval`] stays a module for its
//! level and resampling constants.
//!
//! Each step's module keeps its parts in a folder of the same name: `input/` (the format
//! names, fenced blocks, the JSON documents, spreadsheet rows and markdown tables), `parse/`
//! (one item line, a `weights:` line), `analysis/` (the request, the steps of [`analyse`], the
//! findings the numbers settle, the outcome types) and `combine/` (the `## Pass:` headings,
//! the duplicate rule, the passes' agreement, the pass types).
//!
//! ```
//! use pickanumber_score::{analyse, HeadlineKind, Request};
//!
//! let a = analyse("\
//! +3 the migration runs twice without harm
//! +3 every endpoint has a test
//! +2 the README states the limits
//! −2 one error message leaks a stack trace
//! ", &Request::default());
//! assert!(!a.has_errors());
//! let h = a.headline().unwrap();
//! assert_eq!(h.kind, HeadlineKind::Pool);
//! assert_eq!(a.pool().net_impact, 6); // normalized 6 / √4 = 3, raw 50 + 8 × 3 = 74
//! assert_eq!(h.unrounded, 69.2); // 50 + (74 − 50) × (0.75 + 0.25 × 4/20)
//! assert_eq!(h.score, 69.0);
//! assert_eq!(h.confidence, 0.2);
//! ```

mod alpha;
mod analysis;
#[cfg(feature = "combine")]
mod combine;
mod diagnostic;
mod impact;
mod input;
// Without the `interval` feature (which `combine` implies) `analyse` computes no interval, so
// its internals go unused (`Analysis::interval_at` stays available).
#[cfg_attr(not(feature = "interval"), allow(dead_code))]
pub mod interval;
mod item;
mod matrix;
mod names;
mod params;
mod parse;
mod pooled;
mod settings_text;
pub mod verify;

pub use alpha::{
    alpha_interval, alpha_level, RELIABLE as ALPHA_RELIABLE, TENTATIVE as ALPHA_TENTATIVE,
};
pub use analysis::{
    analyse, Analysis, BucketScore, Feedback, Headline, HeadlineKind, Labels, Matrix, Mode,
    Outcome, Preset, Request, PERSPECTIVES,
};
#[cfg(feature = "combine")]
pub use combine::{combine, Disagreement, Duplicate, Pass, Passes, Spread};
pub use diagnostic::{line_list, Diagnostic, Kind, Severity, NOTHING_READ};
pub use impact::Impact;
pub use input::{fenced_blocks, is_fence_line, read, read_as, Format};
pub use interval::Interval;
pub use item::{Bucket, Item};
pub use matrix::{check_weights, CriterionScore, MatrixScore, WeightError, MAX_WEIGHT_SUM};
pub use names::{Named, UnknownName};
pub use params::{positive_setting, Normalization, ParamError, ParamKey, Params, Rounding};
pub use parse::{
    check_name, decimal_comma, has_pass_headings, must_be_a_number, parse_weights, pass_heading,
    weights_from_numbers, Entry, LineError, Parsed, ReportRow, MAX_ITEMS, MAX_REPEAT,
    MAX_RUN_BYTES,
};
use pickanumber_text::numtext;

/// Whether this build computes the bootstrap interval (the `interval` feature, which `combine`
/// implies): a view shows the interval when it does, and a cell to be filled in when not.
pub const COMPUTES_INTERVAL: bool = cfg!(feature = "interval");
pub use pickanumber_text::numtext::{parse_decimal, DecimalError};
pub use pickanumber_text::{json, lines, order};
pub use pooled::{profile, Pooled};
pub use settings_text::{read_setting, with_setting_errors, Setting, SettingError, SettingsText};
