//! The duplicate rule (the module doc of `combine` states it): the passes' items → which of
//! them count, and the ones set aside as another judge's copy.

use super::Duplicate;
use crate::{Entry, Format, Parsed};

/// Normalised text, criterion, perspective, bucket, positive sign.
type Key<'a> = (String, Option<&'a str>, Option<&'a str>, Option<u8>, bool);

/// The duplicate rule's key of an item: normalised text, labels, sign; `None` for no text.
///
/// Normalised: ASCII letters lowercased, and every run of separators (ASCII spaces and
/// punctuation, and the typographic quotes, dashes and ellipsis models write) made one space.
/// Other characters stay as they are: the Unicode case and letter tables would add kilobytes
/// to the wasm calculator for a rule that judges writing in English rarely need.
fn key(e: &Entry) -> Option<Key<'_>> {
    let separator = |c: char| {
        c.is_ascii_whitespace()
            || c.is_ascii_punctuation()
            || matches!(
                c,
                '‘' | '’' | '“' | '”' | '–' | '—' | '…' | '«' | '»' | '\u{a0}'
            )
    };
    let mut norm = String::new();
    for word in e.item.text.split(separator).filter(|w| !w.is_empty()) {
        if !norm.is_empty() {
            norm.push(' ');
        }
        norm.extend(word.chars().map(|c| c.to_ascii_lowercase()));
    }
    (!norm.is_empty()).then(|| {
        (
            norm,
            e.item.criterion.as_deref(),
            e.item.perspective.as_deref(),
            e.item.bucket.map(|b| b as u8),
            e.item.impact.value() > 0,
        )
    })
}

/// Which entries of each pass count, and the ones that do not (see the module's rule).
pub(super) fn dedupe(read_all: &[(Format, Parsed)]) -> (Vec<Vec<bool>>, Vec<Duplicate>) {
    let mut kept: Vec<Vec<bool>> = read_all
        .iter()
        .map(|(_, p)| vec![true; p.entries.len()])
        .collect();
    if read_all.len() < 2 {
        return (kept, Vec::new());
    }
    // (key, pass, entry) for every item with text, sorted by key then place.
    let mut all = Vec::new();
    for (k, (_, p)) in read_all.iter().enumerate() {
        for (i, e) in p.entries.iter().enumerate() {
            if let Some(key) = key(e) {
                all.push((key, k, i));
            }
        }
    }
    crate::order::sort_by(&mut all, |x, y| x.cmp(y));
    let entry = |k: usize, i: usize| &read_all[k].1.entries[i];
    let mut duplicates = Vec::new();
    let mut start = 0;
    while start < all.len() {
        let mut end = start + 1;
        while end < all.len() && all[end].0 == all[start].0 {
            end += 1;
        }
        let group = &all[start..end];
        // Per pass in the group: (count, total magnitude); runs of one pass are adjacent.
        let mut best: Option<(usize, usize, i64)> = None; // pass, count, magnitude
        let mut i = 0;
        while i < group.len() {
            let k = group[i].1;
            let mut j = i;
            let mut magnitude = 0;
            while j < group.len() && group[j].1 == k {
                magnitude += entry(k, group[j].2).item.impact.value().abs();
                j += 1;
            }
            let count = j - i;
            let better = match best {
                None => true,
                Some((_, c, m)) => count > c || (count == c && magnitude < m),
            };
            if better {
                best = Some((k, count, magnitude));
            }
            i = j;
        }
        let (keep, _, _) = best.expect("a group has an item");
        let kept_line = group
            .iter()
            .find(|g| g.1 == keep)
            .map_or(0, |g| entry(g.1, g.2).line);
        for &(_, k, i) in group.iter().filter(|g| g.1 != keep) {
            kept[k][i] = false;
            duplicates.push(Duplicate {
                pass: k,
                line: entry(k, i).line,
                kept_pass: keep,
                kept_line,
            });
        }
        start = end;
    }
    crate::order::sort_by(&mut duplicates, |x, y| {
        (x.pass, x.line).cmp(&(y.pass, y.line))
    });
    (kept, duplicates)
}
