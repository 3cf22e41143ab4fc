//! The calibration probe: how a judge model uses a rating scale, from repeated runs over fixed
//! items.
//!
//! **text** ([`text`]) or **run files** (`fs`) → **runs** ([`run`], each rating a [`rating`];
//! a bad entry quoted by `excerpt`) → with the **items** ([`items`]) → **statistics and
//! metrics** ([`metrics`]) → **regime** by the rules of `rules`, with its trace ([`regime`]) →
//! **outputs** ([`report`]: summary lines; with the `json` feature `aggregate.json`, written
//! in `aggregate`; `REPORT.md` is the view crate's `probe_report`).
//!
//! [`probe`] runs the middle of that chain; [`probe_text`] the whole of it for pasted text.

#[cfg(feature = "json")]
mod aggregate;
pub mod examples;
pub(crate) mod excerpt;
pub mod items;
pub mod metrics;
pub mod rating;
pub mod regime;
pub mod report;
mod rules;
pub mod run;
pub mod text;

#[cfg(feature = "fs")]
pub mod fs;

pub use items::{ItemsError, ItemsSpec, Scale, ScaleError};
pub use metrics::{statistics, AcrossRuns, ItemStats, Median, Metrics, PerItem, Statistics};
pub use rating::Rating;
pub use regime::{classify, Classification, Regime, RuleCheck, Status};
pub use run::{Outcome, Run, RunError};
pub use text::{parse_runs, probe_text, ParsedRuns, TextProbe};

/// The largest share of failed runs, in percent of all runs, from which the probe still
/// announces a regime. Past it the runs read are too few of those asked for (and the failures
/// may not be random: a model that answers in prose when it would rate low fails exactly its
/// low ratings), so [`Probe::announced`] gives none and the outputs say why.
pub const MAX_FAILED_PERCENT: usize = 25;

/// A run that did not count, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The run's label (`line 3`, `run-004.json`).
    pub label: String,
    /// Why: `marked parse_failed: …` or the read error.
    pub reason: String,
}

/// Everything the probe computes from a set of runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Probe {
    /// The items, their name and the scale.
    pub spec: ItemsSpec,
    /// Per-item and pooled statistics.
    pub statistics: Statistics,
    /// The regime and the trace of the rules.
    pub classification: Classification,
    /// The runs that failed, in order.
    pub failures: Vec<Failure>,
}

/// Computes the statistics and the regime of `runs` rated against `spec`.
///
/// ```
/// use pickanumber_instruments::probe::{probe, ItemsSpec, Regime, Run, Scale};
/// let runs = [
///     Run::scored("run-001.json", vec![1, 4, 7, 10]),
///     Run::scored("run-002.json", vec![2, 4, 6, 9]),
/// ];
/// let p = probe(&runs, &ItemsSpec::numbered(4, Scale::default()));
/// // ceiling 2/8 = 0.25, floor 2/8 = 0.25, range 9: neither extreme rule (each needs the
/// // other rate below 0.05), range is wide, floor ≥ 0.05, ceiling < 0.35.
/// assert_eq!(p.regime(), Regime::Calibrated);
/// ```
pub fn probe(runs: &[Run], spec: &ItemsSpec) -> Probe {
    let statistics = statistics(runs, spec);
    let classification = classify(statistics.metrics().as_ref());
    let failures = runs
        .iter()
        .filter_map(|r| {
            let reason = match &r.outcome {
                Outcome::Scored(_) => return None,
                Outcome::MarkedFailed(Some(e)) => format!("marked parse_failed: {e}"),
                Outcome::MarkedFailed(None) => "marked parse_failed".to_string(),
                Outcome::Unreadable(e) => e.to_string(),
            };
            Some(Failure {
                label: r.label.clone(),
                reason,
            })
        })
        .collect();
    Probe {
        spec: spec.clone(),
        statistics,
        classification,
        failures,
    }
}

impl Probe {
    /// The regime the rules give (the original aggregator's `regime_guess`, whatever share of
    /// the runs failed). What a reader is told is [`Probe::announced`].
    pub fn regime(&self) -> Regime {
        self.classification.regime
    }

    /// The regime to announce: [`Probe::regime`] when at least one run was read and the failed
    /// runs are at most [`MAX_FAILED_PERCENT`] of all runs; `None` otherwise.
    ///
    /// ```
    /// use pickanumber_instruments::probe::{probe, ItemsSpec, Regime, Run};
    /// let ok = Run::scored("run-001.json", vec![5, 6, 5]);
    /// let failed = |n: usize| Run { label: format!("run-{n}.json"), outcome: pickanumber_instruments::probe::Outcome::MarkedFailed(None) };
    /// let spec = ItemsSpec::default();
    /// assert_eq!(probe(&[ok.clone(), ok.clone(), ok.clone(), failed(4)], &spec).announced(), Some(Regime::PicksANumber));
    /// assert_eq!(probe(&[ok.clone(), ok, failed(3)], &spec).announced(), None); // 1 of 3 failed
    /// assert_eq!(probe(&[], &spec).announced(), None);
    /// ```
    pub fn announced(&self) -> Option<Regime> {
        let st = &self.statistics;
        let total = st.successful_runs + st.failed_runs;
        let too_many = st.failed_runs * 100 > total * MAX_FAILED_PERCENT;
        (st.successful_runs > 0 && !too_many).then_some(self.regime())
    }

    /// The four metrics; `None` when there are no ratings.
    pub fn metrics(&self) -> Option<Metrics> {
        self.statistics.metrics()
    }

    /// Up to `n` items whose ratings varied (std > 0), most variable first; equal spreads keep
    /// the items' order.
    pub fn most_variable(&self, n: usize) -> Vec<&PerItem> {
        let mut varied: Vec<&PerItem> = self
            .statistics
            .per_item
            .iter()
            .filter(|p| p.stats.as_ref().is_some_and(|s| s.std > 0.0))
            .collect();
        pickanumber_text::order::sort_by(&mut varied, |a, b| std_of(b).total_cmp(&std_of(a)));
        varied.truncate(n);
        varied
    }
}

fn std_of(p: &PerItem) -> f64 {
    p.stats.as_ref().map_or(0.0, |s| s.std)
}
