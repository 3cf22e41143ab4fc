//! Exact decimal rounding and the digits the reports print, without the float formatter.
//!
//! **f64** → [`ten_thousandths`] (exact, ties to even) → [`round4`] (the value stored and
//! compared) / [`short`] (the text printed). Shares of counts go through [`percent`], which works
//! on the integers themselves.
//!
//! Rounding is done on the exact binary value of the double, as Python's `round(x, 4)` does, so
//! a rate of 1/32 = 0.03125 (exactly representable) becomes 0.0312 (the even neighbour) and a
//! value printed as 0.00015 but stored a hair below it becomes 0.0001.

/// `x · 10⁴` rounded to the nearest integer, ties to even, computed exactly from the bits of `x`.
///
/// Saturates at the `i64` limits; NaN gives 0 (no caller passes either).
///
/// ```
/// use pickanumber_instruments::numbers::ten_thousandths;
/// assert_eq!(ten_thousandths(0.03125), 312); // an exact tie: to even
/// assert_eq!(ten_thousandths(0.09375), 938); // an exact tie: to even
/// assert_eq!(ten_thousandths(-2.5), -25_000);
/// ```
pub fn ten_thousandths(x: f64) -> i64 {
    if x.is_nan() {
        return 0;
    }
    let bits = x.to_bits();
    let negative = bits >> 63 == 1;
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1u64 << 52) - 1);
    if exp_bits == 0x7ff {
        return if negative { i64::MIN } else { i64::MAX };
    }
    // x = mantissa · 2^exp exactly.
    let (mantissa, exp) = if exp_bits == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), exp_bits - 1075)
    };
    let scaled = u128::from(mantissa) * 10_000; // < 2^67
    let magnitude: u128 = if exp >= 0 {
        if exp >= 60 {
            u128::MAX
        } else {
            scaled << exp
        }
    } else {
        let shift = (-exp) as u32;
        if shift >= 127 {
            // Below 2^67 / 2^127: far under one half.
            0
        } else {
            let q = scaled >> shift;
            let rem = scaled & ((1u128 << shift) - 1);
            let half = 1u128 << (shift - 1);
            if rem > half || (rem == half && q & 1 == 1) {
                q + 1
            } else {
                q
            }
        }
    };
    let m = i64::try_from(magnitude).unwrap_or(i64::MAX);
    if negative {
        -m
    } else {
        m
    }
}

/// The mean of non-negative doubles as Python's `statistics.mean` gives it: the exact sum of
/// the values as they are stored, divided exactly, then rounded once to the nearest double.
///
/// This matters for the mean of rounded values: 0.7071 and 1.4142 are stored a little below
/// those decimals, so their exact mean lies below the tie 1.06065 and rounds to 1.0606, where
/// adding the decimals would give 1.0607. Falls back to the plain floating mean for values the
/// exact path does not cover (negative, non-finite, below 2⁻¹⁴ but not zero, or 2³¹ and above);
/// the probe never passes those. Returns `None` for an empty slice.
///
/// ```
/// use pickanumber_instruments::numbers::{mean_of_stored, round4};
/// assert_eq!(mean_of_stored(&[0.7071, 1.4142]).map(round4), Some(1.0606));
/// assert_eq!(mean_of_stored(&[0.5, 1.0, 0.0]), Some(0.5));
/// ```
pub fn mean_of_stored(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    // Fixed point in units of 2⁻⁶⁶: every double in [2⁻¹⁴, 2³¹) is a whole number of units
    // below 2⁹⁷, so a sum of up to 2³⁰ of them fits in a u128.
    const UNIT_EXP: i32 = -66;
    let mut sum: u128 = 0;
    for &x in xs {
        let covered = x == 0.0 || (x.is_finite() && (2f64.powi(-14)..2f64.powi(31)).contains(&x));
        if !covered || xs.len() > 1 << 30 {
            return Some(xs.iter().sum::<f64>() / xs.len() as f64);
        }
        if x == 0.0 {
            continue;
        }
        let bits = x.to_bits();
        let mantissa = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
        let exp = ((bits >> 52) & 0x7ff) as i32 - 1075;
        sum += u128::from(mantissa) << (exp - UNIT_EXP) as u32;
    }
    let value = ratio_to_f64(sum, xs.len() as u128);
    Some(value * 2f64.powi(UNIT_EXP))
}

