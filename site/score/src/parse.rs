//! Pasted text → items, one line at a time, with a diagnostic for every line that is not used.
//!
//! Each non-blank line is classified as exactly one of:
//! - an **item**: a signed impact first (`+3`, `-2`, `−2`, `(+5)`, `(+5, craft)`,
//!   `(+5, requester × brief_fidelity)`, `+1×25` for a run), bare or wrapped the way judge
//!   models write it (`[+3]`, `**+3**`, `*−2*`, `__+3__`, `` `+3` ``, `**(+3, craft)**`),
//!   optionally after a bullet (`-`, `*`, `+`, `•`, `1.`, `1)`), then the text;
//! - an **error**: the line starts with a number but is not a valid item (an unsigned number,
//!   a value outside the set, a wrapper left open); the message says how to write it. An
//!   unsigned number is never an impact here: "3 blockers remain" is prose, not +3;
//! - **context**: a heading (skipped; a heading that names a bucket or `Criterion: name` labels
//!   the items under it) or a `weights:` line; a heading that starts with the word `pass` but
//!   is not `## Pass: name` is an error (`pass_heading`);
//! - **ignored**: anything else, reported by line number.
//!
//! A table inside the text whose header names `criterion` and `weight` columns (the
//! evidence-scoring skill's report, or this crate's own) gives its rows: their weights count
//! when nothing else gives weights, and their typed finals, nets and item counts are checked
//! against the formula by the analysis.
//!
//! At most [`MAX_ITEMS`] items are read from one text (runs counted before they are expanded);
//! the line that would cross the limit is an error and reading stops there. So is the line
//! whose run would copy more than [`MAX_RUN_BYTES`] of item text in all.
//!
//! Lines end at every line break of [`crate::lines`]. One line → an item is read in
//! `item_line`, a `weights:` line in `weights`, a `## Pass:` heading in `pass_heading`; a
//! report's per-criterion table is read here.

mod item_line;
mod pass_heading;
mod weights;

pub(crate) use item_line::{build, impact_of, starts_like_separator, Context};
pub use item_line::{check_name, MAX_REPEAT};
use item_line::{read_item, strip_bullet, strip_prefix_ci, Head};
pub use pass_heading::{has_pass_headings, pass_heading};
pub(crate) use weights::second_weights;
pub use weights::{decimal_comma, must_be_a_number, parse_weights, weights_from_numbers};

use crate::Item;
use std::fmt;

/// The most items one input may hold, runs expanded (checked before they are expanded, so an
/// input of a few kilobytes cannot ask for gigabytes).
pub const MAX_ITEMS: usize = 1_000_000;

/// [`MAX_ITEMS`] as the messages print it.
pub(crate) const MAX_ITEMS_TEXT: &str = "1,000,000";

/// The most bytes of item text (the text and its labels) the runs of one input may copy: a
/// `×N` line adds N − 1 copies of its item, so without this bound a few kilobytes of long
/// `×10000` lines would ask for gigabytes, in memory and in every output that lists the items.
pub const MAX_RUN_BYTES: u64 = 8 << 20;

/// The error for the line whose run would take the copies past [`MAX_RUN_BYTES`].
pub(crate) fn too_much_copied() -> String {
    format!(
        "this line's run would take the text the runs copy past {} MiB (each of a ×N line's N − 1 copies repeats its text and labels), the most one input may copy; reading stopped here: write fewer copies or a shorter text",
        MAX_RUN_BYTES >> 20
    )
}

/// The error for the line (or JSON value) that would take the input past [`MAX_ITEMS`].
pub(crate) fn too_many_items() -> String {
    format!("the input holds more than {MAX_ITEMS_TEXT} items, the most one input may hold; reading stopped here")
}

/// A line that could not be used, with why (the pasted-text error of the formula crate and of
/// the instruments).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, where the input format has one (JSON).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// What is wrong and what is allowed, without the line number.
    pub message: String,
}

/// `line 4: impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5`.
impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {c}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for LineError {}

/// An item and the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based line number.
    pub line: usize,
    /// The item.
    pub item: Item,
}

