//! **Metrics** → regime: the six rules in order, first match wins, with a trace of every rule.
//!
//! | # | Regime | Rule |
//! |---|---|---|
//! | 1 | JITTERY | mean per-item std ≥ 2.5 (skipped when no item has two ratings) |
//! | 2 | INFLATION_LIKELY | ceiling rate ≥ 0.25 and floor rate < 0.05 |
//! | 3 | DEFLATION_LIKELY | floor rate ≥ 0.25 and ceiling rate < 0.05 |
//! | 4 | PICKS_A_NUMBER | range ≤ 2 |
//! | 5 | CALIBRATED | range ≥ 5 and floor rate ≥ 0.05 and ceiling rate < 0.35 |
//! | 6 | AMBIGUOUS | none of the above (also: no ratings at all) |
//!
//! The rules themselves are data ([`RULES`], in `rules`); this module names the regimes,
//! evaluates the rules on the metrics and keeps the trace. The rules after the match are still
//! evaluated for the trace (marked
//! [`Status::NotReached`]), so a reader sees which later rules would also have held.

use super::metrics::Metrics;
pub use super::rules::{Condition, Metric, Op, Rule, RULES};
use pickanumber_text::numtext::short;
use std::fmt;

/// How a model uses a rating scale, as the probe classifies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Regime {
    /// The same item gets very different ratings from run to run.
    Jittery,
    /// Ratings crowd the top of the scale.
    InflationLikely,
    /// Ratings crowd the bottom of the scale.
    DeflationLikely,
    /// Ratings barely move, wherever they sit.
    PicksANumber,
    /// Wide range, uses the bottom, no crowding at the top.
    Calibrated,
    /// None of the above.
    Ambiguous,
}

impl Regime {
    /// All regimes, in the order the rules check them.
    pub const ALL: [Regime; 6] = [
        Regime::Jittery,
        Regime::InflationLikely,
        Regime::DeflationLikely,
        Regime::PicksANumber,
        Regime::Calibrated,
        Regime::Ambiguous,
    ];

    /// The name exactly as the original aggregator spells it (`INFLATION_LIKELY`, …).
    pub fn name(self) -> &'static str {
        match self {
            Regime::Jittery => "JITTERY",
            Regime::InflationLikely => "INFLATION_LIKELY",
            Regime::DeflationLikely => "DEFLATION_LIKELY",
            Regime::PicksANumber => "PICKS_A_NUMBER",
            Regime::Calibrated => "CALIBRATED",
            Regime::Ambiguous => "AMBIGUOUS",
        }
    }

    /// The regime with this exact name.
    pub fn from_name(name: &str) -> Option<Regime> {
        Regime::ALL.into_iter().find(|r| r.name() == name)
    }

    /// One sentence on what the ratings look like.
    pub fn looks_like(self) -> &'static str {
        match self {
            Regime::Jittery => "The same item gets very different ratings from one run to the next.",
            Regime::InflationLikely => "Ratings pile up at the top of the scale and rarely reach the bottom.",
            Regime::DeflationLikely => "Ratings pile up at the bottom of the scale and rarely reach the top.",
            Regime::PicksANumber => "Ratings barely move, whatever the item: a tight cluster.",
            Regime::Calibrated => "Ratings use a wide part of the scale, including the bottom, without crowding the top.",
            Regime::Ambiguous => "The ratings match none of the named patterns cleanly.",
        }
    }

    /// What to do with such a judge: the site's resolution of the sources (the paper's
    /// decision rule, with the counter-bias as a dial: full for inflation, reduced for deflation
    /// and ambiguous, none for calibrated).
    pub fn advice(self) -> &'static str {
        match self {
            Regime::Jittery => "Fix reliability before anything else: average three to five runs per item and probe again, or use another model. Bias corrections cannot help while a single run is mostly noise.",
            Regime::InflationLikely => "This is the case the method was built for: run every stage (evidence, square root, regression toward the centre) with the counter-bias at full strength.",
            Regime::DeflationLikely => "Run every stage, but turn the counter-bias down: instructions that push against leniency would deepen a bias that already points the other way.",
            Regime::PicksANumber => "The method cannot rescue this judge: its evidence would be as uninformative as its numbers. Use another model, or accept that its scores carry a weak signal.",
            Regime::Calibrated => "Use a lighter touch: collect evidence, normalise by the square root and regress thin evidence toward the centre, without prompt language urging severity (or run every stage with no counter-bias). Full counter-bias can push a calibrated judge off calibration.",
            Regime::Ambiguous => "Run every stage with the counter-bias reduced, then audit each criterion's positive-to-negative ratio and flag any criterion where one side outnumbers the other by more than two to one.",
        }
    }
}

