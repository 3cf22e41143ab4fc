//! The probe's views: **[`TextProbe`]** → [`results`] (regime and advice, the four metrics,
//! problems, the histogram as SVG, the rule trace, the most variable items); a scale that
//! cannot be used → [`scale_error`]; the page's static box around the results of the
//! synthetic example → [`static_box`]. The element ids (`#probe-regime`, …) are the ones the
//! browser tests and the page's styles use. The regime's name, what it looks like, its advice
//! and each rule's reason are the instruments crate's, as in `pickanumber probe`'s report.

use crate::frame::{self, Frame};
use crate::words::{ProbeBox, ProbeView};
use crate::{escape, fill, list, plain};
use pickanumber_instruments::probe::metrics::Histogram;
use pickanumber_instruments::probe::report::MOST_VARIABLE;
use pickanumber_instruments::probe::{probe_text, Scale, Status, TextProbe, MAX_FAILED_PERCENT};
use pickanumber_text::numtext::{four, short};

/// The most ratings the "most variable items" table lists per item.
const RATINGS_SHOWN: usize = 60;

/// The results when the scale cannot be used: no regime, the reason as the one problem.
///
/// ```
/// let h = pickanumber_result_view::probe::scale_error("the scale's <lowest> point");
/// assert!(h.contains("<strong id=\"probe-regime\">—</strong>"));
/// assert!(h.contains("<p class=\"error\">the scale&#39;s &lt;lowest&gt; point</p>"));
/// ```
pub fn scale_error(message: &str) -> String {
    format!(
        "<p class=\"probe-regime\"><strong id=\"probe-regime\">—</strong></p>\
         <div id=\"probe-errors\" class=\"calc-diag\"><p class=\"error\">{}</p></div>",
        escape(message)
    )
}

/// The regime the probe announces and, beside it, the runs it was read from (`Ok`), or the
/// sentence that says why it announces none (`Err`): the page's results and `REPORT.md` say
/// the same, in the words `w`, as plain text.
///
/// ```
/// use pickanumber_instruments::probe::{probe_text, Regime, Scale};
/// use pickanumber_result_view::{probe::announcement, words::PROBE};
/// let t = probe_text("9 10 9\n10 9 9\n9 9 10\nprose\n", Scale::default());
/// assert_eq!(announcement(&t.probe, &PROBE), Ok((Regime::InflationLikely, "(runs read: 3)".to_string())));
/// let t = probe_text("9 10 9\nprose\n", Scale::default());
/// assert_eq!(
///     announcement(&t.probe, &PROBE),
///     Err("No regime: more than 25% of the runs failed (1 of 2). Fix the failed runs and probe again.".to_string())
/// );
/// ```
///
/// # Errors
/// The sentence when no regime is announced ([`pickanumber_instruments::probe::Probe::announced`]).
pub fn announcement(
    p: &pickanumber_instruments::probe::Probe,
    w: &ProbeView<'_>,
) -> Result<(pickanumber_instruments::probe::Regime, String), String> {
    let st = &p.statistics;
    let total = (st.successful_runs + st.failed_runs).to_string();
    match p.announced() {
        Some(r) => Ok((
            r,
            plain(w.read_from, &[("runs", &st.successful_runs.to_string())]),
        )),
        None if st.failed_runs == 0 => Err(w.no_runs.to_string()),
        None => Err(plain(
            w.withheld,
            &[
                ("share", &MAX_FAILED_PERCENT.to_string()),
                ("failed", &st.failed_runs.to_string()),
                ("runs", &total),
            ],
        )),
    }
}

