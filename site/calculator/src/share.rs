//! Share links: mode, preset, weights and input in the URL fragment
//! (`mode=matrix&preset=generic&w=…&d=…`). The input travels raw-deflated and base64url-encoded
//! in `d`; the browser's own `CompressionStream("deflate-raw")` does the packing (through the
//! page's boot module, see [`pack`] and [`unpack`]), so the wasm carries no compressor. Links
//! made when the wasm packed them itself (raw deflate too) still open. Decoding never panics:
//! a malformed or oversized fragment gives a message.

/// The longest fragment a share link may have, in characters.
pub const MAX_FRAGMENT: usize = 32_000;
/// The most text a link may expand to (guards against decompression bombs); the boot module
/// stops inflating past it.
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

/// A fragment read but not yet unpacked: the state and the packed input, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fragment {
    /// Mode, preset and weights (`text` is `None` until [`unpack`] fills it).
    pub state: State,
    /// The `d` parameter: the input, raw-deflated and base64url-encoded.
    pub packed: Option<String>,
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b',' | b'=' => {
                out.push(b as char)
            }
            _ => {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                out.push('%');
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 15)] as char);
            }
        }
    }
    out
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
    /// The fragment, without `#`: `mode=matrix&preset=generic&w=…`, then `&d=` and `packed`
    /// (the input as [`pack`] returned it) when given.
    pub fn encode(&self, packed: Option<&str>) -> String {
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
        if let Some(d) = packed {
            parts.push(format!("d={d}"));
        }
        parts.join("&")
    }
}

impl Fragment {
    /// Reads a fragment (with or without `#`). `Ok(None)` when it holds no calculator state
    /// (an ordinary anchor such as `#formula`).
    ///
    /// # Errors
    /// A message for an oversized fragment, a `d` that is not base64url, or a percent escape
    /// that is not two hex digits.
    pub fn read(fragment: &str) -> Result<Option<Fragment>, String> {
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
        let bad_escape = || "the link's settings are not percent-encoded text; it was ignored";
        let mut out = Fragment::default();
        for part in f.split('&') {
            let Some((k, v)) = part.split_once('=') else {
                continue;
            };
            match k {
                "mode" => out.state.mode = Some(unescape(v).ok_or_else(bad_escape)?),
                "preset" => out.state.preset = Some(unescape(v).ok_or_else(bad_escape)?),
                "w" => out.state.weights = Some(unescape(v).ok_or_else(bad_escape)?),
                "d" => {
                    if v.is_empty()
                        || !v
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
                    {
                        return Err(
                            "the link's data is not valid base64url; it was ignored".to_string()
                        );
                    }
                    out.packed = Some(v.to_string());
                }
                _ => {}
            }
        }
        Ok(Some(out))
    }
}

/// Why packed data could not be unpacked, from the boot module's code.
fn unpack_error(code: &str) -> String {
    match code {
        "base64" => "the link's data is not valid base64url; it was ignored",
        "utf8" => "the link's data is not UTF-8 text; it was ignored",
        _ => "the link's data does not decompress (or is too large); it was ignored",
    }
    .to_string()
}

mod browser {
    //! Calls into the boot module's `globalThis.pickanumberShare.{pack, unpack}`.
    use wasm_bindgen::{JsCast, JsValue};

    pub async fn call(name: &str, arg: &str) -> Result<String, String> {
        let global = js_sys::global();
        let share = js_sys::Reflect::get(&global, &JsValue::from_str("pickanumberShare"))
            .map_err(|_| "missing".to_string())?;
        let f: js_sys::Function = js_sys::Reflect::get(&share, &JsValue::from_str(name))
            .ok()
            .and_then(|f| f.dyn_into().ok())
            .ok_or_else(|| "missing".to_string())?;
        let promise: js_sys::Promise = f
            .call1(&share, &JsValue::from_str(arg))
            .ok()
            .and_then(|p| p.dyn_into().ok())
            .ok_or_else(|| "missing".to_string())?;
        match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(v) => v.as_string().ok_or_else(|| "missing".to_string()),
            Err(e) => Err(e.as_string().unwrap_or_default()),
        }
    }
}

/// The input raw-deflated and base64url-encoded by the browser.
///
/// # Errors
/// A message when the browser cannot compress (no `CompressionStream`).
pub async fn pack(text: &str) -> Result<String, String> {
    browser::call("pack", text)
        .await
        .map_err(|_| "this browser cannot compress the link; copy the report instead".to_string())
}

/// The input a link's `d` parameter holds, inflated by the browser (at most [`MAX_TEXT`]
/// bytes).
///
/// # Errors
/// The message for data that is not base64url, does not inflate, is too large, or is not
/// UTF-8 text.
pub async fn unpack(packed: &str) -> Result<String, String> {
    browser::call("unpack", packed)
        .await
        .map_err(|code| unpack_error(&code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_the_data_is_kept_packed() {
        let s = State {
            mode: Some("matrix".into()),
            preset: Some("generic".into()),
            weights: Some("craft=0.6, depth=0.4 <b>ü".into()),
            text: None,
        };
        let f = s.encode(Some("fcnBEUAw"));
        assert_eq!(
            f,
            "mode=matrix&preset=generic&w=craft=0.6,%20depth=0.4%20%3Cb%3E%C3%BC&d=fcnBEUAw"
        );
        assert_eq!(
            Fragment::read(&format!("#{f}")),
            Ok(Some(Fragment {
                state: s,
                packed: Some("fcnBEUAw".into())
            }))
        );
    }

    #[test]
    fn percent_escapes_need_two_hex_digits() {
        assert_eq!(unescape("a%2Cb"), Some("a,b".into()));
        assert_eq!(unescape("%+1"), None);
        assert_eq!(unescape("%-1"), None);
        assert_eq!(unescape("%4"), None);
        assert_eq!(
            Fragment::read("#w=craft%+1"),
            Err("the link's settings are not percent-encoded text; it was ignored".into())
        );
    }

    #[test]
    fn anchors_are_not_state_and_garbage_is_an_error() {
        assert_eq!(Fragment::read("#formula"), Ok(None));
        assert_eq!(
            Fragment::read("#d=!!!"),
            Err("the link's data is not valid base64url; it was ignored".into())
        );
        let long = format!("#d={}", "A".repeat(MAX_FRAGMENT));
        assert!(Fragment::read(&long)
            .unwrap_err()
            .contains("over the limit"));
        assert_eq!(
            unpack_error("utf8"),
            "the link's data is not UTF-8 text; it was ignored"
        );
        assert_eq!(
            unpack_error("inflate"),
            "the link's data does not decompress (or is too large); it was ignored"
        );
    }
}
