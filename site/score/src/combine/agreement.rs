//! The passes' own analyses → how far they agree: the spread of their finals, Krippendorff's
//! α over the per-criterion finals, and the cells where they disagree in sign.

use super::{Disagreement, Pass, Spread};
use crate::{Analysis, Mode};

/// The spread of the passes' headlines, then of each criterion's final in matrix mode.
pub(super) fn spread(a: &Analysis, passes: &[Pass]) -> Vec<Spread> {
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
pub(super) fn alpha(a: &Analysis, passes: &[Pass]) -> Option<f64> {
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
pub(super) fn disagreements(passes: &[Pass], mode: Mode) -> Vec<Disagreement> {
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
