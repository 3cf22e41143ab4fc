//! Rows → items: spreadsheet rows (tab- or comma-separated) and markdown tables, their
//! columns found by a header row that names `impact` (or, in a markdown table without one, by
//! position).

use crate::parse::{build, impact_of, rule_cell, Context, Entry, LineError, Parsed};

/// Splits one CSV/TSV row, honouring double quotes (`"a, b"` and `""` inside quotes).
pub(super) fn split_row(line: &str, sep: char) -> Vec<String> {
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

pub(super) fn spreadsheet(text: &str, sep: char) -> Parsed {
    let mut out = Parsed::default();
    let mut columns = None;
    let ctx = Context::default();
    for (i, line) in crate::lines::lines(text).enumerate() {
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

pub(super) fn markdown_table(text: &str) -> Parsed {
    let mut out = Parsed::default();
    let mut columns: Option<Columns> = None;
    let ctx = Context::default();
    for (i, line) in crate::lines::lines(text).enumerate() {
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
        if cells.iter().all(|c| !c.is_empty() && rule_cell(c)) {
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
