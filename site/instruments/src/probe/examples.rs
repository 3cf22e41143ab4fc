//! Synthetic run sets, one per regime, for the probe page's example buttons: **regime** →
//! grid text (12 runs × 10 items on the 1–10 scale) that the probe classifies as that regime.
//!
//! They are generated, not measured: each item has a fixed "true" rating, and each run adds
//! deterministic noise (a small linear congruential generator, so the text is the same on
//! every build). The page must label them as synthetic.

use super::regime::Regime;

/// Runs in each example.
pub const RUNS: usize = 12;

/// The grid text of a synthetic run set that classifies as `regime` (scale 1–10).
///
/// ```
/// use pickanumber_instruments::probe::{examples::synthetic_runs, probe_text, Regime, Scale};
/// for regime in Regime::ALL {
///     let t = probe_text(&synthetic_runs(regime), Scale::default());
///     assert_eq!(t.probe.regime(), regime);
/// }
/// ```
pub fn synthetic_runs(regime: Regime) -> String {
    // (true rating per item, noise values drawn uniformly)
    let (truth, noise): (&[i64], &[i64]) = match regime {
        Regime::Calibrated => (&[1, 2, 3, 4, 5, 6, 7, 8, 9, 6], &[-1, 0, 0, 0, 1]),
        Regime::InflationLikely => (&[8, 9, 9, 10, 8, 9, 10, 9, 7, 9], &[-1, 0, 0, 1]),
        Regime::DeflationLikely => (&[2, 1, 2, 3, 1, 2, 4, 2, 1, 3], &[-1, 0, 0, 1]),
        Regime::PicksANumber => (&[6, 6, 7, 6, 6, 7, 6, 6, 7, 6], &[0, 0, 1]),
        Regime::Jittery => (&[5, 6, 5, 6, 5, 6, 5, 6, 5, 6], &[-4, -3, 0, 3, 4]),
        Regime::Ambiguous => (&[4, 5, 6, 7, 5, 6, 4, 7, 5, 6], &[0]),
    };
    let mut state: u32 = 0x2545_f491 ^ regime as u32;
    let mut next = move || {
        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (state >> 16) as usize
    };
    let mut out = String::new();
    for _ in 0..RUNS {
        let row: Vec<String> = truth
            .iter()
            .map(|&t| (t + noise[next() % noise.len()]).clamp(1, 10).to_string())
            .collect();
        out.push_str(&row.join("\t"));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::{probe_text, Scale};

    #[test]
    fn each_example_is_its_regime_with_room_to_spare() {
        for regime in Regime::ALL {
            let text = synthetic_runs(regime);
            assert_eq!(text.lines().count(), RUNS);
            let t = probe_text(&text, Scale::default());
            assert!(t.parsed.errors.is_empty());
            assert_eq!(t.probe.regime(), regime, "{text}");
            // Deterministic.
            assert_eq!(text, synthetic_runs(regime));
        }
    }
}
