//! The share-link fragment's format, shared by the calculator (which writes and reads it,
//! `site/calculator/src/share.rs`) and the setup page (which writes the link that opens the
//! calculator with a rubric's settings): `check=XXXXXXXX&key=value&…`, every value
//! percent-escaped, `check` the CRC-32 of everything after `check=XXXXXXXX&`.

use pickanumber_lean::numtext::round_trip;
use pickanumber_rubric::Rubric;
use pickanumber_score::{Mode, Params};

/// CRC-32 (IEEE 802.3, as in gzip and PNG) of `bytes`, one bit at a time. Written here rather
/// than taken from a crate: `crc32fast` and `crc` look bytes up in 1–16 KB tables, more than the
/// islands' size budgets have to spare, and a fragment is at most 32,000 characters, which this
/// loop checks in well under a millisecond.
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

/// `s` with every byte outside `A-Z a-z 0-9 - _ . , =` written as `%XX`.
pub fn escape(s: &str) -> String {
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

/// The fragment (without `#`) of `parts`, in order, each value escaped, behind its check.
///
/// ```
/// use pickanumber_setup::fragment::encode;
/// // CRC-32 of `mode=pooled`, as zlib.crc32 computes it.
/// assert_eq!(encode(&[("mode", "pooled")]), "check=e0868d24&mode=pooled");
/// ```
pub fn encode(parts: &[(&str, &str)]) -> String {
    let body = parts
        .iter()
        .map(|(k, v)| format!("{k}={}", escape(v)))
        .collect::<Vec<_>>()
        .join("&");
    format!("check={:08x}&{body}", crc32(body.as_bytes()))
}

/// An empty input as the calculator's `d` part: a raw deflate stream of one empty stored block
/// (RFC 1951 §3.2.4: final bit set, length 0 and its complement), in base64url. A link with
/// input opens the calculator scrolled into view with that input, here nothing, ready for the
/// judge's answer to be pasted.
pub const EMPTY_INPUT: &str = "AQAA__8";

/// The fragment that opens the calculator with `rubric`'s mode, weights and settings (the
/// denominator and the scale when they differ from the canonical method) and an empty input.
///
/// # Errors
/// A message when the rubric changes a setting the calculator does not take (centre, maximum,
/// floor, gain, normalisation, rounding): such a link would score with other settings than the
/// rubric's, so none is made.
pub fn calculator_link(rubric: &Rubric) -> Result<String, String> {
    let (p, c) = (&rubric.params, &Params::CANONICAL);
    let others = [
        ("center", p.center != c.center),
        ("max", p.max != c.max),
        ("floor", p.multiplier_floor != c.multiplier_floor),
        ("gain", p.multiplier_gain != c.multiplier_gain),
        ("normalize", p.normalization != c.normalization),
        ("rounding", p.rounding != c.rounding),
    ];
    let set: Vec<&str> = others.iter().filter(|(_, d)| *d).map(|(k, _)| *k).collect();
    if !set.is_empty() {
        return Err(format!(
            "the calculator takes the denominator and the scale only, and this rubric also sets {}: score with `pickanumber score --rubric`",
            set.join(", ")
        ));
    }
    let weights = rubric
        .criteria
        .iter()
        .map(|c| format!("{}={}", c.name, round_trip(c.weight)))
        .collect::<Vec<_>>()
        .join(",");
    let (den, scale) = (round_trip(p.density_denominator), round_trip(p.scale));
    let mut parts = vec![("mode", rubric.mode.name())];
    if rubric.mode == Mode::Matrix {
        parts.push(("w", &weights));
    }
    if p.density_denominator != c.density_denominator {
        parts.push(("den", &den));
    }
    if p.scale != c.scale {
        parts.push(("scale", &scale));
    }
    parts.push(("d", EMPTY_INPUT));
    Ok(encode(&parts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_is_the_ieee_crc_32() {
        // The standard check value of CRC-32/ISO-HDLC.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn a_matrix_rubric_links_its_mode_weights_and_settings() {
        let json = r#"{"subject": "s", "mode": "matrix",
            "criteria": [{"name": "craft", "weight": 0.6, "plus5": "a", "minus5": "b"},
                         {"name": "depth", "weight": 0.4, "plus5": "c", "minus5": "d"}],
            "params": {"denominator": 12, "scale": 6.5}}"#;
        let r = Rubric::from_json(json).unwrap();
        let body = "mode=matrix&w=craft=0.6,depth=0.4&den=12&scale=6.5&d=AQAA__8";
        assert_eq!(
            calculator_link(&r),
            Ok(format!("check={:08x}&{body}", crc32(body.as_bytes())))
        );
    }

    #[test]
    fn a_pooled_rubric_with_canonical_settings_links_its_mode_only() {
        let r = Rubric::from_json(r#"{"subject": "s", "mode": "pooled"}"#).unwrap();
        assert_eq!(
            calculator_link(&r),
            Ok(format!(
                "check={:08x}&mode=pooled&d=AQAA__8",
                crc32(b"mode=pooled&d=AQAA__8")
            ))
        );
    }

    #[test]
    fn settings_the_calculator_lacks_make_no_link() {
        let r = Rubric::from_json(
            r#"{"subject": "s", "mode": "pooled", "params": {"center": 40, "gain": 0.2}}"#,
        )
        .unwrap();
        assert_eq!(
            calculator_link(&r),
            Err("the calculator takes the denominator and the scale only, and this rubric also sets center, gain: score with `pickanumber score --rubric`".into())
        );
    }

    #[test]
    fn the_empty_input_is_one_empty_final_stored_block() {
        // BFINAL 1, BTYPE 00, then LEN 0x0000 and NLEN 0xFFFF, in base64url without padding.
        assert_eq!(EMPTY_INPUT, "AQAA__8");
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
    fn escape_keeps_the_safe_bytes_and_encodes_the_rest() {
        assert_eq!(escape("craft=0.6, dépth"), "craft=0.6,%20d%C3%A9pth");
    }
}
