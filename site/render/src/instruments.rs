//! The places of the probe and pairwise islands in a page: each a static box computed at
//! build time by the instruments crate (readable with JavaScript off), of the same size as the
//! live island that later replaces it. The live app owns the element ids inside; the static
//! boxes carry only the roots `#probe` and `#pairwise`.

use crate::html::escape;
use pickanumber_instruments::numbers::{four, percent, short};
use pickanumber_instruments::pairwise::{analyse, ADVICE};
use pickanumber_instruments::probe::examples::synthetic_runs;
use pickanumber_instruments::probe::{probe_text, Regime, Scale};

/// The island a marker paragraph places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Island {
    /// `{{ calculator }}`.
    Calculator,
    /// `{{ probe }}`.
    Probe,
    /// `{{ pairwise }}`.
    Pairwise,
}

impl Island {
    /// The island named by a marker (`calculator`, `probe`, `pairwise`).
    pub fn from_marker(name: &str) -> Option<Island> {
        match name {
            "calculator" => Some(Island::Calculator),
            "probe" => Some(Island::Probe),
            "pairwise" => Some(Island::Pairwise),
            _ => None,
        }
    }

    /// The id of the island's root element, which the live app takes over.
    pub fn root_id(self) -> &'static str {
        match self {
            Island::Calculator => "calculator",
            Island::Probe => "probe",
            Island::Pairwise => "pairwise",
        }
    }

    /// The static box that stands in its place until (and unless) the wasm runs.
    pub fn placeholder(self) -> String {
        match self {
            Island::Calculator => crate::calculator::placeholder(),
            Island::Probe => probe_placeholder(),
            Island::Pairwise => pairwise_placeholder(),
        }
    }
}

/// The regime whose synthetic runs the probe page starts from.
pub const PROBE_EXAMPLE: Regime = Regime::InflationLikely;

/// The judgments the pairwise page starts from: synthetic, with a judge that favours the
/// first-shown item (8 of 11 decided verdicts) and three pairs that flip with the order.
pub const PAIRWISE_EXAMPLE: &str = "\
draft-a\tdraft-b\tA
draft-b\tdraft-a\tA
draft-a\tdraft-c\tA
draft-c\tdraft-a\tB
draft-b\tdraft-c\tA
draft-c\tdraft-b\tB
draft-c\tdraft-d\tA
draft-d\tdraft-c\tB
draft-a\tdraft-d\tA
draft-d\tdraft-a\tNEITHER
draft-b\tdraft-d\tA
draft-d\tdraft-b\tA
";

fn cell(label: &str, value: &str) -> String {
    format!(
        "<div class=\"calc-cell\"><dt>{}</dt><dd>{}</dd></div>",
        escape(label),
        escape(value)
    )
}

fn noscript(what: &str, command: &str) -> String {
    format!(
        "<div class=\"calc-diag\"><noscript><p>The live {what} needs JavaScript. The numbers above are computed for this synthetic example when the site is built; <code>{command}</code> does the same for your own data from the command line.</p></noscript></div>"
    )
}

/// The probe's static box: the synthetic example, its regime, advice and metrics.
pub fn probe_placeholder() -> String {
    let runs = synthetic_runs(PROBE_EXAMPLE);
    let t = probe_text(&runs, Scale::default());
    let p = &t.probe;
    let regime = p.regime();
    let mut cells = String::new();
    if let Some(m) = p.metrics() {
        cells.push_str(&cell(
            "Ceiling rate (top two points)",
            &four(m.ceiling_rate),
        ));
        cells.push_str(&cell("Floor rate (bottom two points)", &four(m.floor_rate)));
        cells.push_str(&cell("Range", &m.range.to_string()));
        cells.push_str(&cell(
            "Mean per-item std",
            &m.mean_per_item_std.map_or("—".to_string(), four),
        ));
    }
    let trace: String = p
        .classification
        .trace
        .iter()
        .map(|r| {
            format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                r.order,
                r.rule.regime.name(),
                r.status.label(),
                escape(&r.why())
            )
        })
        .collect();
    format!(
        "<div id=\"probe\" class=\"calc isl\" role=\"region\" aria-label=\"Calibration probe\">\
<div class=\"isl-body\">\
<div class=\"isl-bar\"><p class=\"calc-label\">Scale 1–10. The live probe adds the scale fields and one synthetic example per regime.</p></div>\
<div class=\"isl-in\"><span class=\"calc-label\">Runs: a grid, one run per row (synthetic)</span>\
<textarea class=\"calc-input\" readonly aria-label=\"Example runs\">{}</textarea>\
<p class=\"calc-hint\">A static, synthetic example, computed at build time.</p></div>\
<div class=\"isl-results\" role=\"region\" tabindex=\"0\" aria-label=\"Results of the example\">\
<div class=\"probe-verdict\"><p class=\"probe-regime\">Regime <strong>{}</strong></p>\
<p class=\"probe-looks\">{}</p><p class=\"probe-advice\"><strong>What to do: </strong>{}</p></div>\
<dl class=\"calc-out isl-metrics\">{cells}</dl>{}\
<h2 class=\"isl-h\">Rule trace, first match wins</h2>\
<table class=\"isl-table\"><thead><tr><th>#</th><th>Regime</th><th>Result</th><th>Why</th></tr></thead><tbody>{trace}</tbody></table>\
</div></div></div>\n",
        escape(&runs),
        regime.name(),
        escape(regime.looks_like()),
        escape(regime.advice()),
        noscript("probe", "pickanumber probe")
    )
}

