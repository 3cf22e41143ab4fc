//! The islands' own controls, each table declared once with its default words by the view
//! crate's [`pickanumber_result_view::words_table!`] (so it is read and checked as the view
//! crate's tables are): the buttons, fields and messages of the live calculator
//! (`[calculator.live]`, [`CalculatorLive`]), of its saved passes in the calculator's
//! on-demand module (`[calculator.passes]`, [`CalculatorPasses`]), and of the live probe and
//! pairwise diagnostic (`[probe.live]`, [`ProbeLive`]; `[pairwise.live]`, [`PairwiseLive`]).
//! They are the site's words: the command line and the packages show none of them, so the
//! published view crate does not carry them. `content/layout.toml` states only the words the
//! site puts over these defaults.

use pickanumber_result_view::words_table;

words_table! {
    /// The calculator's saved passes, the `[calculator.passes]` table: its on-demand module's list
    /// and messages.
    pub struct CalculatorPasses, "calculator.passes", markup_free: false;
    /// The default words of the `[calculator.passes]` table, where `content/layout.toml` does not
    /// override them.
    pub const CALCULATOR_PASSES {
        /// The label over the list.
        list: "Saved passes (this browser only)",
        /// One saved pass: `{judge}`, `{score}`, `{confidence}`, `{mode}`, `{time}`.
        line: "{judge}: {score} · confidence {confidence} · {mode} · {time}",
        /// The button that reopens a pass.
        reopen: "Reopen",
        /// The button that puts every pass in the input.
        combine: "Combine the saved passes",
        /// The button that copies the passes as JSON.
        export: "Copy passes as JSON",
        /// The button that imports passes from the input.
        import: "Import passes from the input",
        /// The button that forgets the passes.
        forget: "Forget passes",
        /// A pass saved without a judge's name.
        name_judge: "Name the judge first (the field beside Save pass): a saved pass keeps its judge's name.",
        /// A pass saved.
        saved: "Pass saved in this browser, with its items and judge.",
        /// A pass reopened.
        reopened: "Pass reopened.",
        /// A pass to reopen that is no longer saved.
        gone: "That pass is no longer saved.",
        /// The passes put in the input.
        gathered: "The saved passes are in the input, one under each judge's heading.",
        /// Passes imported.
        imported: "Passes imported from the input.",
        /// Nothing imported: `{why}`.
        not_imported: "Nothing imported from the input ({why}).",
        /// Stored passes that cannot be read, kept as they are: `{why}`.
        unreadable: "The passes saved in this browser cannot be read ({why}), so nothing was saved over them: copy them as JSON to keep them, or forget them to start again.",
    }
}

