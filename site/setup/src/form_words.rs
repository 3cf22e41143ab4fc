//! The setup page's words: every label of the form and of the results, declared once here with
//! its default word by the view crate's `words_table!` ([`Words`], defaults [`SETUP`]), as every
//! word table is; the `[setup]` table of `content/layout.toml` states only the words the site
//! puts over them, read and checked by the same reader as the other tables
//! (`pickanumber_island_words::read::Overrides`: a key the table lacks is refused with its keys,
//! a slot its default word lacks with the default's slots). The site generator writes the words
//! into the static box as one attribute, one word a line ([`Words::to_lines`]); the live island
//! reads them back from there at mount ([`Words::from_lines`]), so its wasm holds none of the
//! default words.

/// The slot of the settings' labels that the page fills with the canonical value, `{canonical}`.
pub const CANONICAL: &str = "canonical";

pickanumber_result_view::words_table! {
    /// The setup page's words, the `[setup]` table (see the module doc).
    pub struct Words, "setup", markup_free: false;
    /// The default words: the site's, where `[setup]` does not override them.
    pub const SETUP {
        /// The accessible name of the island's region.
        region: "Rubric builder",
        /// The line above the static example: what it is and what the live form adds.
        example: "A worked example: the rubric for reviewing one pull request. Change any field and the rubric file, the prompt and the schema follow as you type.",
        /// The `<noscript>` note under the static example.
        noscript: "The form needs JavaScript. The rubric file, prompt and schema below are generated for this example when the site is built; pickanumber rubric prompt and pickanumber rubric schema do the same for your own rubric file from the command line.",
        /// The label of the subject field.
        subject: "What is scored",
        /// The legend of the mode choice.
        mode: "Mode",
        /// The pooled choice.
        pooled: "Pooled: one pool of items, one score",
        /// The matrix choice.
        matrix: "Matrix: criteria, each scored on its own, then weighted",
        /// The legend of the criteria.
        criteria: "Criteria",
        /// The label of a criterion's name.
        name: "Name (letters, digits, _ or -)",
        /// The label of a criterion's weight.
        weight: "Weight (greater than 0)",
        /// The label of what a +5 item looks like.
        plus5: "What a +5 item looks like",
        /// The label of what a −5 item looks like.
        minus5: "What a −5 item looks like",
        /// The button that adds a criterion.
        add_criterion: "Add a criterion",
        /// The button that removes a criterion or a trap.
        remove: "Remove",
        /// The label of the perspectives field.
        perspectives: "Perspectives, one a line",
        /// The line under the perspectives field.
        perspectives_hint: "The judge looks at the work from each in turn and labels every item with one.",
        /// The legend of the traps.
        traps: "Planted traps",
        /// The label of a trap's description.
        description: "The trap",
        /// The label of a trap's impact.
        impact: "Impact of an item that reports it",
        /// The button that adds a trap.
        add_trap: "Add a trap",
        /// The summary of the formula's settings.
        advanced: "Advanced: the formula's settings",
        /// The label of the density denominator; `{canonical}` (its only slot, [`CANONICAL`])
        /// stands for the value an empty field gives.
        denominator: "Density denominator (items for full confidence; empty for {canonical})",
        /// The label of the scale; `{canonical}` as for the denominator.
        scale: "Scale (points per unit of normalised evidence; empty for {canonical})",
        /// The line under the settings: what an empty field means.
        settings_hint: "Tune the denominator first, then the scale. An empty field keeps the canonical value.",
        /// The label of the field a rubric in JSON is pasted into.
        paste: "Or paste a rubric file, TOML or JSON (what this page or pickanumber rubric writes)",
        /// The button that loads the pasted rubric into the form.
        load: "Load the pasted rubric",
        /// The heading of the rubric file.
        toml: "The rubric file (rubric.toml)",
        /// The heading of the prompt.
        prompt: "The judge prompt",
        /// The heading of the schema.
        schema: "The JSON Schema of the judge's output",
        /// The copy buttons' label.
        copy: "Copy",
        /// The status after a copy.
        copied: "Copied.",
        /// The status when the browser refuses the clipboard.
        copy_failed: "The browser refused the clipboard; select the text instead.",
        /// The status when the browser will not keep the form for a reload.
        not_kept: "This browser's storage refused the form: it will not survive a reload.",
        /// The link that opens the calculator with the rubric's settings.
        score: "Score with this rubric in the calculator",
        /// The accessible name of the results.
        results: "The rubric file, prompt and schema",
        /// The lead-in of the list of errors.
        errors: "The rubric cannot be used yet: fix these fields.",

    }
}

