//! Arbitrary bytes (lossy UTF-8) as one item's text, checked against a small work of code with
//! string literals, escaped and curly quotation marks: nothing may panic, and an item the
//! verifier calls `verified` must quote the work, every quotation it gives standing in the work
//! whole (each ellipsis piece in order), never a fragment of it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use pickanumber_score::verify::{evidence, normalise, verify_text, Status, Work};

const CODE: &str = "fn fmt(&self) {\n    formatter.write_str(\"empty string, expected a semver version\")\n    say(\"a \\\"quoted\\\" word\");\n    // \u{201c}curly\u{201d} and ''\n}\n";

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = format!("+1 {text}");
    let work = Work::files([("src/error.rs", CODE)]).unwrap();
    let check = &verify_text(&work, &[text.as_str()])[0];
    if check.status != Status::Verified {
        return;
    }
    let e = evidence(&text);
    assert!(!e.quotes.is_empty(), "verified without a quotation: {text:?}");
    let hay = normalise(CODE);
    for q in &e.quotes {
        let mut at = 0;
        for piece in normalise(q).split("...") {
            let piece = piece.trim().trim_end_matches(['.', ',', ';']).trim();
            if piece.is_empty() {
                continue;
            }
            match hay[at..].find(piece) {
                Some(k) => at += k + piece.len(),
                None => panic!("verified, but {piece:?} of {q:?} is not in the work: {text:?}"),
            }
        }
    }
});
