//! The grammar of evidence: an item's text → the quotes, places and uncheckable citations it
//! gives. The grammar itself is written out, with examples, in the module documentation of
//! [`crate::verify`].

/// What one item cites.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evidence {
    /// The quotes, as written (between straight or curly double quotes), trimmed.
    pub quotes: Vec<String>,
    /// The places: `path:line`, `path:line-line`, `path#Lnn`, `path#Lnn-Lmm`.
    pub places: Vec<Place>,
    /// Citations the work cannot confirm: URLs, timestamps, pages.
    pub uncheckable: Vec<String>,
}

impl Evidence {
    /// Whether the item cites nothing at all.
    pub fn is_empty(&self) -> bool {
        self.quotes.is_empty() && self.places.is_empty() && self.uncheckable.is_empty()
    }
}

/// A file and a line range, as cited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The path as written.
    pub path: String,
    /// The first line (1-based).
    pub first: usize,
    /// The last line (equal to `first` for one line).
    pub last: usize,
    /// The citation as written (`api.rs:3-5`).
    pub written: String,
}

/// Reads the evidence an item's text gives (see the grammar in [`crate::verify`]).
///
/// ```
/// use pickanumber_score::verify::evidence;
/// let e = evidence("+3 \u{201c}inputs are checked\u{201d} (src/api.rs:12-14), see https://x.org/a.rs:3");
/// assert_eq!(e.quotes, ["inputs are checked"]);
/// assert_eq!((e.places[0].path.as_str(), e.places[0].first, e.places[0].last), ("src/api.rs", 12, 14));
/// assert_eq!(e.uncheckable, ["https://x.org/a.rs:3"]);
/// ```
pub fn evidence(text: &str) -> Evidence {
    let mut out = Evidence::default();
    // Quotes first: what stands inside a quote is quoted text, not a place or a URL.
    let mut rest = String::with_capacity(text.len());
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '"' || c == '\u{201c}' {
            let body_start = i + c.len_utf8();
            // A straight quote closes a straight one, a right curly quote a left one, so that
            // the other kind may stand inside.
            let closer = if c == '"' { '"' } else { '\u{201d}' };
            let close = text[body_start..]
                .char_indices()
                .find(|&(_, d)| d == closer);
            if let Some((j, d)) = close {
                let body = text[body_start..body_start + j].trim();
                if !body.is_empty() {
                    out.quotes.push(body.to_string());
                }
                let end = body_start + j + d.len_utf8();
                rest.push(' ');
                while chars.peek().is_some_and(|&(k, _)| k < end) {
                    chars.next();
                }
                continue;
            }
        }
        rest.push(c);
    }
    for word in rest.split_whitespace() {
        let word = word.trim_matches(|c: char| {
            matches!(
                c,
                '(' | ')' | '[' | ']' | '<' | '>' | ',' | ';' | '\'' | '`'
            )
        });
        if word.starts_with("http://") || word.starts_with("https://") || word.starts_with("www.") {
            out.uncheckable.push(word.to_string());
        } else if let Some(p) = place(word.trim_end_matches(['.', ':'])) {
            out.places.push(p);
        } else if is_timestamp(word.trim_end_matches(['.', ','])) {
            out.uncheckable.push(word.to_string());
        }
    }
    pages(&rest, &mut out.uncheckable);
    out
}

/// `path:12`, `path:12-14` (also with an en dash, or `:12:5` with a column), `path#L12`,
/// `path#L12-L14` or `path#L12-14`. The path has a letter and a `.` or `/` (so `3:2` and
/// `12:30` are not places).
fn place(word: &str) -> Option<Place> {
    let (path, lines) = match word.find("#L") {
        Some(k) => (&word[..k], word[k + 2..].replace("-L", "-")),
        None => {
            let k = word.find(':')?;
            (&word[..k], word[k + 1..].to_string())
        }
    };
    let path_ok = path.chars().any(|c| c.is_alphabetic())
        && (path.contains('.') || path.contains('/'))
        && !path.ends_with('.')
        && path.chars().all(|c| {
            c.is_alphanumeric() || matches!(c, '.' | '/' | '_' | '-' | '\\' | '~' | '+' | '@')
        });
    if !path_ok {
        return None;
    }
    let lines = lines.replace('\u{2013}', "-");
    let (a, b) = match lines.split_once('-') {
        Some((a, b)) => (a, b),
        // `:12:5`: the column is not a line.
        None => {
            let a = lines.split(':').next().unwrap_or("");
            (a, a)
        }
    };
    let first: usize = digits(a)?;
    let last: usize = digits(b)?;
    Some(Place {
        path: path.replace('\\', "/").trim_start_matches("./").to_string(),
        first,
        last,
        written: word.to_string(),
    })
}

