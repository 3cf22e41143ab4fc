//! Calculator share links made at build time. The calculator reads its input from the `d`
//! parameter of the URL fragment, raw-deflated and base64url-encoded (the crate
//! `pickanumber-share-link`); the browser inflates it with
//! `DecompressionStream("deflate-raw")`. A page that links its worked example into the
//! calculator gets the link from here, so no fragment is ever typed by hand. The fragment's
//! format (the check, the escapes) is that crate's, the one the calculator and the setup page
//! write too; the packing uses the `flate2` and `base64` crates, since a
//! build-time tool has no byte budget.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use flate2::write::DeflateEncoder;
use flate2::Compression;
use pickanumber_share_link::State;
use std::io::Write;

/// `text` as a raw deflate stream (RFC 1951, no zlib or gzip header), as
/// `CompressionStream("deflate-raw")` writes it.
fn deflate(text: &[u8]) -> Vec<u8> {
    let mut encoder = DeflateEncoder::new(Vec::new(), Compression::best());
    // Writing into a Vec cannot fail.
    encoder.write_all(text).expect("deflate into memory");
    encoder.finish().expect("deflate into memory")
}

/// The fragment (without `#`) that opens `text` in the calculator: its check, then `d=` and
/// the packed input (`+3 a` → `check=04905503&d=0zZWSAQA`, a unit test below), in the format
/// the calculator reads (`pickanumber_share_link`), which refuses a link without its check.
pub fn fragment(text: &str) -> String {
    State::default().encode(Some(&URL_SAFE_NO_PAD.encode(deflate(text.as_bytes()))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::read::DeflateDecoder;
    use std::io::Read;

    #[test]
    fn a_short_input_packs_to_its_known_fragment() {
        // The calculator's share tests read this fragment with their reader and its check.
        assert_eq!(fragment("+3 a"), "check=04905503&d=0zZWSAQA");
    }

    /// The text a fragment's `d` holds, read back by a standard raw inflater, after its check.
    fn unpack(fragment: &str) -> String {
        let (check, body) = fragment
            .strip_prefix("check=")
            .and_then(|f| f.split_once('&'))
            .expect("check first");
        let sum = pickanumber_share_link::crc32(body.as_bytes());
        assert_eq!(check, format!("{sum:08x}"), "the check covers the body");
        let packed = body.strip_prefix("d=").expect("d after the check");
        let bytes = URL_SAFE_NO_PAD.decode(packed).expect("base64url");
        let mut text = String::new();
        DeflateDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .expect("raw deflate");
        text
    }

    #[test]
    fn links_round_trip_at_every_size() {
        for text in [
            String::new(),
            "+5 ü −2 x".to_string(),
            "a".repeat(70_000),
            "+1 routine\n".repeat(20_000),
        ] {
            let f = fragment(&text);
            let packed = f.split_once("&d=").unwrap().1;
            assert!(packed
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
            assert_eq!(unpack(&f), text);
        }
    }
}
