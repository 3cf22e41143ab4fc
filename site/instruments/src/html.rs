//! Results → escaped HTML fragments for the probe and pairwise islands, which set them with
//! `inner_html`: one string per update instead of one reactive node per table cell keeps the
//! islands' wasm small.
//!
//! **[`TextProbe`]** → [`probe_results`] (regime and advice, the four metrics, problems, the
//! histogram as SVG, the rule trace, the most variable items); a scale that cannot be used →
//! [`probe_scale_error`]; **[`Pairwise`]** → [`pairwise_results`] (problems, position bias,
//! swap consistency, the ranking with each item's interval plot, the advice). Every piece of
//! user text (item names, labels, messages) goes through [`escape`]. The element ids and data
//! attributes are the ones the browser tests and the page's styles use.

use crate::numbers::{four, percent, short};
use crate::pairwise::{Pairwise, ADVICE};
use crate::probe::metrics::Histogram;
use crate::probe::report::MOST_VARIABLE;
use crate::probe::{Status, TextProbe};
use pickanumber_score::html::escape;

/// The results when the scale cannot be used: no regime, the reason as the one problem.
///
/// ```
/// let h = pickanumber_instruments::html::probe_scale_error("the scale's <lowest> point");
/// assert!(h.contains("<strong id=\"probe-regime\">—</strong>"));
/// assert!(h.contains("<p class=\"error\">the scale&#39;s &lt;lowest&gt; point</p>"));
/// ```
pub fn probe_scale_error(message: &str) -> String {
    format!(
        "<p class=\"probe-regime\"><strong id=\"probe-regime\">—</strong></p>\
         <div id=\"probe-errors\" class=\"calc-diag\"><p class=\"error\">{}</p></div>",
        escape(message)
    )
}

/// The most ratings the "Most variable items" table lists per item.
const RATINGS_SHOWN: usize = 60;
/// The most error messages an island lists.
const ERRORS_SHOWN: usize = 200;

