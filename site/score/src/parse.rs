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
//!   the items under it) or a `weights:` line;
//! - **ignored**: anything else, reported by line number.
//!
//! A table inside the text whose header names `criterion` and `weight` columns (the
//! evidence-scoring skill's report, or this crate's own) gives its rows: their weights count
//! when nothing else gives weights, and their typed finals, nets and item counts are checked
//! against the formula by the analysis.
//!
//! At most [`MAX_ITEMS`] items are read from one text (runs counted before they are expanded);
//! the line that would cross the limit is an error and reading stops there.

use crate::{Bucket, Impact, Item};
use std::fmt;

/// The largest run a single line may write with `×N`.
pub const MAX_REPEAT: u32 = 10_000;

/// The most items one input may hold, runs expanded (checked before they are expanded, so an
/// input of a few kilobytes cannot ask for gigabytes).
pub const MAX_ITEMS: usize = 1_000_000;

/// [`MAX_ITEMS`] as the messages print it.
pub(crate) const MAX_ITEMS_TEXT: &str = "1,000,000";

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
    /// Weights from `weights:` lines, in the order given.
    pub weights: Vec<(String, f64)>,
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
    for (idx, line) in text.lines().enumerate() {
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
            // Without the `combine` feature (the lean wasm calculator) several judges' passes
            // are not combined; reading them as one list would count what two judges both
            // found twice, so reading stops at the first `## Pass:` heading.
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
            Line::Weights(Ok(w)) => out.weights.extend(w),
            Line::Weights(Err(message)) | Line::Error(message) => out.errors.push(LineError {
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

/// Labels that headings apply to the lines under them.
#[derive(Default)]
pub(crate) struct Context {
    pub(crate) bucket: Option<Bucket>,
    pub(crate) criterion: Option<String>,
}

impl Context {
    fn heading(&mut self, title: &str) {
        if let Some(b) = Bucket::from_name(title) {
            self.bucket = Some(b);
            self.criterion = None;
        } else if let Some(name) = strip_prefix_ci(title, "criterion:") {
            self.criterion = Some(name.trim().to_string());
            self.bucket = None;
        } else {
            self.bucket = None;
            self.criterion = None;
        }
    }
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

fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| s.get(prefix.len()..))
        .flatten()
}

/// Removes one list bullet (`-`, `*`, `+`, `•` or `1.`/`1)` followed by white space).
fn strip_bullet(line: &str) -> &str {
    let mut chars = line.char_indices();
    if let Some((_, c)) = chars.next() {
        if matches!(c, '-' | '*' | '+' | '•') {
            let after = line.get(c.len_utf8()..).unwrap_or_default();
            if after.starts_with(char::is_whitespace) {
                return after.trim_start();
            }
            return line;
        }
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && digits <= 9 {
        let after = line.get(digits..).unwrap_or_default();
        if let Some(rest) = strip_char_in(after, &['.', ')']) {
            if rest.starts_with(char::is_whitespace) {
                return rest.trim_start();
            }
        }
    }
    line
}

enum Head<'a> {
    NotAnItem,
    Bad(String),
    Item {
        impact: Impact,
        repeat: u32,
        labels: Option<&'a str>,
        text: String,
    },
}

fn allowed_list() -> String {
    Impact::list(&Impact::ALL)
}

/// What an impact may be wrapped in, opening and closing: parentheses and brackets, and the
/// markdown emphasis and code marks judge models put round numbers. `**` before `*`.
const WRAPPERS: [(&str, &str); 7] = [
    ("(", ")"),
    ("[", "]"),
    ("**", "**"),
    ("__", "__"),
    ("*", "*"),
    ("_", "_"),
    ("`", "`"),
];

/// Reads `IMPACT[×N] text`, or the impact wrapped (`(IMPACT[×N][, labels]) text`,
/// `[+3] text`, `**+3** text`, `**(+3, craft)** text`, `**+3 text**`).
fn read_item(s: &str) -> Head<'_> {
    for (open, close) in WRAPPERS {
        let Some(body) = s.strip_prefix(open) else {
            continue;
        };
        let emphasis = !matches!(open, "(" | "[");
        let nested = emphasis && body.starts_with('(');
        let number_at = if nested {
            body.get(1..).unwrap_or_default()
        } else {
            body
        };
        if !starts_with_number(number_at) {
            return Head::NotAnItem;
        }
        let Some((inner, after)) = split_at_mark(body, close) else {
            return Head::Bad(format!(
                "the opening '{open}' has no closing '{close}': write {open}+3{close} or {open}+3, criterion{close}"
            ));
        };
        let (inner, after) = if nested {
            // `**(+3, craft)**`: the parentheses close inside the emphasis.
            match inner.trim().strip_prefix('(').and_then(|i| i.strip_suffix(')')) {
                Some(i) => (i, after),
                None => {
                    return Head::Bad(format!(
                        "the opening '(' has no closing ')' inside '{open}': write {open}(+3, criterion){close}"
                    ))
                }
            }
        } else {
            (inner, after)
        };
        return wrapped(inner, after, emphasis);
    }
    if !starts_with_number(s) {
        return Head::NotAnItem;
    }
    let (impact, repeat, rest) = match impact_run(s) {
        Ok(r) => r,
        Err(m) => return Head::Bad(m),
    };
    if let Some(c) = rest.chars().next() {
        if !(c.is_whitespace() || matches!(c, ':' | '—' | '–' | '-' | ')' | ',')) {
            let word: String = s.split_whitespace().next().unwrap_or(s).into();
            return Head::Bad(format!(
                "\"{word}\" is not an impact followed by text: put a space after the impact, as in +3 text"
            ));
        }
    }
    Head::Item {
        impact,
        repeat,
        labels: None,
        text: text_after(rest, true).to_string(),
    }
}

/// The signed impact at the start of `s` and its optional `×N` run, with the rest of `s`: the
/// one reading of an impact that bare and wrapped items share.
fn impact_run(s: &str) -> Result<(Impact, u32, &str), String> {
    let (token, rest) = number_token(s);
    let impact = signed_impact(token)?;
    let (repeat, rest) = repeat_of(rest)?;
    Ok((impact, repeat, rest))
}

/// `s` split around the first `mark` (ASCII), by a byte scan: `str::split_once` with a string
/// pattern brings the standard library's substring searcher into the calculator's wasm.
fn split_at_mark<'a>(s: &'a str, mark: &str) -> Option<(&'a str, &'a str)> {
    let (b, m) = (s.as_bytes(), mark.as_bytes());
    let at = (0..b.len()).find(|&i| b.get(i..i + m.len()) == Some(m))?;
    Some((s.get(..at)?, s.get(at + m.len()..)?))
}

