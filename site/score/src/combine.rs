//! Several judges' passes → one [`Analysis`] of their union, with each pass's own.
//!
//! The data flow: text with `## Pass: <name>` headings ([`split`]) or a list of named texts
//! ([`combine()`]) → each pass [`read`](crate::read) → the duplicate rule keeps one copy of an
//! observation two judges both found → the union scored by the analysis's own body (the
//! combined headline, in the mode the union decides) → each pass scored alone in that mode →
//! [`Passes`]: the pass analyses, the spread of their finals, the cells where they disagree
//! in sign, Krippendorff's α ([`crate::alpha_interval`]) → the interval of the combined
//! headline, resampled within each pass ([`crate::interval`]).
//!
//! **Headings.** A line `## Pass: <name>` starts a pass; line numbers stay those of the whole
//! text. A heading with no name, or a name an earlier heading used, is an error on its line,
//! and the items under it are not scored. Text before the first heading belongs to no judge:
//! a `weights:` line there sets the weights of every pass; an item there is an error; any
//! other line is ignored as in any text.
//!
//! **The duplicate rule.** Two judges who find the same observation have not found two
//! pieces of evidence: counting it twice would raise the item count (the confidence and the
//! density multiplier) and push the net further from the centre without anything new being
//! observed. So items of different passes with the same normalised text (ASCII letters
//! lowercased, punctuation and spacing made one space), the same criterion, perspective and
//! bucket, and the same sign,
//! are one observation: it counts as many times as the pass that lists it most often, at the
//! impacts of that pass (on a tie, the pass with the smaller total magnitude — the impact
//! both judges support — then the earlier pass). Repeats within one pass are that judge's
//! own weighting and are kept. An item with no text is never a duplicate. The rule makes
//! the combined score independent of the order of the passes, and two identical passes
//! combine to the score of one.

use crate::analysis::analyse_read;
use crate::diagnostic::{Diagnostic, Kind};
use crate::input::read;
use crate::{Analysis, Entry, Format, Mode, Parsed, Request};

/// The passes behind a combined analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Passes {
    /// Each pass with its own analysis, in the order given.
    pub passes: Vec<Pass>,
    /// The spread of the passes' finals: first the headlines (`criterion: None`), then in
    /// matrix mode each criterion of the combined matrix.
    pub spread: Vec<Spread>,
    /// The cells where one pass's items net above zero and another's below.
    pub disagreements: Vec<Disagreement>,
    /// Krippendorff's α (interval metric) over the per-criterion finals, in matrix mode with
    /// at least 2 passes and 3 criteria; `None` where it is not defined.
    pub alpha: Option<f64>,
    /// The items the duplicate rule did not count.
    pub duplicates: Vec<Duplicate>,
    /// The pass of each entry of the combined analysis, by position.
    pub origin: Vec<usize>,
}

/// One judge's pass.
#[derive(Clone, Debug, PartialEq)]
pub struct Pass {
    /// The judge's name.
    pub name: String,
    /// The line of its `## Pass:` heading (`None` for a pass given as its own text).
    pub line: Option<usize>,
    /// The pass scored alone, in the combined mode and weights.
    pub analysis: Analysis,
}

/// How far the passes' finals lie apart for one criterion (or the headline).
#[derive(Clone, Debug, PartialEq)]
pub struct Spread {
    /// The criterion; `None` for the headlines.
    pub criterion: Option<String>,
    /// The lowest final among the passes with items there.
    pub lowest: f64,
    /// The highest.
    pub highest: f64,
    /// How many passes have items there.
    pub passes: usize,
}

/// A cell where passes disagree in sign.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    /// The criterion (matrix mode), if any.
    pub criterion: Option<String>,
    /// The perspective, if the items name one.
    pub perspective: Option<String>,
    /// Each pass with items in the cell: its index and its net impact there.
    pub nets: Vec<(usize, i64)>,
}

