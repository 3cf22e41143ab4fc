//! The pairwise diagnostic's views: **[`Pairwise`]** → [`results`] (problems, position bias,
//! swap consistency, the ranking with each item's interval plot, the advice); the page's
//! static box around the results of the synthetic example → [`static_box`]. The element ids
//! and data attributes (`#pairwise-items`, `data-item`, …) are the ones the browser tests and
//! the page's styles use; the advice is the instruments crate's, as in `pickanumber pairwise`.

use crate::frame::{self, Frame};
use crate::words::{PairwiseBox, PairwiseView};
use crate::{escape, fill, list};
use pickanumber_instruments::numbers::percent;
use pickanumber_instruments::pairwise::posterior::JUDGE_AGAIN_WIDTH;
use pickanumber_instruments::pairwise::{analyse, Pairwise, ADVICE};
use pickanumber_text::numtext::short;

fn advice(key: &str) -> &'static str {
    ADVICE
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, text)| text)
}

/// A paragraph of advice: the lead-in in bold, then the advice `key`.
fn advice_line(h: &mut String, lead: &str, key: &str) {
    h.push_str("<p class=\"isl-advice\"><strong>");
    h.push_str(&escape(lead));
    h.push_str(" </strong>");
    h.push_str(&escape(advice(key)));
    h.push_str("</p>");
}

/// One result beside its advice: the share `value` under `label` (`#id`), the sentence
/// `detail` (markup) and the advice `key` after `lead`.
fn pair(h: &mut String, label: &str, id: &str, value: &str, detail: &str, lead: &str, key: &str) {
    h.push_str(&format!(
        "<div class=\"isl-pair\"><dl class=\"isl-dl\"><div class=\"calc-cell calc-final\">\
         <dt>{}</dt><dd id=\"{id}\">{value}</dd></div></dl><p class=\"isl-detail\">{detail}</p>",
        escape(label)
    ));
    advice_line(h, lead, key);
    h.push_str("</div>");
}

