//! The places of the probe and pairwise islands in a page: each a static box computed at
//! build time by the instruments crate (readable with JavaScript off), of the same size as the
//! live island that later replaces it. The live app owns the element ids inside; the static
//! boxes carry only the roots `#probe` and `#pairwise`.

use crate::html::escape;
use crate::words::{Note, Text};
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
    /// `{{ setup }}` (the page's static box: [`crate::setup`]).
    Setup,
}

impl Island {
    /// The island named by a marker (`calculator`, `probe`, `pairwise`).
    pub fn from_marker(name: &str) -> Option<Island> {
        match name {
            "calculator" => Some(Island::Calculator),
            "probe" => Some(Island::Probe),
            "pairwise" => Some(Island::Pairwise),
            "setup" => Some(Island::Setup),
            _ => None,
        }
    }

    /// The id of the island's root element, which the live app takes over.
    pub fn root_id(self) -> &'static str {
        match self {
            Island::Calculator => "calculator",
            Island::Probe => "probe",
            Island::Pairwise => "pairwise",
            Island::Setup => "setup",
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

crate::slots!(
    /// The probe's bar: the example's scale, `{low}` to `{high}`.
    ScaleNote,
    false,
    ["low", "high"]
);

crate::slots!(
    /// How many decided verdicts went to the first-shown item, and the test's p-value.
    PositionDetail,
    false,
    ["won", "decided", "p"]
);

crate::slots!(
    /// How many of the pairs judged in both orders kept their winner.
    SwapDetail,
    false,
    ["kept", "pairs"]
);

/// The probe's static box words, the `[probe]` table of `content/layout.toml`. The regime's
/// name, what it looks like and the advice come from the instruments crate, as in the live
/// probe.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProbeWords {
    /// The accessible name of the island's region.
    pub region: String,
    /// The bar above the input: the example's scale and what the live probe adds.
    pub scale: Text<ScaleNote>,
    /// The label over the input.
    pub input: String,
    /// The accessible name of the read-only input.
    pub input_name: String,
    /// The line under the input.
    pub hint: String,
    /// The accessible name of the results.
    pub results: String,
    /// The word before the regime's name.
    pub regime: String,
    /// The lead-in of the advice.
    pub advice: String,
    /// The metrics' labels: ceiling rate, floor rate, range, mean per-item std.
    pub metrics: [String; 4],
    /// The heading over the rule trace.
    pub trace: String,
    /// The rule trace's column heads: order, regime, result, why.
    pub trace_columns: [String; 4],
    /// The `<noscript>` note (markdown).
    pub noscript: Text<Note>,
}

/// The pairwise diagnostic's static box words, the `[pairwise]` table of
/// `content/layout.toml`. The advice comes from the instruments crate, as in the live island.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairwiseWords {
    /// The accessible name of the island's region.
    pub region: String,
    /// The bar above the input: the format of a judgment.
    pub format: String,
    /// The label over the input.
    pub input: String,
    /// The accessible name of the read-only input.
    pub input_name: String,
    /// The line under the input.
    pub hint: String,
    /// The accessible name of the results.
    pub results: String,
    /// The label of the first-shown win rate.
    pub first_wins: String,
    /// The sentence under it.
    pub position_detail: Text<PositionDetail>,
    /// The lead-in of the position advice.
    pub position: String,
    /// The label of the swap-consistent share.
    pub swap_consistent: String,
    /// The sentence under it.
    pub swap_detail: Text<SwapDetail>,
    /// The lead-in of the swap advice.
    pub swap: String,
    /// The heading over the ranking.
    pub ranking: String,
    /// The ranking's column heads: item, α / β, p, width.
    pub ranking_columns: [String; 4],
    /// Appended to the width of an item to judge again.
    pub judge_again: String,
    /// The `<noscript>` note (markdown).
    pub noscript: Text<Note>,
}

fn cell(label: &str, value: &str) -> String {
    format!(
        "<div class=\"calc-cell\"><dt>{}</dt><dd>{}</dd></div>",
        escape(label),
        escape(value)
    )
}

fn noscript(note: &Text<Note>) -> String {
    format!(
        "<div class=\"calc-diag\"><noscript><p>{}</p></noscript></div>",
        note.html(&[])
    )
}

fn head(columns: &[String; 4], scope: &str) -> String {
    columns
        .iter()
        .map(|c| format!("<th{scope}>{}</th>", escape(c)))
        .collect()
}

/// An island's static box around its computed `results` (markup): the root `#id` named
/// `region`, the bar (`bar`, markup), then the read-only example with its label, accessible
/// name and hint, and the results region's name — the `text` fields, in that order, escaped
/// here.
fn frame(id: &str, region: &str, bar: &str, text: [&str; 5], results: &str) -> String {
    let [input, input_name, example, hint, results_name] = text.map(escape);
    format!(
        "<div id=\"{id}\" class=\"calc isl\" role=\"region\" aria-label=\"{}\">\
<div class=\"isl-body\">\
<div class=\"isl-bar\"><p class=\"calc-label\">{bar}</p></div>\
<div class=\"isl-in\"><span class=\"calc-label\">{input}</span>\
<textarea class=\"calc-input\" readonly aria-label=\"{input_name}\">{example}</textarea>\
<p class=\"calc-hint\">{hint}</p></div>\
<div class=\"isl-results\" role=\"region\" tabindex=\"0\" aria-label=\"{results_name}\">\
{results}</div></div></div>\n",
        escape(region)
    )
}