impl Disagreement {
    /// The cell as the views name it: `requester × craft`, `craft`, `requester`, or
    /// `all items`.
    pub fn cell(&self) -> String {
        match (&self.criterion, &self.perspective) {
            (Some(c), Some(v)) => format!("{v} × {c}"),
            (Some(c), None) => c.clone(),
            (None, Some(v)) => v.clone(),
            (None, None) => "all items".into(),
        }
    }
}

/// An item the duplicate rule did not count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    /// Its pass.
    pub pass: usize,
    /// Its line in that pass.
    pub line: usize,
    /// The pass whose copy counts.
    pub kept_pass: usize,
    /// The line of the copy that counts.
    pub kept_line: usize,
}

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

/// Text with `## Pass:` headings → the combined analysis. Each pass is read with blank lines
/// in place of the text before it, so its line numbers are the whole text's.
pub(crate) fn analyse_split(text: &str, split: Split, request: &Request) -> Analysis {
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
    if request.strict {
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
    let mut a = run(&texts, head.weights, request, errors);
    a.ignored.splice(0..0, head.ignored);
    a
}

/// Several judges' passes, each a name and a text in any input format, → one analysis: the
/// formula over every pass's items together (after the duplicate rule), with each pass's own
/// analysis, the spread, the disagreeing cells, α and the interval in
/// [`Analysis::passes`] and [`Analysis::interval`].
///
/// Each pass keeps its own line numbers: a diagnostic of a pass says which pass it is
/// (`pass b: …`) and the combined `ignored` list is left empty (each pass has its own).
///
/// ```
/// use pickanumber_score::{combine, Request};
/// let a = combine(
///     &[("claude".into(), "+3 tests pass\n-1 slow".into()), ("gpt".into(), "+3 Tests pass.".into())],
///     &Request::default(),
/// );
/// let p = a.passes.as_ref().unwrap();
/// assert_eq!(p.passes.len(), 2);
/// assert_eq!(p.duplicates.len(), 1); // "Tests pass." is "tests pass", found by both
/// assert_eq!(a.pool().total_items, 2);
/// ```
pub fn combine(passes: &[(String, String)], request: &Request) -> Analysis {
    let texts: Vec<(String, Option<usize>, String)> = passes
        .iter()
        .map(|(n, t)| (n.clone(), None, t.clone()))
        .collect();
    run(&texts, Vec::new(), request, Vec::new())
}

fn at(line: usize, message: &str) -> Diagnostic {
    Diagnostic {
        kind: Kind::Pass,
        line: Some(line),
        column: None,
        message: message.to_string(),
    }
}

/// The kinds a pass reports about its own lines; the union reports the rest.
fn of_a_pass(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Item
            | Kind::Strict
            | Kind::Ignored
            | Kind::UnusedKeys
            | Kind::Fenced
            | Kind::CriteriaSetAside
            | Kind::ReportMismatch
            | Kind::ReportSubset
            | Kind::CrowdedCell
            | Kind::ThinCell
            | Kind::NothingRead
    )
}

