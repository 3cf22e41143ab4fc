//! Krippendorff's α with the interval metric: how far several judges agree on numbers given
//! to the same units, corrected for the agreement their spread of values would give by chance.
//!
//! **units × coders** (a value or a gap) → the pairable values (units with at least two) →
//! observed disagreement `D_o` (squared differences within units) and expected disagreement
//! `D_e` (squared differences across all pairable values) → `α = 1 − D_o / D_e`.
//!
//! Source: K. Krippendorff, *Content Analysis: An Introduction to Its Methodology*, 2nd ed.,
//! 2004, ch. 11, and "Computing Krippendorff's Alpha-Reliability", 2011 (the worked example
//! checked in the tests). Krippendorff's levels: α ≥ 0.800 for conclusions to rely on,
//! 0.667 ≤ α < 0.800 for tentative ones only, below that not to rely on.
//!
//! Passes use it over the per-criterion finals: the criteria are the units, the passes the
//! coders, a criterion a pass gave no item a gap ([`crate::combine`]).

/// The level at and above which Krippendorff holds data reliable.
pub const RELIABLE: f64 = 0.800;

/// The level at and above which Krippendorff allows tentative conclusions.
pub const TENTATIVE: f64 = 0.667;

/// Krippendorff's α (interval metric) of `units`, each a list of the coders' values (`None`
/// where a coder gave none). `None` when it is not defined: fewer than two pairable values,
/// or every pairable value equal (no disagreement to expect, 0 / 0).
///
/// ```
/// use pickanumber_score::alpha_interval;
/// // Two coders, three units, one value off by one.
/// let a = alpha_interval(&[
///     vec![Some(1.0), Some(1.0)],
///     vec![Some(2.0), Some(2.0)],
///     vec![Some(3.0), Some(4.0)],
/// ]).unwrap();
/// assert!((a - 0.88).abs() < 0.01);
/// ```
pub fn alpha_interval(units: &[Vec<Option<f64>>]) -> Option<f64> {
    // Σ over ordered pairs i ≠ j of (a − b)² = 2m Σv² − 2(Σv)² for m values.
    let pair_sum = |m: f64, sum: f64, squares: f64| 2.0 * m * squares - 2.0 * sum * sum;
    let (mut n, mut sum, mut squares, mut within) = (0.0, 0.0, 0.0, 0.0);
    for u in units {
        let values = u.iter().flatten();
        let m = values.clone().count() as f64;
        if m < 2.0 {
            continue;
        }
        let s: f64 = values.clone().sum();
        let q: f64 = values.map(|v| v * v).sum();
        within += pair_sum(m, s, q) / (m - 1.0);
        n += m;
        sum += s;
        squares += q;
    }
    if n < 2.0 {
        return None;
    }
    let observed = within / n;
    let expected = pair_sum(n, sum, squares) / (n * (n - 1.0));
    (expected > 0.0).then(|| 1.0 - observed / expected)
}

/// Krippendorff's reading of an α: `reliable`, `tentative` or `unreliable`.
pub fn alpha_level(alpha: f64) -> &'static str {
    if alpha >= RELIABLE {
        "reliable"
    } else if alpha >= TENTATIVE {
        "tentative"
    } else {
        "unreliable"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four
    /// observers (A–D) code twelve units on a 1–5 scale with gaps; the paper computes
    /// α = 0.743 nominal and α = 0.849 interval. Written as data: one row per observer, 0 for
    /// a missing value.
    const OBSERVERS: [[u8; 12]; 4] = [
        [1, 2, 3, 3, 2, 1, 4, 1, 2, 0, 0, 0],
        [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, 0, 3],
        [0, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 0],
        [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, 0],
    ];

    #[test]
    fn krippendorffs_worked_example_gives_0_849() {
        let units: Vec<Vec<Option<f64>>> = (0..12)
            .map(|u| {
                OBSERVERS
                    .iter()
                    .map(|o| (o[u] > 0).then(|| f64::from(o[u])))
                    .collect()
            })
            .collect();
        let a = alpha_interval(&units).unwrap();
        assert_eq!(format!("{a:.3}"), "0.849");
        assert_eq!(alpha_level(a), "reliable");
    }

    #[test]
    fn alpha_is_undefined_without_variation_or_pairs() {
        assert_eq!(alpha_interval(&[vec![Some(3.0), Some(3.0)]]), None);
        assert_eq!(alpha_interval(&[vec![Some(3.0), None]]), None);
        assert_eq!(alpha_interval(&[]), None);
    }

    #[test]
    fn perfect_agreement_is_one_and_levels_read_as_stated() {
        let units = vec![vec![Some(1.0), Some(1.0)], vec![Some(9.0), Some(9.0)]];
        assert_eq!(alpha_interval(&units), Some(1.0));
        assert_eq!(alpha_level(0.8), "reliable");
        assert_eq!(alpha_level(0.7), "tentative");
        assert_eq!(alpha_level(0.5), "unreliable");
    }
}
