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
//! impacts of that pass (on a tie, the pass whose copies have the smaller total magnitude —
//! the size both judges support — then the smaller impacts, then the pass whose items, sorted,
//! come first). Repeats within one pass are that judge's own weighting and are kept. An item
//! with no text is never a duplicate. No tie is settled by the place of a pass, so the
//! combined score and its interval (whose resampling groups follow the pass each kept copy
//! belongs to) do not depend on the order of the passes; two identical passes combine to the
//! score of one.
//!
//! The parts, in the order of the data flow: `headings` (text → the passes' texts), `dedupe`
//! (the duplicate rule), `agreement` (spread, α, disagreements), `pass` (what comes out).

mod agreement;
mod dedupe;
mod headings;
mod pass;

use agreement::{alpha, disagreements, spread};
use dedupe::dedupe;
use headings::PassText;
pub(crate) use headings::{split, Split};
pub use pass::{Disagreement, Duplicate, Pass, Passes, Spread};

use crate::analysis::steps::analyse_read;
use crate::diagnostic::{Diagnostic, Kind};
use crate::input::read;
use crate::{Analysis, Format, Parsed, Request};

/// Text with `## Pass:` headings → the combined analysis. Each pass is read below its heading,
/// so its line numbers are the whole text's.
pub(crate) fn analyse_split(text: &str, split: Split, request: &Request) -> Analysis {
    let (texts, head, errors) = headings::pass_texts(text, &split, request.strict);
    let shared = (head.weights, head.weights_error);
    let mut a = run(&texts, shared, request, errors);
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
    let texts: Vec<PassText> = passes
        .iter()
        .map(|(n, t)| (n.clone(), None, t.as_str()))
        .collect();
    run(&texts, (Vec::new(), None), request, Vec::new())
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
            | Kind::Evidence
    )
}

/// Reads the passes, applies the duplicate rule, scores the union and each pass.
fn run(
    texts: &[PassText],
    (shared_weights, shared_error): (Vec<(String, f64)>, Option<usize>),
    request: &Request,
    mut errors: Vec<Diagnostic>,
) -> Analysis {
    // A pass under a heading is read on its own and placed below the heading's line.
    #[cfg_attr(not(feature = "verify"), allow(unused_mut))]
    let mut read_all: Vec<(Format, Parsed)> = texts
        .iter()
        .map(|(_, above, t)| {
            let (format, mut parsed) = read(t);
            parsed.shift(above.unwrap_or(0));
            (format, parsed)
        })
        .collect();
    // Each pass's evidence checked before anything is counted or compared, every pass's
    // quotations searched with one index of the work.
    #[cfg(feature = "verify")]
    let mut checked: Vec<_> = match request.against.as_ref() {
        Some(w) => crate::verify::apply_all(read_all.iter_mut().map(|(_, p)| p), w)
            .into_iter()
            .map(Some)
            .collect(),
        None => vec![None; read_all.len()],
    };
    #[cfg(not(feature = "verify"))]
    let mut checked: Vec<Option<()>> = vec![None; read_all.len()];
    // One set of weights for every pass: given, else the shared line, else the passes' own
    // lines, which must then agree. A weights line with an error (shared or a pass's) leaves
    // the union without weights, so that its matrix has no overall.
    let mut request = request.clone();
    let text_error = shared_error.or_else(|| read_all.iter().find_map(|(_, p)| p.weights_error));
    if request.weights.is_none() && text_error.is_none() {
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
    let mut union = Parsed {
        weights_error: text_error.filter(|_| request.weights.is_none()),
        ..Parsed::default()
    };
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
        .zip(checked.iter_mut())
        .map(|(((name, line, text), (format, parsed)), checked)| {
            let mut analysis = analyse_read(text, format, parsed, &request);
            #[cfg(feature = "verify")]
            crate::verify::attach(&mut analysis, checked.take(), false);
            #[cfg(not(feature = "verify"))]
            let _ = checked;
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
    #[cfg(feature = "verify")]
    if request.against.is_some() {
        let merged = crate::verify::Verification::merged(
            passes.iter().filter_map(|p| p.analysis.evidence.as_ref()),
        );
        diagnostics.extend(merged.skipped_note());
        a.evidence = Some(merged);
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
