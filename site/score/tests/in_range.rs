//! Every headline lies from 0 to 100 and is finite, over any items, any valid weights and any
//! settings `Params::validate` accepts: the pooled final, each criterion's final, the
//! overall, each bucket's running score, each pass's headline, and the ends of every
//! interval. Settings it refuses give no headline at all.
//!
//! The case count is proptest's `PROPTEST_CASES` when set (`PROPTEST_CASES=1000000 cargo test
//! --release -p pickanumber-score --test in_range` for the long run), else a modest default.

use pickanumber_score::{
    analyse, combine, Analysis, Impact, Mode, Normalization, Params, Pooled, Request, Rounding,
};
use proptest::prelude::*;

/// The criteria the items and weights draw from.
const NAMES: [&str; 4] = ["a", "b", "c", "d"];

/// The bucket headings of feedback mode.
const BUCKETS: [&str; 4] = ["Working", "Not working", "Missing", "Confusing"];

/// `PROPTEST_CASES`, else 300.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

/// A number from `lo` to `hi`, the ends and values near them included.
fn within(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(lo),
        Just(hi),
        lo..=hi,
        (0.0..=1e-9f64).prop_map(move |e| (lo + e).min(hi)),
        (0.0..=1e-9f64).prop_map(move |e| (hi - e).max(lo)),
    ]
}

/// A positive number of any size, tiny and huge included.
fn positive() -> impl Strategy<Value = f64> {
    prop_oneof![
        0.001f64..1000.0,
        (-300i32..=300, 1.0f64..10.0).prop_map(|(e, m)| m * 10f64.powi(e)),
        Just(f64::MIN_POSITIVE),
        Just(5e-324),
    ]
}

/// Settings `validate` accepts, edges included.
fn valid_params() -> impl Strategy<Value = Params> {
    (
        positive(),
        within(f64::MIN_POSITIVE, 100.0),
        0.0f64..=1.0,
        positive(),
        within(0.0, 1.0),
        0.0f64..=1.0,
        0usize..4,
        any::<bool>(),
    )
        .prop_map(
            |(scale, max, centre, denominator, floor, top, norm, round)| Params {
                scale,
                max,
                center: centre * max,
                density_denominator: denominator,
                multiplier_floor: floor,
                // floor + gain = top, in [0, 1]
                multiplier_gain: top - floor,
                normalization: Normalization::ALL[norm],
                rounding: if round {
                    Rounding::HalfAwayFromZero
                } else {
                    Rounding::None
                },
                ..Params::default()
            },
        )
}

/// Any settings at all: valid ones, or each value any float.
fn any_params() -> impl Strategy<Value = Params> {
    prop_oneof![
        3 => valid_params(),
        1 => (valid_params(), 0usize..6, any::<f64>()).prop_map(|(mut p, k, x)| {
            *[
                &mut p.scale,
                &mut p.center,
                &mut p.max,
                &mut p.density_denominator,
                &mut p.multiplier_floor,
                &mut p.multiplier_gain,
            ][k] = x;
            p
        }),
    ]
}

/// One item: its impact, its criterion (an index into [`NAMES`], or none) and its bucket.
type Spec = (Impact, Option<usize>, usize);

fn item() -> impl Strategy<Value = Spec> {
    (
        proptest::sample::select(Impact::ALL.to_vec()),
        proptest::option::weighted(0.8, 0usize..4),
        0usize..4,
    )
}

/// Items as text: under bucket headings (the Confusing bucket takes only −1 … −3) or as
/// labelled lines, with a `×N` run now and then.
fn text(items: &[Spec], buckets: bool) -> String {
    let mut out = String::new();
    let mut heading = None;
    for (k, (impact, criterion, bucket)) in items.iter().enumerate() {
        let impact = if buckets && *bucket == 3 {
            Impact::from_value(-impact.value().abs().min(3)).unwrap()
        } else {
            *impact
        };
        if buckets && heading != Some(bucket) {
            out.push_str(&format!("## {}\n", BUCKETS[*bucket]));
            heading = Some(bucket);
        }
        let sign = if impact.value() > 0 { "+" } else { "" };
        let run = if k % 7 == 6 { "×3" } else { "" };
        match criterion {
            Some(c) => out.push_str(&format!(
                "({sign}{}{run}, {}) item {k}\n",
                impact.value(),
                NAMES[*c]
            )),
            None => out.push_str(&format!("{sign}{}{run} item {k}\n", impact.value())),
        }
    }
    out
}