/// Everything read from a text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parsed {
    /// Valid items, in order (a `×N` line gives N entries).
    pub entries: Vec<Entry>,
    /// Lines that start like an item but are not valid; excluded from the score.
    pub errors: Vec<LineError>,
    /// Line numbers of lines that are neither items, errors, headings nor blank.
    pub ignored: Vec<usize>,
    /// Weights from the text's `weights:` line (or JSON `"weights"`), in the order given.
    pub weights: Vec<(String, f64)>,
    /// The line of the text's weights (its `weights:` line or JSON `"weights"`), if it gives
    /// any, readable or not.
    pub weights_line: Option<usize>,
    /// The line of the first error in the text's weights (a `weights:` line or JSON
    /// `"weights"` that cannot be read, or a second set of weights), if any: the text's
    /// weights are then unusable, and a matrix has no overall unless weights are given
    /// outside the text.
    pub weights_error: Option<usize>,
    /// Remarks about the input that change nothing (unused JSON keys, …).
    pub notes: Vec<String>,
    /// Whether the input was a structure read whole (a JSON list or object without errors), so
    /// that no entries means an explicitly empty list, not text that could not be read.
    pub explicit: bool,
    /// Fenced code blocks whose content was read: first and last line of the content, and
    /// the format it was read as.
    pub fenced: Vec<(usize, usize, crate::Format)>,
    /// Rows of a report's per-criterion table (`| criterion | final | … | net | items |
    /// weight |`), kept so the analysis can check the typed finals against the formula.
    pub report_rows: Vec<ReportRow>,
}

/// One row of a per-criterion table in a pasted report: what the report says of a criterion.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportRow {
    /// 1-based line number.
    pub line: usize,
    /// The criterion.
    pub criterion: String,
    /// The final the report typed, when the table has a `final` column.
    pub final_score: Option<f64>,
    /// The net impact the report typed, when the table has a `net` column.
    pub net: Option<i64>,
    /// The item count the report typed, when the table has an `items` column.
    pub items: Option<usize>,
    /// The criterion's weight.
    pub weight: f64,
}

impl Parsed {
    /// The items alone.
    pub fn items(&self) -> Vec<Item> {
        self.entries.iter().map(|e| e.item.clone()).collect()
    }

    /// Moves every line number down by `lines`: what was read from a part of a text that
    /// starts after `lines` lines, placed in the whole text.
    pub(crate) fn shift(&mut self, lines: usize) {
        for e in &mut self.entries {
            e.line += lines;
        }
        for e in &mut self.errors {
            e.line += lines;
        }
        for l in &mut self.ignored {
            *l += lines;
        }
        for r in &mut self.report_rows {
            r.line += lines;
        }
        for (first, last, _) in &mut self.fenced {
            *first += lines;
            *last += lines;
        }
        for line in [&mut self.weights_line, &mut self.weights_error]
            .into_iter()
            .flatten()
        {
            *line += lines;
        }
    }
}

/// Reads every line of `text` in the line grammar (the fallback format of [`crate::read`]).
///
/// ```
/// let (_, p) = pickanumber_score::read("+3 clear docs\n+4 oops\n\nnot an item");
/// assert_eq!(p.entries.len(), 1);
/// assert_eq!(
///     p.errors[0].to_string(),
///     "line 2: impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5"
/// );
/// assert_eq!(p.ignored, vec![4]);
/// ```
pub(crate) fn parse(text: &str) -> Parsed {
    let mut out = Parsed::default();
    let mut ctx = Context::default();
    let mut table: Option<ReportTable> = None;
    // Bytes of item text the runs have copied so far.
    let mut copied = 0u64;
    for (idx, line) in crate::lines::lines(text).enumerate() {
        let number = idx + 1;
        if let Some(row) = table_row(line) {
            match &table {
                Some(t) => {
                    if let Some(r) = t.row(&row, number, &mut out) {
                        out.report_rows.push(r);
                    }
                }
                None => match ReportTable::from_header(&row) {
                    Some(t) => table = Some(t),
                    None => out.ignored.push(number),
                },
            }
            continue;
        }
        table = None;
        match classify(line, &ctx) {
            Line::Blank => {}
            // Without the `combine` feature (as the wasm calculator builds it) several judges'
            // passes are not combined; reading them as one list would count what two judges
            // both found twice, so reading stops at the first `## Pass:` heading.
            #[cfg(not(feature = "combine"))]
            Line::Heading(h) if strip_prefix_ci(h, "pass:").is_some() => {
                out.errors.push(LineError {
                    line: number,
                    column: None,
                    message: "passes under ## Pass: headings are combined by `pickanumber combine`, not here; reading stopped here".into(),
                });
                break;
            }
            Line::Heading(h) => ctx.heading(h),
            Line::Weights(result) => {
                let message = match (out.weights_line, result) {
                    (Some(first), _) => Some(weights::second_weights(first)),
                    (None, Ok(w)) => {
                        out.weights = w;
                        None
                    }
                    (None, Err(message)) => Some(message),
                };
                out.weights_line.get_or_insert(number);
                if let Some(message) = message {
                    out.weights_error.get_or_insert(number);
                    out.errors.push(LineError {
                        line: number,
                        column: None,
                        message,
                    });
                }
            }
            Line::Error(message) => out.errors.push(LineError {
                line: number,
                column: None,
                message,
            }),
            Line::Item(item, count) => {
                if out.entries.len() + count as usize > MAX_ITEMS {
                    out.errors.push(LineError {
                        line: number,
                        column: None,
                        message: too_many_items(),
                    });
                    break;
                }
                let size = item.text.len()
                    + item.criterion.as_ref().map_or(0, String::len)
                    + item.perspective.as_ref().map_or(0, String::len);
                copied += u64::from(count - 1) * size as u64;
                if copied > MAX_RUN_BYTES {
                    out.errors.push(LineError {
                        line: number,
                        column: None,
                        message: too_much_copied(),
                    });
                    break;
                }
                for _ in 1..count {
                    out.entries.push(Entry {
                        line: number,
                        item: item.clone(),
                    });
                }
                out.entries.push(Entry { line: number, item });
            }
            Line::Ignored => out.ignored.push(number),
        }
    }
    out
}

