//! Arbitrary bytes (read as lossy UTF-8) into `read` and `analyse` in every mode: nothing may
//! panic, and every diagnostic that names a line must name a line of the input (1 to the
//! number of lines, counting the one after a final newline).

#![no_main]

use libfuzzer_sys::fuzz_target;
use pickanumber_score::{analyse, read, Analysis, Mode, Preset, Request};

fn check_lines(what: &str, lines_named: impl Iterator<Item = usize>, lines: usize, text: &str) {
    for line in lines_named {
        assert!(
            (1..=lines).contains(&line),
            "{what}: diagnostic on line {line} but the input has {lines} lines\ninput: {text:?}"
        );
    }
}

fn named(a: &Analysis) -> impl Iterator<Item = usize> + '_ {
    a.diagnostics.iter().filter_map(|d| d.line)
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let lines = text.split('\n').count();

    let (_, parsed) = read(&text);
    check_lines("read", parsed.errors.iter().map(|e| e.line), lines, &text);

    let modes = [Mode::Auto, Mode::Pooled, Mode::Matrix, Mode::Feedback];
    for mode in modes {
        let request = Request {
            mode,
            ..Request::default()
        };
        let analysis = analyse(&text, &request);
        check_lines(mode.name(), named(&analysis), lines, &text);
    }
    // A preset and outside weights take the matrix paths that the text alone may not reach.
    let preset = Request {
        mode: Mode::Matrix,
        preset: Some(Preset::Hackathon),
        ..Request::default()
    };
    check_lines(
        "matrix, hackathon",
        named(&analyse(&text, &preset)),
        lines,
        &text,
    );
    let weights = Request {
        mode: Mode::Auto,
        preset: None,
        weights: Some(vec![("craft".to_owned(), 0.6), ("depth".to_owned(), 0.4)]),
        ..Request::default()
    };
    check_lines(
        "auto, weights",
        named(&analyse(&text, &weights)),
        lines,
        &text,
    );
});
