//! Pasted text in any supported format → [`Parsed`] items, with the format detected.
//!
//! First, a byte-order mark at the start is skipped, and when the text has fenced code blocks
//! (```` ``` ```` or `~~~` lines, as judge models wrap their answers) each block's content is
//! read on its own (the rungs below), and the lines outside the blocks with the line grammar,
//! every line number still counted in the whole text.
//!
//! Formats, tried in this order:
//! - JSON items, when the text starts with `[` or `{` and the document is a list of item
//!   objects (`impact`, optional `text`/`description`, `evidence`, `criterion`,
//!   `perspective`), or an object `{"items": [...]}` (what a model writes under a JSON Schema,
//!   which needs an object at the top) with optional `"weights": {"craft": 0.6, …}`;
//! - the four-bucket feedback JSON (`{"working": [{"value": 3, "text": "…"}], …}`, optionally
//!   wrapped as `{"evidence": {…}}`), when the text starts with `{` and has no `items`;
//! - spreadsheet rows (tab- or comma-separated) whose first row names an `impact` column;
//! - a markdown table whose rows start with `|`;
//! - otherwise the line grammar of the `parse` module.
//!
//! JSON is read by the crate's own reader (the `json` module: text → values with byte
//! offsets), and every message about a JSON value names the line and column where it starts.
//! An impact in JSON is a number equal to one of the eight values (`3`, `-2`, `3.0`, `5E0`);
//! in item lists also a string (`"+3"`). In the buckets, as in score.py, only a number: a
//! string or a boolean is an error naming the item. Keys other than the ones named are noted
//! as unused; a repeated key: the last one counts, except in `"weights"`, where a criterion
//! given twice is an error.
//!
//! The parts: `format` (the [`Format`] names), `fences` (where the fenced blocks lie),
//! `json_formats` (the JSON documents), `tables` (spreadsheet rows and markdown tables); the
//! line grammar is the `parse` module's.

mod fences;
mod format;
mod json_formats;
mod tables;

use crate::parse::{LineError, Parsed};
pub use fences::{fenced_blocks, is_fence_line};
use fences::{fences, merge, push_blanking_fences, Fence};
pub use format::Format;
use json_formats::json_document;
use tables::{markdown_table, split_row, spreadsheet};

/// Detects the format of `text` and reads it: the one entry for every input format.
///
/// ```
/// use pickanumber_score::{read, Format};
/// let (format, parsed) = read(r#"[{"impact": 3, "text": "clear"}, {"impact": -2}]"#);
/// assert_eq!(format, Format::Json);
/// assert_eq!(parsed.entries.len(), 2);
/// ```
pub fn read(text: &str) -> (Format, Parsed) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let fences = fences(text);
    if fences.is_empty() {
        detect(text)
    } else {
        unwrap_fences(text, &fences)
    }
}

/// Reads each fenced block's content in its own format and the lines outside the blocks (the
/// fence lines blanked) with the line grammar, line numbers counted in the whole text.
fn unwrap_fences(text: &str, fences: &[Fence]) -> (Format, Parsed) {
    let mut out = Parsed::default();
    let mut format = None;
    let mut outside = String::with_capacity(text.len());
    let mut at = 0;
    for f in fences {
        let body = text.get(f.body.clone()).unwrap_or_default();
        let (fmt, p) = detect(body);
        format.get_or_insert(fmt);
        let last = f.first_line + body.lines().count().max(1) - 1;
        out.fenced.push((f.first_line, last, fmt));
        merge(&mut out, p, f.first_line - 1);
        // Outside text: everything before this block (its opening fence line blanked), then
        // one empty line per content line.
        let before = text.get(at..f.body.start).unwrap_or_default();
        push_blanking_fences(&mut outside, before);
        let newlines = body.bytes().filter(|&b| b == b'\n').count();
        outside.extend(std::iter::repeat_n('\n', newlines));
        at = f.body.end;
    }
    push_blanking_fences(&mut outside, text.get(at..).unwrap_or_default());
    let p = crate::parse::parse(&outside);
    merge(&mut out, p, 0);
    out.explicit = out.explicit && out.errors.is_empty();
    crate::order::sort_by(&mut out.entries, |a, b| a.line.cmp(&b.line));
    crate::order::sort_by(&mut out.ignored, |a, b| a.cmp(b));
    (format.unwrap_or(Format::Lines), out)
}

/// Detects the format of `text` (no fences, no byte-order mark) and reads it.
fn detect(text: &str) -> (Format, Parsed) {
    let trimmed = text.trim_start();
    if trimmed.starts_with('[') || trimmed.starts_with('{') {
        return json_document(text);
    }
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    if first.starts_with('|') {
        return (Format::MarkdownTable, markdown_table(text));
    }
    // Byte scans for the ASCII separators: `str::contains` brings a searcher into the wasm.
    if let Some(sep) = [b'\t', b',']
        .into_iter()
        .find(|&c| first.bytes().any(|b| b == c))
    {
        let sep = char::from(sep);
        let header = split_row(first, sep);
        if header
            .iter()
            .any(|h| h.trim().eq_ignore_ascii_case("impact"))
        {
            return (Format::Spreadsheet, spreadsheet(text, sep));
        }
    }
    (Format::Lines, crate::parse::parse(text))
}

/// Reads `text` as `format`, without detection (the line grammar for an evidence block that
/// must be lines, or a test of one format).
///
/// ```
/// use pickanumber_score::{read_as, Format};
/// // Detection would read this as a markdown table; as lines it is one ignored line.
/// assert_eq!(read_as(Format::Lines, "| +3 | tidy |").ignored, vec![1]);
/// ```
pub fn read_as(format: Format, text: &str) -> Parsed {
    match format {
        Format::Lines => crate::parse::parse(text),
        Format::Json | Format::FeedbackJson => match json_document(text) {
            (found, p) if found == format || !p.errors.is_empty() => p,
            _ => {
                let mut p = Parsed::default();
                let (what, shape) = match format {
                    Format::Json => (
                        "JSON items",
                        "a list of objects or an object with \"items\"",
                    ),
                    _ => ("feedback JSON", "an object of buckets"),
                };
                p.errors.push(LineError {
                    line: 1,
                    column: Some(1),
                    message: format!("{what} must be {shape}"),
                });
                p
            }
        },
        Format::MarkdownTable => markdown_table(text),
        Format::Spreadsheet => {
            let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            let tab = first.bytes().any(|b| b == b'\t');
            spreadsheet(text, if tab { '\t' } else { ',' })
        }
    }
}
