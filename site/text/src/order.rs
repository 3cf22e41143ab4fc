//! One stable sort for the formula crate and the instruments, so each wasm build carries a
//! single small sort instead of one standard-library sort per element type and comparison
//! (each several kilobytes).
//!
//! **elements** → `sorted_indices` (a bottom-up merge sort of their positions, the
//! comparison behind a `dyn` reference, so it is compiled once) → [`sort_by`] moves the
//! elements into that order by swaps along the permutation's cycles (the only element-typed
//! code). Stable: equal elements keep their order. O(n log n) comparisons.
//!
//! **numbers** → [`select_f64`] (a three-way quickselect) → the one that would stand at a
//! given place after sorting, without sorting the rest: what a percentile needs.

use std::cmp::Ordering;

/// The positions `0..n` in the stable order of `cmp` (which compares two positions).
fn sorted_indices(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut from: Vec<usize> = (0..n).collect();
    let mut to = from.clone();
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = n.min(start + width);
            let end = n.min(start + 2 * width);
            let (mut i, mut j) = (start, mid);
            for slot in &mut to[start..end] {
                // The right run goes first only when strictly smaller: this keeps it stable.
                if j < end && (i >= mid || cmp(from[j], from[i]) == Ordering::Less) {
                    *slot = from[j];
                    j += 1;
                } else {
                    *slot = from[i];
                    i += 1;
                }
            }
            start = end;
        }
        std::mem::swap(&mut from, &mut to);
        width *= 2;
    }
    from
}

/// Sorts `v` stably by `cmp`, like `slice::sort_by`.
pub fn sort_by<T>(v: &mut [T], cmp: impl Fn(&T, &T) -> Ordering) {
    let order = sorted_indices(v.len(), &|i, j| cmp(&v[i], &v[j]));
    permute(order, &mut |a, b| v.swap(a, b));
}

/// Moves elements so that slot `k` holds what was at `order[k]`, by swaps along each cycle of
/// the permutation (`swap` exchanges two slots): the only element-typed code is the swap.
fn permute(mut order: Vec<usize>, swap: &mut dyn FnMut(usize, usize)) {
    for start in 0..order.len() {
        let mut k = start;
        // A visited slot is marked by pointing at itself.
        while order[k] != start && order[k] != k {
            let from = order[k];
            swap(k, from);
            order[k] = k;
            k = from;
        }
        order[k] = k;
    }
}

/// The number that sorting `v` by [`f64::total_cmp`] would put at place `k` (from 0), found
/// without sorting: a three-way quickselect, whose pivot is the median of the first, middle
/// and last numbers of the part that still holds place `k`. `v` is left reordered. Equal
/// numbers under `total_cmp` have the same bits, so the result is exactly the sorted one's;
/// the cost is O(n) on average, and a run of equal numbers costs one pass.
///
/// ```
/// let mut v = [3.0, -1.0, 2.5, 3.0, 0.0];
/// assert_eq!(pickanumber_text::order::select_f64(&mut v, 0), -1.0);
/// assert_eq!(pickanumber_text::order::select_f64(&mut v, 3), 3.0);
/// ```
///
/// # Panics
/// When `k` is not a place of `v` (`k >= v.len()`).
pub fn select_f64(v: &mut [f64], k: usize) -> f64 {
    assert!(k < v.len(), "select_f64: place {k} of {} numbers", v.len());
    // Place `k` is always inside v[lo..hi].
    let (mut lo, mut hi) = (0, v.len());
    loop {
        let part = &mut v[lo..hi];
        let (a, b, c) = (part[0], part[part.len() / 2], part[part.len() - 1]);
        let pivot = if (a.total_cmp(&b) == Ordering::Less) == (b.total_cmp(&c) == Ordering::Less) {
            b
        } else if (b.total_cmp(&a) == Ordering::Less) == (a.total_cmp(&c) == Ordering::Less) {
            a
        } else {
            c
        };
        // part = [below the pivot | equal to it | not yet seen | above it].
        let (mut below, mut seen, mut above) = (0, 0, part.len());
        while seen < above {
            match part[seen].total_cmp(&pivot) {
                Ordering::Less => {
                    part.swap(below, seen);
                    below += 1;
                    seen += 1;
                }
                Ordering::Greater => {
                    above -= 1;
                    part.swap(seen, above);
                }
                Ordering::Equal => seen += 1,
            }
        }
        match k - lo {
            at if at < below => hi = lo + below,
            at if at >= above => lo += above,
            _ => return pivot,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// Sorting by the key alone must keep equal keys in their order, as `sort_by` does.
        #[test]
        fn agrees_with_the_standard_stable_sort(
            keys in proptest::collection::vec(0u8..6, 0..70)
        ) {
            let mut ours: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            let mut std = ours.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            std.sort_by_key(|a| a.0);
            prop_assert_eq!(ours, std);
        }

        /// Every place of a list with many repeats, signed zeros and infinities holds, bit for
        /// bit, the number the standard sort by `total_cmp` puts there.
        #[test]
        fn select_gives_the_sorted_numbers_place(
            v in proptest::collection::vec(prop_oneof![
                (-6i8..6).prop_map(f64::from),
                Just(-0.0),
                Just(f64::INFINITY),
                Just(f64::NEG_INFINITY),
                -1e3f64..1e3,
            ], 1..300),
            seed in 0usize..1000,
        ) {
            let mut sorted = v.clone();
            sorted.sort_by(f64::total_cmp);
            for k in [0, seed % v.len(), v.len() / 2, v.len() - 1] {
                let mut w = v.clone();
                prop_assert_eq!(select_f64(&mut w, k).to_bits(), sorted[k].to_bits());
                let mut again = w.clone();
                again.sort_by(f64::total_cmp);
                prop_assert_eq!(&again, &sorted, "the numbers are only reordered");
            }
        }

        #[test]
        fn sorts_strings_like_the_standard_sort(v in proptest::collection::vec(".{0,3}", 0..40)) {
            let mut ours = v.clone();
            let mut std = v;
            sort_by(&mut ours, |a, b| b.cmp(a));
            std.sort_by(|a, b| b.cmp(a));
            prop_assert_eq!(ours, std);
        }
    }
}
