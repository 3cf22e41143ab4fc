//! One line of the grammar → an item: the bullet, the impact (bare or wrapped), its `×N` run,
//! the labels and the text after it, and the headings' context that labels the lines under
//! them. What is not an item is said as it is read (an error with how to write it).

use crate::{Bucket, Impact, Item};

/// The largest run a single line may write with `×N`.
pub const MAX_REPEAT: u32 = 10_000;

/// Labels that headings apply to the lines under them.
#[derive(Default)]
pub(crate) struct Context {
    pub(crate) bucket: Option<Bucket>,
    pub(crate) criterion: Option<String>,
}

impl Context {
    pub(super) fn heading(&mut self, title: &str) {
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

pub(super) fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| s.get(prefix.len()..))
        .flatten()
}

/// Removes one list bullet (`-`, `*`, `+`, `•` or `1.`/`1)` followed by white space).
pub(super) fn strip_bullet(line: &str) -> &str {
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

pub(super) enum Head<'a> {
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
pub(super) fn read_item(s: &str) -> Head<'_> {
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
