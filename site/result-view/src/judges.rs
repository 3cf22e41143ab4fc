//! Several judges' passes → escaped HTML: [`Passes`] → a row per pass, the spread of each
//! criterion's final, Krippendorff's α and the cells where the passes net on opposite signs, as
//! the calculator's on-demand module and the evidence blocks show them, in the words of
//! `[result]` ([`ResultView`]).

use crate::escape;
use crate::outcome::table_head;
use crate::words::ResultView;
use crate::working::range;
use pickanumber_score::Passes;
use pickanumber_text::numtext::{fixed, signed, trim_number};
use std::fmt::Write as _;

/// Several judges' passes: a row per pass (final, confidence, interval, items), the spread of
/// each criterion's final across them, Krippendorff's α where defined, and the cells where
/// the passes net on opposite signs.
pub fn passes(p: &Passes, w: &ResultView<'_>) -> String {
    let mut h = table_head(
        "result passes",
        &[w.pass, w.final_score, w.confidence, w.interval, w.items],
    );
    for pass in &p.passes {
        let a = &pass.analysis;
        let (score, confidence, rounded) = match a.headline() {
            Some(x) => (x.score_text(), x.confidence_text(), x.rounded),
            None => ("—".into(), "—".into(), true),
        };
        let interval = a.interval.map_or("—".into(), |i| range(&i, rounded, w));
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
                escape(s.criterion.as_deref().unwrap_or(w.headline)),
                trim_number(s.lowest),
                trim_number(s.highest)
            )
        })
        .collect();
    let _ = writeln!(
        h,
        "<p class=\"spread\">{}: {}</p>",
        w.spread,
        spread.join(", ")
    );
    if let Some(alpha) = p.alpha {
        let _ = writeln!(
            h,
            "<p class=\"alpha\">{} {} ({})</p>",
            w.alpha,
            fixed(alpha, 3),
            pickanumber_score::alpha_level(alpha)
        );
    }
    if !p.disagreements.is_empty() {
        h.push_str("<ul class=\"disagreements\">\n");
        for d in &p.disagreements {
            let cell = d.cell();
            let nets: Vec<String> = d
                .nets
                .iter()
                .map(|&(k, net)| format!("{} {}", escape(&p.passes[k].name), signed(net)))
                .collect();
            let _ = writeln!(h, "<li>{}: {}</li>", escape(&cell), nets.join(", "));
        }
        h.push_str("</ul>\n");
    }
    h
}