/// Whether a score is a finite number from 0 to 100.
fn in_range(x: f64) -> bool {
    x.is_finite() && (0.0..=100.0).contains(&x)
}

fn check_pool(p: &Pooled, what: &str) -> Result<(), TestCaseError> {
    prop_assert!(in_range(p.final_score), "{what}: final {}", p.final_score);
    prop_assert!(
        in_range(p.final_unrounded),
        "{what}: unrounded {}",
        p.final_unrounded
    );
    prop_assert!(in_range(p.raw), "{what}: raw {}", p.raw);
    prop_assert!((0.0..=1.0).contains(&p.confidence), "{what}: confidence");
    prop_assert!(
        (0.0..=1.0).contains(&p.multiplier),
        "{what}: multiplier {}",
        p.multiplier
    );
    Ok(())
}

/// Every headline of `a` in range; none when its settings are refused.
fn check(a: &Analysis, params: &Params) -> Result<(), TestCaseError> {
    if params.validate().is_err() {
        prop_assert!(a.headline().is_none());
        prop_assert!(a.has_errors());
        return Ok(());
    }
    if let Some(h) = a.headline() {
        prop_assert!(in_range(h.score), "headline {}", h.score);
        prop_assert!(in_range(h.unrounded), "unrounded headline {}", h.unrounded);
        prop_assert!((0.0..=1.0).contains(&h.confidence));
        check_pool(a.pool(), "pool")?;
    }
    if let Some(m) = a.matrix() {
        if let Ok(s) = &m.result {
            prop_assert!(in_range(s.overall), "overall {}", s.overall);
            prop_assert!(
                in_range(s.overall_unrounded),
                "overall {}",
                s.overall_unrounded
            );
            for c in &s.criteria {
                check_pool(&c.pooled, &c.name)?;
                prop_assert!(c.weight.is_finite() && (0.0..=1.0).contains(&c.weight));
            }
        }
    }
    if let Some(f) = a.feedback() {
        for b in f.buckets.iter() {
            check_pool(&b.running, "bucket")?;
        }
    }
    if let Some(i) = &a.interval {
        prop_assert!(in_range(i.low) && in_range(i.high), "interval {i:?}");
        prop_assert!(i.low <= i.high);
    }
    if let Some(p) = &a.passes {
        for pass in &p.passes {
            check(&pass.analysis, params)?;
        }
        for s in &p.spread {
            prop_assert!(in_range(s.lowest) && in_range(s.highest));
        }
    }
    Ok(())
}

/// Distinct criteria from [`NAMES`] with weights of any size whose sum stays finite.
fn weights() -> impl Strategy<Value = Option<Vec<(String, f64)>>> {
    proptest::option::of(
        (
            Just(NAMES.to_vec()).prop_shuffle(),
            1usize..=4,
            proptest::collection::vec(positive(), 4),
        )
            .prop_map(|(names, n, ws)| {
                names[..n]
                    .iter()
                    .zip(ws)
                    .map(|(c, w)| (c.to_string(), w))
                    .collect()
            }),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn every_headline_lies_from_0_to_100(
        items in proptest::collection::vec(item(), 0..24),
        weights in weights(),
        params in any_params(),
        mode in 0usize..4,
        passes in 1usize..4,
        interval in proptest::bool::weighted(0.25),
    ) {
        let mode = [Mode::Auto, Mode::Pooled, Mode::Matrix, Mode::Feedback][mode];
        let request = Request {
            mode,
            weights,
            params,
            skip_interval: !interval,
            ..Request::default()
        };
        let buckets = mode == Mode::Feedback;
        let a = analyse(&text(&items, buckets), &request);
        check(&a, &params)?;
        if passes > 1 {
            let texts: Vec<(String, String)> = (0..passes)
                .map(|k| {
                    let mine: Vec<Spec> = items.iter().skip(k).step_by(passes).copied().collect();
                    (format!("judge{k}"), text(&mine, buckets))
                })
                .collect();
            let c = combine(&texts, &request);
            check(&c, &params)?;
        }
    }
}
