//! Properties that must hold for every input: the classifier is its rule table, the metrics
//! are what a direct computation gives, pasted text round-trips, Beta updates do not depend on
//! order, and the binomial test equals an exact rational computation.

use pickanumber_instruments::pairwise::{analyse_judgments, binomial_two_sided, Judgment, Verdict};
use pickanumber_instruments::probe::{
    classify, parse_runs, probe, report, ItemsSpec, Metrics, Outcome, Rating, Regime, Run, Scale,
    Status,
};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// The classifier
// ---------------------------------------------------------------------------------------------

/// The rule table of the reference, written out as plain conditions.
fn table(m: &Metrics) -> Regime {
    if let Some(s) = m.mean_per_item_std {
        if s >= 2.5 {
            return Regime::Jittery;
        }
    }
    if m.ceiling_rate >= 0.25 && m.floor_rate < 0.05 {
        Regime::InflationLikely
    } else if m.floor_rate >= 0.25 && m.ceiling_rate < 0.05 {
        Regime::DeflationLikely
    } else if m.range <= 2 {
        Regime::PicksANumber
    } else if m.range >= 5 && m.floor_rate >= 0.05 && m.ceiling_rate < 0.35 {
        Regime::Calibrated
    } else {
        Regime::Ambiguous
    }
}

/// A 4-decimal rate, often right at a threshold or one unit beside it.
fn rate() -> impl Strategy<Value = f64> {
    prop_oneof![
        (0u32..=10_000).prop_map(|q| f64::from(q) / 10_000.0),
        proptest::sample::select(vec![
            0.0, 0.0499, 0.05, 0.0501, 0.2499, 0.25, 0.2501, 0.3499, 0.35, 0.3501, 1.0
        ]),
    ]
}