words_table! {
    /// The live calculator's controls and messages, the `[calculator.live]` table.
    pub struct CalculatorLive, "calculator.live", markup_free: false;
    /// The default words of the `[calculator.live]` table, where `content/layout.toml` does not
    /// override them.
    pub const CALCULATOR_LIVE {
        /// The label over the input, in the static box too.
        input: "Evidence items, one per line",
        /// The legend of the mode radios.
        mode: "Mode",
        /// The modes' labels: auto, pooled, matrix, feedback.
        modes: ["Auto", "Pooled", "Matrix", "Feedback"],
        /// The label of the preset menu.
        preset: "Preset",
        /// The menu's entry for no preset.
        no_preset: "none",
        /// The label of the weights field.
        weights: "Weights",
        /// The accessible name of the results.
        results: "Results",
        /// The accessible name of the errors, warnings and notes.
        diagnostics: "Errors, warnings and notes",
        /// The link shown after a share link is made.
        share_link: "The share link",
        /// The label over the example buttons.
        examples: "Load an example",
        /// The button that copies the report.
        copy_report: "Copy report",
        /// The button that copies a share link.
        copy_link: "Copy share link",
        /// The accessible name of the judge field.
        judge: "Judge",
        /// The judge field's placeholder.
        judge_placeholder: "judge",
        /// The button that saves a pass.
        save_pass: "Save pass",
        /// The summary of the formula's settings.
        advanced: "Advanced: the formula's settings",
        /// The label of the density denominator field.
        denominator: "Density denominator",
        /// The label of the scale field.
        scale: "Scale",
        /// The status after the report is copied.
        report_copied: "Report copied as markdown.",
        /// The status when the report's module did not load.
        report_failed: "The report module did not load.",
        /// The status after a share link is copied.
        link_copied: "Share link copied.",
        /// The status after the passes are copied.
        passes_copied: "Passes copied as JSON.",
        /// The status when the browser's storage refused the saved passes.
        passes_refused: "This browser's storage refused the saved passes: they will not survive a reload. Copy them as JSON to keep them.",
        /// The status when the browser refuses the clipboard.
        clipboard_refused: "The browser refused the clipboard; select the text instead.",
        /// The notice after a share link is restored.
        restored: "Restored from the link.",
        /// After why a link cannot carry the input: it is kept in the browser's storage instead.
        kept: "it is kept in this browser's storage, not in the address.",
        /// After why a link cannot carry the input: the browser's storage refused it too.
        not_kept: "and this browser's storage refused it: copy it before leaving.",
        /// The note under an input that came from the browser's storage.
        from_storage: "This input comes from this browser's storage: it is too large for the address.",
        /// The label of the judged work's box.
        work_label: "Judged work (optional)",
        /// The hint under the judged work's box: what is checked, and where the work is kept.
        work_hint: "Items whose quote it lacks do not count, as with score --against. Kept in this browser only, not in links.",
        /// The hint under the judged work's box when the browser's storage refused the work.
        work_refused: "Not kept: this browser's storage refused it.",
    }
}

words_table! {
    /// The live probe's controls, the `[probe.live]` table.
    pub struct ProbeLive, "probe.live", markup_free: false;
    /// The default words of the `[probe.live]` table, where `content/layout.toml` does not
    /// override them.
    pub const PROBE_LIVE {
        /// The island's label before the lowest point of the scale.
        scale_from: "Scale from",
        /// Its label before the highest point.
        scale_to: "to",
        /// The label of the synthetic examples' buttons.
        examples: "Synthetic examples",
        /// The note after an example is loaded: `{regime}`.
        loaded: "Loaded a synthetic {regime} run set: generated, not measured.",
        /// The island's label over the input.
        input: "Runs: one JSON run per line, or a grid (rows = runs)",
        /// The island's line under the input: `{runs}`, `{items}`, `{failed}`.
        counts: "{runs} runs read · {items} items · {failed} failed · live",
        /// The lowest point of the scale is not a whole number.
        low_not_whole: "the scale's lowest point must be a whole number",
        /// The highest point of the scale is not a whole number.
        high_not_whole: "the scale's highest point must be a whole number",
        /// The island's line under the input when the scale cannot be used.
        scale_unusable: "The scale cannot be used · live",
        /// The accessible name of the island's results.
        results: "Probe results",
        /// The note under the input when the browser will not keep the runs.
        not_kept: "This browser's storage refused these runs: they will not survive a reload.",
    }
}

words_table! {
    /// The live diagnostic's controls, the `[pairwise.live]` table.
    pub struct PairwiseLive, "pairwise.live", markup_free: false;
    /// The default words of the `[pairwise.live]` table, where `content/layout.toml` does not
    /// override them.
    pub const PAIRWISE_LIVE {
        /// The bar over the input, in the static box too: the format of a judgment.
        format: "One judgment per line: first, second, verdict (A, B or NEITHER)",
        /// The island's button that loads the synthetic example.
        example: "Synthetic example",
        /// The island's button that empties the input.
        clear: "Clear",
        /// The island's label over the input.
        input: "Judgments: first, second, verdict (tabs, commas or spaces between), or JSON lines",
        /// The island's line under the input: `{judgments}`, `{items}`, `{errors}`.
        counts: "{judgments} judgments · {items} items · {errors} errors · live",
        /// The accessible name of the island's results.
        results: "Pairwise results",
        /// The note under the input when the browser will not keep the judgments.
        not_kept: "This browser's storage refused these judgments: they will not survive a reload.",
    }
}
