//! The probe's `REPORT.md`, which `pickanumber probe --out DIR` writes: **[`Probe`]** →
//! [`markdown`], in the words of [`ProbeReport`] (the defaults are
//! [`crate::words::PROBE_REPORT`]) and of the words it shares
//! with the page's results (`[probe.view]`, [`ProbeView`]). This module writes only the
//! markdown around the words (headings, bold, tables, list marks) and the numbers; the
//! regime's name, what it looks like, its advice and each rule's conditions and reason are the
//! instruments crate's, as on the page. No word is typed here.

use crate::plain;
use crate::words::ProbeView;
use pickanumber_instruments::numbers::percent;
use pickanumber_instruments::probe::regime::{Metric, RULES};
use pickanumber_instruments::probe::report::MOST_VARIABLE;
use pickanumber_instruments::probe::{Probe, Regime, Status};
use pickanumber_text::numtext::{four, short};

/// The report's own words, in the order
/// the report shows them. A sentence with `{slots}` is filled by [`crate::plain`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeReport<'a> {
    /// The heading: `{name}`, the probe set's name.
    pub title: &'a str,
    /// The name when the items file gives none.
    pub unnamed: &'a str,
    /// The advice's bold lead-in.
    pub what_to_do: &'a str,
    /// The warning that the probe's labels are a heuristic.
    pub heuristic: &'a str,
    /// The heading over the runs.
    pub runs: &'a str,
    /// The item count: `{n}`.
    pub items: &'a str,
    /// The scale: `{low}`, `{high}`.
    pub scale: &'a str,
    /// The successful runs: `{n}`.
    pub successful_runs: &'a str,
    /// The failed runs: `{n}`.
    pub failed_runs: &'a str,
    /// The heading over the metrics.
    pub metrics: &'a str,
    /// The metrics table's column heads: metric, value, what it counts.
    pub metrics_columns: [&'a str; 3],
    /// The ceiling rate's label.
    pub ceiling: &'a str,
    /// The floor rate's label.
    pub floor: &'a str,
    /// A rate's value: `{value}`, `{count}` of `{total}`.
    pub counted: &'a str,
    /// The range's value: `{value}`, from `{low}` to `{high}`.
    pub spanned: &'a str,
    /// What the ceiling rate counts: `{top}`.
    pub ceiling_counts: &'a str,
    /// What the floor rate counts: `{bottom}`.
    pub floor_counts: &'a str,
    /// What the range counts.
    pub range_counts: &'a str,
    /// What the mean per-item std counts: `{n}` items rated twice or more.
    pub std_counts: &'a str,
    /// A metric that cannot be computed.
    pub absent: &'a str,
    /// The note on rounding under the metrics.
    pub rounded: &'a str,
    /// In place of the metrics when there is no rating: `{regime}`, the fallback's name.
    pub no_ratings: &'a str,
    /// The heading over the distribution.
    pub distribution: &'a str,
    /// The rating count: `{n}`.
    pub ratings: &'a str,
    /// After it, the ratings off the scale: `{n}`.
    pub outside: &'a str,
    /// The mean: `{value}`.
    pub mean: &'a str,
    /// The median: `{value}`.
    pub median: &'a str,
    /// The mode: `{value}`.
    pub mode: &'a str,
    /// The lowest and highest rating: `{low}`, `{high}`.
    pub lowest_highest: &'a str,
    /// The standard deviation: `{value}`.
    pub std: &'a str,
    /// The heading over the histogram.
    pub histogram: &'a str,
    /// The histogram's column heads before the bar's: rating, count, share.
    pub histogram_columns: [&'a str; 3],
    /// The note under the histogram.
    pub shares: &'a str,
    /// The heading over the test-retest stability.
    pub stability: &'a str,
    /// The mean per-item std: `{value}` over `{n}` items.
    pub stability_value: &'a str,
    /// How to read it: `{threshold}` and `{regime}`, the jittery rule's.
    pub stability_reading: &'a str,
    /// In place of it when no item was rated twice: `{regime}`, the rule skipped.
    pub no_stability: &'a str,
    /// In place of the most variable items when no rating changed.
    pub unchanged: &'a str,
    /// The most variable items' column heads: order, item, n, mean, std, min, max, mode.
    pub variable_columns: [&'a str; 8],
    /// The heading over the rule trace.
    pub decided: &'a str,
    /// The sentence on the order of the rules.
    pub order: &'a str,
    /// The rule trace's column heads: order, regime, rule, values, result.
    pub trace_columns: [&'a str; 5],
    /// The rule of the fallback regime.
    pub otherwise: &'a str,
    /// The word between a rule's conditions.
    pub and: &'a str,
    /// The closing note on which points the rates count: `{top}`, `{bottom}`.
    pub extremes: &'a str,
}

/// `REPORT.md`: the regime and its advice, the four metrics, the distribution, a histogram,
/// test-retest stability, the most variable items and the rule trace, in the words `w` (the
/// report's own) and `v` (those it shares with the page: the word before the regime, the
/// range's and the mean per-item std's labels, the most variable items' heading).
///
/// ```
/// use pickanumber_instruments::probe::{probe, ItemsSpec, Run};
/// use pickanumber_result_view::{probe_report::markdown, words::{PROBE, PROBE_REPORT}};
/// let p = probe(&[Run::scored("run-001.json", vec![5, 6, 5])], &ItemsSpec::default());
/// let md = markdown(&p, &PROBE_REPORT, &PROBE);
/// assert!(md.starts_with("# Calibration probe: unnamed\n\nRegime: **PICKS_A_NUMBER** (runs read: 1)\n"));
/// ```
pub fn markdown(p: &Probe, w: &ProbeReport<'_>, v: &ProbeView<'_>) -> String {
    let mut out = String::new();
    let mut line = |s: &str| {
        out.push_str(s);
        out.push('\n');
    };
    let name = p.spec.name.as_deref().map_or(w.unnamed.to_string(), cell);
    line(&format!("# {}", plain(w.title, &[("name", &name)])));
    line("");
    match crate::probe::announcement(p, v) {
        Ok((regime, read_from)) => {
            line(&format!("{}: **{regime}** {read_from}", v.regime));
            line("");
            line(regime.looks_like());
            line("");
            line(&format!("**{}** {}", w.what_to_do, regime.advice()));
        }
        Err(why) => line(&why),
    }
    line("");
    line(w.heuristic);
    line("");
    runs(&mut line, p, w);
    metrics(&mut line, p, w, v);
    distribution(&mut line, p, w);
    stability(&mut line, p, w);
    variable(&mut line, p, w, v);
    trace(&mut line, p, w);
    out
}

/// `## Runs`: the items, the scale, the run counts and each failed run.
fn runs(line: &mut impl FnMut(&str), p: &Probe, w: &ProbeReport<'_>) {
    let st = &p.statistics;
    let scale = p.spec.scale;
    let count =
        |template: &str, n: usize| format!("- {}", plain(template, &[("n", &n.to_string())]));
    line(&format!("## {}", w.runs));
    line("");
    line(&count(w.items, st.n_items));
    let (low, high) = (scale.min().to_string(), scale.max().to_string());
    line(&format!(
        "- {}",
        plain(w.scale, &[("low", &low), ("high", &high)])
    ));
    line(&count(w.successful_runs, st.successful_runs));
    line(&count(w.failed_runs, st.failed_runs));
    for f in &p.failures {
        line(&format!("  - {}: {}", cell(&f.label), cell(&f.reason)));
    }
    line("");
}

/// `## The four metrics`: a table of the rates, the range and the mean per-item std, with
/// what each counts; a sentence instead when there is no rating.
fn metrics(line: &mut impl FnMut(&str), p: &Probe, w: &ProbeReport<'_>, v: &ProbeView<'_>) {
    let st = &p.statistics;
    let scale = p.spec.scale;
    line(&format!("## {}", w.metrics));
    line("");
    let (top, bottom) = (
        scale.ceiling_from().to_string(),
        scale.floor_to().to_string(),
    );
    match (&st.across_runs, p.metrics()) {
        (Some(a), Some(m)) => {
            let [metric, value, counts] = w.metrics_columns;
            line(&format!("| {metric} | {value} | {counts} |"));
            line("|---|---:|---|");
            let total = a.n_total_scores.to_string();
            let counted = |rate: f64, count: usize| {
                let (rate, count) = (four(rate), count.to_string());
                plain(
                    w.counted,
                    &[("value", &rate), ("count", &count), ("total", &total)],
                )
            };
            let row = |label: &str, value: &str, counts: &str| {
                format!("| {label} | {value} | {counts} |")
            };
            line(&row(
                w.ceiling,
                &counted(m.ceiling_rate, a.ceiling_count),
                &plain(w.ceiling_counts, &[("top", &top)]),
            ));
            line(&row(
                w.floor,
                &counted(m.floor_rate, a.floor_count),
                &plain(w.floor_counts, &[("bottom", &bottom)]),
            ));
            let (range, low, high) = (m.range.to_string(), a.min.to_string(), a.max.to_string());
            line(&row(
                v.metrics[2],
                &plain(
                    w.spanned,
                    &[("value", &range), ("low", &low), ("high", &high)],
                ),
                w.range_counts,
            ));
            let twice = rated_twice(p).to_string();
            line(&row(
                v.metrics[3],
                &m.mean_per_item_std.map_or(w.absent.to_string(), four),
                &plain(w.std_counts, &[("n", &twice)]),
            ));
            line("");
            line(w.rounded);
        }
        _ => line(&plain(
            w.no_ratings,
            &[("regime", Regime::Ambiguous.name())],
        )),
    }
    line("");
}

/// `## Distribution` and `## Histogram`, when there is any rating.
fn distribution(line: &mut impl FnMut(&str), p: &Probe, w: &ProbeReport<'_>) {
    let Some(a) = &p.statistics.across_runs else {
        return;
    };
    let value = |template: &str, x: String| format!("- {}", plain(template, &[("value", &x)]));
    line(&format!("## {}", w.distribution));
    line("");
    let n = a.n_total_scores.to_string();
    let mut ratings = format!("- {}", plain(w.ratings, &[("n", &n)]));
    let outside = a.n_total_scores - a.histogram.counts.iter().sum::<usize>();
    if outside > 0 {
        ratings.push(' ');
        ratings.push_str(&plain(w.outside, &[("n", &outside.to_string())]));
    }
    line(&ratings);
    line(&value(w.mean, short(a.mean)));
    line(&value(w.median, short(a.median.value())));
    line(&value(w.mode, a.mode.to_string()));
    let (low, high) = (a.min.to_string(), a.max.to_string());
    line(&format!(
        "- {}",
        plain(w.lowest_highest, &[("low", &low), ("high", &high)])
    ));
    line(&value(w.std, short(a.std)));
    line("");
    line(&format!("## {}", w.histogram));
    line("");
    let [rating, count, share] = w.histogram_columns;
    line(&format!("| {rating} | {count} | {share} | |"));
    line("|---:|---:|---:|---|");
    let tallest = a.histogram.counts.iter().copied().max().unwrap_or(0);
    for (point, count) in a.histogram.bars() {
        line(&format!(
            "| {point} | {count} | {} | {} |",
            percent(count, a.n_total_scores),
            bar(count, tallest)
        ));
    }
    line("");
    line(w.shares);
    line("");
}

/// `## Test-retest stability`: the mean per-item std and how to read it, with the jittery
/// rule's threshold from the rules.
fn stability(line: &mut impl FnMut(&str), p: &Probe, w: &ProbeReport<'_>) {
    let jittery = Regime::Jittery.name();
    line(&format!("## {}", w.stability));
    line("");
    match p.statistics.mean_per_item_std {
        Some(std) => {
            let (value, n) = (format!("**{}**", four(std)), rated_twice(p).to_string());
            line(&plain(w.stability_value, &[("value", &value), ("n", &n)]));
            line("");
            line(&plain(
                w.stability_reading,
                &[("threshold", &jittery_threshold()), ("regime", jittery)],
            ));
        }
        None => line(&plain(w.no_stability, &[("regime", jittery)])),
    }
    line("");
}

/// The mean per-item std from which the rules call a probe jittery, as the rule trace
/// prints thresholds.
fn jittery_threshold() -> String {
    RULES
        .iter()
        .filter(|r| r.regime == Regime::Jittery)
        .flat_map(|r| r.conditions)
        .find(|c| c.metric == Metric::MeanPerItemStd)
        .map_or_else(String::new, |c| short(c.threshold))
}

/// `## Most variable items`: the [`MOST_VARIABLE`] items whose ratings moved most.
fn variable(line: &mut impl FnMut(&str), p: &Probe, w: &ProbeReport<'_>, v: &ProbeView<'_>) {
    line(&format!("## {}", v.variable));
    line("");
    let varied = p.most_variable(MOST_VARIABLE);
    if varied.is_empty() {
        line(w.unchanged);
    } else {
        line(&format!("| {} |", w.variable_columns.join(" | ")));
        line("|---:|---|---:|---:|---:|---:|---:|---:|");
        for item in varied {
            if let Some(s) = &item.stats {
                line(&format!(
                    "| {} | {} | {} | {} | {} | {} | {} | {} |",
                    item.index,
                    cell(&clip(&item.item_text, 60)),
                    s.n,
                    short(s.mean),
                    short(s.std),
                    s.min,
                    s.max,
                    s.mode
                ));
            }
        }
    }
    line("");
}

/// `## How the regime was decided`: every rule in order, its values and its result, then
/// which points the rates count.
fn trace(line: &mut impl FnMut(&str), p: &Probe, w: &ProbeReport<'_>) {
    let scale = p.spec.scale;
    line(&format!("## {}", w.decided));
    line("");
    line(w.order);
    line("");
    line(&format!("| {} |", w.trace_columns.join(" | ")));
    line("|---:|---|---|---|---|");
    let and = format!(" {} ", w.and);
    for r in &p.classification.trace {
        let rule = if r.rule.conditions.is_empty() {
            w.otherwise.to_string()
        } else {
            r.rule
                .conditions
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(&and)
        };
        let result = match r.status {
            Status::Matched => format!("**{}**", Status::Matched.label()),
            s => s.label().to_string(),
        };
        line(&format!(
            "| {} | {} | {rule} | {} | {result} |",
            r.order,
            r.rule.regime,
            r.why()
        ));
    }
    line("");
    let (top, bottom) = (
        scale.ceiling_from().to_string(),
        scale.floor_to().to_string(),
    );
    line(&plain(w.extremes, &[("top", &top), ("bottom", &bottom)]));
}

fn rated_twice(p: &Probe) -> usize {
    p.statistics
        .per_item
        .iter()
        .filter(|i| i.scores.len() > 1)
        .count()
}

/// A bar of up to 20 blocks, proportional to the tallest count (at least one block when the
/// count is not zero).
fn bar(count: usize, tallest: usize) -> String {
    if count == 0 || tallest == 0 {
        return String::new();
    }
    let blocks = (count * 20).div_ceil(tallest).max(1);
    "█".repeat(blocks)
}

/// Text made safe for a table cell: pipes escaped, line breaks as spaces.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// At most `n` characters, ending in `…` when cut.
fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(n - 1).collect();
        out.push('…');
        out
    }
}
