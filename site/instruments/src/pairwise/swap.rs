//! **Judgments** → swap consistency: for every pair judged in both orders, do the verdicts
//! name the same real winner?
//!
//! A pair counts when it was judged at least once with each item shown first. It is
//! *consistent* when every verdict on it, in either order and however many times it was
//! judged, names the same real outcome: the same winner, or NEITHER every time. A judge that
//! always answers A is inconsistent on every swapped pair; NEITHER in one order and a winner
//! in the other is inconsistent too. Pairs judged in one order only are not counted (they
//! cannot reveal position bias).

use super::parse::Judgment;
use std::collections::BTreeMap;

/// Swap consistency over the pairs judged in both orders.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
pub struct Swap {
    /// Pairs judged at least once in each order.
    pub pairs_both_orders: usize,
    /// Of those, pairs whose verdicts all name the same real outcome.
    pub consistent: usize,
    /// `consistent / pairs_both_orders`; `None` when no pair was judged in both orders.
    pub share: Option<f64>,
    /// The other pairs, each as its two names in byte order, sorted.
    pub inconsistent_pairs: Vec<(String, String)>,
}

/// What [`swap_consistency`] keeps per pair: seen with the lower name first, seen with it
/// second, the first real winner seen, whether every later one agreed.
type Seen<'a> = (bool, bool, Option<&'a str>, bool);

/// Checks every pair judged in both orders.
///
/// ```
/// use pickanumber_instruments::pairwise::{swap_consistency, Judgment, Verdict};
/// let s = swap_consistency(&[
///     Judgment::new("x", "y", Verdict::First),  // x wins
///     Judgment::new("y", "x", Verdict::Second), // x wins again: consistent
///     Judgment::new("x", "z", Verdict::First),  // x wins
///     Judgment::new("z", "x", Verdict::First),  // z wins: the first shown won both times
/// ]);
/// assert_eq!((s.pairs_both_orders, s.consistent, s.share), (2, 1, Some(0.5)));
/// assert_eq!(s.inconsistent_pairs, [("x".to_string(), "z".to_string())]);
/// ```
pub fn swap_consistency(judgments: &[Judgment]) -> Swap {
    // Per pair (lower name, higher name), in name order: seen with the lower name first, seen
    // with it second, the first real winner seen, and whether every later one agreed. Linear
    // in the judgments (sorting them all made 100,000 cost 50× 10,000's).
    let mut pairs: BTreeMap<(&str, &str), Seen> = BTreeMap::new();
    for j in judgments {
        let (first, second) = (j.first.as_str(), j.second.as_str());
        let winner = j.outcome().map(|(w, _)| w);
        let lower_first = first < second;
        let key = if lower_first {
            (first, second)
        } else {
            (second, first)
        };
        let seen = pairs.entry(key).or_insert((false, false, winner, true));
        if lower_first {
            seen.0 = true;
        } else {
            seen.1 = true;
        }
        seen.3 &= seen.2 == winner;
    }
    let (mut pairs_both_orders, mut consistent) = (0, 0);
    let mut inconsistent_pairs = Vec::new();
    for ((lower, higher), (lower_first, higher_first, _, agreed)) in pairs {
        if !(lower_first && higher_first) {
            continue;
        }
        pairs_both_orders += 1;
        if agreed {
            consistent += 1;
        } else {
            inconsistent_pairs.push((lower.to_string(), higher.to_string()));
        }
    }
    Swap {
        pairs_both_orders,
        consistent,
        share: (pairs_both_orders > 0).then(|| consistent as f64 / pairs_both_orders as f64),
        inconsistent_pairs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairwise::Verdict::{First, Neither, Second};

    fn j(a: &str, b: &str, v: super::super::Verdict) -> Judgment {
        Judgment::new(a, b, v)
    }

    #[test]
    fn neither_and_repeats() {
        let s = swap_consistency(&[
            // p/q: NEITHER both orders → consistent.
            j("p", "q", Neither),
            j("q", "p", Neither),
            // r/s: NEITHER one way, r wins the other → inconsistent.
            j("r", "s", Neither),
            j("s", "r", Second),
            // t/u: judged three times, u wins every time → consistent.
            j("t", "u", Second),
            j("u", "t", First),
            j("t", "u", Second),
            // v/w: two agreeing, then a third that disagrees → inconsistent.
            j("v", "w", First),
            j("w", "v", Second),
            j("v", "w", Second),
            // x/y: one order only, twice → not counted.
            j("x", "y", First),
            j("x", "y", Second),
        ]);
        assert_eq!(s.pairs_both_orders, 4);
        assert_eq!(s.consistent, 2);
        assert_eq!(s.share, Some(0.5));
        assert_eq!(
            s.inconsistent_pairs,
            [
                ("r".to_string(), "s".to_string()),
                ("v".to_string(), "w".to_string())
            ]
        );
    }

    #[test]
    fn nothing_swapped() {
        let s = swap_consistency(&[j("a", "b", First)]);
        assert_eq!((s.pairs_both_orders, s.consistent, s.share), (0, 0, None));
    }
}
