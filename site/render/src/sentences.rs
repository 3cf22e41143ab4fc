//! Sentences from `content/layout.toml` that carry computed values: a [`Text`] is a string
//! with `{name}` slots, which the renderer fills with numbers from the formula and instruments
//! crates. Each kind of sentence names its slots (a [`Slots`] type), so a slot the renderer
//! cannot fill, or a stray `{`, is an error at the sentence's line when the file is read.
//!
//! A sentence is plain text, escaped as it is written, unless its kind is markdown
//! ([`Slots::MARKDOWN`]): then it is inline markdown (`` `code` ``, `*emphasis*`, inline HTML
//! as in the footer) without links, since a link written here would be shown on many pages
//! and checked on none.

use crate::html::escape;
use std::fmt;
use std::marker::PhantomData;

/// The slots a kind of sentence may use, and whether it is markdown.
pub trait Slots {
    /// The slot names, without braces.
    const NAMES: &'static [&'static str];
    /// Whether the sentence is inline markdown rather than plain text.
    const MARKDOWN: bool = false;
}

/// Declares a kind of sentence: `slots!(/// doc, Name, markdown, ["a", "b"]);`.
#[macro_export]
macro_rules! slots {
    ($(#[$doc:meta])* $name:ident, $markdown:expr, [$($slot:literal),* $(,)?]) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;
        impl $crate::sentences::Slots for $name {
            const NAMES: &'static [&'static str] = &[$($slot),*];
            const MARKDOWN: bool = $markdown;
        }
    };
}

slots!(
    /// A markdown note without slots (the islands' `<noscript>` notes).
    Note,
    true,
    []
);

slots!(
    /// A count of items: `{n} items`.
    ItemCount,
    false,
    ["n"]
);

/// How many items, in the site's words: the form for one and the form for any other count.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Count {
    /// One item: `{n} item`.
    pub one: Text<ItemCount>,
    /// Any other number: `{n} items`.
    pub other: Text<ItemCount>,
}

/// The default words: the site's, where `content/layout.toml` does not override them.
impl Default for Count {
    fn default() -> Count {
        Count {
            one: "{n} item".into(),
            other: "{n} items".into(),
        }
    }
}

impl Count {
    /// `n` items as plain text.
    pub fn of(&self, n: usize) -> String {
        let form = if n == 1 { &self.one } else { &self.other };
        form.plain(&[("n", &n.to_string())])
    }
}

/// A sentence with the slots of `S`, checked when it is read.
pub struct Text<S> {
    text: String,
    kind: PhantomData<S>,
}

impl<S: Slots> Text<S> {
    /// A sentence from its text.
    ///
    /// # Errors
    /// A slot that `S` does not name, an unclosed `{`, or (markdown) a link.
    pub fn new(text: &str) -> Result<Text<S>, String> {
        if let Some(message) = pickanumber_result_view::table::slot_refusal(text, S::NAMES) {
            return Err(message);
        }
        if S::MARKDOWN {
            let links = pulldown_cmark::Parser::new_ext(text, crate::events::options()).any(|e| {
                matches!(
                    e,
                    pulldown_cmark::Event::Start(
                        pulldown_cmark::Tag::Link { .. } | pulldown_cmark::Tag::Image { .. }
                    )
                )
            });
            if links {
                return Err(format!(
                    "\"{text}\": a link here would go unchecked; write it in a page instead"
                ));
            }
        }
        Ok(Text {
            text: text.to_string(),
            kind: PhantomData,
        })
    }

    /// The sentence as plain, unescaped text, each slot replaced by its value (for text that
    /// is escaped later, as a whole).
    pub fn text(&self, values: &[(&str, &str)]) -> String {
        values.iter().fold(self.text.clone(), |t, (name, value)| {
            t.replace(&format!("{{{name}}}"), value)
        })
    }

    /// The sentence as escaped text, each slot replaced by its escaped value.
    pub fn plain(&self, values: &[(&str, &str)]) -> String {
        fill(&escape(&self.text), values)
    }

    /// The sentence as inline HTML (markdown for a markdown kind, else escaped text), each slot
    /// replaced by its escaped value.
    pub fn html(&self, values: &[(&str, &str)]) -> String {
        if !S::MARKDOWN {
            return self.plain(values);
        }
        let mut html = String::new();
        pulldown_cmark::html::push_html(
            &mut html,
            pulldown_cmark::Parser::new_ext(&self.text, crate::events::options()),
        );
        let html = html.trim_end();
        let inline = html
            .strip_prefix("<p>")
            .and_then(|h| h.strip_suffix("</p>"))
            .unwrap_or(html);
        fill(inline, values)
    }
}

/// `text` with each `{name}` replaced by the escaped value of `name`. Every slot was checked
/// against its kind's names when the sentence was read; a slot the caller did not fill is
/// left empty.
fn fill(text: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.push_str(&rest[..open]);
        let name = &rest[open + 1..open + close];
        let value = values.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
        debug_assert!(value.is_some(), "slot {{{name}}} was not filled");
        out.push_str(&escape(value.unwrap_or_default()));
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

impl<'de, S: Slots> serde::Deserialize<'de> for Text<S> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Text<S>, D::Error> {
        let text = String::deserialize(d)?;
        Text::new(&text).map_err(serde::de::Error::custom)
    }
}

impl<S> Clone for Text<S> {
    fn clone(&self) -> Text<S> {
        Text {
            text: self.text.clone(),
            kind: PhantomData,
        }
    }
}

/// A default word written in the code (a table's `Default`): taken as written, each checked by
/// the tests as [`Text::new`] checks the site's (`layout_words`' test of the defaults).
impl<S> From<&'static str> for Text<S> {
    fn from(text: &'static str) -> Text<S> {
        Text {
            text: text.to_string(),
            kind: PhantomData,
        }
    }
}

impl<S> Text<S> {
    /// The sentence as written, its `{slots}` unfilled.
    #[cfg(test)]
    pub(crate) fn as_written(&self) -> &str {
        &self.text
    }
}

impl<S> Default for Text<S> {
    fn default() -> Text<S> {
        Text {
            text: String::new(),
            kind: PhantomData,
        }
    }
}

impl<S> PartialEq for Text<S> {
    fn eq(&self, other: &Text<S>) -> bool {
        self.text == other.text
    }
}

impl<S> Eq for Text<S> {}

impl<S> fmt::Debug for Text<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.text, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    slots!(
        /// For the tests.
        Pair,
        true,
        ["id", "n"]
    );

    #[test]
    fn slots_are_filled_with_escaped_values() {
        let t: Text<Pair> = Text::new("Block `{id}` has {n} items & *more*").unwrap();
        assert_eq!(
            t.html(&[("id", "a&b"), ("n", "3")]),
            "Block <code>a&amp;b</code> has 3 items &amp; <em>more</em>"
        );
        let c = Count {
            one: Text::new("{n} item").unwrap(),
            other: Text::new("{n} items").unwrap(),
        };
        assert_eq!((c.of(1), c.of(0)), ("1 item".into(), "0 items".into()));
    }

    #[test]
    fn unknown_slots_braces_and_links_are_refused() {
        assert_eq!(
            Text::<Pair>::new("{count} items").unwrap_err(),
            "\"{count} items\": {count} is not a slot here (slots: {id}, {n})"
        );
        assert_eq!(
            Text::<Pair>::new("a { b").unwrap_err(),
            "\"a { b\": a { without its }"
        );
        assert_eq!(
            Text::<Pair>::new("see [the paper](/paper/)").unwrap_err(),
            "\"see [the paper](/paper/)\": a link here would go unchecked; write it in a page instead"
        );
    }
}
