//! Exact decimal rounding for the probe and pairwise figures, without the float formatter.
//! Their text comes from the text crate's number text ([`pickanumber_text::numtext`]: `short`,
//! `four`), the one place numbers become text.
//!
//! **f64** → [`ten_thousandths`] (exact, ties to even) → [`round4`] (the value stored and
//! compared) / `numtext::short` (the text printed). Shares of counts go through [`percent`], which works
//! on the integers themselves.
//!
//! Rounding is done on the exact binary value of the double, as Python's `round(x, 4)` does, so
//! a rate of 1/32 = 0.03125 (exactly representable) becomes 0.0312 (the even neighbour) and a
//! value printed as 0.00015 but stored a hair below it becomes 0.0001.

use pickanumber_text::numtext::scaled_text;
pub use pickanumber_text::numtext::ten_thousandths;

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

/// The double nearest a decimal as written (`4.6`, `-0.30000000000000004`, `1.5e-3`), ties to
/// even: what `str::parse::<f64>` and Python's `float()` give, computed without the standard
/// library's float parser (so the wasm islands do not carry its tables).
///
/// Short decimals go through the formula crate's exact reader; longer ones (more than about
/// 15 significant digits, or a power of ten beyond ±22) get a first estimate that is then
/// corrected one step at a time by comparing the decimal with the midpoints between
/// neighbouring doubles, exactly, in big-integer arithmetic. `None` for text that is not such
/// a decimal, for a magnitude of 10¹⁸ or more, and for a magnitude between 10⁻³²⁴ and 10⁻³⁰⁰
/// (below that the nearest double is zero, which is returned).
///
/// ```
/// use pickanumber_instruments::numbers::decimal_to_f64;
/// assert_eq!(decimal_to_f64("4.6"), Some(4.6));
/// assert_eq!(decimal_to_f64("0.30000000000000004"), Some(0.1 + 0.2));
/// assert_eq!(decimal_to_f64("9.99999999999999999"), Some(10.0));
/// assert_eq!(decimal_to_f64("inf"), None);
/// ```
pub fn decimal_to_f64(text: &str) -> Option<f64> {
    match pickanumber_text::numtext::parse_decimal(text) {
        Ok(v) => return Some(v),
        Err(pickanumber_text::numtext::DecimalError::NotANumber) => return None,
        Err(pickanumber_text::numtext::DecimalError::TooPrecise) => {}
    }
    let (negative, digits, exp10) = decimal_parts(text)?;
    let magnitude = if digits.is_empty() {
        0.0
    } else {
        nearest_double(&digits, exp10)?
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// The sign, the significant digits (no leading or trailing zeros) and the power of ten of a
/// decimal `±digits × 10^exp10`; `None` outside the grammar of [`decimal_to_f64`].
fn decimal_parts(text: &str) -> Option<(bool, Vec<u8>, i64)> {
    let b = text.as_bytes();
    let negative = b.first() == Some(&b'-');
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let (mut digits, mut exp10, mut point, mut any) = (Vec::new(), 0i64, false, false);
    while let Some(&c) = b.get(i) {
        match c {
            b'.' if !point => point = true,
            b'0'..=b'9' => {
                any = true;
                if !(digits.is_empty() && c == b'0') {
                    digits.push(c - b'0');
                }
                if point {
                    exp10 -= 1;
                }
            }
            _ => break,
        }
        i += 1;
    }
    if !any {
        return None;
    }
    if let Some(b'e' | b'E') = b.get(i) {
        i += 1;
        let exp_negative = b.get(i) == Some(&b'-');
        i += usize::from(matches!(b.get(i), Some(b'+' | b'-')));
        let start = i;
        let mut e: i64 = 0;
        while let Some(c) = b.get(i).filter(|c| c.is_ascii_digit()) {
            e = (e * 10 + i64::from(c - b'0')).min(1_000_000);
            i += 1;
        }
        if i == start {
            return None;
        }
        exp10 += if exp_negative { -e } else { e };
    }
    if i < b.len() {
        return None;
    }
    while digits.last() == Some(&0) {
        digits.pop();
        exp10 += 1;
    }
    Some((negative, digits, exp10))
}

/// The double nearest `digits × 10^exp10` (digits without leading zeros, not empty).
fn nearest_double(digits: &[u8], exp10: i64) -> Option<f64> {
    // The value lies in [10^(top − 1), 10^top).
    let top = exp10 + digits.len() as i64;
    if top <= -324 {
        // Below 10⁻³²⁴, under half the smallest double: zero is the nearest.
        return Some(0.0);
    }
    if !(-299..=18).contains(&top) {
        return None;
    }
    // First estimate from the leading 19 digits (a few units in the last place off at most).
    let used = digits.len().min(19);
    let lead = digits[..used]
        .iter()
        .fold(0u64, |a, &d| a * 10 + u64::from(d));
    let p = (exp10 + (digits.len() - used) as i64) as i32;
    let mut guess = lead as f64 * 10f64.powi(p / 2) * 10f64.powi(p - p / 2);
    // Each step moves one double toward the value; an estimate this close needs only a few.
    for _ in 0..64 {
        let bits = guess.to_bits();
        let (below, above) = (f64::from_bits(bits - 1), f64::from_bits(bits + 1));
        let even = bits & 1 == 0;
        match compare(digits, exp10, midpoint(guess, above)) {
            std::cmp::Ordering::Greater => guess = above,
            std::cmp::Ordering::Equal if !even => guess = above,
            _ => match compare(digits, exp10, midpoint(below, guess)) {
                std::cmp::Ordering::Less => guess = below,
                std::cmp::Ordering::Equal if !even => guess = below,
                _ => return Some(guess),
            },
        }
    }
    None
}

/// The point halfway between two positive normal doubles, as `m × 2^e` exactly.
fn midpoint(a: f64, b: f64) -> (u128, i32) {
    let parts = |x: f64| {
        let bits = x.to_bits();
        let m = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
        (u128::from(m), ((bits >> 52) & 0x7ff) as i32 - 1075)
    };
    let ((ma, ea), (mb, eb)) = (parts(a), parts(b));
    let e = ea.min(eb);
    ((ma << (ea - e)) + (mb << (eb - e)), e - 1)
}

/// `digits × 10^exp10` against `m × 2^e`, exactly: both sides scaled to integers.
fn compare(digits: &[u8], exp10: i64, (m, e): (u128, i32)) -> std::cmp::Ordering {
    let mut left = Big::from(0);
    for &d in digits {
        left.mul_add(10, u32::from(d));
    }
    let mut right = Big::from(m);
    left.scale(10, exp10.max(0) as u32);
    right.scale(10, (-exp10).max(0) as u32);
    left.scale(2, (-e).max(0) as u32);
    right.scale(2, e.max(0) as u32);
    left.cmp(&right)
}

/// A non-negative big integer, base 2³², least significant limb first.
#[derive(PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from(x: u128) -> Big {
        Big((0..4).map(|k| (x >> (32 * k)) as u32).collect())
    }

    /// `self · k + add`.
    fn mul_add(&mut self, k: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(k) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    /// `self · base^times` (base 2 or 10).
    fn scale(&mut self, base: u32, times: u32) {
        let (chunk, per) = if base == 2 {
            (1 << 31, 31)
        } else {
            (1_000_000_000, 9)
        };
        for _ in 0..times / per {
            self.mul_add(chunk, 0);
        }
        self.mul_add(base.pow(times % per), 0);
    }

    fn significant(&self) -> &[u32] {
        let n = self.0.iter().rposition(|&l| l != 0).map_or(0, |i| i + 1);
        &self.0[..n]
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Big) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Big) -> std::cmp::Ordering {
        let (a, b) = (self.significant(), other.significant());
        a.len()
            .cmp(&b.len())
            .then_with(|| a.iter().rev().cmp(b.iter().rev()))
    }
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
    let mut text = scaled_text(q as i64, 1, false);
    text.push('%');
    text
}

