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
/// use pickanumber_lean::json::{line_col, parse, Kind};
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
    let mut r = Reader {
        text,
        b: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    r.skip_ws();
    let v = r.value()?;
    r.skip_ws();
    if r.pos < r.b.len() {
        return Err(r.error("the end of the JSON value"));
    }
    Ok(v)
}

/// Appends `s` to `out` as a JSON string: in double quotes, escaped as serde_json escapes
/// (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control characters as `\u00xx`;
/// everything else, non-ASCII included, as is). For quoting a value in a message.
///
/// ```
/// let mut out = String::new();
/// pickanumber_lean::json::quote(&mut out, "a \"b\"\n");
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

/// The 1-based line and column (in characters) of byte `offset` of `text`; an offset at the
/// end of the text is the column just after its last character.
///
/// ```
/// assert_eq!(pickanumber_lean::json::line_col("ab\ncd", 4), (2, 2));
/// ```
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    // Byte scans: `matches` and `rsplit` would bring the reverse string searcher into the wasm.
    let bytes = before.as_bytes();
    let line = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let col = before.get(start..).map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

struct Reader<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    depth: usize,
}

impl<'a> Reader<'a> {
    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.pos) {
            self.pos += 1;
        }
    }

    /// The text from `start` to the current position. Both are always character boundaries
    /// (the reader stops only at ASCII bytes); `get` rather than indexing keeps the panic
    /// message, and the character formatting behind it, out of the wasm builds.
    fn slice(&self, start: usize) -> &'a str {
        self.text.get(start..self.pos).unwrap_or_default()
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    /// `expected {what}, found {the character at pos}`.
    fn error(&self, what: &str) -> Error {
        let found = match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            None => "the end of the text".to_string(),
            Some(c) if c.is_control() => format!("the control character U+{:04X}", u32::from(c)),
            // Invisible in a message, and common at the start of a file saved by an editor.
            Some('\u{feff}') => "a byte order mark (U+FEFF)".to_string(),
            Some(c) => format!("'{c}'"),
        };
        Error {
            at: self.pos,
            message: format!("expected {what}, found {found}"),
        }
    }

    fn value(&mut self) -> Result<Value<'a>, Error> {
        let at = self.pos;
        let kind = match self.peek() {
            Some(b'{') => self.object()?,
            Some(b'[') => self.array()?,
            Some(b'"') => Kind::String(self.string()?),
            Some(b'-' | b'0'..=b'9') => Kind::Number(self.number()?),
            _ => {
                let rest = &self.b[self.pos..];
                let (kind, len) = if rest.starts_with(b"true") {
                    (Kind::Bool(true), 4)
                } else if rest.starts_with(b"false") {
                    (Kind::Bool(false), 5)
                } else if rest.starts_with(b"null") {
                    (Kind::Null, 4)
                } else {
                    return Err(self.error(
                        "a value (an object, a list, a string, a number, true, false or null)",
                    ));
                };
                self.pos += len;
                kind
            }
        };
        Ok(Value { at, kind })
    }

    fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error {
                at: self.pos,
                message: format!("lists and objects nest more than {MAX_DEPTH} deep"),
            });
        }
        self.pos += 1;
        Ok(())
    }

    fn array(&mut self) -> Result<Kind<'a>, Error> {
        self.enter()?;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Kind::Array(items));
        }
        loop {
            self.skip_ws();
            items.push(self.value()?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Kind::Array(items));
                }
                _ => return Err(self.error("',' or ']' after a list element")),
            }
        }
    }

    fn object(&mut self) -> Result<Kind<'a>, Error> {
        self.enter()?;
        let mut members = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Kind::Object(members));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.error("a key in double quotes"));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(self.error("':' after a key"));
            }
            self.pos += 1;
            self.skip_ws();
            let v = self.value()?;
            members.push((key, v));
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Kind::Object(members));
                }
                _ => return Err(self.error("',' or '}' after an object member")),
            }
        }
    }

    /// A string starting at the opening quote.
    fn string(&mut self) -> Result<String, Error> {
        self.pos += 1;
        let mut out = String::new();
        let mut start = self.pos;
        loop {
            match self.peek() {
                None => return Err(self.error("'\"' to close the string")),
                Some(b'"') => {
                    out.push_str(self.slice(start));
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    out.push_str(self.slice(start));
                    self.pos += 1;
                    out.push(self.escape()?);
                    start = self.pos;
                }
                Some(c) if c < 0x20 => {
                    return Err(self.error("text or an escape like \\n in a string"));
                }
                // Bytes of a multi-byte character are never quotes, backslashes or controls.
                Some(_) => self.pos += 1,
            }
        }
    }

    /// The character of an escape, `pos` just after the backslash.
    fn escape(&mut self) -> Result<char, Error> {
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                let at = self.pos - 1;
                self.pos += 1;
                let hi = self.hex4()?;
                let code = if (0xD800..0xDC00).contains(&hi) {
                    if !self.b[self.pos..].starts_with(b"\\u") {
                        return Err(Error {
                            at,
                            message: format!(
                                "the escape \\u{hi:04X} starts a surrogate pair, but no \\u escape of its second half follows"
                            ),
                        });
                    }
                    self.pos += 2;
                    let lo = self.hex4()?;
                    if !(0xDC00..0xE000).contains(&lo) {
                        return Err(Error {
                            at,
                            message: format!(
                                "the escape \\u{hi:04X} starts a surrogate pair, but \\u{lo:04X} is not its second half"
                            ),
                        });
                    }
                    0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                } else {
                    hi
                };
                return char::from_u32(code).ok_or(Error {
                    at,
                    message: format!(
                        "the escape \\u{code:04X} is the second half of a surrogate pair without its first"
                    ),
                });
            }
            _ => {
                return Err(self.error(
                    "an escape after '\\': one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                ))
            }
        };
        self.pos += 1;
        Ok(c)
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let mut v = 0;
        for _ in 0..4 {
            let d = match self.peek() {
                Some(c @ b'0'..=b'9') => c - b'0',
                Some(c @ b'a'..=b'f') => c - b'a' + 10,
                Some(c @ b'A'..=b'F') => c - b'A' + 10,
                _ => return Err(self.error("four hex digits after \\u")),
            };
            v = v * 16 + u32::from(d);
            self.pos += 1;
        }
        Ok(v)
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as written.
    fn number(&mut self) -> Result<&'a str, Error> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.error("a digit")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err(self.error("a digit after the decimal point"));
            }
            self.digits();
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err(self.error("a digit in the exponent"));
            }
            self.digits();
        }
        Ok(self.slice(start))
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_strings_are_serde_json_strings() {
        let s: String = (0u32..0x80)
            .filter_map(char::from_u32)
            .chain("é😀\u{2028}".chars())
            .collect();
        let mut ours = String::new();
        quote(&mut ours, &s);
        assert_eq!(ours, serde_json::to_string(&s).unwrap());
    }
    use proptest::prelude::*;

    /// Our value as a serde_json value, numbers read by serde_json from their text.
    fn to_serde(v: &Value) -> serde_json::Value {
        use serde_json::Value as S;
        match &v.kind {
            Kind::Null => S::Null,
            Kind::Bool(b) => S::Bool(*b),
            Kind::Number(n) => serde_json::from_str(n).expect("a number serde_json reads"),
            Kind::String(s) => S::String(s.clone()),
            Kind::Array(a) => S::Array(a.iter().map(to_serde).collect()),
            Kind::Object(m) => {
                let mut map = serde_json::Map::new();
                for (k, v) in m {
                    map.insert(k.clone(), to_serde(v));
                }
                S::Object(map)
            }
        }
    }

    /// Both readers agree: the same documents accepted, with equal values.
    fn agree(text: &str) -> Result<(), TestCaseError> {
        let theirs = serde_json::from_str::<serde_json::Value>(text);
        let ours = parse(text);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => prop_assert_eq!(&to_serde(a), b, "{:?}", text),
            (Err(_), Err(_)) => {}
            // Our reader keeps numbers as text, so it accepts numbers beyond f64's range.
            (Ok(_), Err(e)) if e.to_string().starts_with("number out of range") => {}
            _ => prop_assert!(
                false,
                "{:?}: ours {:?}, serde_json {:?}",
                text,
                ours.map(|_| ()),
                theirs.map(|_| ())
            ),
        }
        Ok(())
    }

    fn message(text: &str) -> String {
        let e = parse(text).unwrap_err();
        format!("{}: {}", e.at, e.message)
    }

    #[test]
    fn exact_messages() {
        assert_eq!(
            message("[\n {\"impact\": 3,\n"),
            "17: expected a key in double quotes, found the end of the text"
        );
        assert_eq!(
            message("[1 2]"),
            "3: expected ',' or ']' after a list element, found '2'"
        );
        assert_eq!(
            message("{\"a\" 1}"),
            "5: expected ':' after a key, found '1'"
        );
        assert_eq!(
            message("{\"a\": 1 \"b\"}"),
            "8: expected ',' or '}' after an object member, found '\"'"
        );
        assert_eq!(
            message("[tru]"),
            "1: expected a value (an object, a list, a string, a number, true, false or null), found 't'"
        );
        assert_eq!(
            message("[1] x"),
            "4: expected the end of the JSON value, found 'x'"
        );
        assert_eq!(message("\"a\nb\""), "2: expected text or an escape like \\n in a string, found the control character U+000A");
        assert_eq!(
            message("\"\\x\""),
            "2: expected an escape after '\\': one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found 'x'"
        );
        assert_eq!(
            message("\"\\u12g4\""),
            "5: expected four hex digits after \\u, found 'g'"
        );
        assert_eq!(
            message("\"\\ud800\""),
            "1: the escape \\uD800 starts a surrogate pair, but no \\u escape of its second half follows"
        );
        assert_eq!(
            message("\"\\ud800\\u0041\""),
            "1: the escape \\uD800 starts a surrogate pair, but \\u0041 is not its second half"
        );
        assert_eq!(
            message("\"\\udc00\""),
            "1: the escape \\uDC00 is the second half of a surrogate pair without its first"
        );
        assert_eq!(message("-x"), "1: expected a digit, found 'x'");
        assert_eq!(
            message("\u{feff}[]"),
            "0: expected a value (an object, a list, a string, a number, true, false or null), found a byte order mark (U+FEFF)"
        );
        assert_eq!(
            message("1."),
            "2: expected a digit after the decimal point, found the end of the text"
        );
        assert_eq!(
            message("1e+"),
            "3: expected a digit in the exponent, found the end of the text"
        );
        assert_eq!(
            message("01"),
            "1: expected the end of the JSON value, found '1'"
        );
        assert_eq!(
            message("\"abc"),
            "4: expected '\"' to close the string, found the end of the text"
        );
        assert_eq!(message(""), "0: expected a value (an object, a list, a string, a number, true, false or null), found the end of the text");
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert_eq!(
            message(&deep),
            format!("{MAX_DEPTH}: lists and objects nest more than {MAX_DEPTH} deep")
        );
    }

    #[test]
    fn values_keep_offsets_strings_unescape_and_the_last_key_wins() {
        let v = parse(" {\"a\": [1, \"x\\u00e9\\ud83d\\ude00\\n\"], \"a\": -2.5e3}").unwrap();
        assert_eq!(v.at, 1);
        assert_eq!(v.get("a").unwrap().kind, Kind::Number("-2.5e3"));
        let Kind::Object(m) = &v.kind else {
            panic!("an object")
        };
        let Kind::Array(a) = &m[0].1.kind else {
            panic!("a list")
        };
        assert_eq!(a[1].kind, Kind::String("xé😀\n".into()));
        assert_eq!(a[1].at, 11);
    }

    #[test]
    fn depth_limit_matches_serde_json() {
        for n in [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 2] {
            let arrays = format!("{}{}", "[".repeat(n), "]".repeat(n));
            agree(&arrays).unwrap();
            let objects = format!("{}1{}", "{\"a\":".repeat(n), "}".repeat(n));
            agree(&objects).unwrap();
        }
        assert!(parse(&"[".repeat(100_000)).is_err());
    }

    #[test]
    fn hand_picked_documents_agree() {
        for text in [
            "",
            " ",
            "null",
            "nul",
            "true ",
            "[]",
            "{}",
            "[,]",
            "[1,]",
            "{\"a\":1,}",
            "0",
            "-0",
            "-",
            "01",
            "1.5e-3",
            "1E+2",
            ".5",
            "+1",
            "1e400",
            "-1e400",
            "\"\\/\"",
            "\"\u{7f}\"",
            "\"\\uD83D\\uDE00\"",
            "\"\\uDE00\"",
            "\"\\uD83D\"",
            "\"\\uD83Dx\"",
            "[\"a\"\t,\r\n1]",
            "\u{a0}1",
            "1 2",
            "{\"a\" : {\"b\": [true, false, null]}}",
            "{\"a\":1,\"a\":2}",
            "[1]]",
            "\"\\u0000\"",
            "\"\t\"",
            "18446744073709551616",
            "-9223372036854775809",
            "1.7976931348623157e308",
            "4.9e-324",
            "1e-400",
        ] {
            agree(text).unwrap();
        }
    }

    fn json_value() -> impl Strategy<Value = serde_json::Value> {
        use serde_json::Value as S;
        let leaf = prop_oneof![
            Just(S::Null),
            any::<bool>().prop_map(S::Bool),
            any::<i64>().prop_map(S::from),
            any::<u64>().prop_map(S::from),
            any::<f64>()
                .prop_filter("finite", |x| x.is_finite())
                .prop_map(S::from),
            ".{0,8}".prop_map(S::String),
            "[\\x00-\\x7f\u{e9}\u{1F600}]{0,6}".prop_map(S::String),
        ];
        leaf.prop_recursive(6, 64, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(S::Array),
                proptest::collection::vec(("[a-c]{0,2}", inner), 0..6)
                    .prop_map(|m| S::Object(m.into_iter().collect())),
            ]
        })
    }

    /// A JSON text with random edits: a byte range removed, a character inserted, cut short.
    fn mutated() -> impl Strategy<Value = String> {
        (
            json_value(),
            any::<bool>(),
            any::<proptest::sample::Index>(),
            any::<proptest::sample::Index>(),
            proptest::sample::select(vec![
                "", ",", "]", "}", "[", "{", "\"", "\\", ":", "-", "0", "e", ".", " ", "\n", "\\u",
                "tru", "null", "\u{1}", "é",
            ]),
        )
            .prop_map(|(v, pretty, a, b, insert)| {
                let text = if pretty {
                    serde_json::to_string_pretty(&v).unwrap_or_default()
                } else {
                    serde_json::to_string(&v).unwrap_or_default()
                };
                let chars: Vec<char> = text.chars().collect();
                let i = a.index(chars.len() + 1);
                let j = (i + b.index(4)).min(chars.len());
                let mut out: String = chars[..i].iter().collect();
                out.push_str(insert);
                out.extend(&chars[j..]);
                out
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3_000))]

        #[test]
        fn generated_documents_agree_with_serde_json(v in json_value(), pretty in any::<bool>()) {
            let text = if pretty {
                serde_json::to_string_pretty(&v).unwrap()
            } else {
                serde_json::to_string(&v).unwrap()
            };
            prop_assert!(parse(&text).is_ok());
            agree(&text)?;
        }

        #[test]
        fn mutated_documents_agree_with_serde_json(text in mutated()) {
            agree(&text)?;
        }

        #[test]
        fn random_text_agrees_and_never_panics(text in "[\\[\\]{}\",:0-9eE.+\\-a-z\\\\ \n\t]{0,40}") {
            agree(&text)?;
        }

        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let text = String::from_utf8_lossy(&bytes);
            let _ = parse(&text);
        }
    }
}
