//! Share links: mode, preset, weights, the formula's settings and input in the URL fragment
//! (`check=1a2b3c4d&mode=matrix&preset=generic&w=…&den=12&scale=6&d=…`). The fragment's format
//! (the check, the escapes) is `pickanumber_setup::fragment`, which the setup page also writes
//! its "score with this rubric" links with. The input travels raw-deflated and
//! base64url-encoded in `d`; the browser's own `CompressionStream("deflate-raw")` does the
//! packing (through the page's boot module, see [`pack`] and [`unpack`]), so the wasm carries no
//! compressor.
//!
//! Raw deflate has no checksum, so the fragment carries one: `check` is the CRC-32 of every
//! character after `check=XXXXXXXX&`, and a link whose characters do not match it is refused,
//! never restored with altered text or settings. A link without `check` is refused too: it
//! cannot be told from a link whose check was cut off, or from one damaged before the check
//! existed, so it is never opened with what may be altered text. Unknown modes and presets are named in the
//! message, and so is a setting (`den`, `scale`) that is not a number greater than 0. Decoding never panics: a malformed, damaged or oversized fragment gives a message.

use pickanumber_score::{parse_decimal, Mode, Preset};
use pickanumber_setup::fragment::{crc32, encode};

/// Why a link without `check=` first is refused.
const NO_CHECK: &str = "the link has no check (`check=` first), so it cannot be told from a damaged one; it was ignored";

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
    /// The density denominator as typed (`den`; the canonical 20 when absent).
    pub den: Option<String>,
    /// The scale as typed (`scale`; the canonical 8 when absent).
    pub scale: Option<String>,
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
    /// The fragment, without `#`: `check=…&mode=matrix&preset=generic&w=…&den=…&scale=…`,
    /// then `&d=` and `packed` (the input as [`pack`] returned it) when given.
    pub fn encode(&self, packed: Option<&str>) -> String {
        let parts = [
            ("mode", &self.mode),
            ("preset", &self.preset),
            ("w", &self.weights),
            ("den", &self.den),
            ("scale", &self.scale),
        ];
        let mut parts: Vec<(&str, &str)> = parts
            .iter()
            .filter_map(|(k, v)| Some((*k, v.as_deref()?)))
            .collect();
        if let Some(d) = packed {
            parts.push(("d", d));
        }
        encode(&parts)
    }
}

/// A value from the link, for a message: in backticks, its first 40 bytes when they end on a
/// character boundary (else all of it; a fragment is at most [`MAX_FRAGMENT`] characters).
fn named(v: &str) -> String {
    format!("`{}`", v.get(..40).unwrap_or(v))
}