/// `num / den` rounded once to the nearest double, ties to even (`den > 0`, `den < 2⁹⁸`).
fn ratio_to_f64(num: u128, den: u128) -> f64 {
    if num == 0 {
        return 0.0;
    }
    let mut q = num / den;
    let mut rem = num % den;
    // Scale so the quotient carries at least 55 significant bits (53 + guard + one spare):
    // each step moves one more bit of the fraction into q.
    let mut scale: i32 = 0;
    while 128 - q.leading_zeros() < 55 {
        rem <<= 1;
        q = (q << 1) | u128::from(rem >= den);
        if rem >= den {
            rem -= den;
        }
        scale -= 1;
    }
    // Now keep the top 53 bits of q, rounding on the dropped bits and the remainder.
    let drop = (128 - q.leading_zeros()) - 53;
    let kept = q >> drop;
    let dropped = q & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    let above_half = dropped > half || (dropped == half && rem != 0);
    let tie = dropped == half && rem == 0;
    let mantissa = if above_half || (tie && kept & 1 == 1) {
        kept + 1
    } else {
        kept
    };
    // mantissa ≤ 2⁵³ is exact in a double; the powers of two are exact too.
    mantissa as f64 * 2f64.powi(scale + drop as i32)
}

/// The mean and the sample standard deviation of doubles as Python 3.11's `statistics.mean` and
/// `statistics.stdev` give them: each is the exact value for the doubles as stored (the mean of
/// the exact sum; the square root of the exact sum of squared deviations over `n − 1`), rounded
/// once to the nearest double. The standard deviation is 0 for fewer than two values; `None`
/// for none.
///
/// Computed in double-double arithmetic (about 106 significant bits), so the result is that
/// correctly rounded double unless the exact value lies within about 2⁻¹⁰⁰ (relatively) of a
/// point halfway between two doubles. Values are expected within ±2³¹, as ratings are.
///
/// ```
/// use pickanumber_instruments::numbers::{mean_and_std, round4};
/// let (mean, std) = mean_and_std(&[1.0, 4.6]).unwrap();
/// assert_eq!(mean, 2.8);
/// assert_eq!(round4(std), 2.5456); // √((1.8² + 1.8²) / 1) = 1.8 · √2 = 2.54558…
/// ```
pub fn mean_and_std(xs: &[f64]) -> Option<(f64, f64)> {
    if xs.is_empty() {
        return None;
    }
    let n = xs.len() as f64;
    let sum = xs.iter().fold(Dd::ZERO, |acc, &x| acc.add(Dd::from(x)));
    let mean = sum.div(n);
    if xs.len() < 2 {
        return Some((mean.round(), 0.0));
    }
    let squares = xs.iter().fold(Dd::ZERO, |acc, &x| {
        let d = Dd::from(x).add(mean.neg());
        acc.add(d.square())
    });
    let variance = squares.div(n - 1.0);
    Some((mean.round(), variance.sqrt()))
}

/// A double-double: the unevaluated sum `hi + lo` with `|lo| ≤ ulp(hi) / 2`.
#[derive(Clone, Copy, Debug)]
struct Dd {
    hi: f64,
    lo: f64,
}

impl Dd {
    const ZERO: Dd = Dd { hi: 0.0, lo: 0.0 };

    fn from(x: f64) -> Dd {
        Dd { hi: x, lo: 0.0 }
    }

    fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }

    /// The double nearest `hi + lo`.
    fn round(self) -> f64 {
        self.hi + self.lo
    }

    fn add(self, other: Dd) -> Dd {
        let (s, e) = two_sum(self.hi, other.hi);
        let (t, f) = two_sum(self.lo, other.lo);
        let (s, e) = quick_two_sum(s, e + t);
        let (hi, lo) = quick_two_sum(s, e + f);
        Dd { hi, lo }
    }

    fn square(self) -> Dd {
        let (p, e) = two_product(self.hi, self.hi);
        let (hi, lo) = quick_two_sum(p, e + 2.0 * self.hi * self.lo);
        Dd { hi, lo }
    }

    /// `self / d` for a double `d > 0`: a first quotient, then the exact remainder's share.
    fn div(self, d: f64) -> Dd {
        let q1 = self.hi / d;
        let (p, e) = two_product(q1, d);
        let (r, f) = two_sum(self.hi, -p);
        let q2 = (r + (f - e + self.lo)) / d;
        let (hi, lo) = quick_two_sum(q1, q2);
        Dd { hi, lo }
    }

    /// The double nearest `√(hi + lo)`, for `hi + lo ≥ 0`: one Newton step from the double
    /// root, with its residual computed exactly.
    fn sqrt(self) -> f64 {
        if self.hi <= 0.0 {
            return 0.0;
        }
        let s = self.hi.sqrt();
        let (p, e) = two_product(s, s);
        let (r, f) = two_sum(self.hi, -p);
        let residual = r + (f - e + self.lo);
        s + residual / (2.0 * s)
    }
}

