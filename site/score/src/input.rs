//! Pasted text in any supported format → [`Parsed`] items, with the format detected.
//!
//! Formats, tried in this order:
//! - a JSON array of item objects (`impact`, optional `text`/`description`, `evidence`,
//!   `criterion`, `perspective`), when the text starts with `[`;
//! - the four-bucket feedback JSON (`{"working": [{"value": 3, "text": "…"}], …}`, optionally
//!   wrapped as `{"evidence": {…}}`), when it starts with `{`;
//! - spreadsheet rows (tab- or comma-separated) whose first row names an `impact` column;
//! - a markdown table whose rows start with `|`;
//! - otherwise the line grammar of the `parse` module.

use crate::parse::{build, check_name, impact_of, Context, Entry, LineError, Parsed};
use crate::{Bucket, Impact, Item};
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::fmt;

/// The detected input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// One item per line.
    Lines,
    /// A JSON array of items.
    Json,
    /// The four-bucket feedback JSON.
    FeedbackJson,
    /// Tab- or comma-separated rows with a header.
    Spreadsheet,
    /// A markdown table.
    MarkdownTable,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Lines => "item lines",
            Format::Json => "JSON items",
            Format::FeedbackJson => "feedback JSON (four buckets)",
            Format::Spreadsheet => "spreadsheet rows",
            Format::MarkdownTable => "markdown table",
        })
    }
}

/// Detects the format of `text` and reads it: the one entry for every input format.
///
/// ```
/// use pickanumber_score::{read, Format};
/// let (format, parsed) = read(r#"[{"impact": 3, "text": "clear"}, {"impact": -2}]"#);
/// assert_eq!(format, Format::Json);
/// assert_eq!(parsed.entries.len(), 2);
/// ```
pub fn read(text: &str) -> (Format, Parsed) {
    let trimmed = text.trim_start();
    if trimmed.starts_with('[') {
        return (Format::Json, json_items(text));
    }
    if trimmed.starts_with('{') {
        return (Format::FeedbackJson, feedback_json(text));
    }
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    if first.starts_with('|') {
        return (Format::MarkdownTable, markdown_table(text));
    }
    if let Some(sep) = ['\t', ','].into_iter().find(|&c| first.contains(c)) {
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
        Format::Json => json_items(text),
        Format::FeedbackJson => feedback_json(text),
        Format::MarkdownTable => markdown_table(text),
        Format::Spreadsheet => {
            let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            spreadsheet(text, if first.contains('\t') { '\t' } else { ',' })
        }
    }
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Where a borrowed JSON value starts inside `text`.
fn offset_of(text: &str, raw: &RawValue) -> usize {
    (raw.get().as_ptr() as usize).saturating_sub(text.as_ptr() as usize)
}

fn json_error(e: &serde_json::Error) -> LineError {
    LineError {
        line: e.line().max(1),
        column: Some(e.column().max(1)),
        message: format!("invalid JSON: {e}")
            .split(" at line ")
            .next()
            .unwrap_or_default()
            .to_string(),
    }
}

#[derive(serde::Deserialize)]
struct JsonItem {
    impact: Option<serde_json::Value>,
    text: Option<String>,
    description: Option<String>,
    evidence: Option<String>,
    criterion: Option<String>,
    perspective: Option<String>,
}

fn json_items(text: &str) -> Parsed {
    let mut out = Parsed::default();
    let raws: Vec<&RawValue> = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            out.errors.push(json_error(&e));
            return out;
        }
    };
    for (i, raw) in raws.iter().enumerate() {
        let (line, column) = line_col(text, offset_of(text, raw));
        let err = |message: String| LineError {
            line,
            column: Some(column),
            message,
        };
        let item: JsonItem = match serde_json::from_str(raw.get()) {
            Ok(v) => v,
            Err(e) => {
                out.errors.push(err(format!(
                    "item {}: {}",
                    i + 1,
                    e.to_string().split(" at line ").next().unwrap_or_default()
                )));
                continue;
            }
        };
        let impact = match json_impact(item.impact.as_ref(), "impact") {
            Ok(v) => v,
            Err(m) => {
                out.errors.push(err(format!("item {}: {m}", i + 1)));
                continue;
            }
        };
        let mut body = item.text.or(item.description).unwrap_or_default();
        if let Some(ev) = item.evidence.filter(|e| !e.is_empty()) {
            body = if body.is_empty() {
                ev
            } else {
                format!("{body} — {ev}")
            };
        }
        let mut it = Item::new(impact, body.trim());
        // An item with a bad label is an error and contributes nothing.
        let bad_label = [
            ("criterion", &item.criterion),
            ("perspective", &item.perspective),
        ]
        .into_iter()
        .find_map(|(label, value)| {
            let m = check_name(value.as_deref()?).err()?;
            Some(format!("item {}: {label} {m}", i + 1))
        });
        if let Some(message) = bad_label {
            out.errors.push(err(message));
            continue;
        }
        it.criterion = item.criterion;
        it.perspective = item.perspective;
        out.entries.push(Entry { line, item: it });
    }
    out
}

