//! How a message quotes a value a run or a judgment gave: its JSON type (`a list`), the value
//! as compact JSON with numbers as written (`[1,2]`), cut to 24 characters with `…`. The run
//! reader ([`super::run`]) and the pairwise reader name the offending entry with these.

use pickanumber_text::json::{Kind, Value};

/// The JSON type of a value, for messages: `null`, `a boolean`, `a number`, `a string`,
/// `a list`, `an object`.
pub(crate) fn json_type(v: &Value) -> &'static str {
    match v.kind {
        Kind::Null => "null",
        Kind::Bool(_) => "a boolean",
        Kind::Number(_) => "a number",
        Kind::String(_) => "a string",
        Kind::Array(_) => "a list",
        Kind::Object(_) => "an object",
    }
}

/// A value as compact JSON (`"2"`, `true`, `[1,2]`, `{"a":1}`), numbers as written: how a
/// message quotes an entry that is not a number.
pub(crate) fn compact(v: &Value) -> String {
    let mut out = String::new();
    compact_into(&mut out, v);
    out
}

fn compact_into(out: &mut String, v: &Value) {
    match &v.kind {
        Kind::Null => out.push_str("null"),
        Kind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Kind::Number(n) => out.push_str(n),
        Kind::String(s) => pickanumber_text::json::quote(out, s),
        Kind::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                compact_into(out, item);
            }
            out.push(']');
        }
        Kind::Object(members) => {
            out.push('{');
            for (i, (key, value)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                pickanumber_text::json::quote(out, key);
                out.push(':');
                compact_into(out, value);
            }
            out.push('}');
        }
    }
}

/// At most 24 characters, with `…` when cut.
pub(crate) fn shorten(s: &str) -> String {
    if s.chars().count() <= 24 {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(23).collect();
        out.push('…');
        out
    }
}
