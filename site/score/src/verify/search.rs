//! The searches: every quote piece of every item found in one pass over the work (an
//! Aho–Corasick automaton), pieces in order with `memchr`'s substring search, and the
//! closest passage to a quote that is not in the work.

use super::work::{Work, WorkFile};
use super::CLOSE_WORDS;
use aho_corasick::AhoCorasick;
use memchr::memmem;
use std::cell::Cell;
use std::collections::HashMap;

/// A piece longer than this many bytes is searched for on its own, not in the automaton
/// (whose size grows with its patterns').
const LONG_PIECE: usize = 4096;
/// A piece found in more files than this is searched file by file when needed.
const FILES_PER_PIECE: usize = 32;
/// The most quotes whose closest passage is looked for in one check (each search reads the
/// work several times); past it, a quote not found is reported without one.
pub const MAX_CLOSEST_SEARCHES: usize = 256;
/// The most occurrences of a quote's first or last words tried as the start of its closest
/// passage.
const CANDIDATES: usize = 16;

/// Where each quote piece first stands in each file.
pub(super) struct Index {
    ids: HashMap<String, usize>,
    /// Per piece: (file index, first offset) for up to [`FILES_PER_PIECE`] files.
    first: Vec<Vec<(usize, usize)>>,
    /// Per piece: whether it stands in more files than `first` lists.
    overflow: Vec<bool>,
    /// Closest-passage searches left.
    budget: Cell<usize>,
}