/// The probe's results: `#probe-regime`, `#probe-ceiling-rate`, `#probe-floor-rate`,
/// `#probe-range`, `#probe-mean-std` and `#probe-errors` (empty when every line was read and
/// no run failed), then the histogram, the rule trace and the most variable items.
///
/// ```
/// use pickanumber_instruments::probe::{probe_text, Scale};
/// use pickanumber_result_view::{probe::results, words::PROBE};
/// let h = results(&probe_text("9 10 9 8\n10 9 9 9\n9 9 10 9\n", Scale::default()), &PROBE);
/// assert!(h.contains("<strong id=\"probe-regime\">INFLATION_LIKELY</strong>"));
/// assert!(h.contains("<dd id=\"probe-ceiling-rate\">0.9167</dd>"));
/// assert!(h.contains("<div id=\"probe-errors\" class=\"calc-diag\"></div>"));
/// ```
pub fn results(t: &TextProbe, w: &ProbeView<'_>) -> String {
    let p = &t.probe;
    let m = p.metrics();
    let metric = |v: Option<String>| v.unwrap_or_else(|| "—".to_string());
    let verdict = match announcement(p, w) {
        Ok((regime, read_from)) => format!(
            "<p class=\"probe-regime\">{} <strong id=\"probe-regime\">{}</strong> {}</p>\
             <p class=\"probe-looks\">{}</p>\
             <p class=\"probe-advice\"><strong>{} </strong>{}</p>",
            escape(w.regime),
            regime.name(),
            escape(&read_from),
            escape(regime.looks_like()),
            escape(w.advice),
            escape(regime.advice()),
        ),
        Err(why) => format!(
            "<p class=\"probe-regime\">{} <strong id=\"probe-regime\">—</strong></p>\
             <p class=\"probe-looks\" id=\"probe-withheld\">{}</p>",
            escape(w.regime),
            escape(&why),
        ),
    };
    let mut h =
        format!("<div class=\"probe-verdict\">{verdict}</div><dl class=\"calc-out isl-metrics\">");
    let [ceiling, floor, range, std] = w.metrics;
    for (label, id, value) in [
        (
            ceiling,
            "probe-ceiling-rate",
            metric(m.map(|m| four(m.ceiling_rate))),
        ),
        (
            floor,
            "probe-floor-rate",
            metric(m.map(|m| four(m.floor_rate))),
        ),
        (range, "probe-range", metric(m.map(|m| m.range.to_string()))),
        (
            std,
            "probe-mean-std",
            metric(m.and_then(|m| m.mean_per_item_std.map(four))),
        ),
    ] {
        h.push_str(&format!(
            "<div class=\"calc-cell\"><dt>{}</dt><dd id=\"{id}\">{value}</dd></div>",
            escape(label)
        ));
    }
    h.push_str("</dl>");
    // Unreadable lines, then failed runs that are not one of them (marked parse_failed), as
    // escaped markup.
    let mut problems: Vec<String> = t
        .parsed
        .errors
        .iter()
        .map(|e| escape(&e.to_string()))
        .collect();
    // The unreadable lines' labels, looked up once each (not one scan of them per failure).
    let unreadable: std::collections::BTreeSet<String> = t
        .parsed
        .errors
        .iter()
        .map(|e| format!("line {}", e.line))
        .collect();
    for f in &p.failures {
        if !unreadable.contains(&f.label) {
            problems.push(fill(
                w.failed_run,
                &[("label", &f.label), ("reason", &f.reason)],
            ));
        }
    }
    h.push_str("<div id=\"probe-errors\" class=\"calc-diag\">");
    list(&mut h, &problems, w.more);
    h.push_str("</div><figure class=\"isl-figure\">");
    if let Some(a) = &p.statistics.across_runs {
        histogram_svg(&mut h, &a.histogram, w.histogram);
    }
    h.push_str(&format!(
        "<figcaption>{}</figcaption></figure><h2 class=\"isl-h\">{}</h2>\
         <table class=\"isl-table\"><thead><tr>{}</tr></thead><tbody>",
        escape(w.histogram_caption),
        escape(w.trace),
        heads(&w.trace_columns),
    ));
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
    h.push_str(&format!(
        "</tbody></table><h2 class=\"isl-h\">{}</h2>\
         <table class=\"isl-table\"><thead><tr>{}</tr></thead><tbody>",
        escape(w.variable),
        heads(&w.variable_columns),
    ));
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
            scores.push(fill(
                w.ratings_more,
                &[("n", &format!("{}", item.scores.len()))],
            ));
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

/// Column heads as `<th>` cells.
fn heads(columns: &[&str]) -> String {
    let mut h = String::new();
    for c in columns {
        h.push_str("<th>");
        h.push_str(&escape(c));
        h.push_str("</th>");
    }
    h
}

/// One bar per point of the scale, as SVG named `name` (no inline styles: the CSP forbids
/// them); bar heights are counts scaled to the tallest bar.
fn histogram_svg(h: &mut String, hist: &Histogram, name: &str) {
    let tallest = hist.counts.iter().copied().max().unwrap_or(0).max(1);
    let width = 20 * hist.counts.len().max(1);
    h.push_str(&format!(
        "<svg class=\"isl-histogram\" viewBox=\"0 0 {width} 50\" role=\"img\" aria-label=\"{}\">",
        escape(name)
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

/// The probe page's static box in `w`'s words: `runs` on `scale` in a read-only input, and
/// their [`results`] in `v`'s, which the island shows again for the same runs when it mounts.
/// `noscript` is the note's markup (the renderer turns its markdown into HTML).
pub fn static_box(
    runs: &str,
    scale: Scale,
    w: &ProbeBox<'_>,
    v: &ProbeView<'_>,
    noscript: &str,
) -> String {
    let (low, high) = (scale.min().to_string(), scale.max().to_string());
    let bar = fill(w.scale, &[("low", &low), ("high", &high)]);
    let frame = Frame {
        id: "probe",
        region: w.region,
        bar: &bar,
        input: w.input,
        input_name: w.input_name,
        example: runs,
        hint: w.hint,
        noscript,
        results: w.results,
    };
    frame::static_box(&frame, &results(&probe_text(runs, scale), v))
}
