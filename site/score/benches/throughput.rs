//! Native throughput of parse + score: 100,000 generated item lines through
//! [`pickanumber_score::analyse`], the function the calculator, the CLI and the site's
//! evidence blocks all call. `cargo xtask bench` runs it and reports items per second:
//!
//! ```sh
//! cargo bench -p pickanumber-score --bench throughput -- --noplot
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use pickanumber_score::{analyse, Mode, Preset, Request, Severity};

/// How many item lines the input holds.
pub const ITEMS: usize = 100_000;

/// `ITEMS` lines in the line grammar, with every allowed impact, both minus signs, bullets,
/// parentheses and some criterion labels mixed in, the way pasted evidence looks.
fn items(n: usize) -> String {
    const IMPACTS: [&str; 8] = ["+5", "+3", "+2", "+1", "-1", "\u{2212}2", "-3", "-5"];
    let mut text = String::with_capacity(n * 40);
    for i in 0..n {
        let impact = IMPACTS[i % IMPACTS.len()];
        match i % 4 {
            0 => text.push_str(&format!("{impact} evidence item number {i}\n")),
            1 => text.push_str(&format!("- ({impact}) observed in run {i}\n")),
            2 => text.push_str(&format!("* {impact} finding {i} about the result\n")),
            _ => text.push_str(&format!("{impact} another line of evidence, {i}\n")),
        }
    }
    text
}

fn throughput(c: &mut Criterion) {
    let text = items(ITEMS);
    let request = Request::default();
    let check = analyse(&text, &request);
    assert_eq!(check.mode(), Mode::Pooled);
    assert_eq!(
        check.pool().total_items,
        ITEMS,
        "every generated line is an item"
    );
    assert!(!check.has_errors(), "{:?}", check.diagnostics.first());
    // Matrix mode with a preset and no labels: every line is an error, one per line (this
    // once took quadratic time), and one more says that no item is left.
    let unlabelled: String = (0..ITEMS).map(|i| format!("+1 item {i}\n")).collect();
    let preset = Request {
        preset: Some(Preset::Hackathon),
        ..Request::default()
    };
    assert_eq!(
        analyse(&unlabelled, &preset)
            .messages(Severity::Error)
            .len(),
        ITEMS + 1
    );

    let mut group = c.benchmark_group("parse_and_score");
    group.throughput(Throughput::Elements(ITEMS as u64));
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("100000_items", |b| {
        b.iter(|| analyse(black_box(&text), black_box(&request)))
    });
    group.bench_function("100000_unlabelled_lines_matrix_preset", |b| {
        b.iter(|| analyse(black_box(&unlabelled), black_box(&preset)))
    });
    group.finish();
}

/// What `criterion_group!` and `criterion_main!` would generate, written out so that every
/// item has its documentation.
fn main() {
    let mut c = Criterion::default().configure_from_args();
    throughput(&mut c);
    c.final_summary();
}
