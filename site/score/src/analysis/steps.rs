//! The steps of one text's analysis, after [`read`](crate::read): what reading found → the
//! mode → the items the mode cannot use made errors → the [`Outcome`] → the closing notes.
//! `combine` runs the same steps on the union of several passes and on each pass.
//!
//! Two lists collect what the steps say: `diagnostics` (errors and the reading's warnings,
//! sorted by place once the items are settled) and `later` (notes in the order found, after
//! them).

use super::findings::{matrix_diagnostics, nothing_read, report_rows, saturation};
use super::{Analysis, BucketScore, Feedback, Matrix, Mode, Outcome, Preset, Request};
use crate::diagnostic::{line_list, Diagnostic, Kind};
use crate::input::Format;
use crate::{Bucket, Entry, Item, LineError, MatrixScore, Parsed, Pooled, ReportRow, WeightError};

const NEEDS_CRITERION: &str = "in matrix mode every item needs a criterion: write (+3, craft) or put it under ## Criterion: craft";
const STRICT: &str = "not an item, a heading or a weights line, and strict reading allows no other line: write it as an item (+3 text) or remove it";
const NEEDS_BUCKET: &str = "in feedback mode every item needs a bucket: put it under ## Working, ## Not working, ## Missing or ## Confusing";

/// Scores what [`read`](crate::read) gave (no interval, no passes):
/// [`analyse`](crate::analyse)'s body, shared with `combine`, which reads several passes and
/// scores their union.
pub(crate) fn analyse_read(
    text: &str,
    format: Format,
    parsed: Parsed,
    request: &Request,
) -> Analysis {
    let params = request.params;
    let explicit_empty = parsed.explicit && parsed.entries.is_empty();
    let read_any = !parsed.entries.is_empty();
    let mut later = Vec::new();
    let mut diagnostics = what_reading_found(
        parsed.errors,
        &parsed.fenced,
        parsed.notes,
        &parsed.ignored,
        request,
        &mut later,
    );
    let text_weights = !parsed.weights.is_empty() || !parsed.report_rows.is_empty();
    let mode = decide_mode(request, format, &parsed.entries, text_weights, &mut later);
    let entries = usable_entries(parsed.entries, mode, request, &mut diagnostics);
    // Settings the formula cannot use give no score at all (their error says why).
    let params_usable = !diagnostics.iter().any(|d| d.kind == Kind::Params);
    let scored = params_usable && (!entries.is_empty() || explicit_empty);
    if !scored && params_usable {
        let message = nothing_read(text, format, read_any, &diagnostics);
        diagnostics.push(Diagnostic::new(Kind::NothingRead, message));
    } else if explicit_empty {
        later.push(Diagnostic::new(
            Kind::EmptyInput,
            format!(
                "the input is an empty list of items: with no evidence the score is the centre, {}, with confidence 0",
                crate::numtext::trim_number(params.center)
            ),
        ));
    }
    report_rows(&mut later, &parsed.report_rows, &entries, &params);
    let mut diagnostics = crate::diagnostic::sort_by_place(diagnostics);

    let items: Vec<Item> = entries.iter().map(|e| e.item.clone()).collect();
    let outcome = score(
        mode,
        &items,
        (parsed.weights, parsed.weights_error),
        &parsed.report_rows,
        request,
        &mut diagnostics,
        &mut later,
    );
    closing_notes(&mut later, &parsed.ignored, request.strict, scored);
    diagnostics.extend(later);
    Analysis {
        format,
        params,
        entries,
        ignored: parsed.ignored,
        diagnostics,
        outcome,
        scored,
        #[cfg(feature = "interval")]
        interval: None,
        #[cfg(feature = "combine")]
        passes: None,
        #[cfg(feature = "verify")]
        evidence: None,
    }
}

/// Step 1, what reading found: the lines' errors, the parameters' error and, in strict
/// reading, every ignored line (the first list); the fenced blocks read and the unused keys
/// (notes, in `later`).
fn what_reading_found(
    errors: Vec<LineError>,
    fenced: &[(usize, usize, Format)],
    notes: Vec<String>,
    ignored: &[usize],
    request: &Request,
    later: &mut Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let mut diagnostics: Vec<Diagnostic> = errors
        .into_iter()
        .map(|e| Diagnostic {
            kind: Kind::Item,
            line: Some(e.line),
            column: e.column,
            message: e.message,
        })
        .collect();
    let checked = match request.unbounded {
        true => request.params.validate_unbounded(),
        false => request.params.validate(),
    };
    if let Err(e) = checked {
        diagnostics.push(Diagnostic::new(Kind::Params, e.to_string()));
    }
    for &(first, last, inner) in fenced {
        let lines = match first == last {
            true => format!("line {first}"),
            false => format!("lines {first}–{last}"),
        };
        later.push(Diagnostic::new(
            Kind::Fenced,
            format!("read the fenced block on {lines} as {inner}"),
        ));
    }
    for n in notes {
        later.push(Diagnostic::new(Kind::UnusedKeys, n));
    }
    if request.strict {
        for &line in ignored {
            diagnostics.push(Diagnostic::at(Kind::Strict, line, STRICT));
        }
    }
    diagnostics
}

