//! Reading a file or a stream with a byte limit (feature `fs`), so that `/dev/zero`, a FIFO
//! that never ends or a mistaken multi-gigabyte file is refused at once instead of growing the
//! process until the system kills it.
//!
//! **path or reader** → [`read_file`] / [`read_stream`] → at most [`MAX_BYTES`] bytes, or
//! [`Bounded::TooLarge`]. A regular file whose size is already known to be over the limit is
//! refused before a byte is read; anything else (a pipe, a device, a file that grows) is read
//! until one byte past the limit and then refused, so memory never exceeds the limit by more
//! than that byte.

use std::fmt;
use std::io::{self, Read};
use std::path::Path;

/// The most bytes read from one input: 64 MiB. Far above any evidence list, judge document,
/// items file or run file a person or a model writes (100,000 item lines are about 4 MB).
pub const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// Why a bounded read gave no bytes.
#[derive(Debug)]
pub enum Bounded {
    /// The input holds more than this many bytes (the limit).
    TooLarge(u64),
    /// The system refused the read.
    Io(io::Error),
}

impl Bounded {
    /// The message for an input called `name` (a path, or `standard input`): the system's
    /// reason, or `NAME is larger than 64 MiB, the most pickanumber reads from one input`.
    pub fn message(&self, name: &str) -> String {
        match self {
            Bounded::TooLarge(limit) => format!(
                "{name} is larger than {}, the most pickanumber reads from one input",
                size_text(*limit)
            ),
            Bounded::Io(e) => format!("cannot read {name}: {e}"),
        }
    }
}

impl fmt::Display for Bounded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bounded::TooLarge(limit) => write!(f, "larger than {}", size_text(*limit)),
            Bounded::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Bounded {}

/// A byte count as people read it: `64 MiB` for whole mebibytes, else `1000 bytes`.
pub fn size_text(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// Reads at most `limit` bytes of `reader`.
///
/// # Errors
/// [`Bounded::TooLarge`] when the stream has more than `limit` bytes (after reading
/// `limit + 1`), [`Bounded::Io`] when a read fails.
pub fn read_stream(reader: impl Read, limit: u64) -> Result<Vec<u8>, Bounded> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(Bounded::Io)?;
    if bytes.len() as u64 > limit {
        return Err(Bounded::TooLarge(limit));
    }
    Ok(bytes)
}

/// Reads the whole file at `path` when it holds at most `limit` bytes.
///
/// # Errors
/// [`Bounded::TooLarge`] for a file over the limit (a regular file is refused by its size,
/// unread), [`Bounded::Io`] when the file cannot be opened or read (a missing file is
/// `Io` with [`io::ErrorKind::NotFound`]).
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, Bounded> {
    let file = std::fs::File::open(path).map_err(Bounded::Io)?;
    let meta = file.metadata().map_err(Bounded::Io)?;
    if meta.is_file() && meta.len() > limit {
        return Err(Bounded::TooLarge(limit));
    }
    read_stream(file, limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_up_to_the_limit_is_read_whole_and_one_byte_more_is_refused() {
        assert_eq!(read_stream(&b"abcd"[..], 4).unwrap(), b"abcd");
        assert_eq!(read_stream(&b""[..], 0).unwrap(), b"");
        assert!(matches!(
            read_stream(&b"abcde"[..], 4),
            Err(Bounded::TooLarge(4))
        ));
        // An endless stream ends at the limit.
        assert!(matches!(
            read_stream(io::repeat(0), 1000),
            Err(Bounded::TooLarge(1000))
        ));
    }

    #[test]
    fn files_are_refused_by_size_and_missing_ones_say_so() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        let file = dir.join("five");
        std::fs::write(&file, "12345").unwrap();
        assert_eq!(read_file(&file, 5).unwrap(), b"12345");
        let err = read_file(&file, 4).unwrap_err();
        assert_eq!(
            err.message("five"),
            "five is larger than 4 bytes, the most pickanumber reads from one input"
        );
        assert_eq!(size_text(MAX_BYTES), "64 MiB");
        let missing = read_file(&dir.join("nope"), 4).unwrap_err();
        assert!(matches!(&missing, Bounded::Io(e) if e.kind() == io::ErrorKind::NotFound));
    }
}
