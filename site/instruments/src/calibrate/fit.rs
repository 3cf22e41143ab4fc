//! The grid search of the density denominator and the scale, and k-fold cross-validation:
//! every subject's held-out final comes from settings fitted without its fold.
//!
//! The search reads the absolute errors summed per grid point and fold (each subject's final
//! at each grid point is computed once), so memory grows with the grid, not with the subjects
//! times the grid.

/// The fold of the group numbered `g` (subjects with the same output and human scores form
/// one group) under `k` folds: `g mod k`.
pub fn fold_of(g: usize, k: usize) -> usize {
    g % k
}

/// Mean absolute errors within this of each other are a tie.
const TIE: f64 = 1e-9;

/// The grid point whose summed absolute error over `count` subjects (`sums`, one per grid
/// point) is smallest; ties go to the point with the smallest `distance` (how far it lies from
/// the defaults), then to the first. `None` when `count` is 0 or the grid is empty.
pub fn best(sums: &[f64], count: usize, distance: &[f64]) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let mut best: Option<(f64, f64, usize)> = None;
    for (g, sum) in sums.iter().enumerate() {
        let mae = sum / count as f64;
        let better = match best {
            None => true,
            Some((m, d, _)) => mae < m - TIE || ((mae - m).abs() <= TIE && distance[g] < d),
        };
        if better {
            best = Some((mae, distance[g], g));
        }
    }
    best.map(|b| b.2)
}

/// For each of the `k` folds (`per_fold` subjects in each), the grid point fitted on the other
/// folds: `sums[g * k + f]` is grid point `g`'s summed absolute error over fold `f`.
pub fn held_out(sums: &[f64], per_fold: &[usize], distance: &[f64]) -> Vec<usize> {
    let k = per_fold.len();
    let points = sums.len() / k.max(1);
    (0..k)
        .map(|f| {
            let train: Vec<f64> = (0..points)
                .map(|g| (0..k).filter(|&o| o != f).map(|o| sums[g * k + o]).sum())
                .collect();
            let count = per_fold.iter().sum::<usize>() - per_fold[f];
            best(&train, count, distance).unwrap_or(0)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summed errors of subjects with `human` scores under grid rows of `finals`, per
    /// fold `i mod k`.
    fn sums(finals: &[Vec<f64>], human: &[f64], k: usize) -> (Vec<f64>, Vec<usize>) {
        let mut s = vec![0.0; finals.len() * k];
        let mut per_fold = vec![0; k];
        for i in 0..human.len() {
            per_fold[fold_of(i, k)] += 1;
            for (g, row) in finals.iter().enumerate() {
                s[g * k + fold_of(i, k)] += (row[i] - human[i]).abs();
            }
        }
        (s, per_fold)
    }

    /// A held-out choice must not depend on the subject's own human score: changing it
    /// leaves the subject's fitted point as it was (an in-sample fit would follow it).
    #[test]
    fn a_subjects_held_out_choice_ignores_its_own_score() {
        // Two grid points: row 0 predicts 50 everywhere, row 1 predicts 80.
        let finals = vec![vec![50.0; 6], vec![80.0; 6]];
        let distance = [0.0, 1.0];
        let human = vec![50.0, 50.0, 50.0, 50.0, 50.0, 50.0];
        let (s, per_fold) = sums(&finals, &human, 3);
        assert_eq!(held_out(&s, &per_fold, &distance), vec![0; 3]);
        // Subjects 0 and 3 (fold 0 under k = 3) now agree with row 1 alone. Held out, their
        // settings come from folds 1 and 2, which still choose row 0.
        let mut moved = human.clone();
        moved[0] = 80.0;
        moved[3] = 80.0;
        let (s, per_fold) = sums(&finals, &moved, 3);
        assert_eq!(held_out(&s, &per_fold, &distance)[0], 0);
        // Fitted on their own fold (a leak), row 1 would be chosen.
        let own: Vec<f64> = (0..2).map(|g| s[g * 3]).collect();
        assert_eq!(best(&own, 2, &distance), Some(1));
    }
}