/// Reads the passes, applies the duplicate rule, scores the union and each pass.
fn run(
    texts: &[(String, Option<usize>, String)],
    shared_weights: Vec<(String, f64)>,
    request: &Request,
    mut errors: Vec<Diagnostic>,
) -> Analysis {
    let read_all: Vec<(Format, Parsed)> = texts.iter().map(|(_, _, t)| read(t)).collect();
    // One set of weights for every pass: given, else the shared line, else the passes' own
    // lines, which must then agree.
    let mut request = request.clone();
    if request.weights.is_none() {
        let mut given: Option<(usize, &Vec<(String, f64)>)> =
            (!shared_weights.is_empty()).then_some((usize::MAX, &shared_weights));
        for (k, (_, p)) in read_all.iter().enumerate() {
            if p.weights.is_empty() {
                continue;
            }
            match given {
                None => given = Some((k, &p.weights)),
                Some((_, w)) if *w == p.weights => {}
                Some((j, _)) => {
                    let first = texts
                        .get(j)
                        .map_or("the text before the first pass", |t| &t.0);
                    errors.push(Diagnostic::new(Kind::Pass, format!("passes {first} and {} give different weights: give one weights: line before the first ## Pass: heading, or weights outside the text", texts[k].0)));
                }
            }
        }
        request.weights = given.map(|(_, w)| w.clone());
    }

    // The union, with the duplicate rule.
    let (kept, duplicates) = dedupe(&read_all);
    let mut union = Parsed::default();
    let mut origin = Vec::new();
    for (k, (_, p)) in read_all.iter().enumerate() {
        union.explicit |= p.explicit;
        union.report_rows.extend(p.report_rows.iter().cloned());
        if texts[k].1.is_some() {
            union.ignored.extend(&p.ignored);
        }
        for (i, e) in p.entries.iter().enumerate() {
            if kept[k][i] {
                union.entries.push(e.clone());
                origin.push(k);
            }
        }
    }
    let format = read_all.first().map_or(Format::Lines, |r| r.0);
    let mut a = analyse_read("", format, union, &request);
    request.mode = a.mode();

    // Each pass alone, in the union's mode and weights.
    let passes: Vec<Pass> = texts
        .iter()
        .zip(read_all)
        .map(|((name, line, text), (format, parsed))| {
            let mut analysis = analyse_read(text, format, parsed, &request);
            if !request.skip_interval {
                analysis.interval = crate::interval::of(&analysis, None, crate::interval::LEVEL);
            }
            Pass {
                name: name.clone(),
                line: *line,
                analysis,
            }
        })
        .collect();

    // Diagnostics: heading errors, the passes' own (named), then the union's.
    let mut own = Vec::new();
    for p in &passes {
        for d in p.analysis.diagnostics.iter().filter(|d| of_a_pass(d.kind)) {
            let mut d = d.clone();
            d.message = format!("pass {}: {}", p.name, d.message);
            own.push(d);
        }
    }
    let (own_errors, own_rest): (Vec<_>, Vec<_>) = own
        .into_iter()
        .partition(|d| d.severity() == crate::Severity::Error);
    errors.extend(own_errors);
    let mut diagnostics = crate::diagnostic::sort_by_place(errors);
    let (union_errors, union_rest): (Vec<_>, Vec<_>) = a
        .diagnostics
        .drain(..)
        .filter(|d| !of_a_pass(d.kind))
        .partition(|d| d.severity() == crate::Severity::Error);
    diagnostics.extend(union_errors);
    diagnostics.extend(union_rest);
    diagnostics.extend(own_rest);
    if !duplicates.is_empty() {
        diagnostics.push(Diagnostic::new(
            Kind::Duplicate,
            duplicate_note(&duplicates, &passes),
        ));
    }
    if passes.is_empty() {
        diagnostics.push(Diagnostic::new(
            Kind::NothingRead,
            "no pass to score: every ## Pass: heading has an error; there is no score",
        ));
        a.scored = false;
    }
    a.diagnostics = diagnostics;
    a.scored &= passes.iter().any(|p| p.analysis.scored);

    let spread = spread(&a, &passes);
    let disagreements = disagreements(&passes, a.mode());
    let alpha = alpha(&a, &passes);
    if !request.skip_interval {
        a.interval = crate::interval::of(&a, Some(&origin), crate::interval::LEVEL);
    }
    a.passes = Some(Box::new(Passes {
        passes,
        spread,
        disagreements,
        alpha,
        duplicates,
        origin,
    }));
    a
}

