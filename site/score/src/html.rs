//! [`Analysis`] → escaped HTML fragments: the result tables every view shows (the site's
//! evidence blocks, the calculator's static box and the live calculator), so the markup of a
//! result is written once. Every piece of user text goes through [`escape`].

use crate::display::{
    bucket_cells, criterion_cells, fixed, matrix_working, overall_text, percent, percent_of_scale,
    self_check_text, trim_number, working, PooledText,
};
use crate::{Analysis, Diagnostic, Feedback, Headline, MatrixScore, Outcome, Params, Pooled};
use std::fmt::Write as _;

/// Escapes text for HTML element content and attribute values.
///
/// ```
/// use pickanumber_score::html::escape;
/// assert_eq!(escape("<a href=\"x\">&'</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
/// ```
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn dl(rows: &[(&str, &str)]) -> String {
    let mut h = String::from("<dl class=\"result\">\n");
    for (k, v) in rows {
        let _ = writeln!(h, "<div><dt>{k}</dt><dd>{}</dd></div>", escape(v));
    }
    h.push_str("</dl>\n");
    h
}

/// The headline of a mode (`Overall` and its confidence in matrix mode) as a definition list.
pub fn headline(h: &Headline) -> String {
    dl(&[
        (h.kind.label(), &h.score_text()),
        ("Confidence", &h.confidence_text()),
    ])
}

/// Every output of the pooled formula, final and confidence first, as a definition list.
/// `label` names the final (`Final`, `Feedback score`).
pub fn pooled(p: &Pooled, params: &Params, label: &str) -> String {
    let t = PooledText::new(p, params);
    dl(&[
        (label, &t.final_score),
        ("Confidence", &t.confidence),
        ("Net impact", &t.net),
        ("Items", &t.total),
        ("Normalized", &t.normalized),
        ("Raw", &t.raw),
        ("Density", &t.density),
        ("Multiplier", &t.multiplier),
        ("Final, unrounded", &t.final_unrounded),
    ])
}

/// The per-criterion table with the overall in its footer, and the matrix's working line.
pub fn matrix(m: &MatrixScore, params: &Params) -> String {
    let mut h = String::from(
        "<div class=\"scroll-x\" tabindex=\"0\"><table class=\"result\">\n<thead><tr><th scope=\"col\">Criterion</th><th scope=\"col\">Weight</th><th scope=\"col\">Items</th><th scope=\"col\">Net</th><th scope=\"col\">Raw</th><th scope=\"col\">Final</th><th scope=\"col\">Confidence</th></tr></thead>\n<tbody>\n",
    );
    for c in &m.criteria {
        let [name, cells @ ..] = criterion_cells(c, params);
        let tds: String = cells
            .iter()
            .map(|v| format!("<td>{}</td>", escape(v)))
            .collect();
        let _ = writeln!(h, "<tr><th scope=\"row\">{}</th>{tds}</tr>", escape(&name));
    }
    let items: usize = m.criteria.iter().map(|c| c.pooled.total_items).sum();
    let _ = write!(
h,
        "</tbody>\n<tfoot><tr><th scope=\"row\">Overall</th><td>1.00</td><td>{items}</td><td></td><td></td><td>{}</td><td>{}</td></tr></tfoot>\n</table></div>\n",
        overall_text(m, params),
        crate::display::fixed(m.overall_confidence, 2)
    );
    let _ = writeln!(
        h,
        "<p class=\"working\">{}</p>",
        escape(&matrix_working(m, params))
    );
    h
}

/// The buckets with the score after each, and the keep / fix / add / clarify lists.
pub fn feedback(f: &Feedback, params: &Params) -> String {
    let mut h = String::from(
        "<div class=\"scroll-x\" tabindex=\"0\"><table class=\"result buckets\">\n<thead><tr><th scope=\"col\">Bucket</th><th scope=\"col\">Items</th><th scope=\"col\">Score so far</th><th scope=\"col\">Confidence</th><th scope=\"col\">Action list</th></tr></thead>\n<tbody>\n",
    );
    for b in f.buckets.iter() {
        let actions: String = b
            .items
            .iter()
            .map(|i| format!("<li>{}</li>", escape(&i.text)))
            .collect();
        let list = if actions.is_empty() {
            String::from("—")
        } else {
            format!("<strong>{}</strong><ul>{actions}</ul>", b.bucket.action())
        };
        let [bucket, items, running, confidence] = bucket_cells(b, params);
        let _ = writeln!(
h,
            "<tr><th scope=\"row\">{bucket}</th><td>{items}</td><td class=\"running\">{running}</td><td>{confidence}</td><td>{list}</td></tr>"
        );
    }
    h.push_str("</tbody>\n</table></div>\n");
    h
}

