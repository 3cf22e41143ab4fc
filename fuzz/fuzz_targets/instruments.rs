//! Arbitrary bytes (read as lossy UTF-8) into every reader of the instruments crate and the
//! outputs built from them: pasted runs (`probe_text`, on the default scale and on one taken
//! from the first two bytes), the text as one run file and as an items file, and pairwise
//! judgments, with the islands' views of the results. Nothing may panic, and every error that names a line must name a line of the
//! input (1 to the number of lines `str::lines` gives).

#![no_main]

use libfuzzer_sys::fuzz_target;
use pickanumber_instruments::probe::run::outcome_from_json_text;
use pickanumber_instruments::probe::{probe, probe_text, report, ItemsSpec, Scale};
use pickanumber_instruments::{pairwise, LineError};
use pickanumber_result_view::probe_report::markdown;
use pickanumber_result_view::words::{PAIRWISE, PROBE, PROBE_REPORT};

fn check_lines(what: &str, errors: &[LineError], text: &str) {
    let lines = text.lines().count();
    for e in errors {
        assert!(
            (1..=lines).contains(&e.line),
            "{what}: error on line {} but the input has {lines} lines\ninput: {text:?}",
            e.line
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);

    // A scale from the first two bytes: minimum −128 to 127, up to 20 points.
    let scale = match data {
        [lo, width, ..] => {
            let min = i64::from(*lo as i8);
            Scale::new(min, min + i64::from(width % 20)).unwrap()
        }
        _ => Scale::default(),
    };
    for scale in [Scale::default(), scale] {
        let t = probe_text(&text, scale);
        check_lines("probe", &t.parsed.errors, &text);
        let _ = report::aggregate_json(&t.probe);
        let _ = markdown(&t.probe, &PROBE_REPORT, &PROBE);
        let _ = report::summary_lines(&t.probe);
        let _ = pickanumber_result_view::probe::results(&t, &PROBE);
    }

    // The whole text as one run file, and as an items file over the pasted runs.
    let _ = outcome_from_json_text(&text);
    if let Ok(spec) = ItemsSpec::from_json_str(&text) {
        let runs = probe_text("1 2 3\n4.5 10 -1\n", spec.scale).parsed.runs;
        let p = probe(&runs, &spec);
        let _ = report::aggregate_json(&p);
        let _ = markdown(&p, &PROBE_REPORT, &PROBE);
    }

    let a = pairwise::analyse(&text);
    check_lines("pairwise", &a.errors, &text);
    let _ = a.to_json_string();
    let _ = pickanumber_result_view::pairwise::results(&a, &PAIRWISE);
});
