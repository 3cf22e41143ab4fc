//! **Runs** → statistics: per item, across all ratings, and the four metrics the classifier
//! reads.
//!
//! Only successful runs contribute. Item *i* takes the *i*-th rating of every successful run
//! that has one, **as written** (`4.6` stays `4.6`): its n, mean, standard deviation, min, max,
//! range and mode are those of the raw ratings, as the original aggregator computes them.
//! "All ratings" are every rating of every successful run (also those past the last item),
//! each **truncated toward zero** to an integer (Python's `int()`): the pooled mean, median,
//! mode, min, max, range, std, histogram and rates use those integers. Out-of-scale ratings
//! are left out of the histogram, and therefore out of the ceiling and floor counts, but stay
//! in the denominator of the rates and in min, max and range.
//!
//! Rounding follows the original aggregator: means, standard deviations, rates and the mean
//! per-item standard deviation are rounded to 4 decimals ([`round4`]); the mean per-item
//! standard deviation averages the already rounded per-item values. Ties for the **mode** go to
//! the value met first in reading order (runs in order, ratings in item order), as Python's
//! `Counter.most_common` does.

use super::items::{ItemsSpec, Scale};
use super::rating::Rating;
use super::run::Run;
use crate::numbers::{mean_and_std, mean_of_stored, round4};
use std::cmp::Ordering;

/// Statistics of one item that has at least one rating, on its ratings as written.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemStats {
    /// Number of ratings.
    pub n: usize,
    /// Mean, 4 decimals.
    pub mean: f64,
    /// Sample standard deviation (n − 1 in the denominator), 4 decimals; 0 when n = 1.
    pub std: f64,
    /// Lowest rating (the first met among equals, as Python's `min`).
    pub min: Rating,
    /// Highest rating (the first met among equals, as Python's `max`).
    pub max: Rating,
    /// `max − min` as Python computes it (see [`Rating::minus`]).
    pub range: Rating,
    /// Most frequent rating (`7` and `7.0` count as one value); ties go to the one met first.
    pub mode: Rating,
}

/// One item of the items list with its ratings.
#[derive(Clone, Debug, PartialEq)]
pub struct PerItem {
    /// 1-based position in the items list.
    pub index: usize,
    /// The item's text.
    pub item_text: String,
    /// Its ratings as written, in run order.
    pub scores: Vec<Rating>,
    /// `None` when no successful run rated it.
    pub stats: Option<ItemStats>,
}

/// The median of all ratings: the middle one, or the mean of the two middle ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Median {
    /// An odd number of ratings: the middle one (an integer in `aggregate.json`).
    Middle(i64),
    /// An even number: the two middle ones (their mean, a float, in `aggregate.json`).
    Between(i64, i64),
}

impl Median {
    /// The median as a number.
    pub fn value(self) -> f64 {
        match self {
            Median::Middle(m) => m as f64,
            Median::Between(a, b) => (a as f64 + b as f64) / 2.0,
        }
    }
}

/// Counts per point of the scale, lowest point first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Histogram {
    /// The scale the bars cover.
    pub scale: Scale,
    /// `counts[k]` ratings at `scale.min() + k`.
    pub counts: Vec<usize>,
}

impl Histogram {
    /// `(point, count)` for every point of the scale, lowest first.
    pub fn bars(&self) -> impl Iterator<Item = (i64, usize)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .map(|(k, &c)| (self.scale.min() + k as i64, c))
    }
}

/// The distribution of all ratings, each truncated toward zero; only computed when there is at
/// least one.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
pub struct AcrossRuns {
    /// Number of ratings (the denominator of the rates).
    pub n_total_scores: usize,
    /// Mean, 4 decimals.
    pub mean: f64,
    /// Median.
    pub median: Median,
    /// Most frequent rating; ties go to the one met first.
    pub mode: i64,
    /// Lowest rating, on the scale or not.
    pub min: i64,
    /// Highest rating, on the scale or not.
    pub max: i64,
    /// `max − min`.
    pub range: i64,
    /// Sample standard deviation, 4 decimals; 0 for a single rating.
    pub std: f64,
    /// Ratings per scale point (out-of-scale ratings are not in it).
    pub histogram: Histogram,
    /// Ratings at `scale_max − 1` or above, from the histogram.
    pub ceiling_count: usize,
    /// `ceiling_count / n_total_scores`, 4 decimals.
    pub ceiling_rate: f64,
    /// Ratings at `scale_min + 1` or below, from the histogram.
    pub floor_count: usize,
    /// `floor_count / n_total_scores`, 4 decimals.
    pub floor_rate: f64,
}

