//! [`Analysis`] → the markdown report: the mode's headline first, then the self-check and the
//! per-criterion table (matrix) or the buckets and actions (feedback), the working, the
//! diagnostics, and every item in the line grammar ([`Item::line`](pickanumber_score::Item::line)),
//! so that pasting a report back gives the same items and the same score. Its labels are
//! `[result]`'s ([`ResultView`]) and its own sentences [`ReportView`]'s: [`markdown`] uses the
//! crate's defaults, [`markdown_in`] any others.

#[cfg(feature = "verify")]
mod evidence;
#[cfg(feature = "verify")]
pub use evidence::{counts_line, HEADING as EVIDENCE_HEADING};
#[cfg(feature = "combine")]
mod passes;

use crate::plain;
use crate::words::{ReportView, ResultView, REPORT, RESULT};
use crate::working::{
    action, bucket_cells, criterion_cells, headline_label, matrix_working, working, PooledText,
};
use pickanumber_score::{Analysis, Bucket, Outcome};
use pickanumber_text::numtext::fixed;
use std::fmt::Write as _;

/// The full report for an analysis, in the crate's default words ([`RESULT`], [`REPORT`]).
pub fn markdown(a: &Analysis) -> String {
    markdown_in(a, &RESULT, &REPORT)
}

/// `n` items in the report's words: "1 item", "3 items".
fn item_count(r: &ReportView<'_>, n: usize) -> String {
    plain(r.item_count[usize::from(n != 1)], &[("n", &n.to_string())])
}

/// The full report for an analysis in the words `w` (labels) and `r` (the report's own).
pub fn markdown_in(a: &Analysis, w: &ResultView<'_>, r: &ReportView<'_>) -> String {
    let p = &a.params;
    let mut out = format!("# {}\n\n", r.title);
    let context = plain(
        r.context,
        &[
            ("mode", a.mode().name()),
            ("items", &item_count(r, a.pool().total_items)),
            ("format", &a.format.to_string()),
        ],
    );
    match a.headline() {
        Some(h) => {
            let line = plain(
                r.headline,
                &[
                    ("label", headline_label(h.kind, w)),
                    ("score", &h.score_text()),
                    ("confidence", &h.confidence_text()),
                    ("context", &context),
                ],
            );
            let _ = write!(out, "{line}\n\n");
            if let Some(i) = a.bootstrap_interval() {
                let decimals = if h.rounded { 0 } else { 2 };
                let line = plain(
                    r.interval,
                    &[
                        ("level", &format!("{}", i.level)),
                        ("low", &fixed(i.low, decimals)),
                        ("high", &fixed(i.high, decimals)),
                        ("resamples", &format!("{}", i.resamples)),
                    ],
                );
                let _ = write!(out, "{line}\n\n");
            }
        }
        None => {
            let why = if a.scored { r.no_overall } else { r.no_score };
            let _ = write!(out, "{}\n\n", plain(why, &[("context", &context)]));
        }
    }
    #[cfg(feature = "combine")]
    if let Some(passes) = &a.passes {
        passes::section(&mut out, passes, w, r);
    }
    outcome(&mut out, a, w, r);
    if a.scored {
        heading(&mut out, r.math);
        if matches!(a.outcome, Outcome::Matrix(_)) {
            let _ = write!(out, "{} ", r.pool_math);
        }
        out.push_str(&working(a.pool(), p));
        out.push_str("\n\n");
    }
    #[cfg(feature = "verify")]
    evidence::section(&mut out, a);
    if !a.diagnostics.is_empty() {
        heading(&mut out, r.diagnostics);
        for d in &a.diagnostics {
            let _ = writeln!(out, "* {}, {d}", d.severity().name());
        }
        out.push('\n');
    }
    heading(&mut out, r.all_items);
    if let Outcome::Matrix(m) = &a.outcome {
        if !m.weights.is_empty() {
            let weights: Vec<String> = m
                .weights
                .iter()
                .map(|(n, x)| format!("{n}={}", pickanumber_text::numtext::round_trip(*x)))
                .collect();
            let _ = write!(out, "weights: {}\n\n", weights.join(", "));
        }
    }
    #[cfg(feature = "combine")]
    if let Some(passes) = &a.passes {
        // Each pass under its heading, so the report pasted back gives the same passes.
        for pass in &passes.passes {
            let _ = write!(out, "## Pass: {}\n\n", pass.name);
            items(&mut out, &pass.analysis);
            out.push('\n');
        }
        return out;
    }
    items(&mut out, a);
    out
}

