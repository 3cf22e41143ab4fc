//! Pasted **text** → runs, one run per non-blank line, for the probe page.
//!
//! A line whose first character is `{` or `[` starts a JSON run (`{"scores": [...]}`, a bare
//! array, or `{"parse_failed": true, …}`), which may span lines, as a pretty-printed run file
//! does: the run is the value that starts there, when it is valid and nothing follows it on
//! its last line; otherwise the line alone is read, and its error named. Any other line is a
//! grid row (rows are runs, columns are items, cells separated by tabs, else commas, else
//! spaces). Blank lines and the lines of code fences (```` ```json ````, as models wrap run
//! files; the formula crate's [`pickanumber_score::is_fence_line`]) are skipped. Every other
//! line becomes exactly one run, labelled by its first line: a line that cannot be read is a
//! failed run *and* a [`LineError`], so nothing disappears silently. A byte-order mark at
//! the start of the text is skipped.

use super::items::{ItemsSpec, Scale};
use super::run::{
    outcome_from_json, outcome_from_json_text, outcome_from_row, Outcome, Run, RunError,
};
use super::{probe, Probe};
use crate::LineError;

/// Runs read from a text, with the lines that could not be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedRuns {
    /// One run per non-blank line, in order, labelled `line N`.
    pub runs: Vec<Run>,
    /// The lines that could not be read (each is also a failed run).
    pub errors: Vec<LineError>,
}

impl ParsedRuns {
    /// The number of ratings in the longest successful run: how many items the grid has.
    pub fn columns(&self) -> usize {
        self.runs
            .iter()
            .filter_map(Run::scores)
            .map(<[_]>::len)
            .max()
            .unwrap_or(0)
    }
}

/// Reads every line of `text` as a run.
///
/// ```
/// use pickanumber_instruments::probe::{parse_runs, Run};
/// let p = parse_runs("{\"scores\": [7, 8]}\n\n[9, 10]\n6\t7\n5 x\n");
/// assert_eq!(p.runs.len(), 4); // the blank line is skipped
/// assert_eq!(p.runs[2], Run::scored("line 4", vec![6, 7]));
/// assert_eq!(p.errors[0].to_string(), "line 5: score 2 is \"x\", not a number");
/// ```
pub fn parse_runs(text: &str) -> ParsedRuns {
    let mut out = ParsedRuns::default();
    let text = crate::without_bom(text);
    // Each line with the byte offset where it starts.
    let mut starts = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        starts.push(at);
        at += line.len();
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut idx = 0;
    while let Some(&line) = lines.get(idx) {
        let number = idx + 1;
        idx += 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || pickanumber_score::is_fence_line(line) {
            continue;
        }
        let outcome = if trimmed.starts_with(['{', '[']) {
            let start = starts.get(number - 1).copied().unwrap_or(text.len());
            let from = start + (line.len() - line.trim_start().len());
            match spanning_value(text, from, &starts) {
                Some((outcome, last)) => {
                    idx = last;
                    outcome
                }
                None => outcome_from_json_text(trimmed),
            }
        } else {
            outcome_from_row(trimmed)
        };
        if let Outcome::Unreadable(e) = &outcome {
            out.errors
                .push(line_error(number, e, line.len() - line.trim_start().len()));
        }
        out.runs.push(Run {
            label: format!("line {number}"),
            outcome,
        });
    }
    out
}

/// The run whose JSON value starts at byte `from` of `text` and ends on a later line with
/// nothing after it there, and the number of that last line; `None` when the value is not
/// valid or something follows it (the line is then read alone, as a one-line run is).
fn spanning_value(text: &str, from: usize, starts: &[usize]) -> Option<(Outcome, usize)> {
    let rest = text.get(from..)?;
    let (value, end) = pickanumber_text::json::parse_first(rest).ok()?;
    let end = from + end;
    let last = starts.partition_point(|&s| s < end);
    let line_end = starts.get(last).copied().unwrap_or(text.len());
    let after = text.get(end..line_end)?;
    after
        .trim()
        .is_empty()
        .then(|| (outcome_from_json(&value), last))
}

