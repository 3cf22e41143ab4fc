//! Scored items → what the formula's numbers settle about them: why nothing was read, a
//! pasted report's table checked against the formula, the matrix's weights, empty and crowded
//! cells and self-check, and a raw score clamped at its bounds.

use crate::diagnostic::{Diagnostic, Kind};
use crate::input::Format;
use crate::{Entry, Item, MatrixScore, Params, Pooled};

/// Why nothing was read, saying what was tried.
pub(super) fn nothing_read(
    text: &str,
    format: Format,
    read_any: bool,
    errors: &[Diagnostic],
) -> String {
    let text = text.trim_start_matches('\u{feff}');
    let what = if crate::lines::lines(text).all(|l| l.trim().is_empty()) {
        "the input is empty".to_string()
    } else if read_any {
        "every item was set aside by an error".to_string()
    } else if !errors.is_empty() {
        "every line that starts like an item has an error".to_string()
    } else if format == Format::Lines {
        "the text is not JSON (it starts with neither [ nor {), has no table or rows with an impact column, and no line starts with a signed impact, as in +3 the tests pass".to_string()
    } else {
        format!("the {format} holds no item")
    };
    format!(
        "{}: {what}; there is no score",
        crate::diagnostic::NOTHING_READ
    )
}

/// Checks the rows of a pasted report's per-criterion table against the formula: a typed
/// final the net and item count do not give is a warning; a count above the items the text
/// lists for the criterion is a note (a report lists its top items only).
pub(super) fn report_rows(
    out: &mut Vec<Diagnostic>,
    rows: &[crate::ReportRow],
    entries: &[Entry],
    params: &Params,
) {
    for r in rows {
        let at = |kind, message: String| Diagnostic::at(kind, r.line, message);
        if let (Some(typed), Some(net), Some(n)) = (r.final_score, r.net, r.items) {
            let sign = if net > 0 { "+" } else { "" };
            let items = if n == 1 { "item" } else { "items" };
            match Pooled::from_profile(n, net, params) {
                None => out.push(at(
                    Kind::ReportMismatch,
                    format!("the report gives {} net {sign}{net} over {n} {items}, which no list of impacts from the set adds up to", r.criterion),
                )),
                Some(p) => {
                    if p.final_score != typed {
                        out.push(at(
                            Kind::ReportMismatch,
                            format!(
                                "the report gives {} a final of {}, but net {sign}{net} over {n} {items} scores {} by the formula",
                                r.criterion,
                                crate::numtext::trim_number(typed),
                                crate::numtext::trim_number(p.final_score)
                            ),
                        ));
                    }
                }
            }
        }
        let listed = entries
            .iter()
            .filter(|e| e.item.criterion.as_deref() == Some(r.criterion.as_str()))
            .count();
        if let Some(n) = r.items.filter(|&n| n > listed) {
            out.push(at(
                Kind::ReportSubset,
                format!("the report's table counts {n} items for {} and the text lists {listed}: the score here covers the listed items only", r.criterion),
            ));
        }
    }
}

pub(super) fn matrix_diagnostics(
    out: &mut Vec<Diagnostic>,
    m: &MatrixScore,
    weights: &[(String, f64)],
    items: &[Item],
    params: &Params,
) {
    use crate::numtext::trim_number;
    if m.weights_normalised {
        let sum: f64 = weights.iter().map(|(_, w)| w).sum();
        out.push(Diagnostic::new(
            Kind::WeightsNormalised,
            format!(
                "weights sum to {}, not 1: each was divided by the sum",
                trim_number(sum)
            ),
        ));
    }
    for c in &m.criteria {
        if c.pooled.total_items == 0 {
            out.push(Diagnostic::new(
                Kind::EmptyCriterion,
                format!(
                    "criterion {} has no items: it scores {} with confidence 0 and still counts in the overall score and the span",
                    c.name,
                    trim_number(params.center)
                ),
            ));
        }
        saturation(out, &format!("criterion {}", c.name), &c.pooled, params);
    }
    if !m.self_check {
        out.push(Diagnostic::new(
            Kind::SelfCheck,
            format!(
                "self-check fails: the criteria span {} points, under {}; they may not have been scored separately",
                trim_number(m.span),
                trim_number(params.self_check_span)
            ),
        ));
    }
    // Item counts per (perspective, criterion) cell, by cell: every item's cell sorted once
    // with the crate's own sort (no BTreeMap code in the wasm calculator; inserting into a
    // sorted Vec was quadratic in the number of cells), then runs of equal cells counted.
    let mut all: Vec<(&str, &str)> = items
        .iter()
        .filter_map(|i| Some((i.perspective.as_deref()?, i.criterion.as_deref()?)))
        .collect();
    crate::order::sort_by(&mut all, |a, b| a.cmp(b));
    let mut cells: Vec<((&str, &str), usize)> = Vec::new();
    for cell in all {
        match cells.last_mut() {
            Some((last, n)) if *last == cell => *n += 1,
            _ => cells.push((cell, 1)),
        }
    }
    let list = |keep: &dyn Fn(usize) -> bool| -> Vec<String> {
        cells
            .iter()
            .filter(|(_, n)| keep(*n))
            .map(|((p, c), n)| format!("{p} × {c} ({n})"))
            .collect()
    };
    let crowded = list(&|n| n > 5);
    if !crowded.is_empty() {
        out.push(Diagnostic::new(
            Kind::CrowdedCell,
            format!(
                "perspective × criterion cells with more than 5 items (the method caps a cell at 5): {}",
                crowded.join(", ")
            ),
        ));
    }
    let thin = list(&|n| n < 3);
    if !thin.is_empty() {
        out.push(Diagnostic::new(
            Kind::ThinCell,
            format!(
                "perspective × criterion cells with fewer than 3 items (aim for at least 3): {}",
                thin.join(", ")
            ),
        ));
    }
}

pub(super) fn saturation(out: &mut Vec<Diagnostic>, what: &str, p: &Pooled, params: &Params) {
    if p.total_items > 0 && (p.raw == params.max || p.raw == 0.0) && p.confidence < 1.0 {
        out.push(Diagnostic::new(
            Kind::Saturation,
            format!(
                "raw score of {what} is clamped at {}: until confidence is full, more items raise the multiplier, so even contrary evidence can move the final further from {}",
                crate::numtext::trim_number(p.raw),
                crate::numtext::trim_number(params.center)
            ),
        ));
    }
}
