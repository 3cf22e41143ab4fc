//! The grammar of evidence: an item's text → the quotations, places and uncheckable citations
//! it gives, and the citations that do not read. The grammar itself is written out, with
//! examples, in the module documentation of [`crate::verify`]; the rule for quotation marks
//! inside a quotation is [`QUOTATION_RULE`].

/// How quotation marks inside a quotation are read, as a reason names it.
pub const QUOTATION_RULE: &str = "inside a quotation, a straight quotation mark opens an inner quotation after a space or an opening bracket and closes one after a letter, a digit or a closing bracket; a mark after a backslash, and a doubled mark, are part of the text";

/// What one item cites.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evidence {
    /// The quotations, as written between their outer quotation marks (inner quotation marks
    /// and escapes kept), trimmed.
    pub quotes: Vec<String>,
    /// The places: `path:line`, `path:line-line`, `path#Lnn`, `path#Lnn-Lmm`, `Makefile:3`.
    pub places: Vec<Place>,
    /// Citations the work cannot confirm: URLs, timestamps, pages.
    pub uncheckable: Vec<String>,
    /// Citations that do not read: a quotation never closed, a place whose line is not a
    /// line number. Each as written, with why.
    pub unreadable: Vec<Unreadable>,
}

/// A citation that does not read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The citation as written (a quotation's first characters, for one never closed).
    pub written: String,
    /// Why it does not read.
    pub why: String,
}

impl Evidence {
    /// Whether the item cites nothing at all.
    pub fn is_empty(&self) -> bool {
        self.quotes.is_empty()
            && self.places.is_empty()
            && self.uncheckable.is_empty()
            && self.unreadable.is_empty()
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
    /// Whether the path is a bare name without `.` or `/` (`Makefile`): such a place is one
    /// only when the work has a file of that name, and prose (`localhost:8000`) otherwise.
    pub bare: bool,
}

/// Reads the evidence an item's text gives (see the grammar in [`crate::verify`]), in one
/// pass over the text.
///
/// ```
/// use pickanumber_score::verify::evidence;
/// let e = evidence("+3 \u{201c}inputs are checked\u{201d} (src/api.rs:12-14), see https://x.org/a.rs:3");
/// assert_eq!(e.quotes, ["inputs are checked"]);
/// assert_eq!((e.places[0].path.as_str(), e.places[0].first, e.places[0].last), ("src/api.rs", 12, 14));
/// assert_eq!(e.uncheckable, ["https://x.org/a.rs:3"]);
/// // Quotation marks inside a quotation belong to it.
/// let e = evidence(r#"+2 "formatter.write_str("empty string")" (src/error.rs:35)"#);
/// assert_eq!(e.quotes, [r#"formatter.write_str("empty string")"#]);
/// ```
pub fn evidence(text: &str) -> Evidence {
    let mut out = Evidence::default();
    // Quotations first: what stands inside one is quoted text, not a place or a URL.
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut rest = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let prev = i.checked_sub(1).map(|k| chars[k].1);
        let next = chars.get(i + 1).map(|&(_, d)| d);
        let opens = (c == '"' || c == '\u{201c}')
            && !prev.is_some_and(|p| p.is_alphanumeric() || p == '\\')
            && next.is_some_and(|n| !n.is_whitespace());
        if !opens {
            rest.push(c);
            i += 1;
            continue;
        }
        match closing(&chars, i) {
            Some(end) => {
                let from = at + c.len_utf8();
                let body = text[from..chars[end].0].trim();
                if !body.is_empty() {
                    out.quotes.push(body.to_string());
                }
                rest.push(' ');
                i = end + 1;
            }
            None => {
                let shown: String = text[at..].chars().take(40).collect();
                let cut = if text[at..].chars().count() > 40 {
                    "…"
                } else {
                    ""
                };
                out.unreadable.push(Unreadable {
                    written: format!("{shown}{cut}"),
                    why: format!("the quotation is never closed ({QUOTATION_RULE})"),
                });
                // Everything after an unclosed quotation mark stands inside it.
                break;
            }
        }
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
            continue;
        }
        match place(word.trim_end_matches(['.', ':'])) {
            Ok(Some(p)) => out.places.push(p),
            Err(u) => out.unreadable.push(u),
            Ok(None) if is_timestamp(word.trim_end_matches(['.', ','])) => {
                out.uncheckable.push(word.to_string())
            }
            Ok(None) => {}
        }
    }
    pages(&rest, &mut out.uncheckable);
    out
}

/// The index of the quotation mark that closes the one opened at `open`, by
/// [`QUOTATION_RULE`]; `None` when it is never closed. A curly quotation closes at the
/// matching right curly mark (left ones nest), and holds straight marks as text; a straight one
/// holds curly marks as text.
fn closing(chars: &[(usize, char)], open: usize) -> Option<usize> {
    let curly = chars[open].1 == '\u{201c}';
    let mut depth = 1usize;
    let mut j = open + 1;
    while j < chars.len() {
        let c = chars[j].1;
        let prev = chars[j - 1].1;
        let next = chars.get(j + 1).map(|&(_, d)| d);
        if curly {
            match c {
                '\u{201c}' => depth += 1,
                '\u{201d}' => depth -= 1,
                _ => {}
            }
        } else if c == '"' && prev != '\\' {
            let after = chars.get(j + 2).map(|&(_, d)| d);
            if next == Some('"') && after.is_some_and(|a| !boundary(a)) {
                // `""` inside a word or before another mark: a doubled mark is text.
                j += 2;
                continue;
            }
            let closes = prev.is_alphanumeric()
                || matches!(prev, ')' | ']' | '}' | '>' | '\'' | '"' | '\u{2019}')
                || matches!(prev, '.' | ',' | ';' | '!' | '?')
                || next.is_none_or(boundary);
            if closes {
                depth -= 1;
            } else {
                depth += 1;
            }
        }
        if depth == 0 {
            return Some(j);
        }
        j += 1;
    }
    None
}

