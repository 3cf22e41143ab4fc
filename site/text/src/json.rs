//! A small JSON reader (RFC 8259) for the JSON input formats, so the wasm builds (the
//! calculator, the probe and pairwise islands) do not carry serde_json.
//!
//! Data flow: **text** → [`parse`] (one pass of recursive descent over the bytes) → a
//! [`Value`] tree in which every value keeps the byte offset where it starts → the caller
//! reads what it needs from it (the formula crate's `input` module, the instruments crate's run,
//! items and judgment readers, the rubric crate's JSON rubrics) and turns offsets into `line:column` with [`line_col`].
//! A syntax error is an [`Error`] with the byte offset of the offending character (or of the
//! end of the text) and a message saying what was expected there.
//!
//! Choices: numbers are kept as their text (an impact is read from it as an integer; no float
//! is parsed here, so any number in range of the grammar is accepted, `1e400` included);
//! nesting is limited to 127 arrays and objects (the 128th is an error, as in serde_json),
//! so no input can overflow the stack; an object keeps its members in order and
//! [`Value::get`] returns the last member with a key (duplicate keys: the last wins).

use std::fmt;

mod reader;
#[cfg(test)]
mod tests;

use reader::Reader;

/// Arrays and objects may nest this deep; one more is an error.
pub const MAX_DEPTH: usize = 127;

/// One JSON value and where it starts in the text.
#[derive(Clone, Debug, PartialEq)]
pub struct Value<'a> {
    /// Byte offset of the value's first character.
    pub at: usize,
    /// What it is.
    pub kind: Kind<'a>,
}

/// The kinds of JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written (`-12`, `3.0`, `1e5`).
    Number(&'a str),
    /// A string with its escapes resolved.
    String(String),
    /// A list of values.
    Array(Vec<Value<'a>>),
    /// Members in the order written, duplicates kept.
    Object(Vec<(String, Value<'a>)>),
}

impl<'a> Value<'a> {
    /// The value of the last member named `key`, when this is an object that has one.
    pub fn get(&self, key: &str) -> Option<&Value<'a>> {
        match &self.kind {
            Kind::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|m| &m.1),
            _ => None,
        }
    }

    /// The value as prose for a message: `null`, `true`, `a number`, `a string`, `a list`,
    /// `an object`.
    pub fn describe(&self) -> &'static str {
        match self.kind {
            Kind::Null => "null",
            Kind::Bool(true) => "true",
            Kind::Bool(false) => "false",
            Kind::Number(_) => "a number",
            Kind::String(_) => "a string",
            Kind::Array(_) => "a list",
            Kind::Object(_) => "an object",
        }
    }
}

/// A syntax error: where and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Byte offset of the offending character, or the text's length at its end.
    pub at: usize,
    /// `expected ':' after a key, found '='`.
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Reads one JSON document: a value with optional whitespace around it.
///
/// ```
/// use pickanumber_text::json::{line_col, parse, Kind};
/// let v = parse(r#"{"scores": [7, 8.5]}"#).unwrap();
/// let Some(Kind::Array(scores)) = v.get("scores").map(|s| &s.kind) else { panic!() };
/// assert_eq!(scores[1].kind, Kind::Number("8.5"));
/// let text = "[1,\n 2";
/// let e = parse(text).unwrap_err();
/// assert_eq!(e.message, "expected ',' or ']' after a list element, found the end of the text");
/// assert_eq!(line_col(text, e.at), (2, 3));
/// ```
///
/// # Errors
/// The first syntax error: an unexpected character or end of text (naming what was expected),
/// a bad escape or lone surrogate in a string, a control character in a string, nesting
/// deeper than [`MAX_DEPTH`], or text after the value.
pub fn parse(text: &str) -> Result<Value<'_>, Error> {
    Reader::new(text).document()
}

/// Reads the JSON value at the start of `text` (white space before it allowed) and returns it
/// with the byte offset just after it, leaving the rest unread: for a value that may span
/// lines in a text of several values, such as pasted pretty-printed runs.
///
/// ```
/// use pickanumber_text::json::{parse_first, Kind};
/// let text = "{\"scores\": [\n  7,\n  8\n]}\n[9]";
/// let (v, end) = parse_first(text).unwrap();
/// assert!(matches!(v.kind, Kind::Object(_)));
/// assert_eq!(&text[end..], "\n[9]");
/// assert!(parse_first("[1,\n").is_err());
/// ```
///
/// # Errors
/// The first syntax error in the value, as [`parse`] reports it.
pub fn parse_first(text: &str) -> Result<(Value<'_>, usize), Error> {
    Reader::new(text).first_value()
}

/// Appends `s` to `out` as a JSON string: in double quotes, escaped as serde_json escapes
/// (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control characters as `\u00xx`;
/// everything else, non-ASCII included, as is). For quoting a value in a message.
///
/// ```
/// let mut out = String::new();
/// pickanumber_text::json::quote(&mut out, "a \"b\"\n");
/// assert_eq!(out, r#""a \"b\"\n""#);
/// ```
pub fn quote(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let b = u32::from(c) as usize;
                out.push_str("\\u00");
                out.push(char::from(HEX[b >> 4]));
                out.push(char::from(HEX[b & 0xf]));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The 1-based line and column (in characters) of byte `offset` of `text`, lines ending at
/// every break of [`crate::lines::BREAKS`]; an offset at the end of the text is the column
/// just after its last character. For many offsets of one text, one
/// [`Locator`](crate::lines::Locator) walks the text once.
///
/// ```
/// assert_eq!(pickanumber_text::json::line_col("ab\ncd", 4), (2, 2));
/// assert_eq!(pickanumber_text::json::line_col("ab\rcd", 4), (2, 2));
/// ```
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    crate::lines::Locator::new(text).line_col(offset)
}
