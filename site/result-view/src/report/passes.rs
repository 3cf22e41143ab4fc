//! Several judges' passes → the report's passes section: [`Passes`] → a row per pass, the
//! spread of each criterion's final, Krippendorff's α with its reading and thresholds, and
//! the cells where the passes net on opposite signs, in the words of `[result]` and
//! `[report]`.

use super::{heading, table_head};
use crate::plain;
use crate::words::{ReportView, ResultView};
use crate::working::range;
use pickanumber_score::{alpha_level, Passes, ALPHA_RELIABLE, ALPHA_TENTATIVE};
use pickanumber_text::numtext::{fixed, signed, trim_number};
use std::fmt::Write as _;

/// Writes the section to `out`.
pub(super) fn section(out: &mut String, p: &Passes, w: &ResultView<'_>, r: &ReportView<'_>) {
    heading(out, r.passes);
    table_head(
        out,
        &[w.pass, w.final_score, w.confidence, w.interval, w.items],
    );
    for pass in &p.passes {
        let a = &pass.analysis;
        let (score, confidence, rounded) = match a.headline() {
            Some(h) => (h.score_text(), h.confidence_text(), h.rounded),
            None => (r.none.into(), r.none.into(), true),
        };
        let interval = a.interval.map_or(r.none.into(), |i| range(&i, rounded, w));
        let _ = writeln!(
            out,
            "| {} | {score} | {confidence} | {interval} | {} |",
            pass.name.replace('|', "\\|"),
            a.entries.len()
        );
    }
    out.push('\n');
    table_head(out, &r.spread_columns);
    for s in &p.spread {
        let of = s.criterion.as_deref().unwrap_or(r.headlines);
        let n = trim_number;
        let _ = writeln!(
            out,
            "| {of} | {} | {} | {} | {} |",
            n(s.lowest),
            n(s.highest),
            n(s.highest - s.lowest),
            s.passes
        );
    }
    out.push('\n');
    if let Some(alpha) = p.alpha {
        let line = plain(
            r.alpha,
            &[
                ("alpha", &fixed(alpha, 3)),
                ("level", alpha_level(alpha)),
                ("reliable", &fixed(ALPHA_RELIABLE, 3)),
                ("tentative", &fixed(ALPHA_TENTATIVE, 3)),
            ],
        );
        let _ = write!(out, "{line}\n\n");
    }
    if p.disagreements.is_empty() {
        let _ = write!(out, "{}\n\n", r.agreement);
    } else {
        let _ = write!(out, "{}\n\n", r.disagreements);
        for d in &p.disagreements {
            let nets: Vec<String> = d
                .nets
                .iter()
                .map(|&(k, net)| format!("{} {}", p.passes[k].name, signed(net)))
                .collect();
            let line = plain(
                r.disagreement,
                &[("cell", &d.cell()), ("nets", &nets.join(", "))],
            );
            let _ = writeln!(out, "* {line}");
        }
        out.push('\n');
    }
}
