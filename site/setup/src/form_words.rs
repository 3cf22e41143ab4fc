//! The setup page's words: every label of the form and of the results, from the `[setup]` table
//! of `content/layout.toml`. The site generator reads the table (feature `serde`) and writes the
//! words into the static box as one attribute, one word a line ([`Words::to_lines`]); the live
//! island reads them back from there at mount ([`Words::from_lines`]), so no label is typed in
//! Rust and none is compiled into the wasm.

/// The slot of the settings' labels that the page fills with the canonical value, `{canonical}`.
pub const CANONICAL: &str = "canonical";

/// Declares [`Words`] from one list of fields, each with the `{slots}` its word may hold
/// (`denominator [CANONICAL],`; none when no list follows), so the struct, the writer, the
/// reader and the slots cannot disagree on the order.
macro_rules! words {
    ($($(#[doc = $doc:literal])* $field:ident $([$($slot:expr),*])?,)*) => {
        /// The setup page's words (see the module doc).
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        pub struct Words {
            $($(#[doc = $doc])* pub $field: String,)*
        }

        impl Words {
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
                let mut words = Words::default();
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
    region,
    /// The line above the static example: what it is and what the live form adds.
    example,
    /// The `<noscript>` note under the static example.
    noscript,
    /// The label of the subject field.
    subject,
    /// The legend of the mode choice.
    mode,
    /// The pooled choice.
    pooled,
    /// The matrix choice.
    matrix,
    /// The legend of the criteria.
    criteria,
    /// The label of a criterion's name.
    name,
    /// The label of a criterion's weight.
    weight,
    /// The label of what a +5 item looks like.
    plus5,
    /// The label of what a −5 item looks like.
    minus5,
    /// The button that adds a criterion.
    add_criterion,
    /// The button that removes a criterion or a trap.
    remove,
    /// The label of the perspectives field.
    perspectives,
    /// The line under the perspectives field.
    perspectives_hint,
    /// The legend of the traps.
    traps,
    /// The label of a trap's description.
    description,
    /// The label of a trap's impact.
    impact,
    /// The button that adds a trap.
    add_trap,
    /// The summary of the formula's settings.
    advanced,
    /// The label of the density denominator; `{canonical}` stands for the value an empty
    /// field gives.
    denominator [CANONICAL],
    /// The label of the scale; `{canonical}` as for the denominator.
    scale [CANONICAL],
    /// The line under the settings: what an empty field means.
    settings_hint,
    /// The label of the field a rubric in JSON is pasted into.
    paste,
    /// The button that loads the pasted rubric into the form.
    load,
    /// The heading of the rubric file.
    toml,
    /// The heading of the prompt.
    prompt,
    /// The heading of the schema.
    schema,
    /// The copy buttons' label.
    copy,
    /// The status after a copy.
    copied,
    /// The status when the browser refuses the clipboard.
    copy_failed,
    /// The status when the browser will not keep the form for a reload.
    not_kept,
    /// The link that opens the calculator with the rubric's settings.
    score,
    /// The accessible name of the results.
    results,
    /// The lead-in of the list of errors.
    errors,
}

/// Reads the `[setup]` table: every key once, each word with only its own `{slots}`
/// ([`Words::SLOTS`]), refused at the word's place in the file otherwise.
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
        use serde::de::Error;
        let mut words = Words::default();
        let mut seen = vec![false; Words::KEYS.len()];
        while let Some(key) = map.next_key::<String>()? {
            let Some(index) = Words::KEYS.iter().position(|k| *k == key) else {
                return Err(A::Error::unknown_field(&key, Words::KEYS));
            };
            let text = map.next_value_seed(Slotted {
                key: Words::KEYS[index],
                slots: Words::SLOTS[index],
            })?;
            if let Some(word) = words.word_mut(index) {
                *word = text;
            }
            seen[index] = true;
        }
        match seen.iter().position(|s| !s) {
            Some(index) => Err(A::Error::missing_field(Words::KEYS[index])),
            None => Ok(words),
        }
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
        let mut w = Words::default();
        let lines: Vec<String> = Words::KEYS.iter().map(|k| format!("the {k}")).collect();
        w = Words::from_lines(&lines.join("\n")).unwrap_or(w);
        w
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