/// `a + b` as the rounded sum and its exact error.
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `a + b` as the rounded sum and its exact error, for `|a| ≥ |b|` (or `a == 0`).
fn quick_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// `a · b` as the rounded product and its exact error (Dekker's splitting, no fused
/// multiply-add needed; exact while the product stays far below overflow).
fn two_product(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

/// `a` as two halves of 26 significant bits each.
fn split(a: f64) -> (f64, f64) {
    const FACTOR: f64 = 134_217_729.0; // 2²⁷ + 1
    let t = FACTOR * a;
    let hi = t - (t - a);
    (hi, a - hi)
}

/// `x` rounded to 4 decimals (see [`ten_thousandths`]): the double nearest the rounded decimal.
///
/// ```
/// use pickanumber_instruments::numbers::round4;
/// assert_eq!(round4(2.0 / 3.0), 0.6667);
/// assert_eq!(round4(0.03125), 0.0312);
/// ```
pub fn round4(x: f64) -> f64 {
    // Both operands are exact doubles (|q| < 2^53 for every value the probe rounds), and IEEE
    // division rounds correctly, so this is the double nearest to q / 10 000.
    ten_thousandths(x) as f64 / 10_000.0
}

/// A 4-decimal value as text without trailing zeros: `0.3125`, `2.5`, `3`, `-0.05`.
///
/// ```
/// use pickanumber_instruments::numbers::short;
/// assert_eq!(short(0.3125), "0.3125");
/// assert_eq!(short(2.5), "2.5");
/// assert_eq!(short(3.0), "3");
/// assert_eq!(short(-0.05), "-0.05");
/// assert_eq!(short(1.0 / 3.0), "0.3333");
/// ```
pub fn short(x: f64) -> String {
    fixed(ten_thousandths(x), 4, true)
}

/// A 4-decimal value with all four decimals: `0.3120`, `0.0000`.
///
/// ```
/// assert_eq!(pickanumber_instruments::numbers::four(0.312), "0.3120");
/// ```
pub fn four(x: f64) -> String {
    fixed(ten_thousandths(x), 4, false)
}

/// `part / whole` as a percentage with one decimal, rounded half to even on the exact fraction:
/// `percent(1, 8)` is `12.5%`, `percent(1, 3)` is `33.3%`, `percent(0, 0)` is `0.0%`.
///
/// ```
/// use pickanumber_instruments::numbers::percent;
/// assert_eq!(percent(1, 8), "12.5%");
/// assert_eq!(percent(2, 3), "66.7%");
/// assert_eq!(percent(1, 16), "6.2%"); // 6.25 exactly: to even
/// ```
pub fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "0.0%".to_string();
    }
    let (p, w) = (part as u128 * 1000, whole as u128);
    let (q, r) = (p / w, p % w);
    let q = if 2 * r > w || (2 * r == w && q % 2 == 1) {
        q + 1
    } else {
        q
    };
    format!("{}%", fixed(q as i64, 1, false))
}

/// `q / 10^decimals` as text; `trim` drops trailing zeros (and the point when nothing is left).
fn fixed(q: i64, decimals: u32, trim: bool) -> String {
    let scale = 10u64.pow(decimals);
    let sign = if q < 0 { "-" } else { "" };
    let m = q.unsigned_abs();
    let (whole, frac) = (m / scale, m % scale);
    let mut digits = format!("{frac:0width$}", width = decimals as usize);
    if trim {
        while digits.ends_with('0') {
            digits.pop();
        }
    }
    if digits.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{digits}")
    }
}

#[cfg(test)]
// 0.7071 and 1.4142 here are 4-decimal roundings under test, not stand-ins for 1/√2 and √2.
#[allow(clippy::approx_constant)]
mod tests {
    use super::*;