/// The inside of a wrapper (`+3`, `+1×25`, `+3, craft`; inside emphasis also `+3 text`) and
/// the text after it.
fn wrapped<'a>(inner: &'a str, after: &'a str, emphasis: bool) -> Head<'a> {
    let (impact, repeat, rest) = match impact_run(inner.trim()) {
        Ok(r) => r,
        Err(m) => return Head::Bad(m),
    };
    let spaced = rest.starts_with(char::is_whitespace);
    let rest = rest.trim();
    let after = text_after(after, false);
    let (labels, text) = if rest.is_empty() {
        (None, after.to_string())
    } else if let Some(l) = rest.strip_prefix(',') {
        (Some(l.trim()), after.to_string())
    } else if emphasis && spaced {
        // The whole item in emphasis: `**+3 clear docs**`.
        let inside = text_after(rest, true);
        let text = match after.is_empty() {
            true => inside.to_string(),
            false => format!("{inside} {after}"),
        };
        (None, text)
    } else {
        return Head::Bad(format!(
            "unexpected \"{rest}\" after the impact: write (+3) or (+3, criterion)"
        ));
    };
    Head::Item {
        impact,
        repeat,
        labels,
        text,
    }
}

/// An impact token of the line grammar, which must carry its sign: an unsigned number at the
/// start of a line is how prose starts ("2 tests fail"), so it is an error, never +2.
fn signed_impact(token: &str) -> Result<Impact, String> {
    if token.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(format!(
            "the line starts with the unsigned number {token}: write an impact with its sign, as in +3 text or −3 text (a line that starts with a count, like \"3 blockers remain\", is not an item)"
        ));
    }
    impact_of(token)
}

