//! One repeat of the probe: **JSON value or grid row** → [`Run`] (scores, or failed with why).
//!
//! A run succeeds when it has a list of scores whose every entry is a number; each number is
//! truncated toward zero to an integer once, here, so every statistic downstream sees the same
//! ratings. A run fails either because it says so (`{"parse_failed": true, …}`, as the probe's
//! agent writes when the model's answer was unusable) or because it cannot be read
//! ([`RunError`]); both count as failed runs, and the second kind is also reported as an error.

use serde_json::Value;
use std::fmt;

/// The largest rating magnitude accepted. A larger number makes its run fail (it is reported),
/// so sums and squares stay exact in integer arithmetic.
pub const MAX_RATING: i64 = 1_000_000_000;

/// One run: where it came from and what it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Where the run came from: `line 3` for pasted text, the file name for a runs folder.
    pub label: String,
    /// The ratings, or why the run failed.
    pub outcome: Outcome,
}

impl Run {
    /// A successful run with these ratings.
    pub fn scored(label: impl Into<String>, scores: Vec<i64>) -> Run {
        Run {
            label: label.into(),
            outcome: Outcome::Scored(scores),
        }
    }

    /// The ratings of a successful run.
    pub fn scores(&self) -> Option<&[i64]> {
        match &self.outcome {
            Outcome::Scored(s) => Some(s),
            _ => None,
        }
    }
}

/// What a run holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A successful run: one rating per item, in item order (extra ratings count in the pooled
    /// distribution only; a short run leaves its last items unrated).
    Scored(Vec<i64>),
    /// The run is marked `"parse_failed"`; the text of its `"error"` key when it is a string.
    MarkedFailed(Option<String>),
    /// The run could not be read.
    Unreadable(RunError),
}

/// Why a run could not be read. `Display` gives the message without its location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// Not valid JSON; serde's message and the position inside the JSON text.
    InvalidJson {
        /// What the JSON reader expected.
        message: String,
        /// 1-based line inside the JSON text.
        line: usize,
        /// 1-based column inside the JSON text.
        column: usize,
    },
    /// Valid JSON that is neither an object nor an array (`"found"` names the JSON type).
    NotARun {
        /// The JSON type found (`a string`, `a number`, …).
        found: &'static str,
    },
    /// An object without a `"scores"` key.
    NoScores,
    /// `"scores"` is present but not a list.
    ScoresNotAList {
        /// The JSON type found.
        found: &'static str,
    },
    /// A score that is not a number.
    NotANumber {
        /// 1-based position among the scores.
        position: usize,
        /// The entry as written (shortened to 24 characters).
        text: String,
    },
    /// A score whose magnitude exceeds [`MAX_RATING`].
    TooLarge {
        /// 1-based position among the scores.
        position: usize,
        /// The number as written.
        text: String,
    },
    /// A run file whose bytes are not UTF-8 text.
    NotText,
    /// A grid row with an empty cell.
    EmptyCell {
        /// 1-based cell number.
        cell: usize,
    },
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::InvalidJson {
                message,
                line,
                column,
            } => {
                if *line > 1 {
                    write!(
                        f,
                        "not valid JSON: {message} (line {line}, column {column})"
                    )
                } else {
                    write!(f, "not valid JSON: {message} (column {column})")
                }
            }
            RunError::NotARun { found } => write!(
                f,
                "{found} is not a run; write {{\"scores\": [...]}}, a bare array of numbers or a row of numbers"
            ),
            RunError::NoScores => write!(
                f,
                "no \"scores\" list; a run is {{\"scores\": [...]}} or {{\"parse_failed\": true}}"
            ),
            RunError::ScoresNotAList { found } => {
                write!(f, "\"scores\" is {found}, not a list of numbers")
            }
            RunError::NotANumber { position, text } => {
                write!(f, "score {position} is {text}, not a number")
            }
            RunError::TooLarge { position, text } => write!(
                f,
                "score {position} is {text}; ratings must lie between -{MAX_RATING} and {MAX_RATING}"
            ),
            RunError::NotText => f.write_str("not UTF-8 text, so not JSON"),
            RunError::EmptyCell { cell } => {
                write!(f, "cell {cell} is empty; write a number in every cell")
            }
        }
    }
}

impl std::error::Error for RunError {}