impl Index {
    /// Finds where every piece first stands in each file: the short pieces in one pass over
    /// each file, the long ones ([`LONG_PIECE`]) one by one. Time stays linear in the work
    /// when pieces overlap each other: once the pass reports more matches of pieces already
    /// placed in a file than the file has bytes, the pieces still unplaced are searched for
    /// in another pass of their own.
    pub(super) fn new<'a>(work: &Work, pieces: impl Iterator<Item = &'a str>) -> Index {
        let mut ids: HashMap<String, usize> = HashMap::new();
        let mut patterns: Vec<&str> = Vec::new();
        for p in pieces {
            if !ids.contains_key(p) {
                ids.insert(p.to_string(), patterns.len());
                patterns.push(p);
            }
        }
        let mut first = vec![Vec::new(); patterns.len()];
        let mut overflow = vec![false; patterns.len()];
        let (long, short): (Vec<usize>, Vec<usize>) =
            (0..patterns.len()).partition(|&p| patterns[p].len() > LONG_PIECE);
        let automaton = |of: &[usize]| {
            AhoCorasick::new(of.iter().map(|&p| patterns[p]))
                .expect("an automaton of at most the work's size builds")
        };
        let all = (!short.is_empty()).then(|| automaton(&short));
        // Per piece, the last file it was placed in (or found too often to list).
        let mut placed_in = vec![usize::MAX; patterns.len()];
        for (k, file) in work.files.iter().enumerate() {
            let mut record = |p: usize, at: usize, placed_in: &mut Vec<usize>| {
                placed_in[p] = k;
                if first[p].len() == FILES_PER_PIECE {
                    overflow[p] = true;
                } else {
                    first[p].push((k, at));
                }
            };
            for &p in &long {
                if let Some(at) = memmem::find(file.norm.as_bytes(), patterns[p].as_bytes()) {
                    record(p, at, &mut placed_in);
                }
            }
            let Some(all) = &all else { continue };
            let mut pass: Option<(AhoCorasick, Vec<usize>)> = None;
            loop {
                let (ac, of) = match &pass {
                    Some((ac, of)) => (ac, of.as_slice()),
                    None => (all, short.as_slice()),
                };
                let budget = file.norm.len() + 1024;
                let mut wasted = 0;
                let mut cut = false;
                for m in ac.find_overlapping_iter(file.norm.as_str()) {
                    let p = of[m.pattern().as_usize()];
                    if placed_in[p] == k {
                        wasted += 1;
                        if wasted > budget {
                            cut = true;
                            break;
                        }
                        continue;
                    }
                    record(p, m.start(), &mut placed_in);
                }
                if !cut {
                    break;
                }
                let left: Vec<usize> = of.iter().copied().filter(|&p| placed_in[p] != k).collect();
                if left.is_empty() {
                    break;
                }
                pass = Some((automaton(&left), left));
            }
        }
        Index {
            ids,
            first,
            overflow,
            budget: Cell::new(MAX_CLOSEST_SEARCHES),
        }
    }

    /// Where the pieces stand in order within the normalised range `a..b` of `file`: from the
    /// first piece's first place in the file when that is inside the range, so a range that
    /// starts at or before it is never searched again.
    pub(super) fn find_within(
        &self,
        work: &Work,
        file: &WorkFile,
        a: usize,
        b: usize,
        pieces: &[String],
    ) -> Option<usize> {
        let id = *self.ids.get(pieces.first()?)?;
        let from = match self.overflow[id] {
            true => a,
            false => {
                // The files are in path order.
                let k = work
                    .files
                    .binary_search_by(|f| f.path.as_str().cmp(&file.path))
                    .ok()?;
                let (_, at) = self.first[id].iter().find(|(f, _)| *f == k)?;
                if *at >= b {
                    return None;
                }
                (*at).max(a)
            }
        };
        in_order(&file.norm[from..b], pieces).map(|at| from + at)
    }

    /// The file and offset where the pieces stand in order in one file, the earliest first.
    pub(super) fn find_in_order<'w>(
        &self,
        work: &'w Work,
        pieces: &[String],
    ) -> Option<(&'w WorkFile, usize)> {
        let id = *self.ids.get(pieces.first()?)?;
        if self.overflow[id] {
            return work
                .files
                .iter()
                .find_map(|f| in_order(&f.norm, pieces).map(|at| (f, at)));
        }
        self.first[id].iter().find_map(|&(k, off)| {
            let f = &work.files[k];
            in_order(&f.norm[off..], pieces).map(|at| (f, off + at))
        })
    }

    /// The passage of the work closest to the quote's longest piece, when it differs in at
    /// most one word in [`CLOSE_WORDS`] (and in at least one).
    pub(super) fn closest<'w>(&self, work: &'w Work, pieces: &[String]) -> Option<String> {
        let left = self.budget.get();
        if left == 0 {
            return None;
        }
        self.budget.set(left - 1);
        let quote = pieces.iter().max_by_key(|p| p.len())?;
        let words: Vec<&str> = quote.split(' ').collect();
        let n = words.len();
        if n < 2 {
            return None;
        }
        let allowed = (n / CLOSE_WORDS).max(1);
        // The best candidate: how many words differ, its file and its normalised range.
        let mut best: Option<(usize, &'w WorkFile, usize, usize)> = None;
        let mut consider = |f: &'w WorkFile, start: usize, candidate: Vec<&str>| {
            if candidate.len() != n {
                return;
            }
            let d = candidate.iter().zip(&words).filter(|(a, b)| a != b).count();
            if d >= 1 && d <= allowed && best.as_ref().is_none_or(|b| d < b.0) {
                let len = candidate.iter().map(|w| w.len()).sum::<usize>() + n - 1;
                best = Some((d, f, start, start + len));
            }
        };
        // The longest prefix of whole words the work has, then the longest suffix.
        let prefix = longest(n, |k| !find_all(work, &words[..k].join(" "), 1).is_empty());
        if prefix > 0 {
            for (f, at) in find_all(work, &words[..prefix].join(" "), CANDIDATES) {
                consider(f, at, f.norm[at..].split(' ').take(n).collect());
            }
        }
        let suffix = longest(n, |k| {
            !find_all(work, &words[n - k..].join(" "), 1).is_empty()
        });
        if suffix > 0 {
            let tail = words[n - suffix..].join(" ");
            for (f, at) in find_all(work, &tail, CANDIDATES) {
                let end = at + tail.len();
                let before: Vec<&str> = f.norm[..end].rsplit(' ').take(n).collect();
                let len =
                    before.iter().map(|w| w.len()).sum::<usize>() + before.len().saturating_sub(1);
                consider(f, end - len.min(end), before.into_iter().rev().collect());
            }
        }
        best.map(|(_, f, start, end)| f.original(start, end))
    }
}

/// The largest `k` in `0..n` for which `found(k)` holds, `found` being monotone (a longer
/// prefix is found only if a shorter one is).
fn longest(n: usize, found: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, n - 1);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if found(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// Up to `limit` places of `needle` in the work.
fn find_all<'w>(work: &'w Work, needle: &str, limit: usize) -> Vec<(&'w WorkFile, usize)> {
    let finder = memmem::Finder::new(needle.as_bytes());
    let mut out = Vec::new();
    for f in &work.files {
        for at in finder.find_iter(f.norm.as_bytes()) {
            if out.len() == limit {
                return out;
            }
            out.push((f, at));
        }
    }
    out
}

/// The offset of the first piece when the pieces stand in `hay` in order, not overlapping.
pub(super) fn in_order(hay: &str, pieces: &[String]) -> Option<usize> {
    let mut pos = 0;
    let mut start = None;
    for p in pieces {
        let at = pos + memmem::find(&hay.as_bytes()[pos..], p.as_bytes())?;
        start.get_or_insert(at);
        pos = at + p.len();
    }
    start
}