/// The mode's result: the headline, then the table of the mode (matrix, feedback) or every
/// pooled output (pooled), then the working line of the pool where the pool is the answer.
pub fn outcome(a: &Analysis) -> String {
    if !a.scored {
        return nothing_read(a);
    }
    let p = &a.params;
    match &a.outcome {
        Outcome::Pooled(pool) => format!(
            "{}<p class=\"working\">{}</p>\n",
            pooled(pool, p, "Final"),
            escape(&crate::display::working(pool, p))
        ),
        Outcome::Feedback(f) => format!(
            "{}<p class=\"working\">{}</p>\n{}",
            pooled(f.total(), p, "Feedback score"),
            escape(&crate::display::working(f.total(), p)),
            feedback(f, p)
        ),
        Outcome::Matrix(m) => match (&m.result, a.headline()) {
            (Ok(s), Some(h)) => format!("{}{}", headline(&h), matrix(s, p)),
            (Err(e), _) => {
                format!(
                    "<p class=\"error\">weights: {}</p>\n",
                    escape(&e.to_string())
                )
            }
            // A matrix that scored always has a headline.
            (Ok(_), None) => String::new(),
        },
    }
}

/// Several judges' passes: a row per pass (final, confidence, interval, items), the spread of
/// each criterion's final across them, Krippendorff's α where defined, and the cells where
/// the passes net on opposite signs.
#[cfg(feature = "combine")]
pub fn passes(p: &crate::Passes) -> String {
    let mut h = String::from(
        "<div class=\"scroll-x\" tabindex=\"0\"><table class=\"result passes\">\n<thead><tr><th scope=\"col\">Pass</th><th scope=\"col\">Final</th><th scope=\"col\">Confidence</th><th scope=\"col\">Interval</th><th scope=\"col\">Items</th></tr></thead>\n<tbody>\n",
    );
    for pass in &p.passes {
        let a = &pass.analysis;
        let (score, confidence, rounded) = match a.headline() {
            Some(x) => (x.score_text(), x.confidence_text(), x.rounded),
            None => ("—".into(), "—".into(), true),
        };
        let interval = a.interval.map_or("—".into(), |i| i.range_text(rounded));
        let _ = writeln!(
            h,
            "<tr><th scope=\"row\">{}</th><td>{score}</td><td>{confidence}</td><td>{interval}</td><td>{}</td></tr>",
            escape(&pass.name),
            a.entries.len()
        );
    }
    h.push_str("</tbody>\n</table></div>\n");
    let spread: Vec<String> = p
        .spread
        .iter()
        .map(|s| {
            format!(
                "{} {}–{}",
                escape(s.criterion.as_deref().unwrap_or("headline")),
                trim_number(s.lowest),
                trim_number(s.highest)
            )
        })
        .collect();
    let _ = writeln!(h, "<p class=\"spread\">Spread: {}</p>", spread.join(", "));
    if let Some(alpha) = p.alpha {
        let _ = writeln!(
            h,
            "<p class=\"alpha\">Krippendorff's α {} ({})</p>",
            fixed(alpha, 3),
            crate::alpha_level(alpha)
        );
    }
    if !p.disagreements.is_empty() {
        h.push_str("<ul class=\"disagreements\">\n");
        for d in &p.disagreements {
            let cell = d.cell();
            let nets: Vec<String> = d
                .nets
                .iter()
                .map(|&(k, net)| {
                    format!(
                        "{} {}",
                        escape(&p.passes[k].name),
                        crate::display::signed(net)
                    )
                })
                .collect();
            let _ = writeln!(h, "<li>{}: {}</li>", escape(&cell), nets.join(", "));
        }
        h.push_str("</ul>\n");
    }
    h
}

