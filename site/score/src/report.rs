//! [`Analysis`] → the markdown report: the mode's headline first, then the self-check and the
//! per-criterion table (matrix) or the buckets and actions (feedback), the working, the
//! diagnostics, and every item in the line grammar, so that pasting a report back gives the
//! same items and the same score.

use crate::display::{bucket_cells, criterion_cells, matrix_working, working, PooledText};
use crate::{Analysis, Bucket, Item, Outcome};

/// One item as a line of the grammar: `- (+5, requester × brief_fidelity) text`.
pub fn item_line(item: &Item) -> String {
    let labels = match (&item.perspective, &item.criterion) {
        (Some(p), Some(c)) => format!(", {p} × {c}"),
        (None, Some(c)) => format!(", {c}"),
        _ => String::new(),
    };
    let text = item.text.replace(['\n', '\r'], " ");
    if text.is_empty() {
        format!("- ({}{labels})", item.impact)
    } else if crate::parse::starts_like_separator(&text) {
        // A text that starts like a separator (`- x`, `: x`) gets one, so it reads back whole.
        format!("- ({}{labels}) — {text}", item.impact)
    } else {
        format!("- ({}{labels}) {text}", item.impact)
    }
}

/// The full report for an analysis.
pub fn markdown(a: &Analysis) -> String {
    let p = &a.params;
    let mut r = String::from("# Evidence score\n\n");
    let context = format!(
        "{} mode, {} items, read as {}",
        a.mode(),
        a.pool().total_items,
        a.format
    );
    match a.headline() {
        Some(h) => r.push_str(&format!(
            "**{} {} / 100**, confidence {} ({context}).\n\n",
            h.kind.label(),
            h.score_text(),
            h.confidence_text(),
        )),
        None if !a.scored => r.push_str(&format!("**No score**: no items read ({context}).\n\n")),
        None => r.push_str(&format!(
            "**No overall score**: the weights cannot be used ({context}).\n\n"
        )),
    }
    match &a.outcome {
        Outcome::Matrix(m) => {
            match &m.result {
                Ok(s) => {
                    r.push_str("## Criteria\n\n| Criterion | Weight used | Items | Net | Raw | Final | Confidence |\n|---|---|---|---|---|---|---|\n");
                    for c in &s.criteria {
                        r.push_str(&format!("| {} |\n", criterion_cells(c, p).join(" | ")));
                    }
                    r.push_str(&format!("\n{}\n\n", matrix_working(s, p)));
                }
                Err(e) => r.push_str(&format!("Weights cannot be used: {e}.\n\n")),
            }
            let t = PooledText::new(&m.pool, p);
            r.push_str(&format!(
                "Pool of all items, for reference (not the matrix's answer): final {}, confidence {}.\n\n",
                t.final_score, t.confidence
            ));
        }
        Outcome::Feedback(f) => {
            r.push_str("## Score after each bucket\n\n| Bucket | Items | Score so far | Confidence |\n|---|---|---|---|\n");
            for b in f.buckets.iter() {
                r.push_str(&format!("| {} |\n", bucket_cells(b, p).join(" | ")));
            }
            r.push_str("\n## Actions\n\n");
            for b in f.buckets.iter().filter(|b| !b.items.is_empty()) {
                for i in &b.items {
                    let text = if i.text.is_empty() {
                        "(no text)"
                    } else {
                        &i.text
                    };
                    r.push_str(&format!(
                        "* {}: {}\n",
                        b.bucket.action(),
                        text.replace(['\n', '\r'], " ")
                    ));
                }
                r.push('\n');
            }
        }
        Outcome::Pooled(_) => {}
    }
    if a.scored {
        r.push_str("## Math\n\n");
        if matches!(a.outcome, Outcome::Matrix(_)) {
            r.push_str("Pool of all items: ");
        }
        r.push_str(&working(a.pool(), p));
        r.push_str("\n\n");
    }
    if !a.diagnostics.is_empty() {
        r.push_str("## Warnings and notes\n\n");
        for d in &a.diagnostics {
            r.push_str(&format!("* {}, {d}\n", d.severity().name()));
        }
        r.push('\n');
    }
    r.push_str("## All items\n\n");
    if let Outcome::Matrix(m) = &a.outcome {
        if !m.weights.is_empty() {
            let w: Vec<String> = m
                .weights
                .iter()
                .map(|(n, x)| format!("{n}={}", crate::display::decimal(*x)))
                .collect();
            r.push_str(&format!("weights: {}\n\n", w.join(", ")));
        }
    }
    if a.entries.iter().any(|e| e.item.bucket.is_some()) {
        for e in a.entries.iter().filter(|e| e.item.bucket.is_none()) {
            r.push_str(&item_line(&e.item));
            r.push('\n');
        }
        for b in Bucket::ALL {
            r.push_str(&format!("### {b}\n\n"));
            for i in a.entries.iter().filter(|e| e.item.bucket == Some(b)) {
                r.push_str(&item_line(&i.item));
                r.push('\n');
            }
            r.push('\n');
        }
    } else {
        for e in &a.entries {
            r.push_str(&item_line(&e.item));
            r.push('\n');
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyse, Mode, Request};

    #[test]
    fn matrix_report_leads_with_the_overall() {
        let a = analyse(
            "(+5, craft) a\n(+3, craft) b\n(-3, depth) c",
            &Request {
                mode: Mode::Matrix,
                ..Request::default()
            },
        );
        let r = markdown(&a);
        let second = r.lines().nth(2).unwrap();
        let h = a.headline().unwrap();
        assert_eq!(
            second,
            format!(
                "**Overall {} / 100**, confidence {} (matrix mode, 3 items, read as item lines).",
                h.score_text(),
                h.confidence_text()
            )
        );
        assert!(r.contains("Pool of all items, for reference"));
    }
}
