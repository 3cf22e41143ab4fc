//! The matrix formula: the pooled formula once per criterion, then a weighted mean of the
//! rounded per-criterion finals, the lowest confidence, and the spread self-check.
//!
//! Items are matched to criteria by one stable sort of every criterion name (the weights',
//! then the items'), grouped into runs of equal names ([`Groups`]): O(n log n) for any number
//! of distinct criteria, with the crate's own sort ([`crate::order`]) rather than a map type
//! whose code the wasm calculator would carry.

use crate::{Impact, Item, Params, Pooled, Rounding};
use std::fmt;

/// The score of one criterion.
#[derive(Clone, Debug, PartialEq)]
pub struct CriterionScore {
    /// The criterion's name.
    pub name: String,
    /// Its weight after normalisation (the weights sum to 1).
    pub weight: f64,
    /// The pooled formula over the items labelled with this criterion.
    pub pooled: Pooled,
}

/// The result of matrix scoring.
#[derive(Clone, Debug, PartialEq)]
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
        let groups = Groups::new(items, weights);
        let missing: Vec<String> = if weights.is_empty() {
            Vec::new()
        } else {
            groups.unweighted().map(str::to_string).collect()
        };
        if !missing.is_empty() {
            return Err(WeightError::Missing(missing));
        }
        if weights.is_empty() && groups.len() == 0 {
            return Err(WeightError::NoCriteria);
        }
        check_weights(weights)?;
        // One pool per distinct criterion, shared by weights that repeat a name.
        let pools: Vec<Pooled> = (0..groups.len())
            .map(|g| Pooled::from_impacts(groups.impacts(g), params))
            .collect();
        // (criterion group, raw weight) in display order: the weights as given, else the
        // criteria in order of first appearance with equal weights.
        let columns: Vec<(usize, f64)> = if weights.is_empty() {
            groups.by_first_appearance().map(|g| (g, 1.0)).collect()
        } else {
            (0..weights.len())
                .map(|j| (groups.of_weight(j), weights[j].1))
                .collect()
        };
        let raw_weights: Vec<f64> = columns.iter().map(|&(_, w)| w).collect();
        let total: f64 = raw_weights.iter().sum();
        let weights_normalised = !weights.is_empty() && (total - 1.0).abs() > 1e-9;

        let criteria: Vec<CriterionScore> = columns
            .iter()
            .map(|&(g, w)| CriterionScore {
                name: groups.name(g).to_string(),
                weight: w / total,
                pooled: pools[g],
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

/// Every criterion name of a matrix (the weights' first, then the items'), sorted once and
/// grouped into runs of equal names.
struct Groups<'a> {
    /// The names: positions `0..weights` are the weights', the rest the labelled items'.
    names: Vec<&'a str>,
    /// How many of the names are weights.
    weights: usize,
    /// The item behind each name at position `weights + k`.
    item_of: Vec<&'a Item>,
    /// Positions sorted by name, stably: a group's positions are contiguous and ascending.
    sorted: Vec<usize>,
    /// Where each group starts in `sorted`, with `sorted.len()` at the end.
    starts: Vec<usize>,
    /// The group of each position.
    group_of: Vec<usize>,
}

impl<'a> Groups<'a> {
    fn new(items: &'a [Item], weights: &'a [(String, f64)]) -> Groups<'a> {
        let mut names: Vec<&str> = weights.iter().map(|(n, _)| n.as_str()).collect();
        let mut item_of = Vec::new();
        for item in items {
            if let Some(c) = &item.criterion {
                names.push(c);
                item_of.push(item);
            }
        }
        let mut sorted: Vec<usize> = (0..names.len()).collect();
        crate::order::sort_by(&mut sorted, |a, b| names[*a].cmp(names[*b]));
        let mut starts = Vec::new();
        let mut group_of = vec![0; names.len()];
        for (i, &p) in sorted.iter().enumerate() {
            if i == 0 || names[sorted[i - 1]] != names[p] {
                starts.push(i);
            }
            group_of[p] = starts.len() - 1;
        }
        starts.push(sorted.len());
        Groups {
            names,
            weights: weights.len(),
            item_of,
            sorted,
            starts,
            group_of,
        }
    }

    /// How many distinct names there are.
    fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// The first (lowest) position of group `g`.
    fn first(&self, g: usize) -> usize {
        self.sorted[self.starts[g]]
    }

    /// The name of group `g`.
    fn name(&self, g: usize) -> &'a str {
        self.names[self.first(g)]
    }

    /// The group of weight `j`.
    fn of_weight(&self, j: usize) -> usize {
        self.group_of[j]
    }

    /// The groups in order of their first position.
    fn by_first_appearance(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.names.len())
            .map(|p| self.group_of[p])
            .enumerate()
            .filter(|&(p, g)| self.first(g) == p)
            .map(|(_, g)| g)
    }

    /// The names items give that no weight names, in order of first appearance.
    fn unweighted(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.by_first_appearance()
            .filter(|&g| self.first(g) >= self.weights)
            .map(|g| self.name(g))
    }

    /// The impacts of the items of group `g`, in item order.
    fn impacts(&self, g: usize) -> impl Iterator<Item = Impact> + '_ {
        self.sorted[self.starts[g]..self.starts[g + 1]]
            .iter()
            .filter(|&&p| p >= self.weights)
            .map(|&p| self.item_of[p - self.weights].impact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The matching as first written (a linear search of the names per item, then a filter
    /// of every item per criterion): quadratic, kept as the reference for the grouping.
    fn reference(
        items: &[Item],
        weights: &[(String, f64)],
    ) -> Result<Vec<(String, Vec<Impact>)>, WeightError> {
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
        Ok(names
            .into_iter()
            .map(|n| {
                let mine = items
                    .iter()
                    .filter(|i| i.criterion.as_deref() == Some(n.as_str()))
                    .map(|i| i.impact)
                    .collect();
                (n, mine)
            })
            .collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1_000))]

        /// Criteria, their order, their items and the missing-weight list are those of the
        /// quadratic reference, repeated weight names included.
        #[test]
        fn grouping_agrees_with_the_reference(
            labels in proptest::collection::vec(proptest::option::of(0u8..5), 0..30),
            impacts in proptest::collection::vec(0usize..8, 30),
            weighted in proptest::collection::vec(0u8..6, 0..5),
        ) {
            let name = |k: u8| ["a", "b", "c", "d", "e", "f"][k as usize].to_string();
            let items: Vec<Item> = labels
                .iter()
                .zip(&impacts)
                .map(|(l, &i)| {
                    let item = Item::new(Impact::ALL[i], "x");
                    match l {
                        Some(k) => item.with_criterion(name(*k)),
                        None => item,
                    }
                })
                .collect();
            let weights: Vec<(String, f64)> = weighted.iter().map(|&k| (name(k), 0.5)).collect();
            let params = Params::default();
            let ours = MatrixScore::score(&items, &weights, &params);
            match reference(&items, &weights) {
                Err(e) => prop_assert_eq!(ours.unwrap_err(), e),
                Ok(expected) => {
                    let m = ours.unwrap();
                    prop_assert_eq!(m.criteria.len(), expected.len());
                    for (c, (n, mine)) in m.criteria.iter().zip(&expected) {
                        prop_assert_eq!(&c.name, n);
                        prop_assert_eq!(c.pooled, Pooled::from_impacts(mine.iter().copied(), &params));
                    }
                }
            }
        }
    }

    /// 100,000 distinct criteria once took over a minute; now well under a second in release
    /// (the bound is generous for debug builds on a busy machine).
    #[test]
    fn many_distinct_criteria_score_in_n_log_n() {
        let items: Vec<Item> = (0..100_000)
            .map(|k| Item::new(Impact::PlusOne, "x").with_criterion(format!("c{k}")))
            .collect();
        let started = std::time::Instant::now();
        let m = MatrixScore::score(&items, &[], &Params::default()).unwrap();
        assert_eq!(m.criteria.len(), 100_000);
        assert_eq!(m.criteria[99_999].name, "c99999");
        let took = started.elapsed();
        assert!(took.as_secs() < 10, "{took:?}");
    }
}
