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
//! as unused; a repeated key: the last one counts.

use crate::json::{self, line_col, Kind as JsonKind, Value};
use crate::parse::{
    build, check_name, impact_of, too_many_items, Context, Entry, LineError, Parsed,
};
use crate::MAX_ITEMS;
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
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let fences = fences(text);
    if fences.is_empty() {
        detect(text)
    } else {
        unwrap_fences(text, &fences)
    }
}

/// One fenced code block: the byte range of its content and the 1-based line of its first
/// content line.
struct Fence {
    body: std::ops::Range<usize>,
    first_line: usize,
}

/// The fenced code blocks of `text`: a line of three or more backticks or tildes (after
/// spaces) opens one, any info string after it; a line of at least as many of the same
/// character closes it; an unclosed block runs to the end.
fn fences(text: &str) -> Vec<Fence> {
    let mut out = Vec::new();
    let mut open: Option<(char, usize, usize, usize)> = None; // mark, length, body start, line
    let mut at = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let t = line.trim();
        let mark = t.chars().next().filter(|c| matches!(c, '`' | '~'));
        let run = mark.map_or(0, |m| t.chars().take_while(|&c| c == m).count());
        match (open, mark) {
            (None, Some(m)) if run >= 3 => open = Some((m, run, at + line.len(), i + 2)),
            (Some((m, n, start, first_line)), Some(c))
                if c == m && run >= n && t.len() == run * m.len_utf8() =>
            {
                out.push(Fence {
                    body: start..at,
                    first_line,
                });
                open = None;
            }
            _ => {}
        }
        at += line.len();
    }
    if let Some((_, _, start, first_line)) = open {
        out.push(Fence {
            body: start.min(text.len())..text.len(),
            first_line,
        });
    }
    out
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
        outside.extend(std::iter::repeat_n('\n', body.matches('\n').count()));
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

/// Appends `text` with the fence lines in it emptied.
fn push_blanking_fences(out: &mut String, text: &str) {
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            if line.ends_with('\n') {
                out.push('\n');
            }
        } else {
            out.push_str(line);
        }
    }
}

