//! The judge store's document: one codec for everything that reads or writes it (the CLI's
//! `pickanumber score --save`, `score --load` and `versions`, and the calculator's saved passes
//! in the browser), so a document one of them writes is one the other reads, byte for byte in
//! the same style.
//!
//! The document: `{"id", "title", "created", "versions": [{"version", "timestamp", "summary",
//! "evidence", "scores"}, …]}` with any other keys kept. A document written before the list
//! was called [`LIST`] holds it under [`OLD_LIST`]; it is read the same.
//!
//! Data flow: text → [`read`] (the JSON reader of [`crate::json`], then the document's shape:
//! an object with exactly one of the two lists) → a [`Document`] whose members the caller
//! reads → the caller writes the members it keeps, in order, with a [`Pretty`] writer → the
//! text of the document: the style of Python's `json.dumps(value, indent=2)` (what the skill's
//! score.py writes, and serde_json's pretty printer with every non-ASCII character escaped as
//! `\uXXXX`), numbers as they were written, a final line break left to the caller.

use crate::json::{parse, quote, Kind, Value};

/// The key of the saved versions' list.
pub const LIST: &str = "versions";

/// The list's key in documents written before it was called [`LIST`] (and by the skill's
/// score.py before it): accepted on read, written as [`LIST`] on the next save.
pub const OLD_LIST: &str = "passes";

/// A judge document read from text: an object with a [`LIST`] (or [`OLD_LIST`]) list, its
/// members in the order written.
#[derive(Clone, Debug, PartialEq)]
pub struct Document<'a> {
    /// The document's members, in order, duplicates kept as written.
    pub members: Vec<(String, Value<'a>)>,
}

impl<'a> Document<'a> {
    /// The saved versions, oldest first.
    pub fn versions(&self) -> &[Value<'a>] {
        for (k, v) in self.members.iter().rev() {
            if let (LIST | OLD_LIST, Kind::Array(items)) = (k.as_str(), &v.kind) {
                return items;
            }
        }
        &[]
    }
}

/// Reads a judge document.
///
/// ```
/// use pickanumber_text::judge_doc::read;
/// let doc = read(r#"{"id": "x", "passes": [{"version": 1}]}"#).unwrap();
/// assert_eq!(doc.versions().len(), 1);
/// assert_eq!(read("[1]").unwrap_err(), "it is not a JSON object");
/// assert_eq!(read("{\"id\": 1,\n").unwrap_err(), "invalid JSON: line 2, column 1: expected a key in double quotes, found the end of the text");
/// ```
///
/// # Errors
/// Why the text is not a judge document, as a clause to put after "not a judge document":
/// `invalid JSON: line L, column C: …`, `it is not a JSON object`, `it has no "versions"
/// list`, or `it has both a "versions" and a "passes" list (…)`.
pub fn read(text: &str) -> Result<Document<'_>, String> {
    let value = parse(text).map_err(|e| {
        let (line, column) = crate::json::line_col(text, e.at);
        format!("invalid JSON: line {line}, column {column}: {}", e.message)
    })?;
    let Kind::Object(members) = value.kind else {
        return Err("it is not a JSON object".into());
    };
    let has = |key: &str| members.iter().any(|(k, _)| k == key);
    if has(LIST) && has(OLD_LIST) {
        return Err(format!(
            "it has both a \"{LIST}\" and a \"{OLD_LIST}\" list (\"{OLD_LIST}\" is the old name of \"{LIST}\")"
        ));
    }
    let doc = Document { members };
    // The last member of the list's name is the one read (as for any duplicate key).
    let last = doc
        .members
        .iter()
        .rev()
        .find(|(k, _)| k == LIST || k == OLD_LIST);
    match last {
        Some((
            _,
            Value {
                kind: Kind::Array(_),
                ..
            },
        )) => Ok(doc),
        _ => Err(format!("it has no \"{LIST}\" list")),
    }
}

/// Writes JSON in the document's style: Python's `json.dumps(indent=2)` with every non-ASCII
/// character escaped (`\u00e9`, a character beyond U+FFFF as its two UTF-16 halves), an empty
/// list as `[]` and an empty object as `{}`.
///
/// ```
/// use pickanumber_text::judge_doc::Pretty;
/// let mut w = Pretty::default();
/// w.open('{');
/// w.key("id");
/// w.string("café");
/// w.key("versions");
/// w.open('[');
/// w.close(']');
/// w.close('}');
/// assert_eq!(w.out, "{\n  \"id\": \"caf\\u00e9\",\n  \"versions\": []\n}");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Pretty {
    /// The text written so far.
    pub out: String,
    depth: usize,
    /// Nothing written yet in the innermost open list or object.
    empty: bool,
}

impl Pretty {
    /// Opens a list (`'['`) or an object (`'{'`).
    pub fn open(&mut self, bracket: char) {
        self.out.push(bracket);
        self.depth += 1;
        self.empty = true;
    }

    /// Closes the innermost list (`']'`) or object (`'}'`).
    pub fn close(&mut self, bracket: char) {
        self.depth -= 1;
        if !self.empty {
            self.line();
        }
        self.out.push(bracket);
        self.empty = false;
    }

    /// Starts the next element of the innermost list.
    pub fn item(&mut self) {
        if !self.empty {
            self.out.push(',');
        }
        self.empty = false;
        self.line();
    }

    /// Starts the next member of the innermost object: its key, then `": "`.
    pub fn key(&mut self, key: &str) {
        self.item();
        self.string(key);
        self.out.push_str(": ");
    }

    /// Writes a number or literal as given (`12`, `0.25`, `null`).
    pub fn raw(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// Writes a string, quoted and escaped.
    pub fn string(&mut self, s: &str) {
        let mut quoted = String::new();
        quote(&mut quoted, s);
        let mut halves = [0u16; 2];
        for c in quoted.chars() {
            if c.is_ascii() {
                self.out.push(c);
            } else {
                for h in c.encode_utf16(&mut halves) {
                    self.out.push_str("\\u");
                    for shift in [12, 8, 4, 0] {
                        self.out.push(char::from(
                            b"0123456789abcdef"[usize::from(*h >> shift & 0xf)],
                        ));
                    }
                }
            }
        }
    }

    /// Writes a value read by [`crate::json::parse`] (numbers as they were written; every
    /// member of an object, duplicates included).
    pub fn value(&mut self, v: &Value<'_>) {
        match &v.kind {
            Kind::Null => self.raw("null"),
            Kind::Bool(b) => self.raw(if *b { "true" } else { "false" }),
            Kind::Number(n) => self.raw(n),
            Kind::String(s) => self.string(s),
            Kind::Array(items) => {
                self.open('[');
                for i in items {
                    self.item();
                    self.value(i);
                }
                self.close(']');
            }
            Kind::Object(members) => {
                self.open('{');
                for (k, v) in members {
                    self.key(k);
                    self.value(v);
                }
                self.close('}');
            }
        }
    }

    fn line(&mut self) {
        self.out.push('\n');
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }
}

#[cfg(test)]
mod tests;