impl<'a> Words<'a> {
    /// The words, one a line, in the order of [`Words::KEYS`].
    pub fn to_lines(&self) -> String {
        let texts = Words::KEYS.iter().filter_map(|key| match self.get(key) {
            Some(pickanumber_result_view::table::Word::Text(text)) => Some(text),
            _ => None,
        });
        texts.collect::<Vec<_>>().join("\n")
    }

    /// The words written by [`Words::to_lines`], borrowed from `text`, or `None` when the count
    /// of lines is not the count of words (markup from another build).
    pub fn from_lines(text: &'a str) -> Option<Words<'a>> {
        if text.split('\n').count() != Words::KEYS.len() {
            return None;
        }
        let mut lines = text.split('\n');
        Some(Words::from_texts(|| lines.next().unwrap_or_default()))
    }

    /// The first key whose word is empty or holds a line break (neither can travel one a
    /// line), if any.
    pub fn unusable(&self) -> Option<&'static str> {
        Words::KEYS.iter().copied().find(|key| {
            self.get(key).is_none_or(|word| {
                word.texts()
                    .any(|text| text.trim().is_empty() || text.contains(['\n', '\r']))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pickanumber_result_view::table::{Table, Word};

    /// Each key's word as `the KEY`, one a line.
    fn sample_lines() -> String {
        let lines: Vec<String> = Words::KEYS.iter().map(|k| format!("the {k}")).collect();
        lines.join("\n")
    }

    #[test]
    fn every_default_word_travels_and_keeps_only_its_slots() {
        let w = SETUP;
        assert_eq!(w.unusable(), None);
        let lines = w.to_lines();
        assert_eq!(Words::from_lines(&lines), Some(w));
        for key in Words::KEYS {
            let word = w.get(key).unwrap();
            assert_eq!(<Words<'static> as Table>::check(key, word), Ok(()), "{key}");
        }
    }

    #[test]
    fn words_travel_one_a_line_and_back() {
        let lines = sample_lines();
        let w = Words::from_lines(&lines).unwrap();
        assert_eq!(w.region, "the region");
        assert_eq!(w.errors, "the errors");
        assert_eq!(w.to_lines(), lines);
        assert_eq!(w.unusable(), None);
    }

    #[test]
    fn a_wrong_count_of_lines_is_refused() {
        let lines = sample_lines();
        assert_eq!(Words::from_lines(&format!("{lines}\nextra")), None);
        assert_eq!(
            Words::from_lines(&lines[..lines.rfind('\n').unwrap()]),
            None
        );
    }

    #[test]
    fn empty_words_and_line_breaks_are_named() {
        let lines = sample_lines();
        let mut w = Words::from_lines(&lines).unwrap();
        w.copy = " ";
        assert_eq!(w.unusable(), Some("copy"));
        w.copy = "Copy";
        w.score = "a\nb";
        assert_eq!(w.unusable(), Some("score"));
    }

    #[test]
    fn a_site_word_with_a_slot_its_default_lacks_is_refused_by_name() {
        let check = <Words<'static> as Table>::check;
        assert_eq!(
            check("scale", Word::Text("Scale (empty: {canonical})")),
            Ok(())
        );
        assert_eq!(
            check("copy", Word::Text("Copy {canonical}")).unwrap_err(),
            "[setup] copy: \"Copy {canonical}\": {canonical} is not a slot (this sentence has none)"
        );
    }
}
