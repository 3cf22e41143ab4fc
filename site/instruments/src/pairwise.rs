//! The pairwise diagnostic: what a judge's head-to-head verdicts say about the items, and about
//! the judge.
//!
//! **text** ([`parse`]) → **judgments** → per-item **posteriors** and the ranking
//! ([`posterior`]), **position bias** ([`bias`]), **swap consistency** ([`swap`]) →
//! [`Pairwise`], whose `Pairwise::to_json_string` (with the `json` feature, module `json`) is
//! the JSON object `pickanumber pairwise` prints:
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
#[cfg(feature = "json")]
mod json;
pub mod parse;
pub mod posterior;
pub mod swap;

pub use bias::{binomial_two_sided, position_bias, PositionBias};
pub use parse::{parse_judgments, Judgment, ParsedJudgments, Verdict};
pub use posterior::{posteriors, Posterior};
pub use swap::{swap_consistency, Swap};

use crate::LineError;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_shape() {
        let a = analyse("x\ty\tA\ny\tx\tA\nbad\n");
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
                "errors": [{"line": 3, "message": "expected first, second and verdict separated by tabs, commas or spaces, found 1 field"}]
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
