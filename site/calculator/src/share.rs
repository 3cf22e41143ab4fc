//! Share links: mode, preset, weights and input in the URL fragment, the input deflated and
//! base64url-encoded. Decoding never panics: a malformed or oversized fragment gives a message.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// The longest fragment a share link may have, in characters.
pub const MAX_FRAGMENT: usize = 32_000;
/// The most text a link may expand to (guards against decompression bombs).
pub const MAX_TEXT: usize = 2_000_000;

/// What a fragment holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// `auto`, `pooled`, `matrix` or `feedback`.
    pub mode: Option<String>,
    /// `generic` or `hackathon`.
    pub preset: Option<String>,
    /// Weights as typed, e.g. `craft=0.6,depth=0.4`.
    pub weights: Option<String>,
    /// The input text.
    pub text: Option<String>,
}

fn escape(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b',' | b'=' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn unescape(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            // Exactly two hex digits: `from_str_radix` alone would accept a sign (`%+1`).
            let hex = s.get(i + 1..i + 3)?;
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

impl State {
    /// The fragment, without `#`: `mode=matrix&preset=generic&w=…&d=…`.
    pub fn encode(&self) -> String {
        let mut parts = Vec::new();
        if let Some(m) = &self.mode {
            parts.push(format!("mode={}", escape(m)));
        }
        if let Some(p) = &self.preset {
            parts.push(format!("preset={}", escape(p)));
        }
        if let Some(w) = &self.weights {
            parts.push(format!("w={}", escape(w)));
        }
        if let Some(t) = &self.text {
            let packed = miniz_oxide::deflate::compress_to_vec(t.as_bytes(), 9);
            parts.push(format!("d={}", URL_SAFE_NO_PAD.encode(packed)));
        }
        parts.join("&")
    }

    /// Reads a fragment (with or without `#`). `Ok(None)` when it holds no calculator state
    /// (an ordinary anchor such as `#formula`).
    ///
    /// # Errors
    /// A message for an oversized fragment or data that does not decode.
    pub fn decode(fragment: &str) -> Result<Option<State>, String> {
        let f = fragment.strip_prefix('#').unwrap_or(fragment);
        if !f.split('&').any(|p| {
            ["mode=", "preset=", "w=", "d="]
                .iter()
                .any(|k| p.starts_with(k))
        }) {
            return Ok(None);
        }
        if f.len() > MAX_FRAGMENT {
            return Err(format!(
                "the link's data is {} characters, over the limit of {MAX_FRAGMENT}; it was ignored",
                f.len()
            ));
        }
        let mut s = State::default();
        for part in f.split('&') {
            let Some((k, v)) = part.split_once('=') else {
                continue;
            };
            match k {
                "mode" => s.mode = unescape(v),
                "preset" => s.preset = unescape(v),
                "w" => s.weights = unescape(v),
                "d" => {
                    let packed = URL_SAFE_NO_PAD.decode(v).map_err(|_| {
                        "the link's data is not valid base64url; it was ignored".to_string()
                    })?;
                    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(
                        &packed, MAX_TEXT,
                    )
                    .map_err(|_| {
                        "the link's data does not decompress (or is too large); it was ignored"
                            .to_string()
                    })?;
                    s.text = Some(String::from_utf8(bytes).map_err(|_| {
                        "the link's data is not UTF-8 text; it was ignored".to_string()
                    })?);
                }
                _ => {}
            }
        }
        Ok(Some(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let s = State {
            mode: Some("matrix".into()),
            preset: Some("generic".into()),
            weights: Some("craft=0.6, depth=0.4".into()),
            text: Some("(+3, craft) <script>alert(1)</script>\n−2 ünïcode".into()),
        };
        assert_eq!(State::decode(&format!("#{}", s.encode())), Ok(Some(s)));
    }

    #[test]
    fn percent_escapes_need_two_hex_digits() {
        assert_eq!(unescape("a%2Cb"), Some("a,b".into()));
        assert_eq!(unescape("%+1"), None);
        assert_eq!(unescape("%-1"), None);
        assert_eq!(unescape("%4"), None);
        assert_eq!(
            State::decode("#w=craft%+1").map(|s| s.and_then(|s| s.weights)),
            Ok(None)
        );
    }

    #[test]
    fn anchors_are_not_state_and_garbage_is_an_error() {
        assert_eq!(State::decode("#formula"), Ok(None));
        assert_eq!(
            State::decode("#d=!!!"),
            Err("the link's data is not valid base64url; it was ignored".into())
        );
        assert_eq!(
            State::decode("#d=AAAA"),
            Err("the link's data does not decompress (or is too large); it was ignored".into())
        );
        let long = format!("#d={}", "A".repeat(MAX_FRAGMENT));
        assert!(State::decode(&long).unwrap_err().contains("over the limit"));
    }
}
