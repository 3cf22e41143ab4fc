//! The formula's settings in the calculator: the density denominator and the scale, the two the
//! paper's practice part says to tune (denominator first), under an "advanced" disclosure at
//! the end of the results. Empty fields keep the canonical 20 and 8; what is typed goes into
//! [`crate::state::request`] and into share links (`den`, `scale`).
//!
//! The markup (with the examples before it and, apart, the action buttons: [`actions`]) is
//! written once, with the values the calculator started from (a share link's):
//! after that only typing changes the fields, and the island's one `input` handler reads them
//! by name (`calc-den`, `calc-scale`). One string rather than reactive nodes keeps the wasm
//! smaller. The disclosure is open: with a closed `<details>` anywhere in the document,
//! Chromium edits a textarea slowly (the README's note on island pages).

use pickanumber_view::escape;
use pickanumber_view::words::CALCULATOR_LIVE as WORDS;

/// The action buttons (the island's click handler knows them by id), as one string: static
/// markup costs the wasm less as a string than as view nodes, which paid for the settings.
pub(crate) fn actions() -> String {
    format!(
        "<button type=\"button\" id=\"copy-report\">{}</button>\
<button type=\"button\" id=\"copy-link\">{}</button>\
<input type=\"text\" id=\"judge-input\" name=\"calc-judge\" aria-label=\"{}\" placeholder=\"{}\" spellcheck=\"false\" autocomplete=\"off\">\
<button type=\"button\" id=\"save-pass\">{}</button>",
        escape(WORDS.copy_report),
        escape(WORDS.copy_link),
        escape(WORDS.judge),
        escape(WORDS.judge_placeholder),
        escape(WORDS.save_pass),
    )
}

/// The disclosure with the two fields showing `den` and `scale`.
pub(crate) fn advanced(den: &str, scale: &str) -> String {
    format!(
        "<details open class=\"calc-advanced\"><summary>{}</summary>\
<label class=\"calc-field\">{} \
<input type=\"text\" name=\"calc-den\" inputmode=\"decimal\" placeholder=\"20\" spellcheck=\"false\" value=\"{}\"></label>\
<label class=\"calc-field\">{} \
<input type=\"text\" name=\"calc-scale\" inputmode=\"decimal\" placeholder=\"8\" spellcheck=\"false\" value=\"{}\"></label></details>",
        escape(WORDS.advanced),
        escape(WORDS.denominator),
        escape(den),
        escape(WORDS.scale),
        escape(scale)
    )
}
