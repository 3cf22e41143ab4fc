//! What a reader of word tables needs, whatever the table: [`words_table!`] declares a table
//! of [`crate::words`] once (each field with its doc comment and default word), and gives it
//! the [`Table`] trait: its path in the site's `content/layout.toml`, its keys, a setter that
//! borrows a word ([`Table::set`]) and [`Table::check`], the one rule for a word the site puts
//! over a default (a key the table has, of the default's type, with only the `{slots}` the
//! default word has, and for a markup-free table no `<`, `>` or `&`). The renderer and the
//! islands' build (`pickanumber-island-words`) read the file with it; neither declares a table
//! again. Nothing here is called by the islands, so their wasm holds none of it.

use std::fmt;

/// One word of a table, borrowed: a text, or a list of texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word<'a, 'l> {
    /// A text (`key = "…"`).
    Text(&'a str),
    /// A list of texts (`key = ["…", "…"]`).
    List(&'l [&'a str]),
}

impl<'a, 'l> Word<'a, 'l> {
    /// The text, or each text of the list.
    pub fn texts(self) -> impl Iterator<Item = &'a str> + 'l {
        let (one, list): (Option<&'a str>, &'l [&'a str]) = match self {
            Word::Text(t) => (Some(t), &[]),
            Word::List(l) => (None, l),
        };
        one.into_iter().chain(list.iter().copied())
    }
}

/// Why [`Table::set`] refused a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The table has no such key; these are its keys.
    Unknown(&'static [&'static str]),
    /// The key holds a text, not a list.
    Text,
    /// The key holds a list of this many texts.
    List(usize),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Unknown(keys) => f.write_str(&unknown(keys)),
            Refusal::Text => f.write_str("must be text, not a list"),
            Refusal::List(n) => write!(f, "must be a list of {n} texts"),
        }
    }
}

/// A word table of [`crate::words`], implemented by [`words_table!`] on its struct with the
/// `'static` lifetime (`CalculatorLive<'static>` stands for the table `[calculator.live]`).
pub trait Table {
    /// The struct, its words borrowed for `'a`.
    type Words<'a>: Copy + fmt::Debug;
    /// The table's path in `content/layout.toml`: `calculator.live`.
    const PATH: &'static str;
    /// The keys, in the struct's order.
    const KEYS: &'static [&'static str];
    /// The struct's name, for generated Rust.
    const STRUCT: &'static str;
    /// The name of the default words' constant, for generated Rust.
    const DEFAULT: &'static str;
    /// Whether the words stand in markup as written: no `<`, `>` or `&`
    /// ([`crate::markup_free::refusal`]).
    const MARKUP_FREE: bool;
    /// The default words.
    fn defaults<'a>() -> Self::Words<'a>;
    /// Puts `word` at `key`.
    ///
    /// # Errors
    /// An unknown key, or a word of the other type or length.
    fn set<'a>(words: &mut Self::Words<'a>, key: &str, word: Word<'a, '_>) -> Result<(), Refusal>;
    /// The word at `key`.
    fn get<'a, 'l>(words: &'l Self::Words<'a>, key: &str) -> Option<Word<'a, 'l>>;

    /// Whether the site may put `word` over the default at `key`: a key of the table, a word
    /// of the default's type, each text with only the `{slots}` of the default word, and for a
    /// markup-free table no `<`, `>` or `&`.
    ///
    /// # Errors
    /// The message, naming the table and key (and for a slot, the text and the slots it may
    /// use).
    fn check(key: &str, word: Word<'_, '_>) -> Result<(), String> {
        let defaults = Self::defaults();
        let mut words = defaults;
        Self::set(&mut words, key, word).map_err(|r| format!("[{}] {key} {r}", Self::PATH))?;
        let default = Self::get(&defaults, key).into_iter().flat_map(Word::texts);
        let mut allowed = Vec::new();
        for text in default {
            allowed.extend(slots(text).unwrap_or_default());
        }
        for text in word.texts() {
            if let Some(message) = slot_refusal(text, &allowed) {
                return Err(format!("[{}] {key}: {message}", Self::PATH));
            }
        }
        if Self::MARKUP_FREE {
            if let Some(message) = crate::markup_free::refusal(key, word.texts()) {
                return Err(message);
            }
        }
        Ok(())
    }
}

