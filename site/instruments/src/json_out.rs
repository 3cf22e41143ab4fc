//! A small JSON writer for the command line's outputs (`aggregate.json`, the pairwise
//! object), so the crate needs no serde_json.
//!
//! **typed results** → a [`Json`] tree built by the caller → [`Json::pretty`] → text
//! byte-identical to what `serde_json::to_string_pretty` printed for the same document:
//! two-space indent, `"key": value`, one array element per line, `[]` and `{}` when empty,
//! strings escaped as serde_json escapes them (`\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f`, other
//! control characters as `\u00xx`; everything else, non-ASCII included, as is), integers as
//! integers and doubles in their shortest round-trip form laid out as serde_json lays them out
//! (`2.5`, `3.0`, `0.0001`, `1e-7`, `1e+16`; a non-finite double as `null`).
//!
//! Doubles go through zmij, the formatter serde_json itself uses (its choice among equally
//! short digit strings differs from the standard library's now and then, so only it gives the
//! same bytes). Only the command line writes JSON, so that code stays out of the wasm islands (they use [`string`] alone, to quote an entry
//! in a message).

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

    /// Pretty text with a trailing newline.
    pub(crate) fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String, indent: usize) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(n) => out.push_str(&n.to_string()),
            Json::Float(x) => out.push_str(&float(*x)),
            Json::Str(s) => string(out, s),
            Json::Array(items) => {
                if items.is_empty() {
                    out.push_str("[]");
                    return;
                }
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    pad(out, indent + 1);
                    item.write(out, indent + 1);
                }
                out.push('\n');
                pad(out, indent);
                out.push(']');
            }
            Json::Object(members) => {
                if members.is_empty() {
                    out.push_str("{}");
                    return;
                }
                out.push('{');
                for (i, (key, value)) in members.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    pad(out, indent + 1);
                    string(out, key);
                    out.push_str(": ");
                    value.write(out, indent + 1);
                }
                out.push('\n');
                pad(out, indent);
                out.push('}');
            }
        }
    }
}

fn pad(out: &mut String, indent: usize) {
    for _ in 0..indent {
        out.push_str("  ");
    }
}

/// `s` in double quotes, escaped as serde_json escapes it.
pub(crate) fn string(out: &mut String, s: &str) {
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

/// A double as serde_json prints it (through the same formatter, zmij): the shortest digits
/// that read back to `x`, in plain notation when the decimal exponent lies in −5..=15
/// (`0.00001`, `123.0`), else in scientific notation with a signed exponent (`1e-7`,
/// `1.5e+16`); `null` for NaN and the infinities, as serde_json writes them.
fn float(x: f64) -> String {
    if x.is_finite() {
        zmij::Buffer::new().format_finite(x).to_string()
    } else {
        "null".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The same document as a serde_json value.
    fn to_serde(v: &Json) -> serde_json::Value {
        use serde_json::Value as S;
        match v {
            Json::Null => S::Null,
            Json::Bool(b) => S::Bool(*b),
            Json::Int(n) => S::from(*n),
            Json::Float(x) => S::from(*x),
            Json::Str(s) => S::String(s.clone()),
            Json::Array(a) => S::Array(a.iter().map(to_serde).collect()),
            Json::Object(m) => {
                let mut map = serde_json::Map::new();
                for (k, v) in m {
                    map.insert(k.clone(), to_serde(v));
                }
                S::Object(map)
            }
        }
    }

    fn serde_pretty(v: &Json) -> String {
        let mut s = serde_json::to_string_pretty(&to_serde(v)).unwrap();
        s.push('\n');
        s
    }

    #[test]
    fn doubles_print_as_serde_json_prints_them() {
        for x in [
            0.0,
            -0.0,
            1.0,
            -2.5,
            0.1,
            0.3125,
            1.0 / 3.0,
            1e-5,
            1.5e-5,
            1e-6,
            1e-7,
            123_456_789.0,
            1e15,
            1e16,
            1.5e16,
            9_007_199_254_740_993.0,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            1e300,
        ] {
            assert_eq!(float(x), serde_json::to_string(&x).unwrap(), "{x:e}");
        }
        assert_eq!(float(f64::NAN), "null");
        assert_eq!(float(f64::NEG_INFINITY), "null");
    }

    #[test]
    fn strings_escape_as_serde_json_escapes_them() {
        let s: String = (0u32..0x80)
            .filter_map(char::from_u32)
            .chain("é😀\u{2028}".chars())
            .collect();
        let mut ours = String::new();
        string(&mut ours, &s);
        assert_eq!(ours, serde_json::to_string(&s).unwrap());
    }

    #[test]
    fn empty_containers_and_nesting() {
        let v = Json::object([
            ("a", Json::Array(vec![])),
            ("b", Json::Object(vec![])),
            (
                "c",
                Json::Array(vec![Json::Array(vec![Json::Int(1), Json::Null])]),
            ),
            ("d", Json::object([("e", Json::Bool(false))])),
        ]);
        // Object keys here are already in byte order, so serde_json's map keeps them so.
        assert_eq!(v.pretty(), serde_pretty(&v));
    }

    fn json() -> impl Strategy<Value = Json> {
        let leaf = prop_oneof![
            Just(Json::Null),
            any::<bool>().prop_map(Json::Bool),
            any::<i64>().prop_map(Json::Int),
            any::<f64>()
                .prop_filter("finite", |x| x.is_finite())
                .prop_map(Json::Float),
            (-1e6f64..1e6).prop_map(Json::Float),
            ".{0,8}".prop_map(Json::Str),
        ];
        leaf.prop_recursive(4, 32, 5, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..5).prop_map(Json::Array),
                // Distinct keys in byte order, so serde_json's sorted map agrees on order.
                proptest::collection::btree_map("[a-c]{0,2}", inner, 0..5)
                    .prop_map(|m| Json::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn pretty_text_is_serde_json_text(v in json()) {
            prop_assert_eq!(v.pretty(), serde_pretty(&v));
        }

        #[test]
        fn any_double_prints_as_serde_json_prints_it(bits in any::<u64>()) {
            let x = f64::from_bits(bits);
            prop_assume!(x.is_finite());
            prop_assert_eq!(float(x), serde_json::to_string(&x).unwrap());
        }
    }
}
