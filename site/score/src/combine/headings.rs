//! Text with `## Pass: <name>` headings → each judge's text, with the errors of the headings
//! (no name, a name used before) and of the text before the first heading.

use crate::diagnostic::{Diagnostic, Kind};
use crate::input::read;
use crate::Parsed;

/// The `## Pass:` headings of a text: each pass's name, heading line and body's byte range.
pub(crate) struct Split {
    /// Name (possibly empty), heading line, body bytes.
    passes: Vec<(String, usize, std::ops::Range<usize>)>,
    /// The bytes before the first heading.
    preamble: usize,
}

/// The `## Pass:` headings of `text`, or `None` when it has none.
pub(crate) fn split(text: &str) -> Option<Split> {
    let mut passes: Vec<(String, usize, std::ops::Range<usize>)> = Vec::new();
    let mut at = 0;
    let mut preamble = None;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let end = at + line.len();
        if let Some(name) = heading(line) {
            preamble.get_or_insert(at);
            passes.push((name.to_string(), i + 1, end..end));
        } else if let Some(p) = passes.last_mut() {
            p.2.end = end;
        }
        at = end;
    }
    Some(Split {
        preamble: preamble?,
        passes,
    })
}

/// The name of a `## Pass: name` heading (the word `pass` in any case), if `line` is one.
fn heading(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("##")?;
    let rest = rest.trim_start();
    let (word, name) = rest.split_at_checked(5)?;
    word.eq_ignore_ascii_case("pass:").then(|| name.trim())
}

/// One pass's text: the judge's name, its heading's line, and the text.
pub(super) type PassText = (String, Option<usize>, String);

/// The passes under the headings of `split`, each text with blank lines in place of the text
/// before it, so its line numbers are the whole text's; what the text before the first heading
/// gave (its weights, which every pass shares, and its ignored lines); and the errors of the
/// headings and of that text.
pub(super) fn pass_texts(
    text: &str,
    split: &Split,
    strict: bool,
) -> (Vec<PassText>, Parsed, Vec<Diagnostic>) {
    let mut errors = Vec::new();
    let (_, head) = read(&text[..split.preamble]);
    for e in &head.entries {
        if errors
            .last()
            .is_none_or(|d: &Diagnostic| d.line != Some(e.line))
        {
            errors.push(at(e.line, "an item before the first ## Pass: heading belongs to no judge: move it under a pass"));
        }
    }
    for e in &head.errors {
        errors.push(at(e.line, &e.message));
    }
    if strict {
        for &line in &head.ignored {
            errors.push(at(line, "text before the first ## Pass: heading, and strict reading allows no line that is not an item, a heading or a weights line: remove it"));
        }
    }
    let mut seen: Vec<(&str, usize)> = Vec::new();
    let mut texts = Vec::new();
    for (name, line, body) in &split.passes {
        if name.is_empty() {
            errors.push(at(*line, "a ## Pass: heading needs the judge's name, as in ## Pass: claude; the items under it are not scored"));
            continue;
        }
        if let Some((_, first)) = seen.iter().find(|(n, _)| n == name) {
            errors.push(at(*line, &format!("pass \"{name}\" is already named on line {first}: give each pass its own name; the items under this heading are not scored")));
            continue;
        }
        seen.push((name, *line));
        let padded = "\n".repeat(*line) + &text[body.clone()];
        texts.push((name.clone(), Some(*line), padded));
    }
    (texts, head, errors)
}

fn at(line: usize, message: &str) -> Diagnostic {
    Diagnostic::at(Kind::Pass, line, message)
}