/// The `{slot}` names of `text`, in order.
///
/// # Errors
/// A `{` without its `}`, in a message quoting the text.
pub fn slots(text: &str) -> Result<Vec<&str>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after
            .find('}')
            .ok_or_else(|| format!("\"{text}\": a {{ without its }}"))?;
        out.push(&after[..close]);
        rest = &after[close + 1..];
    }
    Ok(out)
}

/// Why `text` cannot stand where only the slots `allowed` are filled: an unclosed `{`, or the
/// first slot not among them, in a message quoting the text and naming the allowed slots.
///
/// ```
/// use pickanumber_result_view::table::slot_refusal;
/// assert_eq!(slot_refusal("{n} items", &["n"]), None);
/// assert_eq!(
///     slot_refusal("{count} items", &["n", "m"]).unwrap(),
///     "\"{count} items\": {count} is not a slot here (slots: {n}, {m})"
/// );
/// assert_eq!(
///     slot_refusal("{n} items", &[]).unwrap(),
///     "\"{n} items\": {n} is not a slot (this sentence has none)"
/// );
/// ```
pub fn slot_refusal(text: &str, allowed: &[&str]) -> Option<String> {
    let found = match slots(text) {
        Ok(found) => found,
        Err(message) => return Some(message),
    };
    let slot = found.into_iter().find(|s| !allowed.contains(s))?;
    Some(if allowed.is_empty() {
        format!("\"{text}\": {{{slot}}} is not a slot (this sentence has none)")
    } else {
        let names: Vec<String> = allowed.iter().map(|n| format!("{{{n}}}")).collect();
        format!(
            "\"{text}\": {{{slot}}} is not a slot here (slots: {})",
            names.join(", ")
        )
    })
}

/// The message for a key that the table at `path` lacks, where its keys are `keys` (a table's
/// [`Table::KEYS`], and any keys its reader holds beside them).
pub fn not_a_key(path: &str, key: &str, keys: &[&str]) -> String {
    format!("[{path}] {key} {}", unknown(keys))
}

/// What is said of a key not among `keys`.
fn unknown(keys: &[&str]) -> String {
    format!("is not a key here (keys: {})", keys.join(", "))
}

/// The message for a value that is no word: `type_name` is what the file holds instead.
pub fn not_a_word(path: &str, key: &str, type_name: &str) -> String {
    format!("[{path}] {key} is {type_name}, not text or a list of text")
}

