//! Calculator share links made at build time. The calculator reads its input from the `d`
//! parameter of the URL fragment, raw-deflated and base64url-encoded (see
//! `site/calculator/src/share.rs`); the browser inflates it with
//! `DecompressionStream("deflate-raw")`. A page that links its worked example into the
//! calculator gets the link from here, so no fragment is ever typed by hand.
//!
//! The deflate stream uses stored blocks only (RFC 1951 §3.2.4: the bytes as they are, behind a
//! five-byte header per 65,535 bytes). Every inflater reads them, and the renderer needs no
//! compressor; the examples a page links are a few hundred bytes.

/// The most bytes one stored block holds.
const STORED_MAX: usize = 65_535;

/// `text` as a raw deflate stream of stored blocks.
fn deflate_stored(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 5 * (text.len() / STORED_MAX + 1));
    let mut chunks = text.chunks(STORED_MAX).peekable();
    if chunks.peek().is_none() {
        // An empty input is one empty final block.
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(chunk) = chunks.next() {
        // BFINAL on the last block, BTYPE 00 (stored), then LEN and its complement NLEN.
        let last = chunks.peek().is_none();
        let len = chunk.len() as u16;
        out.push(u8::from(last));
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    out
}

/// base64url without padding, as the calculator's boot module writes it.
fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The fragment (without `#`) that opens `text` in the calculator: its check, then `d=` and
/// the packed input (`+3 a` → `check=e6fb3889&d=AQQA-_8rMyBh`, a unit test below), in the
/// format the calculator reads (`pickanumber_setup::fragment`), which refuses a link without
/// its check.
pub fn fragment(text: &str) -> String {
    pickanumber_setup::fragment::encode(&[("d", &base64url(&deflate_stored(text.as_bytes())))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_input_packs_to_its_known_fragment() {
        assert_eq!(fragment("+3 a"), "check=e6fb3889&d=AQQA-_8rMyBh");
    }

    /// Reads stored blocks back: the inverse of [`deflate_stored`], checking every header.
    fn inflate_stored(mut data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        loop {
            let (header, rest) = data.split_at(5);
            let len = u16::from_le_bytes([header[1], header[2]]);
            let nlen = u16::from_le_bytes([header[3], header[4]]);
            assert_eq!(header[0] & 0b110, 0, "not a stored block");
            assert_eq!(len, !nlen, "NLEN is not the complement of LEN");
            out.extend_from_slice(&rest[..usize::from(len)]);
            data = &rest[usize::from(len)..];
            if header[0] & 1 == 1 {
                assert!(data.is_empty(), "bytes after the final block");
                return out;
            }
        }
    }

    fn unbase64url(s: &str) -> Vec<u8> {
        let value = |c: u8| match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => panic!("{c} is not base64url"),
        };
        let bits: Vec<u8> = s.bytes().map(value).collect();
        let mut out = Vec::new();
        for chunk in bits.chunks(4) {
            let n = chunk
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, &b)| n | u32::from(b) << (18 - 6 * i));
            for i in 0..chunk.len() - 1 {
                out.push((n >> (16 - 8 * i)) as u8);
            }
        }
        out
    }

    #[test]
    fn links_round_trip_at_every_size() {
        for text in [
            String::new(),
            "+5 ü −2 x".to_string(),
            "a".repeat(STORED_MAX),
            "+1 routine\n".repeat(20_000),
        ] {
            let f = fragment(&text);
            let packed = f.split_once("&d=").unwrap().1;
            assert!(packed
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
            assert_eq!(inflate_stored(&unbase64url(packed)), text.as_bytes());
        }
    }

    #[test]
    fn base64url_matches_known_values() {
        // RFC 4648 §10 test vectors, with the padding dropped.
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64url(plain.as_bytes()), encoded);
        }
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }
}
