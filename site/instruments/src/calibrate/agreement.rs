//! Agreement of predicted scores with the mean human score, each figure with a seeded
//! bootstrap percentile interval over the subjects.

use pickanumber_score::interval::{SplitMix64, LEVEL, RESAMPLES};

/// The bins of the weighted κ on 0–100: `[0, 20)`, `[20, 40)`, `[40, 60)`, `[60, 80)`,
/// `[80, 100]`.
pub const BINS: [&str; 5] = ["0-20", "20-40", "40-60", "60-80", "80-100"];

/// The seed of every bootstrap: the same subjects always give the same intervals.
const SEED: u64 = 0x6361_6c69_6272_6174;

/// A figure and its bootstrap percentile interval at [`LEVEL`] percent; `None` where it is not
/// defined (no spread to rank or bin).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figure {
    /// The figure on all subjects.
    pub value: Option<f64>,
    /// The lower end of the interval.
    pub low: Option<f64>,
    /// The upper end of the interval.
    pub high: Option<f64>,
}

/// How far predicted scores agree with people's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Agreement {
    /// Subjects compared.
    pub n: usize,
    /// Spearman's ρ (ranks, ties averaged).
    pub spearman: Figure,
    /// Kendall's τ-b.
    pub kendall: Figure,
    /// Cohen's κ with quadratic weights on [`BINS`].
    pub kappa: Figure,
    /// Mean absolute difference on 0–100.
    pub mae: Figure,
}

/// A figure of paired scores.
type Stat = fn(&[(f64, f64)]) -> Option<f64>;

/// The agreement of `pred` with `human` (same length, both on 0–100).
pub fn agreement(pred: &[f64], human: &[f64]) -> Agreement {
    let pairs: Vec<(f64, f64)> = pred.iter().copied().zip(human.iter().copied()).collect();
    let stats: [Stat; 4] = [spearman, kendall, kappa, mae];
    let figures = stats.map(|f| bootstrap(&pairs, f));
    Agreement {
        n: pairs.len(),
        spearman: figures[0],
        kendall: figures[1],
        kappa: figures[2],
        mae: figures[3],
    }
}

/// `stat` of `pairs` and its percentile interval over [`RESAMPLES`] resamples of the pairs.
pub fn bootstrap<T: Copy>(pairs: &[T], stat: impl Fn(&[T]) -> Option<f64>) -> Figure {
    let value = stat(pairs);
    if pairs.is_empty() {
        return Figure {
            value,
            low: None,
            high: None,
        };
    }
    let mut rng = SplitMix64(SEED);
    let mut sample = Vec::with_capacity(pairs.len());
    let mut values = Vec::with_capacity(RESAMPLES);
    for _ in 0..RESAMPLES {
        sample.clear();
        sample.extend((0..pairs.len()).map(|_| pairs[rng.below(pairs.len())]));
        if let Some(v) = stat(&sample) {
            values.push(v);
        }
    }
    values.sort_by(f64::total_cmp);
    let cut = |q: f64| {
        (!values.is_empty()).then(|| values[((values.len() - 1) as f64 * q).round() as usize])
    };
    let tail = f64::from(100 - LEVEL) / 200.0;
    Figure {
        value,
        low: cut(tail),
        high: cut(1.0 - tail),
    }
}

/// Ranks from 1, ties given their mean rank.
fn ranks(v: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..v.len()).collect();
    order.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && v[order[j + 1]] == v[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            r[k] = rank;
        }
        i = j + 1;
    }
    r
}

fn pearson(x: &[f64], y: &[f64]) -> Option<f64> {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx) * (a - mx);
        syy += (b - my) * (b - my);
    }
    (sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
}

/// Spearman's ρ: Pearson's r of the ranks; `None` with fewer than two subjects or no spread.
pub fn spearman(p: &[(f64, f64)]) -> Option<f64> {
    if p.len() < 2 {
        return None;
    }
    let (x, y): (Vec<f64>, Vec<f64>) = p.iter().copied().unzip();
    pearson(&ranks(&x), &ranks(&y))
}