/// The four numbers the classifier reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    /// Share of ratings in the top two points of the scale, 4 decimals.
    pub ceiling_rate: f64,
    /// Share of ratings in the bottom two points of the scale, 4 decimals.
    pub floor_rate: f64,
    /// Highest minus lowest rating.
    pub range: i64,
    /// Mean of the per-item standard deviations over items with two or more ratings,
    /// 4 decimals; `None` when no item has two.
    pub mean_per_item_std: Option<f64>,
}

/// Everything computed from the runs, before classification.
#[derive(Clone, Debug, PartialEq)]
pub struct Statistics {
    /// Runs that count (scored).
    pub successful_runs: usize,
    /// Runs marked failed or unreadable.
    pub failed_runs: usize,
    /// Length of the items list.
    pub n_items: usize,
    /// One entry per item, in order.
    pub per_item: Vec<PerItem>,
    /// The pooled distribution; `None` when there are no ratings.
    pub across_runs: Option<AcrossRuns>,
    /// See [`Metrics::mean_per_item_std`].
    pub mean_per_item_std: Option<f64>,
}

impl Statistics {
    /// The classifier's input; `None` when there are no ratings.
    pub fn metrics(&self) -> Option<Metrics> {
        self.across_runs.as_ref().map(|a| Metrics {
            ceiling_rate: a.ceiling_rate,
            floor_rate: a.floor_rate,
            range: a.range,
            mean_per_item_std: self.mean_per_item_std,
        })
    }
}

/// Computes every statistic of the runs against the items.
///
/// ```
/// use pickanumber_instruments::probe::{statistics, ItemsSpec, Run, Scale};
/// let runs = [Run::scored("a", vec![9, 10]), Run::scored("b", vec![9, 8])];
/// let s = statistics(&runs, &ItemsSpec::numbered(2, Scale::default()));
/// let m = s.metrics().unwrap();
/// assert_eq!(m.ceiling_rate, 0.75); // 9, 10, 9 of 4 ratings are ≥ 9
/// assert_eq!(m.range, 2);
/// assert_eq!(m.mean_per_item_std, Some(0.7071)); // item 1: 0, item 2: √2 → mean 0.70710…
/// ```
pub fn statistics(runs: &[Run], spec: &ItemsSpec) -> Statistics {
    let scored: Vec<&[Rating]> = runs.iter().filter_map(Run::scores).collect();
    let per_item: Vec<PerItem> = spec
        .items
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let scores: Vec<Rating> = scored.iter().filter_map(|s| s.get(i).copied()).collect();
            let stats = item_stats(&scores);
            PerItem {
                index: i + 1,
                item_text: text.clone(),
                scores,
                stats,
            }
        })
        .collect();
    let all: Vec<i64> = scored
        .iter()
        .flat_map(|s| s.iter().map(|r| r.truncated()))
        .collect();
    let across_runs = across(&all, spec.scale);
    let spreads: Vec<f64> = per_item
        .iter()
        .filter_map(|p| p.stats.as_ref())
        .filter(|s| s.n > 1)
        .map(|s| s.std)
        .collect();
    let mean_per_item_std = mean_of_stored(&spreads).map(round4);
    Statistics {
        successful_runs: scored.len(),
        failed_runs: runs.len() - scored.len(),
        n_items: spec.items.len(),
        per_item,
        across_runs,
        mean_per_item_std,
    }
}

fn item_stats(scores: &[Rating]) -> Option<ItemStats> {
    let values: Vec<f64> = scores.iter().map(|r| r.value()).collect();
    let (mean, std) = mean_and_std(&values)?;
    // The first extreme met, as Python's min() and max() keep it.
    let pick = |wanted: Ordering| {
        scores
            .iter()
            .copied()
            .reduce(|best, r| if r.cmp_value(best) == wanted { r } else { best })
    };
    let (min, max) = (pick(Ordering::Less)?, pick(Ordering::Greater)?);
    let mode = mode(
        &sorted_with_positions(scores, Rating::cmp_value),
        Rating::cmp_value,
    )?;
    Some(ItemStats {
        n: scores.len(),
        mean: round4(mean),
        std: round4(std),
        min,
        max,
        range: max.minus(min),
        mode,
    })
}

