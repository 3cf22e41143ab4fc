//! [`Analysis`] → escaped HTML fragments: the result tables every view shows (the site's
//! evidence blocks, the calculator's static box and the live calculator), so the markup of a
//! result is written once. Every piece of user text goes through [`escape`].

use crate::display::{criterion_cells, matrix_working, overall_text, PooledText};
use crate::{Analysis, Diagnostic, Feedback, Headline, MatrixScore, Outcome, Params, Pooled};

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
        h.push_str(&format!("<div><dt>{k}</dt><dd>{}</dd></div>\n", escape(v)));
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
        h.push_str(&format!(
            "<tr><th scope=\"row\">{}</th>{tds}</tr>\n",
            escape(&name)
        ));
    }
    let items: usize = m.criteria.iter().map(|c| c.pooled.total_items).sum();
    h.push_str(&format!(
        "</tbody>\n<tfoot><tr><th scope=\"row\">Overall</th><td>1.00</td><td>{items}</td><td></td><td></td><td>{}</td><td>{}</td></tr></tfoot>\n</table></div>\n",
        overall_text(m, params),
        crate::display::fixed(m.overall_confidence, 2)
    ));
    h.push_str(&format!(
        "<p class=\"working\">{}</p>\n",
        escape(&matrix_working(m, params))
    ));
    h
}

/// The buckets with the score after each, and the keep / fix / add / clarify lists.
pub fn feedback(f: &Feedback, params: &Params) -> String {
    let mut h = String::from(
        "<div class=\"scroll-x\" tabindex=\"0\"><table class=\"result buckets\">\n<thead><tr><th scope=\"col\">Bucket</th><th scope=\"col\">Items</th><th scope=\"col\">Score so far</th><th scope=\"col\">Confidence</th><th scope=\"col\">Action list</th></tr></thead>\n<tbody>\n",
    );
    for b in f.buckets.iter() {
        let t = PooledText::new(&b.running, params);
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
        h.push_str(&format!(
            "<tr><th scope=\"row\">{}</th><td>{}</td><td class=\"running\">{}</td><td>{}</td><td>{list}</td></tr>\n",
            b.bucket,
            b.items.len(),
            t.final_score,
            t.confidence
        ));
    }
    h.push_str("</tbody>\n</table></div>\n");
    h
}

/// The mode's result: the headline, then the table of the mode (matrix, feedback) or every
/// pooled output (pooled), then the working line of the pool where the pool is the answer.
pub fn outcome(a: &Analysis) -> String {
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
        h.push_str(&format!(
            "<li class=\"{s}\">{s}: {}</li>\n",
            escape(&d.to_string())
        ));
    }
    if list.len() > limit {
        h.push_str(&format!(
            "<li class=\"note\">… and {} more</li>\n",
            list.len() - limit
        ));
    }
    h.push_str("</ul>\n");
    h
}
