//! The calculator's controls under its results, as markup: the action buttons, the example
//! buttons and the formula's settings. The live calculator sets them with `inner_html` (static
//! markup costs its wasm less as a string than as view nodes) and its static box, which the
//! site generator writes, shows the same markup disabled, so the box has the live app's size
//! and mounting moves nothing. The island's click and input handlers know each control by its
//! `id`, `data-example` index or `name`.

use crate::words::CalculatorLive;
use pickanumber_result_view::escape;
use pickanumber_score::Params;
use pickanumber_text::numtext::trim_number;

/// The cua-bench GUI agent's items: one definition (`src/cua-bench-gui.txt`, which
/// `examples/cua-bench-gui.txt` links to), shared with the case study, the paper and the static
/// example the page shows before the app loads.
pub const CUA_BENCH_GUI: &str = include_str!("cua-bench-gui.txt").trim_ascii_end();

/// The examples the buttons load: (button label, mode, preset, input). Their scores are
/// computed like any other input.
pub const EXAMPLES: [(&str, &str, &str, &str); 7] = [
    ("cua-bench GUI agent", "pooled", "", CUA_BENCH_GUI),
    ("A: strong, ample", "pooled", "", "+1×25 routine positive observation"),
    ("B: strong, sparse", "pooled", "", "+5×4 exceptional finding"),
    ("C: average", "pooled", "", "+1×10 minor strength\n−1×10 minor weakness"),
    ("D: weak, ample", "pooled", "", "+1×5 minor strength\n−1×20 minor weakness"),
    ("Matrix: hackathon", "matrix", "hackathon", "(+5, requester × problem_fit) solves the brief's core need\n(+3, end_user × problem_fit) onboarding in two steps\n(−2, sme × problem_fit) ignores the offline case\n(+3, sme × craft) clear module boundaries\n(−3, production × craft) no error handling on upload\n(+2, end_user × craft) readable UI copy\n(+3, sme × depth) custom ranking model\n(−1, adversary × depth) the model is untested on edge cases\n(+5, requester × innovation) a new take on the workflow\n(−3, production × completeness) the export is stubbed\n(+1, end_user × completeness) the happy path works"),
    ("Feedback: four buckets", "feedback", "", "## Working\n+3 the pricing table is easy to compare\n+2 the hero states the problem in one line\n## Not working\n−3 the sign-up form loses input on error\n## Missing\n−2 no word on data retention\n## Confusing\n−1 two different names for the same plan"),
];

/// ` disabled` for the static box's controls, nothing for the live app's.
fn off(live: bool) -> &'static str {
    if live {
        ""
    } else {
        " disabled"
    }
}

/// The action buttons and the judge's name field.
pub fn actions(w: &CalculatorLive<'_>, live: bool) -> String {
    let off = off(live);
    format!(
        "<button type=\"button\" id=\"copy-report\"{off}>{}</button>\
<button type=\"button\" id=\"copy-link\"{off}>{}</button>\
<input type=\"text\" id=\"judge-input\" name=\"calc-judge\" aria-label=\"{}\" placeholder=\"{}\" spellcheck=\"false\" autocomplete=\"off\"{off}>\
<button type=\"button\" id=\"save-pass\"{off}>{}</button>",
        escape(w.copy_report),
        escape(w.copy_link),
        escape(w.judge),
        escape(w.judge_placeholder),
        escape(w.save_pass),
    )
}

/// The example buttons under their label, each carrying its index in `data-example`, then
/// the formula's settings: a group under its title with the density denominator and the
/// scale showing `den` and `scale` (empty: the canonical values, the placeholders), then the
/// judged work's box (`#work-input`, showing `work`) with its hint (`#work-hint`). Each
/// field is its label's block, so a label never stands beside the other field. No
/// `<details>`: with one anywhere in the document, Chromium edits a textarea slowly, and the
/// site generator opens a page's disclosures only when every one is closed (CONTRIBUTING.md's note
/// on island pages).
pub fn examples_and_settings(
    w: &CalculatorLive<'_>,
    [den, scale, work]: [&str; 3],
    live: bool,
) -> String {
    let off = off(live);
    let buttons: String = EXAMPLES
        .iter()
        .enumerate()
        .map(|(i, e)| {
            format!(
                "<button type=\"button\" class=\"example\" data-example=\"{i}\"{off}>{}</button>",
                escape(e.0)
            )
        })
        .collect();
    format!(
        "<div class=\"calc-examples\"><p class=\"calc-label\">{}</p><div>{buttons}</div></div>\
<div class=\"calc-advanced\" role=\"group\" aria-labelledby=\"calc-advanced\">\
<p class=\"calc-advanced-title\" id=\"calc-advanced\">{}</p>\
<label class=\"calc-field\">{} \
<input type=\"text\" name=\"calc-den\" inputmode=\"decimal\" placeholder=\"{}\" spellcheck=\"false\" value=\"{}\"{off}></label>\
<label class=\"calc-field\">{} \
<input type=\"text\" name=\"calc-scale\" inputmode=\"decimal\" placeholder=\"{}\" spellcheck=\"false\" value=\"{}\"{off}></label></div>\
<div class=\"calc-work\"><label class=\"calc-advanced-title\" for=\"work-input\">{}</label>\
<textarea id=\"work-input\" name=\"calc-work\" class=\"calc-input\" spellcheck=\"false\"{off}>{}</textarea>\
<p class=\"calc-hint\" id=\"work-hint\" role=\"status\">{}</p></div>",
        escape(w.examples),
        escape(w.advanced),
        escape(w.denominator),
        trim_number(Params::CANONICAL.density_denominator),
        escape(den),
        escape(w.scale),
        trim_number(Params::CANONICAL.scale),
        escape(scale),
        escape(w.work_label),
        escape(work),
        escape(w.work_hint),
    )
}
