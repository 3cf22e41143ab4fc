//! [`Analysis`] → the live calculator's result panel as one piece of escaped markup (and the
//! calculator's static box, which the site generator writes with the same function): the
//! headline with its interval, the mode's table, every output of the pool, the picture of raw
//! pulled toward the anchor and the working line; or, when nothing was read, the reason. The
//! words are `[result]`'s ([`ResultView`]): the calculator passes the site's compiled in, the site
//! generator those of its `--root`.

use crate::escape;
use crate::outcome::{feedback, matrix, nothing_read};
use crate::words::ResultView;
use crate::working::{
    headline_label, overall_text, percent_of_scale, range, self_check_text, working, PooledText,
};
use pickanumber_score::{Analysis, Outcome};
use pickanumber_text::numtext::{fixed, percent, trim_number};
use std::fmt::Write as _;

/// The interval's value while it is being computed (see [`calculator`]): no number, and
/// `aria-busy` until the page's boot module puts the ends in its place. Its word is written
/// here rather than in `[result]`: put in at run time, it took the calculator over its byte
/// budget.
pub const INTERVAL_PENDING: &str = "<dd id=\"out-interval\" aria-busy=\"true\">computing…</dd>";

/// The live calculator's result panel for `a`, the mode's answer first: the headline
/// (`#out-final-label`, `#out-final`, `#out-confidence`, and the bootstrap interval
/// `#out-interval` when there is a headline), the table of the mode (matrix:
/// `#out-overall`, `#out-overall-confidence`, `#out-span`, `#out-self-check` and the criteria;
/// feedback: `#out-buckets`), every output of the pool (`#out-net` … `#out-final-unrounded`,
/// introduced as context in matrix mode, with `#out-pool-final`), the picture of raw pulled
/// toward the anchor, and the working line (`#out-working`). The calculator sets it as one
/// piece of markup rather than building each cell as a reactive node.
pub fn calculator(a: &Analysis, w: &ResultView<'_>) -> String {
    calculator_with(a, w, "")
}

