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

/// The agreement of `pred` with `human` (same length, both on 0–100), each subject resampled
/// on its own.
pub fn agreement(pred: &[f64], human: &[f64]) -> Agreement {
    let alone: Vec<usize> = (0..pred.len()).collect();
    agreement_in_groups(pred, human, &alone)
}

/// The agreement of `pred` with `human`, resampling whole groups: `group[i]` numbers subject
/// `i`'s group from 0 (subjects that repeat one another's data count once, so copies do not
/// narrow the intervals). With each subject its own group, the resamples are [`bootstrap`]'s.
///
/// A resample is held as how often each subject was drawn, so that ranks and τ-b are computed
/// from orders sorted once, in O(n log n) per resample rather than sorting each resample.
pub fn agreement_in_groups(pred: &[f64], human: &[f64], group: &[usize]) -> Agreement {
    let pairs: Vec<(f64, f64)> = pred.iter().copied().zip(human.iter().copied()).collect();
    let value = [
        spearman(&pairs),
        kendall(&pairs),
        kappa(&pairs),
        mae(&pairs),
    ];
    let mut figures = value.map(|value| Figure {
        value,
        low: None,
        high: None,
    });
    if !pairs.is_empty() {
        let sorted = Sorted::new(&pairs);
        let mut values: [Vec<f64>; 4] = std::array::from_fn(|_| Vec::with_capacity(RESAMPLES));
        let mut scratch = Scratch::new(&sorted);
        resamples(group, |counts| {
            let drawn = sorted.of(&pairs, counts, &mut scratch);
            for (list, v) in values.iter_mut().zip(drawn) {
                list.extend(v);
            }
        });
        for (f, mut list) in figures.iter_mut().zip(values) {
            (f.low, f.high) = percentiles(&mut list);
        }
    }
    Agreement {
        n: pairs.len(),
        spearman: figures[0],
        kendall: figures[1],
        kappa: figures[2],
        mae: figures[3],
    }
}

/// Calls `each` with the [`RESAMPLES`] resamples of the groups (`group[i]` is subject `i`'s),
/// each as how often every subject was drawn: as many groups drawn as there are, each draw
/// taking every member of its group once.
fn resamples(group: &[usize], mut each: impl FnMut(&[u32])) {
    let groups = group.iter().max().map_or(0, |g| g + 1);
    let mut rng = SplitMix64(SEED);
    let mut drawn = vec![0u32; groups];
    let mut counts = vec![0u32; group.len()];
    for _ in 0..RESAMPLES {
        drawn.fill(0);
        for _ in 0..groups {
            drawn[rng.below(groups)] += 1;
        }
        for (c, &g) in counts.iter_mut().zip(group) {
            *c = drawn[g];
        }
        each(&counts);
    }
}

/// The mean of `values` with its percentile interval over the resamples of the groups
/// (`group[i]` is value `i`'s), as [`agreement_in_groups`] draws them.
pub fn mean_in_groups(values: &[f64], group: &[usize]) -> Figure {
    let value = (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64);
    if values.is_empty() {
        return Figure {
            value,
            low: None,
            high: None,
        };
    }
    let mut means = Vec::with_capacity(RESAMPLES);
    resamples(group, |counts| {
        let (mut sum, mut n) = (0.0, 0u64);
        for (v, &c) in values.iter().zip(counts) {
            sum += f64::from(c) * v;
            n += u64::from(c);
        }
        if n > 0 {
            means.push(sum / n as f64);
        }
    });
    let (low, high) = percentiles(&mut means);
    Figure { value, low, high }
}

/// The pairs' orders, sorted once: by x, by y, and by (x, y), each with its runs of ties;
/// and each pair's dense rank among the distinct y.
struct Sorted {
    by_x: Vec<usize>,
    by_y: Vec<usize>,
    by_xy: Vec<usize>,
    /// The dense rank of each pair's y (0 for the smallest y).
    y_rank: Vec<usize>,
    /// Distinct y values.
    ys: usize,
}

/// The buffers of one resample's figures, reused.
struct Scratch {
    rx: Vec<f64>,
    ry: Vec<f64>,
    tree: Vec<u64>,
}

