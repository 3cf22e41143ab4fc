//! Pasted **text** → judgments, one per non-blank line.
//!
//! A line is either `first, second, verdict` (three fields separated by tabs, else commas,
//! else runs of spaces: [`crate::cells`], as the probe's grid rows; a name with a space in it
//! needs tabs or commas) or a JSON object `{"first": "…", "second": "…", "verdict": "A"}`
//! (other keys are not used). The verdict is
//! `A` (the first shown won), `B` (the second shown won), or `NEITHER` / `TIE`, in any case.
//! Names are trimmed and compared exactly. Every other non-blank line is a [`LineError`]. A
//! byte-order mark at the start of the text is skipped.

use crate::LineError;
use pickanumber_text::json::{self, Kind};

/// What the judge answered about the two items it was shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// `A`: the item shown first is better.
    First,
    /// `B`: the item shown second is better.
    Second,
    /// `NEITHER` or `TIE`: no winner.
    Neither,
}

impl Verdict {
    /// Reads `A`, `B`, `NEITHER` or `TIE`, ignoring case and surrounding spaces.
    pub fn from_text(s: &str) -> Option<Verdict> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("a") {
            Some(Verdict::First)
        } else if s.eq_ignore_ascii_case("b") {
            Some(Verdict::Second)
        } else if s.eq_ignore_ascii_case("neither") || s.eq_ignore_ascii_case("tie") {
            Some(Verdict::Neither)
        } else {
            None
        }
    }
}

/// One comparison: two items in the order shown, and the verdict.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Judgment {
    /// The item shown first (A).
    pub first: String,
    /// The item shown second (B).
    pub second: String,
    /// The verdict, relative to the order shown.
    pub verdict: Verdict,
}

impl Judgment {
    /// A judgment.
    pub fn new(first: impl Into<String>, second: impl Into<String>, verdict: Verdict) -> Self {
        Judgment {
            first: first.into(),
            second: second.into(),
            verdict,
        }
    }

    /// The real winner and loser, decoded from the order shown; `None` for no winner.
    pub fn outcome(&self) -> Option<(&str, &str)> {
        match self.verdict {
            Verdict::First => Some((&self.first, &self.second)),
            Verdict::Second => Some((&self.second, &self.first)),
            Verdict::Neither => None,
        }
    }
}

/// Judgments read from a text, and the lines that could not be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedJudgments {
    /// Valid judgments, in order.
    pub judgments: Vec<Judgment>,
    /// The 1-based line of each judgment.
    pub lines: Vec<usize>,
    /// Lines that are not judgments.
    pub errors: Vec<LineError>,
}

/// Reads every line of `text`.
///
/// ```
/// use pickanumber_instruments::pairwise::{parse_judgments, Verdict};
/// let p = parse_judgments("x\ty\ta\n{\"first\": \"y\", \"second\": \"x\", \"verdict\": \"Tie\"}\nx y A\nx, y, B\nx-y-A\n");
/// assert_eq!(p.judgments.len(), 4);
/// assert_eq!(p.judgments[1].verdict, Verdict::Neither);
/// assert_eq!(p.judgments[3].verdict, Verdict::Second);
/// assert_eq!(
///     p.errors[0].to_string(),
///     "line 5: expected first, second and verdict separated by tabs, commas or spaces, found 1 field"
/// );
/// ```
pub fn parse_judgments(text: &str) -> ParsedJudgments {
    let mut out = ParsedJudgments::default();
    for (idx, raw) in crate::without_bom(text).lines().enumerate() {
        let line = idx + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        let read = if trimmed.starts_with('{') {
            from_json(trimmed, raw.len() - raw.trim_start().len())
        } else {
            from_fields(raw)
        };
        match read {
            Ok(j) => {
                out.judgments.push(j);
                out.lines.push(line);
            }
            Err((column, message)) => out.errors.push(LineError {
                line,
                column,
                message,
            }),
        }
    }
    out
}

type Read = Result<Judgment, (Option<usize>, String)>;

fn from_fields(raw: &str) -> Read {
    let fields = crate::cells(raw);
    if fields.len() != 3 {
        let found = match fields.len() {
            1 => "1 field".to_string(),
            n => format!("{n} fields"),
        };
        return Err((
            None,
            format!("expected first, second and verdict separated by tabs, commas or spaces, found {found}"),
        ));
    }
    build(fields[0], fields[1], fields[2])
}