fn across(all: &[i64], scale: Scale) -> Option<AcrossRuns> {
    let (&min, &max) = (all.iter().min()?, all.iter().max()?);
    let mut counts = vec![0usize; (scale.max() - scale.min() + 1) as usize];
    for &r in all.iter().filter(|&&r| scale.contains(r)) {
        counts[(r - scale.min()) as usize] += 1;
    }
    let histogram = Histogram { scale, counts };
    let ceiling_count = histogram
        .bars()
        .filter(|&(p, _)| p >= scale.ceiling_from())
        .map(|(_, c)| c)
        .sum();
    let floor_count = histogram
        .bars()
        .filter(|&(p, _)| p <= scale.floor_to())
        .map(|(_, c)| c)
        .sum();
    let n = all.len();
    let sorted = sorted_with_positions(all, int_order);
    let median = if n % 2 == 1 {
        Median::Middle(sorted[n / 2].0)
    } else {
        Median::Between(sorted[n / 2 - 1].0, sorted[n / 2].0)
    };
    Some(AcrossRuns {
        n_total_scores: n,
        mean: round4(mean(all)),
        median,
        mode: mode(&sorted, int_order)?,
        min,
        max,
        range: max - min,
        std: round4(sample_std(all)),
        histogram,
        ceiling_count,
        ceiling_rate: round4(ceiling_count as f64 / n as f64),
        floor_count,
        floor_rate: round4(floor_count as f64 / n as f64),
    })
}

/// Exact integer sum divided once: the double nearest the true mean when the sum fits 53 bits.
fn mean(xs: &[i64]) -> f64 {
    let sum: i128 = xs.iter().map(|&x| i128::from(x)).sum();
    sum as f64 / xs.len() as f64
}

/// `√(Σ(x − x̄)² / (n − 1))` from the exact integer `n·Σx² − (Σx)²`; 0 for fewer than 2.
fn sample_std(xs: &[i64]) -> f64 {
    let n = xs.len() as i128;
    if n < 2 {
        return 0.0;
    }
    let sum: i128 = xs.iter().map(|&x| i128::from(x)).sum();
    let squares: i128 = xs.iter().map(|&x| i128::from(x) * i128::from(x)).sum();
    let spread = n * squares - sum * sum; // n² times the population variance, ≥ 0
    (spread as f64 / (n * (n - 1)) as f64).sqrt()
}

/// `(value, position)` pairs sorted by value (`order`), equal values in order of position: the
/// median reads the middle, [`mode`] the groups.
fn sorted_with_positions<T: Copy>(xs: &[T], order: fn(T, T) -> Ordering) -> Vec<(T, usize)> {
    let mut tagged: Vec<(T, usize)> = xs.iter().copied().zip(0..).collect();
    pickanumber_text::order::sort_by(&mut tagged, |a, b| order(a.0, b.0));
    tagged
}

/// The most frequent value; among equals, the one that occurs first (and, of values equal
/// under `order`, the first met stands for them all, as a Python `Counter` key does). `tagged`
/// is [`sorted_with_positions`]: equal values are grouped, their first position in front (a
/// sort keeps the wasm build smaller than a map would). `None` when empty.
fn mode<T: Copy>(tagged: &[(T, usize)], order: fn(T, T) -> Ordering) -> Option<T> {
    let mut best: Option<(usize, usize, T)> = None; // (count, first position, value)
    for group in tagged.chunk_by(|a, b| order(a.0, b.0) == Ordering::Equal) {
        let (count, first, value) = (group.len(), group[0].1, group[0].0);
        if best.is_none_or(|(c, f, _)| count > c || (count == c && first < f)) {
            best = Some((count, first, value));
        }
    }
    best.map(|(_, _, v)| v)
}

fn int_order(a: i64, b: i64) -> Ordering {
    a.cmp(&b)
}

#[cfg(test)]
// 0.7071 and 1.4142 here are 4-decimal roundings under test, not stand-ins for 1/√2 and √2.
#[allow(clippy::approx_constant)]
mod tests {
    use super::*;
    use crate::probe::run::Outcome;

    fn spec(n: usize) -> ItemsSpec {
        ItemsSpec::numbered(n, Scale::default())
    }

    #[test]
    fn mode_ties_go_to_the_first_met() {
        let m = |xs: &[i64]| mode(&sorted_with_positions(xs, int_order), int_order);
        assert_eq!(m(&[3, 5, 5, 3]), Some(3));
        assert_eq!(m(&[5, 3, 3, 5]), Some(5));
        assert_eq!(m(&[1, 2, 2]), Some(2));
        assert_eq!(m(&[7]), Some(7));
        assert_eq!(m(&[]), None);
        // 4 and 4.0 are one value, and the first met names it.
        let r = |xs: &[Rating]| {
            mode(
                &sorted_with_positions(xs, Rating::cmp_value),
                Rating::cmp_value,
            )
        };
        assert_eq!(
            r(&[Rating::Float(4.0), Rating::Int(5), Rating::Int(4)]),
            Some(Rating::Float(4.0))
        );
        assert_eq!(
            r(&[
                Rating::Int(5),
                Rating::Int(4),
                Rating::Float(4.0),
                Rating::Int(5)
            ]),
            Some(Rating::Int(5))
        );
    }