/// The minus signs an impact may start with: hyphen, minus sign, en dash.
const MINUS: [char; 3] = ['-', '\u{2212}', '–'];

fn is_minus(c: char) -> bool {
    MINUS.contains(&c)
}

/// `s` without its first character when that character is in `set`: one function for every
/// set, where each `strip_prefix([...])` array type compiles a searcher of its own.
fn strip_char_in<'a>(s: &'a str, set: &[char]) -> Option<&'a str> {
    let c = s.chars().next()?;
    set.contains(&c).then(|| s.get(c.len_utf8()..)).flatten()
}

fn starts_with_number(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some(c) if c == '+' || is_minus(c) => chars.next().is_some_and(|d| d.is_ascii_digit()),
        _ => false,
    }
}

/// Splits a leading signed decimal number from the rest.
fn number_token(s: &str) -> (&str, &str) {
    let mut end = 0;
    let mut seen_dot = false;
    for (i, c) in s.char_indices() {
        let ok = if i == 0 {
            c == '+' || is_minus(c) || c.is_ascii_digit()
        } else if c == '.' && !seen_dot {
            // A dot counts only when a digit follows it: "3." stays "3".
            let next = s.get(i + 1..).and_then(|rest| rest.chars().next());
            seen_dot = next.is_some_and(|d| d.is_ascii_digit());
            seen_dot
        } else {
            c.is_ascii_digit()
        };
        if !ok {
            break;
        }
        end = i + c.len_utf8();
    }
    s.split_at_checked(end).unwrap_or((s, ""))
}

pub(crate) fn impact_of(token: &str) -> Result<Impact, String> {
    let not_in_set = || format!("impact {token} is not one of {}", allowed_list());
    if token.bytes().any(|b| b == b'.') {
        return Err(not_in_set());
    }
    let (negative, digits) = if let Some(rest) = token.strip_prefix('+') {
        (false, rest)
    } else if let Some(rest) = strip_char_in(token, &MINUS) {
        (true, rest)
    } else {
        (false, token)
    };
    // As `i64::from_str` reads it: one more sign, then digits (too large for a u32 is as
    // outside the set as too large for an i64).
    let (inner_negative, digits) = match digits.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, digits.strip_prefix('+').unwrap_or(digits)),
    };
    let magnitude = i64::from(unsigned(digits).ok_or_else(not_in_set)?);
    let value = if negative != inner_negative {
        -magnitude
    } else {
        magnitude
    };
    Impact::from_value(value).ok_or_else(not_in_set)
}

/// A non-empty run of ASCII digits as a number; `None` for anything else or above `u32::MAX`
/// (one small loop where `str::parse` compiles a reader per integer type).
fn unsigned(s: &str) -> Option<u32> {
    if s.is_empty() {
        return None;
    }
    s.bytes().try_fold(0u32, |n, b| {
        let d = b.checked_sub(b'0').filter(|d| *d < 10)?;
        n.checked_mul(10)?.checked_add(u32::from(d))
    })
}