    #[test]
    fn rounds_like_an_exact_decimal_with_ties_to_even() {
        // 0.03125 = 1/32 and 0.09375 = 3/32 are exact doubles, so these are true ties.
        assert_eq!(ten_thousandths(0.03125), 312);
        assert_eq!(ten_thousandths(0.09375), 938);
        // 0.00015 is stored as 0.000149999999999999986866…: below the tie.
        assert_eq!(ten_thousandths(0.00015), 1);
        // 0.00025 is stored as 0.000250000000000000005204…: above the tie.
        assert_eq!(ten_thousandths(0.00025), 3);
        assert_eq!(ten_thousandths(0.0), 0);
        assert_eq!(ten_thousandths(-0.0), 0);
        assert_eq!(ten_thousandths(1.0), 10_000);
        assert_eq!(ten_thousandths(12_345.678_96), 123_456_790);
        assert_eq!(ten_thousandths(f64::MIN_POSITIVE), 0);
        assert_eq!(ten_thousandths(5e-324), 0);
        assert_eq!(ten_thousandths(1e300), i64::MAX);
        assert_eq!(ten_thousandths(f64::NEG_INFINITY), i64::MIN);
        assert_eq!(ten_thousandths(f64::NAN), 0);
    }

    #[test]
    fn exact_ratios() {
        assert_eq!(ratio_to_f64(1, 3), 1.0 / 3.0);
        assert_eq!(ratio_to_f64(2, 3), 2.0 / 3.0);
        assert_eq!(ratio_to_f64(10, 4), 2.5);
        assert_eq!(ratio_to_f64(u128::from(u64::MAX), 1), u64::MAX as f64);
        // 2⁵³ + 1 is a tie between 2⁵³ and 2⁵³ + 2: to even (2⁵³).
        assert_eq!(ratio_to_f64((1 << 53) + 1, 1), 9_007_199_254_740_992.0);
        // 2⁵³ + 3 is a tie between 2⁵³ + 2 and 2⁵³ + 4: to even (2⁵³ + 4).
        assert_eq!(ratio_to_f64((1 << 53) + 3, 1), 9_007_199_254_740_996.0);
        // Just above a tie: (2⁵⁴ + 2 + 1) / 2 = 2⁵³ + 1.5 → 2⁵³ + 2.
        assert_eq!(ratio_to_f64((1 << 54) + 3, 2), 9_007_199_254_740_994.0);
        for (n, d) in [(7u128, 10u128), (123_456_789, 1000), (1, 1 << 90)] {
            assert_eq!(ratio_to_f64(n, d), n as f64 / d as f64, "{n}/{d}");
        }
    }

    #[test]
    fn means_of_stored_values_follow_their_binary_values() {
        // Python: statistics.mean([0.7071, 1.4142]) == 1.0606499999999999.
        assert_eq!(
            mean_of_stored(&[0.7071, 1.4142]),
            Some(1.060_649_999_999_999_9)
        );
        assert_eq!(mean_of_stored(&[]), None);
        assert_eq!(mean_of_stored(&[0.0001]), Some(0.0001));
        assert_eq!(mean_of_stored(&[-1.0, 3.0]), Some(1.0)); // the fallback path
    }

    /// Python 3.11: `statistics.mean(xs)`, `statistics.stdev(xs)`.
    #[test]
    fn mean_and_std_like_python() {
        let check = |xs: &[f64], mean: f64, std: f64| {
            assert_eq!(mean_and_std(xs), Some((mean, std)), "{xs:?}");
        };
        check(&[1.0, 4.6], 2.8, 2.545584412271571);
        check(
            &[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0],
            5.0,
            2.138089935299395,
        );
        check(&[0.1, 0.2, 0.3], 0.2, 0.09999999999999999);
        check(&[7.0], 7.0, 0.0);
        check(&[1.0, 1.0001], 1.0000499999999999, 7.071067811864696e-05);
        check(&[-3.5, 1e9, 2.25], 333333332.9166667, 577350269.5504696);
        assert_eq!(mean_and_std(&[]), None);
    }

    #[test]
    fn prints_fixed_digits() {
        assert_eq!(four(0.0), "0.0000");
        assert_eq!(four(1.0), "1.0000");
        assert_eq!(short(0.0), "0");
        assert_eq!(short(-1.5), "-1.5");
        assert_eq!(short(0.0001), "0.0001");
        assert_eq!(percent(0, 5), "0.0%");
        assert_eq!(percent(5, 5), "100.0%");
        assert_eq!(percent(3, 16), "18.8%"); // 18.75: to even
        assert_eq!(percent(0, 0), "0.0%");
    }
}
