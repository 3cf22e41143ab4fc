//! Arbitrary bytes (read as lossy UTF-8) into `input::read` and `analysis::analyse` in every
//! mode: nothing may panic, and every error must name a line of the input (1 to the number of
//! lines, counting the one after a final newline).

#![no_main]

use libfuzzer_sys::fuzz_target;
use pickanumber_score::analysis::{analyse, Mode, Preset, Request};
use pickanumber_score::input::read;
use pickanumber_score::LineError;

fn check_lines(what: &str, errors: &[LineError], lines: usize, text: &str) {
    for e in errors {
        assert!(
            (1..=lines).contains(&e.line),
            "{what}: error on line {} but the input has {lines} lines: {e}\ninput: {text:?}",
            e.line
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let lines = text.split('\n').count();

    let (_, parsed) = read(&text);
    check_lines("input::read", &parsed.errors, lines, &text);

    let modes = [Mode::Auto, Mode::Pooled, Mode::Matrix, Mode::Feedback];
    for mode in modes {
        let request = Request {
            mode,
            ..Request::default()
        };
        let analysis = analyse(&text, &request);
        check_lines(mode.name(), &analysis.parsed.errors, lines, &text);
    }
    // A preset and outside weights take the matrix paths that the text alone may not reach.
    let preset = Request {
        mode: Mode::Matrix,
        preset: Some(Preset::Hackathon),
        weights: None,
    };
    check_lines(
        "matrix, hackathon",
        &analyse(&text, &preset).parsed.errors,
        lines,
        &text,
    );
    let weights = Request {
        mode: Mode::Auto,
        preset: None,
        weights: Some(vec![("craft".to_owned(), 0.6), ("depth".to_owned(), 0.4)]),
    };
    check_lines(
        "auto, weights",
        &analyse(&text, &weights).parsed.errors,
        lines,
        &text,
    );
});