/// Reads an optional `×N` / `xN` run count right after the impact.
fn repeat_of(s: &str) -> Result<(u32, &str), String> {
    let Some(after) = strip_char_in(s, &['×', 'x', 'X']) else {
        return Ok((1, s));
    };
    let digits = after.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Ok((1, s));
    }
    let (count, rest) = after.split_at_checked(digits).unwrap_or((after, ""));
    match unsigned(count) {
        Some(n) if (1..=MAX_REPEAT).contains(&n) => Ok((n, rest)),
        _ => Err(format!(
            "run count ×{count} is not between 1 and {MAX_REPEAT}"
        )),
    }
}

/// The text after an impact, without one separator (`:`, `—`, `–`, `-`) before it. The
/// separator is taken when it stands right after the impact (`attached`, as in `+3: text`,
/// `+3-text`) or is followed by white space (`+3 — text`), so a text that itself starts with
/// a dash (`+3 --verbose flag`) keeps it.
fn text_after(s: &str, attached: bool) -> &str {
    let spaced = s.starts_with(char::is_whitespace);
    let s = s.trim_start();
    match strip_char_in(s, &SEPARATORS) {
        Some(rest)
            if (attached && !spaced)
                || rest.is_empty()
                || rest.starts_with(char::is_whitespace) =>
        {
            rest.trim()
        }
        _ => s.trim_end(),
    }
}

/// What may stand between an impact and its text.
pub(crate) const SEPARATORS: [char; 4] = [':', '—', '–', '-'];

/// Whether [`text_after`] would take the start of `text` (after a space) for a separator:
/// the report writer then puts one separator before such a text, so it reads back whole.
pub(crate) fn starts_like_separator(text: &str) -> bool {
    strip_char_in(text, &SEPARATORS)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
}

/// A label's parts, trimmed: split at `×`, or, when it has none, at ` x ` (a plain `x` only with
/// spaces round it, so names may contain x). Scans bytes rather than `split(" x ")`, whose
/// substring search and slicing panics would add kilobytes to the calculator's wasm.
fn label_parts(labels: &str) -> Vec<&str> {
    let parts: Vec<&str> = labels.split('×').map(str::trim).collect();
    if parts.len() > 1 {
        return parts;
    }
    let (bytes, mut parts, mut start, mut i) = (labels.as_bytes(), Vec::new(), 0, 0);
    while i + 3 <= bytes.len() {
        if bytes[i..i + 3] == *b" x " {
            parts.push(labels.get(start..i).unwrap_or_default().trim());
            (start, i) = (i + 3, i + 3);
        } else {
            i += 1;
        }
    }
    parts.push(labels.get(start..).unwrap_or_default().trim());
    parts
}

pub(crate) fn build(
    impact: Impact,
    labels: Option<&str>,
    text: &str,
    ctx: &Context,
) -> Result<Item, String> {
    let mut item = Item::new(impact, text);
    item.bucket = ctx.bucket;
    item.criterion = ctx.criterion.clone();
    if let Some(labels) = labels {
        let parts = label_parts(labels);
        let (perspective, criterion) = match parts.as_slice() {
            [c] => (None, *c),
            [p, c] => (Some(*p), *c),
            _ => {
                return Err(format!(
                    "label \"{labels}\" has more than two parts: write (+3, criterion) or (+3, perspective × criterion)"
                ))
            }
        };
        for name in perspective.iter().chain([&criterion]) {
            check_name(name)?;
        }
        item.perspective = perspective.map(str::to_string);
        item.criterion = Some(criterion.to_string());
    }
    if let Some(bucket) = item.bucket {
        if !bucket.allowed().contains(&impact) {
            return Err(format!(
                "impact {impact} is not allowed under {bucket}: use {}",
                Impact::list(bucket.allowed())
            ));
        }
    }
    Ok(item)
}

