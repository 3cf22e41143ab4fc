//! Native throughput of parse + score: 100,000 generated item lines through
//! [`pickanumber_score::analyse`], the function the calculator, the CLI and the site's
//! evidence blocks all call; and the verifier: [`VERIFY_ITEMS`] items' evidence checked
//! against a work of [`WORK_BYTES`] ([`pickanumber_score::verify`]). `cargo xtask bench`
//! runs it and reports items per second:
//!
//! ```sh
//! cargo bench -p pickanumber-score --bench throughput -- --noplot
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use pickanumber_score::verify::{verify_text, Status, Work};
use pickanumber_score::{analyse, Mode, Preset, Request, Severity};

/// How many items the verifier's bench checks.
pub const VERIFY_ITEMS: usize = 10_000;
/// How many bytes the verifier's work holds, over [`WORK_FILES`] files.
pub const WORK_BYTES: usize = 10 << 20;
/// How many files the verifier's work holds.
pub const WORK_FILES: usize = 100;

/// A work of [`WORK_FILES`] source-like files, [`WORK_BYTES`] in all, each line distinct.
fn work_files() -> Vec<(String, String)> {
    let per_file = WORK_BYTES / WORK_FILES;
    (0..WORK_FILES)
        .map(|f| {
            let mut text = String::with_capacity(per_file + 100);
            let mut line = 0;
            while text.len() < per_file {
                line += 1;
                text.push_str(&format!(
                    "    let value_{f}_{line} = check(input_{line}, \u{201c}rule {}\u{201d}); // step {line} of file {f}\n",
                    (line * 7919 + f) % 100_003
                ));
            }
            (format!("src/module_{f}/file_{f}.rs"), text)
        })
        .collect()
}

/// [`VERIFY_ITEMS`] items: most quote a line of the work (some with its place, some across
/// two lines with an ellipsis), one in ten invents a quote, one in twenty cites a line past
/// a file's end.
fn verify_items() -> Vec<String> {
    (0..VERIFY_ITEMS)
        .map(|i| {
            let f = i % WORK_FILES;
            let line = 1 + (i * 37) % 1_000;
            match i % 20 {
                0 | 10 => format!("-3 \"let value_{f}_{line} = validate(input_{line}\" (file_{f}.rs:{line})"),
                5 => format!("-1 file_{f}.rs:{}", 1_000_000 + line),
                15 => format!("+1 the step is numbered (file_{f}.rs:{line})"),
                1..=3 => format!("+2 \"value_{f}_{line} = check(input_{line}\" (src/module_{f}/file_{f}.rs:{line})"),
                4 => format!("+1 \"step {line} of file {f}\" … \"value_{f}_{}\"", line + 1),
                _ => format!("+3 the check is there: \"check(input_{line}, \u{201c}rule\" and \u{201c}// step {line} of file {f}\u{201d}"),
            }
        })
        .collect()
}

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

/// The verifier: [`VERIFY_ITEMS`] items against a work of [`WORK_BYTES`], the work's
/// normalisation included.
fn verify(c: &mut Criterion) {
    let files = work_files();
    let items = verify_items();
    let texts: Vec<&str> = items.iter().map(String::as_str).collect();
    let build = || Work::files(files.iter().map(|(p, t)| (p.as_str(), t.as_str()))).unwrap();
    let checks = verify_text(&build(), &texts);
    let not_found = checks
        .iter()
        .filter(|c| c.status == Status::NotFound)
        .count();
    let located = checks
        .iter()
        .filter(|c| c.status == Status::Located)
        .count();
    assert_eq!(
        located,
        VERIFY_ITEMS / 20,
        "places alone are located, not verified"
    );
    assert_eq!(
        not_found,
        VERIFY_ITEMS / 10 + VERIFY_ITEMS / 20,
        "{:?}",
        checks.iter().find(|c| c.status == Status::NotFound
            && !c.reason.contains("validate")
            && !c.reason.contains("beyond"))
    );

    let mut group = c.benchmark_group("verify");
    group.throughput(Throughput::Elements(VERIFY_ITEMS as u64));
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("10000_items_against_10mb", |b| {
        b.iter(|| verify_text(&build(), black_box(&texts)))
    });
    group.finish();
}

