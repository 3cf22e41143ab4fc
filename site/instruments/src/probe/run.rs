//! One repeat of the probe: **JSON value or grid row** → [`Run`] (scores, or failed with why).
//!
//! A run succeeds when it has a list of scores whose every entry is a number; each number is
//! kept as written ([`Rating`]: an integer, or a decimal as the nearest double), because the
//! per-item statistics use the raw ratings and only the figures across runs truncate them, as
//! the original aggregator does. A boolean is not a rating (Python would count `true` as 1;
//! we refuse it, see the crate's notes). A run fails either because it says so (`{"parse_failed": true, …}`, as the probe's
//! agent writes when the model's answer was unusable) or because it cannot be read
//! ([`RunError`]); both count as failed runs, and the second kind is also reported as an error.

use super::excerpt::{compact, json_type, shorten};
use super::rating::{Rating, RatingError};
use pickanumber_text::json::{self, Kind, Value};
use std::fmt;

pub use super::rating::MAX_RATING;

/// One run: where it came from and what it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Where the run came from: `line 3` for pasted text, the file name for a runs folder.
    pub label: String,
    /// The ratings, or why the run failed.
    pub outcome: Outcome,
}

impl Run {
    /// A successful run with these integer ratings.
    pub fn scored(label: impl Into<String>, scores: Vec<i64>) -> Run {
        Run::rated(label, scores.into_iter().map(Rating::Int).collect())
    }

    /// A successful run with these ratings (integers or decimals).
    pub fn rated(label: impl Into<String>, scores: Vec<Rating>) -> Run {
        Run {
            label: label.into(),
            outcome: Outcome::Scored(scores),
        }
    }

    /// The ratings of a successful run.
    pub fn scores(&self) -> Option<&[Rating]> {
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
    Scored(Vec<Rating>),
    /// The run is marked `"parse_failed"`; the text of its `"error"` key when it is a string.
    MarkedFailed(Option<String>),
    /// The run could not be read.
    Unreadable(RunError),
}

/// Why a run could not be read. `Display` gives the message without its location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// Not valid JSON; the reader's message and the position inside the JSON text.
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
    /// A decimal between 10⁻³²⁴ and 10⁻³⁰⁰ in magnitude (see [`RatingError::TooSmall`]).
    TooSmall {
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
    /// A run file with more than one fenced block of JSON.
    SeveralJsonBlocks {
        /// How many.
        count: usize,
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
            RunError::TooSmall { position, text } => write!(
                f,
                "score {position} is {text}; a rating this close to zero (between 1e-324 and 1e-300) is not read"
            ),
            RunError::NotText => f.write_str("not UTF-8 text, so not JSON"),
            RunError::EmptyCell { cell } => {
                write!(f, "cell {cell} is empty; write a number in every cell")
            }
            RunError::SeveralJsonBlocks { count } => write!(
                f,
                "{count} fenced JSON blocks; a run file holds one run, so it must have one"
            ),
        }
    }
}

impl std::error::Error for RunError {}

/// Reads a JSON text as one run (a run file, or one pasted line); a byte-order mark at its
/// start is skipped.
///
/// ```
/// use pickanumber_instruments::probe::{rating::Rating, run::{outcome_from_json_text, Outcome}};
/// assert_eq!(
///     outcome_from_json_text("[7, 8.9, -0.5]"),
///     Outcome::Scored(vec![Rating::Int(7), Rating::Float(8.9), Rating::Float(-0.5)])
/// );
/// assert_eq!(
///     outcome_from_json_text(r#"{"parse_failed": true, "error": "no JSON"}"#),
///     Outcome::MarkedFailed(Some("no JSON".into()))
/// );
/// ```
pub fn outcome_from_json_text(text: &str) -> Outcome {
    let text = crate::without_bom(text);
    match json::parse(text) {
        Ok(v) => outcome_from_json(&v),
        Err(e) => Outcome::Unreadable(invalid_json(text, &e)),
    }
}

/// Reads a run file's text as one run, as the formula's reader reads a judge's output: the
/// JSON may be the whole text (pretty-printed or not), or sit in a fenced code block
/// (```` ```json ````) with a sentence around it, as models write it; the text outside the
/// block is not read. The blocks are the formula crate's ([`pickanumber_score::fenced_blocks`]);
/// of them, the ones whose content starts with `{` or `[` are JSON, and a file must have one
/// (several is [`RunError::SeveralJsonBlocks`]). Without a JSON block the whole text is read
/// as JSON. A syntax error's line counts in the whole file.
///
/// ```
/// use pickanumber_instruments::probe::{rating::Rating, run::{outcome_from_file_text, Outcome}};
/// let file = "Here are my ratings.\n```json\n{\n  \"scores\": [7, 8]\n}\n```\nThanks.";
/// assert_eq!(outcome_from_file_text(file), Outcome::Scored(vec![Rating::Int(7), Rating::Int(8)]));
/// ```
pub fn outcome_from_file_text(text: &str) -> Outcome {
    let text = crate::without_bom(text);
    let json: Vec<(usize, &str)> = pickanumber_score::fenced_blocks(text)
        .into_iter()
        .filter(|(_, body)| body.trim_start().starts_with(['{', '[']))
        .collect();
    match json.as_slice() {
        [] => outcome_from_json_text(text),
        [(first_line, body)] => match outcome_from_json_text(body) {
            Outcome::Unreadable(RunError::InvalidJson {
                message,
                line,
                column,
            }) => Outcome::Unreadable(RunError::InvalidJson {
                message,
                line: line + first_line - 1,
                column,
            }),
            other => other,
        },
        several => Outcome::Unreadable(RunError::SeveralJsonBlocks {
            count: several.len(),
        }),
    }
}

