//! What the islands' wasm links, read from the wasm itself: the calculator, the probe and
//! pairwise islands and the setup island keep the standard library's float parsing
//! (`core::num::dec2flt`) and float printing (`core::num::flt2dec`) and serde_json out, which
//! is what `pickanumber-text` exists for (each costs kilobytes of the byte budgets).
//!
//! `site/score/tests/no_float_formatting.rs` scans the formula crate's source for the forms
//! that call them; this reads the linked result. Trunk's cargo build (profile `wasm-release`,
//! before wasm-bindgen and wasm-opt) keeps the wasm's `name` section, which holds every linked
//! function's mangled path, so a function that is linked has its name there. The test runs
//! after `cargo xtask build`, like the other tests of this crate.

use pickanumber_browser_tests::repo;
use std::path::PathBuf;

/// Name fragments of what must not be linked, with what each is.
const FORBIDDEN: [(&str, &str); 3] = [
    (
        "dec2flt",
        "the standard library's float parsing (str::parse::<f64>)",
    ),
    (
        "flt2dec",
        "the standard library's float printing ({} or {:.2} on an f64)",
    ),
    ("serde_json", "serde_json"),
];

/// The wasm files of the lean builds, as trunk's cargo writes them.
fn built(bin: &str) -> PathBuf {
    repo().join(format!(
        "target/wasm32-unknown-unknown/wasm-release/{bin}.wasm"
    ))
}

/// The forbidden fragments that `wasm` holds, each with what it is.
fn linked(wasm: &[u8]) -> Vec<&'static str> {
    FORBIDDEN
        .iter()
        .filter(|(name, _)| wasm.windows(name.len()).any(|w| w == name.as_bytes()))
        .map(|(_, what)| *what)
        .collect()
}

#[test]
fn the_scan_finds_a_linked_name() {
    let wasm = b"\0asm\x01\0\0\0\0\x04name_ZN4core3num7dec2flt5parse17h0E";
    assert_eq!(
        linked(wasm),
        ["the standard library's float parsing (str::parse::<f64>)"]
    );
    assert!(linked(b"\0asm\x01\0\0\0_ZN17pickanumber_lean7numtext").is_empty());
}

#[test]
fn the_islands_link_no_std_float_text_and_no_serde_json() {
    for bin in [
        "pickanumber-calculator-island",
        "pickanumber-instruments",
        "pickanumber-setup-island",
    ] {
        let path = built(bin);
        let wasm = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run `cargo xtask build` first)", path.display()));
        assert!(
            wasm.windows(5).any(|w| w == b"\x04name"),
            "{}: no name section to read",
            path.display()
        );
        assert_eq!(linked(&wasm), Vec::<&str>::new(), "{bin} links these");
    }
}
