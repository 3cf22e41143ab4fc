//! [`Analysis`] → the markdown report: the mode's headline first, then the self-check and the
//! per-criterion table (matrix) or the buckets and actions (feedback), the working, the
//! diagnostics, and every item in the line grammar, so that pasting a report back gives the
//! same items and the same score.

use crate::display::{bucket_cells, criterion_cells, matrix_working, working, PooledText};
use crate::{Analysis, Bucket, Item, Outcome};
use std::fmt::Write as _;

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
        Some(h) => {
            let _ = write!(
                r,
                "**{} {} / 100**, confidence {} ({context}).\n\n",
                h.kind.label(),
                h.score_text(),
                h.confidence_text(),
            );
            #[cfg(feature = "interval")]
            if let Some(i) = a.interval {
                let _ = write!(r, "{}.\n\n", i.sentence(h.rounded));
            }
        }
        None if !a.scored => {
            let _ = write!(r, "**No score**: no items read ({context}).\n\n");
        }
        None => {
            let _ = write!(
                r,
                "**No overall score**: the weights cannot be used ({context}).\n\n"
            );
        }
    }
    #[cfg(feature = "combine")]
    if let Some(passes) = &a.passes {
        passes_section(&mut r, passes);
    }
    match &a.outcome {
        Outcome::Matrix(m) => {
            match &m.result {
                Ok(s) => {
                    r.push_str("## Criteria\n\n| Criterion | Weight used | Items | Net | Raw | Final | Confidence |\n|---|---|---|---|---|---|---|\n");
                    for c in &s.criteria {
                        let _ = writeln!(r, "| {} |", criterion_cells(c, p).join(" | "));
                    }
                    let _ = write!(r, "\n{}\n\n", matrix_working(s, p));
                }
                Err(e) => {
                    let _ = write!(r, "Weights cannot be used: {e}.\n\n");
                }
            }
            let t = PooledText::new(&m.pool, p);
            let _ = write!(
r,
                "Pool of all items, for reference (not the matrix's answer): final {}, confidence {}.\n\n",
                t.final_score, t.confidence
            );
        }
        Outcome::Feedback(f) => {
            r.push_str("## Score after each bucket\n\n| Bucket | Items | Score so far | Confidence |\n|---|---|---|---|\n");
            for b in f.buckets.iter() {
                let _ = writeln!(r, "| {} |", bucket_cells(b, p).join(" | "));
            }
            r.push_str("\n## Actions\n\n");
            for b in f.buckets.iter().filter(|b| !b.items.is_empty()) {
                for i in &b.items {
                    let text = if i.text.is_empty() {
                        "(no text)"
                    } else {
                        &i.text
                    };
                    let _ = writeln!(
                        r,
                        "* {}: {}",
                        b.bucket.action(),
                        text.replace(['\n', '\r'], " ")
                    );
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
            let _ = writeln!(r, "* {}, {d}", d.severity().name());
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
            let _ = write!(r, "weights: {}\n\n", w.join(", "));
        }
    }
    #[cfg(feature = "combine")]
    if let Some(passes) = &a.passes {
        // Each pass under its heading, so the report pasted back gives the same passes.
        for pass in &passes.passes {
            let _ = write!(r, "## Pass: {}\n\n", pass.name);
            items(&mut r, &pass.analysis);
            r.push('\n');
        }
        return r;
    }
    items(&mut r, a);
    r
}

/// The items of `a` in the line grammar (feedback: under their bucket headings).
fn items(r: &mut String, a: &Analysis) {
    if a.entries.iter().any(|e| e.item.bucket.is_some()) {
        for e in a.entries.iter().filter(|e| e.item.bucket.is_none()) {
            r.push_str(&item_line(&e.item));
            r.push('\n');
        }
        for b in Bucket::ALL {
            let _ = write!(r, "### {b}\n\n");
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
}

/// The passes: a row per pass, the spread per criterion, α, and the cells where they disagree.
#[cfg(feature = "combine")]
fn passes_section(r: &mut String, p: &crate::Passes) {
    r.push_str(
        "## Passes\n\n| Pass | Final | Confidence | Interval | Items |\n|---|---|---|---|---|\n",
    );
    for pass in &p.passes {
        let a = &pass.analysis;
        let (score, confidence, rounded) = match a.headline() {
            Some(h) => (h.score_text(), h.confidence_text(), h.rounded),
            None => ("none".into(), "none".into(), true),
        };
        let interval = a.interval.map_or("none".into(), |i| i.range_text(rounded));
        let _ = writeln!(
            r,
            "| {} | {score} | {confidence} | {interval} | {} |",
            pass.name.replace('|', "\\|"),
            a.entries.len()
        );
    }
    r.push_str("\n| Spread of | Lowest | Highest | Spread | Passes |\n|---|---|---|---|---|\n");
    for s in &p.spread {
        let of = s.criterion.as_deref().unwrap_or("the headlines");
        let n = |x: f64| crate::display::trim_number(x);
        let _ = writeln!(
            r,
            "| {of} | {} | {} | {} | {} |",
            n(s.lowest),
            n(s.highest),
            n(s.highest - s.lowest),
            s.passes
        );
    }
    r.push('\n');
    if let Some(alpha) = p.alpha {
        let _ = write!(
            r,
            "Krippendorff's α over the per-criterion finals: {} ({}; reliable from 0.800, tentative from 0.667).\n\n",
            crate::display::fixed(alpha, 3),
            crate::alpha_level(alpha)
        );
    }
    if p.disagreements.is_empty() {
        r.push_str("No cell where the passes net on opposite signs.\n\n");
    } else {
        r.push_str(
            "Cells where the passes net on opposite signs (for the synthesis to look at):\n\n",
        );
        for d in &p.disagreements {
            let cell = d.cell();
            let nets: Vec<String> = d
                .nets
                .iter()
                .map(|&(k, net)| format!("{} {}", p.passes[k].name, crate::display::signed(net)))
                .collect();
            let _ = writeln!(r, "* cell {cell}: {}", nets.join(", "));
        }
        r.push('\n');
    }
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

    #[cfg(feature = "combine")]
    /// A combined report pasted back gives the same passes, headline and interval, with no
    /// error: the passes' items are listed under their `## Pass:` headings.
    #[test]
    fn a_combined_report_reads_back_as_the_same_passes() {
        let text = "weights: craft=0.6, depth=0.4\n## Pass: claude\n(+3, craft) a\n(-2, depth) b\n(+3, craft) shared\n## Pass: gpt\n(-1, craft) c\n(+2, depth) d\n(+2, craft) Shared.\n";
        let a = analyse(text, &Request::default());
        let r = markdown(&a);
        assert!(r.contains("\nBootstrap interval (90 %): "), "{r}");
        assert!(r.contains("| claude | "), "{r}");
        assert!(r.contains("\n* cell depth: claude -2, gpt +2\n"), "{r}");
        let back = analyse(&r, &Request::default());
        assert!(!back.has_errors(), "{:?}", back.diagnostics);
        assert_eq!(back.headline(), a.headline());
        assert_eq!(back.interval, a.interval);
        let names = |x: &Analysis| -> Vec<String> {
            x.passes
                .as_ref()
                .unwrap()
                .passes
                .iter()
                .map(|p| p.name.clone())
                .collect()
        };
        assert_eq!(names(&back), names(&a));
    }
}
