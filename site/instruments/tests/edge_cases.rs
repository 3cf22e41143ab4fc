//! The edge cases of the original aggregator (reference §2), through the whole probe, with the
//! expected values worked out by hand in the comments.

use pickanumber_instruments::probe::{
    probe, probe_text, report, ItemsSpec, Outcome, Rating, Regime, Run, Scale, Status,
};

fn failed(label: &str) -> Run {
    Run {
        label: label.into(),
        outcome: Outcome::MarkedFailed(Some("prose".into())),
    }
}

#[test]
fn every_run_failed() {
    // Two runs, both failed: no ratings, so no distribution and AMBIGUOUS.
    let p = probe(
        &[failed("run-1.json"), failed("run-2.json")],
        &ItemsSpec::numbered(2, Scale::default()),
    );
    assert_eq!(p.regime(), Regime::Ambiguous);
    assert_eq!(p.metrics(), None);
    let v: serde_json::Value = serde_json::from_str(&report::aggregate_json(&p)).unwrap();
    let agg = &v["aggregate"];
    assert_eq!(agg["successful_runs"], 0);
    assert_eq!(agg["failed_runs"], 2);
    assert_eq!(agg["across_runs"], serde_json::json!({}));
    assert_eq!(agg["mean_per_item_std"], serde_json::Value::Null);
    assert_eq!(
        agg["per_item"][1],
        serde_json::json!({"index": 2, "item_text": "item 2", "scores": [], "n": 0})
    );
    assert_eq!(
        report::summary_lines(&p),
        [
            "Regime: none: 2 of 2 runs failed, more than the 25% the probe announces a regime with; fix the failed runs and probe again",
            "  successful_runs=0 failed=2",
            "  no ratings: every run failed or was empty",
            "  failed run-1.json: marked parse_failed: prose",
            "  failed run-2.json: marked parse_failed: prose",
        ]
    );
}

#[test]
fn no_runs_at_all() {
    let p = probe(&[], &ItemsSpec::default());
    assert_eq!(p.regime(), Regime::Ambiguous);
    assert_eq!(
        (p.statistics.successful_runs, p.statistics.failed_runs),
        (0, 0)
    );
}

#[test]
fn rounding_to_four_decimals_decides_the_regime() {
    // 20 001 ratings: 10 000 tens, 9 001 fives, 1 000 ones.
    // floor_rate = 1000 / 20001 = 0.0499975… → 0.05 after rounding, so INFLATION_LIKELY
    // (which needs floor < 0.05) fails, although the unrounded rate is below 0.05.
    // ceiling_rate = 10000 / 20001 = 0.49997… → 0.5; range 9.
    // Then DEFLATION fails (floor 0.05 < 0.25), PICKS fails (range 9), CALIBRATED fails
    // (ceiling 0.5 ≥ 0.35): AMBIGUOUS.
    let mut scores = vec![10; 10_000];
    scores.extend(vec![5; 9_001]);
    scores.extend(vec![1; 1_000]);
    let p = probe(&[Run::scored("r", scores)], &ItemsSpec::default());
    let m = p.metrics().unwrap();
    assert_eq!((m.ceiling_rate, m.floor_rate, m.range), (0.5, 0.05, 9));
    assert_eq!(p.regime(), Regime::Ambiguous);
    assert_eq!(
        p.classification.trace[1].why(),
        "ceiling_rate 0.5 ≥ 0.25 (holds) and floor_rate 0.05 < 0.05 (fails)"
    );
}

#[test]
fn single_run_skips_jittery() {
    // One run: every item has one rating, std 0, no mean std; JITTERY is skipped.
    // Ratings 9 10 9 10 8: ceiling 4/5 = 0.8, floor 0 → INFLATION_LIKELY.
    let t = probe_text("9 10 9 10 8", Scale::default());
    let p = &t.probe;
    assert_eq!(p.statistics.mean_per_item_std, None);
    assert_eq!(p.classification.trace[0].status, Status::Skipped);
    assert_eq!(p.regime(), Regime::InflationLikely);
}