impl Scratch {
    fn new(s: &Sorted) -> Scratch {
        Scratch {
            rx: vec![0.0; s.by_x.len()],
            ry: vec![0.0; s.by_x.len()],
            tree: vec![0; s.ys + 1],
        }
    }
}

/// The runs of equal values along `order` (each run's start and end), equal as `total_cmp`
/// says.
fn runs<'a>(
    order: &'a [usize],
    key: impl Fn(usize) -> f64 + 'a,
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let mut i = 0;
    std::iter::from_fn(move || {
        (i < order.len()).then(|| {
            let start = i;
            let k = key(order[start]);
            while i < order.len() && key(order[i]).total_cmp(&k).is_eq() {
                i += 1;
            }
            (start, i)
        })
    })
}

impl Sorted {
    fn new(p: &[(f64, f64)]) -> Sorted {
        let n = p.len();
        let mut by_x: Vec<usize> = (0..n).collect();
        by_x.sort_by(|&a, &b| p[a].0.total_cmp(&p[b].0));
        let mut by_y: Vec<usize> = (0..n).collect();
        by_y.sort_by(|&a, &b| p[a].1.total_cmp(&p[b].1));
        let mut by_xy: Vec<usize> = (0..n).collect();
        by_xy.sort_by(|&a, &b| p[a].0.total_cmp(&p[b].0).then(p[a].1.total_cmp(&p[b].1)));
        let mut y_rank = vec![0; n];
        let mut ys = 0;
        for (start, end) in runs(&by_y, |i| p[i].1) {
            for &i in &by_y[start..end] {
                y_rank[i] = ys;
            }
            ys += 1;
        }
        Sorted {
            by_x,
            by_y,
            by_xy,
            y_rank,
            ys,
        }
    }

    /// Spearman's ρ, Kendall's τ-b, κ and the MAE of the resample that drew pair `i`
    /// `counts[i]` times: the same figures as [`spearman`], [`kendall`], [`kappa`] and [`mae`]
    /// of the resample written out.
    fn of(&self, p: &[(f64, f64)], counts: &[u32], s: &mut Scratch) -> [Option<f64>; 4] {
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        let nf = total as f64;
        // Mean ranks of the drawn pairs, ties sharing theirs.
        let ranks = |order: &[usize], key: &dyn Fn(usize) -> f64, r: &mut Vec<f64>| {
            let mut below = 0u64;
            for (start, end) in runs(order, key) {
                let m: u64 = order[start..end]
                    .iter()
                    .map(|&i| u64::from(counts[i]))
                    .sum();
                let rank = below as f64 + (m as f64 + 1.0) / 2.0;
                for &i in &order[start..end] {
                    r[i] = rank;
                }
                below += m;
            }
        };
        ranks(&self.by_x, &|i| p[i].0, &mut s.rx);
        ranks(&self.by_y, &|i| p[i].1, &mut s.ry);
        let spearman = (total >= 2).then(|| {
            let (mut mx, mut my) = (0.0, 0.0);
            for (i, &c) in counts.iter().enumerate() {
                mx += f64::from(c) * s.rx[i];
                my += f64::from(c) * s.ry[i];
            }
            let (mx, my) = (mx / nf, my / nf);
            let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
            for (i, &c) in counts.iter().enumerate() {
                let (a, b, c) = (s.rx[i] - mx, s.ry[i] - my, f64::from(c));
                sxy += c * a * b;
                sxx += c * a * a;
                syy += c * b * b;
            }
            (sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
        });
        // τ-b: along (x, y), each run of equal x is compared with the drawn pairs of smaller
        // x, counted by their y's rank in a Fenwick tree.
        s.tree.fill(0);
        let (mut signed, mut inserted, mut ties_x) = (0i64, 0u64, 0u64);
        for (start, end) in runs(&self.by_xy, |i| p[i].0) {
            let mut m = 0u64;
            for &i in &self.by_xy[start..end] {
                let c = u64::from(counts[i]);
                if c == 0 {
                    continue;
                }
                let r = self.y_rank[i];
                let below = prefix(&s.tree, r);
                let above = inserted - prefix(&s.tree, r + 1);
                signed += c as i64 * (below as i64 - above as i64);
                m += c;
            }
            for &i in &self.by_xy[start..end] {
                if counts[i] > 0 {
                    add(&mut s.tree, self.y_rank[i], u64::from(counts[i]));
                }
            }
            inserted += m;
            ties_x += m * m.saturating_sub(1) / 2;
        }
        let ties_y: u64 = runs(&self.by_y, |i| p[i].1)
            .map(|(start, end)| {
                let m: u64 = self.by_y[start..end]
                    .iter()
                    .map(|&i| u64::from(counts[i]))
                    .sum();
                m * m.saturating_sub(1) / 2
            })
            .sum();
        let n0 = total * total.saturating_sub(1) / 2;
        let d = ((n0 - ties_x) as f64 * (n0 - ties_y) as f64).sqrt();
        let kendall = (d > 0.0).then(|| signed as f64 / d);
        let k = BINS.len();
        let mut observed = vec![0.0; k * k];
        let (mut rows, mut cols) = (vec![0.0; k], vec![0.0; k]);
        let mut abs = 0.0;
        for (i, &c) in counts.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let c = f64::from(c);
            let (a, b) = p[i];
            let (x, y) = (bin(a), bin(b));
            observed[x * k + y] += c;
            rows[x] += c;
            cols[y] += c;
            abs += c * (a - b).abs();
        }
        let (mut o, mut e) = (0.0, 0.0);
        for i in 0..k {
            for j in 0..k {
                let w = ((i as f64 - j as f64) / (k as f64 - 1.0)).powi(2);
                o += w * observed[i * k + j];
                e += w * rows[i] * cols[j] / nf;
            }
        }
        let kappa = (e > 0.0).then(|| 1.0 - o / e);
        let mae = (total > 0).then(|| abs / nf);
        [spearman.flatten(), kendall, kappa, mae]
    }
}

