//! Properties of the retest for every input: its figures are what a direct computation from
//! each answer scored alone gives, a bootstrap interval holds its figure, and no text makes
//! the reader panic or name a line the text does not have; and the docs' example runs' JSON
//! and markdown report (with its SVG strips) as golden files in `tests/snapshots/retest/`
//! (accept a reviewed change with `INSTA_UPDATE=always cargo test -p pickanumber-instruments
//! --test retest`).

use pickanumber_instruments::calibrate::Scale;
use pickanumber_instruments::retest::{retest, runs, Options};
use pickanumber_score::{analyse, Request};
use proptest::prelude::*;

const IMPACTS: [i32; 8] = [-5, -3, -2, -1, 1, 2, 3, 5];

/// Works, each a list of runs, each a list of impact indices, and a naive number per run.
fn works() -> impl Strategy<Value = Vec<Vec<(Vec<usize>, u8)>>> {
    prop::collection::vec(
        prop::collection::vec((prop::collection::vec(0usize..8, 1..12), 0u8..=100), 2..6),
        1..12,
    )
}

fn text(items: &[usize]) -> String {
    items
        .iter()
        .enumerate()
        .map(|(k, &i)| format!("{:+} point {k}\n", IMPACTS[i]))
        .collect()
}

fn variance(v: &[f64]) -> f64 {
    let m = v.iter().sum::<f64>() / v.len() as f64;
    v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (v.len() - 1) as f64
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

/// The JSON and the report of the docs' example runs, grouped by probe, with a gate.
#[test]
fn golden_json_and_report_of_the_example_runs() {
    let text = include_str!("fixtures/retest-runs.jsonl");
    let scale = Scale::parse("1:10").unwrap();
    let read = runs::read(text, scale, Some("probe")).unwrap();
    let options = Options {
        fail_under: Some(60.0),
        naive_scale: scale,
        by: Some("probe".into()),
        ..Options::default()
    };
    let r = retest(&read, &options).unwrap();
    insta::with_settings!({snapshot_path => "snapshots/retest", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("retest.json", r.to_json());
        insta::assert_snapshot!("REPORT.md", r.report());
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_figures_are_a_direct_computation(works in works(), gate in 0u8..=100) {
        let mut lines = String::new();
        for (i, w) in works.iter().enumerate() {
            for (items, naive) in w {
                let output = serde_json::to_string(&text(items)).unwrap();
                lines.push_str(&format!("{{\"work\": \"w{i}\", \"output\": {output}, \"naive\": {naive}}}\n"));
            }
        }
        let read = runs::read(&lines, Scale::default(), None).unwrap();
        let gate = f64::from(gate);
        let options = Options { fail_under: Some(gate), ..Options::default() };
        let r = retest(&read, &options).unwrap();
        let request = Request { skip_interval: true, ..Request::default() };
        let (mut var, mut nvar, mut flips, mut nflips) = (vec![], vec![], vec![], vec![]);
        for w in &works {
            let finals: Vec<f64> = w
                .iter()
                .map(|(items, _)| analyse(&text(items), &request).headline().unwrap().score)
                .collect();
            let naive: Vec<f64> = w.iter().map(|(_, n)| Scale::default().to_100(f64::from(*n))).collect();
            let straddles = |v: &[f64]| v.iter().any(|&x| x < gate) && v.iter().any(|&x| x >= gate);
            var.push(variance(&finals));
            nvar.push(variance(&naive));
            flips.push(f64::from(u8::from(straddles(&finals))));
            nflips.push(f64::from(u8::from(straddles(&naive))));
        }
        prop_assert_eq!(r.final_sd.value, Some(mean(&var).sqrt()));
        prop_assert_eq!(r.naive_sd.unwrap().value, Some(mean(&nvar).sqrt()));
        prop_assert_eq!(r.flip_rate.unwrap().value, Some(mean(&flips)));
        prop_assert_eq!(r.naive_flip_rate.unwrap().value, Some(mean(&nflips)));
        for f in [r.final_sd, r.naive_sd.unwrap(), r.flip_rate.unwrap(), r.naive_flip_rate.unwrap()] {
            let (v, lo, hi) = (f.value.unwrap(), f.low.unwrap(), f.high.unwrap());
            prop_assert!(lo <= v + 1e-9 && v <= hi + 1e-9, "{lo} {v} {hi}");
        }
    }

    #[test]
    fn any_text_is_read_or_refused_by_its_own_lines(text in "(\\{\"work\": (\"a\"|1|null), \"output\": (\"\\+1 x\"|\"x\"|7|\\[\\])(, \"naive\": (5|200|\"n\"))?\\}|[ -~]{0,20})(\n(\\{\"work\": \"a\", \"output\": \"-2 y\"\\}|[ -~]{0,20})){0,6}") {
        let lines = text.lines().count().max(1);
        match runs::read(&text, Scale::default(), None) {
            Ok(read) => {
                if let Err(errors) = retest(&read, &Options::default()) {
                    for e in errors {
                        prop_assert!(e.line >= 1 && e.line <= lines, "{e} of {lines} lines");
                    }
                }
            }
            Err(errors) => {
                for e in errors {
                    prop_assert!(e.line >= 1 && e.line <= lines, "{e} of {lines} lines");
                }
            }
        }
    }
}

/// A run's items citing what its work lacks are left out before scoring (the run that adds
/// an invented quotation scores as the run without it); a work several runs name is read
/// once and shared; runs with no work are scored unchecked and counted as such.
#[test]
fn each_run_is_checked_against_its_work_read_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("work.txt"), "alpha beta gamma\n").unwrap();
    let path = dir.path().join("runs.jsonl");
    let text = concat!(
        "{\"work\": \"a\", \"output\": \"+3 \\\"alpha beta\\\"\\n-1 slow\", \"against\": {\"path\": \"work.txt\"}}\n",
        "{\"work\": \"a\", \"output\": \"+3 \\\"alpha beta\\\"\\n+2 \\\"invented\\\"\\n-1 slow\", \"against\": {\"path\": \"./work.txt\"}}\n",
        "{\"work\": \"b\", \"output\": \"+2 \\\"gamma\\\"\", \"against\": \"gamma\"}\n",
        "{\"work\": \"b\", \"output\": \"+2 \\\"not there\\\"\\n+1 x\"}\n",
    );
    let read = runs::read_in(&path, text, Scale::default(), None).unwrap();
    let (a, b) = (
        read[0].against.as_ref().unwrap(),
        read[1].against.as_ref().unwrap(),
    );
    assert!(std::sync::Arc::ptr_eq(a, b), "one work, read once");
    let r = retest(&read, &Options::default()).unwrap();
    assert_eq!(r.works[0].finals[0], r.works[0].finals[1]);
    assert_eq!((r.works[0].checked, r.works[0].evidence.not_found), (2, 1));
    // Work b's second run names no work: its invented quotation counts, and is reported so.
    assert_eq!((r.works[1].checked, r.checked), (1, 3));
    let unchecked = analyse(
        "+2 \"not there\"\n+1 x",
        &Request {
            skip_interval: true,
            ..Request::default()
        },
    );
    assert_eq!(r.works[1].finals[1], unchecked.headline().unwrap().score);
    assert!(r
        .summary_lines()
        .last()
        .unwrap()
        .ends_with("invented-evidence rate 0.250; 1 run names no work and was scored unchecked"));
    // A run whose every item cites what its work lacks gives no score, and is named.
    let all_invented = concat!(
        "{\"work\": \"a\", \"output\": \"+2 \\\"invented\\\"\", \"against\": \"alpha\"}\n",
        "{\"work\": \"a\", \"output\": \"+1 x\", \"against\": \"alpha\"}\n",
    );
    let e = retest(
        &runs::read(all_invented, Scale::default(), None).unwrap(),
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!(e.iter().map(ToString::to_string).collect::<Vec<_>>(), ["line 1: work \"a\": the output gives no score: no items read: every item read (1) was left out, since its evidence is not in the work; there is no score"]);
    // Read without files (the npm build's reader), a path is refused, a text is not.
    let e = runs::read(text, Scale::default(), None).unwrap_err();
    assert_eq!(e.len(), 2);
    assert_eq!(e[0].to_string(), "line 1: work \"a\": cannot read work \"work.txt\": this build reads no files: give the output and the work as text");
}