/// The probe's results: `#probe-regime`, `#probe-ceiling-rate`, `#probe-floor-rate`,
/// `#probe-range`, `#probe-mean-std` and `#probe-errors` (empty when every line was read and
/// no run failed), then the histogram, the rule trace and the most variable items.
///
/// ```
/// use pickanumber_instruments::html::probe_results;
/// use pickanumber_instruments::probe::{probe_text, Scale};
/// let h = probe_results(&probe_text("9 10 9 8\n10 9 9 9\n9 9 10 9\n", Scale::default()));
/// assert!(h.contains("<strong id=\"probe-regime\">INFLATION_LIKELY</strong>"));
/// assert!(h.contains("<dd id=\"probe-ceiling-rate\">0.9167</dd>"));
/// assert!(h.contains("<div id=\"probe-errors\" class=\"calc-diag\"></div>"));
/// ```
pub fn probe_results(t: &TextProbe) -> String {
    let p = &t.probe;
    let regime = p.regime();
    let m = p.metrics();
    let metric = |v: Option<String>| v.unwrap_or_else(|| "—".to_string());
    let mut h = format!(
        "<div class=\"probe-verdict\">\
         <p class=\"probe-regime\">Regime <strong id=\"probe-regime\">{}</strong></p>\
         <p class=\"probe-looks\">{}</p>\
         <p class=\"probe-advice\"><strong>What to do: </strong>{}</p></div>\
         <dl class=\"calc-out isl-metrics\">",
        regime.name(),
        escape(regime.looks_like()),
        escape(regime.advice()),
    );
    for (label, id, value) in [
        (
            "Ceiling rate (top two points)",
            "probe-ceiling-rate",
            metric(m.map(|m| four(m.ceiling_rate))),
        ),
        (
            "Floor rate (bottom two points)",
            "probe-floor-rate",
            metric(m.map(|m| four(m.floor_rate))),
        ),
        (
            "Range",
            "probe-range",
            metric(m.map(|m| m.range.to_string())),
        ),
        (
            "Mean per-item std",
            "probe-mean-std",
            metric(m.and_then(|m| m.mean_per_item_std.map(four))),
        ),
    ] {
        h.push_str(&format!(
            "<div class=\"calc-cell\"><dt>{label}</dt><dd id=\"{id}\">{value}</dd></div>"
        ));
    }
    h.push_str("</dl>");
    // Unreadable lines, then failed runs that are not one of them (marked parse_failed).
    let mut problems: Vec<String> = t.parsed.errors.iter().map(ToString::to_string).collect();
    // The unreadable lines' labels, looked up once each (not one scan of them per failure).
    let unreadable: std::collections::BTreeSet<String> = t
        .parsed
        .errors
        .iter()
        .map(|e| format!("line {}", e.line))
        .collect();
    for f in &p.failures {
        if !unreadable.contains(&f.label) {
            problems.push(format!(
                "{}: counted as a failed run ({})",
                f.label, f.reason
            ));
        }
    }
    h.push_str("<div id=\"probe-errors\" class=\"calc-diag\">");
    list(&mut h, &problems);
    h.push_str("</div><figure class=\"isl-figure\">");
    if let Some(a) = &p.statistics.across_runs {
        histogram_svg(&mut h, &a.histogram);
    }
    h.push_str(
        "<figcaption>Every rating on the scale, counted (ratings off the scale are left out \
         of the bars but count in the rates).</figcaption></figure>\
         <h2 class=\"isl-h\">Rule trace, first match wins</h2>\
         <table class=\"isl-table\"><thead><tr><th>#</th><th>Regime</th><th>Result</th>\
         <th>Why</th></tr></thead><tbody>",
    );
    for r in &p.classification.trace {
        let class = if r.status == Status::Matched {
            " class=\"matched\""
        } else {
            ""
        };
        h.push_str(&format!(
            "<tr{class}><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            r.order,
            r.rule.regime.name(),
            r.status.label(),
            escape(&r.why())
        ));
    }
    h.push_str(
        "</tbody></table><h2 class=\"isl-h\">Most variable items</h2>\
         <table class=\"isl-table\"><thead><tr><th>Item</th><th>Std</th><th>Span</th>\
         <th>Ratings</th></tr></thead><tbody>",
    );
    for item in p.most_variable(MOST_VARIABLE) {
        let s = item.stats.as_ref();
        // At most RATINGS_SHOWN ratings, then how many more: 100,000 runs would otherwise
        // put 100,000 numbers in each row.
        let mut scores: Vec<String> = item
            .scores
            .iter()
            .take(RATINGS_SHOWN)
            .map(ToString::to_string)
            .collect();
        if item.scores.len() > RATINGS_SHOWN {
            scores.push(format!("… ({} in all)", item.scores.len()));
        }
        h.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"mono\">{}</td></tr>",
            escape(&item.item_text),
            s.map_or_else(String::new, |s| short(s.std)),
            s.map_or_else(String::new, |s| format!("{}–{}", s.min, s.max)),
            scores.join(" ")
        ));
    }
    h.push_str("</tbody></table>");
    h
}

/// `<ul class="diagnostics">` with one `<li class="error">` per message (the first
/// [`ERRORS_SHOWN`], then how many more, as the calculator does); nothing when none.
fn list(h: &mut String, messages: &[String]) {
    if messages.is_empty() {
        return;
    }
    h.push_str("<ul class=\"diagnostics\">");
    for m in messages.iter().take(ERRORS_SHOWN) {
        h.push_str("<li class=\"error\">");
        h.push_str(&escape(m));
        h.push_str("</li>");
    }
    if messages.len() > ERRORS_SHOWN {
        let more = messages.len() - ERRORS_SHOWN;
        h.push_str(&format!("<li class=\"note\">… and {more} more</li>"));
    }
    h.push_str("</ul>");
}

