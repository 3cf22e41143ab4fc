//! The markdown report: headline, self-check, per-criterion table, buckets and actions, the
//! math, and every item in the line grammar, so that pasting a report back gives the same
//! items and the same score.

use crate::analysis::{Analysis, Mode};
use crate::format::{criterion_cells, fixed, working, PooledText};
use crate::{Bucket, Item};

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
    } else {
        format!("- ({}{labels}) {text}", item.impact)
    }
}

/// The full report for an analysis.
pub fn markdown(a: &Analysis) -> String {
    let p = &a.params;
    let mut r = String::from("# Evidence score\n\n");
    let (headline, confidence) = a.headline();
    r.push_str(&format!(
        "**Final {} / 100**, confidence {} ({} mode, {} items, read as {}).\n\n",
        if matches!(a.matrix, Some(Ok(_))) || p.rounding == crate::Rounding::HalfAwayFromZero {
            format!("{headline}")
        } else {
            fixed(headline, 2)
        },
        fixed(confidence, 2),
        a.mode,
        a.pooled.total_items,
        a.format
    ));
    match &a.matrix {
        Some(Ok(m)) => {
            r.push_str(&format!(
                "Self-check: {} (span {} between the highest and lowest criterion; needs at least {}).\n\n",
                if m.self_check { "passes" } else { "fails" },
                m.span,
                p.self_check_span
            ));
            r.push_str("## Criteria\n\n| Criterion | Weight | Items | Net | Raw | Final | Confidence |\n|---|---|---|---|---|---|---|\n");
            for c in &m.criteria {
                r.push_str(&format!("| {} |\n", criterion_cells(c, p).join(" | ")));
            }
            r.push_str(&format!(
                "\noverall = Σ(final × weight) / Σ weight = {} → {}; confidence = lowest criterion confidence = {}\n\n",
                fixed(m.overall_unrounded, 2),
                m.overall,
                fixed(m.overall_confidence, 2)
            ));
        }
        Some(Err(e)) => r.push_str(&format!("Weights cannot be used: {e}.\n\n")),
        None => {}
    }
    if a.mode == Mode::Feedback {
        r.push_str("## Score after each bucket\n\n| Bucket | Items | Score so far | Confidence |\n|---|---|---|---|\n");
        for b in &a.buckets {
            let t = PooledText::new(&b.running, p);
            r.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                b.bucket,
                b.items.len(),
                t.final_score,
                t.confidence
            ));
        }
        r.push_str("\n## Actions\n\n");
        for b in &a.buckets {
            if b.items.is_empty() {
                continue;
            }
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
    r.push_str("## Math\n\n");
    r.push_str(&working(&a.pooled, p));
    r.push_str("\n\n");
    if !a.warnings.is_empty() || !a.notes.is_empty() || !a.parsed.errors.is_empty() {
        r.push_str("## Warnings and notes\n\n");
        for e in &a.parsed.errors {
            r.push_str(&format!("* error, {e}\n"));
        }
        for w in a.warnings.iter().chain(&a.notes) {
            r.push_str(&format!("* {w}\n"));
        }
        r.push('\n');
    }
    r.push_str("## All items\n\n");
    if !a.weights.is_empty() {
        let w: Vec<String> = a.weights.iter().map(|(n, x)| format!("{n}={x}")).collect();
        r.push_str(&format!("weights: {}\n\n", w.join(", ")));
    }
    if a.parsed.entries.iter().any(|e| e.item.bucket.is_some()) {
        for e in a.parsed.entries.iter().filter(|e| e.item.bucket.is_none()) {
            r.push_str(&item_line(&e.item));
            r.push('\n');
        }
        for b in Bucket::ALL {
            r.push_str(&format!("### {b}\n\n"));
            for i in a.parsed.entries.iter().filter(|e| e.item.bucket == Some(b)) {
                r.push_str(&item_line(&i.item));
                r.push('\n');
            }
            r.push('\n');
        }
    } else {
        for e in &a.parsed.entries {
            r.push_str(&item_line(&e.item));
            r.push('\n');
        }
    }
    r
}