#[test]
fn no_items_still_pools_the_ratings() {
    // An items file without items: no per-item statistics, but the distribution is computed.
    // Ratings 3, 4, 5, 6, 7, 8: ceiling (9, 10) 0, floor (1, 2) 0, range 5 → CALIBRATED fails
    // on the floor (0 < 0.05): AMBIGUOUS.
    let spec = ItemsSpec::from_json_str(r#"{"name": "empty"}"#).unwrap();
    let p = probe(&[Run::scored("r", vec![3, 4, 5, 6, 7, 8])], &spec);
    assert_eq!(p.statistics.n_items, 0);
    assert!(p.statistics.per_item.is_empty());
    assert_eq!(p.statistics.across_runs.as_ref().unwrap().n_total_scores, 6);
    assert_eq!(p.statistics.mean_per_item_std, None);
    assert_eq!(p.regime(), Regime::Ambiguous);
}

#[test]
fn a_one_point_scale_counts_every_rating_as_ceiling_and_floor() {
    // Scale 3–3: the ceiling is ≥ 2 and the floor ≤ 4, so each 3 is both. Both rates 1:
    // INFLATION needs floor < 0.05 and DEFLATION ceiling < 0.05, so neither; range 0 → PICKS.
    let p = probe(
        &[Run::scored("r", vec![3, 3, 3])],
        &ItemsSpec::numbered(3, Scale::new(3, 3).unwrap()),
    );
    let m = p.metrics().unwrap();
    assert_eq!((m.ceiling_rate, m.floor_rate, m.range), (1.0, 1.0, 0));
    assert_eq!(p.regime(), Regime::PicksANumber);
}

#[test]
fn ratings_all_off_the_scale() {
    // 0 and 11 on 1–10: nothing in the histogram, both rates 0 of 2, range 11.
    // CALIBRATED needs floor ≥ 0.05: AMBIGUOUS.
    let p = probe(&[Run::scored("r", vec![0, 11])], &ItemsSpec::default());
    let a = p.statistics.across_runs.as_ref().unwrap();
    assert!(a.histogram.counts.iter().all(|&c| c == 0));
    assert_eq!((a.ceiling_rate, a.floor_rate, a.range), (0.0, 0.0, 11));
    assert_eq!(p.regime(), Regime::Ambiguous);
}

#[test]
fn floats_are_kept_per_item_and_truncated_across_runs() {
    // Per item the ratings as written (as the original's per-item statistics); across runs
    // 9.9 → 9, 2.5 → 2, −0.5 → 0 (out of scale), as its int().
    let t = probe_text("[9.9, 2.5, -0.5]\n[9, 2, 1]", Scale::default());
    let p = &t.probe;
    let f = Rating::Float;
    assert_eq!(p.statistics.per_item[0].scores, [f(9.9), 9.into()]);
    assert_eq!(p.statistics.per_item[1].scores, [f(2.5), 2.into()]);
    assert_eq!(p.statistics.per_item[2].scores, [f(-0.5), 1.into()]);
    let one = p.statistics.per_item[0].stats.as_ref().unwrap();
    // Mean 9.45; std |9.9 − 9| / √2 = 0.63639… → 0.6364; range 9.9 − 9 in doubles.
    assert_eq!((one.mean, one.std), (9.45, 0.6364));
    assert_eq!((one.min, one.max, one.mode), (9.into(), f(9.9), f(9.9)));
    assert_eq!(one.range, f(9.9 - 9.0));
    let a = p.statistics.across_runs.as_ref().unwrap();
    assert_eq!((a.min, a.max), (0, 9));
    // Floor: 2, 2, 1 → 3 of 6 = 0.5; ceiling: 9, 9 → 2 of 6 = 0.3333.
    assert_eq!((a.floor_count, a.ceiling_count), (3, 2));
    assert_eq!(a.ceiling_rate, 0.3333);
}

#[test]
fn a_regime_is_announced_with_the_runs_read_up_to_a_quarter_failed() {
    let scored = "1 5 9\n2 6 10\n1 5 9\n";
    let t = probe_text(
        &format!("{scored}{{\"parse_failed\": true}}\n"),
        Scale::default(),
    );
    assert_eq!(t.probe.announced(), Some(Regime::Calibrated));
    assert_eq!(
        report::summary_lines(&t.probe)[0],
        "Regime: CALIBRATED, from 3 runs read (1 failed)"
    );
    let t = probe_text(&format!("{scored}x\ny\n"), Scale::default());
    assert_eq!(t.probe.regime(), Regime::Calibrated);
    assert_eq!(t.probe.announced(), None);
    let t = probe_text("", Scale::default());
    assert_eq!(
        report::summary_lines(&t.probe)[0],
        "Regime: none: no run was read"
    );
}

/// Pretty-printed runs pasted one after another (as run files are written) are one run each,
/// also inside a code fence; the lines of a broken one are each named.
#[test]
fn pasted_pretty_printed_runs_are_one_run_each() {
    let run = |scores: &str| {
        format!("{{\n  \"scores\": [\n    {scores}\n  ],\n  \"summary\": \"ok\"\n}}\n")
    };
    let text = format!(
        "```json\n{}```\n{}\n[5,\n 6]\n",
        run("5,\n    6"),
        run("5, 7")
    );
    let t = probe_text(&text, Scale::default());
    assert!(t.parsed.errors.is_empty(), "{:?}", t.parsed.errors);
    let labels: Vec<&str> = t.parsed.runs.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["line 2", "line 10", "line 17"]);
    assert_eq!(
        t.parsed.runs[1].outcome,
        Run::scored("", vec![5, 7]).outcome
    );
    assert_eq!(
        report::summary_lines(&t.probe)[0],
        "Regime: PICKS_A_NUMBER, from 3 runs read"
    );
    // A value followed by more text on its last line is read line by line, each line named.
    let t = probe_text("{\"scores\": [1,\n 2]} extra\n", Scale::default());
    let errors: Vec<String> = t.parsed.errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors, [
        "line 1, column 15: not valid JSON: expected a value (an object, a list, a string, a number, true, false or null), found the end of the text",
        "line 2: score 1 is \"2]}\", not a number",
    ]);
}

#[test]
fn summary_lines_name_unreadable_runs() {
    let t = probe_text(
        "1 5 9\n1 5 x\n{\"parse_failed\": true}\n2 6 10",
        Scale::default(),
    );
    assert_eq!(
        report::summary_lines(&t.probe),
        [
            // 6 ratings: 1 5 9 2 6 10; ceiling 9, 10 → 2/6 = 0.3333; floor 1, 2 → 0.3333;
            // range 9; items 1–3 have stds √0.5, √0.5, √0.5 = 0.7071.
            // Neither extreme rule (the other rate is ≥ 0.05), range 9, floor ≥ 0.05,
            // ceiling < 0.35 → CALIBRATED, which is not announced: 2 of the 4 runs failed.
            "Regime: none: 2 of 4 runs failed, more than the 25% the probe announces a regime with; fix the failed runs and probe again",
            "  successful_runs=2 failed=2",
            "  ceiling_rate=0.3333 floor_rate=0.3333 range=9 mean_per_item_std=0.7071",
            "  failed line 2: score 3 is \"x\", not a number",
            "  failed line 3: marked parse_failed",
        ]
    );
}
