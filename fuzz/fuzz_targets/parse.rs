//! Arbitrary bytes (read as lossy UTF-8) into `read` and `analyse` in every mode: nothing may
//! panic; every diagnostic and every item that names a line must name a line of the input (1
//! to the number of lines, counting the one after a final line break, lines ending at every
//! break of `pickanumber_score::lines`); and text read as item lines reads the same items on
//! the same lines with every line break written as LF (no break merges two items).

#![no_main]

use libfuzzer_sys::fuzz_target;
use pickanumber_score::lines::{lines_with_ends, without_break};
use pickanumber_score::{analyse, read, Analysis, Format, Mode, Preset, Request};

fn check_lines(what: &str, lines_named: impl Iterator<Item = usize>, lines: usize, text: &str) {
    for line in lines_named {
        assert!(
            (1..=lines).contains(&line),
            "{what}: line {line} named but the input has {lines} lines\ninput: {text:?}"
        );
    }
}

fn named(a: &Analysis) -> impl Iterator<Item = usize> + '_ {
    let items = a.entries.iter().map(|e| e.line);
    a.diagnostics.iter().filter_map(|d| d.line).chain(items)
}

/// `text` with every line break written as LF.
fn with_lf(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in lines_with_ends(text) {
        let content = without_break(line);
        out.push_str(content);
        if content.len() < line.len() {
            out.push('\n');
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let lines = pickanumber_score::lines::count(&text);

    let (format, parsed) = read(&text);
    let read_lines = parsed.errors.iter().map(|e| e.line);
    check_lines("read", read_lines, lines, &text);
    check_lines("read", parsed.entries.iter().map(|e| e.line), lines, &text);

    let lf = with_lf(&text);
    let (lf_format, lf_parsed) = read(&lf);
    if format == Format::Lines && lf_format == Format::Lines {
        assert_eq!(
            parsed.entries, lf_parsed.entries,
            "the line breaks written as LF read other items\ninput: {text:?}"
        );
    }

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
