//! The probe's `REPORT.md` takes its words from the structs it is given, so a word changed in
//! `content/layout.toml` changes the report: each word below, swapped for another, replaces
//! the file's word in the report and leaves none of it behind. The report in the default words
//! is held by golden files (`tests/snapshots/`, from the instruments crate's fixtures, accepted
//! with `INSTA_UPDATE=always cargo test -p pickanumber-result-view --test probe_report`), and its
//! sentences for the edge cases of the probe are checked here, so the instruments crate's tests
//! need not depend on this crate.

use pickanumber_instruments::probe::{probe, ItemsSpec, Run};
use pickanumber_result_view::probe_report::markdown;
use pickanumber_result_view::words::{ProbeReport, ProbeView, PROBE, PROBE_REPORT};

/// Three runs over three items, one of them failed: every section of the report.
fn report(w: &ProbeReport<'_>, v: &ProbeView<'_>) -> String {
    let runs = [
        Run::scored("run-001.json", vec![2, 9, 5]),
        Run::scored("run-002.json", vec![4, 9, 1]),
        Run::scored("run-003.json", vec![10, 3, 5]),
    ];
    let spec = ItemsSpec {
        name: Some("bugs".into()),
        items: ["first", "second", "third"].map(String::from).to_vec(),
        ..ItemsSpec::default()
    };
    markdown(&probe(&runs, &spec), w, v)
}

#[test]
fn words_changed_in_the_structs_change_the_report() {
    let file = report(&PROBE_REPORT, &PROBE);
    let w = ProbeReport {
        title: "Kalibrierung von {name}",
        metrics_columns: ["Kennzahl", "Wert", "Was sie zählt"],
        std_counts: "gemittelt über {n} Items",
        extremes: "Oben ab {top}, unten bis {bottom}.",
        and: "und",
        ..PROBE_REPORT
    };
    let mut metrics = PROBE.metrics;
    metrics[3] = "Mittlere Streuung je Item";
    let v = ProbeView {
        regime: "Regimen",
        variable: "Am stärksten schwankende Items",
        metrics,
        ..PROBE
    };
    let changed = report(&w, &v);
    for (old, new) in [
        ("# Calibration probe: bugs\n", "# Kalibrierung von bugs\n"),
        (
            "| Metric | Value | What it counts |",
            "| Kennzahl | Wert | Was sie zählt |",
        ),
        ("averaged over the 3 items rated", "gemittelt über 3 Items"),
        ("(9 and up, 2 and down)", "Oben ab 9, unten bis 2."),
        ("\nRegime: **", "\nRegimen: **"),
        (
            "## Most variable items",
            "## Am stärksten schwankende Items",
        ),
        ("| Mean per-item std |", "| Mittlere Streuung je Item |"),
        (
            "0.25 and floor_rate < 0.05 |",
            "0.25 und floor_rate < 0.05 |",
        ),
    ] {
        assert!(file.contains(old), "the file's words lack {old:?}:\n{file}");
        assert!(!changed.contains(old), "{old:?} is still there:\n{changed}");
        assert!(changed.contains(new), "{new:?} is missing:\n{changed}");
    }
}

#[test]
fn the_stability_sentence_quotes_the_classifiers_threshold() {
    use pickanumber_instruments::probe::{classify, Metrics, Regime};
    let md = report(&PROBE_REPORT, &PROBE);
    // The threshold as the sentence states it: "At 2.5 or more the probe calls it JITTERY".
    let (before, after) = PROBE_REPORT
        .stability_reading
        .split_once("{threshold}")
        .expect("the sentence has a {threshold} slot");
    let start = md.find(before).expect("the stability sentence") + before.len();
    let rest = &md[start..];
    let stated: f64 = rest[..rest.find(after.split('{').next().unwrap()).unwrap()]
        .parse()
        .expect("a number");
    let at = |std: f64| {
        let m = Metrics {
            ceiling_rate: 0.1,
            floor_rate: 0.1,
            range: 6,
            mean_per_item_std: Some(std),
        };
        classify(Some(&m)).regime
    };
    assert_eq!(at(stated), Regime::Jittery, "at {stated}");
    assert_ne!(at(stated - 1e-4), Regime::Jittery, "below {stated}");
    assert!(rest.contains(Regime::Jittery.name()), "{rest}");
}

