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
//!
//! JSON is read by the crate's own reader (the `json` module: text → values with byte
//! offsets), and every message about a JSON value names the line and column where it starts.
//! An impact in JSON is an integer as written (`3`, `-2`) or a string (`"+3"`); `3.0` is not
//! an impact. Keys other than the ones named are ignored; a repeated key: the last one counts.

use crate::json::{self, line_col, Kind as JsonKind, Value};
use crate::parse::{build, check_name, impact_of, Context, Entry, LineError, Parsed};
use crate::{Bucket, Impact, Item};
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

fn json_error(text: &str, e: &json::Error) -> LineError {
    let (line, column) = line_col(text, e.at);
    LineError {
        line,
        column: Some(column),
        message: format!("invalid JSON: {e}"),
    }
}

/// A located error about one JSON value.
fn error_at(text: &str, v: &Value, message: String) -> LineError {
    let (line, column) = line_col(text, v.at);
    LineError {
        line,
        column: Some(column),
        message,
    }
}

/// An optional string member: absent or `null` is `None`, anything but a string an error.
fn json_str<'v>(object: &'v Value, key: &str) -> Result<Option<&'v str>, String> {
    match object.get(key) {
        None => Ok(None),
        Some(v) => match &v.kind {
            JsonKind::Null => Ok(None),
            JsonKind::String(s) => Ok(Some(s)),
            _ => Err(format!("\"{key}\" must be a string, not {}", v.describe())),
        },
    }
}

/// The JSON document in `text` with an empty result to fill, or that result holding the syntax
/// error.
fn parse_json(text: &str) -> Result<(Parsed, json::Value<'_>), Parsed> {
    match json::parse(text) {
        Ok(doc) => Ok((Parsed::default(), doc)),
        Err(e) => {
            let mut out = Parsed::default();
            out.errors.push(json_error(text, &e));
            Err(out)
        }
    }
}

fn json_items(text: &str) -> Parsed {
    let (mut out, doc) = match parse_json(text) {
        Ok(parsed) => parsed,
        Err(out) => return out,
    };
    let JsonKind::Array(values) = &doc.kind else {
        out.errors.push(error_at(
            text,
            &doc,
            format!(
                "JSON items must be a list of objects, not {}",
                doc.describe()
            ),
        ));
        return out;
    };
    for (i, value) in values.iter().enumerate() {
        let (line, column) = line_col(text, value.at);
        let err = |message: String| LineError {
            line,
            column: Some(column),
            message: format!("item {}: {message}", i + 1),
        };
        match json_item(value) {
            Ok(item) => out.entries.push(Entry { line, item }),
            Err(m) => out.errors.push(err(m)),
        }
    }
    out
}

/// One object of a JSON item list → an item, or the message for its first problem.
fn json_item(value: &Value) -> Result<Item, String> {
    if !matches!(value.kind, JsonKind::Object(_)) {
        return Err(format!(
            "an item must be an object with \"impact\", not {}",
            value.describe()
        ));
    }
    let text = json_str(value, "text")?;
    let description = json_str(value, "description")?;
    let evidence = json_str(value, "evidence")?;
    let criterion = json_str(value, "criterion")?;
    let perspective = json_str(value, "perspective")?;
    let impact = json_impact(value.get("impact"), "impact")?;
    let mut body = text.or(description).unwrap_or_default().to_string();
    if let Some(ev) = evidence.filter(|e| !e.is_empty()) {
        body = if body.is_empty() {
            ev.to_string()
        } else {
            format!("{body} — {ev}")
        };
    }
    let mut it = Item::new(impact, body.trim());
    // An item with a bad label is an error and contributes nothing.
    for (label, value) in [("criterion", criterion), ("perspective", perspective)] {
        if let Some(name) = value {
            check_name(name).map_err(|m| format!("{label} {m}"))?;
        }
    }
    it.criterion = criterion.map(str::to_string);
    it.perspective = perspective.map(str::to_string);
    Ok(it)
}

/// An impact given as a JSON integer (`3`, `-2`, as written: `3.0` is not an impact) or a
/// string (`"+3"`, `"−2"`).
fn json_impact(v: Option<&Value>, key: &str) -> Result<Impact, String> {
    let set = Impact::list(&Impact::ALL);
    match v.map(|v| (v, &v.kind)) {
        None | Some((_, JsonKind::Null)) => Err(format!("\"{key}\" is missing (one of {set})")),
        Some((_, JsonKind::Number(n))) => impact_of(n),
        Some((_, JsonKind::String(s))) => impact_of(s.trim()),
        Some((other, _)) => Err(format!(
            "\"{key}\" must be a number, one of {set}, not {}",
            other.describe()
        )),
    }
}

fn feedback_json(text: &str) -> Parsed {
    let (mut out, doc) = match parse_json(text) {
        Ok(parsed) => parsed,
        Err(out) => return out,
    };
    // The buckets are the document's members, or its "evidence" object's when it has one.
    let mut top = &doc;
    for (what, v) in [
        ("feedback JSON", Some(&doc)),
        ("\"evidence\"", doc.get("evidence")),
    ] {
        let Some(v) = v else { continue };
        if !matches!(v.kind, JsonKind::Object(_)) {
            let message = format!("{what} must be an object of buckets, not {}", v.describe());
            out.errors.push(error_at(text, v, message));
            return out;
        }
        top = v;
    }
    let mut any = false;
    for bucket in Bucket::ALL {
        let Some(list) = top.get(bucket.key()) else {
            continue;
        };
        any = true;
        let JsonKind::Array(values) = &list.kind else {
            out.errors.push(error_at(
                text,
                list,
                format!("\"{}\" must be a list of items", bucket.key()),
            ));
            continue;
        };
        for (i, value) in values.iter().enumerate() {
            match bucket_item(value, bucket) {
                Ok(item) => out.entries.push(Entry {
                    line: line_col(text, value.at).0,
                    item,
                }),
                Err(m) => out.errors.push(error_at(
                    text,
                    value,
                    format!("{} item {}: {m}", bucket.key(), i + 1),
                )),
            }
        }
    }
    // Keys not used, sorted and once each (inserted in order: no sort code in the wasm).
    let mut unknown: Vec<&str> = Vec::new();
    if let JsonKind::Object(members) = &top.kind {
        for (k, _) in members {
            if Bucket::ALL.iter().all(|b| b.key() != k) {
                if let Err(at) = unknown.binary_search(&k.as_str()) {
                    unknown.insert(at, k);
                }
            }
        }
    }
    if !any {
        out.errors.push(LineError { line: 1, column: Some(1), message: "a JSON object needs the buckets working, not_working, missing, confusing (or an \"evidence\" object holding them)".into() });
    } else if !unknown.is_empty() {
        out.notes
            .push(format!("JSON keys not used: {}", unknown.join(", ")));
    }
    out
}

/// One object of a bucket's list (`{"value": 3, "text": "…"}`, other keys ignored) → an item.
fn bucket_item(value: &Value, bucket: Bucket) -> Result<Item, String> {
    if !matches!(value.kind, JsonKind::Object(_)) {
        return Err(format!(
            "an item must be an object with \"value\" and \"text\", not {}",
            value.describe()
        ));
    }
    let text = json_str(value, "text")?;
    let impact = json_impact(value.get("value"), "value")?;
    if !bucket.allowed().contains(&impact) {
        return Err(format!(
            "value {impact} is not allowed in {}: use {}",
            bucket.key(),
            Impact::list(bucket.allowed())
        ));
    }
    let mut it = Item::new(impact, text.unwrap_or_default().trim());
    it.bucket = Some(bucket);
    Ok(it)
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
