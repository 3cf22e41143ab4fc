//! Text with `## Pass: <name>` headings → each judge's text, with the errors of the headings
//! (no name, a name used before) and of the text before the first heading.

use crate::diagnostic::{Diagnostic, Kind};
use crate::input::read;
use crate::parse::pass_heading;
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
    for (i, line) in crate::lines::lines_with_ends(text).enumerate() {
        let end = at + line.len();
        if let Some(name) = pass_heading(line) {
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

/// One pass's text: the judge's name, its heading's line (the number of lines above its
/// text, which its line numbers are counted after), and the text.
pub(super) type PassText<'t> = (String, Option<usize>, &'t str);

/// The passes under the headings of `split`, each text a slice of `text` read below its
/// heading's line, so its line numbers are the whole text's; what the text before the first
/// heading gave (its weights, which every pass shares, and its ignored lines); and the errors
/// of the headings and of that text.
pub(super) fn pass_texts<'t>(
    text: &'t str,
    split: &Split,
    strict: bool,
) -> (Vec<PassText<'t>>, Parsed, Vec<Diagnostic>) {
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
    let first = first_of_each_name(&split.passes);
    let mut texts = Vec::new();
    for (k, (name, line, body)) in split.passes.iter().enumerate() {
        if name.is_empty() {
            errors.push(at(*line, "a ## Pass: heading needs the judge's name, as in ## Pass: claude; the items under it are not scored"));
            continue;
        }
        if let Some(first) = first[k] {
            errors.push(at(*line, &format!("pass \"{name}\" is already named on line {first}: give each pass its own name; the items under this heading are not scored")));
            continue;
        }
        texts.push((
            name.clone(),
            Some(*line),
            text.get(body.clone()).unwrap_or_default(),
        ));
    }
    (texts, head, errors)
}

/// For each pass, the heading line of the first pass with its name when that is an earlier
/// one (`None` for the first of each name and for passes with no name): the passes sorted by
/// name with the crate's one stable sort, so the check costs no search per pass.
fn first_of_each_name(passes: &[(String, usize, std::ops::Range<usize>)]) -> Vec<Option<usize>> {
    let mut by_name: Vec<usize> = (0..passes.len())
        .filter(|&k| !passes[k].0.is_empty())
        .collect();
    crate::order::sort_by(&mut by_name, |&a, &b| passes[a].0.cmp(&passes[b].0));
    let mut first = vec![None; passes.len()];
    for pair in by_name.windows(2) {
        let (earlier, later) = (pair[0], pair[1]);
        if passes[earlier].0 == passes[later].0 {
            first[later] = Some(first[earlier].unwrap_or(passes[earlier].1));
        }
    }
    first
}

fn at(line: usize, message: &str) -> Diagnostic {
    Diagnostic::at(Kind::Pass, line, message)
}
