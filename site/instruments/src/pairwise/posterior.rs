//! **Judgments** → one Beta posterior per item, and the ranking by its mean.
//!
//! Every item starts at Beta(1, 1) (a uniform prior: the seed gives the updates but no prior,
//! so we choose this and say so). A judgment with a winner adds ½ to the winner's α and ½ to
//! the loser's β; NEITHER changes nothing. The mean is p = α / (α + β), the evidence n = α + β,
//! and the interval width 2 · 1.96 · √(p(1 − p) / n); an item is worth judging again while the
//! width is 0.3 or more.
//!
//! Counts are kept as integers (α = 1 + wins / 2, β = 1 + losses / 2), so the order of the
//! judgments cannot matter, the ranking compares means exactly and "judge again" is decided
//! by an exact integer inequality rather than a rounded width.

use super::parse::Judgment;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// The z value of the interval (95 %).
pub const Z: f64 = 1.96;
/// Judge an item again while its interval is at least this wide.
pub const JUDGE_AGAIN_WIDTH: f64 = 0.3;

/// One item's record and its Beta posterior.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Posterior {
    /// The item's name.
    pub name: String,
    /// Judgments it won.
    pub wins: u64,
    /// Judgments it lost.
    pub losses: u64,
    /// Judgments it was in with a NEITHER verdict (they change nothing).
    pub neither: u64,
}

impl Posterior {
    /// An item with no judgments yet: Beta(1, 1).
    pub fn new(name: impl Into<String>) -> Self {
        Posterior {
            name: name.into(),
            wins: 0,
            losses: 0,
            neither: 0,
        }
    }

    /// α = 1 + wins / 2.
    pub fn alpha(&self) -> f64 {
        1.0 + self.wins as f64 / 2.0
    }

    /// β = 1 + losses / 2.
    pub fn beta(&self) -> f64 {
        1.0 + self.losses as f64 / 2.0
    }

    /// n = α + β.
    pub fn n(&self) -> f64 {
        self.alpha() + self.beta()
    }

    /// The posterior mean p = α / (α + β).
    pub fn p(&self) -> f64 {
        let (a, b) = self.halves();
        a as f64 / (a + b) as f64
    }

    /// 2 · 1.96 · √(p(1 − p) / n).
    ///
    /// ```
    /// use pickanumber_instruments::pairwise::Posterior;
    /// // The prior: p = 0.5, n = 2 → 3.92 · √(0.125) = 1.38593…
    /// assert!((Posterior::new("x").width() - 1.385_929_291_125_633).abs() < 1e-12);
    /// ```
    pub fn width(&self) -> f64 {
        let p = self.p();
        2.0 * Z * (p * (1.0 - p) / self.n()).sqrt()
    }

    /// The interval p ± width / 2, clipped to [0, 1] (for plotting).
    ///
    /// ```
    /// use pickanumber_instruments::pairwise::Posterior;
    /// assert_eq!(Posterior::new("x").interval(), (0.0, 1.0)); // 0.5 ± 0.69, clipped
    /// ```
    pub fn interval(&self) -> (f64, f64) {
        let (p, half) = (self.p(), self.width() / 2.0);
        ((p - half).max(0.0), (p + half).min(1.0))
    }

    /// Whether the width is still ≥ 0.3, decided exactly: with a = 2α, b = 2β and s = a + b,
    /// width² = 30.7328 · ab / s³, so width ≥ 0.3 ⇔ 76 832 · ab ≥ 225 · s³.
    pub fn judge_again(&self) -> bool {
        let (a, b) = self.halves();
        let (a, b) = (u128::from(a), u128::from(b));
        let s = a + b;
        let lhs = a.checked_mul(b).and_then(|ab| ab.checked_mul(76_832));
        let rhs = s
            .checked_mul(s)
            .and_then(|s2| s2.checked_mul(s))
            .and_then(|s3| s3.checked_mul(225));
        match (lhs, rhs) {
            (Some(l), Some(r)) => l >= r,
            // Beyond 2¹²⁸ only astronomically many judgments: the width is far below 0.3.
            _ => self.width() >= JUDGE_AGAIN_WIDTH,
        }
    }

    /// (2α, 2β) as integers.
    fn halves(&self) -> (u64, u64) {
        (2 + self.wins, 2 + self.losses)
    }

