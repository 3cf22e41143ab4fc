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

/// The largest sum of weights accepted. The overall multiplies each weight by a criterion's
/// final (at most 100) and adds the products, and 100 × 10³⁰⁰ lies far below the largest
/// `f64`, so no step of it can overflow. Only the weights' ratios count: any weights can be
/// divided by one number to fit.
pub const MAX_WEIGHT_SUM: f64 = 1e300;

/// [`MAX_WEIGHT_SUM`] as the messages print it.
const MAX_WEIGHT_SUM_TEXT: &str = "1e300";

/// Weights that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightError {
    /// Weights that are infinite or not a number, by criterion name.
    NotFinite(Vec<String>),
    /// Weights that are zero or negative, by criterion name.
    NotPositive(Vec<String>),
    /// Criteria given more than one weight, by name (each once, sorted).
    Duplicate(Vec<String>),
    /// Weights whose sum exceeds [`MAX_WEIGHT_SUM`] (or overflows).
    SumTooLarge,
    /// Criteria that have items but no weight, while other criteria do have one.
    Missing(Vec<String>),
    /// No criteria at all: no weights and no labelled items.
    NoCriteria,
    /// The text's weights (its `weights:` line or JSON `"weights"`, on this line) have an
    /// error, or the text gives weights twice: there is no overall until they are fixed.
    Unusable(usize),
}

impl fmt::Display for WeightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let check = |names: &[String]| {
            format!(
                "{} {}",
                if names.len() == 1 {
                    "check"
                } else {
                    "check each of"
                },
                names.join(", ")
            )
        };
        match self {
            WeightError::NotFinite(names) => write!(
                f,
                "weights must be finite numbers, not infinite or NaN: {}",
                check(names)
            ),
            WeightError::NotPositive(names) => {
                write!(f, "weights must be greater than 0: {}", check(names))
            }
            WeightError::Duplicate(names) => write!(
                f,
                "each criterion takes one weight, but {} {} given more than once",
                names.join(", "),
                if names.len() == 1 { "is" } else { "are" }
            ),
            WeightError::SumTooLarge => write!(
                f,
                "the weights sum to more than {MAX_WEIGHT_SUM_TEXT}: divide them all by the same number (only their ratios count)"
            ),
            WeightError::Missing(names) => write!(
                f,
                "weights are given for some criteria only: add a weight for {}",
                names.join(", ")
            ),
            WeightError::NoCriteria => {
                f.write_str("no criteria: label items like (+3, craft) or give weights")
            }
            WeightError::Unusable(line) => write!(
                f,
                "the weights on line {line} cannot be used (see the error there), so there is no overall: fix them"
            ),
        }
    }
}

impl std::error::Error for WeightError {}

/// The rules every set of weights must meet: each weight finite and greater than 0, each
/// criterion named once, and the sum at most [`MAX_WEIGHT_SUM`]. Matrix scoring applies them,
/// and so does a rubric file, one criterion at a time, to name the line of a bad weight.
///
/// # Errors
/// [`WeightError::NotFinite`] naming every criterion whose weight is infinite or not a number,
/// else [`WeightError::NotPositive`] naming every one whose weight is zero or negative, else
/// [`WeightError::Duplicate`] naming every criterion given twice, else
/// [`WeightError::SumTooLarge`].
///
/// ```
/// use pickanumber_score::check_weights;
/// assert!(check_weights(&[("craft".into(), 0.6)]).is_ok());
/// assert_eq!(
///     check_weights(&[("craft".into(), 0.0)]).unwrap_err().to_string(),
///     "weights must be greater than 0: check craft"
/// );
/// assert_eq!(
///     check_weights(&[("a".into(), 1e308), ("b".into(), 1e308)]).unwrap_err().to_string(),
///     "the weights sum to more than 1e300: divide them all by the same number (only their ratios count)"
/// );
/// ```
pub fn check_weights(weights: &[(String, f64)]) -> Result<(), WeightError> {
    let names = |bad: fn(f64) -> bool| -> Vec<String> {
        weights
            .iter()
            .filter(|(_, w)| bad(*w))
            .map(|(n, _)| n.clone())
            .collect()
    };
    let not_finite = names(|w| !w.is_finite());
    if !not_finite.is_empty() {
        return Err(WeightError::NotFinite(not_finite));
    }
    let not_positive = names(|w| w <= 0.0);
    if !not_positive.is_empty() {
        return Err(WeightError::NotPositive(not_positive));
    }
    let twice = duplicates(weights.iter().map(|(n, _)| n.as_str()));
    if !twice.is_empty() {
        return Err(WeightError::Duplicate(twice));
    }
    let sum: f64 = weights.iter().map(|(_, w)| w).sum();
    if sum > MAX_WEIGHT_SUM {
        return Err(WeightError::SumTooLarge);
    }
    Ok(())
}

/// The names that occur more than once, each once, sorted: one stable sort, O(n log n).
pub(crate) fn duplicates<'a>(names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut sorted: Vec<&str> = names.collect();
    crate::order::sort_by(&mut sorted, |a, b| a.cmp(b));
    let mut out: Vec<String> = Vec::new();
    for pair in sorted.windows(2) {
        if pair[0] == pair[1] && out.last().map(String::as_str) != Some(pair[0]) {
            out.push(pair[0].to_string());
        }
    }
    out
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
    /// [`WeightError`] for weights that break [`check_weights`]'s rules, a weight for some
    /// criteria only, or no criteria at all.
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
        // One pool per distinct criterion (`check_weights` refused weights that repeat one).
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
        let weighted_mean = criteria
            .iter()
            .zip(&raw_weights)
            .map(|(c, w)| c.pooled.final_score * w)
            .sum::<f64>()
            / total;
        // A weighted mean lies between the lowest and the highest final; the clamp keeps
        // floating-point rounding (of weights far apart in size) from carrying it past either.
        let (lowest, highest) = criteria
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), c| {
                (lo.min(c.pooled.final_score), hi.max(c.pooled.final_score))
            });
        let overall_unrounded = crate::numtext::clamp(weighted_mean, lowest, highest);
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
        let mut twice: Vec<String> = Vec::new();
        for (k, (n, _)) in weights.iter().enumerate() {
            if weights[..k].iter().any(|(m, _)| m == n) && !twice.contains(n) {
                twice.push(n.clone());
            }
        }
        if !twice.is_empty() {
            twice.sort();
            return Err(WeightError::Duplicate(twice));
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
        /// quadratic reference; weights that repeat a name are refused.
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

    /// 100,000 distinct criteria are scored in linear time (the bound is generous for debug
    /// builds on a busy machine; a quadratic pass misses it by far).
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
