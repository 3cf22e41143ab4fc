//! **Probe** → the outputs in words: `REPORT.md` and the summary lines a command prints
//! (`aggregate.json`, the original aggregator's keys and nesting, is the `aggregate` module's,
//! re-exported here as `aggregate_json` with the `json` feature).

#[cfg(feature = "json")]
pub use super::aggregate::aggregate_json;
use super::regime::Status;
use super::Probe;
use crate::numbers::{four, percent, short};

/// How many items the "most variable" table lists.
pub const MOST_VARIABLE: usize = 5;

/// The lines a command prints after computing the probe: the regime, the run counts, the four
/// metrics, then one line per failed run.
///
/// ```
/// use pickanumber_instruments::probe::{probe, report, ItemsSpec, Run};
/// let p = probe(&[Run::scored("run-001.json", vec![5, 6, 5])], &ItemsSpec::default());
/// assert_eq!(
///     report::summary_lines(&p),
///     [
///         "Regime: PICKS_A_NUMBER",
///         "  successful_runs=1 failed=0",
///         "  ceiling_rate=0.0000 floor_rate=0.0000 range=1 mean_per_item_std=absent",
///     ]
/// );
/// ```
pub fn summary_lines(p: &Probe) -> Vec<String> {
    let st = &p.statistics;
    let mut lines = vec![
        format!("Regime: {}", p.regime()),
        format!(
            "  successful_runs={} failed={}",
            st.successful_runs, st.failed_runs
        ),
    ];
    match p.metrics() {
        Some(m) => lines.push(format!(
            "  ceiling_rate={} floor_rate={} range={} mean_per_item_std={}",
            four(m.ceiling_rate),
            four(m.floor_rate),
            m.range,
            m.mean_per_item_std.map_or("absent".to_string(), four)
        )),
        None => lines.push("  no ratings: every run failed or was empty".to_string()),
    }
    for f in &p.failures {
        lines.push(format!("  failed {}: {}", f.label, f.reason));
    }
    lines
}

/// `REPORT.md`: the regime and its advice, the four metrics, the distribution, a histogram,
/// test-retest stability, the most variable items and the rule trace.
pub fn markdown(p: &Probe) -> String {
    let mut out = String::new();
    let mut line = |s: &str| {
        out.push_str(s);
        out.push('\n');
    };
    let st = &p.statistics;
    let scale = p.spec.scale;
    let regime = p.regime();
    line(&format!(
        "# Calibration probe: {}",
        p.spec.name.as_deref().map_or("unnamed".to_string(), cell)
    ));
    line("");
    line(&format!("Regime: **{regime}**"));
    line("");
    line(regime.looks_like());
    line("");
    line(&format!("**What to do.** {}", regime.advice()));
    line("");
    line("The probe is a heuristic. Its labels have not yet been validated against human judges, so read the histogram below before acting on the label.");
    line("");

    line("## Runs");
    line("");
    line(&format!("- Items: {}", st.n_items));
    line(&format!("- Scale: {} to {}", scale.min(), scale.max()));
    line(&format!("- Successful runs: {}", st.successful_runs));
    line(&format!("- Failed runs: {}", st.failed_runs));
    for f in &p.failures {
        line(&format!("  - {}: {}", cell(&f.label), cell(&f.reason)));
    }
    line("");

    line("## The four metrics");
    line("");
    let (top, bottom) = (scale.max() - 1, scale.min() + 1);
    match (&st.across_runs, p.metrics()) {
        (Some(a), Some(m)) => {
            line("| Metric | Value | What it counts |");
            line("|---|---:|---|");
            line(&format!(
                "| Ceiling rate | {} ({} of {}) | ratings of {top} or more |",
                four(m.ceiling_rate),
                a.ceiling_count,
                a.n_total_scores
            ));
            line(&format!(
                "| Floor rate | {} ({} of {}) | ratings of {bottom} or less |",
                four(m.floor_rate),
                a.floor_count,
                a.n_total_scores
            ));
            line(&format!(
                "| Range | {} ({} to {}) | highest minus lowest rating |",
                m.range, a.min, a.max
            ));
            line(&format!(
                "| Mean per-item std | {} | each item's spread across runs, averaged over the {} items rated at least twice |",
                m.mean_per_item_std.map_or("absent".to_string(), four),
                rated_twice(p)
            ));
            line("");
            line("Rates and the mean per-item std are rounded to four decimals before the rules compare them.");
        }
        _ => line("No ratings: every run failed or was empty, so there is nothing to measure and the regime is AMBIGUOUS."),
    }
    line("");

    if let Some(a) = &st.across_runs {
        line("## Distribution");
        line("");
        let outside = a.n_total_scores - a.histogram.counts.iter().sum::<usize>();
        line(&format!(
            "- Ratings: {}{}",
            a.n_total_scores,
            match outside {
                0 => String::new(),
                1 => " (1 outside the scale: counted in the rates' denominator and the range, not in the histogram)".to_string(),
                k => format!(" ({k} outside the scale: counted in the rates' denominator and the range, not in the histogram)"),
            }
        ));
        line(&format!("- Mean: {}", short(a.mean)));
        line(&format!("- Median: {}", short(a.median.value())));
        line(&format!("- Mode: {}", a.mode));
        line(&format!("- Lowest and highest: {} and {}", a.min, a.max));
        line(&format!("- Standard deviation: {}", short(a.std)));
        line("");
        line("## Histogram");
        line("");
        line("| Rating | Count | Share | |");
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
        line("Shares are of all ratings, including any outside the scale.");
        line("");
    }

    line("## Test-retest stability");
    line("");
    match st.mean_per_item_std {
        Some(v) => {
            line(&format!(
                "Mean per-item standard deviation: **{}** over {} items rated at least twice.",
                four(v),
                rated_twice(p)
            ));
            line("");
            line("Near 0, the model gives an item the same rating in every run. At 2.5 or more the probe calls it JITTERY: a single run says little about the item.");
        }
        None => line("No item was rated in two runs, so stability cannot be measured and the JITTERY rule is skipped."),
    }
    line("");

    line("## Most variable items");
    line("");
    let varied = p.most_variable(MOST_VARIABLE);
    if varied.is_empty() {
        line("No item's rating changed between runs.");
    } else {
        line("| # | Item | n | Mean | Std | Min | Max | Mode |");
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

    line("## How the regime was decided");
    line("");
    line("The rules are checked in this order and the first that matches decides. Rules after it are shown for reference.");
    line("");
    line("| # | Regime | Rule | Values | Result |");
    line("|---:|---|---|---|---|");
    for r in &p.classification.trace {
        let rule = if r.rule.conditions.is_empty() {
            "none of the above".to_string()
        } else {
            r.rule
                .conditions
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" and ")
        };
        let result = match r.status {
            Status::Matched => "**matched**",
            s => s.label(),
        };
        line(&format!(
            "| {} | {} | {rule} | {} | {result} |",
            r.order,
            r.rule.regime,
            r.why()
        ));
    }
    line("");
    line(&format!(
        "Ceiling and floor count the top two and bottom two points of the scale ({top} and up, {bottom} and down), as the probe's aggregator does and as its thresholds were set; the original paper's appendix counts only the extreme points."
    ));
    out
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