/// Reads a JSON text as one run (a run file, or one pasted line).
///
/// ```
/// use pickanumber_instruments::probe::run::{outcome_from_json_text, Outcome};
/// assert_eq!(outcome_from_json_text("[7, 8.9, -0.5]"), Outcome::Scored(vec![7, 8, 0]));
/// assert_eq!(
///     outcome_from_json_text(r#"{"parse_failed": true, "error": "no JSON"}"#),
///     Outcome::MarkedFailed(Some("no JSON".into()))
/// );
/// ```
pub fn outcome_from_json_text(text: &str) -> Outcome {
    match serde_json::from_str::<Value>(text) {
        Ok(v) => outcome_from_json(&v),
        Err(e) => Outcome::Unreadable(invalid_json(&e)),
    }
}

/// The [`RunError::InvalidJson`] for a serde error, with the position taken out of the message.
pub(crate) fn invalid_json(e: &serde_json::Error) -> RunError {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
    RunError::InvalidJson {
        message,
        line: e.line(),
        column: e.column(),
    }
}

/// Reads a parsed JSON value as one run.
///
/// An array is the scores themselves. An object is marked failed when its `"parse_failed"` is
/// truthy (as Python reads it: anything but `false`, `null`, `0`, `""`, `[]`, `{}`); otherwise
/// its `"scores"` must be a list of numbers. Other keys (`"summary"`, …) are not used.
pub fn outcome_from_json(value: &Value) -> Outcome {
    match value {
        Value::Array(entries) => scores_from_json(entries),
        Value::Object(map) => {
            if map.get("parse_failed").is_some_and(truthy) {
                let error = map.get("error").and_then(Value::as_str).map(str::to_string);
                return Outcome::MarkedFailed(error);
            }
            match map.get("scores") {
                None => Outcome::Unreadable(RunError::NoScores),
                Some(Value::Array(entries)) => scores_from_json(entries),
                Some(other) => Outcome::Unreadable(RunError::ScoresNotAList {
                    found: json_type(other),
                }),
            }
        }
        other => Outcome::Unreadable(RunError::NotARun {
            found: json_type(other),
        }),
    }
}

fn scores_from_json(entries: &[Value]) -> Outcome {
    let mut scores = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let position = i + 1;
        let Value::Number(n) = entry else {
            return Outcome::Unreadable(RunError::NotANumber {
                position,
                text: shorten(&entry.to_string()),
            });
        };
        let rating = if let Some(v) = n.as_i64() {
            Some(v)
        } else {
            // u64 above i64::MAX, or a float (always finite in JSON).
            n.as_f64()
                .map(|f| f.trunc())
                .and_then(|t| (t.abs() <= MAX_RATING as f64).then_some(t as i64))
        };
        match rating.filter(|r| r.abs() <= MAX_RATING) {
            Some(r) => scores.push(r),
            None => {
                return Outcome::Unreadable(RunError::TooLarge {
                    position,
                    text: shorten(&n.to_string()),
                })
            }
        }
    }
    Outcome::Scored(scores)
}

/// Reads one grid row: cells separated by tabs, else by commas, else by white space.
///
/// Each cell must be a decimal number (`7`, `-1`, `7.5`, `1e1`); it is truncated toward zero.
///
/// ```
/// use pickanumber_instruments::probe::run::{outcome_from_row, Outcome};
/// assert_eq!(outcome_from_row("7\t8\t9.9"), Outcome::Scored(vec![7, 8, 9]));
/// assert_eq!(outcome_from_row("7, 8, 9"), Outcome::Scored(vec![7, 8, 9]));
/// assert_eq!(outcome_from_row("7 8  9"), Outcome::Scored(vec![7, 8, 9]));
/// ```
pub fn outcome_from_row(line: &str) -> Outcome {
    let line = line.trim();
    let cells: Vec<&str> = if line.contains('\t') {
        line.split('\t').collect()
    } else if line.contains(',') {
        line.split(',').collect()
    } else {
        line.split_whitespace().collect()
    };
    let mut scores = Vec::with_capacity(cells.len());
    for (i, cell) in cells.iter().enumerate() {
        let position = i + 1;
        let cell = cell.trim();
        if cell.is_empty() {
            return Outcome::Unreadable(RunError::EmptyCell { cell: position });
        }
        let number = cell
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite() && is_decimal(cell));
        let Some(number) = number else {
            return Outcome::Unreadable(RunError::NotANumber {
                position,
                text: shorten(&format!("\"{cell}\"")),
            });
        };
        let t = number.trunc();
        if t.abs() > MAX_RATING as f64 {
            return Outcome::Unreadable(RunError::TooLarge {
                position,
                text: shorten(cell),
            });
        }
        scores.push(t as i64);
    }
    Outcome::Scored(scores)
}

