//! One stable sort for the formula crate and the instruments, so each wasm build carries a
//! single small sort instead of one standard-library sort per element type and comparison
//! (each several kilobytes).
//!
//! **elements** → `sorted_indices` (a bottom-up merge sort of their positions, the
//! comparison behind a `dyn` reference, so it is compiled once) → [`sort_by`] moves the
//! elements into that order by swaps along the permutation's cycles (the only element-typed
//! code). Stable: equal elements keep their order. O(n log n) comparisons.

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
