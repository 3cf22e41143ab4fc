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
    // What each pass says, whatever its place: its items' impacts and keys, sorted; `rank[k]`
    // is pass k's place in the order of those contents (equal contents, equal ranks). The last
    // tie-break compares ranks, so the kept copy, and with it the pass whose group the item is
    // resampled in, does not depend on the order the passes come in.
    let content: Vec<Vec<(i64, Option<Key>)>> = read_all
        .iter()
        .map(|(_, p)| {
            let mut c: Vec<_> = p
                .entries
                .iter()
                .map(|e| (e.item.impact.value(), key(e)))
                .collect();
            crate::order::sort_by(&mut c, |x, y| x.cmp(y));
            c
        })
        .collect();
    let mut by_content: Vec<usize> = (0..content.len()).collect();
    crate::order::sort_by(&mut by_content, |&x, &y| content[x].cmp(&content[y]));
    let mut rank = vec![0; content.len()];
    for w in 1..by_content.len() {
        let (before, k) = (by_content[w - 1], by_content[w]);
        rank[k] = rank[before] + usize::from(content[k] != content[before]);
    }
    let entry = |k: usize, i: usize| &read_all[k].1.entries[i];
    let mut duplicates = Vec::new();
    let mut start = 0;
    while start < all.len() {
        let mut end = start + 1;
        while end < all.len() && all[end].0 == all[start].0 {
            end += 1;
        }
        let group = &all[start..end];
        // Per pass in the group: its copies' count, total magnitude and impacts (sorted); runs
        // of one pass are adjacent. The most copies win, then the smaller magnitude, then the
        // smaller impacts, then the pass whose whole content sorts first; only passes that say
        // exactly the same are left to their order, and either of them gives the same result.
        let mut best: Option<(usize, usize, i64, Vec<i64>)> = None;
        let mut i = 0;
        while i < group.len() {
            let k = group[i].1;
            let mut j = i;
            let mut impacts = Vec::new();
            while j < group.len() && group[j].1 == k {
                impacts.push(entry(k, group[j].2).item.impact.value());
                j += 1;
            }
            crate::order::sort_by(&mut impacts, |x, y| x.cmp(y));
            let count = j - i;
            let magnitude: i64 = impacts.iter().map(|v| v.abs()).sum();
            let better = match &best {
                None => true,
                Some((b, c, m, v)) => count
                    .cmp(c)
                    .reverse()
                    .then(magnitude.cmp(m))
                    .then_with(|| impacts.cmp(v))
                    .then(rank[k].cmp(&rank[*b]))
                    .is_lt(),
            };
            if better {
                best = Some((k, count, magnitude, impacts));
            }
            i = j;
        }
        let (keep, ..) = best.expect("a group has an item");
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
