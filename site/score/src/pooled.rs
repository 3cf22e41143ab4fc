//! The pooled formula: one pool of items → one score with a confidence.
//!
//! The steps are evaluated in the published order, so results agree with the original
//! implementations to the last bit:
//!
//! ```text
//! net_impact  = Σ impact
//! normalized  = net_impact / √n              (0 when there are no items)
//! raw         = clamp(50 + normalized × 8, 0, 100)
//! density     = n / 20                        (reported unclamped)
//! multiplier  = 0.75 + 0.25 × clamp(density, 0, 1)
//! final       = round(50 + (raw − 50) × multiplier)   (halves away from zero)
//! confidence  = clamp(density, 0, 1)
//! ```

use crate::{Impact, Item, Normalization, Params, Rounding};

/// Every intermediate value of the pooled formula, so the working can be shown: serialised,
/// one key a field in this order, the final score under `final`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "PooledKeys"))]
pub struct Pooled<F = f64> {
    /// Sum of the impacts.
    pub net_impact: i64,
    /// Number of items.
    pub total_items: usize,
    /// The net divided by the normalisation (√n by default); 0 with no items.
    pub normalized: f64,
    /// `center + normalized × scale`, clamped to `[0, max]`.
    pub raw: f64,
    /// `n / denominator`, not clamped (25 items give 1.25).
    pub density: f64,
    /// `floor + gain × clamp(density, 0, 1)`.
    pub multiplier: f64,
    /// The final score: rounded half away from zero unless rounding is off. Its type is `f64`
    /// as the formula computes it; the JSON output writes an integer when the settings round
    /// (`Pooled::with_final`).
    #[serde(rename = "final")]
    pub final_score: F,
    /// The final score before rounding.
    pub final_unrounded: f64,
    /// `clamp(density, 0, 1)`: how much evidence there is, not how sure anyone feels.
    pub confidence: f64,
}

impl Pooled {
    /// Scores a pool of items.
    ///
    /// ```
    /// use pickanumber_score::{Impact, Item, Params, Pooled};
    /// let items = [Item::new(Impact::PlusFive, "exceptional")];
    /// let s = Pooled::score(&items, &Params::default());
    /// assert_eq!(s.final_unrounded, 80.5);
    /// assert_eq!(s.final_score, 81.0); // half away from zero
    /// ```
    pub fn score(items: &[Item], params: &Params) -> Pooled {
        Pooled::from_impacts(items.iter().map(|i| i.impact), params)
    }

    /// Scores a sequence of impacts (the labels and texts do not enter the formula).
    pub fn from_impacts(impacts: impl IntoIterator<Item = Impact>, params: &Params) -> Pooled {
        let (net, n) = impacts
            .into_iter()
            .fold((0i64, 0usize), |(net, n), i| (net + i.value(), n + 1));
        Pooled::from_tally(net, n, params)
    }

    /// The formula proper, from the net impact and the item count. Crate-private so that every
    /// public path starts from items, and an unreachable profile (net +25 from 4 items)
    /// cannot be scored (the bootstrap in `interval` sums real resampled impacts).
    pub(crate) fn from_tally(net: i64, n: usize, p: &Params) -> Pooled {
        let nf = n as f64;
        let netf = net as f64;
        let normalized = if n == 0 {
            0.0
        } else {
            match p.normalization {
                Normalization::Sqrt => netf / nf.sqrt(),
                Normalization::Linear => netf / nf,
                Normalization::Log => {
                    let d = nf.ln();
                    if d > 0.0 {
                        netf / d
                    } else {
                        netf
                    }
                }
                Normalization::None => netf,
            }
        };
        let raw = crate::numtext::clamp(p.center + normalized * p.scale, 0.0, p.max);
        let density = nf / p.density_denominator;
        let confidence = crate::numtext::clamp(density, 0.0, 1.0);
        let multiplier = p.multiplier_floor + p.multiplier_gain * confidence;
        let between = p.center + (raw - p.center) * multiplier;
        // A multiplier in [0, 1] (every setting `Params::validate` accepts) puts the final
        // between the centre and the raw score, both in [0, max]: the clamp keeps
        // floating-point rounding from carrying it past either. A multiplier outside [0, 1]
        // comes only from an unbounded request, whose final is shown as computed.
        let final_unrounded = if (0.0..=1.0).contains(&multiplier) {
            crate::numtext::clamp(between, p.center.min(raw), p.center.max(raw))
        } else {
            between
        };
        let final_score = match p.rounding {
            Rounding::HalfAwayFromZero => final_unrounded.round(),
            Rounding::None => final_unrounded,
        };
        Pooled {
            net_impact: net,
            total_items: n,
            normalized,
            raw,
            density,
            multiplier,
            final_score,
            final_unrounded,
            confidence,
        }
    }