/// Declares a word table once: the borrowed struct (`&'a str` fields, `[&'a str; N]` lists,
/// `Clone, Copy, Debug, PartialEq, Eq`), its default words' constant, and [`Table`]. Each field
/// is written with its doc comment and default word:
///
/// ```
/// use pickanumber_result_view::table::{Table, Word};
/// pickanumber_result_view::words_table! {
///     /// The struct's doc.
///     pub struct Legend, "plots.legend", markup_free: false;
///     /// The constant's doc.
///     pub const LEGEND {
///         /// A text, with a slot.
///         title: "{n} lines",
///         /// A list.
///         columns: ["A", "B"],
///     }
/// }
/// assert_eq!(Legend::KEYS, ["title", "columns"]);
/// let mut legend = LEGEND;
/// legend.set("columns", Word::List(&["X", "Y"])).unwrap();
/// assert_eq!(legend, Legend { title: "{n} lines", columns: ["X", "Y"] });
/// assert_eq!(
///     <Legend<'static> as Table>::check("title", Word::Text("{m} lines")).unwrap_err(),
///     "[plots.legend] title: \"{m} lines\": {m} is not a slot here (slots: {n})"
/// );
/// let mut texts = ["{n} rows", "P", "Q"].into_iter();
/// let read = Legend::from_texts(|| texts.next().unwrap_or_default());
/// assert_eq!(read, Legend { title: "{n} rows", columns: ["P", "Q"] });
/// ```
#[macro_export]
macro_rules! words_table {
    (
        $(#[$doc:meta])*
        pub struct $name:ident, $path:literal, markup_free: $free:literal;
        $(#[$const_doc:meta])*
        pub const $default:ident {
            $( $(#[$field_doc:meta])* $field:ident : $value:tt ),* $(,)?
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name<'a> {
            $( $(#[$field_doc])* pub $field: $crate::words_table!(@type 'a $value), )*
        }

        $(#[$const_doc])*
        pub const $default: $name<'static> = $name { $( $field: $value, )* };

        // The readers' methods are `#[inline]`: compiled only in a crate that calls them, so the
        // islands, which never read a table, link none of their key strings (equal strings they
        // do use would otherwise be laid out anew and pack worse).
        impl<'a> $name<'a> {
            /// The table's keys, in the struct's order.
            pub const KEYS: &'static [&'static str] = &[$(stringify!($field)),*];

            /// Puts `word` at `key`, borrowing it.
            ///
            /// # Errors
            /// An unknown key (with the keys), or a word of the other type or length.
            #[inline]
            pub fn set(
                &mut self,
                key: &str,
                word: $crate::table::Word<'a, '_>,
            ) -> Result<(), $crate::table::Refusal> {
                match key {
                    $( stringify!($field) => $crate::words_table!(@set self.$field, word, $value), )*
                    _ => Err($crate::table::Refusal::Unknown(Self::KEYS)),
                }
            }

            /// The table with each text taken from `next`, called once a text in the fields'
            /// order (each text of a list in turn): for a reader that carries the words
            /// elsewhere, such as an island reading them from its page, and links none of the
            /// defaults.
            #[inline]
            pub fn from_texts(mut next: impl FnMut() -> &'a str) -> Self {
                $name { $( $field: $crate::words_table!(@next next, $value), )* }
            }

            /// The word at `key`, or `None` for a key the table lacks.
            #[inline]
            pub fn get<'l>(&'l self, key: &str) -> Option<$crate::table::Word<'a, 'l>> {
                match key {
                    $( stringify!($field) => Some($crate::words_table!(@get self.$field, $value)), )*
                    _ => None,
                }
            }
        }

        impl $crate::table::Table for $name<'static> {
            type Words<'a> = $name<'a>;
            const PATH: &'static str = $path;
            const KEYS: &'static [&'static str] = $name::KEYS;
            const STRUCT: &'static str = stringify!($name);
            const DEFAULT: &'static str = stringify!($default);
            const MARKUP_FREE: bool = $free;
            #[inline]
            fn defaults<'a>() -> $name<'a> {
                $default
            }
            #[inline]
            fn set<'a>(
                words: &mut Self::Words<'a>,
                key: &str,
                word: $crate::table::Word<'a, '_>,
            ) -> Result<(), $crate::table::Refusal> {
                words.set(key, word)
            }
            #[inline]
            fn get<'a, 'l>(words: &'l Self::Words<'a>, key: &str) -> Option<$crate::table::Word<'a, 'l>> {
                words.get(key)
            }
        }
    };
    (@type $a:lifetime [$($item:literal),* $(,)?]) => {
        [&$a str; [$($crate::words_table!(@one $item)),*].len()]
    };
    (@type $a:lifetime $text:literal) => { &$a str };
    (@one $item:literal) => { () };
    (@next $next:ident, [$($item:literal),* $(,)?]) => {
        [$($crate::words_table!(@call $next, $item)),*]
    };
    (@next $next:ident, $text:literal) => { $next() };
    (@call $next:ident, $item:literal) => { $next() };
    (@set $place:expr, $word:expr, [$($item:literal),* $(,)?]) => {
        match $word {
            $crate::table::Word::List(list) => match list.try_into() {
                Ok(list) => {
                    $place = list;
                    Ok(())
                }
                Err(_) => Err($crate::table::Refusal::List($place.len())),
            },
            $crate::table::Word::Text(_) => Err($crate::table::Refusal::List($place.len())),
        }
    };
    (@set $place:expr, $word:expr, $text:literal) => {
        match $word {
            $crate::table::Word::Text(text) => {
                $place = text;
                Ok(())
            }
            $crate::table::Word::List(_) => Err($crate::table::Refusal::Text),
        }
    };
    (@get $place:expr, [$($item:literal),* $(,)?]) => { $crate::table::Word::List(&$place) };
    (@get $place:expr, $text:literal) => { $crate::table::Word::Text($place) };
}