/// The probe's static box: the synthetic example, its regime, advice and metrics.
pub fn probe_placeholder(words: &ProbeWords) -> String {
    let runs = synthetic_runs(PROBE_EXAMPLE);
    let scale = Scale::default();
    let t = probe_text(&runs, scale);
    let p = &t.probe;
    let regime = p.regime();
    let mut cells = String::new();
    if let Some(m) = p.metrics() {
        let [ceiling, floor, range, std] = &words.metrics;
        cells.push_str(&cell(ceiling, &four(m.ceiling_rate)));
        cells.push_str(&cell(floor, &four(m.floor_rate)));
        cells.push_str(&cell(range, &m.range.to_string()));
        cells.push_str(&cell(
            std,
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
    let (low, high) = (scale.min().to_string(), scale.max().to_string());
    let results = format!(
        "<div class=\"probe-verdict\"><p class=\"probe-regime\">{} <strong>{}</strong></p>\
<p class=\"probe-looks\">{}</p><p class=\"probe-advice\"><strong>{} </strong>{}</p></div>\
<dl class=\"calc-out isl-metrics\">{cells}</dl>{}\
<h2 class=\"isl-h\">{}</h2>\
<table class=\"isl-table\"><thead><tr>{}</tr></thead><tbody>{trace}</tbody></table>",
        escape(&words.regime),
        regime.name(),
        escape(regime.looks_like()),
        escape(&words.advice),
        escape(regime.advice()),
        noscript(&words.noscript),
        escape(&words.trace),
        head(&words.trace_columns, ""),
    );
    frame(
        "probe",
        &words.region,
        &words.scale.plain(&[("low", &low), ("high", &high)]),
        [
            &words.input,
            &words.input_name,
            &runs,
            &words.hint,
            &words.results,
        ],
        &results,
    )
}

/// The pairwise diagnostic's static box: the synthetic example and what it shows.
pub fn pairwise_placeholder(words: &PairwiseWords) -> String {
    let a = analyse(PAIRWISE_EXAMPLE);
    let b = &a.position_bias;
    let s = &a.swap;
    let advice = |key: &str| {
        ADVICE
            .iter()
            .find(|(k, _)| *k == key)
            .map_or("", |(_, t)| t)
    };
    let judge_again = escape(&words.judge_again);
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
                if i.judge_again() { judge_again.as_str() } else { "" }
            )
        })
        .collect();
    let p_value = b.p_value.map_or("—".to_string(), short);
    let results = format!(
        "<div class=\"isl-pair\"><dl class=\"isl-dl\"><div class=\"calc-cell calc-final\"><dt>{}</dt><dd>{}</dd></div></dl>\
<p class=\"isl-detail\">{}</p>\
<p class=\"isl-advice\"><strong>{} </strong>{}</p></div>\
<div class=\"isl-pair\"><dl class=\"isl-dl\"><div class=\"calc-cell calc-final\"><dt>{}</dt><dd>{}</dd></div></dl>\
<p class=\"isl-detail\">{}</p>\
<p class=\"isl-advice\"><strong>{} </strong>{}</p></div>\
<h2 class=\"isl-h\">{}</h2>\
<table class=\"isl-table\"><thead><tr>{}</tr></thead><tbody>{rows}</tbody></table>{}",
        escape(&words.first_wins),
        percent(b.first_wins as usize, b.decided as usize),
        words.position_detail.plain(&[
            ("won", &b.first_wins.to_string()),
            ("decided", &b.decided.to_string()),
            ("p", &p_value),
        ]),
        escape(&words.position),
        escape(advice("position")),
        escape(&words.swap_consistent),
        percent(s.consistent, s.pairs_both_orders),
        words.swap_detail.plain(&[
            ("kept", &s.consistent.to_string()),
            ("pairs", &s.pairs_both_orders.to_string()),
        ]),
        escape(&words.swap),
        escape(advice("swap")),
        escape(&words.ranking),
        head(&words.ranking_columns, " scope=\"col\""),
        noscript(&words.noscript)
    );
    frame(
        "pairwise",
        &words.region,
        &escape(&words.format),
        [
            &words.input,
            &words.input_name,
            PAIRWISE_EXAMPLE,
            &words.hint,
            &words.results,
        ],
        &results,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_examples_show_what_the_pages_say() {
        let layout = crate::stages::test_util::layout();
        assert!(probe_placeholder(&layout.probe).contains("<strong>INFLATION_LIKELY</strong>"));
        let a = analyse(PAIRWISE_EXAMPLE);
        assert!(a.errors.is_empty());
        // 12 judgments, one NEITHER: 11 decided, 8 won by the first-shown item.
        assert_eq!(
            (a.position_bias.first_wins, a.position_bias.decided),
            (8, 11)
        );
        // a/b, a/d and b/d flip with the order; a/c, b/c and c/d do not.
        assert_eq!((a.swap.consistent, a.swap.pairs_both_orders), (3, 6));
        assert!(pairwise_placeholder(&layout.pairwise).contains("<dd>72.7%</dd>"));
    }
}
