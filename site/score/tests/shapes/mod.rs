//! The inputs that once took quadratic time, as text of `n` lines: `scale.rs` checks what they
//! give, and `cargo xtask bench` (which includes this file) times them, so both read the same
//! shapes.

// Each includer takes the shapes it needs.
#![allow(dead_code)]

/// `n` items, each with a criterion of its own and, every other line, a perspective (so the
/// perspective × criterion cells are as many as the lines).
pub fn distinct_criteria(n: usize) -> String {
    (0..n)
        .map(|k| match k % 2 {
            0 => format!("(+1, judge{k} × crit{k}) item {k}\n"),
            _ => format!("(-1, crit{k}) item {k}\n"),
        })
        .collect()
}

/// Two passes of the same `n / 2` items (every item of the second a duplicate), with criteria
/// and perspectives.
pub fn shared_passes(n: usize) -> String {
    let half: String = (0..n / 2)
        .map(|k| {
            let (points, judge, crit) = (1 + k % 3, k % 5, k % 7);
            format!("(+{points}, judge{judge} × crit{crit}) shared item {k}\n")
        })
        .collect();
    format!("## Pass: a\n{half}## Pass: b\n{half}")
}
