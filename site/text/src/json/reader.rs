//! The recursive-descent reader behind [`super::parse`]: one pass over the bytes, values with
//! their byte offsets, the depth limit ([`super::MAX_DEPTH`]), and an [`Error`] naming what was
//! expected where the text goes wrong.

use super::{Error, Kind, Value, MAX_DEPTH};

/// The reader's place in the text, and how deep in arrays and objects it is.
pub(super) struct Reader<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    depth: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub(super) fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            b: text.as_bytes(),
            pos: 0,
            depth: 0,
        }
    }

    /// The one value that is the whole text, white space around it allowed.
    pub(super) fn document(mut self) -> Result<Value<'a>, Error> {
        self.skip_ws();
        let v = self.value()?;
        self.skip_ws();
        if self.pos < self.b.len() {
            return Err(self.error("the end of the JSON value"));
        }
        Ok(v)
    }

    /// The first value of the text, white space before it allowed, and the byte offset just
    /// after it; whatever follows is not read.
    pub(super) fn first_value(mut self) -> Result<(Value<'a>, usize), Error> {
        self.skip_ws();
        let v = self.value()?;
        Ok((v, self.pos))
    }

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
