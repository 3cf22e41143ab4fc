//! **Judgments** → position bias: how often the first-shown item wins, and whether that share
//! is further from ½ than chance allows (an exact two-sided binomial test).
//!
//! Only decided verdicts (A or B) count; NEITHER says nothing about position. Without
//! mitigation judges pick the first-shown item about 60 % of the time, which is why the order
//! should be randomised and each pair judged in both orders.

use super::parse::{Judgment, Verdict};

/// Relative tolerance for "no more likely than the observed outcome", so that outcomes whose
/// probability equals the observed one up to rounding are counted (as scipy's `binomtest`
/// does with the same 1 + 10⁻⁷).
pub const RELATIVE_TOLERANCE: f64 = 1e-7;

/// The first-shown item's record.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
pub struct PositionBias {
    /// Decided verdicts won by the item shown first (A).
    pub first_wins: u64,
    /// Verdicts with a winner (A or B).
    pub decided: u64,
    /// `first_wins / decided`; `None` when nothing was decided.
    pub share: Option<f64>,
    /// Exact two-sided binomial p-value of `first_wins` out of `decided` against ½; `None`
    /// when nothing was decided.
    pub p_value: Option<f64>,
}

/// Counts the first-shown item's wins among decided verdicts and tests them against ½.
///
/// ```
/// use pickanumber_instruments::pairwise::{position_bias, Judgment, Verdict};
/// let js = [
///     Judgment::new("x", "y", Verdict::First),
///     Judgment::new("y", "x", Verdict::First),
///     Judgment::new("x", "z", Verdict::Neither),
/// ];
/// let b = position_bias(&js);
/// assert_eq!((b.first_wins, b.decided, b.share), (2, 2, Some(1.0)));
/// ```
pub fn position_bias(judgments: &[Judgment]) -> PositionBias {
    let first_wins = judgments
        .iter()
        .filter(|j| j.verdict == Verdict::First)
        .count() as u64;
    let decided = judgments
        .iter()
        .filter(|j| j.verdict != Verdict::Neither)
        .count() as u64;
    let (share, p_value) = if decided == 0 {
        (None, None)
    } else {
        (
            Some(first_wins as f64 / decided as f64),
            Some(binomial_two_sided(first_wins, decided)),
        )
    };
    PositionBias {
        first_wins,
        decided,
        share,
        p_value,
    }
}

/// The exact two-sided p-value of `k` successes in `n` trials against p = ½: the total
/// probability of every outcome no more likely than `k` (within [`RELATIVE_TOLERANCE`]),
/// at most 1.
///
/// Each outcome's probability is taken relative to the most likely outcome, walking outward
/// from it by the exact ratios P(j + 1) / P(j) = (n − j) / (j + 1), and the selected mass is
/// divided by the total mass. Nothing overflows for any `n`, no power 2⁻ⁿ is ever formed,
/// and the central outcomes give exactly 1. Outcomes more than ~10³⁰⁸ times less likely than
/// the most likely one count as 0, so a p-value below about 10⁻³⁰⁸ is reported as 0.
/// `k > n` is clamped to `n`; `n = 0` gives 1.
///
/// ```
/// use pickanumber_instruments::pairwise::binomial_two_sided;
/// // 2 of 10: outcomes 0, 1, 2, 8, 9, 10 → 2 · (1 + 10 + 45) / 1024 = 0.109375.
/// assert!((binomial_two_sided(2, 10) - 0.109375).abs() < 1e-15);
/// assert_eq!(binomial_two_sided(5, 10), 1.0);
/// ```
pub fn binomial_two_sided(k: u64, n: u64) -> f64 {
    let k = k.min(n);
    if n == 0 {
        return 1.0;
    }
    let mut observed = 0.0;
    walk(n, &mut |j, r| {
        if j == k {
            observed = r;
        }
    });
    let threshold = observed * (1.0 + RELATIVE_TOLERANCE);
    let (mut selected, mut total) = (0.0, 0.0);
    walk(n, &mut |_, r| {
        total += r;
        if r <= threshold {
            selected += r;
        }
    });
    (selected / total).min(1.0)
}

/// Calls `visit(j, P(j) / P(mode))` for every outcome j with a ratio that is not zero, the
/// mode first, then upward, then downward.
fn walk(n: u64, visit: &mut dyn FnMut(u64, f64)) {
    let mode = n / 2;
    visit(mode, 1.0);
    let mut r = 1.0;
    for j in mode..n {
        r *= (n - j) as f64 / (j + 1) as f64;
        if r == 0.0 {
            break;
        }
        visit(j + 1, r);
    }
    let mut r = 1.0;
    for j in (1..=mode).rev() {
        r *= j as f64 / (n - j + 1) as f64;
        if r == 0.0 {
            break;
        }
        visit(j - 1, r);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // scipy.stats.binomtest(15, 20).pvalue = 0.04138946533203125
        // = 2 · (1 + 20 + 190 + 1140 + 4845 + 15504) / 2²⁰ = 43400 / 1048576.
        assert!((binomial_two_sided(15, 20) - 43_400.0 / 1_048_576.0).abs() < 1e-15);
        assert!((binomial_two_sided(5, 20) - 43_400.0 / 1_048_576.0).abs() < 1e-15);
        // All 5 of 5: 2 / 32.
        assert!((binomial_two_sided(5, 5) - 0.0625).abs() < 1e-16);
        assert_eq!(binomial_two_sided(1, 1), 1.0);
        assert_eq!(binomial_two_sided(0, 1), 1.0);
        assert_eq!(binomial_two_sided(0, 0), 1.0);
        // Odd n, central outcomes: both middle values are equally likely, so everything counts.
        assert_eq!(binomial_two_sided(3, 7), 1.0);
        assert_eq!(binomial_two_sided(4, 7), 1.0);
    }

    #[test]
    fn many_judgments_do_not_overflow() {
        assert_eq!(binomial_two_sided(50_000, 100_000), 1.0);
        let p = binomial_two_sided(600, 1000);
        assert!(p > 0.0 && p < 1e-9, "{p}");
        assert_eq!(binomial_two_sided(0, 5000), 0.0); // 2 · 2⁻⁵⁰⁰⁰ underflows
        assert_eq!(
            binomial_two_sided(3000, 2000),
            binomial_two_sided(2000, 2000)
        );
    }
}
