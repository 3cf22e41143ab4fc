//! The setup page's words: every label of the form and of the results, each declared once here
//! with its default word ([`Words::default`]); the `[setup]` table of `content/layout.toml`
//! states only the words the site puts over them. The site generator reads the table (feature
//! `serde`) and writes the words into the static box as one attribute, one word a line
//! ([`Words::to_lines`]); the live island reads them back from there at mount
//! ([`Words::from_lines`]), so it never calls [`Words::default`] and its wasm holds none of the
//! default words.

/// The slot of the settings' labels that the page fills with the canonical value, `{canonical}`.
pub const CANONICAL: &str = "canonical";

/// Declares [`Words`] from one list of fields, each with the `{slots}` its word may hold
/// (`denominator [CANONICAL] = "…",`; none when no list follows) and its default word, so the
/// struct, its defaults, the writer, the reader and the slots cannot disagree on the order.
macro_rules! words {
    ($($(#[doc = $doc:literal])* $field:ident $([$($slot:expr),*])? = $default:literal,)*) => {
        /// The setup page's words (see the module doc).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Words {
            $($(#[doc = $doc])* pub $field: String,)*
        }

        /// The default words: the site's, where `[setup]` does not override them.
        impl Default for Words {
            fn default() -> Words {
                Words { $($field: $default.to_string(),)* }
            }
        }

        impl Words {
            /// Every word empty, to be filled.
            fn empty() -> Words {
                Words { $($field: String::new(),)* }
            }

            /// The keys of the table, in order, for messages.
            pub const KEYS: &'static [&'static str] = &[$(stringify!($field)),*];

            /// The `{slots}` each word may hold, in the order of [`Words::KEYS`]: the site's
            /// reader refuses any other at its line.
            pub const SLOTS: &'static [&'static [&'static str]] = &[$(&[$($($slot),*)?]),*];

            /// The word at the `index`-th key of [`Words::KEYS`], to be written.
            #[cfg(feature = "serde")]
            fn word_mut(&mut self, index: usize) -> Option<&mut String> {
                [$(&mut self.$field),*].into_iter().nth(index)
            }

            /// The words, one a line, in the order of [`Words::KEYS`].
            pub fn to_lines(&self) -> String {
                [$(self.$field.as_str()),*].join("\n")
            }

            /// The words written by [`Words::to_lines`], or `None` when the count of lines is
            /// not the count of words (markup from another build).
            pub fn from_lines(text: &str) -> Option<Words> {
                // One loop over the fields rather than one read a field: the island's wasm
                // carries this function, and the unrolled form cost 14 KB before compression.
                let lines: Vec<&str> = text.split('\n').collect();
                let mut words = Words::empty();
                let slots = [$(&mut words.$field),*];
                if lines.len() != slots.len() {
                    return None;
                }
                for (slot, line) in slots.into_iter().zip(lines) {
                    line.clone_into(slot);
                }
                Some(words)
            }

            /// The first key whose word is empty or holds a line break (neither can travel
            /// one a line), if any.
            pub fn unusable(&self) -> Option<&'static str> {
                $(if self.$field.trim().is_empty() || self.$field.contains(['\n', '\r']) {
                    return Some(stringify!($field));
                })*
                None
            }
        }
    };
}

words! {
    /// The accessible name of the island's region.
    region = "Rubric builder",
    /// The line above the static example: what it is and what the live form adds.
    example = "A worked example: the rubric for reviewing one pull request. Change any field and the rubric file, the prompt and the schema follow as you type.",
    /// The `<noscript>` note under the static example.
    noscript = "The form needs JavaScript. The rubric file, prompt and schema below are generated for this example when the site is built; pickanumber rubric prompt and pickanumber rubric schema do the same for your own rubric file from the command line.",
    /// The label of the subject field.
    subject = "What is scored",
    /// The legend of the mode choice.
    mode = "Mode",
    /// The pooled choice.
    pooled = "Pooled: one pool of items, one score",
    /// The matrix choice.
    matrix = "Matrix: criteria, each scored on its own, then weighted",
    /// The legend of the criteria.
    criteria = "Criteria",
    /// The label of a criterion's name.
    name = "Name (letters, digits, _ or -)",
    /// The label of a criterion's weight.
    weight = "Weight (greater than 0)",
    /// The label of what a +5 item looks like.
    plus5 = "What a +5 item looks like",
    /// The label of what a −5 item looks like.
    minus5 = "What a −5 item looks like",
    /// The button that adds a criterion.
    add_criterion = "Add a criterion",
    /// The button that removes a criterion or a trap.
    remove = "Remove",
    /// The label of the perspectives field.
    perspectives = "Perspectives, one a line",
    /// The line under the perspectives field.
    perspectives_hint = "The judge looks at the work from each in turn and labels every item with one.",
    /// The legend of the traps.
    traps = "Planted traps",
    /// The label of a trap's description.
    description = "The trap",
    /// The label of a trap's impact.
    impact = "Impact of an item that reports it",
    /// The button that adds a trap.
    add_trap = "Add a trap",
    /// The summary of the formula's settings.
    advanced = "Advanced: the formula's settings",
    /// The label of the density denominator; `{canonical}` stands for the value an empty
    /// field gives.
    denominator [CANONICAL] = "Density denominator (items for full confidence; empty for {canonical})",
    /// The label of the scale; `{canonical}` as for the denominator.
    scale [CANONICAL] = "Scale (points per unit of normalised evidence; empty for {canonical})",
    /// The line under the settings: what an empty field means.
    settings_hint = "Tune the denominator first, then the scale. An empty field keeps the canonical value.",
    /// The label of the field a rubric in JSON is pasted into.
    paste = "Or paste a rubric file, TOML or JSON (what this page or pickanumber rubric writes)",
    /// The button that loads the pasted rubric into the form.
    load = "Load the pasted rubric",
    /// The heading of the rubric file.
    toml = "The rubric file (rubric.toml)",
    /// The heading of the prompt.
    prompt = "The judge prompt",
    /// The heading of the schema.
    schema = "The JSON Schema of the judge's output",
    /// The copy buttons' label.
    copy = "Copy",
    /// The status after a copy.
    copied = "Copied.",
    /// The status when the browser refuses the clipboard.
    copy_failed = "The browser refused the clipboard; select the text instead.",
    /// The status when the browser will not keep the form for a reload.
    not_kept = "This browser's storage refused the form: it will not survive a reload.",
    /// The link that opens the calculator with the rubric's settings.
    score = "Score with this rubric in the calculator",
    /// The accessible name of the results.
    results = "The rubric file, prompt and schema",
    /// The lead-in of the list of errors.
    errors = "The rubric cannot be used yet: fix these fields.",
}

/// Reads the `[setup]` table over the default words: a key the table leaves out keeps its
/// default; a key the table lacks, or a word with a `{slot}` not its own ([`Words::SLOTS`]), is
/// refused at its place in the file.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Words {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Words, D::Error> {
        d.deserialize_struct("Words", Words::KEYS, Table)
    }
}