/// Digits, at most one point, an optional sign and exponent: what Rust's parser accepts minus
/// `inf`, `nan` and their spellings.
fn is_decimal(cell: &str) -> bool {
    cell.bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'))
}

fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

pub(crate) fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// At most 24 characters, with `…` when cut.
pub(crate) fn shorten(s: &str) -> String {
    if s.chars().count() <= 24 {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(23).collect();
        out.push('…');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(o: Outcome) -> String {
        match o {
            Outcome::Unreadable(e) => e.to_string(),
            other => panic!("expected an error, got {other:?}"),
        }
    }

    #[test]
    fn truncates_toward_zero() {
        // int() in the original: 9.99 → 9, -1.5 → -1, -0.9 → 0.
        assert_eq!(
            outcome_from_json_text("[9.99, -1.5, -0.9, 10]"),
            Outcome::Scored(vec![9, -1, 0, 10])
        );
        assert_eq!(
            outcome_from_row("9.99,-1.5,-0.9,1e1"),
            Outcome::Scored(vec![9, -1, 0, 10])
        );
    }

    #[test]
    fn object_forms() {
        assert_eq!(
            outcome_from_json_text(r#"{"scores": [1, 2], "summary": "ok"}"#),
            Outcome::Scored(vec![1, 2])
        );
        assert_eq!(
            outcome_from_json_text(r#"{"parse_failed": true}"#),
            Outcome::MarkedFailed(None)
        );
        // parse_failed wins over scores, as in the original.
        assert_eq!(
            outcome_from_json_text(r#"{"parse_failed": 1, "scores": [1]}"#),
            Outcome::MarkedFailed(None)
        );
        // A false flag is no failure.
        assert_eq!(
            outcome_from_json_text(r#"{"parse_failed": false, "scores": [4]}"#),
            Outcome::Scored(vec![4])
        );
        assert_eq!(
            outcome_from_json_text(r#"{"scores": []}"#),
            Outcome::Scored(vec![])
        );
    }

    #[test]
    fn exact_error_messages() {
        assert_eq!(
            err(outcome_from_json_text(r#"{"summary": "x"}"#)),
            r#"no "scores" list; a run is {"scores": [...]} or {"parse_failed": true}"#
        );
        assert_eq!(
            err(outcome_from_json_text(r#"{"scores": "7 8"}"#)),
            r#""scores" is a string, not a list of numbers"#
        );
        assert_eq!(
            err(outcome_from_json_text(r#"[1, "2", 3]"#)),
            r#"score 2 is "2", not a number"#
        );
        assert_eq!(
            err(outcome_from_json_text(r#"[1, true]"#)),
            "score 2 is true, not a number"
        );
        assert_eq!(
            err(outcome_from_json_text("[1, 2000000000]")),
            "score 2 is 2000000000; ratings must lie between -1000000000 and 1000000000"
        );
        assert_eq!(
            err(outcome_from_json_text("[1e300]")),
            "score 1 is 1e+300; ratings must lie between -1000000000 and 1000000000"
        );
        assert_eq!(
            err(outcome_from_json_text("42")),
            r#"a number is not a run; write {"scores": [...]}, a bare array of numbers or a row of numbers"#
        );
        assert_eq!(
            err(outcome_from_json_text("[1, 2")),
            "not valid JSON: EOF while parsing a list (column 5)"
        );
        assert_eq!(
            err(outcome_from_json_text("{\n\"scores\": [1,]}")),
            "not valid JSON: trailing comma (line 2, column 14)"
        );
        assert_eq!(
            err(outcome_from_row("7,,9")),
            "cell 2 is empty; write a number in every cell"
        );
        assert_eq!(
            err(outcome_from_row("7\tseven\t9")),
            r#"score 2 is "seven", not a number"#
        );
        assert_eq!(
            err(outcome_from_row("7 inf")),
            r#"score 2 is "inf", not a number"#
        );
        assert_eq!(
            err(outcome_from_row("7 NaN")),
            r#"score 2 is "NaN", not a number"#
        );
        assert_eq!(
            err(outcome_from_json_text(
                r#"["a very long string that goes on and on"]"#
            )),
            // 23 characters kept (the quote and 22 letters), then the ellipsis.
            r#"score 1 is "a very long string tha…, not a number"#
        );
    }
}