/// The panel of [`calculator`] with `after_headline` (markup) placed right after the headline
/// (after the reason, when nothing was read): the on-demand module's sections of several passes
/// and of the evidence checked against a work.
pub fn calculator_with(a: &Analysis, w: &ResultView<'_>, after_headline: &str) -> String {
    if !a.scored {
        return nothing_read(a, w) + after_headline;
    }
    let p = &a.params;
    let pool = a.pool();
    let t = PooledText::new(pool, p);
    let head = a.headline();
    let (label, score, confidence) = head.map_or((w.overall, "—".into(), "—".into()), |h| {
        (
            headline_label(h.kind, w),
            h.score_text(),
            h.confidence_text(),
        )
    });
    // The bootstrap interval beside the confidence (`#out-interval`) when the analysis has a
    // headline; no cell at all otherwise. A formula crate built without its `interval` feature
    // (the wasm calculator's, which computes no interval) shows the cell as
    // [`INTERVAL_PENDING`], which the page's boot module fills in from the calculator's on-demand
    // module once the input rests.
    let cell = |value: &str| {
        format!(
            "<div class=\"calc-cell\"><dt>{} % interval</dt>{value}</div>",
            pickanumber_score::interval::LEVEL
        )
    };
    let interval = match (pickanumber_score::COMPUTES_INTERVAL, head) {
        (true, _) => a.bootstrap_interval().map_or(String::new(), |i| {
            let rounded = head.is_none_or(|h| h.rounded);
            cell(&format!(
                "<dd id=\"out-interval\">{}</dd>",
                range(&i, rounded, w)
            ))
        }),
        (false, Some(_)) => cell(INTERVAL_PENDING),
        (false, None) => String::new(),
    };
    let mut h = format!(
        "<dl class=\"calc-out calc-headline\"><div class=\"calc-cell calc-final\"><dt id=\"out-final-label\">{}</dt><dd id=\"out-final\">{score}</dd></div><div class=\"calc-cell calc-final\"><dt>{}</dt><dd id=\"out-confidence\">{confidence}</dd></div>{interval}</dl>\n",
        label,
        w.confidence
    );
    h.push_str(after_headline);
    match &a.outcome {
        Outcome::Matrix(m) => {
            if let Ok(s) = &m.result {
                let _ = write!(
h,
                    "<div class=\"calc-matrix\"><p>Overall <strong id=\"out-overall\">{}</strong>, confidence <strong id=\"out-overall-confidence\">{}</strong>, span <strong id=\"out-span\">{}</strong>; <strong id=\"out-self-check\">{}</strong></p>\n{}</div>\n",
                    overall_text(s, p),
                    fixed(s.overall_confidence, 2),
                    trim_number(s.span),
                    escape(&self_check_text(s, p)),
                    matrix(s, p, w)
                );
            }
            let _ = writeln!(
h,
                "<p class=\"calc-label calc-pool-label\">{} <span id=\"out-pool-final\">{}</span></p>",
                w.pool_reference,
                t.final_score
            );
        }
        Outcome::Feedback(f) => {
            let _ = writeln!(
                h,
                "<div class=\"calc-feedback\" id=\"out-buckets\">{}</div>",
                feedback(f, p, w)
            );
        }
        Outcome::Pooled(_) => {}
    }
    h.push_str("<dl class=\"calc-out\">");
    for (label, id, value) in [
        (w.net_impact, "net", &t.net),
        (w.items, "total", &t.total),
        (w.normalized, "normalized", &t.normalized),
        (w.raw, "raw", &t.raw),
        (w.density, "density", &t.density),
        (w.multiplier, "multiplier", &t.multiplier),
        (w.final_unrounded, "final-unrounded", &t.final_unrounded),
    ] {
        let _ = write!(
            h,
            "<div class=\"calc-cell\"><dt>{label}</dt><dd id=\"out-{id}\">{value}</dd></div>"
        );
    }
    let at = |x: f64| percent_of_scale(x, p);
    let (raw, fin, center) = (at(pool.raw), at(pool.final_score), at(p.center));
    // The working line goes in unescaped: it holds only digits, signs and the formula's
    // symbols and names, never a markup character (a property test in `working` checks it),
    // and leaving the escaping out keeps the calculator's wasm under its byte budget.
    let _ = write!(
h,
        "</dl>\n<figure class=\"calc-picture\"><svg viewBox=\"0 0 100 14\" role=\"img\" aria-labelledby=\"picture-title\" preserveAspectRatio=\"none\"><title id=\"picture-title\">Raw {} is pulled toward the anchor {} to give the final {}; confidence {}</title><line x1=\"0\" y1=\"4\" x2=\"100\" y2=\"4\" class=\"axis\"/><line x1=\"{center}\" y1=\"0.5\" x2=\"{center}\" y2=\"7.5\" class=\"anchor-tick\"/><line x1=\"{raw}\" y1=\"4\" x2=\"{fin}\" y2=\"4\" class=\"pull\"/><circle cx=\"{raw}\" cy=\"4\" r=\"1.6\" class=\"raw-dot\"/><circle cx=\"{fin}\" cy=\"4\" r=\"1.6\" class=\"final-dot\"/><rect x=\"0\" y=\"10\" width=\"100\" height=\"3\" class=\"conf-track\"/><rect x=\"0\" y=\"10\" width=\"{}\" height=\"3\" class=\"conf-bar\"/></svg><figcaption>○ raw · ● final · | anchor {} · bar: confidence</figcaption></figure>\n<p class=\"working\" id=\"out-working\">{}</p>\n",
        t.raw,
        trim_number(p.center),
        t.final_unrounded,
        t.confidence,
        percent(pool.confidence),
        trim_number(p.center),
        working(pool, p)
    );
    h
}
