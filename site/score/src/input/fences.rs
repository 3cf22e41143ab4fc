//! Fenced code blocks in a text → where each block's content lies, so that `read` can read
//! each block in its own format and the lines outside with the line grammar, every line
//! number still counted in the whole text.

use crate::lines::{lines_with_ends, without_break};
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
        let t = without_break(line).trim();
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

/// Appends `text` with the fence lines in it emptied.
pub(super) fn push_blanking_fences(out: &mut String, text: &str) {
    for line in lines_with_ends(text) {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            if without_break(line).len() < line.len() {
                out.push('\n');
            }
        } else {
            out.push_str(line);
        }
    }
}

/// Adds `p`, read from a part of the text that starts after `offset` lines, to `out`.
pub(super) fn merge(out: &mut Parsed, mut p: Parsed, offset: usize) {
    p.shift(offset);
    out.entries.append(&mut p.entries);
    out.errors.append(&mut p.errors);
    out.ignored.append(&mut p.ignored);
    out.weights.append(&mut p.weights);
    out.notes.append(&mut p.notes);
    out.report_rows.append(&mut p.report_rows);
    out.explicit |= p.explicit;
}