/// The mode's own part: the criteria table and the pool for reference (matrix), the buckets
/// and the actions (feedback); nothing for a pool, whose numbers are its working line.
fn outcome(out: &mut String, a: &Analysis, w: &ResultView<'_>, r: &ReportView<'_>) {
    let p = &a.params;
    match &a.outcome {
        Outcome::Matrix(m) => {
            match &m.result {
                Ok(s) => {
                    heading(out, r.criteria);
                    let columns = [
                        w.criterion,
                        r.weight_used,
                        w.items,
                        w.net,
                        w.raw,
                        w.final_score,
                        w.confidence,
                    ];
                    table_head(out, &columns);
                    for c in &s.criteria {
                        let _ = writeln!(out, "| {} |", criterion_cells(c, p).join(" | "));
                    }
                    let _ = write!(out, "\n{}\n\n", matrix_working(s, p));
                }
                Err(e) => {
                    let line = plain(r.weights_unusable, &[("error", &e.to_string())]);
                    let _ = write!(out, "{line}\n\n");
                }
            }
            let t = PooledText::new(&m.pool, p);
            let pool = plain(
                r.pool,
                &[("final", &t.final_score), ("confidence", &t.confidence)],
            );
            let _ = write!(out, "{} {pool}\n\n", w.pool_reference);
        }
        Outcome::Feedback(f) => {
            heading(out, r.buckets);
            table_head(out, &[w.bucket, w.items, w.score_so_far, w.confidence]);
            for b in f.buckets.iter() {
                let _ = writeln!(out, "| {} |", bucket_cells(b, p).join(" | "));
            }
            out.push('\n');
            heading(out, r.actions);
            for b in f.buckets.iter().filter(|b| !b.items.is_empty()) {
                for i in &b.items {
                    let text = if i.text.is_empty() {
                        r.no_text
                    } else {
                        &i.text
                    };
                    let _ = writeln!(
                        out,
                        "* {}: {}",
                        action(b.bucket, w),
                        text.replace(['\n', '\r'], " ")
                    );
                }
                out.push('\n');
            }
        }
        Outcome::Pooled(_) => {}
    }
}

/// A `## ` heading and the blank line after it.
fn heading(out: &mut String, text: &str) {
    out.push_str("## ");
    out.push_str(text);
    out.push_str("\n\n");
}

/// A markdown table's head: `| a | b |` and its rule `|---|---|`.
pub(crate) fn table_head(out: &mut String, columns: &[&str]) {
    out.push('|');
    for c in columns {
        out.push(' ');
        out.push_str(c);
        out.push_str(" |");
    }
    out.push_str("\n|");
    for _ in columns {
        out.push_str("---|");
    }
    out.push('\n');
}

/// The items of `a` in the line grammar (feedback: under their bucket headings).
fn items(out: &mut String, a: &Analysis) {
    if a.entries.iter().any(|e| e.item.bucket.is_some()) {
        for e in a.entries.iter().filter(|e| e.item.bucket.is_none()) {
            out.push_str(&e.item.line());
            out.push('\n');
        }
        for b in Bucket::ALL {
            let _ = write!(out, "### {b}\n\n");
            for i in a.entries.iter().filter(|e| e.item.bucket == Some(b)) {
                out.push_str(&i.item.line());
                out.push('\n');
            }
            out.push('\n');
        }
    } else {
        for e in &a.entries {
            out.push_str(&e.item.line());
            out.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pickanumber_score::{analyse, Mode, Request};

    #[test]
    fn the_headline_counts_one_item_in_the_singular() {
        let line = |text: &str| {
            let report = markdown(&analyse(text, &Request::default()));
            report.lines().nth(2).unwrap_or_default().to_string()
        };
        assert_eq!(
            line("+3 one thing\n"),
            "**Final 68 / 100**, confidence 0.05 (pooled mode, 1 item, read as item lines)."
        );
        assert_eq!(
            line("+3 one thing\n-1 another\n"),
            "**Final 59 / 100**, confidence 0.10 (pooled mode, 2 items, read as item lines)."
        );
    }

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