impl fmt::Display for Regime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A condition evaluated on the metrics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    /// The condition.
    pub condition: Condition,
    /// The metric's value; `None` when absent (the rule is then skipped).
    pub value: Option<f64>,
    /// Whether it holds (false when the value is absent).
    pub holds: bool,
}

impl fmt::Display for Comparison {
    /// `ceiling_rate 0.3125 ≥ 0.25 (holds)` / `mean_per_item_std absent`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.condition;
        match self.value {
            None => write!(f, "{} absent", c.metric.key()),
            Some(v) => write!(
                f,
                "{} {} {} {} ({})",
                c.metric.key(),
                short(v),
                c.op.symbol(),
                short(c.threshold),
                if self.holds { "holds" } else { "fails" }
            ),
        }
    }
}

/// What happened to a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// This rule decided the regime.
    Matched,
    /// Checked; a condition failed.
    NoMatch,
    /// Not checked: a value it needs is absent (no item has two ratings, or no ratings).
    Skipped,
    /// After the matching rule: not checked by the classifier, evaluated for the reader.
    NotReached,
}

impl Status {
    /// `matched`, `no match`, `skipped` or `not reached`.
    pub fn label(self) -> &'static str {
        match self {
            Status::Matched => "matched",
            Status::NoMatch => "no match",
            Status::Skipped => "skipped",
            Status::NotReached => "not reached",
        }
    }
}

/// One rule in the trace.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleCheck {
    /// 1-based position in the order of checking.
    pub order: usize,
    /// The rule.
    pub rule: Rule,
    /// Its conditions with the values compared (empty for the fallback, and when there are no
    /// ratings at all).
    pub comparisons: Vec<Comparison>,
    /// What happened.
    pub status: Status,
}

impl RuleCheck {
    /// Whether every condition holds on the values (true for the fallback).
    pub fn conditions_hold(&self) -> bool {
        if self.rule.conditions.is_empty() {
            return true;
        }
        !self.comparisons.is_empty() && self.comparisons.iter().all(|c| c.holds)
    }

    /// Why the rule has its status, in a sentence fragment:
    /// `ceiling_rate 0.3125 ≥ 0.25 (holds) and floor_rate 0 < 0.05 (holds)`.
    pub fn why(&self) -> String {
        if self.comparisons.is_empty() {
            return if self.rule.conditions.is_empty() {
                match self.status {
                    Status::NotReached => "an earlier rule matched",
                    _ => "no earlier rule matched",
                }
                .to_string()
            } else {
                "no ratings to compare".to_string()
            };
        }
        let mut parts: Vec<String> = self.comparisons.iter().map(|c| c.to_string()).collect();
        if self.status == Status::Skipped {
            parts.push("so the rule is skipped".to_string());
            return parts.join(", ");
        }
        if self.status == Status::NotReached && self.conditions_hold() {
            parts.push("but an earlier rule matched".to_string());
            let last = parts.pop().unwrap_or_default();
            return format!("{}, {last}", parts.join(" and "));
        }
        parts.join(" and ")
    }
}

/// The regime and how it was reached.
#[derive(Clone, Debug, PartialEq)]
pub struct Classification {
    /// The first rule that matched.
    pub regime: Regime,
    /// Every rule, in order.
    pub trace: Vec<RuleCheck>,
}