/// White space or a mark that closes a phrase: what may follow a closing quotation mark.
fn boundary(c: char) -> bool {
    c.is_whitespace() || matches!(c, ')' | ']' | '}' | ',' | ';' | '.' | ':' | '!' | '?')
}

/// `path:12`, `path:12-14` (also with an en dash, or `:12:5` with a column), `path#L12`,
/// `path#L12-L14` or `path#L12-14`. The path has a letter and a `.` or `/` (so `3:2` and
/// `12:30` are not places), or is a bare file name such as `Makefile` (at least two
/// characters, starting with a letter). A path followed by a line that is not a line number
/// (`a.rs:0`, `a.rs:-1`, more than nine digits) does not read.
fn place(word: &str) -> Result<Option<Place>, Unreadable> {
    let (path, lines) = match word.find("#L") {
        Some(k) => (&word[..k], word[k + 2..].replace("-L", "-")),
        None => match word.find(':') {
            Some(k) => (&word[..k], word[k + 1..].to_string()),
            None => return Ok(None),
        },
    };
    let chars_ok = |path: &str| {
        path.chars().all(|c| {
            c.is_alphanumeric() || matches!(c, '.' | '/' | '_' | '-' | '\\' | '~' | '+' | '@')
        })
    };
    let has_dir_or_ext = path.chars().any(|c| c.is_alphabetic())
        && (path.contains('.') || path.contains('/'))
        && !path.ends_with('.');
    let bare_name = path.chars().count() >= 2
        && path.starts_with(|c: char| c.is_alphabetic())
        && !path.contains(['.', '/', '\\']);
    if !(has_dir_or_ext || bare_name) || !chars_ok(path) {
        return Ok(None);
    }
    let lines = lines.replace('\u{2013}', "-");
    if !lines.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
        return Ok(None);
    }
    let (a, b) = match lines.split_once('-') {
        Some((a, b)) => (a, b),
        // `:12:5`: the column is not a line.
        None => {
            let a = lines.split(':').next().unwrap_or("");
            (a, a)
        }
    };
    let unreadable = |why: &str| Unreadable {
        written: word.to_string(),
        why: why.to_string(),
    };
    let (Some(first), Some(last)) = (digits(a), digits(b)) else {
        // A bare word before a number that is not a line (`ratio:-1`) is prose, not a place.
        return match bare_name {
            true => Ok(None),
            false => Err(unreadable(
                "its line is not a line number (lines count from 1, with at most nine digits)",
            )),
        };
    };
    if first == 0 || last < first {
        return Err(unreadable(
            "names no line (lines count from 1, first to last)",
        ));
    }
    Ok(Some(Place {
        path: path.replace('\\', "/").trim_start_matches("./").to_string(),
        first,
        last,
        written: word.to_string(),
        bare: !has_dir_or_ext,
    }))
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
    fn an_unclosed_quote_does_not_read() {
        let e = evidence("+1 \"never closed (a.rs:3)");
        assert!(e.quotes.is_empty() && e.places.is_empty());
        assert_eq!(e.unreadable[0].written, "\"never closed (a.rs:3)");
        assert!(e.unreadable[0]
            .why
            .starts_with("the quotation is never closed (inside a quotation"));
        // A mark after a letter or a digit opens nothing: 12" is a length.
        let e = evidence("+1 a 12\" pipe");
        assert!(e.is_empty(), "{e:?}");
    }

    #[test]
    fn inner_quotation_marks_belong_to_the_quotation() {
        for (text, quote) in [
            (
                r#"+1 "formatter.write_str("the input was empty, sorry")" (src/error.rs:35)"#,
                r#"formatter.write_str("the input was empty, sorry")"#,
            ),
            (
                r#"+1 "formatter.write_str(\"empty\")""#,
                r#"formatter.write_str(\"empty\")"#,
            ),
            (r#"+1 "let x = """"#, r#"let x = """#),
            (r#"+1 "x = "" + y""#, r#"x = "" + y"#),
            (r#"+1 "say "hi" now""#, r#"say "hi" now"#),
            (r#"+1 "{"key":"value"}""#, r#"{"key":"value"}"#),
            (r#"+1 "["a", "b"]""#, r#"["a", "b"]"#),
            (
                "+1 \u{201c}a \u{201c}b\u{201d} c\u{201d}",
                "a \u{201c}b\u{201d} c",
            ),
        ] {
            assert_eq!(evidence(text).quotes, [quote], "{text}");
        }
        let e = evidence(r#"+1 "a" and "b" (x.rs:2)"#);
        assert_eq!(e.quotes, ["a", "b"]);
        assert_eq!(e.places[0].written, "x.rs:2");
    }

    #[test]
    fn lines_that_are_not_line_numbers_do_not_read_and_bare_names_are_places() {
        let e = evidence("+1 src/lib.rs:9999999999 src/lib.rs:-1 a.rs:0 Makefile:12 ratio:-1");
        let bad: Vec<&str> = e.unreadable.iter().map(|u| u.written.as_str()).collect();
        assert_eq!(bad, ["src/lib.rs:9999999999", "src/lib.rs:-1", "a.rs:0"]);
        assert_eq!(e.places.len(), 1);
        assert!(e.places[0].bare && e.places[0].path == "Makefile");
    }
}