/// The sum of the Fenwick tree's counts at ranks below `r`.
fn prefix(tree: &[u64], mut r: usize) -> u64 {
    let mut sum = 0;
    while r > 0 {
        sum += tree[r];
        r &= r - 1;
    }
    sum
}

/// Adds `c` at rank `r` of the Fenwick tree.
fn add(tree: &mut [u64], r: usize, c: u64) {
    let mut i = r + 1;
    while i < tree.len() {
        tree[i] += c;
        i += i & i.wrapping_neg();
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
    let (low, high) = percentiles(&mut values);
    Figure { value, low, high }
}

/// The [`LEVEL`] percent percentile interval of the defined values of the resamples.
fn percentiles(values: &mut [f64]) -> (Option<f64>, Option<f64>) {
    values.sort_by(f64::total_cmp);
    let cut = |q: f64| {
        (!values.is_empty()).then(|| values[((values.len() - 1) as f64 * q).round() as usize])
    };
    let tail = f64::from(100 - LEVEL) / 200.0;
    (cut(tail), cut(1.0 - tail))
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

/// Kendall's τ-b: (concordant − discordant) / √((n₀ − ties in x)(n₀ − ties in y)), with
/// n₀ the pairs of subjects; `None` when every subject ties with every other on one side.
///
/// Knight's algorithm (*A computer method for calculating Kendall's tau with ungrouped data*,
/// JASA 61, 1966): sorted by (x, y), the pairs tied in x and in both are counted along runs;
/// a merge sort by y then counts the discordant pairs as the swaps it makes, in O(n log n).
pub fn kendall(p: &[(f64, f64)]) -> Option<f64> {
    let n = p.len() as u64;
    let mut v: Vec<(f64, f64)> = p.to_vec();
    v.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let pairs_of = |m: u64| m * m.saturating_sub(1) / 2;
    let (mut ties_x, mut ties_xy) = (0u64, 0u64);
    let (mut run_x, mut run_xy) = (1u64, 1u64);
    for k in 1..=v.len() {
        let same_x = k < v.len() && v[k].0.total_cmp(&v[k - 1].0).is_eq();
        let same_xy = same_x && v[k].1.total_cmp(&v[k - 1].1).is_eq();
        if same_x {
            run_x += 1;
        } else {
            ties_x += pairs_of(run_x);
            run_x = 1;
        }
        if same_xy {
            run_xy += 1;
        } else {
            ties_xy += pairs_of(run_xy);
            run_xy = 1;
        }
    }
    let mut ys: Vec<f64> = v.iter().map(|q| q.1).collect();
    let mut buffer = ys.clone();
    let swaps = merge_count(&mut ys, &mut buffer);
    let mut ties_y = 0u64;
    let mut run_y = 1u64;
    for k in 1..=ys.len() {
        if k < ys.len() && ys[k].total_cmp(&ys[k - 1]).is_eq() {
            run_y += 1;
        } else {
            ties_y += pairs_of(run_y);
            run_y = 1;
        }
    }
    let n0 = pairs_of(n);
    // Pairs untied on both sides are concordant or discordant; the swaps are the discordant.
    let untied = (n0 + ties_xy) as i64 - ties_x as i64 - ties_y as i64;
    let s = untied - 2 * swaps as i64;
    let d = ((n0 - ties_x) as f64 * (n0 - ties_y) as f64).sqrt();
    (d > 0.0).then(|| s as f64 / d)
}

/// Sorts `v` (by `total_cmp`) with a bottom-up merge sort and returns the swaps an exchange
/// sort would make: the pairs out of order, equal values never counted.
fn merge_count(v: &mut Vec<f64>, buffer: &mut Vec<f64>) -> u64 {
    let n = v.len();
    let mut swaps = 0u64;
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut i, mut j, mut k) = (start, mid, start);
            while i < mid && j < end {
                if v[j].total_cmp(&v[i]).is_lt() {
                    buffer[k] = v[j];
                    swaps += (mid - i) as u64;
                    j += 1;
                } else {
                    buffer[k] = v[i];
                    i += 1;
                }
                k += 1;
            }
            buffer[k..k + mid - i].copy_from_slice(&v[i..mid]);
            k += mid - i;
            buffer[k..k + end - j].copy_from_slice(&v[j..end]);
            start = end;
        }
        std::mem::swap(v, buffer);
        width *= 2;
    }
    swaps
}

