//! f64 and integers → the text every view prints: the forms of a number a reader sees (a fixed
//! count of decimals, a sign, at most four decimals trimmed, a percentage of a bar), each one
//! call over the exact formatters of [`super`] ([`std_fixed`], [`trimmed`], [`scaled_text`]).
//! This is the one place a score, a confidence or a probe metric becomes text, so the
//! calculator, the command line, the packages and the site print the same digits.
//!
//! Single numbers use the ASCII minus, so a printed number reads back as a number.

use super::{clamp, scaled_text, std_fixed, ten_thousandths, trimmed};

/// `x` with exactly `decimals` digits after the point, never `-0.00`: the digits of
/// `format!("{x:.decimals$}")` (correctly rounded, ties to even; `NaN`, `inf`, `-inf`).
///
/// ```
/// use pickanumber_text::numtext::fixed;
/// assert_eq!(fixed(82.2, 2), "82.20");
/// assert_eq!(fixed(-0.0001, 2), "0.00");
/// assert_eq!(fixed(-1.5, 1), "-1.5");
/// ```
pub fn fixed(x: f64, decimals: usize) -> String {
    let s = std_fixed(x, decimals);
    match s.strip_prefix('-') {
        Some(zero) if zero.chars().all(|c| c == '0' || c == '.') => zero.to_string(),
        _ => s,
    }
}

/// An integer with its sign: `+9`, `-3`, `0`.
///
/// ```
/// use pickanumber_text::numtext::signed;
/// assert_eq!([signed(9), signed(-3), signed(0)], ["+9", "-3", "0"]);
/// ```
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        format!("{n}")
    }
}

/// A signed decimal: `+3.838`, `-1.225`, `0.000` (no `+` on a value that prints as zero).
///
/// ```
/// use pickanumber_text::numtext::signed_fixed;
/// assert_eq!(signed_fixed(3.8376, 3), "+3.838");
/// assert_eq!(signed_fixed(0.0001, 3), "0.000");
/// assert_eq!(signed_fixed(-1.225, 2), "-1.23");
/// ```
pub fn signed_fixed(x: f64, decimals: usize) -> String {
    let s = fixed(x, decimals);
    if x > 0.0 && s.chars().any(|c| c.is_ascii_digit() && c != '0') {
        format!("+{s}")
    } else {
        s
    }
}

/// A number with at most four decimals and no trailing zeros: `8`, `0.75`, `1.6`, `0.3`
/// (for `0.1 + 0.2`), never `-0`.
///
/// ```
/// use pickanumber_text::numtext::trim_number;
/// assert_eq!(trim_number(0.1 + 0.2), "0.3");
/// assert_eq!(trim_number(40.0), "40");
/// assert_eq!(trim_number(-0.00001), "0");
/// ```
pub fn trim_number(x: f64) -> String {
    trimmed(x, 4)
}

/// A fraction (a confidence, a position) as a percentage with one decimal, clamped to
/// `[0, 100]`, for drawing a bar: `0.25` → `25.0`.
///
/// ```
/// use pickanumber_text::numtext::percent;
/// assert_eq!([percent(0.25), percent(1.7), percent(-0.1)], ["25.0", "100.0", "0.0"]);
/// ```
pub fn percent(fraction: f64) -> String {
    fixed(clamp(fraction * 100.0, 0.0, 100.0), 1)
}

/// A value rounded to 4 decimals as text without trailing zeros: `0.3125`, `2.5`, `3`,
/// `-0.05`. The digits of [`trim_number`] for every value the probe and pairwise islands
/// print, from integer arithmetic alone ([`ten_thousandths`], [`scaled_text`]): those islands
/// print no other precision, so they leave out [`std_fixed`]'s big-integer digits.
///
/// ```
/// use pickanumber_text::numtext::short;
/// assert_eq!(short(0.3125), "0.3125");
/// assert_eq!(short(2.5), "2.5");
/// assert_eq!(short(3.0), "3");
/// assert_eq!(short(-0.05), "-0.05");
/// assert_eq!(short(1.0 / 3.0), "0.3333");
/// ```
pub fn short(x: f64) -> String {
    scaled_text(ten_thousandths(x), 4, true)
}

/// A value rounded to 4 decimals with all four decimals: `0.3120`, `0.0000` (as [`short`],
/// from integers alone).
///
/// ```
/// assert_eq!(pickanumber_text::numtext::four(0.312), "0.3120");
/// ```
pub fn four(x: f64) -> String {
    scaled_text(ten_thousandths(x), 4, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// The integer-only forms print the digits of the exact formatter on the values the
        /// islands print (below 10⁹ in magnitude).
        #[test]
        fn short_and_four_agree_with_the_exact_formatter(x in -1e9f64..1e9) {
            prop_assert_eq!(short(x), trim_number(x));
            prop_assert_eq!(four(x), fixed(x, 4));
        }

        /// A signed decimal is the fixed text with a `+` exactly when it is above zero as
        /// printed.
        #[test]
        fn signed_fixed_adds_a_plus_only_above_zero(x in -1e3f64..1e3, d in 0usize..5) {
            let s = signed_fixed(x, d);
            let plain = fixed(x, d);
            match s.strip_prefix('+') {
                Some(rest) => { prop_assert_eq!(rest, &plain); prop_assert!(x > 0.0); }
                None => prop_assert_eq!(&s, &plain),
            }
        }
    }
}
