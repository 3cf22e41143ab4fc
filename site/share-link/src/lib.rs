//! # pickanumber-share-link
//!
//! The calculator's share links: mode, preset, weights, the formula's settings and input in the
//! URL fragment (`check=1a2b3c4d&mode=matrix&preset=generic&w=…&den=12&scale=6&d=…`), written
//! ([`State::encode`]) by the calculator, the setup page ("score with this rubric") and the site
//! generator (each worked example's "open in the calculator"), and read ([`Fragment::read`]) by
//! the calculator. Every value is percent-escaped; the input travels raw-deflated and
//! base64url-encoded in `d`, packed by whoever writes the link (the browser's
//! `CompressionStream("deflate-raw")` in the calculator, a deflate crate at build time), so this
//! crate holds no compressor.
//!
//! Raw deflate has no checksum, so the fragment carries one: `check` is the CRC-32 of every
//! character after `check=XXXXXXXX&`, and a link whose characters do not match it is refused,
//! never restored with altered text or settings. A link without `check` is refused too: it
//! cannot be told from a link whose check was cut off, so it is never opened with what may be
//! altered text. The settings a link carries are read by the formula crate's one reader of
//! the calculator's settings ([`pickanumber_score::SettingsText`]), and a link with one that
//! does not read is refused with that reader's message. Reading never panics: a malformed,
//! damaged or oversized fragment gives a message.
//!
//! Data flow: **[`State`]** → [`State::encode`] (escape, check) → fragment text →
//! [`Fragment::parse`] (size, check, escapes, known parts) → [`Fragment::read`] (the settings'
//! typed read) → **[`Fragment`]**, whose `packed` input the reader unpacks.

use pickanumber_score::{Setting, SettingsText};

/// Why a link's packed input could not be unpacked, from the failure code of whoever unpacks
/// it (the calculator's boot module): `base64`, `utf8`, or anything else for data that does
/// not inflate or inflates past [`MAX_TEXT`].
pub fn unpack_failure(code: &str) -> &'static str {
    match code {
        "base64" => "the link's data is not valid base64url; it was ignored",
        "utf8" => "the link's data is not UTF-8 text; it was ignored",
        _ => "the link's data does not decompress (or is too large); it was ignored",
    }
}

/// Why a link without `check=` first is refused.
pub const NO_CHECK: &str = "the link has no check (`check=` first), so it cannot be told from a damaged one; it was ignored";

/// Why a link whose check does not match its data is refused.
pub const DAMAGED: &str = "the link is damaged (its check does not match its data); it was ignored";

/// The longest fragment a share link may have, in characters.
pub const MAX_FRAGMENT: usize = 32_000;

/// The most text a link may expand to (guards against decompression bombs): whoever unpacks
/// `d` stops inflating past it.
pub const MAX_TEXT: usize = 2_000_000;

/// An empty input as the `d` part: a raw deflate stream of one empty stored block (RFC 1951
/// §3.2.4: final bit set, length 0 and its complement), in base64url. A link with input opens
/// the calculator scrolled into view with that input, here nothing, ready for the judge's
/// answer to be pasted.
pub const EMPTY_INPUT: &str = "AQAA__8";

/// CRC-32 (IEEE 802.3, as in gzip and PNG) of `bytes`, one bit at a time. Written here rather
/// than taken from a crate: `crc32fast` and `crc` look bytes up in 1–16 KB tables, more than the
/// islands' size budgets have to spare, and a fragment is at most [`MAX_FRAGMENT`] characters,
/// which this loop checks in well under a millisecond.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = (c >> 1) ^ (0xEDB8_8320 & (c & 1).wrapping_neg());
        }
    }
    !c
}

/// Appends `s` to `out` with every byte outside `A-Z a-z 0-9 - _ . , =` written as `%XX`.
fn escape(s: &str, out: &mut String) {
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
}

/// The text [`escape`] appended: `%XX` escapes of exactly two hex digits, the rest as it is; `None`
/// for another escape or bytes that are not UTF-8.
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

/// What a fragment holds: the settings as typed (each `None` when the link leaves it out) and
/// the input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// `auto`, `pooled`, `matrix` or `feedback` (`mode`).
    pub mode: Option<String>,
    /// `generic` or `hackathon` (`preset`).
    pub preset: Option<String>,
    /// Weights as typed, e.g. `craft=0.6,depth=0.4` (`w`).
    pub weights: Option<String>,
    /// The density denominator as typed (`den`; the canonical one when absent).
    pub den: Option<String>,
    /// The scale as typed (`scale`; the canonical one when absent).
    pub scale: Option<String>,
    /// The input text (never in the fragment itself: `d` carries it packed).
    pub text: Option<String>,
}