    /// The pool of `count` items with net impact `net`, when some list of impacts from the set
    /// has that count and sum (what [`profile`] finds, decided without building the list: the
    /// sums of n impacts are every integer from −5n to 5n except ±(5n − 1), and for one item
    /// also 0). A pasted report's table is checked this way, in constant time and memory
    /// whatever count it types.
    pub(crate) fn from_profile(count: usize, net: i64, params: &Params) -> Option<Pooled> {
        let (n, m) = (count as u64, net.unsigned_abs());
        let top = n.saturating_mul(5);
        let reachable = m <= top && (n == 0 || m != top - 1) && !(n == 1 && m == 0);
        reachable.then(|| Pooled::from_tally(net, count, params))
    }

    /// The final as an integer when the parameters round it; `None` when rounding is off.
    pub fn final_integer(&self, params: &Params) -> Option<i64> {
        match params.rounding {
            Rounding::HalfAwayFromZero => Some(self.final_score as i64),
            Rounding::None => None,
        }
    }
}

impl<F> Pooled<F> {
    /// The same figures with the final score `final_score` in another type: what the JSON
    /// output writes, an integer when the settings round.
    pub fn with_final<G>(self, final_score: G) -> Pooled<G> {
        Pooled {
            net_impact: self.net_impact,
            total_items: self.total_items,
            normalized: self.normalized,
            raw: self.raw,
            density: self.density,
            multiplier: self.multiplier,
            final_score,
            final_unrounded: self.final_unrounded,
            confidence: self.confidence,
        }
    }
}

/// A list of `count` impacts whose sum is `net`, if the impact set can produce one.
///
/// Plots and tables that sweep the net impact use this, so every point they show is a real
/// item list: with 4 items, net +20 exists (`+5 ×4`) but +19 and +25 do not.
///
/// ```
/// use pickanumber_score::profile;
/// assert_eq!(profile(4, 20).map(|v| v.len()), Some(4));
/// assert!(profile(4, 25).is_none());
/// assert!(profile(2, 9).is_none()); // 5 + 4 would need a 4
/// ```
pub fn profile(count: usize, net: i64) -> Option<Vec<Impact>> {
    const SPAN: i64 = 5;
    let width = (2 * SPAN * count as i64 + 1) as usize;
    let offset = SPAN * count as i64;
    if net.abs() > offset {
        return None;
    }
    // reach[k][s]: which impact last reached sum s - offset with k items (None: unreachable).
    let mut reach: Vec<Vec<Option<Impact>>> = vec![vec![None; width]; count + 1];
    let mut start = vec![false; width];
    start[offset as usize] = true;
    let mut prev = start;
    for row in reach.iter_mut().skip(1) {
        let mut next = vec![false; width];
        for (s, ok) in prev.iter().enumerate() {
            if !ok {
                continue;
            }
            for i in Impact::ALL {
                let t = s as i64 + i.value();
                if (0..width as i64).contains(&t) && !next[t as usize] {
                    next[t as usize] = true;
                    row[t as usize] = Some(i);
                }
            }
        }
        prev = next;
    }
    let mut s = (net + offset) as usize;
    let mut out = Vec::with_capacity(count);
    for k in (1..=count).rev() {
        let i = reach[k][s]?;
        out.push(i);
        s = (s as i64 - i.value()) as usize;
    }
    (s == offset as usize).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3_000))]

        /// The closed-form reachability agrees with `profile`'s search, and the pool is the one
        /// of the list `profile` builds.
        #[test]
        fn from_profile_agrees_with_profile(count in 0usize..14, net in -75i64..=75) {
            let params = Params::default();
            let searched = profile(count, net).map(|v| Pooled::from_impacts(v, &params));
            prop_assert_eq!(Pooled::from_profile(count, net, &params), searched);
        }
    }

    #[test]
    fn from_profile_takes_counts_too_large_to_search() {
        let params = Params::default();
        assert!(Pooled::from_profile(usize::MAX, 3, &params).is_some());
        assert!(Pooled::from_profile(usize::MAX, i64::MIN, &params).is_some());
        assert!(Pooled::from_profile(1_000_000, 4_999_999, &params).is_none());
        assert!(Pooled::from_profile(0, 0, &params).is_some());
    }
}