/// The pairwise diagnostic's static box: the synthetic example and what it shows.
pub fn pairwise_placeholder() -> String {
    let a = analyse(PAIRWISE_EXAMPLE);
    let b = &a.position_bias;
    let s = &a.swap;
    let advice = |key: &str| {
        ADVICE
            .iter()
            .find(|(k, _)| *k == key)
            .map_or("", |(_, t)| t)
    };
    let rows: String = a
        .items
        .iter()
        .map(|i| {
            format!(
                "<tr><th scope=\"row\">{}</th><td class=\"mono\">{} / {}</td><td class=\"mono\">{}</td><td class=\"mono\">{}{}</td></tr>",
                escape(&i.name),
                short(i.alpha()),
                short(i.beta()),
                short(i.p()),
                short(i.width()),
                if i.judge_again() { " · judge again" } else { "" }
            )
        })
        .collect();
    format!(
        "<div id=\"pairwise\" class=\"calc isl\" role=\"region\" aria-label=\"Pairwise diagnostic\">\
<div class=\"isl-body\">\
<div class=\"isl-bar\"><p class=\"calc-label\">One judgment per line: first, second, verdict (A, B or NEITHER)</p></div>\
<div class=\"isl-in\"><span class=\"calc-label\">Judgments (synthetic)</span>\
<textarea class=\"calc-input\" readonly aria-label=\"Example judgments\">{}</textarea>\
<p class=\"calc-hint\">A static, synthetic example, computed at build time.</p></div>\
<div class=\"isl-results\" role=\"region\" tabindex=\"0\" aria-label=\"Results of the example\">\
<div class=\"isl-pair\"><dl class=\"isl-dl\"><div class=\"calc-cell calc-final\"><dt>First-shown wins</dt><dd>{}</dd></div></dl>\
<p class=\"isl-detail\">{} of {} decided verdicts went to the item shown first; two-sided binomial p = {} against 50 %.</p>\
<p class=\"isl-advice\"><strong>Position: </strong>{}</p></div>\
<div class=\"isl-pair\"><dl class=\"isl-dl\"><div class=\"calc-cell calc-final\"><dt>Swap-consistent pairs</dt><dd>{}</dd></div></dl>\
<p class=\"isl-detail\">{} of {} pairs judged in both orders kept the same real winner.</p>\
<p class=\"isl-advice\"><strong>Swap: </strong>{}</p></div>\
<h2 class=\"isl-h\">Ranking by posterior mean p</h2>\
<table class=\"isl-table\"><thead><tr><th scope=\"col\">Item</th><th scope=\"col\">α / β</th><th scope=\"col\">p</th><th scope=\"col\">Width</th></tr></thead><tbody>{rows}</tbody></table>{}\
</div></div></div>\n",
        escape(PAIRWISE_EXAMPLE),
        percent(b.first_wins as usize, b.decided as usize),
        b.first_wins,
        b.decided,
        b.p_value.map_or("—".to_string(), short),
        escape(advice("position")),
        percent(s.consistent, s.pairs_both_orders),
        s.consistent,
        s.pairs_both_orders,
        escape(advice("swap")),
        noscript("diagnostic", "pickanumber pairwise")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_examples_show_what_the_pages_say() {
        assert!(probe_placeholder().contains("<strong>INFLATION_LIKELY</strong>"));
        let a = analyse(PAIRWISE_EXAMPLE);
        assert!(a.errors.is_empty());
        // 12 judgments, one NEITHER: 11 decided, 8 won by the first-shown item.
        assert_eq!(
            (a.position_bias.first_wins, a.position_bias.decided),
            (8, 11)
        );
        // a/b, a/d and b/d flip with the order; a/c, b/c and c/d do not.
        assert_eq!((a.swap.consistent, a.swap.pairs_both_orders), (3, 6));
        assert!(pairwise_placeholder().contains("<dd>72.7%</dd>"));
    }
}