impl State {
    /// The fragment, without `#`: `check=…&mode=matrix&preset=generic&w=…&den=…&scale=…`
    /// (the settings given, in that order), then `&d=` and `packed` (the input, raw-deflated
    /// and base64url-encoded) when given.
    ///
    /// ```
    /// use pickanumber_share_link::State;
    /// let s = State { mode: Some("pooled".into()), ..State::default() };
    /// // CRC-32 of `mode=pooled`, as zlib.crc32 computes it.
    /// assert_eq!(s.encode(None), "check=e0868d24&mode=pooled");
    /// ```
    pub fn encode(&self, packed: Option<&str>) -> String {
        let parts = [
            ("mode", &self.mode),
            ("preset", &self.preset),
            ("w", &self.weights),
            ("den", &self.den),
            ("scale", &self.scale),
        ];
        let mut body = String::new();
        for (k, v) in parts.iter().filter_map(|(k, v)| Some((*k, v.as_deref()?))) {
            if !body.is_empty() {
                body.push('&');
            }
            body.push_str(k);
            body.push('=');
            escape(v, &mut body);
        }
        if let Some(d) = packed {
            if !body.is_empty() {
                body.push('&');
            }
            body.push_str("d=");
            body.push_str(d);
        }
        format!("check={:08x}&{body}", crc32(body.as_bytes()))
    }

    /// The settings as the formula crate's reader takes them (absent: blank, the default).
    pub fn settings(&self) -> SettingsText<'_> {
        fn typed(v: &Option<String>) -> &str {
            v.as_deref().unwrap_or_default()
        }
        SettingsText {
            mode: typed(&self.mode),
            preset: typed(&self.preset),
            weights: typed(&self.weights),
            denominator: typed(&self.den),
            scale: typed(&self.scale),
        }
    }
}

/// A fragment read but not yet unpacked: the state and the packed input, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fragment {
    /// The settings (`text` is `None`: the reader unpacks [`Fragment::packed`] into it).
    pub state: State,
    /// The `d` part: the input, raw-deflated and base64url-encoded.
    pub packed: Option<String>,
}

impl Fragment {
    /// Reads a fragment (with or without `#`): [`Fragment::parse`], then the settings by the
    /// formula crate's reader. `Ok(None)` when it holds no calculator state (an ordinary
    /// anchor such as `#formula`).
    ///
    /// # Errors
    /// [`Fragment::parse`]'s, and the reader's message for a setting that does not read (an
    /// unknown mode or preset, a denominator or scale that is not a number greater than 0).
    pub fn read(fragment: &str) -> Result<Option<Fragment>, String> {
        let Some(f) = Fragment::parse(fragment)? else {
            return Ok(None);
        };
        // The weight field is restored as typed, and the calculator names its error as it
        // does for weights typed there; the other settings must read.
        let (_, errors) = f.state.settings().read();
        if let Some(e) = errors.iter().find(|e| e.setting != Setting::Weights) {
            return Err(format!(
                "the link's settings do not read: {e}; it was ignored"
            ));
        }
        Ok(Some(f))
    }