#[test]
fn every_slot_of_the_file_is_filled_on_every_path() {
    use pickanumber_instruments::probe::Outcome;
    let failed = |label: &str| Run {
        label: label.into(),
        outcome: Outcome::MarkedFailed(Some("prose".into())),
    };
    let spec = ItemsSpec {
        items: ["first", "second", "third"].map(String::from).to_vec(),
        ..ItemsSpec::default()
    };
    // Every section with a failed run and a rating off the scale; no rating at all; one run,
    // so no stability and no item that varied.
    let cases = [
        vec![
            Run::scored("run-001.json", vec![2, 9, 5]),
            Run::scored("run-002.json", vec![14, 9, 1]),
            failed("run-003.json"),
        ],
        vec![failed("run-001.json"), failed("run-002.json")],
        vec![Run::scored("run-001.json", vec![5, 6, 5])],
    ];
    let mut seen = String::new();
    for runs in cases {
        let md = markdown(&probe(&runs, &spec), &PROBE_REPORT, &PROBE);
        assert!(!md.contains(['{', '}']), "a slot left unfilled:\n{md}");
        seen.push_str(&md);
    }
    // The three cases reach the sentences of every path.
    for sentence in [
        PROBE_REPORT.rounded,
        PROBE_REPORT.shares,
        PROBE_REPORT.unchanged,
        PROBE_REPORT.unnamed,
    ] {
        assert!(seen.contains(sentence), "{sentence:?} never shown");
    }
    for (template, slot) in [
        (PROBE_REPORT.no_ratings, "{regime}"),
        (PROBE_REPORT.no_stability, "{regime}"),
        (PROBE_REPORT.outside, "{n}"),
        (PROBE_REPORT.stability_reading, "{threshold}"),
    ] {
        let head = template.split(slot).next().unwrap_or_default();
        assert!(seen.contains(head), "{head:?} never shown");
    }
}

/// `REPORT.md` in the view crate's words, as the command line writes it.
fn default_report(p: &pickanumber_instruments::probe::Probe) -> String {
    markdown(p, &PROBE_REPORT, &PROBE)
}

#[test]
fn golden_reports_for_the_instruments_fixtures() {
    use pickanumber_instruments::probe::fs::probe_dir;
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for name in ["inflation", "jittery"] {
        let dir = fixtures.join(name);
        let p = probe_dir(&dir.join("runs"), &dir.join("items.json")).unwrap();
        let got = default_report(&p);
        insta::with_settings!({snapshot_path => format!("snapshots/{name}"), prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!("REPORT.md", got);
        });
    }
}

#[test]
fn a_probe_whose_runs_all_failed_says_there_are_no_ratings() {
    use pickanumber_instruments::probe::{probe, ItemsSpec, Outcome, Run, Scale};
    let failed = |label: &str| Run {
        label: label.into(),
        outcome: Outcome::MarkedFailed(Some("prose".into())),
    };
    let p = probe(
        &[failed("run-1.json"), failed("run-2.json")],
        &ItemsSpec::numbered(2, Scale::default()),
    );
    let md = default_report(&p);
    assert!(
        md.contains("No ratings: every run failed or was empty"),
        "{md}"
    );
    assert!(
        !md.contains("## Histogram"),
        "no histogram without ratings: {md}"
    );
    assert!(
        md.contains("| 1 | JITTERY | mean_per_item_std ≥ 2.5 | no ratings to compare | skipped |"),
        "{md}"
    );
    assert!(
        md.contains(
            "| 6 | AMBIGUOUS | none of the above | no earlier rule matched | **matched** |"
        ),
        "{md}"
    );
}

#[test]
fn one_run_says_why_stability_is_not_measured() {
    use pickanumber_instruments::probe::{probe_text, Scale};
    let t = probe_text("9 10 9 10 8", Scale::default());
    let md = default_report(&t.probe);
    assert!(
        md.contains("No item was rated in two runs, so stability cannot be measured and the JITTERY rule is skipped."),
        "{md}"
    );
}

#[test]
fn ratings_off_the_scale_are_counted_apart() {
    use pickanumber_instruments::probe::{probe, ItemsSpec, Run};
    let p = probe(&[Run::scored("r", vec![0, 11])], &ItemsSpec::default());
    let md = default_report(&p);
    assert!(md.contains("- Ratings: 2 (2 outside the scale"), "{md}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

    /// Any runs, failed or scored on any scale: the report renders and names the regime the
    /// probe found.
    #[test]
    fn the_report_renders_and_names_the_regime_for_any_runs(
        raw in proptest::collection::vec(
            proptest::option::weighted(0.85, proptest::collection::vec(-2i64..=13, 0..8)),
            0..30,
        ),
        n_items in 0usize..7,
        lo in -1i64..4,
        width in 0i64..10,
    ) {
        use pickanumber_instruments::probe::{probe, ItemsSpec, Outcome, Run, Scale};
        let runs: Vec<Run> = raw.iter().enumerate().map(|(i, r)| match r {
            Some(s) => Run::scored(format!("run {i}"), s.clone()),
            None => Run { label: format!("run {i}"), outcome: Outcome::MarkedFailed(None) },
        }).collect();
        let p = probe(&runs, &ItemsSpec::numbered(n_items, Scale::new(lo, lo + width).unwrap()));
        proptest::prop_assert!(default_report(&p).contains(p.regime().name()));
    }
}
