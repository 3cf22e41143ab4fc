//! The matrix formula: the pooled formula once per criterion, then a weighted mean of the
//! rounded per-criterion finals, the lowest confidence, and the spread self-check.

use crate::{Item, Params, Pooled, Rounding};
use std::fmt;

/// The score of one criterion.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CriterionScore {
    /// The criterion's name.
    pub name: String,
    /// Its weight after normalisation (the weights sum to 1).
    pub weight: f64,
    /// The pooled formula over the items labelled with this criterion.
    #[serde(flatten)]
    pub pooled: Pooled,
}

/// The result of matrix scoring.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MatrixScore {
    /// One score per criterion, in the order the criteria were given (or first seen).
    pub criteria: Vec<CriterionScore>,
    /// Σ(final × weight) / Σ weight over the criteria, before rounding.
    pub overall_unrounded: f64,
    /// The overall score, rounded like the finals.
    pub overall: f64,
    /// The lowest criterion confidence: the matrix is only as sure as its thinnest column.
    pub overall_confidence: f64,
    /// Highest minus lowest criterion final.
    pub span: f64,
    /// Whether the span reaches the self-check threshold (20 by default).
    pub self_check: bool,
    /// Whether the given weights had to be divided by their sum.
    pub weights_normalised: bool,
}

/// Weights that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightError {
    /// Weights that are zero, negative or not finite, by criterion name.
    NotPositive(Vec<String>),
    /// Criteria that have items but no weight, while other criteria do have one.
    Missing(Vec<String>),
    /// No criteria at all: no weights and no labelled items.
    NoCriteria,
}

impl fmt::Display for WeightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightError::NotPositive(names) => write!(
                f,
                "weights must be greater than 0: {} {}",
                if names.len() == 1 {
                    "check"
                } else {
                    "check each of"
                },
                names.join(", ")
            ),
            WeightError::Missing(names) => write!(
                f,
                "weights are given for some criteria only: add a weight for {}",
                names.join(", ")
            ),
            WeightError::NoCriteria => {
                f.write_str("no criteria: label items like (+3, craft) or give weights")
            }
        }
    }
}

impl std::error::Error for WeightError {}

/// The rule every weight must meet: finite and greater than 0. Matrix scoring applies it, and
/// so does a rubric file, one criterion at a time, to name the line of a bad weight.
///
/// # Errors
/// [`WeightError::NotPositive`] naming every criterion whose weight is zero, negative, infinite
/// or not a number.
///
/// ```
/// use pickanumber_score::check_weights;
/// assert!(check_weights(&[("craft".into(), 0.6)]).is_ok());
/// assert_eq!(
///     check_weights(&[("craft".into(), 0.0)]).unwrap_err().to_string(),
///     "weights must be greater than 0: check craft"
/// );
/// ```
pub fn check_weights(weights: &[(String, f64)]) -> Result<(), WeightError> {
    let bad: Vec<String> = weights
        .iter()
        .filter(|(_, w)| !(w.is_finite() && *w > 0.0))
        .map(|(n, _)| n.clone())
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(WeightError::NotPositive(bad))
    }
}

impl MatrixScore {
    /// The highest criterion final .
    pub fn highest(&self) -> f64 {
        self.criteria
            .iter()
            .map(|c| c.pooled.final_score)
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The lowest criterion final.
    pub fn lowest(&self) -> f64 {
        self.criteria
            .iter()
            .map(|c| c.pooled.final_score)
            .fold(f64::INFINITY, f64::min)
    }

    /// Scores items by criterion.
    ///
    /// `weights` lists the criteria and their weights in display order. When it is empty, the
    /// criteria are those the items name, in order of first appearance, with equal weights.
    /// Weights are divided by their sum. Items whose criterion is not in `weights` make the
    /// weights an error; a criterion with no items scores the centre with confidence 0.
    ///
    /// # Errors
    /// [`WeightError`] for a zero or negative weight, a weight for some criteria only, or no
    /// criteria at all.
    ///
    /// ```
    /// use pickanumber_score::{Impact, Item, MatrixScore, Params};
    /// let items = [
    ///     Item::new(Impact::PlusFive, "a").with_criterion("craft"),
    ///     Item::new(Impact::MinusTwo, "b").with_criterion("depth"),
    /// ];
    /// let m = MatrixScore::score(&items, &[], &Params::default()).unwrap();
    /// assert_eq!(m.criteria.len(), 2);
    /// assert_eq!(m.overall_confidence, 0.05);
    /// ```
    pub fn score(
        items: &[Item],
        weights: &[(String, f64)],
        params: &Params,
    ) -> Result<MatrixScore, WeightError> {
        let mut names: Vec<String> = weights.iter().map(|(n, _)| n.clone()).collect();
        let mut missing = Vec::new();
        for item in items {
            if let Some(c) = &item.criterion {
                if !names.contains(c) {
                    if weights.is_empty() {
                        names.push(c.clone());
                    } else if !missing.contains(c) {
                        missing.push(c.clone());
                    }
                }
            }
        }
        if !missing.is_empty() {
            return Err(WeightError::Missing(missing));
        }
        if names.is_empty() {
            return Err(WeightError::NoCriteria);
        }
        check_weights(weights)?;
        let raw_weights: Vec<f64> = if weights.is_empty() {
            vec![1.0; names.len()]
        } else {
            weights.iter().map(|(_, w)| *w).collect()
        };
        let total: f64 = raw_weights.iter().sum();
        let weights_normalised = !weights.is_empty() && (total - 1.0).abs() > 1e-9;

        let criteria: Vec<CriterionScore> = names
            .iter()
            .zip(&raw_weights)
            .map(|(name, w)| CriterionScore {
                name: name.clone(),
                weight: w / total,
                pooled: Pooled::from_impacts(
                    items
                        .iter()
                        .filter(|i| i.criterion.as_deref() == Some(name))
                        .map(|i| i.impact),
                    params,
                ),
            })
            .collect();

        // Σ(final × weight) / Σ weight, as the published implementation divides by the total.
        let overall_unrounded = criteria
            .iter()
            .zip(&raw_weights)
            .map(|(c, w)| c.pooled.final_score * w)
            .sum::<f64>()
            / total;
        let overall = match params.rounding {
            Rounding::HalfAwayFromZero => overall_unrounded.round(),
            Rounding::None => overall_unrounded,
        };
        let overall_confidence = criteria
            .iter()
            .map(|c| c.pooled.confidence)
            .fold(1.0, f64::min);
        let mut m = MatrixScore {
            self_check: false,
            criteria,
            overall_unrounded,
            overall,
            overall_confidence,
            span: 0.0,
            weights_normalised,
        };
        m.span = m.highest() - m.lowest();
        m.self_check = m.span >= params.self_check_span;
        Ok(m)
    }
}
