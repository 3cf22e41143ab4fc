//! # pickanumber-text
//!
//! Three small pieces of machinery, written here rather than taken from the standard library
//! or serde_json, because the site's two wasm builds (the calculator, and the probe and
//! pairwise islands) are downloaded by every reader who opens one, and each has a byte budget
//! (`site/byte-budgets`). The formula crate, the instruments and the rubric
//! crate use them natively too, so a native result and a wasm result are the same text.
//!
//! - [`json`]: a JSON reader (text → a [`json::Value`] tree with byte offsets, for
//!   `line:column` messages). A wasm module built as the islands are (opt-level z, LTO,
//!   `wasm-opt -Oz`) that parses a document with this reader is about half the size of the
//!   same module with `serde_json::from_str::<Value>`, a difference the islands' byte budgets
//!   cannot pay.
//! - [`numtext`]: numbers ↔ text on the exact binary value (`{:.N}`'s digits, shortest
//!   round-trip text, a decimal reader), without the standard library's float formatting and
//!   parsing code.
//! - [`order`]: one stable sort compiled once for every element type, instead of one
//!   standard-library sort per type and comparison.
//! - [`lines`]: where a line ends (the one definition of a line break every reader uses) and
//!   byte offsets → line and column, by byte scans rather than the standard library's
//!   pattern searchers.
//!
//! Data flow: text → [`json::parse`] → values the callers read; f64 → [`numtext::std_fixed`] /
//! [`numtext::trimmed`] / [`numtext::round_trip`] → text, text → [`numtext::parse_decimal`] →
//! f64; a slice → [`order::sort_by`] → the same slice, sorted; text → [`lines::lines`] → its
//! lines.
//!
//! The formula crate re-exports these modules (`pickanumber_score::json`, `order`,
//! `parse_decimal`), so code written against those paths keeps working.

pub mod hash;
pub mod json;
pub mod judge_doc;
pub mod lines;
pub mod numtext;
pub mod order;
