//! The pairwise diagnostic: what a judge's head-to-head verdicts say about the items, and about
//! the judge.
//!
//! **text** ([`parse`]) → **judgments** → per-item **posteriors** and the ranking
//! ([`posterior`]), **position bias** ([`bias`]), **swap consistency** ([`swap`]) →
//! [`Pairwise`], which serialises to the JSON object `pickanumber pairwise` prints:
//!
//! ```json
//! {
//!   "items": [{"name": "…", "alpha": 2.5, "beta": 1.5, "p": 0.625, "width": 0.9489,
//!              "judge_again": true}],
//!   "position_bias": {"first_wins": 7, "decided": 10, "share": 0.7, "p_value": 0.34375},
//!   "swap": {"pairs_both_orders": 3, "consistent": 2, "share": 0.6667,
//!            "inconsistent_pairs": [["a", "b"]]},
//!   "errors": [{"line": 4, "message": "…"}]
//! }
//! ```
//!
//! Items are ranked by p (highest first). `share` and `p_value` are `null` when no verdict
//! was decided; the swap `share` is `null` when no pair was judged in both orders. Numbers are
//! unrounded doubles (the example above is shortened).
//!
//! Advice that is not a computation, shown beside the numbers it applies to: randomise the
//! order and judge each pair in both orders (position bias, swap consistency); truncate both
//! items to the same length (length bias); judge with a model of another family than the one
//! that wrote the items (self-preference). See [`ADVICE`].

pub mod bias;
pub mod parse;
pub mod posterior;
pub mod swap;

pub use bias::{binomial_two_sided, position_bias, PositionBias};
pub use parse::{parse_judgments, Judgment, ParsedJudgments, Verdict};
pub use posterior::{posteriors, Posterior};
pub use swap::{swap_consistency, Swap};

use crate::LineError;
use serde::ser::{SerializeMap, SerializeStruct, Serializer};
use serde::Serialize;

/// The seeds' advice against the judge's known biases, as `(bias, what to do)`.
pub const ADVICE: [(&str, &str); 4] = [
    ("position", "Randomise which item is shown first; judges without this pick the first-shown item about 60 % of the time."),
    ("swap", "Judge each pair twice, once in each order; a pair whose two verdicts disagree about the real winner shows position bias at work."),
    ("length", "Truncate both items to the same length before judging, so the longer one does not win for its length."),
    ("self-preference", "Judge with a model from another family than the one that produced the items."),
];

/// Everything the diagnostic computes.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairwise {
    /// Every item, ranked by posterior mean.
    pub items: Vec<Posterior>,
    /// The first-shown item's share of decided verdicts.
    pub position_bias: PositionBias,
    /// Swap consistency.
    pub swap: Swap,
    /// Lines that could not be read (empty when computed from judgments).
    pub errors: Vec<LineError>,
    /// How many judgments were used.
    pub judgments: usize,
}

/// Reads pasted judgments and computes everything.
///
/// ```
/// use pickanumber_instruments::pairwise::analyse;
/// let a = analyse("x\ty\tB\nnot a judgment\n");
/// assert_eq!(a.judgments, 1);
/// assert_eq!(a.items[0].name, "y");
/// assert_eq!(a.errors.len(), 1);
/// ```
pub fn analyse(text: &str) -> Pairwise {
    let parsed = parse_judgments(text);
    let mut out = analyse_judgments(&parsed.judgments);
    out.errors = parsed.errors;
    out
}

/// Computes everything from judgments already read.
pub fn analyse_judgments(judgments: &[Judgment]) -> Pairwise {
    Pairwise {
        items: posteriors(judgments),
        position_bias: position_bias(judgments),
        swap: swap_consistency(judgments),
        errors: Vec::new(),
        judgments: judgments.len(),
    }
}

impl Pairwise {
    /// The JSON object, pretty-printed with a trailing newline.
    pub fn to_json_string(&self) -> String {
        let mut s = serde_json::to_string_pretty(self)
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
        s.push('\n');
        s
    }
}

/// `{"items", "position_bias", "swap", "errors"}` as in the module documentation.
impl Serialize for Pairwise {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Pairwise", 4)?;
        st.serialize_field("items", &self.items)?;
        st.serialize_field("position_bias", &self.position_bias)?;
        st.serialize_field("swap", &self.swap)?;
        st.serialize_field("errors", &self.errors)?;
        st.end()
    }
}

/// `{"name", "alpha", "beta", "p", "width", "judge_again"}`.
impl Serialize for Posterior {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(6))?;
        m.serialize_entry("name", &self.name)?;
        m.serialize_entry("alpha", &self.alpha())?;
        m.serialize_entry("beta", &self.beta())?;
        m.serialize_entry("p", &self.p())?;
        m.serialize_entry("width", &self.width())?;
        m.serialize_entry("judge_again", &self.judge_again())?;
        m.end()
    }
}

/// `{"first_wins", "decided", "share", "p_value"}`.
impl Serialize for PositionBias {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("first_wins", &self.first_wins)?;
        m.serialize_entry("decided", &self.decided)?;
        m.serialize_entry("share", &self.share)?;
        m.serialize_entry("p_value", &self.p_value)?;
        m.end()
    }
}

/// `{"pairs_both_orders", "consistent", "share", "inconsistent_pairs"}`.
impl Serialize for Swap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("pairs_both_orders", &self.pairs_both_orders)?;
        m.serialize_entry("consistent", &self.consistent)?;
        m.serialize_entry("share", &self.share)?;
        m.serialize_entry("inconsistent_pairs", &self.inconsistent_pairs)?;
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_shape() {
        let a = analyse("x\ty\tA\ny\tx\tA\nbad line\n");
        let v: serde_json::Value = serde_json::from_str(&a.to_json_string()).unwrap();
        assert_eq!(
            v,
            serde_json::json!({
                "items": [
                    {"name": "x", "alpha": 1.5, "beta": 1.5, "p": 0.5,
                     "width": a.items[0].width(), "judge_again": true},
                    {"name": "y", "alpha": 1.5, "beta": 1.5, "p": 0.5,
                     "width": a.items[1].width(), "judge_again": true}
                ],
                "position_bias": {"first_wins": 2, "decided": 2, "share": 1.0, "p_value": 0.5},
                "swap": {"pairs_both_orders": 1, "consistent": 0, "share": 0.0,
                         "inconsistent_pairs": [["x", "y"]]},
                "errors": [{"line": 3, "message": "expected first<TAB>second<TAB>verdict, found 1 field (no tab)"}]
            })
        );
        // n = 3, p = 0.5: width = 3.92 · √(0.25 / 3) = 1.13161…
        assert!((a.items[0].width() - 1.131_606_5).abs() < 1e-6);
    }

    #[test]
    fn empty_input() {
        let a = analyse("");
        let v: serde_json::Value = serde_json::from_str(&a.to_json_string()).unwrap();
        assert_eq!(
            v,
            serde_json::json!({
                "items": [],
                "position_bias": {"first_wins": 0, "decided": 0, "share": null, "p_value": null},
                "swap": {"pairs_both_orders": 0, "consistent": 0, "share": null, "inconsistent_pairs": []},
                "errors": []
            })
        );
    }
}