/// One note listing what the duplicate rule set aside.
fn duplicate_note(duplicates: &[Duplicate], passes: &[Pass]) -> String {
    let shown: Vec<String> = duplicates
        .iter()
        .take(10)
        .map(|d| {
            format!(
                "pass {} line {} (counted from pass {} line {})",
                passes[d.pass].name, d.line, passes[d.kept_pass].name, d.kept_line
            )
        })
        .collect();
    let more = duplicates.len().saturating_sub(10);
    format!(
        "{} item{} found by another judge too, counted once (same text, labels and sign): {}{}",
        duplicates.len(),
        if duplicates.len() == 1 {
            " was"
        } else {
            "s were"
        },
        shown.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    )
}

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
fn dedupe(read_all: &[(Format, Parsed)]) -> (Vec<Vec<bool>>, Vec<Duplicate>) {
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

/// The spread of the passes' headlines, then of each criterion's final in matrix mode.
fn spread(a: &Analysis, passes: &[Pass]) -> Vec<Spread> {
    let mut out = Vec::new();
    let of = |criterion: Option<String>, finals: Vec<f64>| {
        (!finals.is_empty()).then(|| Spread {
            criterion,
            lowest: finals.iter().copied().fold(f64::INFINITY, f64::min),
            highest: finals.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            passes: finals.len(),
        })
    };
    let heads: Vec<f64> = passes
        .iter()
        .filter_map(|p| p.analysis.headline().map(|h| h.score))
        .collect();
    out.extend(of(None, heads));
    if let Some(Ok(m)) = a.matrix().map(|m| m.result.as_ref()) {
        for c in &m.criteria {
            out.extend(of(
                Some(c.name.clone()),
                finals_of(&c.name, passes).flatten().collect(),
            ));
        }
    }
    out
}

/// Each pass's final for `criterion`, `None` where the pass has no item for it.
fn finals_of<'a>(criterion: &'a str, passes: &'a [Pass]) -> impl Iterator<Item = Option<f64>> + 'a {
    passes.iter().map(move |p| {
        let m = p.analysis.matrix()?.result.as_ref().ok()?;
        let c = m.criteria.iter().find(|c| c.name == criterion)?;
        (c.pooled.total_items > 0).then_some(c.pooled.final_score)
    })
}

/// Krippendorff's α over the per-criterion finals (matrix mode, ≥ 2 passes, ≥ 3 criteria).
fn alpha(a: &Analysis, passes: &[Pass]) -> Option<f64> {
    let m = a.matrix()?.result.as_ref().ok()?;
    if passes.len() < 2 || m.criteria.len() < 3 {
        return None;
    }
    let units: Vec<Vec<Option<f64>>> = m
        .criteria
        .iter()
        .map(|c| finals_of(&c.name, passes).collect())
        .collect();
    crate::alpha_interval(&units)
}

/// The cells (criterion in matrix mode × perspective) where one pass nets above zero and
/// another below, sorted by criterion, then perspective (unlabelled first).
fn disagreements(passes: &[Pass], mode: Mode) -> Vec<Disagreement> {
    type Cell<'a> = (Option<&'a str>, Option<&'a str>);
    let mut all: Vec<(Cell, usize, i64)> = Vec::new();
    for (k, p) in passes.iter().enumerate() {
        for e in &p.analysis.entries {
            let criterion = match mode {
                Mode::Matrix => e.item.criterion.as_deref(),
                _ => None,
            };
            all.push((
                (criterion, e.item.perspective.as_deref()),
                k,
                e.item.impact.value(),
            ));
        }
    }
    crate::order::sort_by(&mut all, |x, y| (x.0, x.1).cmp(&(y.0, y.1)));
    let mut out = Vec::new();
    let mut start = 0;
    while start < all.len() {
        let cell = all[start].0;
        let mut nets: Vec<(usize, i64)> = Vec::new();
        let mut end = start;
        while end < all.len() && all[end].0 == cell {
            match nets.last_mut() {
                Some((k, n)) if *k == all[end].1 => *n += all[end].2,
                _ => nets.push((all[end].1, all[end].2)),
            }
            end += 1;
        }
        if nets.iter().any(|n| n.1 > 0) && nets.iter().any(|n| n.1 < 0) {
            out.push(Disagreement {
                criterion: cell.0.map(str::to_string),
                perspective: cell.1.map(str::to_string),
                nets,
            });
        }
        start = end;
    }
    out
}
