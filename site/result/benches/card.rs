//! What the card costs beside the score it is written on: [`ITEMS`] item lines scored through
//! [`pickanumber_result::evaluate`] against a rubric, with and without a work of [`WORK_BYTES`]
//! (the card included, since every evaluation writes one), and the card alone
//! ([`pickanumber_result::card::Card::new`]: the settings, the rubric, the prompt (with the
//! work), the schema and the work hashed). `cargo xtask bench` runs it and reports the
//! ratios:
//!
//! ```sh
//! cargo bench -p pickanumber-result --bench card -- --noplot
//! ```

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::Criterion;
use pickanumber_result::card::Card;
use pickanumber_result::{evaluate, Options, Rubric};
use pickanumber_score::verify::{Against, Work};

/// How many item lines the input holds.
const ITEMS: usize = 100_000;

/// How many bytes the work holds, over [`WORK_FILES`] files.
const WORK_BYTES: usize = 1 << 20;

/// How many files the work holds.
const WORK_FILES: usize = 20;

/// A matrix rubric of two criteria.
const RUBRIC: &str = "subject = \"a pull request\"\nmode = \"matrix\"\n\n[[criteria]]\nname = \"craft\"\nweight = 0.6\nplus5 = \"every endpoint has a test\"\nminus5 = \"a data-loss path with no test\"\n\n[[criteria]]\nname = \"depth\"\nweight = 0.4\nplus5 = \"the hard case is handled\"\nminus5 = \"only the happy path works\"\n";

/// [`ITEMS`] labelled item lines, every impact, half of them quoting a line of the work.
fn items() -> String {
    const IMPACTS: [&str; 8] = ["+5", "+3", "+2", "+1", "-1", "-2", "-3", "-5"];
    (0..ITEMS)
        .map(|i| {
            let c = if i % 2 == 0 { "craft" } else { "depth" };
            let quote = if i % 2 == 0 {
                format!(" \"let value_{} = check\"", i % 1_000)
            } else {
                String::new()
            };
            format!("({}, {c}) finding {i}{quote}\n", IMPACTS[i % 8])
        })
        .collect()
}

/// The work: [`WORK_FILES`] source-like files, [`WORK_BYTES`] in all.
fn work() -> Work {
    let per_file = WORK_BYTES / WORK_FILES;
    let files: Vec<(String, String)> = (0..WORK_FILES)
        .map(|f| {
            let mut text = String::with_capacity(per_file + 80);
            let mut line = 0;
            while text.len() < per_file {
                text.push_str(&format!(
                    "    let value_{line} = check(input_{line}); // file {f}\n"
                ));
                line += 1;
            }
            (format!("src/file_{f}.rs"), text)
        })
        .collect();
    Work::files(files.iter().map(|(p, t)| (p.as_str(), t.as_str()))).unwrap()
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let rubric = Rubric::parse(RUBRIC).unwrap();
    let mut options = Options::from_rubric(rubric);
    options.request.against = Some(Against {
        work: Arc::new(work()),
        ..Against::default()
    });
    let text = items();
    let e = evaluate(&text, &options);
    assert_eq!(e.analysis.entries.len(), ITEMS);
    assert!(!e.analysis.has_errors());
    assert!(e.card.work.is_some() && e.card.prompt.is_some());

    let mut group = c.benchmark_group("card");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("score_100000_items_with_rubric_and_1mb_work", |b| {
        b.iter(|| evaluate(black_box(&text), black_box(&options)))
    });
    group.bench_function("card_alone", |b| {
        b.iter(|| {
            Card::new(
                black_box(&options.request),
                black_box(options.rubric.as_ref()),
                &[],
            )
        })
    });
    let plain = Options {
        request: pickanumber_result::Request {
            against: None,
            ..options.request.clone()
        },
        ..options.clone()
    };
    group.bench_function("score_100000_items_with_rubric", |b| {
        b.iter(|| evaluate(black_box(&text), black_box(&plain)))
    });
    group.bench_function("card_alone_without_work", |b| {
        b.iter(|| {
            Card::new(
                black_box(&plain.request),
                black_box(plain.rubric.as_ref()),
                &[],
            )
        })
    });
    group.finish();
    c.final_summary();
}