fn json_impact(v: Option<&serde_json::Value>, key: &str) -> Result<Impact, String> {
    let set = Impact::list(&Impact::ALL);
    match v {
        None => Err(format!("\"{key}\" is missing (one of {set})")),
        Some(serde_json::Value::Number(n)) => impact_of(&n.to_string()),
        Some(serde_json::Value::String(s)) => impact_of(s.trim()),
        Some(other) => Err(format!(
            "\"{key}\" must be a number, one of {set}, not {other}"
        )),
    }
}

#[derive(serde::Deserialize)]
struct BucketItem {
    value: Option<serde_json::Value>,
    text: Option<String>,
    #[serde(flatten)]
    _rest: BTreeMap<String, serde_json::Value>,
}

fn feedback_json(text: &str) -> Parsed {
    let mut out = Parsed::default();
    let mut top: BTreeMap<String, &RawValue> = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            out.errors.push(json_error(&e));
            return out;
        }
    };
    if let Some(inner) = top.get("evidence").copied() {
        match serde_json::from_str(inner.get()) {
            Ok(v) => top = v,
            Err(e) => {
                let (line, column) = line_col(text, offset_of(text, inner));
                out.errors.push(LineError {
                    line,
                    column: Some(column),
                    message: format!(
                        "\"evidence\" must be an object of buckets: {}",
                        e.to_string().split(" at line ").next().unwrap_or_default()
                    ),
                });
                return out;
            }
        }
    }
    let mut any = false;
    for bucket in Bucket::ALL {
        let Some(raw) = top.get(bucket.key()) else {
            continue;
        };
        any = true;
        let (bl, bc) = line_col(text, offset_of(text, raw));
        let items: Vec<&RawValue> = match serde_json::from_str(raw.get()) {
            Ok(v) => v,
            Err(_) => {
                out.errors.push(LineError {
                    line: bl,
                    column: Some(bc),
                    message: format!("\"{}\" must be a list of items", bucket.key()),
                });
                continue;
            }
        };
        for (i, raw) in items.iter().enumerate() {
            let (line, column) = line_col(text, offset_of(text, raw));
            let err = |message: String| LineError {
                line,
                column: Some(column),
                message: format!("{} item {}: {message}", bucket.key(), i + 1),
            };
            let item: BucketItem = match serde_json::from_str(raw.get()) {
                Ok(v) => v,
                Err(e) => {
                    out.errors.push(err(e
                        .to_string()
                        .split(" at line ")
                        .next()
                        .unwrap_or_default()
                        .to_string()));
                    continue;
                }
            };
            let impact = match json_impact(item.value.as_ref(), "value") {
                Ok(v) => v,
                Err(m) => {
                    out.errors.push(err(m));
                    continue;
                }
            };
            if !bucket.allowed().contains(&impact) {
                out.errors.push(err(format!(
                    "value {impact} is not allowed in {}: use {}",
                    bucket.key(),
                    Impact::list(bucket.allowed())
                )));
                continue;
            }
            let mut it = Item::new(impact, item.text.unwrap_or_default().trim());
            it.bucket = Some(bucket);
            out.entries.push(Entry { line, item: it });
        }
    }
    let unknown: Vec<&str> = top
        .keys()
        .map(String::as_str)
        .filter(|k| Bucket::ALL.iter().all(|b| b.key() != *k))
        .collect();
    if !any {
        out.errors.push(LineError { line: 1, column: Some(1), message: "a JSON object needs the buckets working, not_working, missing, confusing (or an \"evidence\" object holding them)".into() });
    } else if !unknown.is_empty() {
        out.notes
            .push(format!("JSON keys not used: {}", unknown.join(", ")));
    }
    out
}