/// The [`RunError::InvalidJson`] for a syntax error in `text`.
pub(crate) fn invalid_json(text: &str, e: &json::Error) -> RunError {
    let (line, column) = json::line_col(text, e.at);
    RunError::InvalidJson {
        message: e.message.clone(),
        line,
        column,
    }
}

/// Reads a parsed JSON value as one run.
///
/// An array is the scores themselves. An object is marked failed when its `"parse_failed"` is
/// truthy (as Python reads it: anything but `false`, `null`, a zero, `""`, `[]`, `{}`);
/// otherwise its `"scores"` must be a list of numbers. Other keys (`"summary"`, …) are not
/// used.
pub fn outcome_from_json(value: &Value) -> Outcome {
    match &value.kind {
        Kind::Array(entries) => scores_from_json(entries),
        Kind::Object(_) => {
            if value.get("parse_failed").is_some_and(truthy) {
                let error = match value.get("error").map(|e| &e.kind) {
                    Some(Kind::String(s)) => Some(s.clone()),
                    _ => None,
                };
                return Outcome::MarkedFailed(error);
            }
            match value.get("scores") {
                None => Outcome::Unreadable(RunError::NoScores),
                Some(Value {
                    kind: Kind::Array(entries),
                    ..
                }) => scores_from_json(entries),
                Some(other) => Outcome::Unreadable(RunError::ScoresNotAList {
                    found: json_type(other),
                }),
            }
        }
        _ => Outcome::Unreadable(RunError::NotARun {
            found: json_type(value),
        }),
    }
}

fn scores_from_json(entries: &[Value]) -> Outcome {
    let mut scores = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let position = i + 1;
        let Kind::Number(n) = entry.kind else {
            return Outcome::Unreadable(RunError::NotANumber {
                position,
                text: shorten(&compact(entry)),
            });
        };
        match Rating::parse(n) {
            Ok(r) => scores.push(r),
            // The JSON reader only passes numbers of the JSON grammar, a subset of decimals.
            Err(RatingError::NotANumber | RatingError::TooLarge) => {
                return Outcome::Unreadable(RunError::TooLarge {
                    position,
                    text: shorten(n),
                })
            }
            Err(RatingError::TooSmall) => {
                return Outcome::Unreadable(RunError::TooSmall {
                    position,
                    text: shorten(n),
                })
            }
        }
    }
    Outcome::Scored(scores)
}

/// Reads one grid row: cells separated by tabs, else by commas, else by white space
/// ([`crate::cells`]).
///
/// Each cell must be a decimal number (`7`, `-1`, `7.5`, `1e1`), read as in JSON: without a
/// point or an exponent an integer, else a decimal.
///
/// ```
/// use pickanumber_instruments::probe::{rating::Rating, run::{outcome_from_row, Outcome}};
/// let ints = Outcome::Scored(vec![Rating::Int(7), Rating::Int(8), Rating::Int(9)]);
/// assert_eq!(outcome_from_row("7, 8, 9"), ints);
/// assert_eq!(outcome_from_row("7 8  9"), ints);
/// assert_eq!(
///     outcome_from_row("7\t8\t9.9"),
///     Outcome::Scored(vec![Rating::Int(7), Rating::Int(8), Rating::Float(9.9)])
/// );
/// ```
pub fn outcome_from_row(line: &str) -> Outcome {
    let cells = crate::cells(line);
    let mut scores = Vec::with_capacity(cells.len());
    for (i, cell) in cells.iter().enumerate() {
        let position = i + 1;
        let cell = cell.trim();
        if cell.is_empty() {
            return Outcome::Unreadable(RunError::EmptyCell { cell: position });
        }
        match Rating::parse(cell) {
            Ok(r) => scores.push(r),
            Err(RatingError::NotANumber) => {
                return Outcome::Unreadable(RunError::NotANumber {
                    position,
                    text: shorten(&format!("\"{cell}\"")),
                })
            }
            Err(RatingError::TooSmall) => {
                return Outcome::Unreadable(RunError::TooSmall {
                    position,
                    text: shorten(cell),
                })
            }
            Err(RatingError::TooLarge) => {
                return Outcome::Unreadable(RunError::TooLarge {
                    position,
                    text: shorten(cell),
                })
            }
        }
    }
    Outcome::Scored(scores)
}

