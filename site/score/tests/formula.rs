//! The formula against values from an independent source, not values produced by this
//! crate: the worked examples and the rounding table live in `tests/reference/*.tsv`, each
//! naming its source in its header (the original repository's files, recomputed in the
//! reference brief `shared/reference/pickanumber-facts.md` §1.6, §4 and §5).

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
fn no_items_is_the_centre_with_no_confidence() {
    let s = pooled(&[]);
    assert_eq!(s.normalized, 0.0);
    assert_eq!(s.raw, 50.0);
    assert_eq!(s.multiplier, 0.75);
    assert_eq!(s.final_score, 50.0);
    assert_eq!(s.confidence, 0.0);
}

/// The rows of a reference table in `tests/reference/`: its lines that are neither comments
/// nor blank, split at tabs, the header row first.
fn table(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/reference/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// A number as the tables write it (`−5` with a real minus sign, `+9`).
fn number(s: &str) -> f64 {
    s.replace('−', "-")
        .trim_start_matches('+')
        .parse()
        .unwrap_or_else(|_| panic!("\"{s}\" is not a number"))
}

/// Items written as impacts with counts: `+5×3 −1 +2` is three +5, one −1 and one +2.
fn profile(s: &str) -> Vec<(i64, usize)> {
    s.split_whitespace()
        .map(|token| {
            let (value, count) = token.split_once('×').unwrap_or((token, "1"));
            (number(value) as i64, number(count) as usize)
        })
        .collect()
}

/// Whether `computed` agrees with `written` to the decimals `written` shows.
fn agrees(computed: f64, written: &str) -> bool {
    let decimals = written.split_once('.').map_or(0, |(_, d)| d.len());
    (computed - number(written)).abs() <= 0.5 * 10f64.powi(-(decimals as i32)) + 1e-9
}

/// The worked examples, from their sources (see the table's header).
#[test]
fn worked_examples_from_their_sources() {
    let rows = table("worked-examples.tsv");
    let header = [
        "name",
        "items",
        "net",
        "n",
        "normalized",
        "raw",
        "multiplier",
        "unrounded",
        "final",
        "confidence",
    ];
    assert_eq!(rows[0], header);
    for row in &rows[1..] {
        let s = pooled(&profile(&row[1]));
        let name = &row[0];
        assert_eq!(s.net_impact as f64, number(&row[2]), "{name}: net");
        assert_eq!(s.total_items as f64, number(&row[3]), "{name}: items");
        for (column, computed) in [
            (4, s.normalized),
            (5, s.raw),
            (6, s.multiplier),
            (7, s.final_unrounded),
            (8, s.final_score),
            (9, s.confidence),
        ] {
            assert!(
                agrees(computed, &row[column]),
                "{name}: {} is {computed}, the source says {}",
                header[column],
                row[column]
            );
        }
        assert_eq!(s.final_score, number(&row[8]), "{name}: final");
    }
    assert_eq!(rows.len(), 8, "seven examples");
}

/// Every .5 case up to 60 items where half-away rounding (ours, and JS) differs from Python's
/// half-to-even, and one where they agree (see the table's header for the source).
#[test]
fn rounding_table_half_away_from_zero() {
    let rows = table("rounding.tsv");
    assert_eq!(
        rows[0],
        ["items", "n", "net", "unrounded", "python", "ours"]
    );
    for row in &rows[1..] {
        let counts = profile(&row[0]);
        let s = pooled(&counts);
        assert_eq!(
            (s.total_items as f64, s.net_impact as f64),
            (number(&row[1]), number(&row[2])),
            "{counts:?}: the profile does not give the table's item count and net"
        );
        let unrounded = number(&row[3]);
        assert!(
            (s.final_unrounded - unrounded).abs() < 1e-9,
            "{counts:?}: {} (net {}, n {})",
            s.final_unrounded,
            s.net_impact,
            s.total_items
        );
        assert_eq!(s.final_score, number(&row[5]), "{counts:?}: ours");
        // The Python column is what round() gives: half to even.
        assert_eq!(
            unrounded.round_ties_even(),
            number(&row[4]),
            "{counts:?}: python"
        );
    }
    assert_eq!(rows.len(), 9, "eight half cases");
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