/// One bar per point of the scale, as SVG (no inline styles: the CSP forbids them); bar
/// heights are counts scaled to the tallest bar.
fn histogram_svg(h: &mut String, hist: &Histogram) {
    let tallest = hist.counts.iter().copied().max().unwrap_or(0).max(1);
    let width = 20 * hist.counts.len().max(1);
    h.push_str(&format!(
        "<svg class=\"isl-histogram\" viewBox=\"0 0 {width} 50\" role=\"img\" \
         aria-label=\"Histogram of all ratings\">"
    ));
    for (k, (point, count)) in hist.bars().enumerate() {
        let height = (count * 40).div_ceil(tallest);
        let x = 20 * k;
        h.push_str(&format!(
            "<g><title>{point}: {count}</title>\
             <rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"16\" height=\"{height}\"></rect>\
             <text x=\"{}\" y=\"49\" text-anchor=\"middle\">{point}</text></g>",
            x + 2,
            40 - height,
            x + 10
        ));
    }
    h.push_str("</svg>");
}

fn advice(key: &str) -> &'static str {
    ADVICE
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, text)| text)
}

/// The pairwise results: `#pairwise-errors` (empty when every line was read),
/// `#pairwise-first-share`, `#pairwise-consistent-share`, and the ranking in
/// `#pairwise-items`, one row per item with `data-item`, `data-alpha`, `data-beta` and
/// `data-width`.
///
/// ```
/// use pickanumber_instruments::{html::pairwise_results, pairwise::analyse};
/// let h = pairwise_results(&analyse("a<b\tc\tA\n"));
/// assert!(h.contains("<dd id=\"pairwise-first-share\">100.0%</dd>"));
/// assert!(h.contains("<tr data-item=\"a&lt;b\" data-alpha=\"1.5\" data-beta=\"1\""));
/// ```
pub fn pairwise_results(a: &Pairwise) -> String {
    let b = &a.position_bias;
    let first_share = b.share.map_or("—".to_string(), |_| {
        percent(b.first_wins as usize, b.decided as usize)
    });
    let bias_detail = match b.p_value {
        Some(p) => format!(
            "{} of {} decided verdicts went to the item shown first; two-sided binomial p = {} \
             against 50 %.",
            b.first_wins,
            b.decided,
            short(p)
        ),
        None => "No decided verdict yet.".to_string(),
    };
    let s = &a.swap;
    let consistent_share = s.share.map_or("—".to_string(), |_| {
        percent(s.consistent, s.pairs_both_orders)
    });
    let swap_detail = if s.pairs_both_orders == 0 {
        "No pair was judged in both orders.".to_string()
    } else {
        let mut d = format!(
            "{} of {} pairs judged in both orders kept the same real winner.",
            s.consistent, s.pairs_both_orders
        );
        if !s.inconsistent_pairs.is_empty() {
            let pairs: Vec<String> = s
                .inconsistent_pairs
                .iter()
                .map(|(x, y)| format!("{x} / {y}"))
                .collect();
            d.push_str(&format!(" Flipped with the order: {}.", pairs.join(", ")));
        }
        d
    };
    let errors: Vec<String> = a.errors.iter().map(ToString::to_string).collect();
    let mut h = String::from("<div id=\"pairwise-errors\" class=\"calc-diag\">");
    list(&mut h, &errors);
    h.push_str(&format!(
        "</div><div class=\"isl-pair\"><dl class=\"isl-dl\"><div class=\"calc-cell calc-final\">\
         <dt>First-shown wins</dt><dd id=\"pairwise-first-share\">{first_share}</dd></div></dl>\
         <p class=\"isl-detail\">{bias_detail}</p>\
         <p class=\"isl-advice\"><strong>Position: </strong>{}</p></div>\
         <div class=\"isl-pair\"><dl class=\"isl-dl\"><div class=\"calc-cell calc-final\">\
         <dt>Swap-consistent pairs</dt><dd id=\"pairwise-consistent-share\">{consistent_share}</dd>\
         </div></dl><p class=\"isl-detail\">{}</p>\
         <p class=\"isl-advice\"><strong>Swap: </strong>{}</p></div>\
         <h2 class=\"isl-h\">Ranking by posterior mean p, with its interval</h2>\
         <table class=\"isl-table isl-ranking\"><thead><tr><th scope=\"col\">Item</th>\
         <th scope=\"col\">α / β</th><th scope=\"col\">p</th>\
         <th scope=\"col\">p ± width / 2 (0 to 1)</th><th scope=\"col\">Width</th></tr></thead>\
         <tbody id=\"pairwise-items\">",
        escape(advice("position")),
        escape(&swap_detail),
        escape(advice("swap")),
    ));
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
        h.push_str(&format!(
            "<tr data-item=\"{name}\" data-alpha=\"{alpha}\" data-beta=\"{beta}\" \
             data-width=\"{width}\"{}>\
             <th scope=\"row\">{name}</th><td class=\"mono\">{alpha} / {beta}</td>\
             <td class=\"mono\">{p}</td><td class=\"isl-plot-cell\">\
             <svg viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\" class=\"isl-interval\" \
             role=\"img\" aria-label=\"p {p}, interval {} to {}\">\
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
            short(lo),
            short(hi),
            at(lo),
            at(hi),
            at(item.p()),
            at(item.p()),
            if again { " · judge again" } else { "" },
        ));
    }
    h.push_str(&format!(
        "</tbody></table><p class=\"isl-detail\">Each item starts from Beta(1, 1); a win adds 0.5 \
         to α, a loss 0.5 to β, NEITHER nothing. Judge again where the width is still 0.3 or \
         more.</p><p class=\"isl-advice\"><strong>Length: </strong>{}</p>\
         <p class=\"isl-advice\"><strong>Self-preference: </strong>{}</p>",
        escape(advice("length")),
        escape(advice("self-preference")),
    ));
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairwise::analyse;
    use crate::probe::{probe_text, Scale};

    #[test]
    fn user_text_is_escaped_everywhere() {
        let h = pairwise_results(&analyse("<x>\t\"y\"\tA\n\"y\"\t<x>\tA\n<bad & line>\n"));
        assert!(!h.contains("<x>") && !h.contains("<bad"));
        assert!(h.contains("&quot;y&quot; / &lt;x&gt;"), "{h}");
        assert!(h.contains("<li class=\"error\">line 3: expected first&lt;TAB&gt;second"));
        let t = probe_text("1 2\n[1, \"<b>\"]\n", Scale::default());
        let h = probe_results(&t);
        assert!(
            h.contains("score 2 is &quot;&lt;b&gt;&quot;, not a number"),
            "{h}"
        );
        assert!(!h.contains("<b>"));
    }

    #[test]
    fn probe_markup() {
        let t = probe_text("1 10\n10 1\n1 10\n10 1\n", Scale::new(1, 3).unwrap());
        let h = probe_results(&t);
        // Off-scale 10s count in the rates but get no bar: bars for 1, 2, 3 only.
        assert!(h.contains("viewBox=\"0 0 60 50\""), "{h}");
        assert!(h.contains(
            "<g><title>1: 4</title><rect class=\"bar\" x=\"2\" y=\"0\" width=\"16\" \
             height=\"40\"></rect><text x=\"10\" y=\"49\" text-anchor=\"middle\">1</text></g>"
        ));
        assert!(h.contains("<tr class=\"matched\"><td>1</td><td>JITTERY</td><td>matched</td>"));
        assert!(h.contains(
            "<tr><td>item 1</td><td>5.1962</td><td>1–10</td><td class=\"mono\">1 10 1 10</td></tr>"
        ));
        assert_eq!(h.matches("<tr").count(), 1 + 6 + 1 + 2);
    }

    #[test]
    fn pairwise_markup() {
        let h = pairwise_results(&analyse("x\ty\tA\ny\tx\tA\n"));
        assert!(h.contains("<div id=\"pairwise-errors\" class=\"calc-diag\"></div>"));
        assert!(h.contains("<dd id=\"pairwise-consistent-share\">0.0%</dd>"));
        assert!(h.contains("Flipped with the order: x / y."));
        assert!(h.contains(
            "<tr data-item=\"x\" data-alpha=\"1.5\" data-beta=\"1.5\" data-width=\"1.1316\" \
             class=\"judge-again\"><th scope=\"row\">x</th>"
        ));
        assert!(h.contains("<line class=\"dot\" x1=\"50\" y1=\"0\" x2=\"50\" y2=\"10\""));
        let empty = pairwise_results(&analyse(""));
        assert!(empty.contains("<tbody id=\"pairwise-items\"></tbody>"));
        assert!(empty.contains("No decided verdict yet."));
    }
}