    /// Compares posterior means exactly.
    pub fn cmp_p(&self, other: &Posterior) -> Ordering {
        let (a1, b1) = self.halves();
        let (a2, b2) = other.halves();
        // a1 / (a1 + b1) vs a2 / (a2 + b2)
        (u128::from(a1) * u128::from(a2 + b2)).cmp(&(u128::from(a2) * u128::from(a1 + b1)))
    }
}

/// The posterior of every item named in `judgments`, ranked by mean p (highest first; equal
/// means by name).
///
/// ```
/// use pickanumber_instruments::pairwise::{posteriors, Judgment, Verdict};
/// let ranked = posteriors(&[
///     Judgment::new("x", "y", Verdict::Second),
///     Judgment::new("x", "z", Verdict::Neither),
/// ]);
/// let names: Vec<&str> = ranked.iter().map(|p| p.name.as_str()).collect();
/// assert_eq!(names, ["y", "z", "x"]); // y: 1.5/2.5; z: 1/2; x: 1/2.5
/// assert_eq!((ranked[0].alpha(), ranked[0].beta()), (1.5, 1.0));
/// ```
pub fn posteriors(judgments: &[Judgment]) -> Vec<Posterior> {
    // One record per name, kept in name order by the map: linear in the judgments (a sort of
    // every name they mention made 100,000 judgments cost 30× 10,000's).
    let mut by_name: BTreeMap<&str, Posterior> = BTreeMap::new();
    for j in judgments {
        for name in [j.first.as_str(), j.second.as_str()] {
            by_name.entry(name).or_insert_with(|| Posterior::new(name));
        }
        let mut add = |name: &str, count: fn(&mut Posterior) -> &mut u64| {
            if let Some(p) = by_name.get_mut(name) {
                *count(p) += 1;
            }
        };
        match j.outcome() {
            Some((winner, loser)) => {
                add(winner, |p| &mut p.wins);
                add(loser, |p| &mut p.losses);
            }
            None => {
                add(&j.first, |p| &mut p.neither);
                add(&j.second, |p| &mut p.neither);
            }
        }
    }
    let mut records: Vec<Posterior> = by_name.into_values().collect();
    // Stable sort of the name-ordered records: equal means stay in name order.
    pickanumber_text::order::sort_by(&mut records, |x, y| y.cmp_p(x));
    records
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(wins: u64, losses: u64) -> Posterior {
        Posterior {
            name: "x".into(),
            wins,
            losses,
            neither: 0,
        }
    }

    #[test]
    fn by_hand() {
        // 3 wins, 1 loss: α = 2.5, β = 1.5, n = 4, p = 0.625,
        // width = 3.92 · √(0.625 · 0.375 / 4) = 3.92 · √0.05859375 = 3.92 · 0.2420615 = 0.94888.
        let p = record(3, 1);
        assert_eq!((p.alpha(), p.beta(), p.n(), p.p()), (2.5, 1.5, 4.0, 0.625));
        assert!((p.width() - 0.948_880_9).abs() < 1e-6);
        assert!(p.judge_again());
    }

    #[test]
    fn judge_again_agrees_with_the_width_everywhere_near_the_edge() {
        // At p = 0.5 the width falls below 0.3 once n > (3.92 · 0.5 / 0.3)² = 42.68…, that is
        // after 82 decided judgments (n = 2 + 82 / 2 = 43).
        assert!(record(40, 41).judge_again()); // n = 42.5
        assert!(!record(41, 41).judge_again()); // n = 43
        for w in 0..200 {
            for l in 0..200 {
                let p = record(w, l);
                assert_eq!(p.judge_again(), p.width() >= 0.3, "wins {w}, losses {l}");
            }
        }
    }

    #[test]
    fn exact_ranking_ties_go_by_name() {
        // 1 win 1 loss vs none: both p = 0.5 exactly.
        let ranked = posteriors(&[
            Judgment::new("b", "c", super::super::parse::Verdict::First),
            Judgment::new("c", "b", super::super::parse::Verdict::First),
            Judgment::new("a", "d", super::super::parse::Verdict::Neither),
        ]);
        let names: Vec<&str> = ranked.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c", "d"]);
        assert_eq!(ranked[0].neither, 1);
    }
}