fn from_json(trimmed: &str, indent: usize) -> Read {
    let value = json::parse(trimmed).map_err(|e| {
        (
            Some(json::line_col(trimmed, e.at).1 + indent),
            format!("not valid JSON: {}", e.message),
        )
    })?;
    let text = |key: &str| -> Result<&str, (Option<usize>, String)> {
        match value.get(key) {
            Some(json::Value {
                kind: Kind::String(s),
                ..
            }) => Ok(s),
            Some(other) => Err((
                None,
                format!(
                    "\"{key}\" is {}, not a string",
                    crate::probe::excerpt::json_type(other)
                ),
            )),
            None => Err((
                None,
                format!(
                    "missing \"{key}\"; write {{\"first\": \"…\", \"second\": \"…\", \"verdict\": \"A\"}}"
                ),
            )),
        }
    };
    build(text("first")?, text("second")?, text("verdict")?)
}

fn build(first: &str, second: &str, verdict: &str) -> Read {
    let (first, second) = (first.trim(), second.trim());
    if first.is_empty() || second.is_empty() {
        let which = if first.is_empty() { "first" } else { "second" };
        return Err((None, format!("the {which} item's name is empty")));
    }
    if first == second {
        return Err((
            None,
            format!("\"{first}\" is compared with itself; a judgment needs two different items"),
        ));
    }
    let Some(verdict) = Verdict::from_text(verdict) else {
        return Err((
            None,
            format!(
                "verdict \"{}\" is not one of A, B, NEITHER, TIE",
                crate::probe::excerpt::shorten(verdict.trim())
            ),
        ));
    };
    Ok(Judgment::new(first, second, verdict))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        parse_judgments(text)
            .errors
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn verdicts_in_any_case() {
        let p = parse_judgments("a\tb\tA\na\tb\tb\na\tb\tneither\na\tb\t Tie \n");
        let v: Vec<Verdict> = p.judgments.iter().map(|j| j.verdict).collect();
        assert_eq!(
            v,
            [
                Verdict::First,
                Verdict::Second,
                Verdict::Neither,
                Verdict::Neither
            ]
        );
        assert_eq!(p.lines, [1, 2, 3, 4]);
    }

    #[test]
    fn names_are_trimmed_and_decoded() {
        let p = parse_judgments("  essay one \tessay two\tB\r\n");
        let j = &p.judgments[0];
        assert_eq!(
            (j.first.as_str(), j.second.as_str()),
            ("essay one", "essay two")
        );
        assert_eq!(j.outcome(), Some(("essay two", "essay one")));
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let with = parse_judgments("\u{feff}a\tb\tA\nb\ta\tB\n");
        assert!(with.errors.is_empty());
        assert_eq!(with, parse_judgments("a\tb\tA\nb\ta\tB\n"));
        assert_eq!(with.judgments[0].first, "a");
        let json =
            parse_judgments("\u{feff}{\"first\": \"a\", \"second\": \"b\", \"verdict\": \"A\"}\n");
        assert!(json.errors.is_empty());
        assert_eq!(json.judgments[0].first, "a");
    }

    #[test]
    fn tabs_commas_and_runs_of_spaces_separate() {
        let want = parse_judgments("draft a\tdraft b\tA\n");
        assert!(want.errors.is_empty());
        for text in ["draft a, draft b, A\n", "  draft a ,draft b,a\n"] {
            assert_eq!(parse_judgments(text).judgments, want.judgments, "{text:?}");
        }
        let spaced = parse_judgments("x   y  B\n");
        assert_eq!(spaced.judgments, [Judgment::new("x", "y", Verdict::Second)]);
    }

    #[test]
    fn exact_errors() {
        assert_eq!(
            errors("x\ty\n\nx\ty\tA\textra\nx\ty\tC\nx\tx\tA\n,y,A\nx\t \tB\ndraft a draft b A"),
            [
                "line 1: expected first, second and verdict separated by tabs, commas or spaces, found 2 fields",
                "line 3: expected first, second and verdict separated by tabs, commas or spaces, found 4 fields",
                "line 4: verdict \"C\" is not one of A, B, NEITHER, TIE",
                "line 5: \"x\" is compared with itself; a judgment needs two different items",
                "line 6: the first item's name is empty",
                "line 7: the second item's name is empty",
                "line 8: expected first, second and verdict separated by tabs, commas or spaces, found 5 fields",
            ]
        );
        assert_eq!(
            errors("{\"first\": \"x\", \"second\": \"y\"}\n{\"first\": 1, \"second\": \"y\", \"verdict\": \"A\"}\n  {\"first\": \"x\",\n"),
            [
                "line 1: missing \"verdict\"; write {\"first\": \"…\", \"second\": \"…\", \"verdict\": \"A\"}",
                "line 2: \"first\" is a number, not a string",
                "line 3, column 17: not valid JSON: expected a key in double quotes, found the end of the text",
            ]
        );
        assert_eq!(
            errors("{\"first\": \"x\", \"second\": \"y\", \"verdict\": \"first one\"}"),
            ["line 1: verdict \"first one\" is not one of A, B, NEITHER, TIE"]
        );
    }
}
