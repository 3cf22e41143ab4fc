//! Text → a small tree of values that keeps the byte offset of every key and value, from TOML
//! (the `toml` crate's spanned `DeTable`) or JSON (the formula crate's own reader), so that one
//! checker (`check`) serves both formats and every message can name its line.

use crate::Error;
use pickanumber_score::json;
#[cfg(feature = "toml")]
use toml::de::{DeTable, DeValue};

/// One value and the byte offset where it starts.
#[derive(Debug)]
pub(crate) struct Node {
    /// Byte offset of the value's first character.
    pub at: usize,
    /// What it is.
    pub kind: NodeKind,
}

/// The kinds of value a rubric file can hold.
#[derive(Debug)]
pub(crate) enum NodeKind {
    /// A string.
    Str(String),
    /// An integer that fits in 64 bits.
    Int(i64),
    /// A floating-point number (JSON numbers with a fraction or an exponent).
    Float(f64),
    /// Anything a rubric never holds, described for messages: `a boolean`, `a date`, `null`.
    Other(&'static str),
    /// A number the formula crate's exact reader cannot read with one rounding (more than 15
    /// significant digits, or a power of ten beyond ±22).
    Inexact,
    /// A list.
    Array(Vec<Node>),
    /// A table (TOML) or object (JSON), in the order written.
    Table(Vec<Member>),
}

/// One key of a table and its value.
#[derive(Debug)]
pub(crate) struct Member {
    /// The key as written (escapes resolved).
    pub key: String,
    /// Byte offset of the key.
    pub at: usize,
    /// The value.
    pub value: Node,
}

impl Node {
    /// The value as prose for a message: `a string`, `an integer`, `a list`, ….
    pub fn describe(&self) -> &'static str {
        match &self.kind {
            NodeKind::Str(_) => "a string",
            NodeKind::Int(_) => "an integer",
            NodeKind::Float(_) => "a number with a fraction",
            NodeKind::Other(what) => what,
            NodeKind::Inexact => "a number that cannot be read exactly",
            NodeKind::Array(_) => "a list",
            NodeKind::Table(_) => "a table",
        }
    }
}

/// Reads a TOML document.
#[cfg(feature = "toml")]
pub(crate) fn from_toml(text: &str) -> Result<Node, Error> {
    let doc = DeTable::parse(text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        // The parser's message may run over several lines (what it expected); keep them on one.
        let message = e.message().split_whitespace().collect::<Vec<_>>().join(" ");
        Error::at(text, at, "", format!("TOML syntax: {message}"))
    })?;
    let at = doc.span().start;
    Ok(Node {
        at,
        kind: toml_table(doc.into_inner()),
    })
}

#[cfg(feature = "toml")]
fn toml_table(table: DeTable<'_>) -> NodeKind {
    let mut members: Vec<Member> = table
        .into_iter()
        .map(|(k, v)| Member {
            at: k.span().start,
            key: k.into_inner().into_owned(),
            value: toml_value(v.span().start, v.into_inner()),
        })
        .collect();
    // The table is a sorted map: put the keys back in the order they were written.
    members.sort_by_key(|m| m.at);
    NodeKind::Table(members)
}

#[cfg(feature = "toml")]
fn toml_value(at: usize, value: DeValue<'_>) -> Node {
    let kind = match value {
        DeValue::String(s) => NodeKind::Str(s.into_owned()),
        DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) => NodeKind::Int(n),
            // A whole number beyond 64 bits is still a number (a weight of 1e20 written out).
            Err(_) if i.radix() == 10 => decimal(i.as_str()),
            Err(_) => NodeKind::Other("an integer too large for 64 bits"),
        },
        DeValue::Float(f) => match f.as_str().trim_start_matches(['+', '-']) {
            // TOML's special floats, kept so that the weight rule can name them.
            "inf" => NodeKind::Float(f64::INFINITY),
            "nan" => NodeKind::Float(f64::NAN),
            _ => decimal(f.as_str()),
        },
        DeValue::Boolean(_) => NodeKind::Other("a boolean"),
        DeValue::Datetime(_) => NodeKind::Other("a date or time"),
        DeValue::Array(items) => NodeKind::Array(
            items
                .into_iter()
                .map(|v| toml_value(v.span().start, v.into_inner()))
                .collect(),
        ),
        DeValue::Table(t) => toml_table(t),
    };
    Node { at, kind }
}

/// A number read by the formula crate's exact decimal reader (not `str::parse::<f64>`, whose
/// tables the wasm builds leave out), or what it is when it cannot be read exactly.
fn decimal(text: &str) -> NodeKind {
    match pickanumber_score::parse_decimal(text) {
        Ok(x) => NodeKind::Float(x),
        Err(pickanumber_score::DecimalError::TooPrecise) => NodeKind::Inexact,
        Err(pickanumber_score::DecimalError::NotANumber) => {
            NodeKind::Other("a number that cannot be read")
        }
    }
}

/// Reads a JSON document, with the errors of keys given twice in one object (TOML forbids
/// them too; the first is kept, so the rest of the file can still be checked).
pub(crate) fn from_json(text: &str) -> Result<(Node, Vec<Error>), Error> {
    let doc =
        json::parse(text).map_err(|e| Error::at(text, e.at, "", format!("JSON syntax: {e}")))?;
    let mut errors = Vec::new();
    let node = json_value(text, doc, &mut errors);
    Ok((node, errors))
}

fn json_value(text: &str, value: json::Value<'_>, errors: &mut Vec<Error>) -> Node {
    let kind = match value.kind {
        json::Kind::Null => NodeKind::Other("null"),
        json::Kind::Bool(_) => NodeKind::Other("a boolean"),
        json::Kind::Number(n) => match n.parse::<i64>() {
            Ok(i) => NodeKind::Int(i),
            Err(_) => decimal(n),
        },
        json::Kind::String(s) => NodeKind::Str(s),
        json::Kind::Array(items) => NodeKind::Array(
            items
                .into_iter()
                .map(|v| json_value(text, v, errors))
                .collect(),
        ),
        json::Kind::Object(members) => {
            let mut out: Vec<Member> = Vec::with_capacity(members.len());
            for (key, v) in members {
                // The reader keeps the value's offset only: the key sits on the same line in
                // any file a person or a serialiser writes, so the value's place names it.
                let at = v.at;
                if out.iter().any(|m| m.key == key) {
                    errors.push(Error::at(
                        text,
                        at,
                        &key,
                        "this key is given twice in one object".into(),
                    ));
                    continue;
                }
                let value = json_value(text, v, errors);
                out.push(Member { key, at, value });
            }
            NodeKind::Table(out)
        }
    };
    Node { at: value.at, kind }
}