/// The name rule of criteria and perspectives: one or more letters, digits, `_` and `-`.
///
/// # Errors
/// The message items and rubrics print for a label that is not a name.
///
/// ```
/// use pickanumber_score::check_name;
/// assert!(check_name("brief_fidelity").is_ok());
/// assert_eq!(
///     check_name("code quality").unwrap_err(),
///     "label \"code quality\" is not a name: use letters, digits, '_' or '-', as in brief_fidelity"
/// );
/// ```
pub fn check_name(name: &str) -> Result<(), String> {
    if !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    {
        Ok(())
    } else {
        Err(format!(
            "label \"{name}\" is not a name: use letters, digits, '_' or '-', as in brief_fidelity"
        ))
    }
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
        if cells
            .iter()
            .all(|c| c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
        {
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

/// The list of a `weights:` line, `a=0.3, b=0.2` → `[("a", 0.3), ("b", 0.2)]`: what the
/// calculator's weight field, `--weights` and an evidence block's `weights=` option accept.
///
/// # Errors
/// A message naming the bad part: a missing `=`, a label that is not a name, a value that is
/// not a number, a value with too many digits to read exactly, or no weights at all.
///
/// A value is a plain decimal as [`parse_decimal`](crate::parse_decimal) reads it: `0.3`,
/// `.5`, `2.50`, `1`, `1e-3`, with an optional sign (zero and negative weights are read here
/// and rejected by the weight rules); `inf` and `NaN` are not numbers.
///
/// ```
/// use pickanumber_score::parse_weights;
/// assert_eq!(parse_weights("craft=0.6, depth=0.4").unwrap().len(), 2);
/// assert_eq!(
///     parse_weights("craft").unwrap_err(),
///     "weight \"craft\" has no '=': write weights: craft=0.3, depth=0.2"
/// );
/// ```
pub fn parse_weights(s: &str) -> Result<Vec<(String, f64)>, String> {
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((name, value)) = part.split_once('=') else {
            return Err(format!(
                "weight \"{part}\" has no '=': write weights: craft=0.3, depth=0.2"
            ));
        };
        let name = name.trim();
        check_name(name)?;
        let value = value.trim();
        let value = crate::parse_decimal(value).map_err(|e| match e {
            crate::DecimalError::NotANumber => {
                format!("weight for {name} is not a number: \"{value}\"")
            }
            crate::DecimalError::TooPrecise => format!(
                "weight for {name} has too many digits to read exactly: \"{value}\": write at most 15 significant digits, like 0.35"
            ),
        })?;
        out.push((name.to_string(), value));
    }
    if out.is_empty() {
        return Err("weights: line names no weights: write weights: craft=0.3, depth=0.2".into());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// The digit loops read impacts and run counts as `str::parse` did: signs, digits,
        /// overflow.
        #[test]
        fn impacts_and_counts_read_as_the_standard_parse_would(
            token in "[-+−–]{0,3}[0-9a]{0,12}"
        ) {
            let old = |t: &str| -> Option<crate::Impact> {
                let (negative, digits) = if let Some(rest) = t.strip_prefix('+') {
                    (false, rest)
                } else if let Some(rest) = t.strip_prefix(super::is_minus) {
                    (true, rest)
                } else {
                    (false, t)
                };
                let magnitude: i64 = digits.parse().ok()?;
                crate::Impact::from_value(if negative { -magnitude } else { magnitude })
            };
            prop_assert_eq!(super::impact_of(&token).ok(), old(&token));
            prop_assert_eq!(super::unsigned(&token), token.parse::<u32>().ok().filter(|_| {
                token.bytes().all(|b| b.is_ascii_digit())
            }));
        }

        /// The byte scan splits exactly as `contains('×')` then `split('×')` or `split(" x ")`.
        #[test]
        fn label_parts_split_as_the_standard_library_would(
            labels in "[ xX×ab-]{0,14}"
        ) {
            let std: Vec<&str> = if labels.contains('×') {
                labels.split('×').map(str::trim).collect()
            } else {
                labels.split(" x ").map(str::trim).collect()
            };
            prop_assert_eq!(super::label_parts(&labels), std);
        }
    }
}