/// Kendall's τ-b counted over every pair of subjects, in O(n²): the reference [`kendall`] is
/// tested against.
pub fn kendall_pairwise(p: &[(f64, f64)]) -> Option<f64> {
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

    /// A figure of paired scores.
    type Stat = fn(&[(f64, f64)]) -> Option<f64>;

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
        assert_eq!(kendall(&pairs(&[5.0, 5.0], &[1.0, 2.0])), None);
        assert_eq!(kendall(&[]), None);
    }

    /// Random scores on a few values, so that ties in x, in y and in both are common.
    fn tied(n: usize, seed: u64, values: usize) -> Vec<(f64, f64)> {
        let mut rng = SplitMix64(seed);
        (0..n)
            .map(|_| {
                (
                    rng.below(values) as f64 * 7.5,
                    rng.below(values) as f64 * 12.5,
                )
            })
            .collect()
    }

    proptest::proptest! {
        /// Knight's τ-b equals the pairwise count on random data with ties.
        #[test]
        fn knights_tau_is_the_pairwise_tau(n in 0usize..120, seed: u64, values in 1usize..12) {
            let p = tied(n, seed, values);
            match (kendall(&p), kendall_pairwise(&p)) {
                (Some(a), Some(b)) => proptest::prop_assert!((a - b).abs() < 1e-12, "{a} {b}"),
                (a, b) => proptest::prop_assert_eq!(a, b),
            }
        }

        /// The resamples held as counts give each figure's interval as the figure computed on
        /// each resample written out.
        #[test]
        fn the_counted_bootstrap_is_the_written_out_one(n in 1usize..60, seed: u64, values in 1usize..15) {
            let p = tied(n, seed, values);
            let (x, y): (Vec<f64>, Vec<f64>) = p.iter().copied().unzip();
            let a = agreement(&x, &y);
            let stats: [Stat; 4] = [spearman, kendall_pairwise, kappa, mae];
            let got = [a.spearman, a.kendall, a.kappa, a.mae];
            for (stat, f) in stats.iter().zip(got) {
                let want = bootstrap(&p, stat);
                for (g, w) in [(f.value, want.value), (f.low, want.low), (f.high, want.high)] {
                    match (g, w) {
                        (Some(g), Some(w)) => proptest::prop_assert!((g - w).abs() < 1e-9, "{g} {w}"),
                        (g, w) => proptest::prop_assert_eq!(g, w),
                    }
                }
            }
        }
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
