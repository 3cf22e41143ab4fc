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

#[derive(Default)]
struct PairRecord<'a> {
    low_first: bool,
    high_first: bool,
    /// The real winner of the first verdict seen (`None`: NEITHER).
    outcome: Option<Option<&'a str>>,
    agree: bool,
}

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
    let mut pairs: BTreeMap<(&str, &str), PairRecord<'_>> = BTreeMap::new();
    for j in judgments {
        let (first, second) = (j.first.as_str(), j.second.as_str());
        let low_first = first < second;
        let key = if low_first {
            (first, second)
        } else {
            (second, first)
        };
        let record = pairs.entry(key).or_default();
        if low_first {
            record.low_first = true;
        } else {
            record.high_first = true;
        }
        let outcome = j.outcome().map(|(winner, _)| winner);
        match record.outcome {
            None => {
                record.outcome = Some(outcome);
                record.agree = true;
            }
            Some(seen) => record.agree &= seen == outcome,
        }
    }
    let both: Vec<(&(&str, &str), &PairRecord<'_>)> = pairs
        .iter()
        .filter(|(_, r)| r.low_first && r.high_first)
        .collect();
    let consistent = both.iter().filter(|(_, r)| r.agree).count();
    Swap {
        pairs_both_orders: both.len(),
        consistent,
        share: (!both.is_empty()).then(|| consistent as f64 / both.len() as f64),
        inconsistent_pairs: both
            .iter()
            .filter(|(_, r)| !r.agree)
            .map(|((a, b), _)| (a.to_string(), b.to_string()))
            .collect(),
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