/// A line number: digits only, at most nine.
fn digits(s: &str) -> Option<usize> {
    (!s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// `12:34`, `1:02:03`, `@12:34`, `t=90s`: a time in a recording.
fn is_timestamp(word: &str) -> bool {
    let w = word.trim_start_matches('@');
    if let Some(t) = w.strip_prefix("t=") {
        return !t.is_empty() && t.trim_end_matches('s').bytes().all(|b| b.is_ascii_digit());
    }
    let parts: Vec<&str> = w.split(':').collect();
    (2..=3).contains(&parts.len())
        && parts.iter().enumerate().all(|(i, p)| {
            (1..=2).contains(&p.len())
                && p.bytes().all(|b| b.is_ascii_digit())
                && (i == 0 || p.len() == 2)
        })
}

/// `p. 12`, `p.12`, `pp. 3-4`, `page 12`: a page of a document the work does not hold.
fn pages(text: &str, out: &mut Vec<String>) {
    let words: Vec<&str> = text.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let lower = w.trim_start_matches('(').to_ascii_lowercase();
        let (prefix, joined) = match lower.as_str() {
            "p." | "pp." | "page" | "pages" | "pg." | "pg" => (true, None),
            _ => match ["pp.", "p."].iter().find(|p| lower.starts_with(**p)) {
                Some(p) => (true, Some(&lower[p.len()..])),
                None => (false, None),
            },
        };
        if !prefix {
            continue;
        }
        let number = joined
            .map(str::to_string)
            .or_else(|| words.get(i + 1).map(|n| n.to_string()));
        if number.is_some_and(|n| {
            n.trim_start_matches('(')
                .starts_with(|c: char| c.is_ascii_digit())
        }) {
            let shown = match joined {
                Some(_) => w.to_string(),
                None => format!("{w} {}", words[i + 1]),
            };
            out.push(shown.trim_end_matches([')', ',', ';', '.']).to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_the_grammar_is_read() {
        let e = evidence("+5 \"all inputs are validated\" (api.rs:88) and “ok” at lib/x.py#L3-L5, web/app.ts:7–9, main.rs:4:2");
        assert_eq!(e.quotes, ["all inputs are validated", "ok"]);
        let places: Vec<(&str, usize, usize)> = e
            .places
            .iter()
            .map(|p| (p.path.as_str(), p.first, p.last))
            .collect();
        assert_eq!(
            places,
            [
                ("api.rs", 88, 88),
                ("lib/x.py", 3, 5),
                ("web/app.ts", 7, 9),
                ("main.rs", 4, 4)
            ]
        );
        assert!(e.uncheckable.is_empty());
    }

    #[test]
    fn urls_timestamps_and_pages_are_uncheckable() {
        let e = evidence(
            "-2 the talk says so at 12:34 (https://example.org/v.mp4), report p. 7 and pp.3-4",
        );
        assert_eq!(
            e.uncheckable,
            ["12:34", "https://example.org/v.mp4", "p. 7", "pp.3-4"]
        );
        assert!(e.quotes.is_empty() && e.places.is_empty());
    }

    #[test]
    fn ratios_and_plain_words_are_not_places() {
        let e = evidence("+1 ratio 3:2 and note: fine, see README");
        assert!(e.is_empty(), "{e:?}");
    }

    #[test]
    fn a_place_inside_a_quote_is_quoted_text() {
        let e = evidence("+1 \"see a.rs:3\"");
        assert_eq!(e.quotes, ["see a.rs:3"]);
        assert!(e.places.is_empty());
    }

    #[test]
    fn a_quote_may_hold_the_other_kind_of_quote() {
        let e = evidence("+1 \"say \u{201c}hi\u{201d}\" and \u{201c}a \"b\" c\u{201d}");
        assert_eq!(e.quotes, ["say \u{201c}hi\u{201d}", "a \"b\" c"]);
    }

    #[test]
    fn an_unclosed_quote_is_no_quote() {
        assert!(evidence("+1 \"never closed").quotes.is_empty());
    }
}