/// The visitor of the `[setup]` table.
#[cfg(feature = "serde")]
struct Table;

#[cfg(feature = "serde")]
impl<'de> serde::de::Visitor<'de> for Table {
    type Value = Words;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the table [setup] of words")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Words, A::Error> {
        let mut words = Words::default();
        while let Some(key) = map.next_key::<String>()? {
            let Some(index) = Words::KEYS.iter().position(|k| *k == key) else {
                // Refused while its value is read, so the error carries the key's place.
                return map.next_value_seed(Unknown(&key));
            };
            let text = map.next_value_seed(Slotted {
                key: Words::KEYS[index],
                slots: Words::SLOTS[index],
            })?;
            if let Some(word) = words.word_mut(index) {
                *word = text;
            }
        }
        Ok(words)
    }
}

/// The value of a key `[setup]` lacks: refused, naming the keys.
#[cfg(feature = "serde")]
struct Unknown<'k>(&'k str);

#[cfg(feature = "serde")]
impl<'de> serde::de::DeserializeSeed<'de> for Unknown<'_> {
    type Value = Words;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Words, D::Error> {
        <serde::de::IgnoredAny as serde::Deserialize>::deserialize(d)?;
        Err(serde::de::Error::unknown_field(self.0, Words::KEYS))
    }
}

/// One word of `[setup]`: text holding only the `slots` of its `key`.
#[cfg(feature = "serde")]
struct Slotted {
    key: &'static str,
    slots: &'static [&'static str],
}

#[cfg(feature = "serde")]
impl<'de> serde::de::DeserializeSeed<'de> for Slotted {
    type Value = String;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        match pickanumber_result_view::table::slot_refusal(&text, self.slots) {
            Some(why) => Err(serde::de::Error::custom(format!(
                "[setup] {}: {why}",
                self.key
            ))),
            None => Ok(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Words {
        let lines: Vec<String> = Words::KEYS.iter().map(|k| format!("the {k}")).collect();
        Words::from_lines(&lines.join("\n")).unwrap()
    }

    #[test]
    fn every_default_word_travels_and_keeps_only_its_slots() {
        let w = Words::default();
        assert_eq!(w.unusable(), None);
        assert_eq!(Words::from_lines(&w.to_lines()), Some(w.clone()));
        for (line, slots) in w.to_lines().split('\n').zip(Words::SLOTS) {
            assert_eq!(
                pickanumber_result_view::table::slot_refusal(line, slots),
                None
            );
        }
    }

    #[test]
    fn words_travel_one_a_line_and_back() {
        let w = sample();
        assert_eq!(w.region, "the region");
        assert_eq!(w.errors, "the errors");
        assert_eq!(Words::from_lines(&w.to_lines()), Some(w.clone()));
        assert_eq!(w.unusable(), None);
    }

    #[test]
    fn a_wrong_count_of_lines_is_refused() {
        let w = sample();
        assert_eq!(Words::from_lines(&format!("{}\nextra", w.to_lines())), None);
        let short = w.to_lines();
        let short = &short[..short.rfind('\n').unwrap()];
        assert_eq!(Words::from_lines(short), None);
    }

    #[test]
    fn empty_words_and_line_breaks_are_named() {
        let mut w = sample();
        w.copy = " ".into();
        assert_eq!(w.unusable(), Some("copy"));
        w.copy = "Copy".into();
        w.score = "a\nb".into();
        assert_eq!(w.unusable(), Some("score"));
    }
}