    #[test]
    fn sample_std_by_hand() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations sum 32, 32/7 → √4.5714… = 2.13809
        assert_eq!(round4(sample_std(&[2, 4, 4, 4, 5, 5, 7, 9])), 2.1381);
        assert_eq!(sample_std(&[4]), 0.0);
        assert_eq!(sample_std(&[6, 6, 6]), 0.0);
    }

    #[test]
    fn failed_runs_count_but_do_not_rate() {
        let runs = [
            Run::scored("a", vec![1, 10]),
            Run {
                label: "b".into(),
                outcome: Outcome::MarkedFailed(None),
            },
        ];
        let s = statistics(&runs, &spec(2));
        assert_eq!((s.successful_runs, s.failed_runs), (1, 1));
        // Each item has one rating: std 0 and no mean per-item std.
        assert_eq!(s.mean_per_item_std, None);
        assert_eq!(s.per_item[0].stats.as_ref().unwrap().std, 0.0);
    }

    #[test]
    fn no_ratings_no_distribution() {
        let s = statistics(&[Run::scored("a", vec![])], &spec(3));
        assert_eq!(s.across_runs, None);
        assert_eq!(s.metrics(), None);
        assert!(s
            .per_item
            .iter()
            .all(|p| p.stats.is_none() && p.scores.is_empty()));
        assert_eq!(s.successful_runs, 1);
    }

    #[test]
    fn out_of_scale_ratings_widen_the_range_and_the_denominator() {
        // Ratings 0, 5, 10, 11 on 1–10: histogram has 5 and 10; 0 and 11 are outside.
        // ceiling: 10 only → 1/4 = 0.25; floor: nothing at 1 or 2 → 0; range 11 − 0 = 11.
        let s = statistics(&[Run::scored("a", vec![0, 5, 10, 11])], &spec(4));
        let a = s.across_runs.unwrap();
        assert_eq!(a.histogram.counts, vec![0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
        assert_eq!((a.ceiling_count, a.ceiling_rate), (1, 0.25));
        assert_eq!((a.floor_count, a.floor_rate), (0, 0.0));
        assert_eq!((a.min, a.max, a.range), (0, 11, 11));
        assert_eq!(a.n_total_scores, 4);
        // Median of 0, 5, 10, 11: between 5 and 10 → 7.5.
        assert_eq!(a.median, Median::Between(5, 10));
        assert_eq!(a.median.value(), 7.5);
    }

    #[test]
    fn extra_and_missing_ratings() {
        // Two items; run a has an extra third rating, run b only one.
        let runs = [Run::scored("a", vec![4, 6, 8]), Run::scored("b", vec![2])];
        let s = statistics(&runs, &spec(2));
        assert_eq!(s.per_item[0].scores, [Rating::Int(4), Rating::Int(2)]);
        assert_eq!(s.per_item[1].scores, [Rating::Int(6)]);
        let a = s.across_runs.unwrap();
        // All ratings: 4, 6, 8, 2 → mean 5, median between 4 and 6.
        assert_eq!(a.n_total_scores, 4);
        assert_eq!(a.mean, 5.0);
        assert_eq!(a.median, Median::Between(4, 6));
        // Item 1: 4 and 2 → sample std √2 = 1.41421… → 1.4142; item 2 has one rating.
        assert_eq!(s.mean_per_item_std, Some(1.4142));
    }

    #[test]
    fn rates_round_half_to_even_before_comparison() {
        // 1 of 32 ratings at the ceiling: 0.03125 exactly → 0.0312.
        let mut scores = vec![5; 31];
        scores.push(10);
        let s = statistics(&[Run::scored("a", scores)], &spec(0));
        assert_eq!(s.across_runs.unwrap().ceiling_rate, 0.0312);
    }

    #[test]
    fn the_mean_std_averages_rounded_values() {
        // Item 1: 1, 2 → √0.5 = 0.70710… → 0.7071; item 2: 1, 3 → √2 = 1.41421… → 1.4142.
        // Their decimal mean is the tie 1.06065, but the stored doubles lie a little below
        // 0.7071 and 1.4142, so the exact mean is 1.0606499999999999… and rounds to 1.0606
        // (Python: round(statistics.mean([0.7071, 1.4142]), 4) == 1.0606). The unrounded
        // stds would give (0.70711 + 1.41421) / 2 = 1.06066.
        let runs = [Run::scored("a", vec![1, 1]), Run::scored("b", vec![2, 3])];
        let s = statistics(&runs, &spec(2));
        assert_eq!(s.mean_per_item_std, Some(1.0606));
    }
}