/// Classifies the metrics; `None` means no ratings at all, which is AMBIGUOUS.
///
/// ```
/// use pickanumber_instruments::probe::{classify, Metrics, Regime};
/// let m = Metrics { ceiling_rate: 0.6, floor_rate: 0.0, range: 2, mean_per_item_std: Some(0.4) };
/// let c = classify(Some(&m));
/// assert_eq!(c.regime, Regime::InflationLikely); // before PICKS_A_NUMBER, which also holds
/// assert_eq!(
///     c.trace[1].why(),
///     "ceiling_rate 0.6 ≥ 0.25 (holds) and floor_rate 0 < 0.05 (holds)"
/// );
/// assert_eq!(classify(None).regime, Regime::Ambiguous);
/// ```
pub fn classify(metrics: Option<&Metrics>) -> Classification {
    let mut regime = None;
    let trace = RULES
        .iter()
        .enumerate()
        .map(|(i, rule)| {
            let comparisons: Vec<Comparison> = match metrics {
                None => Vec::new(),
                Some(m) => rule
                    .conditions
                    .iter()
                    .map(|&condition| {
                        let value = condition.metric.of(m);
                        Comparison {
                            condition,
                            value,
                            holds: value
                                .is_some_and(|v| condition.op.holds(v, condition.threshold)),
                        }
                    })
                    .collect(),
            };
            let absent = comparisons.iter().any(|c| c.value.is_none())
                || (metrics.is_none() && !rule.conditions.is_empty());
            let holds = comparisons.iter().all(|c| c.holds);
            let status = if regime.is_some() {
                Status::NotReached
            } else if absent {
                Status::Skipped
            } else if holds {
                regime = Some(rule.regime);
                Status::Matched
            } else {
                Status::NoMatch
            };
            RuleCheck {
                order: i + 1,
                rule: *rule,
                comparisons,
                status,
            }
        })
        .collect();
    Classification {
        regime: regime.unwrap_or(Regime::Ambiguous),
        trace,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(ceiling_rate: f64, floor_rate: f64, range: i64, std: Option<f64>) -> Metrics {
        Metrics {
            ceiling_rate,
            floor_rate,
            range,
            mean_per_item_std: std,
        }
    }

    fn regime(x: Metrics) -> Regime {
        classify(Some(&x)).regime
    }

    #[test]
    fn thresholds_at_their_edges() {
        assert_eq!(regime(m(0.1, 0.1, 6, Some(2.5))), Regime::Jittery);
        assert_eq!(regime(m(0.1, 0.1, 6, Some(2.4999))), Regime::Calibrated);
        assert_eq!(regime(m(0.25, 0.0499, 3, None)), Regime::InflationLikely);
        assert_eq!(regime(m(0.25, 0.05, 3, None)), Regime::Ambiguous);
        assert_eq!(regime(m(0.0499, 0.25, 3, None)), Regime::DeflationLikely);
        assert_eq!(regime(m(0.05, 0.25, 3, None)), Regime::Ambiguous);
        assert_eq!(regime(m(0.2, 0.2, 2, None)), Regime::PicksANumber);
        assert_eq!(regime(m(0.2, 0.2, 3, None)), Regime::Ambiguous);
        assert_eq!(regime(m(0.3499, 0.05, 5, None)), Regime::Calibrated);
        assert_eq!(regime(m(0.35, 0.05, 5, None)), Regime::Ambiguous);
        assert_eq!(regime(m(0.2, 0.0499, 9, None)), Regime::Ambiguous);
        assert_eq!(regime(m(0.2, 0.2, 4, None)), Regime::Ambiguous);
    }

    #[test]
    fn order_decides_overlaps() {
        // Jittery beats inflation; inflation beats picks-a-number; deflation too.
        assert_eq!(regime(m(0.9, 0.0, 9, Some(3.0))), Regime::Jittery);
        assert_eq!(regime(m(1.0, 0.0, 1, Some(0.2))), Regime::InflationLikely);
        assert_eq!(regime(m(0.0, 1.0, 0, None)), Regime::DeflationLikely);
        // On a tiny scale both extremes can hold at once; neither inflation nor deflation,
        // then the narrow range decides.
        assert_eq!(regime(m(1.0, 1.0, 1, None)), Regime::PicksANumber);
    }

    #[test]
    fn trace_statuses_and_reasons() {
        let c = classify(Some(&m(0.0, 0.3, 1, None)));
        let statuses: Vec<Status> = c.trace.iter().map(|r| r.status).collect();
        assert_eq!(
            statuses,
            [
                Status::Skipped,
                Status::NoMatch,
                Status::Matched,
                Status::NotReached,
                Status::NotReached,
                Status::NotReached
            ]
        );
        assert_eq!(
            c.trace[0].why(),
            "mean_per_item_std absent, so the rule is skipped"
        );
        assert_eq!(
            c.trace[1].why(),
            "ceiling_rate 0 ≥ 0.25 (fails) and floor_rate 0.3 < 0.05 (fails)"
        );
        assert_eq!(
            c.trace[3].why(),
            "range 1 ≤ 2 (holds), but an earlier rule matched"
        );
        assert_eq!(
            c.trace[4].why(),
            "range 1 ≥ 5 (fails) and floor_rate 0.3 ≥ 0.05 (holds) and ceiling_rate 0 < 0.35 (holds)"
        );
        assert_eq!(c.trace[5].why(), "an earlier rule matched");
        let c = classify(Some(&m(0.2, 0.2, 3, None)));
        assert_eq!(c.trace[5].status, Status::Matched);
        assert_eq!(c.trace[5].why(), "no earlier rule matched");
    }

    #[test]
    fn no_ratings_skips_every_named_rule() {
        let c = classify(None);
        assert_eq!(c.regime, Regime::Ambiguous);
        for r in &c.trace[..5] {
            assert_eq!(r.status, Status::Skipped);
            assert_eq!(r.why(), "no ratings to compare");
        }
        assert_eq!(c.trace[5].status, Status::Matched);
    }

    #[test]
    fn names_round_trip() {
        for r in Regime::ALL {
            assert_eq!(Regime::from_name(r.name()), Some(r));
        }
        assert_eq!(Regime::from_name("jittery"), None);
    }
}