impl Fragment {
    /// Reads a fragment (with or without `#`). `Ok(None)` when it holds no calculator state
    /// (an ordinary anchor such as `#formula`).
    ///
    /// # Errors
    /// A message for an oversized fragment, a missing `check` or one that does not match, a
    /// part that is not `mode`, `preset`, `w`, `den`, `scale` or `d` (or one given twice), an unknown mode or preset, a `d` that
    /// is not base64url, or a percent escape that is not two hex digits.
    pub fn read(fragment: &str) -> Result<Option<Fragment>, String> {
        let f = fragment.strip_prefix('#').unwrap_or(fragment);
        // A section anchor (`#formula`) is letters, digits and '-'; anything with '=' or '&'
        // is calculator state, so a link damaged past recognition is refused with a message
        // rather than passed over as an anchor.
        if !f.bytes().any(|b| b == b'=' || b == b'&') {
            return Ok(None);
        }
        if f.len() > MAX_FRAGMENT {
            return Err(format!(
                "the link's data is {} characters, over the limit of {MAX_FRAGMENT}; it was ignored",
                f.len()
            ));
        }
        let Some(rest) = f.strip_prefix("check=") else {
            return Err(NO_CHECK.to_string());
        };
        let (sum, body) = rest.split_once('&').unwrap_or((rest, ""));
        if sum != format!("{:08x}", crc32(body.as_bytes())) {
            return Err(
                "the link is damaged (its check does not match its data); it was ignored"
                    .to_string(),
            );
        }
        let bad_escape = || "the link's settings are not percent-encoded text; it was ignored";
        let mut out = Fragment::default();
        for part in body.split('&') {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            let slot = match k {
                "mode" => &mut out.state.mode,
                "preset" => &mut out.state.preset,
                "w" => &mut out.state.weights,
                "den" => &mut out.state.den,
                "scale" => &mut out.state.scale,
                "d" => &mut out.packed,
                _ => {
                    return Err(format!(
                        "the link has an unknown part {}; it was ignored",
                        named(part)
                    ))
                }
            };
            if slot.is_some() {
                return Err(format!("the link has `{k}` twice; it was ignored"));
            }
            let value = if k == "d" {
                if v.is_empty()
                    || !v
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
                {
                    return Err(
                        "the link's data is not valid base64url; it was ignored".to_string()
                    );
                }
                v.to_string()
            } else {
                unescape(v).ok_or_else(bad_escape)?
            };
            *slot = Some(value);
        }
        if let Some(m) = out
            .state
            .mode
            .as_deref()
            .filter(|m| Mode::from_name(m).is_none())
        {
            return Err(format!(
                "the link's mode {} is not auto, pooled, matrix or feedback; it was ignored",
                named(m)
            ));
        }
        if let Some(p) = out
            .state
            .preset
            .as_deref()
            .filter(|p| Preset::from_name(p).is_none())
        {
            return Err(format!(
                "the link's preset {} is not generic or hackathon; it was ignored",
                named(p)
            ));
        }
        for (name, v) in [("denominator", &out.state.den), ("scale", &out.state.scale)] {
            if let Some(v) = v.as_deref().filter(|v| setting(v).is_none()) {
                return Err(format!(
                    "the link's {name} {} is not a number greater than 0; it was ignored",
                    named(v)
                ));
            }
        }
        Ok(Some(out))
    }
}

