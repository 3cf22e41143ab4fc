//! [`Analysis`] → the result as escaped HTML where the site's evidence blocks show it: the
//! mode's headline, every output of the pool or the mode's table (criteria, buckets) with its
//! working line, and the diagnostics list, labelled in the words of `[result]`
//! ([`ResultView`]). The calculator's panel ([`crate::panel`]) lays out the same tables; every
//! piece of user text and every word goes through [`escape`].

use crate::escape;
use crate::words::ResultView;
use crate::working::{
    action, bucket_cells, criterion_cells, headline_label, matrix_working, overall_text, working,
    PooledText,
};
use pickanumber_score::{
    Analysis, Diagnostic, Feedback, Headline, MatrixScore, Outcome, Params, Pooled,
};
use pickanumber_text::numtext::fixed;
use std::fmt::Write as _;

fn dl(rows: &[(&str, &str)]) -> String {
    let mut h = String::from("<dl class=\"result\">\n");
    for (k, v) in rows {
        let _ = writeln!(h, "<div><dt>{k}</dt><dd>{}</dd></div>", escape(v));
    }
    h.push_str("</dl>\n");
    h
}

/// The headline of a mode (`Overall` and its confidence in matrix mode) as a definition list.
pub fn headline(h: &Headline, w: &ResultView<'_>) -> String {
    dl(&[
        (headline_label(h.kind, w), &h.score_text()),
        (w.confidence, &h.confidence_text()),
    ])
}

/// Every output of the pooled formula, final and confidence first, as a definition list.
/// `label` names the final (`w.final_score`, `w.feedback_score`).
pub fn pooled(p: &Pooled, params: &Params, label: &str, w: &ResultView<'_>) -> String {
    let t = PooledText::new(p, params);
    dl(&[
        (label, &t.final_score),
        (w.confidence, &t.confidence),
        (w.net_impact, &t.net),
        (w.items, &t.total),
        (w.normalized, &t.normalized),
        (w.raw, &t.raw),
        (w.density, &t.density),
        (w.multiplier, &t.multiplier),
        (w.final_unrounded, &t.final_unrounded),
    ])
}

/// The opening of a result table in its scrolling wrapper: `class` on the table, one column
/// head per word, up to the open body.
pub fn table_head(class: &str, columns: &[&str]) -> String {
    let mut h =
        format!("<div class=\"scroll-x\" tabindex=\"0\"><table class=\"{class}\">\n<thead><tr>");
    for c in columns {
        let _ = write!(h, "<th scope=\"col\">{c}</th>");
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    h
}

/// The per-criterion table with the overall in its footer, and the matrix's working line.
pub fn matrix(m: &MatrixScore, params: &Params, w: &ResultView<'_>) -> String {
    let mut h = table_head(
        "result",
        &[
            w.criterion,
            w.weight,
            w.items,
            w.net,
            w.raw,
            w.final_score,
            w.confidence,
        ],
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
        "</tbody>\n<tfoot><tr><th scope=\"row\">{}</th><td>1.00</td><td>{items}</td><td></td><td></td><td>{}</td><td>{}</td></tr></tfoot>\n</table></div>\n",
        w.overall,
        overall_text(m, params),
        fixed(m.overall_confidence, 2)
    );
    let _ = writeln!(
        h,
        "<p class=\"working\">{}</p>",
        escape(&matrix_working(m, params))
    );
    h
}

/// The buckets with the score after each, and the keep / fix / add / clarify lists.
pub fn feedback(f: &Feedback, params: &Params, w: &ResultView<'_>) -> String {
    let mut h = table_head(
        "result buckets",
        &[
            w.bucket,
            w.items,
            w.score_so_far,
            w.confidence,
            w.action_list,
        ],
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
            format!("<strong>{}</strong><ul>{actions}</ul>", action(b.bucket, w))
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
pub fn outcome(a: &Analysis, w: &ResultView<'_>) -> String {
    if !a.scored {
        return nothing_read(a, w);
    }
    let p = &a.params;
    match &a.outcome {
        Outcome::Pooled(pool) => format!(
            "{}<p class=\"working\">{}</p>\n",
            pooled(pool, p, w.final_score, w),
            escape(&working(pool, p))
        ),
        Outcome::Feedback(f) => format!(
            "{}<p class=\"working\">{}</p>\n{}",
            pooled(f.total(), p, w.feedback_score, w),
            escape(&working(f.total(), p)),
            feedback(f, p, w)
        ),
        Outcome::Matrix(m) => match (&m.result, a.headline()) {
            (Ok(s), Some(h)) => format!("{}{}", headline(&h, w), matrix(s, p, w)),
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

/// The result when no item was read, for an evidence block and the calculator's panel alike:
/// no number (`—`) under [`ResultView::nothing_read`], then what was tried (the diagnostic's
/// message after its `no items read: `, which the headline already says) and the lines not
/// used.
pub(crate) fn nothing_read(a: &Analysis, w: &ResultView<'_>) -> String {
    let message = a
        .diagnostics
        .iter()
        .find(|d| d.kind == pickanumber_score::Kind::NothingRead)
        .map_or("", |d| d.message.as_str());
    let why = message
        .strip_prefix(pickanumber_score::NOTHING_READ)
        .and_then(|rest| rest.strip_prefix(": "))
        .unwrap_or(message);
    let mut lines: Vec<usize> = a.ignored.clone();
    lines.extend(a.diagnostics.iter().filter_map(|d| d.line));
    pickanumber_text::order::sort_by(&mut lines, |x, y| x.cmp(y));
    lines.dedup();
    let unused = match lines.is_empty() {
        true => String::new(),
        false => format!("; not used: {}", pickanumber_score::line_list(&lines, 20)),
    };
    format!(
        "<dl class=\"calc-out calc-headline\"><div class=\"calc-cell calc-final\"><dt id=\"out-final-label\">{}</dt><dd id=\"out-final\">—</dd></div><div class=\"calc-cell calc-final\"><dt>{}</dt><dd id=\"out-confidence\">—</dd></div></dl>\n<p class=\"error\" id=\"out-nothing\">{}{}.</p>\n",
        w.nothing_read,
        w.confidence,
        escape(why),
        escape(&unused)
    )
}

/// The diagnostics as a list, each item classed and prefixed by its severity
/// (`error`, `warning`, `note`); empty when there are none. At most `limit` are listed,
/// then a line says how many more there are. Why nothing was read is left out: the result
/// beside the list ([`outcome`], `panel::calculator`) says it under its headline.
pub fn diagnostics(list: &[Diagnostic], limit: usize) -> String {
    let shown: Vec<&Diagnostic> = list
        .iter()
        .filter(|d| d.kind != pickanumber_score::Kind::NothingRead)
        .collect();
    let list = shown.as_slice();
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
