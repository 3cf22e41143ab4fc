//! Inputs the example buttons load. Their scores are computed like any other input.

/// (button label, mode, preset, input).
pub const EXAMPLES: [(&str, &str, &str, &str); 7] = [
    ("cua-bench GUI agent", "pooled", "", "+5 the wallpaper is the requested image\n+3 opened Settings from the menu\n+2 found the Background pane\n+1 closed Settings afterwards\n−2 visited the wrong pane first"),
    ("A: strong, ample", "pooled", "", "+1×25 a consistent, verified strength"),
    ("B: strong, sparse", "pooled", "", "+5×4 an exceptional finding"),
    ("C: average", "pooled", "", "+1×10 a minor strength\n−1×10 a minor weakness"),
    ("D: weak, ample", "pooled", "", "+1×5 a minor strength\n−1×20 a minor weakness"),
    ("Matrix: hackathon", "matrix", "hackathon", "(+5, requester × problem_fit) solves the brief's core need\n(+3, end_user × problem_fit) onboarding in two steps\n(−2, sme × problem_fit) ignores the offline case\n(+3, sme × craft) clear module boundaries\n(−3, production × craft) no error handling on upload\n(+2, end_user × craft) readable UI copy\n(+3, sme × depth) custom ranking model\n(−1, adversary × depth) the model is untested on edge cases\n(+5, requester × innovation) a new take on the workflow\n(−3, production × completeness) the export is stubbed\n(+1, end_user × completeness) the happy path works"),
    ("Feedback: four buckets", "feedback", "", "## Working\n+3 the pricing table is easy to compare\n+2 the hero states the problem in one line\n## Not working\n−3 the sign-up form loses input on error\n## Missing\n−2 no word on data retention\n## Confusing\n−1 two different names for the same plan"),
];