/// The pairwise results: `#pairwise-errors` (empty when every line was read),
/// `#pairwise-first-share`, `#pairwise-consistent-share`, and the ranking in
/// `#pairwise-items`, one row per item with `data-item`, `data-alpha`, `data-beta` and
/// `data-width`.
///
/// ```
/// use pickanumber_instruments::pairwise::analyse;
/// use pickanumber_result_view::{pairwise::results, words::PAIRWISE};
/// let h = results(&analyse("a<b\tc\tA\n"), &PAIRWISE);
/// assert!(h.contains("<dd id=\"pairwise-first-share\">100.0%</dd>"));
/// assert!(h.contains("<tr data-item=\"a&lt;b\" data-alpha=\"1.5\" data-beta=\"1\""));
/// ```
pub fn results(a: &Pairwise, w: &PairwiseView<'_>) -> String {
    let b = &a.position_bias;
    let first_share = b.share.map_or("—".to_string(), |_| {
        percent(b.first_wins as usize, b.decided as usize)
    });
    let bias_detail = match b.p_value {
        Some(p) => fill(
            w.position_detail,
            &[
                ("won", &format!("{}", b.first_wins)),
                ("decided", &format!("{}", b.decided)),
                ("p", &short(p)),
            ],
        ),
        None => escape(w.no_decided),
    };
    let s = &a.swap;
    let consistent_share = s.share.map_or("—".to_string(), |_| {
        percent(s.consistent, s.pairs_both_orders)
    });
    let swap_detail = if s.pairs_both_orders == 0 {
        escape(w.no_pairs)
    } else {
        let mut d = fill(
            w.swap_detail,
            &[
                ("kept", &format!("{}", s.consistent)),
                ("pairs", &format!("{}", s.pairs_both_orders)),
            ],
        );
        if !s.inconsistent_pairs.is_empty() {
            let pairs: Vec<String> = s
                .inconsistent_pairs
                .iter()
                .map(|(x, y)| format!("{x} / {y}"))
                .collect();
            d.push(' ');
            d.push_str(&fill(w.flipped, &[("pairs", &pairs.join(", "))]));
        }
        d
    };
    let errors: Vec<String> = a.errors.iter().map(|e| escape(&e.to_string())).collect();
    let mut h = String::from("<div id=\"pairwise-errors\" class=\"calc-diag\">");
    list(&mut h, &errors, w.more);
    h.push_str("</div>");
    pair(
        &mut h,
        w.first_wins,
        "pairwise-first-share",
        &first_share,
        &bias_detail,
        w.position,
        "position",
    );
    pair(
        &mut h,
        w.swap_consistent,
        "pairwise-consistent-share",
        &consistent_share,
        &swap_detail,
        w.swap,
        "swap",
    );
    let mut heads = String::new();
    for c in w.ranking_columns {
        heads.push_str("<th scope=\"col\">");
        heads.push_str(&escape(c));
        heads.push_str("</th>");
    }
    h.push_str(&format!(
        "<h2 class=\"isl-h\">{}</h2><table class=\"isl-table isl-ranking\"><thead><tr>{heads}\
         </tr></thead><tbody id=\"pairwise-items\">",
        escape(w.ranking)
    ));
    let judge_again = escape(w.judge_again);
    for item in &a.items {
        let (lo, hi) = item.interval();
        let again = item.judge_again();
        let name = escape(&item.name);
        let (alpha, beta, p, width) = (
            short(item.alpha()),
            short(item.beta()),
            short(item.p()),
            short(item.width()),
        );
        // Plot coordinates in 0–100, 4 decimals.
        let at = |x: f64| short(x * 100.0);
        let label = fill(
            w.interval,
            &[("p", &p), ("low", &short(lo)), ("high", &short(hi))],
        );
        h.push_str(&format!(
            "<tr data-item=\"{name}\" data-alpha=\"{alpha}\" data-beta=\"{beta}\" \
             data-width=\"{width}\"{}>\
             <th scope=\"row\">{name}</th><td class=\"mono\">{alpha} / {beta}</td>\
             <td class=\"mono\">{p}</td><td class=\"isl-plot-cell\">\
             <svg viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\" class=\"isl-interval\" \
             role=\"img\" aria-label=\"{label}\">\
             <line class=\"axis\" x1=\"0\" y1=\"5\" x2=\"100\" y2=\"5\" \
             vector-effect=\"non-scaling-stroke\"></line>\
             <line class=\"mid\" x1=\"50\" y1=\"0\" x2=\"50\" y2=\"10\" \
             vector-effect=\"non-scaling-stroke\"></line>\
             <line class=\"span\" x1=\"{}\" y1=\"5\" x2=\"{}\" y2=\"5\" \
             vector-effect=\"non-scaling-stroke\"></line>\
             <line class=\"dot\" x1=\"{}\" y1=\"0\" x2=\"{}\" y2=\"10\" \
             vector-effect=\"non-scaling-stroke\"></line></svg></td>\
             <td class=\"mono\">{width}{}</td></tr>",
            if again { " class=\"judge-again\"" } else { "" },
            at(lo),
            at(hi),
            at(item.p()),
            at(item.p()),
            if again { judge_again.as_str() } else { "" },
        ));
    }
    h.push_str(&format!(
        "</tbody></table><p class=\"isl-detail\">{}</p>",
        fill(w.prior, &[("width", &short(JUDGE_AGAIN_WIDTH))])
    ));
    advice_line(&mut h, w.length, "length");
    advice_line(&mut h, w.self_preference, "self-preference");
    h
}

/// The pairwise page's static box in `w`'s words under the bar `format` (the island's bar
/// too): `judgments` in a read-only input and their [`results`] in `v`'s, which the island
/// shows again for the same judgments when it mounts. `noscript` is the note's markup (the
/// renderer turns its markdown into HTML).
pub fn static_box(
    judgments: &str,
    w: &PairwiseBox<'_>,
    v: &PairwiseView<'_>,
    format: &str,
    noscript: &str,
) -> String {
    let bar = escape(format);
    let frame = Frame {
        id: "pairwise",
        region: w.region,
        bar: &bar,
        input: w.input,
        input_name: w.input_name,
        example: judgments,
        hint: w.hint,
        noscript,
        results: w.results,
    };
    frame::static_box(&frame, &results(&analyse(judgments), v))
}
