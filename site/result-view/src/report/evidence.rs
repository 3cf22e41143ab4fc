//! The report's evidence section, when a judged work was given: the counts and the
//! invented-evidence rate (the whole input's, and each pass's), then a row per item with its
//! status and reason. Its words are this module's own defaults.

use super::{heading, table_head};
use pickanumber_score::verify::{Status, Verification};
use pickanumber_score::Analysis;
use pickanumber_text::numtext::fixed;
use std::fmt::Write as _;

/// The section's heading.
pub const HEADING: &str = "Evidence checked against the work";

/// `verified 3, not_found 1, not_checkable 0, no_evidence 1; invented-evidence rate 0.25 (1 of
/// 4 checkable); 1 left out of the score`.
pub fn counts_line(v: &Verification) -> String {
    let counts: Vec<String> = Status::ALL
        .iter()
        .map(|&s| format!("{} {}", s.name(), v.counts.get(s)))
        .collect();
    let c = v.counts;
    let rate = match c.invented_rate() {
        Some(r) => format!(
            "invented-evidence rate {} ({} of {} checkable)",
            fixed(r, 2),
            c.not_found,
            c.verified + c.not_found
        ),
        None => "no checkable item".to_string(),
    };
    format!(
        "{}; {rate}; {} left out of the score",
        counts.join(", "),
        v.left_out()
    )
}

/// Writes the section to `out` when the analysis has a verification.
pub(super) fn section(out: &mut String, a: &Analysis) {
    let Some(v) = &a.evidence else {
        return;
    };
    heading(out, HEADING);
    let _ = write!(out, "{}\n\n", counts_line(v));
    if let Some(p) = &a.passes {
        for pass in &p.passes {
            if let Some(pv) = &pass.analysis.evidence {
                let _ = writeln!(out, "* pass {}: {}", pass.name, counts_line(pv));
            }
        }
        out.push('\n');
    }
    if v.items.is_empty() {
        return;
    }
    table_head(out, &["line", "impact", "status", "counted", "reason"]);
    for i in &v.items {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            i.line,
            i.impact,
            i.check.status.name(),
            if i.counted { "yes" } else { "no" },
            i.check.reason.replace('|', "\\|")
        );
    }
    out.push('\n');
}
