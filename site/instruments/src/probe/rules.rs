//! The six regime rules as data: each a regime and the conditions (metric, comparison,
//! threshold) that make it, in the order [`super::regime::classify`] tries them. The table in
//! [`super::regime`]'s documentation is this list in words.

use super::metrics::Metrics;
use super::regime::Regime;
use pickanumber_text::numtext::short;
use std::fmt;

/// A metric a rule reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// [`Metrics::mean_per_item_std`].
    MeanPerItemStd,
    /// [`Metrics::ceiling_rate`].
    CeilingRate,
    /// [`Metrics::floor_rate`].
    FloorRate,
    /// [`Metrics::range`].
    Range,
}

impl Metric {
    /// The key of the metric in `aggregate.json`.
    pub fn key(self) -> &'static str {
        match self {
            Metric::MeanPerItemStd => "mean_per_item_std",
            Metric::CeilingRate => "ceiling_rate",
            Metric::FloorRate => "floor_rate",
            Metric::Range => "range",
        }
    }

    /// The metric's value, `None` when absent.
    pub fn of(self, m: &Metrics) -> Option<f64> {
        match self {
            Metric::MeanPerItemStd => m.mean_per_item_std,
            Metric::CeilingRate => Some(m.ceiling_rate),
            Metric::FloorRate => Some(m.floor_rate),
            Metric::Range => Some(m.range as f64),
        }
    }
}

/// A comparison of a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `≥`
    AtLeast,
    /// `<`
    Below,
    /// `≤`
    AtMost,
}

impl Op {
    /// The symbol: `≥`, `<` or `≤`.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::AtLeast => "≥",
            Op::Below => "<",
            Op::AtMost => "≤",
        }
    }

    /// Whether `value op threshold` holds.
    pub fn holds(self, value: f64, threshold: f64) -> bool {
        match self {
            Op::AtLeast => value >= threshold,
            Op::Below => value < threshold,
            Op::AtMost => value <= threshold,
        }
    }
}

/// One condition of a rule: `metric op threshold`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Condition {
    /// What is compared.
    pub metric: Metric,
    /// How.
    pub op: Op,
    /// Against what.
    pub threshold: f64,
}

impl fmt::Display for Condition {
    /// `ceiling_rate ≥ 0.25`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.metric.key(),
            self.op.symbol(),
            short(self.threshold)
        )
    }
}

/// A rule of the classifier: all conditions must hold (none for the fallback).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rule {
    /// The regime it assigns.
    pub regime: Regime,
    /// Conditions joined by "and".
    pub conditions: &'static [Condition],
}

const fn c(metric: Metric, op: Op, threshold: f64) -> Condition {
    Condition {
        metric,
        op,
        threshold,
    }
}

/// The rules in the order they are checked.
pub const RULES: [Rule; 6] = [
    Rule {
        regime: Regime::Jittery,
        conditions: &[c(Metric::MeanPerItemStd, Op::AtLeast, 2.5)],
    },
    Rule {
        regime: Regime::InflationLikely,
        conditions: &[
            c(Metric::CeilingRate, Op::AtLeast, 0.25),
            c(Metric::FloorRate, Op::Below, 0.05),
        ],
    },
    Rule {
        regime: Regime::DeflationLikely,
        conditions: &[
            c(Metric::FloorRate, Op::AtLeast, 0.25),
            c(Metric::CeilingRate, Op::Below, 0.05),
        ],
    },
    Rule {
        regime: Regime::PicksANumber,
        conditions: &[c(Metric::Range, Op::AtMost, 2.0)],
    },
    Rule {
        regime: Regime::Calibrated,
        conditions: &[
            c(Metric::Range, Op::AtLeast, 5.0),
            c(Metric::FloorRate, Op::AtLeast, 0.05),
            c(Metric::CeilingRate, Op::Below, 0.35),
        ],
    },
    Rule {
        regime: Regime::Ambiguous,
        conditions: &[],
    },
];
