//! Fenced code blocks in a text → where each block's content lies, so that `read` can read
//! each block in its own format and the lines outside with the line grammar, every line
//! number still counted in the whole text.

use crate::parse::LineError;
use crate::Parsed;

/// One fenced code block: the byte range of its content and the 1-based line of its first
/// content line.
pub(super) struct Fence {
    pub(super) body: std::ops::Range<usize>,
    pub(super) first_line: usize,
}

/// The fenced code blocks of `text`: a line of three or more backticks or tildes (after
/// spaces) opens one, any info string after it; a line of at least as many of the same
/// character closes it; an unclosed block runs to the end.
pub(super) fn fences(text: &str) -> Vec<Fence> {
    let mut out = Vec::new();
    let mut open: Option<(char, usize, usize, usize)> = None; // mark, length, body start, line
    let mut at = 0;
    for (i, line) in lines_with_ends(text).enumerate() {
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

/// The lines of `text`, each with its newline, as `split_inclusive('\n')` gives them, by a
/// byte scan (no pattern searcher).
fn lines_with_ends(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let end = rest
            .bytes()
            .position(|b| b == b'\n')
            .map_or(rest.len(), |i| i + 1);
        let (line, after) = rest.split_at_checked(end).filter(|_| end > 0)?;
        rest = after;
        Some(line)
    })
}

/// Whether `line` opens or closes a fenced code block: three backticks or tildes after
/// spaces, whatever follows (an info string such as `json`).
///
/// ```
/// use pickanumber_score::is_fence_line;
/// assert!(is_fence_line("  ```json"));
/// assert!(is_fence_line("~~~"));
/// assert!(!is_fence_line("`` two"));
/// ```
pub fn is_fence_line(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("```") || t.starts_with("~~~")
}

/// The content of each fenced code block of `text`, with the 1-based line of its first
/// content line: the blocks [`crate::read`] reads in their own format, as judge models wrap
/// their answers (a sentence, then a ```` ```json ```` block). For every reader of model
/// output, so that each finds the same blocks.
///
/// ```
/// let text = "Here are the scores:\n```json\n{\"scores\": [7, 8]}\n```\n";
/// assert_eq!(pickanumber_score::fenced_blocks(text), [(3, "{\"scores\": [7, 8]}\n")]);
/// ```
pub fn fenced_blocks(text: &str) -> Vec<(usize, &str)> {
    fences(text)
        .into_iter()
        .map(|f| (f.first_line, text.get(f.body).unwrap_or_default()))
        .collect()
}

/// Appends `text` with the fence lines in it emptied.
pub(super) fn push_blanking_fences(out: &mut String, text: &str) {
    for line in lines_with_ends(text) {
        if is_fence_line(line) {
            if line.ends_with('\n') {
                out.push('\n');
            }
        } else {
            out.push_str(line);
        }
    }
}

/// Adds `p`, read from a part of the text that starts after `offset` lines, to `out`.
pub(super) fn merge(out: &mut Parsed, mut p: Parsed, offset: usize) {
    for e in &mut p.entries {
        e.line += offset;
    }
    for e in &mut p.errors {
        e.line += offset;
    }
    for l in &mut p.ignored {
        *l += offset;
    }
    for r in &mut p.report_rows {
        r.line += offset;
    }
    // One set of weights per text: a second (in another block, or outside the blocks) is an
    // error on the later line.
    if let Some(line) = p.weights_line.map(|l| l + offset) {
        match out.weights_line {
            Some(first) => {
                let (first, second) = (first.min(line), first.max(line));
                out.errors.push(LineError {
                    line: second,
                    column: None,
                    message: crate::parse::second_weights(first),
                });
                out.weights_line = Some(first);
                out.weights_error = Some(out.weights_error.map_or(second, |e| e.min(second)));
            }
            None => out.weights_line = Some(line),
        }
    }
    if let Some(line) = p.weights_error.map(|l| l + offset) {
        out.weights_error = Some(out.weights_error.map_or(line, |e| e.min(line)));
    }
    out.entries.append(&mut p.entries);
    out.errors.append(&mut p.errors);
    out.ignored.append(&mut p.ignored);
    if out.weights.is_empty() {
        out.weights.append(&mut p.weights);
    }
    out.notes.append(&mut p.notes);
    out.report_rows.append(&mut p.report_rows);
    out.explicit |= p.explicit;
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// The byte scan gives the lines `split_inclusive('\n')` gives.
        #[test]
        fn lines_with_ends_splits_as_split_inclusive(text in "[a\n\r~`é]{0,16}") {
            let ours: Vec<&str> = super::lines_with_ends(&text).collect();
            let std: Vec<&str> = text.split_inclusive('\n').collect();
            prop_assert_eq!(ours, std);
        }
    }
}