/// The live calculator's result panel for `a`, the mode's answer first: the headline
/// (`#out-final-label`, `#out-final`, `#out-confidence`, and with the `interval` feature the
/// bootstrap interval `#out-interval` when there is one), the table of the mode (matrix:
/// `#out-overall`, `#out-overall-confidence`, `#out-span`, `#out-self-check` and the criteria;
/// feedback: `#out-buckets`), every output of the pool (`#out-net` … `#out-final-unrounded`,
/// introduced as context in matrix mode, with `#out-pool-final`), the picture of raw pulled
/// toward the anchor, and the working line (`#out-working`). The calculator sets it as one
/// piece of markup rather than building each cell as a reactive node.
pub fn calculator(a: &Analysis) -> String {
    if !a.scored {
        return nothing_read(a);
    }
    let p = &a.params;
    let pool = a.pool();
    let t = PooledText::new(pool, p);
    let (label, score, confidence) = a
        .headline()
        .map_or(("Overall", "—".into(), "—".into()), |h| {
            (h.kind.label(), h.score_text(), h.confidence_text())
        });
    // The bootstrap interval beside the confidence (`#out-interval`), where the build computes
    // one and the analysis has a headline; no cell at all otherwise.
    #[cfg(feature = "interval")]
    let interval = a.interval.map_or(String::new(), |i| {
        let rounded = a.headline().is_none_or(|h| h.rounded);
        format!(
            "<div class=\"calc-cell\"><dt>{} % interval</dt><dd id=\"out-interval\">{}</dd></div>",
            i.level,
            i.range_text(rounded)
        )
    });
    #[cfg(not(feature = "interval"))]
    let interval = "";
    let mut h = format!(
        "<dl class=\"calc-out calc-headline\"><div class=\"calc-cell calc-final\"><dt id=\"out-final-label\">{label}</dt><dd id=\"out-final\">{score}</dd></div><div class=\"calc-cell calc-final\"><dt>Confidence</dt><dd id=\"out-confidence\">{confidence}</dd></div>{interval}</dl>\n"
    );
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
                    matrix(s, p)
                );
            }
            let _ = writeln!(
h,
                "<p class=\"calc-label calc-pool-label\">Pool of all items, for reference (not the matrix's answer): final <span id=\"out-pool-final\">{}</span></p>",
                t.final_score
            );
        }
        Outcome::Feedback(f) => {
            let _ = writeln!(
                h,
                "<div class=\"calc-feedback\" id=\"out-buckets\">{}</div>",
                feedback(f, p)
            );
        }
        Outcome::Pooled(_) => {}
    }
    h.push_str("<dl class=\"calc-out\">");
    for (label, id, value) in [
        ("Net impact", "net", &t.net),
        ("Items", "total", &t.total),
        ("Normalized", "normalized", &t.normalized),
        ("Raw", "raw", &t.raw),
        ("Density", "density", &t.density),
        ("Multiplier", "multiplier", &t.multiplier),
        ("Final, unrounded", "final-unrounded", &t.final_unrounded),
    ] {
        let _ = write!(
            h,
            "<div class=\"calc-cell\"><dt>{label}</dt><dd id=\"out-{id}\">{value}</dd></div>"
        );
    }
    let at = |x: f64| percent_of_scale(x, p);
    let (raw, fin, center) = (at(pool.raw), at(pool.final_score), at(p.center));
    let _ = write!(
h,
        "</dl>\n<figure class=\"calc-picture\"><svg viewBox=\"0 0 100 14\" role=\"img\" aria-labelledby=\"picture-title\" preserveAspectRatio=\"none\"><title id=\"picture-title\">Raw {} is pulled toward the anchor {} to give the final {}; confidence {}</title><line x1=\"0\" y1=\"4\" x2=\"100\" y2=\"4\" class=\"axis\"/><line x1=\"{center}\" y1=\"0.5\" x2=\"{center}\" y2=\"7.5\" class=\"anchor-tick\"/><line x1=\"{raw}\" y1=\"4\" x2=\"{fin}\" y2=\"4\" class=\"pull\"/><circle cx=\"{raw}\" cy=\"4\" r=\"1.6\" class=\"raw-dot\"/><circle cx=\"{fin}\" cy=\"4\" r=\"1.6\" class=\"final-dot\"/><rect x=\"0\" y=\"10\" width=\"100\" height=\"3\" class=\"conf-track\"/><rect x=\"0\" y=\"10\" width=\"{}\" height=\"3\" class=\"conf-bar\"/></svg><figcaption>○ raw · ● final · | anchor {} · bar: confidence</figcaption></figure>\n<p class=\"working\" id=\"out-working\">{}</p>\n",
        t.raw,
        trim_number(p.center),
        t.final_unrounded,
        t.confidence,
        percent(pool.confidence),
        trim_number(p.center),
        escape(&working(pool, p))
    );
    h
}

/// The panel when no item was read: no number (`—`), the reason, and the lines not used.
fn nothing_read(a: &Analysis) -> String {
    let why = a
        .diagnostics
        .iter()
        .find(|d| d.kind == crate::Kind::NothingRead)
        .map_or("", |d| d.message.as_str());
    let mut lines: Vec<usize> = a.ignored.clone();
    lines.extend(a.diagnostics.iter().filter_map(|d| d.line));
    crate::order::sort_by(&mut lines, |x, y| x.cmp(y));
    lines.dedup();
    let unused = match lines.is_empty() {
        true => String::new(),
        false => format!("; not used: {}", crate::line_list(&lines, 20)),
    };
    format!(
        "<dl class=\"calc-out calc-headline\"><div class=\"calc-cell calc-final\"><dt id=\"out-final-label\">No items read</dt><dd id=\"out-final\">—</dd></div><div class=\"calc-cell calc-final\"><dt>Confidence</dt><dd id=\"out-confidence\">—</dd></div></dl>\n<p class=\"error\" id=\"out-nothing\">{}{}.</p>\n",
        escape(why),
        escape(&unused)
    )
}

/// The diagnostics as a list, each item classed and prefixed by its severity
/// (`error`, `warning`, `note`); empty when there are none. At most `limit` are listed,
/// then a line says how many more there are.
pub fn diagnostics(list: &[Diagnostic], limit: usize) -> String {
    if list.is_empty() {
        return String::new();
    }
    let mut h = String::from("<ul class=\"diagnostics\">\n");
    for d in list.iter().take(limit) {
        let s = d.severity().name();
        let _ = writeln!(h, "<li class=\"{s}\">{s}: {}</li>", escape(&d.to_string()));
    }
    if list.len() > limit {
        let _ = writeln!(
            h,
            "<li class=\"note\">… and {} more</li>",
            list.len() - limit
        );
    }
    h.push_str("</ul>\n");
    h
}
