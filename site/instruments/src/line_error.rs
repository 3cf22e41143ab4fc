//! A pasted line that could not be used, and why: the formula crate's [`LineError`], shared by
//! both instruments' text readers, so every tool reports a bad line the same way
//! (`line 3: …`, `line 4, column 9: …`).

pub use pickanumber_score::LineError;

/// The error of line `line` (1-based), with no column.
#[cfg(feature = "calibrate")]
pub(crate) fn at(line: usize, message: String) -> LineError {
    LineError {
        line,
        column: None,
        message,
    }
}

/// A JSON-lines text read one value a line: a UTF-8 byte-order mark at the start skipped, blank
/// lines skipped, every other line given to `read` with its 1-based number. Every bad line is
/// kept, in order; a text with no line at all is the error `empty`, on line 1.
#[cfg(feature = "calibrate")]
pub(crate) fn json_lines<T>(
    text: &str,
    empty: &str,
    mut read: impl FnMut(&str, usize) -> Result<T, LineError>,
) -> Result<Vec<T>, Vec<LineError>> {
    let mut values = Vec::new();
    let mut errors = Vec::new();
    for (k, row) in crate::without_bom(text).lines().enumerate() {
        if row.trim().is_empty() {
            continue;
        }
        match read(row, k + 1) {
            Ok(v) => values.push(v),
            Err(e) => errors.push(e),
        }
    }
    if values.is_empty() && errors.is_empty() {
        errors.push(at(1, empty.to_string()));
    }
    match errors.is_empty() {
        true => Ok(values),
        false => Err(errors),
    }
}
