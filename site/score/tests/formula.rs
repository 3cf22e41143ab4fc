//! The formula against values from an independent source: the worked examples and the
//! rounding table recomputed in the reference brief (`shared/reference/pickanumber-facts.md`
//! §1.6 and §5), not values produced by this crate.

use pickanumber_score::{Impact, Item, MatrixScore, Params, Pooled, Rounding, WeightError};

/// Items with the given counts of each impact value, e.g. `&[(1, 25)]` is 25 × +1.
fn items(counts: &[(i64, usize)]) -> Vec<Item> {
    counts
        .iter()
        .flat_map(|&(v, n)| std::iter::repeat_n(Item::new(Impact::from_value(v).unwrap(), "x"), n))
        .collect()
}

fn pooled(counts: &[(i64, usize)]) -> Pooled {
    Pooled::score(&items(counts), &Params::default())
}

#[test]
fn example_a_strong_and_ample() {
    let s = pooled(&[(1, 25)]);
    assert_eq!((s.net_impact, s.total_items), (25, 25));
    assert_eq!(s.normalized, 5.0);
    assert_eq!(s.raw, 90.0);
    assert_eq!(s.density, 1.25);
    assert_eq!(s.multiplier, 1.0);
    assert_eq!(s.final_score, 90.0);
    assert_eq!(s.confidence, 1.0);
}

#[test]
fn example_b_strong_and_sparse_with_a_reachable_profile() {
    let s = pooled(&[(5, 4)]);
    assert_eq!((s.net_impact, s.total_items), (20, 4));
    assert_eq!(s.raw, 100.0);
    assert_eq!(s.multiplier, 0.8);
    assert_eq!(s.final_score, 90.0);
    assert_eq!(s.confidence, 0.2);
}

#[test]
fn example_c_average() {
    let s = pooled(&[(1, 10), (-1, 10)]);
    assert_eq!(s.normalized, 0.0);
    assert_eq!(s.final_score, 50.0);
    assert_eq!(s.confidence, 1.0);
}

#[test]
fn example_d_weak_and_ample() {
    let s = pooled(&[(1, 5), (-1, 20)]);
    assert_eq!(s.net_impact, -15);
    assert_eq!(s.normalized, -3.0);
    assert_eq!(s.raw, 26.0);
    assert_eq!(s.final_score, 26.0);
}

#[test]
fn no_items_is_the_centre_with_no_confidence() {
    let s = pooled(&[]);
    assert_eq!(s.normalized, 0.0);
    assert_eq!(s.raw, 50.0);
    assert_eq!(s.multiplier, 0.75);
    assert_eq!(s.final_score, 50.0);
    assert_eq!(s.confidence, 0.0);
}

#[test]
fn cua_bench_agents() {
    let gui = pooled(&[(5, 1), (3, 1), (2, 1), (1, 1), (-2, 1)]);
    assert_eq!(gui.final_score, 76.0);
    assert!((gui.final_unrounded - 76.16).abs() < 0.005);
    assert_eq!(gui.multiplier, 0.8125);
    let shell = pooled(&[(5, 1), (-3, 1)]);
    assert_eq!(shell.final_score, 59.0);
    assert!((shell.final_unrounded - 58.77).abs() < 0.005);
}

#[test]
fn impeccable_heuristic_unrounded() {
    let s = pooled(&[(3, 1), (1, 3), (-1, 1), (-2, 1)]);
    assert!((s.final_unrounded - 58.08).abs() < 0.005);
    assert_eq!(s.final_score, 58.0);
}

