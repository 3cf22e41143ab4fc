//! Inputs the example buttons load. Their scores are computed like any other input.

/// The cua-bench GUI agent's items: one definition, shared with the case study, the paper and
/// the static example the page shows before the app loads.
pub const CUA_BENCH_GUI: &str =
    include_str!("../../../examples/cua-bench-gui.txt").trim_ascii_end();

/// (button label, mode, preset, input).
pub const EXAMPLES: [(&str, &str, &str, &str); 7] = [
    ("cua-bench GUI agent", "pooled", "", CUA_BENCH_GUI),
    ("A: strong, ample", "pooled", "", "+1×25 routine positive observation"),
    ("B: strong, sparse", "pooled", "", "+5×4 exceptional finding"),
    ("C: average", "pooled", "", "+1×10 minor strength\n−1×10 minor weakness"),
    ("D: weak, ample", "pooled", "", "+1×5 minor strength\n−1×20 minor weakness"),
    ("Matrix: hackathon", "matrix", "hackathon", "(+5, requester × problem_fit) solves the brief's core need\n(+3, end_user × problem_fit) onboarding in two steps\n(−2, sme × problem_fit) ignores the offline case\n(+3, sme × craft) clear module boundaries\n(−3, production × craft) no error handling on upload\n(+2, end_user × craft) readable UI copy\n(+3, sme × depth) custom ranking model\n(−1, adversary × depth) the model is untested on edge cases\n(+5, requester × innovation) a new take on the workflow\n(−3, production × completeness) the export is stubbed\n(+1, end_user × completeness) the happy path works"),
    ("Feedback: four buckets", "feedback", "", "## Working\n+3 the pricing table is easy to compare\n+2 the hero states the problem in one line\n## Not working\n−3 the sign-up form loses input on error\n## Missing\n−2 no word on data retention\n## Confusing\n−1 two different names for the same plan"),
];

/// The example buttons as markup, each carrying its index in `data-example` (the calculator's
/// one click listener loads it).
pub fn buttons() -> String {
    EXAMPLES
        .iter()
        .enumerate()
        .map(|(i, e)| {
            format!(
                "<button type=\"button\" class=\"example\" data-example=\"{i}\">{}</button>",
                pickanumber_view::escape(e.0)
            )
        })
        .collect()
}