/// Splits one CSV/TSV row, honouring double quotes (`"a, b"` and `""` inside quotes).
fn split_row(line: &str, sep: char) -> Vec<String> {
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            '"' if cell.trim().is_empty() && !quoted => {
                cell.clear();
                quoted = true;
            }
            '"' if quoted => quoted = false,
            c if c == sep && !quoted => cells.push(std::mem::take(&mut cell)),
            c => cell.push(c),
        }
    }
    cells.push(cell);
    cells.into_iter().map(|c| c.trim().to_string()).collect()
}

/// Column positions named by a header row.
struct Columns {
    impact: usize,
    criterion: Option<usize>,
    perspective: Option<usize>,
    text: Option<usize>,
}

impl Columns {
    fn from_header(header: &[String]) -> Option<Columns> {
        let find = |names: &[&str]| {
            header
                .iter()
                .position(|h| names.iter().any(|n| h.eq_ignore_ascii_case(n)))
        };
        Some(Columns {
            impact: find(&["impact", "value"])?,
            criterion: find(&["criterion"]),
            perspective: find(&["perspective"]),
            text: find(&["text", "description", "evidence", "item"]),
        })
    }

    fn entry(&self, cells: &[String], line: usize, ctx: &Context) -> Result<Entry, LineError> {
        let get = |i: Option<usize>| {
            i.and_then(|i| cells.get(i))
                .map(String::as_str)
                .filter(|s| !s.is_empty())
        };
        let err = |message: String| LineError {
            line,
            column: None,
            message,
        };
        let raw = get(Some(self.impact)).ok_or_else(|| err("the impact cell is empty".into()))?;
        let raw = raw.trim_start_matches('(').trim_end_matches(')');
        let impact = impact_of(raw).map_err(err)?;
        let labels = match (get(self.perspective), get(self.criterion)) {
            (Some(p), Some(c)) => Some(format!("{p} × {c}")),
            (None, Some(c)) => Some(c.to_string()),
            (Some(p), None) => return Err(err(format!("perspective {p} needs a criterion too"))),
            (None, None) => None,
        };
        let item =
            build(impact, labels.as_deref(), get(self.text).unwrap_or(""), ctx).map_err(err)?;
        Ok(Entry { line, item })
    }
}

fn spreadsheet(text: &str, sep: char) -> Parsed {
    let mut out = Parsed::default();
    let mut columns = None;
    let ctx = Context::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let cells = split_row(line, sep);
        let Some(cols) = &columns else {
            columns = Columns::from_header(&cells);
            continue;
        };
        match cols.entry(&cells, i + 1, &ctx) {
            Ok(e) => out.entries.push(e),
            Err(e) => out.errors.push(e),
        }
    }
    out
}

fn markdown_table(text: &str) -> Parsed {
    let mut out = Parsed::default();
    let mut columns: Option<Columns> = None;
    let ctx = Context::default();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if !line.starts_with('|') {
            out.ignored.push(i + 1);
            continue;
        }
        let inner = line.trim_start_matches('|').trim_end_matches('|');
        let cells: Vec<String> = inner.split('|').map(|c| c.trim().to_string()).collect();
        if cells
            .iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
        {
            continue; // separator row
        }
        if columns.is_none() {
            if let Some(c) = Columns::from_header(&cells) {
                columns = Some(c);
                continue;
            }
            // No header: impact first, text last, a criterion between when there are three cells.
            columns = Some(Columns {
                impact: 0,
                criterion: (cells.len() >= 3).then_some(1),
                perspective: None,
                text: (cells.len() >= 2).then_some(cells.len() - 1),
            });
        }
        if let Some(cols) = &columns {
            match cols.entry(&cells, i + 1, &ctx) {
                Ok(e) => out.entries.push(e),
                Err(e) => out.errors.push(e),
            }
        }
    }
    out
}