/// Adds `p`, read from a part of the text that starts after `offset` lines, to `out`.
fn merge(out: &mut Parsed, p: Parsed, offset: usize) {
    out.entries.extend(p.entries.into_iter().map(|mut e| {
        e.line += offset;
        e
    }));
    out.errors.extend(p.errors.into_iter().map(|mut e| {
        e.line += offset;
        e
    }));
    out.ignored
        .extend(p.ignored.into_iter().map(|l| l + offset));
    out.weights.extend(p.weights);
    out.notes.extend(p.notes);
    out.report_rows
        .extend(p.report_rows.into_iter().map(|mut r| {
            r.line += offset;
            r
        }));
    out.explicit |= p.explicit;
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

/// A JSON document: a list of items, `{"items": [...]}`, or the four buckets.
fn json_document(text: &str) -> (Format, Parsed) {
    let mut out = Parsed::default();
    let doc = match json::parse(text) {
        Ok(doc) => doc,
        Err(e) => {
            out.errors.push(json_error(text, &e));
            return (Format::Json, out);
        }
    };
    if let JsonKind::Array(values) = &doc.kind {
        json_items(text, values, &mut out);
        return (Format::Json, out);
    }
    match doc.get("items") {
        Some(items) => {
            let JsonKind::Array(values) = &items.kind else {
                let message = format!(
                    "\"items\" must be a list of objects, not {}",
                    items.describe()
                );
                out.errors.push(error_at(text, items, message));
                return (Format::Json, out);
            };
            json_items(text, values, &mut out);
            if let Some(w) = doc.get("weights") {
                json_weights(text, w, &mut out);
            }
            unused_keys(&doc, &["items", "weights"], &mut out);
            if Bucket::ALL.iter().any(|b| doc.get(b.key()).is_some()) {
                let message = "a JSON object has either \"items\" or the buckets working, not_working, missing, confusing, not both";
                out.errors.push(error_at(text, &doc, message.into()));
            }
            out.explicit = out.errors.is_empty();
            (Format::Json, out)
        }
        _ => {
            feedback_json(text, &doc, &mut out);
            out.explicit = out.errors.is_empty();
            (Format::FeedbackJson, out)
        }
    }
}

/// The items of a JSON list, each an object; at most [`MAX_ITEMS`].
fn json_items(text: &str, values: &[Value], out: &mut Parsed) {
    for (i, value) in values.iter().enumerate() {
        let (line, column) = line_col(text, value.at);
        if out.entries.len() >= MAX_ITEMS {
            out.errors.push(LineError {
                line,
                column: Some(column),
                message: too_many_items(),
            });
            return;
        }
        match json_item(value) {
            Ok(item) => out.entries.push(Entry { line, item }),
            Err(m) => out.errors.push(LineError {
                line,
                column: Some(column),
                message: format!("item {}: {m}", i + 1),
            }),
        }
    }
    out.explicit = out.errors.is_empty();
}

/// `"weights": {"craft": 0.6, "depth": 0.4}` → the weights, each name and number checked.
fn json_weights(text: &str, w: &Value, out: &mut Parsed) {
    let JsonKind::Object(members) = &w.kind else {
        let message = format!(
            "\"weights\" must be an object of numbers, as in {{\"craft\": 0.6, \"depth\": 0.4}}, not {}",
            w.describe()
        );
        out.errors.push(error_at(text, w, message));
        return;
    };
    for (name, v) in members {
        let value = match &v.kind {
            JsonKind::Number(n) => crate::parse_decimal(n).ok(),
            _ => None,
        };
        match (check_name(name), value) {
            (Ok(()), Some(x)) => out.weights.push((name.clone(), x)),
            (Err(m), _) => out.errors.push(error_at(text, v, format!("weight {m}"))),
            (Ok(()), None) => out.errors.push(error_at(
                text,
                v,
                format!("weight for {name} must be a number, not {}", v.describe()),
            )),
        }
    }
}

/// Notes the keys of `object` that are not in `used`, sorted and once each (inserted in
/// order: no sort code in the wasm).
fn unused_keys(object: &Value, used: &[&str], out: &mut Parsed) {
    let mut unknown: Vec<&str> = Vec::new();
    if let JsonKind::Object(members) = &object.kind {
        for (k, _) in members {
            if !used.contains(&k.as_str()) {
                if let Err(at) = unknown.binary_search(&k.as_str()) {
                    unknown.insert(at, k);
                }
            }
        }
    }
    if !unknown.is_empty() {
        out.notes
            .push(format!("JSON keys not used: {}", unknown.join(", ")));
    }
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
    let impact = json_impact(value.get("impact"), "impact", true)?;
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

/// An impact given as a JSON number equal to one of the eight values (`3`, `-2`, `3.0`,
/// `5E0`, as Python reads them) or, where `strings` allows, a string (`"+3"`, `"−2"`).
fn json_impact(v: Option<&Value>, key: &str, strings: bool) -> Result<Impact, String> {
    let set = Impact::list(&Impact::ALL);
    let not_in_set = |n: &str| format!("impact {n} is not one of {set}");
    match v.map(|v| (v, &v.kind)) {
        None | Some((_, JsonKind::Null)) => Err(format!("\"{key}\" is missing (one of {set})")),
        Some((_, JsonKind::Number(n))) => match crate::parse_decimal(n) {
            Ok(x) if x.fract() == 0.0 && x.abs() <= 5.0 => {
                Impact::from_value(x as i64).ok_or_else(|| not_in_set(n))
            }
            _ => Err(not_in_set(n)),
        },
        Some((_, JsonKind::String(s))) if strings => impact_of(s.trim()),
        Some((other, kind)) => Err(format!(
            "\"{key}\" must be a number, one of {set}, not {}",
            match kind {
                JsonKind::String(s) => format!("a string (\"{s}\")"),
                _ => other.describe().to_string(),
            }
        )),
    }
}

fn feedback_json(text: &str, doc: &Value, out: &mut Parsed) {
    // The buckets are the document's members, or its "evidence" object's when it has one.
    let mut top = doc;
    for (what, v) in [
        ("feedback JSON", Some(doc)),
        ("\"evidence\"", doc.get("evidence")),
    ] {
        let Some(v) = v else { continue };
        if !matches!(v.kind, JsonKind::Object(_)) {
            let message = format!("{what} must be an object of buckets, not {}", v.describe());
            out.errors.push(error_at(text, v, message));
            return;
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
            if out.entries.len() >= MAX_ITEMS {
                out.errors.push(error_at(text, value, too_many_items()));
                return;
            }
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
    if any {
        let keys: Vec<&str> = Bucket::ALL.iter().map(|b| b.key()).collect();
        unused_keys(top, &keys, out);
    } else {
        out.errors.push(LineError {
            line: 1,
            column: Some(1),
            message: "a JSON object needs \"items\" (a list of items) or the buckets working, not_working, missing, confusing (or an \"evidence\" object holding them)".into(),
        });
    }
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
    let impact = json_impact(value.get("value"), "value", false)?;
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
