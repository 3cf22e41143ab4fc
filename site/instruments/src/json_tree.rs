//! The command line's JSON documents (`aggregate.json`, the pairwise object) as a tree whose
//! objects keep their members in the order written, printed by serde_json.
//!
//! **typed results** → a [`Json`] tree built by the caller → [`Json::pretty`]
//! (`serde_json::to_string_pretty` through the [`serde::Serialize`] impl below, which writes
//! each object's members in order without serde_json's `preserve_order` feature) → text with
//! two-space indent and a trailing newline. Integers print as integers, doubles as serde_json
//! prints them, a non-finite double as `null`. Only with the `json` feature (the command line
//! and the tests): the wasm islands neither build nor print these documents.

use serde::ser::{SerializeMap, SerializeSeq};

/// A JSON value to write.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Json {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A double (`null` when not finite).
    Float(f64),
    /// A string, escaped when written.
    Str(String),
    /// A list.
    Array(Vec<Json>),
    /// An object, members in the order given.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// An object from `(key, value)` pairs.
    pub(crate) fn object<const N: usize>(members: [(&str, Json); N]) -> Json {
        Json::Object(
            members
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    }

    /// `Float(x)` for `Some(x)`, `Null` for `None`.
    pub(crate) fn opt_float(x: Option<f64>) -> Json {
        x.map_or(Json::Null, Json::Float)
    }

    /// A count (`usize`, `u64`), saturating at `i64::MAX`.
    pub(crate) fn count(n: impl TryInto<i64>) -> Json {
        Json::Int(n.try_into().unwrap_or(i64::MAX))
    }

    /// Pretty text (serde_json's) with a trailing newline.
    pub(crate) fn pretty(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_else(|_| "null".into());
        text.push('\n');
        text
    }
}

impl serde::Serialize for Json {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            Json::Int(n) => s.serialize_i64(*n),
            Json::Float(x) => s.serialize_f64(*x),
            Json::Str(text) => s.serialize_str(text),
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(members) => {
                let mut map = s.serialize_map(Some(members.len()))?;
                for (key, value) in members {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_keep_their_order_and_empty_containers_are_compact() {
        let v = Json::object([
            ("b", Json::Array(vec![])),
            ("a", Json::Object(vec![])),
            (
                "c",
                Json::Array(vec![Json::Int(1), Json::Null, Json::Float(2.5)]),
            ),
            (
                "d",
                Json::object([("e", Json::Bool(false)), ("f", Json::Float(f64::NAN))]),
            ),
        ]);
        assert_eq!(
            v.pretty(),
            "{\n  \"b\": [],\n  \"a\": {},\n  \"c\": [\n    1,\n    null,\n    2.5\n  ],\n  \"d\": {\n    \"e\": false,\n    \"f\": null\n  }\n}\n"
        );
    }
}