enum Line<'a> {
    Blank,
    Heading(&'a str),
    Weights(Result<Vec<(String, f64)>, String>),
    Item(Item, u32),
    Error(String),
    Ignored,
}

fn classify<'a>(line: &'a str, ctx: &Context) -> Line<'a> {
    let line = line.trim();
    if line.is_empty() {
        return Line::Blank;
    }
    if let Some(rest) = line.strip_prefix('#') {
        if let Some(message) = pass_heading::near_miss(line) {
            return Line::Error(message);
        }
        return Line::Heading(rest.trim_start_matches('#').trim());
    }
    if let Some(rest) = strip_prefix_ci(line, "weights:") {
        return Line::Weights(parse_weights(rest));
    }
    let rest = strip_bullet(line);
    match read_item(rest) {
        Head::NotAnItem => Line::Ignored,
        Head::Bad(message) => Line::Error(message),
        Head::Item {
            impact,
            repeat,
            labels,
            text,
        } => match build(impact, labels, &text, ctx) {
            Ok(item) => Line::Item(item, repeat),
            Err(message) => Line::Error(message),
        },
    }
}

/// Whether `cell` belongs to a table's rule row (`|---|:--:|`): dashes, colons and spaces only.
pub(crate) fn rule_cell(cell: &str) -> bool {
    cell.chars().all(|ch| matches!(ch, '-' | ':' | ' '))
}

/// The cells of a table row (`| a | b |`), or `None` for a line that is not one.
fn table_row(line: &str) -> Option<Vec<&str>> {
    let inner = line.trim().strip_prefix('|')?;
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    Some(inner.split('|').map(str::trim).collect())
}

/// The columns of a report's per-criterion table.
struct ReportTable {
    criterion: usize,
    weight: usize,
    final_score: Option<usize>,
    net: Option<usize>,
    items: Option<usize>,
}

impl ReportTable {
    /// A header that names `criterion` and `weight` columns.
    fn from_header(cells: &[&str]) -> Option<ReportTable> {
        let find = |name: &str| cells.iter().position(|c| c.eq_ignore_ascii_case(name));
        Some(ReportTable {
            criterion: find("criterion")?,
            weight: find("weight")?,
            final_score: find("final"),
            net: find("net"),
            items: find("items"),
        })
    }

    /// One body row (an unreadable weight is an error in `out`); separator rows give nothing.
    fn row(&self, cells: &[&str], line: usize, out: &mut Parsed) -> Option<ReportRow> {
        if cells.iter().all(|c| rule_cell(c)) {
            return None;
        }
        let cell = |i: usize| cells.get(i).copied().unwrap_or("");
        let name = cell(self.criterion);
        let weight = match parse_weights(&format!("{name}={}", cell(self.weight))) {
            Ok(w) => w.first().map_or(0.0, |(_, x)| *x),
            Err(message) => {
                out.errors.push(LineError {
                    line,
                    column: None,
                    message: format!("in the per-criterion table: {message}"),
                });
                return None;
            }
        };
        let number = |i: Option<usize>| {
            let c = cell(i?).replace('\u{2212}', "-");
            crate::parse_decimal(c.trim_start_matches('+')).ok()
        };
        Some(ReportRow {
            line,
            criterion: name.to_string(),
            final_score: number(self.final_score),
            net: number(self.net)
                .filter(|x| x.fract() == 0.0)
                .map(|x| x as i64),
            items: number(self.items)
                .filter(|x| x.fract() == 0.0 && *x >= 0.0)
                .map(|x| x as usize),
            weight,
        })
    }
}
