//! Fenced code blocks in a text → where each block's content lies, so that `read` can read
//! each block in its own format and the lines outside with the line grammar, every line
//! number still counted in the whole text.
//!
//! Which blocks hold items: a block with no info string, or whose info string starts with a
//! word of [`ITEM_BLOCKS`] (`json`, `text`, `markdown`, `csv`, the site's `evidence`, …), is
//! the judge's answer and is read. A block in any other language (```` ```diff ````,
//! ```` ```python ````, ```` ```sh ````) is code the judge quoted as evidence: a `-1` line in
//! a diff is a removed line, not an item, so its lines are not read; they are listed as
//! ignored lines (errors in strict reading).

use crate::lines::{lines_with_ends, without_break};
use crate::parse::LineError;
use crate::Parsed;

/// The first words of the info strings of the fenced blocks that are read for items (in any
/// case); a block with no info string is read too.
pub const ITEM_BLOCKS: [&str; 12] = [
    "json",
    "jsonc",
    "json5",
    "text",
    "txt",
    "plain",
    "plaintext",
    "markdown",
    "md",
    "csv",
    "tsv",
    "evidence",
];

/// One fenced code block: the byte range of its content, the 1-based line of its first
/// content line, and whether it is a block of code (not read).
pub(super) struct Fence {
    pub(super) body: std::ops::Range<usize>,
    pub(super) first_line: usize,
    pub(super) code: bool,
}

/// Whether a block whose info string is `info` (after the fence marks) is code: its first
/// word is not in [`ITEM_BLOCKS`].
fn is_code(info: &str) -> bool {
    // The first word, by a byte scan: `split_whitespace` would add its code to the wasm.
    let info = info.trim_start();
    let end = info.bytes().position(|b| b == b' ' || b == b'\t');
    let word = info.get(..end.unwrap_or(info.len())).unwrap_or_default();
    let word = word.trim_start_matches('{').trim_start_matches('.');
    !word.is_empty() && !ITEM_BLOCKS.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// The fenced code blocks of `text`: a line of three or more backticks or tildes (after
/// spaces) opens one, any info string after it; a line of at least as many of the same
/// character closes it; an unclosed block runs to the end.
pub(super) fn fences(text: &str) -> Vec<Fence> {
    let mut out = Vec::new();
    // Mark, length, body start, line, language of a code block.
    let mut open: Option<(char, usize, usize, usize, bool)> = None;
    let mut at = 0;
    for (i, line) in lines_with_ends(text).enumerate() {
        let t = line.trim_start();
        let mark = t.chars().next().filter(|c| matches!(c, '`' | '~'));
        // The break is only at the end: looked for on fence lines alone.
        let t = if mark.is_some() {
            without_break(t).trim_end()
        } else {
            t
        };
        let run = mark.map_or(0, |m| t.chars().take_while(|&c| c == m).count());
        match (&open, mark) {
            (None, Some(m)) if run >= 3 => {
                let info = t.get(run * m.len_utf8()..).unwrap_or_default();
                open = Some((m, run, at + line.len(), i + 2, is_code(info)));
            }
            (Some((m, n, ..)), Some(c))
                if c == *m && run >= *n && t.len() == run * m.len_utf8() =>
            {
                if let Some((_, _, start, first_line, code)) = open.take() {
                    out.push(Fence {
                        body: start..at,
                        first_line,
                        code,
                    });
                }
            }
            _ => {}
        }
        at += line.len();
    }
    if let Some((_, _, start, first_line, code)) = open {
        out.push(Fence {
            body: start.min(text.len())..text.len(),
            first_line,
            code,
        });
    }
    out
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
/// content line, whatever its info string (of these, [`crate::read`] reads the blocks with
/// none or one that names a format it reads; a block of code, such as ```` ```diff ````, it
/// lists as ignored lines), as judge models wrap their answers (a sentence, then a
/// ```` ```json ```` block). For every reader of model output, so that each finds the same
/// blocks.
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

/// Appends `text` with the fence lines in it emptied and every line break written as LF (so
/// that a break appended after a CR cannot make one CR LF of two lines).
pub(super) fn push_blanking_fences(out: &mut String, text: &str) {
    for line in lines_with_ends(text) {
        let content = without_break(line);
        if !is_fence_line(content) {
            out.push_str(content);
        }
        if content.len() < line.len() {
            out.push('\n');
        }
    }
}

/// Adds `p`, read from a part of the text that starts after `offset` lines, to `out`.
pub(super) fn merge(out: &mut Parsed, mut p: Parsed, offset: usize) {
    p.shift(offset);
    // One set of weights per text: a second (in another block, or outside the blocks) is an
    // error on the later line.
    if let Some(line) = p.weights_line {
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
    if let Some(line) = p.weights_error {
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
