//! A pasted line that could not be used, and why: shared by both instruments' text readers.

use std::fmt;

/// A line of pasted text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column inside the line, where the reader knows it (JSON).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// What is wrong and what is expected, without the location.
    pub message: String,
}

/// `line 3: score 2 is "seven", not a number` or
/// `line 4, column 9: not valid JSON: expected value`.
impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {c}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for LineError {}