/// Step 2, the mode: the one asked for, or in `Auto` buckets → feedback; weights, a preset,
/// a report's table or criteria on at least half of the items → matrix; else pooled, with a
/// note when some criteria are set aside.
fn decide_mode(
    request: &Request,
    format: Format,
    entries: &[Entry],
    text_weights: bool,
    later: &mut Vec<Diagnostic>,
) -> Mode {
    let labelled = entries
        .iter()
        .filter(|e| e.item.criterion.is_some())
        .count();
    let weights_given = request.preset.is_some() || request.weights.is_some() || text_weights;
    match request.mode {
        Mode::Auto => {
            if format == Format::FeedbackJson || entries.iter().any(|e| e.item.bucket.is_some()) {
                Mode::Feedback
            } else if weights_given || (labelled > 0 && 2 * labelled >= entries.len()) {
                Mode::Matrix
            } else {
                if labelled > 0 {
                    let mut lines: Vec<usize> = entries
                        .iter()
                        .filter(|e| e.item.criterion.is_some())
                        .map(|e| e.line)
                        .collect();
                    lines.dedup();
                    later.push(Diagnostic::new(
                        Kind::CriteriaSetAside,
                        format!(
                            "{labelled} of {} items name a criterion, fewer than half, so every item is pooled and the criteria on {} are set aside; label every item (or give weights or a preset) for matrix mode",
                            entries.len(),
                            line_list(&lines, 20)
                        ),
                    ));
                }
                Mode::Pooled
            }
        }
        m => m,
    }
}

/// Step 3, the items the mode can use: an item the mode cannot use (no criterion in matrix
/// mode, no bucket in feedback mode) or whose labels the rubric refuses becomes an error, so
/// nothing is dropped silently. Entries of one line are adjacent, so one error per line needs
/// only the previous line.
fn usable_entries(
    all: Vec<Entry>,
    mode: Mode,
    request: &Request,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Entry> {
    let mut entries = Vec::with_capacity(all.len());
    let mut last_reported = None;
    for e in all {
        let missing: Option<String> = match mode {
            Mode::Matrix => e.item.criterion.is_none().then(|| NEEDS_CRITERION.into()),
            Mode::Feedback => e.item.bucket.is_none().then(|| NEEDS_BUCKET.into()),
            _ => None,
        };
        let refused = || request.labels.as_ref().and_then(|l| l.refuse(&e.item));
        match missing.or_else(refused) {
            Some(message) => {
                if last_reported != Some(e.line) {
                    last_reported = Some(e.line);
                    diagnostics.push(Diagnostic::at(Kind::Item, e.line, message));
                }
            }
            None => entries.push(e),
        }
    }
    entries
}

/// Step 4, the mode's [`Outcome`] for the usable items, with what the numbers settle about it
/// (the matrix's weights and cells, a raw score clamped at a bound).
fn score(
    mode: Mode,
    items: &[Item],
    (weights_line, weights_error): (Vec<(String, f64)>, Option<usize>),
    rows: &[ReportRow],
    request: &Request,
    diagnostics: &mut Vec<Diagnostic>,
    later: &mut Vec<Diagnostic>,
) -> Outcome {
    let params = &request.params;
    let pool = Pooled::score(items, params);
    match mode {
        Mode::Matrix => {
            let weights = matrix_weights(request, weights_line, rows);
            // The text's weights with an error are not replaced by equal weights or a
            // preset's: weights given outside the text win over them, else no overall.
            let result = match weights_error.filter(|_| request.weights.is_none()) {
                Some(line) => Err(WeightError::Unusable(line)),
                None => MatrixScore::score(items, &weights, params),
            };
            match &result {
                Ok(m) => matrix_diagnostics(later, m, &weights, items, params),
                Err(e) => diagnostics.push(Diagnostic::new(Kind::Weights, e.to_string())),
            }
            Outcome::Matrix(Matrix {
                weights,
                result,
                pool,
            })
        }
        Mode::Feedback => {
            saturation(later, "the feedback score", &pool, params);
            let mut so_far = Vec::new();
            Outcome::Feedback(Feedback {
                buckets: Box::new(Bucket::ALL.map(|b| {
                    let mine: Vec<Item> = items
                        .iter()
                        .filter(|i| i.bucket == Some(b))
                        .cloned()
                        .collect();
                    so_far.extend(mine.iter().map(|i| i.impact));
                    BucketScore {
                        bucket: b,
                        items: mine,
                        running: Pooled::from_impacts(so_far.iter().copied(), params),
                    }
                })),
            })
        }
        Mode::Pooled | Mode::Auto => {
            saturation(later, "the pool", &pool, params);
            Outcome::Pooled(pool)
        }
    }
}

/// The matrix's weights: given ones, then a weights line, then a report's table, then the
/// preset's.
fn matrix_weights(
    request: &Request,
    weights_line: Vec<(String, f64)>,
    rows: &[ReportRow],
) -> Vec<(String, f64)> {
    if let Some(w) = &request.weights {
        w.clone()
    } else if !weights_line.is_empty() {
        weights_line
    } else if !rows.is_empty() {
        rows.iter()
            .map(|r| (r.criterion.clone(), r.weight))
            .collect()
    } else {
        request.preset.map(Preset::weights).unwrap_or_default()
    }
}

/// Step 5, the closing notes: the ignored lines (outside strict reading, where they are
/// errors), and, when nothing was scored, none of the notes about a score.
fn closing_notes(later: &mut Vec<Diagnostic>, ignored: &[usize], strict: bool, scored: bool) {
    if !ignored.is_empty() && !strict {
        later.push(Diagnostic::new(
            Kind::Ignored,
            format!("ignored (not an item): {}", line_list(ignored, usize::MAX)),
        ));
    }
    if !scored {
        // No score is shown, so nothing is said about one (empty criteria at 50, the
        // self-check of a span of 0, saturation).
        later.retain(|d| {
            !matches!(
                d.kind,
                Kind::EmptyCriterion | Kind::SelfCheck | Kind::Saturation
            )
        });
    }
}