/// The hostile inputs that once made the verifier slow, each timed whole (the work's
/// normalisation included): a 600 KB line of unclosed curly quotation marks; 800 quotations
/// that overlap each other against an 8 MiB work; 10,000 whole-file ranges against a 48 MB
/// file; 1,600 passes combined against one work; one quotation the size of a 10 MB work.
fn verify_hostile(c: &mut Criterion) {
    let mut group = c.benchmark_group("verify_hostile");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));

    let unclosed = format!("+1 {}", "\u{201c}x ".repeat(200_000));
    let small = || Work::files([("a.txt", "x y z\n")]).unwrap();
    group.bench_function("unclosed_quotes_600kb", |b| {
        b.iter(|| verify_text(&small(), &[black_box(unclosed.as_str())]))
    });

    let repeated = "a ".repeat(4 << 20);
    let overlapping: Vec<String> = (3..803)
        .map(|n| format!("+1 \"{}\"", vec!["a"; n].join(" ")))
        .collect();
    let refs: Vec<&str> = overlapping.iter().map(String::as_str).collect();
    let eight = || Work::files([("a.txt", repeated.as_str())]).unwrap();
    assert!(verify_text(&eight(), &refs)
        .iter()
        .all(|c| c.status == Status::Verified));
    group.bench_function("overlapping_800_quotations_8mib", |b| {
        b.iter(|| verify_text(&eight(), black_box(&refs)))
    });

    let lines = 1_000_000;
    let big: String = (0..lines)
        .map(|i| format!("line {i} of the big file, some words\n"))
        .collect();
    let ranges: Vec<String> = (0..10_000)
        .map(|i| format!("+1 \"line {} of the big\" (big.txt:1-{lines})", i * 97))
        .collect();
    let refs: Vec<&str> = ranges.iter().map(String::as_str).collect();
    let large = || Work::files([("big.txt", big.as_str())]).unwrap();
    assert!(verify_text(&large(), &refs)
        .iter()
        .all(|c| c.status == Status::Verified));
    group.bench_function("whole_file_ranges_10000_48mb", |b| {
        b.iter(|| verify_text(&large(), black_box(&refs)))
    });

    let files = work_files();
    let passes: String = (0..1_600)
        .map(|p| {
            let f = p % WORK_FILES;
            format!("## Pass: judge {p}\n+2 \"value_{f}_{0} = check(input_{0}\" (file_{f}.rs:{0})\n-1 \"an invented line {p}\"\n", 1 + p % 900)
        })
        .collect();
    let request = Request {
        skip_interval: true,
        ..Request::default()
    };
    let against = |request: &Request| {
        let work = Work::files(files.iter().map(|(p, t)| (p.as_str(), t.as_str()))).unwrap();
        let mut r = request.clone();
        r.against = Some(pickanumber_score::verify::Against::new(work));
        r
    };
    group.bench_function("combine_1600_passes_10mb", |b| {
        b.iter(|| analyse(black_box(&passes), &against(&request)))
    });

    let whole = files[..]
        .iter()
        .map(|(_, t)| t.as_str())
        .collect::<String>();
    let quote = format!("+1 \"{whole}\"");
    let one = || Work::files([("all.rs", whole.as_str())]).unwrap();
    assert_eq!(
        verify_text(&one(), &[quote.as_str()])[0].status,
        Status::Verified
    );
    group.bench_function("one_quotation_the_size_of_a_10mb_work", |b| {
        b.iter(|| verify_text(&one(), &[black_box(quote.as_str())]))
    });
    group.finish();
}

/// What `criterion_group!` and `criterion_main!` would generate, written out so that every
/// item has its documentation.
fn main() {
    let mut c = Criterion::default().configure_from_args();
    verify(&mut c);
    verify_hostile(&mut c);
    throughput(&mut c);
    c.final_summary();
}
