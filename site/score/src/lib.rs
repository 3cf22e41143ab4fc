//! # pickanumber-score
//!
//! The formula of *Don't let the LLM pick a number*, and the only code in the project that does
//! arithmetic on scores. A model collects signed evidence items; this crate turns them into a
//! 0–100 score with a confidence.
//!
//! The data flow is visible in the modules:
//! **text** → [`parse`](mod@parse) → **items** ([`item`]) → [`pooled`] / [`matrix`] → **score**
//! → [`format`] (the digits every view prints).
//!
//! ```
//! use pickanumber_score::{parse, Params, Pooled};
//!
//! let parsed = parse("\
//! +5 final state correct
//! +3 opened Settings
//! +2 found the right pane
//! +1 closed Settings afterwards
//! −2 visited the wrong pane first
//! ");
//! assert!(parsed.errors.is_empty());
//! let score = Pooled::score(&parsed.items(), &Params::default());
//! assert_eq!(score.net_impact, 9);
//! assert_eq!(score.final_score, 76.0);
//! assert_eq!(score.confidence, 0.25);
//! ```

pub mod analysis;
pub mod format;
pub mod impact;
pub mod input;
pub mod item;
pub mod matrix;
pub mod params;
pub mod parse;
pub mod pooled;
pub mod report;

pub use impact::Impact;
pub use item::{Bucket, Item};
pub use matrix::{CriterionScore, MatrixScore, WeightError};
pub use params::{Normalization, ParamError, Params, Rounding};
pub use parse::{parse, Entry, LineError, Parsed};
pub use pooled::Pooled;