    /// Reads the format of a fragment (with or without `#`), whatever its settings say.
    /// `Ok(None)` when it holds no calculator state (an ordinary anchor).
    ///
    /// # Errors
    /// A message for an oversized fragment, a missing `check` or one that does not match, a
    /// part that is not `mode`, `preset`, `w`, `den`, `scale` or `d` (or one given twice), a `d`
    /// that is not base64url, or a percent escape that is not two hex digits.
    pub fn parse(fragment: &str) -> Result<Option<Fragment>, String> {
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
        // The writer puts `&` after the check even before an empty body.
        let Some((sum, body)) = rest.split_once('&') else {
            return Err(DAMAGED.to_string());
        };
        if sum != format!("{:08x}", crc32(body.as_bytes())) {
            return Err(DAMAGED.to_string());
        }
        let mut out = Fragment::default();
        // An empty body is a link of no settings and no input (`check=00000000&`).
        for part in body.split('&').filter(|_| !body.is_empty()) {
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
                        "the link has an unknown part `{}`; it was ignored",
                        part.get(..40).unwrap_or(part)
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
                unescape(v)
                    .ok_or("the link's settings are not percent-encoded text; it was ignored")?
            };
            *slot = Some(value);
        }
        Ok(Some(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The fragment [`State::encode`] writes for `body`: its check, then the body.
    fn checked(body: &str) -> String {
        format!("check={:08x}&{body}", crc32(body.as_bytes()))
    }

    #[test]
    fn the_unpackers_failures_are_named() {
        assert_eq!(
            unpack_failure("utf8"),
            "the link's data is not UTF-8 text; it was ignored"
        );
        assert_eq!(
            unpack_failure("inflate"),
            "the link's data does not decompress (or is too large); it was ignored"
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
    fn the_check_is_the_ieee_crc_32() {
        // The standard check value of CRC-32/ISO-HDLC.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn escape_keeps_the_safe_bytes_and_encodes_the_rest() {
        let mut out = String::from("w=");
        escape("craft=0.6, dépth", &mut out);
        assert_eq!(out, "w=craft=0.6,%20d%C3%A9pth");
    }

    #[test]
    fn the_empty_input_is_one_empty_final_stored_block() {
        // BFINAL 1, BTYPE 00, then LEN 0x0000 and NLEN 0xFFFF, in base64url without padding.
        let bytes = [1u8, 0, 0, 0xff, 0xff];
        let n = bytes.iter().fold(0u64, |n, b| n << 8 | u64::from(*b)) << 2;
        let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let encoded: String = (0..7)
            .rev()
            .map(|i| alphabet[(n >> (6 * i) & 63) as usize] as char)
            .collect();
        assert_eq!(encoded, EMPTY_INPUT);
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
        // The formula crate's messages, the ones the calculator's fields show.
        for (body, why) in [
            (
                "mode=pooled&den=0",
                "denominator must be a number greater than 0, not 0",
            ),
            ("scale=-2", "scale must be a number greater than 0, not -2"),
            (
                "den=x",
                "denominator must be a number greater than 0, not \"x\"",
            ),
        ] {
            assert_eq!(
                Fragment::read(&checked(body)),
                Err(format!(
                    "the link's settings do not read: {why}; it was ignored"
                )),
                "{body}"
            );
        }
        assert_eq!(Fragment::read("#mode=pooled&den=12"), Err(NO_CHECK.into()));
    }

    #[test]
    fn settings_round_trip_and_the_data_is_kept_packed() {
        let s = State {
            mode: Some("matrix".into()),
            preset: Some("generic".into()),
            weights: Some("craft=0.6, depth=0.4 ü".into()),
            ..State::default()
        };
        let f = s.encode(Some("fcnBEUAw"));
        assert_eq!(
            f,
            checked("mode=matrix&preset=generic&w=craft=0.6,%20depth=0.4%20%C3%BC&d=fcnBEUAw")
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
    fn damaged_links_are_refused() {
        let f = State {
            mode: Some("auto".into()),
            ..State::default()
        }
        .encode(Some("fcnBEUAw"));
        assert_eq!(
            Fragment::read(&f.replace("EUA", "EUB")),
            Err(DAMAGED.into())
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
    fn unknown_modes_and_presets_are_named_with_the_allowed_ones() {
        assert_eq!(
            Fragment::read(&checked("mode=bogus&d=fcnB")),
            Err("the link's settings do not read: mode: \"bogus\" is not one of auto, pooled, matrix, feedback; it was ignored".into())
        );
        assert_eq!(
            Fragment::read(&checked("mode=auto&preset=bogus")),
            Err("the link's settings do not read: preset: \"bogus\" is not one of generic, hackathon; it was ignored".into())
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
        prop::sample::select("abcdefxyzAFQZ0189-_.,=&%#+/ ~é".chars().collect::<Vec<_>>())
    }

    fn an_edit() -> impl Strategy<Value = Edit> {
        prop_oneof![
            (any::<usize>(), a_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
            (any::<usize>(), a_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
            any::<usize>().prop_map(Edit::Delete),
        ]
    }

    /// A state whose settings read, and packed input.
    fn a_state() -> impl Strategy<Value = (State, String)> {
        (
            prop::sample::select(vec!["auto", "pooled", "matrix", "feedback"]),
            prop::option::of(prop::sample::select(vec!["generic", "hackathon"])),
            prop::option::of("[a-z]{1,6}=0\\.[1-9]{1,3}(, [a-z]{1,6}=[1-9])?"),
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

    /// Any text of any setting, and packed input or none.
    fn any_state() -> impl Strategy<Value = (State, Option<String>)> {
        let text = || prop::option::of(any::<String>());
        (
            (text(), text(), text(), text(), text()),
            prop::option::of("[A-Za-z0-9_-]{1,80}"),
        )
            .prop_map(|((mode, preset, weights, den, scale), d)| {
                let state = State {
                    mode,
                    preset,
                    weights,
                    den,
                    scale,
                    text: None,
                };
                (state, d)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// Whatever text the settings hold, the link's format carries it exactly.
        #[test]
        fn any_state_reads_back_as_written((state, packed) in any_state()) {
            let link = state.encode(packed.as_deref());
            prop_assert_eq!(
                Fragment::parse(&link),
                Ok(Some(Fragment { state, packed }))
            );
        }

        /// One character changed, inserted or removed anywhere in a link: refused, or read as
        /// something other than the link was (never as the original), and never a panic.
        #[test]
        fn a_one_character_edit_never_reads_as_the_original(
            (state, packed) in any_state(),
            edit in an_edit(),
        ) {
            let link = state.encode(packed.as_deref());
            let damaged = apply(&link, &edit);
            let original = Some(Fragment { state, packed });
            let read = Fragment::read(&damaged);
            let parsed = Fragment::parse(&damaged);
            // A `#` put before the link is the fragment's own mark, which the reader skips.
            let same = damaged == link || damaged == format!("#{link}");
            prop_assert!(
                same || parsed.as_ref().map_or(true, |f| *f != original),
                "{} read as {:?}", damaged, parsed
            );
            prop_assert!(read.is_err() || read == parsed, "{:?} {:?}", read, parsed);
        }

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