/// The error for a line, with the JSON column counted in the line as pasted.
fn line_error(line: usize, e: &RunError, indent: usize) -> LineError {
    match e {
        RunError::InvalidJson {
            message, column, ..
        } => LineError {
            line,
            column: Some(column + indent),
            message: format!("not valid JSON: {message}"),
        },
        other => LineError {
            line,
            column: None,
            message: other.to_string(),
        },
    }
}

/// Pasted runs and the probe computed from them.
#[derive(Clone, Debug, PartialEq)]
pub struct TextProbe {
    /// The runs and the lines that could not be read.
    pub parsed: ParsedRuns,
    /// The probe over those runs, with items `item 1` … `item k` for the longest run.
    pub probe: Probe,
}

/// Reads pasted runs and computes the probe on `scale`: what the probe page shows.
///
/// ```
/// use pickanumber_instruments::probe::{probe_text, Regime, Scale};
/// let t = probe_text("9 10 9\n10 9 9\n9 9 10\n", Scale::default());
/// assert_eq!(t.probe.regime(), Regime::InflationLikely);
/// assert!(t.parsed.errors.is_empty());
/// ```
pub fn probe_text(text: &str, scale: Scale) -> TextProbe {
    let parsed = parse_runs(text);
    let spec = ItemsSpec::numbered(parsed.columns(), scale);
    let probe = probe(&parsed.runs, &spec);
    TextProbe { parsed, probe }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        parse_runs(text)
            .errors
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn exact_line_errors() {
        assert_eq!(
            errors("7 8\n  [1, 2\n{\"summary\": \"no\"}\n7,,8\n1 2 three"),
            [
                "line 2, column 8: not valid JSON: expected ',' or ']' after a list element, found the end of the text",
                "line 3: no \"scores\" list; a run is {\"scores\": [...]} or {\"parse_failed\": true}",
                "line 4: cell 2 is empty; write a number in every cell",
                "line 5: score 3 is \"three\", not a number",
            ]
        );
        assert_eq!(
            errors("\"7 8\""),
            ["line 1: score 1 is \"\"7\", not a number"]
        );
    }

    #[test]
    fn every_non_blank_line_is_a_run() {
        let p = parse_runs("\n1 2\n\n{\"parse_failed\": true, \"error\": \"prose\"}\nbad\n  \n");
        let labels: Vec<&str> = p.runs.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, ["line 2", "line 4", "line 5"]);
        assert_eq!(
            p.runs[1].outcome,
            Outcome::MarkedFailed(Some("prose".into()))
        );
        // A run marked failed is not an error; an unreadable one is.
        assert_eq!(p.errors.len(), 1);
        assert_eq!(p.errors[0].line, 5);
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        for text in ["7 8\n9 9\n", "[7, 8]\n9 9\n", "{\"scores\": [7, 8]}\n9 9\n"] {
            let with = parse_runs(&format!("\u{feff}{text}"));
            assert!(with.errors.is_empty(), "{text:?}: {:?}", with.errors);
            assert_eq!(with, parse_runs(text));
            assert_eq!(with.runs[0].outcome, Run::scored("", vec![7, 8]).outcome);
        }
    }

    #[test]
    fn separators() {
        let p = parse_runs("1\t2\t3\n4,5,6\n7 8 9\n10 ,\t 1\n");
        assert_eq!(p.runs[0].outcome, Run::scored("", vec![1, 2, 3]).outcome);
        assert_eq!(p.runs[1].outcome, Run::scored("", vec![4, 5, 6]).outcome);
        assert_eq!(p.runs[2].outcome, Run::scored("", vec![7, 8, 9]).outcome);
        // A tab wins over the comma: "10 ," is one cell and not a number.
        assert_eq!(
            p.errors[0].to_string(),
            "line 4: score 1 is \"10 ,\", not a number"
        );
        assert_eq!(p.columns(), 3);
    }
}
