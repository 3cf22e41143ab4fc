//! The wasm-split stamp: the one machine-dependent piece left in the islands' wasm, set to a
//! fixed value after trunk's builds.
//!
//! Leptos links `wasm_split_helpers`, which exports one zero-sized symbol per linked copy,
//! `_WASM_SPLIT_MARKER_<16 hex digits>version`, only so that the linker keeps its custom section.
//! The digits are a SHA-256 of the absolute path of that crate's `Cargo.toml`, which is under
//! cargo's home, so they differ from machine to machine. Nothing calls the export: only the
//! `wasm-split` tool reads the prefix, and this site does not split its wasm. Different digits
//! change how well brotli packs the file: on the calculator's wasm, random stamps spread its
//! size wider than what the calculator's budget has to spare. So
//! every build writes the same digits, the copy's number in hex (`0000000000000000` for the first),
//! which keeps two copies' names apart if two versions were ever linked.
//!
//! Written by hand: it is a same-length overwrite of 16 bytes, with no wasm structure to parse.

use std::path::Path;

use crate::env::{failed, Context, Failure};

/// The export name's prefix, as `wasm_split_helpers` writes it.
const MARKER: &[u8] = b"_WASM_SPLIT_MARKER_";
/// The number of hex digits after [`MARKER`].
const DIGITS: usize = 16;

/// Sets the stamp of every `.wasm` file in `dir` to its fixed value. A file without a marker is
/// left as it is; a marker not followed by 16 lowercase hex digits is an error naming the file
/// and the byte offset, and the file is not written.
pub fn fix_all(dir: &Path) -> Result<(), Failure> {
    for entry in std::fs::read_dir(dir).context(dir.display())? {
        let path = entry.context(dir.display())?.path();
        if path.extension().is_some_and(|e| e == "wasm") {
            let bytes = std::fs::read(&path).context(path.display())?;
            let fixed = fix(bytes).map_err(|e| failed(format!("{}: {e}", path.display())))?;
            if let Some(fixed) = fixed {
                let partial = path.with_extension("wasm.partial");
                std::fs::write(&partial, fixed).context(partial.display())?;
                std::fs::rename(&partial, &path).context(path.display())?;
            }
        }
    }
    Ok(())
}

/// `bytes` with each marker's digits replaced by the marker's number in hex, or `None` when there
/// is no marker or the digits already are those.
fn fix(mut bytes: Vec<u8>) -> Result<Option<Vec<u8>>, String> {
    let starts: Vec<usize> = bytes
        .windows(MARKER.len())
        .enumerate()
        .filter(|(_, w)| *w == MARKER)
        .map(|(at, _)| at + MARKER.len())
        .collect();
    let mut changed = false;
    for (number, &at) in starts.iter().enumerate() {
        let digits = bytes.get(at..at + DIGITS).unwrap_or(&[]);
        let hex = |b: &u8| b.is_ascii_digit() || (b'a'..=b'f').contains(b);
        if digits.len() != DIGITS || !digits.iter().all(hex) {
            let at = at - MARKER.len();
            return Err(format!(
                "the wasm-split marker at byte {at} is not followed by {DIGITS} lowercase hex digits"
            ));
        }
        let wanted = format!("{number:0DIGITS$x}");
        changed |= digits != wanted.as_bytes();
        bytes[at..at + DIGITS].copy_from_slice(wanted.as_bytes());
    }
    Ok(changed.then_some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(stamps: &[&str]) -> Vec<u8> {
        let mut bytes = b"\0asm\x01\0\0\0".to_vec();
        for stamp in stamps {
            bytes.extend_from_slice(b"\x07\x03");
            bytes.extend_from_slice(MARKER);
            bytes.extend_from_slice(stamp.as_bytes());
            bytes.extend_from_slice(b"version\x03\x02");
        }
        bytes
    }

    #[test]
    fn every_machine_writes_the_same_stamps_and_two_copies_keep_different_names() {
        let here = fix(module(&["732e786d2a082da8", "5eae858bdb2b2fc7"])).unwrap();
        let there = fix(module(&["5eae858bdb2b2fc7", "0000000000000000"])).unwrap();
        let fixed = module(&["0000000000000000", "0000000000000001"]);
        assert_eq!(
            (here.as_ref(), there.as_ref()),
            (Some(&fixed), Some(&fixed))
        );
        // A fixed or unmarked file is not rewritten.
        assert_eq!(fix(fixed).unwrap(), None);
        assert_eq!(fix(module(&[])).unwrap(), None);
    }

    #[test]
    fn a_marker_without_its_digits_is_an_error_with_the_offset() {
        let message = "the wasm-split marker at byte 10 is not followed by 16 lowercase hex digits";
        assert_eq!(fix(module(&["732E786D2A082DA8"])).unwrap_err(), message);
        let mut cut = module(&[]);
        cut.extend_from_slice(b"\x07\x03_WASM_SPLIT_MARKER_73");
        assert_eq!(fix(cut).unwrap_err(), message);
    }
}