/// A setting of the formula as typed (`12`, `6.5`): the number when it is finite and greater
/// than 0, the rule both the density denominator and the scale follow. Not inlined: its two
/// callers (the link reader, the request) share one copy, which the byte budget needs.
#[inline(never)]
pub fn setting(typed: &str) -> Option<f64> {
    parse_decimal(typed.trim())
        .ok()
        .filter(|v| *v > 0.0 && v.is_finite())
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
    use proptest::prelude::*;

    /// The fragment `encode` writes for `body`: its check, then the body.
    fn checked(body: &str) -> String {
        format!("check={:08x}&{body}", crc32(body.as_bytes()))
    }

    #[test]
    fn settings_travel_with_the_check_and_bad_ones_are_refused() {
        let s = State {
            mode: Some("pooled".into()),
            den: Some("12".into()),
            scale: Some("6.5".into()),
            ..State::default()
        };
        let f = s.encode(None);
        assert_eq!(f, checked("mode=pooled&den=12&scale=6.5"));
        assert_eq!(
            Fragment::read(&f),
            Ok(Some(Fragment {
                state: s,
                packed: None
            }))
        );
        assert_eq!(
            Fragment::read(&checked("mode=pooled&den=0")),
            Err("the link's denominator `0` is not a number greater than 0; it was ignored".into())
        );
        assert_eq!(
            Fragment::read(&checked("scale=-2")),
            Err("the link's scale `-2` is not a number greater than 0; it was ignored".into())
        );
        assert_eq!(
            Fragment::read(&checked("den=x")),
            Err("the link's denominator `x` is not a number greater than 0; it was ignored".into())
        );
        assert_eq!(Fragment::read("#mode=pooled&den=12"), Err(NO_CHECK.into()));
        assert_eq!(setting(" 20 "), Some(20.0));
        assert_eq!(setting("1e400"), None);
    }

    #[test]
    fn the_setup_pages_link_opens_with_the_rubrics_settings() {
        let r = pickanumber_rubric::Rubric::from_json(
            r#"{"subject": "s", "mode": "matrix", "params": {"denominator": 12},
                "criteria": [{"name": "craft", "weight": 0.6, "plus5": "a", "minus5": "b"}]}"#,
        )
        .unwrap();
        let link = pickanumber_setup::fragment::calculator_link(&r).unwrap();
        assert_eq!(
            Fragment::read(&link),
            Ok(Some(Fragment {
                state: State {
                    mode: Some("matrix".into()),
                    weights: Some("craft=0.6".into()),
                    den: Some("12".into()),
                    ..State::default()
                },
                packed: Some(pickanumber_setup::fragment::EMPTY_INPUT.into())
            }))
        );
    }

    #[test]
    fn settings_round_trip_and_the_data_is_kept_packed() {
        let s = State {
            mode: Some("matrix".into()),
            preset: Some("generic".into()),
            weights: Some("craft=0.6, depth=0.4 <b>ü".into()),
            ..State::default()
        };
        let f = s.encode(Some("fcnBEUAw"));
        assert_eq!(
            f,
            checked(
                "mode=matrix&preset=generic&w=craft=0.6,%20depth=0.4%20%3Cb%3E%C3%BC&d=fcnBEUAw"
            )
        );
        assert!(f.starts_with("check="), "{f}");
        assert_eq!(
            Fragment::read(&format!("#{f}")),
            Ok(Some(Fragment {
                state: s,
                packed: Some("fcnBEUAw".into())
            }))
        );
    }

    #[test]
    fn damaged_links_are_refused() {
        let f = State {
            mode: Some("auto".into()),
            ..State::default()
        }
        .encode(Some("fcnBEUAw"));
        let damaged = f.replace("EUA", "EUB");
        assert_eq!(
            Fragment::read(&damaged),
            Err("the link is damaged (its check does not match its data); it was ignored".into())
        );
        assert_eq!(
            Fragment::read(&f.replacen("check=", "chek=", 1)),
            Err(NO_CHECK.into())
        );
        // The check cut off: the rest is a link of the old form, refused as one.
        let (_, rest) = f.split_once('&').unwrap();
        assert_eq!(Fragment::read(rest), Err(NO_CHECK.into()));
    }

    #[test]
    fn links_without_a_check_are_refused_even_when_whole() {
        for link in [
            "#mode=pooled&d=fcnB",
            "#d=fcnB",
            "mode=auto",
            "#mode=pooled&d=fcnB&mode=auto",
            "#mode=pooled&x=1",
            "#d=%%%",
        ] {
            assert_eq!(Fragment::read(link), Err(NO_CHECK.into()), "{link}");
        }
        assert_eq!(
            Fragment::read(&checked("mode=pooled&d=fcnB&mode=auto")),
            Err("the link has `mode` twice; it was ignored".into())
        );
        assert_eq!(
            Fragment::read(&checked("mode=pooled&x=1")),
            Err("the link has an unknown part `x=1`; it was ignored".into())
        );
    }

    #[test]
    fn unknown_modes_and_presets_are_named() {
        assert_eq!(
            Fragment::read(&checked("mode=bogus&d=fcnB")),
            Err(
                "the link's mode `bogus` is not auto, pooled, matrix or feedback; it was ignored"
                    .into()
            )
        );
        assert_eq!(
            Fragment::read(&checked("mode=auto&preset=bogus")),
            Err("the link's preset `bogus` is not generic or hackathon; it was ignored".into())
        );
        let long = "x".repeat(50);
        assert_eq!(
            Fragment::read(&checked(&format!("preset={long}"))),
            Err(format!(
                "the link's preset `{}` is not generic or hackathon; it was ignored",
                "x".repeat(40)
            ))
        );
    }

    #[test]
    fn percent_escapes_need_two_hex_digits() {
        assert_eq!(unescape("a%2Cb"), Some("a,b".into()));
        assert_eq!(unescape("%+1"), None);
        assert_eq!(unescape("%-1"), None);
        assert_eq!(unescape("%4"), None);
        assert_eq!(
            Fragment::read(&checked("w=craft%+1")),
            Err("the link's settings are not percent-encoded text; it was ignored".into())
        );
    }

    #[test]
    fn a_link_the_site_writes_opens_with_its_check() {
        // The fragment the site generator writes for the items `+3 a` (its unit test in
        // site/render/src/share.rs pins the same text), read as a visitor's click reads it.
        let f = Fragment::read("#check=04905503&d=0zZWSAQA")
            .unwrap()
            .unwrap();
        assert_eq!(f.packed.as_deref(), Some("0zZWSAQA"));
        assert_eq!(f.state, State::default());
    }

    #[test]
    fn anchors_are_not_state_and_garbage_is_an_error() {
        assert_eq!(Fragment::read("#formula"), Ok(None));
        assert_eq!(
            Fragment::read(&checked("d=!!!")),
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

    /// One edit of a fragment: replace, insert or delete the character at a position.
    #[derive(Clone, Debug)]
    enum Edit {
        Replace(usize, char),
        Insert(usize, char),
        Delete(usize),
    }

    fn apply(s: &str, edit: &Edit) -> String {
        let mut chars: Vec<char> = s.chars().collect();
        let at = |i: usize, n: usize| if n == 0 { 0 } else { i % n };
        match *edit {
            Edit::Replace(i, c) if !chars.is_empty() => {
                let i = at(i, chars.len());
                chars[i] = c;
            }
            Edit::Insert(i, c) => chars.insert(at(i, chars.len() + 1), c),
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(at(i, chars.len()));
            }
            _ => {}
        }
        chars.into_iter().collect()
    }

    /// Characters a damaged link may gain: those of a fragment and a few others.
    fn a_char() -> impl Strategy<Value = char> {
        prop::sample::select("abcdefxyzAFQZ0189-_.,=&%#+/ ~".chars().collect::<Vec<_>>())
    }

    fn an_edit() -> impl Strategy<Value = Edit> {
        prop_oneof![
            (any::<usize>(), a_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
            (any::<usize>(), a_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
            any::<usize>().prop_map(Edit::Delete),
        ]
    }

    fn a_state() -> impl Strategy<Value = (State, String)> {
        (
            prop::sample::select(vec!["auto", "pooled", "matrix", "feedback"]),
            prop::option::of(prop::sample::select(vec!["generic", "hackathon"])),
            prop::option::of("[a-z=0-9., ]{1,20}"),
            "[A-Za-z0-9_-]{1,120}",
            prop::option::of(prop::sample::select(vec!["12", "6.5", "20", "0.25"])),
        )
            .prop_map(|(m, p, w, d, setting)| {
                let state = State {
                    mode: Some(m.to_string()),
                    preset: p.map(str::to_string),
                    weights: w,
                    den: setting.map(str::to_string),
                    scale: setting.map(str::to_string),
                    text: None,
                };
                (state, d)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// One to three edits of a valid link: refused with a message, or (when the edits
        /// cancel out) read exactly as before; never read as other settings or other data.
        #[test]
        fn damaged_links_never_restore_something_else(
            (state, packed) in a_state(),
            edits in prop::collection::vec(an_edit(), 1..=3),
        ) {
            let link = state.encode(Some(&packed));
            let original = Fragment::read(&link);
            prop_assert_eq!(&original, &Ok(Some(Fragment { state, packed: Some(packed) })));
            let damaged = edits.iter().fold(link.clone(), |s, e| apply(&s, e));
            let read = Fragment::read(&damaged);
            prop_assert!(
                damaged == link || read.is_err() || read == original,
                "{} read as {:?}", damaged, read
            );
        }

        /// A link with its check cut off, whole or then damaged, is never opened.
        #[test]
        fn links_without_their_check_never_open(
            (state, packed) in a_state(),
            edits in prop::collection::vec(an_edit(), 0..=3),
        ) {
            let link = state.encode(Some(&packed));
            let (_, body) = link.split_once('&').expect("a check, then the body");
            let damaged = edits.iter().fold(body.to_string(), |s, e| apply(&s, e));
            let read = Fragment::read(&damaged);
            prop_assert!(read.is_err() || read == Ok(None), "{} read as {:?}", damaged, read);
        }
    }
}