fn metrics() -> impl Strategy<Value = Metrics> {
    (
        rate(),
        rate(),
        0i64..12,
        proptest::option::of(prop_oneof![
            (0u32..=50_000).prop_map(|q| f64::from(q) / 10_000.0),
            proptest::sample::select(vec![2.4999, 2.5, 2.5001]),
        ]),
    )
        .prop_map(
            |(ceiling_rate, floor_rate, range, mean_per_item_std)| Metrics {
                ceiling_rate,
                floor_rate,
                range,
                mean_per_item_std,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn the_classifier_is_its_rule_table(m in metrics()) {
        let c = classify(Some(&m));
        prop_assert_eq!(c.regime, table(&m));
        // The trace: one rule matched, the one named; only no-match / skipped before it,
        // only not-reached after it.
        let matched: Vec<usize> = c.trace.iter().enumerate()
            .filter(|(_, r)| r.status == Status::Matched).map(|(i, _)| i).collect();
        prop_assert_eq!(matched.len(), 1);
        let at = matched[0];
        prop_assert_eq!(c.trace[at].rule.regime, c.regime);
        for r in &c.trace[..at] {
            prop_assert!(matches!(r.status, Status::NoMatch | Status::Skipped));
            prop_assert!(r.status == Status::Skipped || !r.conditions_hold());
        }
        for r in &c.trace[at + 1..] {
            prop_assert_eq!(r.status, Status::NotReached);
        }
        // JITTERY is skipped exactly when the mean std is absent.
        prop_assert_eq!(c.trace[0].status == Status::Skipped, m.mean_per_item_std.is_none());
    }
}

// ---------------------------------------------------------------------------------------------
// The metrics
// ---------------------------------------------------------------------------------------------

/// Rust's float formatter rounds the exact value half to even, as Python's `round` does.
fn round4(x: f64) -> f64 {
    format!("{x:.4}").parse().unwrap()
}

fn naive_mean(xs: &[i64]) -> f64 {
    xs.iter().sum::<i64>() as f64 / xs.len() as f64
}

/// Two-pass sample standard deviation.
fn naive_std(xs: &[i64]) -> f64 {
    if xs.len() < 2 {
        return 0.0;
    }
    let m = naive_mean(xs);
    let ss: f64 = xs.iter().map(|&x| (x as f64 - m) * (x as f64 - m)).sum();
    (ss / (xs.len() - 1) as f64).sqrt()
}

/// Runs of ratings from −2 to 13 (so some fall off a 1–10 scale), some failed.
fn runs() -> impl Strategy<Value = Vec<Option<Vec<i64>>>> {
    proptest::collection::vec(
        proptest::option::weighted(0.85, proptest::collection::vec(-2i64..=13, 0..8)),
        0..30,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn metrics_equal_a_direct_computation(
        raw in runs(),
        n_items in 0usize..7,
        lo in -1i64..4,
        width in 0i64..10,
    ) {
        let scale = Scale::new(lo, lo + width).unwrap();
        let runs: Vec<Run> = raw.iter().enumerate().map(|(i, r)| match r {
            Some(s) => Run::scored(format!("run {i}"), s.clone()),
            None => Run { label: format!("run {i}"), outcome: Outcome::MarkedFailed(None) },
        }).collect();
        let p = probe(&runs, &ItemsSpec::numbered(n_items, scale));
        let st = &p.statistics;
        let ok: Vec<&Vec<i64>> = raw.iter().flatten().collect();
        prop_assert_eq!(st.successful_runs, ok.len());
        prop_assert_eq!(st.failed_runs, raw.len() - ok.len());

        let mut stds = Vec::new();
        for i in 0..n_items {
            let xs: Vec<i64> = ok.iter().filter(|r| r.len() > i).map(|r| r[i]).collect();
            let item = &st.per_item[i];
            prop_assert_eq!(&item.scores, &xs);
            match &item.stats {
                None => prop_assert!(xs.is_empty()),
                Some(s) => {
                    prop_assert_eq!(s.n, xs.len());
                    prop_assert_eq!(s.mean, round4(naive_mean(&xs)));
                    prop_assert!((s.std - round4(naive_std(&xs))).abs() < 1.5e-4);
                    prop_assert_eq!(s.min, *xs.iter().min().unwrap());
                    prop_assert_eq!(s.max, *xs.iter().max().unwrap());
                    prop_assert_eq!(s.range, s.max.minus(s.min));
                    // The mode: the highest count, and no value with that count comes earlier.
                    let count = |v: i64| xs.iter().filter(|&&x| x == v).count();
                    let best = xs.iter().map(|&x| count(x)).max().unwrap();
                    let first = *xs.iter().find(|&&x| count(x) == best).unwrap();
                    prop_assert_eq!(s.mode, first);
                    if xs.len() > 1 {
                        stds.push(s.std);
                    }
                }
            }
        }
        if stds.is_empty() {
            prop_assert_eq!(st.mean_per_item_std, None);
        } else {
            let naive = round4(stds.iter().sum::<f64>() / stds.len() as f64);
            // Equal, or one unit apart where the decimal mean is a tie the stored values break.
            let got = st.mean_per_item_std.unwrap();
            prop_assert!((got - naive).abs() < 1.5e-4, "{} vs {}", got, naive);
        }

        let all: Vec<i64> = ok.iter().flat_map(|r| r.iter().copied()).collect();
        match &st.across_runs {
            None => {
                prop_assert!(all.is_empty());
                prop_assert_eq!(p.regime(), Regime::Ambiguous);
            }
            Some(a) => {
                let n = all.len();
                prop_assert_eq!(a.n_total_scores, n);
                let ceiling = all.iter().filter(|&&x| scale.contains(x) && x >= scale.max() - 1).count();
                let floor = all.iter().filter(|&&x| scale.contains(x) && x <= scale.min() + 1).count();
                prop_assert_eq!(a.ceiling_count, ceiling);
                prop_assert_eq!(a.floor_count, floor);
                prop_assert_eq!(a.ceiling_rate, round4(ceiling as f64 / n as f64));
                prop_assert_eq!(a.floor_rate, round4(floor as f64 / n as f64));
                let (min, max) = (*all.iter().min().unwrap(), *all.iter().max().unwrap());
                prop_assert_eq!((a.min, a.max, a.range), (min, max, max - min));
                prop_assert_eq!(a.mean, round4(naive_mean(&all)));
                prop_assert!((a.std - round4(naive_std(&all))).abs() < 1.5e-4);
                let mut sorted = all.clone();
                sorted.sort();
                let median = if n % 2 == 1 {
                    sorted[n / 2] as f64
                } else {
                    (sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0
                };
                prop_assert_eq!(a.median.value(), median);
                for (point, count) in a.histogram.bars() {
                    prop_assert_eq!(count, all.iter().filter(|&&x| x == point).count());
                }
                prop_assert_eq!(a.histogram.counts.len() as i64, width + 1);
                let m = p.metrics().unwrap();
                prop_assert_eq!(p.regime(), table(&m));
            }
        }

        // aggregate.json carries the same numbers.
        let v: serde_json::Value = serde_json::from_str(&report::aggregate_json(&p)).unwrap();
        prop_assert_eq!(v["aggregate"]["regime_guess"].as_str(), Some(p.regime().name()));
        prop_assert_eq!(v["aggregate"]["mean_per_item_std"].as_f64(), st.mean_per_item_std);
        if let Some(a) = &st.across_runs {
            prop_assert_eq!(v["aggregate"]["across_runs"]["ceiling_rate"].as_f64(), Some(a.ceiling_rate));
            prop_assert_eq!(v["aggregate"]["across_runs"]["range"].as_i64(), Some(a.range));
        }
    }

    #[test]
    fn pasted_grids_and_json_lines_round_trip(raw in runs(), sep in 0usize..4) {
        let text: String = raw.iter().map(|r| match r {
            // An empty run can only be written as JSON.
            Some(s) if s.is_empty() => "{\"scores\": []}\n".to_string(),
            Some(s) => {
                let cells: Vec<String> = s.iter().map(|x| x.to_string()).collect();
                match sep {
                    0 => format!("{}\n", cells.join("\t")),
                    1 => format!("{}\n", cells.join(", ")),
                    2 => format!("  {}  \n", cells.join("   ")),
                    _ => format!("[{}]\n\n", cells.join(",")),
                }
            }
            None => "{\"parse_failed\": true}\n".to_string(),
        }).collect();
        let parsed = parse_runs(&text);
        prop_assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let back: Vec<Option<Vec<i64>>> = parsed.runs.iter()
            .map(|r| r.scores().map(|s| s.iter().map(|x| match x {
                Rating::Int(i) => *i,
                Rating::Float(_) => i64::MIN,
            }).collect())).collect();
        prop_assert_eq!(back, raw);
    }

    #[test]
    fn a_bad_line_is_a_failed_run_and_an_error(good in 1usize..5, bad_at in 0usize..5) {
        let mut lines: Vec<String> = (0..good).map(|i| format!("{i} {i}")).collect();
        let at = bad_at.min(lines.len());
        lines.insert(at, "7 seven".to_string());
        let parsed = parse_runs(&lines.join("\n"));
        prop_assert_eq!(parsed.runs.len(), good + 1);
        prop_assert_eq!(parsed.errors.len(), 1);
        prop_assert_eq!(parsed.errors[0].to_string(), format!("line {}: score 2 is \"seven\", not a number", at + 1));
        let p = probe(&parsed.runs, &ItemsSpec::numbered(2, Scale::default()));
        prop_assert_eq!(p.statistics.failed_runs, 1);
    }
}

// ---------------------------------------------------------------------------------------------
// Pairwise
// ---------------------------------------------------------------------------------------------

fn judgments() -> impl Strategy<Value = Vec<Judgment>> {
    let names = ["ant", "bee", "cat", "dog", "eel"];
    proptest::collection::vec(
        (0usize..5, 1usize..5, 0u8..3).prop_map(move |(a, step, v)| {
            let b = (a + step) % 5;
            let verdict = [Verdict::First, Verdict::Second, Verdict::Neither][v as usize];
            Judgment::new(names[a], names[b], verdict)
        }),
        0..60,
    )
}

fn shuffle<T>(v: &mut [T], seed: u64) {
    let mut x = seed | 1;
    for i in (1..v.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.swap(i, (x % (i as u64 + 1)) as usize);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn beta_updates_do_not_depend_on_order(js in judgments(), seed in any::<u64>()) {
        let mut shuffled = js.clone();
        shuffle(&mut shuffled, seed);
        prop_assert_eq!(analyse_judgments(&js), analyse_judgments(&shuffled));
    }

    #[test]
    fn posteriors_follow_the_update_rule(js in judgments()) {
        let a = analyse_judgments(&js);
        for item in &a.items {
            let wins = js.iter().filter(|j| j.outcome().is_some_and(|(w, _)| w == item.name)).count();
            let losses = js.iter().filter(|j| j.outcome().is_some_and(|(_, l)| l == item.name)).count();
            prop_assert_eq!(item.alpha(), 1.0 + 0.5 * wins as f64);
            prop_assert_eq!(item.beta(), 1.0 + 0.5 * losses as f64);
            let p = item.alpha() / (item.alpha() + item.beta());
            prop_assert!((item.p() - p).abs() < 1e-15);
            let width = 2.0 * 1.96 * (p * (1.0 - p) / (item.alpha() + item.beta())).sqrt();
            prop_assert!((item.width() - width).abs() < 1e-12);
            prop_assert_eq!(item.judge_again(), width >= 0.3);
        }
        // Ranked by p, highest first.
        for w in a.items.windows(2) {
            prop_assert!(w[0].p() >= w[1].p());
        }
        // Every name in a judgment has a posterior, and only those.
        let mut names: Vec<&str> = js.iter().flat_map(|j| [j.first.as_str(), j.second.as_str()]).collect();
        names.sort();
        names.dedup();
        prop_assert_eq!(a.items.len(), names.len());
        // Position bias counts.
        let first = js.iter().filter(|j| j.verdict == Verdict::First).count() as u64;
        let decided = js.iter().filter(|j| j.verdict != Verdict::Neither).count() as u64;
        prop_assert_eq!((a.position_bias.first_wins, a.position_bias.decided), (first, decided));
    }

    #[test]
    fn judging_both_orders_with_a_fair_judge_is_consistent(js in judgments()) {
        // Mirror every judgment with the order swapped and the same real winner.
        let mut all = js.clone();
        all.extend(js.iter().map(|j| Judgment::new(&j.second, &j.first, match j.verdict {
            Verdict::First => Verdict::Second,
            Verdict::Second => Verdict::First,
            Verdict::Neither => Verdict::Neither,
        })));
        // Keep one judgment per pair so no pair has disagreeing repeats.
        let mut seen = std::collections::BTreeSet::new();
        let unique: Vec<Judgment> = js.iter().filter(|j| {
            let key = if j.first < j.second { (j.first.clone(), j.second.clone()) } else { (j.second.clone(), j.first.clone()) };
            seen.insert(key)
        }).cloned().collect();
        let mut mirrored = unique.clone();
        mirrored.extend(unique.iter().map(|j| Judgment::new(&j.second, &j.first, match j.verdict {
            Verdict::First => Verdict::Second,
            Verdict::Second => Verdict::First,
            Verdict::Neither => Verdict::Neither,
        })));
        let a = analyse_judgments(&mirrored);
        prop_assert_eq!(a.swap.pairs_both_orders, unique.len());
        prop_assert_eq!(a.swap.consistent, unique.len());
        // A judge that always answers A is inconsistent on every pair judged in both orders.
        let always_a: Vec<Judgment> = all.iter().map(|j| Judgment::new(&j.first, &j.second, Verdict::First)).collect();
        let b = analyse_judgments(&always_a);
        prop_assert_eq!(b.swap.consistent, 0);
    }
}

/// Σ C(n, j) over the outcomes no more likely than k, over 2ⁿ, in exact integers.
fn exact_two_sided(k: u64, n: u64) -> f64 {
    let mut row = vec![1u128];
    for _ in 0..n {
        let mut next = vec![1u128; row.len() + 1];
        for j in 1..row.len() {
            next[j] = row[j - 1] + row[j];
        }
        row = next;
    }
    let observed = row[k as usize];
    let tail: u128 = row.iter().filter(|&&c| c <= observed).sum();
    (tail as f64 / 2f64.powi(n as i32)).min(1.0)
}

#[test]
fn binomial_test_equals_exact_rationals() {
    for n in 0..=80u64 {
        for k in 0..=n {
            let want = exact_two_sided(k, n);
            let got = binomial_two_sided(k, n);
            assert!(
                (got - want).abs() <= 1e-12 * want,
                "k = {k}, n = {n}: {got} vs {want}"
            );
        }
    }
}

#[test]
fn binomial_test_is_symmetric_and_monotone_for_many_judgments() {
    let n = 4001;
    let mut last = 0.0;
    for k in 0..=n / 2 {
        let p = binomial_two_sided(k, n);
        assert_eq!(p, binomial_two_sided(n - k, n), "k = {k}");
        assert!(p >= last, "k = {k}: {p} < {last}");
        last = p;
    }
    assert_eq!(last, 1.0);
}