#[cfg(test)]
// 0.7071 and 1.4142 here are 4-decimal roundings under test, not stand-ins for 1/√2 and √2.
#[allow(clippy::approx_constant)]
mod tests {
    use super::*;
    // The probe's 4-decimal text: the text crate's, checked here against `round4`.
    use pickanumber_text::numtext::{four, short};

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

    #[test]
    fn decimals_read_like_the_standard_parser() {
        for text in [
            "4.6",
            "0.30000000000000004",
            "9.99999999999999999",
            "-0.1234567890123456789012345678901234567890",
            "123456789.123456789123456789",
            "1e-299",
            "2.2250738585072014e-290",
            "0.000000000000000000000000000000000000001",
            "8.9999999999999991118215802998747676610946655273437",
            "8.99999999999999911182158029987476766109466552734375",
            "8.999999999999999111821580299874767661094665527343751",
            "999999999.99999999999999999",
            "1000000000.0000000000000000001",
            "5e-324",
            "1e-310",
            "1e-400",
            "-2.5e-999999",
        ] {
            let want: f64 = text.parse().unwrap();
            let got = decimal_to_f64(text);
            if text == "5e-324" || text == "1e-310" {
                assert_eq!(got, None, "{text}");
            } else {
                assert_eq!(got.map(f64::to_bits), Some(want.to_bits()), "{text}");
            }
        }
        for text in ["inf", "NaN", "1e", "", ".", "1.2.3", "0x1"] {
            assert_eq!(decimal_to_f64(text), None, "{text}");
        }
        assert_eq!(decimal_to_f64("-0.0000000000000000000000000"), Some(-0.0));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3_000))]

        /// Long decimals (the slow path) and short ones agree with the standard parser to the
        /// bit, the magnitudes a rating can have.
        #[test]
        fn decimals_agree_with_std_parse(
            text in "-?[0-9]{1,10}\\.[0-9]{0,40}([eE]-?[0-9]{1,2})?"
        ) {
            let want: f64 = text.parse().unwrap();
            if want.abs() < 1e17 && (want == 0.0 || want.abs() > 1e-290) {
                proptest::prop_assert_eq!(decimal_to_f64(&text).map(f64::to_bits), Some(want.to_bits()), "{}", text);
            }
        }

        /// The digits printed are the standard library's `{:.4}` of the value (of the rounded
        /// value for `four`), trailing zeros trimmed for `short`, and never `-0`.
        #[test]
        fn printed_digits_are_the_standard_four_decimals(x in -1e9f64..1e9) {
            let std4 = format!("{x:.4}");
            let trimmed = std4.trim_end_matches('0').trim_end_matches('.');
            let trimmed = if trimmed == "-0" { "0" } else { trimmed };
            proptest::prop_assert_eq!(short(x), trimmed);
            proptest::prop_assert_eq!(four(x), format!("{:.4}", round4(x) + 0.0));
        }
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
        assert_eq!(four(-0.00001), "0.0000");
        assert_eq!(short(-0.00001), "0");
        assert_eq!(four(0.03125), "0.0312");
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