/// §1.6: every .5 case up to 60 items, where half-away rounding (ours, and JS) differs from
/// Python's half-to-even. Each row: (items, a list of reachable nets, unrounded, our final).
#[test]
fn rounding_table_half_away_from_zero() {
    /// (counts of each impact value, unrounded final, rounded final).
    type Row = (&'static [(i64, usize)], f64, f64);
    let rows: &[Row] = &[
        (&[(5, 1)], 80.5, 81.0),
        (&[(5, 8)], 92.5, 93.0), // net +40, raw clamped at 100
        (
            &[(5, 3), (1, 1), (-1, 1), (2, 1), (-2, 1), (3, 1), (-3, 1)],
            84.5,
            85.0,
        ), // 9 items, net +15
        (&[(-5, 1), (1, 4), (-1, 4)], 38.5, 39.0), // 9 items, net −5
        (&[(5, 3), (2, 1), (-1, 7), (1, 5)], 78.5, 79.0), // 16 items, net +15
        (&[(-5, 1), (2, 1), (-1, 8), (1, 6)], 40.5, 41.0), // 16 items, net −5
        (&[(-5, 16)], 2.5, 3.0), // net −80, raw clamped at 0
        (&[(-5, 1)], 19.5, 20.0),
    ];
    for (counts, unrounded, rounded) in rows {
        let s = pooled(counts);
        assert!(
            (s.final_unrounded - unrounded).abs() < 1e-9,
            "{counts:?}: {} (net {}, n {})",
            s.final_unrounded,
            s.net_impact,
            s.total_items
        );
        assert_eq!(s.final_score, *rounded, "{counts:?}");
    }
}

#[test]
fn saturation_more_contrary_evidence_can_move_the_final_away_from_50() {
    let before = pooled(&[(5, 4)]);
    let after = pooled(&[(5, 4), (-1, 1)]);
    assert_eq!(before.final_score, 90.0);
    assert_eq!(after.final_score, 91.0);
}

#[test]
fn occupations_variant_is_unrounded_on_a_0_to_10_scale() {
    let p = Params {
        scale: 0.8,
        center: 5.0,
        max: 10.0,
        density_denominator: 15.0,
        rounding: Rounding::None,
        ..Params::default()
    };
    let s = Pooled::score(&items(&[(5, 15)]), &p);
    // normalized = 75/√15 ≈ 19.36 → raw clamps at 10 → full density → 10.
    assert_eq!(s.raw, 10.0);
    assert_eq!(s.final_score, 10.0);
    let s = Pooled::score(&items(&[(3, 1)]), &p);
    // raw 5 + 3 × 0.8 = 7.4; multiplier 0.75 + 0.25/15; final 5 + 2.4 × m.
    let m = 0.75 + 0.25 * (1.0 / 15.0);
    assert_eq!(s.final_score, 5.0 + 2.4 * m);
}

#[test]
fn matrix_weighted_mean_of_rounded_finals() {
    let mut v = Vec::new();
    v.extend(items(&[(5, 1)]).into_iter().map(|i| i.with_criterion("a"))); // 81
    v.extend(items(&[(-5, 1)]).into_iter().map(|i| i.with_criterion("b"))); // 19.5 → 20
    let w = vec![("a".to_string(), 3.0), ("b".to_string(), 1.0)];
    let m = MatrixScore::score(&v, &w, &Params::default()).unwrap();
    assert_eq!(m.criteria[0].pooled.final_score, 81.0);
    assert_eq!(m.criteria[1].pooled.final_score, 20.0);
    assert_eq!(m.criteria[0].weight, 0.75);
    assert_eq!(m.overall_unrounded, (81.0 * 3.0 + 20.0) / 4.0);
    assert_eq!(m.overall, 66.0); // 65.75
    assert_eq!(m.span, 61.0);
    assert!(m.self_check);
    assert!(m.weights_normalised);
    assert_eq!(m.overall_confidence, 0.05);
}

#[test]
fn matrix_empty_criterion_scores_50_with_no_confidence_and_counts() {
    let v: Vec<Item> = items(&[(1, 25)])
        .into_iter()
        .map(|i| i.with_criterion("a"))
        .collect();
    let w = vec![("a".to_string(), 0.5), ("b".to_string(), 0.5)];
    let m = MatrixScore::score(&v, &w, &Params::default()).unwrap();
    assert_eq!(m.criteria[1].pooled.final_score, 50.0);
    assert_eq!(m.overall_confidence, 0.0);
    assert_eq!(m.overall, 70.0);
    assert_eq!(m.span, 40.0);
    assert!(!m.weights_normalised);
}

#[test]
fn matrix_weight_errors_name_the_criteria() {
    let v = vec![Item::new(Impact::PlusOne, "x").with_criterion("c")];
    let w = vec![("a".to_string(), 0.0), ("b".to_string(), -1.0)];
    let err = MatrixScore::score(&[], &w, &Params::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "weights must be greater than 0: check each of a, b"
    );
    let w = vec![("a".to_string(), 1.0)];
    let err = MatrixScore::score(&v, &w, &Params::default()).unwrap_err();
    assert_eq!(err, WeightError::Missing(vec!["c".into()]));
    assert_eq!(
        err.to_string(),
        "weights are given for some criteria only: add a weight for c"
    );
}