/// Kendall's τ-b: (concordant − discordant) / √((n₀ − ties in x)(n₀ − ties in y)).
pub fn kendall(p: &[(f64, f64)]) -> Option<f64> {
    let (mut s, mut tx, mut ty, mut n0) = (0i64, 0i64, 0i64, 0i64);
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            let dx = p[i].0.total_cmp(&p[j].0) as i64;
            let dy = p[i].1.total_cmp(&p[j].1) as i64;
            n0 += 1;
            s += dx * dy;
            tx += i64::from(dx == 0);
            ty += i64::from(dy == 0);
        }
    }
    let d = ((n0 - tx) as f64 * (n0 - ty) as f64).sqrt();
    (d > 0.0).then(|| s as f64 / d)
}

/// The bin of a 0–100 score in [`BINS`].
fn bin(x: f64) -> usize {
    ((x / 20.0).floor().max(0.0) as usize).min(BINS.len() - 1)
}

/// Cohen's κ with quadratic weights `(i − j)² / (k − 1)²` on [`BINS`]; `None` when the chance
/// disagreement is 0 (every score in one bin on both sides).
pub fn kappa(p: &[(f64, f64)]) -> Option<f64> {
    let k = BINS.len();
    let mut observed = vec![vec![0.0; k]; k];
    let (mut rows, mut cols) = (vec![0.0; k], vec![0.0; k]);
    for &(a, b) in p {
        let (i, j) = (bin(a), bin(b));
        observed[i][j] += 1.0;
        rows[i] += 1.0;
        cols[j] += 1.0;
    }
    let n = p.len() as f64;
    let (mut o, mut e) = (0.0, 0.0);
    for i in 0..k {
        for j in 0..k {
            let w = ((i as f64 - j as f64) / (k as f64 - 1.0)).powi(2);
            o += w * observed[i][j];
            e += w * rows[i] * cols[j] / n;
        }
    }
    (e > 0.0).then(|| 1.0 - o / e)
}

/// Mean absolute difference; `None` without subjects.
pub fn mae(p: &[(f64, f64)]) -> Option<f64> {
    (!p.is_empty()).then(|| p.iter().map(|(a, b)| (a - b).abs()).sum::<f64>() / p.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(x: &[f64], y: &[f64]) -> Vec<(f64, f64)> {
        x.iter().copied().zip(y.iter().copied()).collect()
    }

    #[test]
    fn textbook_values() {
        // Perfect order, reversed order, and a hand-counted τ-b with a tie.
        let p = pairs(&[1.0, 2.0, 3.0, 4.0], &[10.0, 20.0, 30.0, 40.0]);
        assert_eq!(spearman(&p), Some(1.0));
        assert_eq!(kendall(&p), Some(1.0));
        let r = pairs(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]);
        assert_eq!(spearman(&r), Some(-1.0));
        assert_eq!(kendall(&r), Some(-1.0));
        // x = 1 1 2, y = 1 2 3: pairs (1,2) tie in x; (1,3) and (2,3) concordant.
        // τ-b = 2 / √((3 − 1)(3 − 0)) = 2 / √6.
        let t = pairs(&[1.0, 1.0, 2.0], &[1.0, 2.0, 3.0]);
        assert!((kendall(&t).unwrap() - 2.0 / 6f64.sqrt()).abs() < 1e-12);
        assert_eq!(mae(&pairs(&[10.0, 20.0], &[13.0, 19.0])), Some(2.0));
        // Same bins everywhere: κ = 1; one bin only: undefined.
        assert_eq!(kappa(&pairs(&[5.0, 95.0], &[15.0, 85.0])), Some(1.0));
        assert_eq!(kappa(&pairs(&[5.0, 6.0], &[15.0, 16.0])), None);
        assert_eq!(spearman(&pairs(&[5.0, 5.0], &[1.0, 2.0])), None);
    }

    #[test]
    fn the_bootstrap_is_deterministic_and_holds_the_value() {
        let x: Vec<f64> = (0..40).map(|i| f64::from(i * 7 % 100)).collect();
        let y: Vec<f64> = x
            .iter()
            .map(|v| v + if (*v as i64) % 3 == 0 { 9.0 } else { -4.0 })
            .collect();
        let a = agreement(&x, &y);
        assert_eq!(a, agreement(&x, &y));
        let (lo, hi) = (a.mae.low.unwrap(), a.mae.high.unwrap());
        assert!(lo <= a.mae.value.unwrap() && a.mae.value.unwrap() <= hi);
        assert!(lo < hi);
    }
}