/// Python's truthiness of a JSON value; a number is true unless its digits are all zeros.
fn truthy(v: &Value) -> bool {
    match &v.kind {
        Kind::Null => false,
        Kind::Bool(b) => *b,
        Kind::Number(n) => n
            .split(['e', 'E'])
            .next()
            .is_some_and(|m| m.bytes().any(|c| matches!(c, b'1'..=b'9'))),
        Kind::String(s) => !s.is_empty(),
        Kind::Array(a) => !a.is_empty(),
        Kind::Object(o) => !o.is_empty(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3_000))]

        #[test]
        fn json_runs_agree_with_serde_json(
            xs in proptest::collection::vec(
                prop_oneof![
                    (-2_000_000_000i64..2_000_000_000).prop_map(serde_json::Value::from),
                    (-2e9f64..2e9).prop_map(serde_json::Value::from),
                    (-1e3f64..1e3).prop_map(serde_json::Value::from),
                ],
                0..8,
            ),
            wrapped in any::<bool>(),
        ) {
            let list = serde_json::Value::Array(xs.clone());
            let text = if wrapped {
                serde_json::json!({"scores": list, "summary": "ok"}).to_string()
            } else {
                list.to_string()
            };
            // What the reader should give: serde_json's numbers (integers as integers), and
            // their integer parts, within the limit.
            let mut want = Vec::new();
            let mut too_large = None;
            for (i, x) in xs.iter().enumerate() {
                let t = x.as_f64().unwrap().trunc();
                if t.abs() > MAX_RATING as f64 {
                    too_large = Some(i + 1);
                    break;
                }
                want.push((x.as_i64().is_some(), x.as_f64().unwrap(), t as i64));
            }
            match (outcome_from_json_text(&text), too_large) {
                (Outcome::Scored(got), None) => {
                    let got: Vec<(bool, f64, i64)> = got
                        .iter()
                        .map(|r| (matches!(r, Rating::Int(_)), r.value(), r.truncated()))
                        .collect();
                    prop_assert_eq!(got, want)
                }
                (Outcome::Unreadable(RunError::TooLarge { position, .. }), Some(p)) => {
                    prop_assert_eq!(position, p)
                }
                (got, _) => prop_assert!(false, "{}: {:?}", text, got),
            }
        }
    }

    fn err(o: Outcome) -> String {
        match o {
            Outcome::Unreadable(e) => e.to_string(),
            other => panic!("expected an error, got {other:?}"),
        }
    }

    fn ints(xs: &[i64]) -> Outcome {
        Outcome::Scored(xs.iter().map(|&x| Rating::Int(x)).collect())
    }

    #[test]
    fn keeps_ratings_as_written() {
        // Kept raw for the per-item statistics; int() of the original for the pooled ones:
        // 9.99 → 9, -1.5 → -1, -0.9 → 0.
        let want = Outcome::Scored(vec![
            Rating::Float(9.99),
            Rating::Float(-1.5),
            Rating::Float(-0.9),
            Rating::Int(10),
        ]);
        assert_eq!(outcome_from_json_text("[9.99, -1.5, -0.9, 10]"), want);
        assert_eq!(outcome_from_row("9.99,-1.5,-0.9,10"), want);
        let Outcome::Scored(rs) = want else {
            unreachable!()
        };
        let truncated: Vec<i64> = rs.iter().map(|r| r.truncated()).collect();
        assert_eq!(truncated, [9, -1, 0, 10]);
        assert_eq!(
            outcome_from_row("1e1"),
            Outcome::Scored(vec![Rating::Float(10.0)])
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(
            outcome_from_json_text("\u{feff}{\"scores\": [1, 2]}"),
            ints(&[1, 2])
        );
        assert_eq!(
            outcome_from_json_text("\u{feff}{\"parse_failed\": true}"),
            Outcome::MarkedFailed(None)
        );
        // Only at the start: inside, it is not JSON.
        assert!(matches!(
            outcome_from_json_text("[1, \u{feff}2]"),
            Outcome::Unreadable(RunError::InvalidJson { .. })
        ));
    }

    #[test]
    fn object_forms() {
        assert_eq!(
            outcome_from_json_text(r#"{"scores": [1, 2], "summary": "ok"}"#),
            ints(&[1, 2])
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
            ints(&[4])
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
            "score 1 is 1e300; ratings must lie between -1000000000 and 1000000000"
        );
        assert_eq!(
            err(outcome_from_json_text("42")),
            r#"a number is not a run; write {"scores": [...]}, a bare array of numbers or a row of numbers"#
        );
        assert_eq!(
            err(outcome_from_json_text("[1, 2")),
            "not valid JSON: expected ',' or ']' after a list element, found the end of the text (column 6)"
        );
        assert_eq!(
            err(outcome_from_json_text("{\n\"scores\": [1,]}")),
            "not valid JSON: expected a value (an object, a list, a string, a number, true, false or null), found ']' (line 2, column 14)"
        );
        assert_eq!(
            err(outcome_from_json_text("[1, 1e-310]")),
            "score 2 is 1e-310; a rating this close to zero (between 1e-324 and 1e-300) is not read"
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
