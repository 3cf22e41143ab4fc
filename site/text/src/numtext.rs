//! Numbers ↔ text without the standard library's float machinery, so the wasm calculator
//! carries neither the float-formatting code behind `{:.N}` / `{}` nor the float-parsing
//! tables behind `str::parse::<f64>`.
//!
//! Data flow:
//! - **f64 → text** ([`std_fixed`]): the f64's exact value `m × 2^e` becomes an exact decimal
//!   integer with a known number of fraction digits (`m × 2^e`, or `m × 5^k / 10^k` when
//!   `e = −k < 0`) in a small base-10⁹ big integer; that digit string is then rounded to the
//!   wanted number of decimals, ties to even, which is exactly what `format!("{x:.N}")` prints.
//! - **text → f64** ([`parse_decimal`]): a plain decimal (`0.3`, `.5`, `2.50`, `-1`, `1e-3`)
//!   becomes an integer mantissa and a power of ten; when both are exactly representable
//!   (mantissa ≤ 2⁵³, power ≤ 10²²) one correctly rounded multiplication or division gives
//!   exactly the f64 `str::parse` gives. Anything else is refused rather than guessed.
//! - **f64 → the text a reader sees** (`figures`, re-exported here: [`fixed`], [`signed`],
//!   [`signed_fixed`], [`trim_number`], [`percent`], [`short`], [`four`]): the one set of
//!   number formatters every caller prints through (formula, views, command line, packages).

use std::fmt;

mod figures;
pub use figures::{fixed, four, percent, short, signed, signed_fixed, trim_number};

/// `x` limited to `[lo, hi]`, like `f64::clamp` for ordered bounds, without its assertion
/// (whose message would pull the whole float-to-text machinery into the wasm calculator).
/// NaN stays NaN, as with `f64::clamp`.
pub fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// `x` with exactly `decimals` digits after the point, the same text as
/// `format!("{x:.decimals$}")`: correctly rounded from the exact binary value, ties to even,
/// `-` kept on negative zero, `NaN`, `inf` and `-inf` for the non-finite values.
pub fn std_fixed(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    let mut out = String::new();
    if x.is_sign_negative() {
        out.push('-');
    }
    if x.is_infinite() {
        out.push_str("inf");
        return out;
    }
    let (digits, frac) = exact_digits(x.abs());
    let mut kept = round_digits(digits, frac, decimals);
    // At least one digit before the point.
    if kept.len() <= decimals {
        let mut padded = vec![b'0'; decimals + 1 - kept.len()];
        padded.extend_from_slice(&kept);
        kept = padded;
    }
    let point = kept.len() - decimals;
    for (i, d) in kept.iter().enumerate() {
        if i == point {
            out.push('.');
        }
        out.push(char::from(*d));
    }
    out
}

/// The exact decimal value of a finite, non-negative `x`: ASCII digits of an integer `N`
/// (no leading zeros, `"0"` for zero) and `frac` such that `x = N / 10^frac`.
fn exact_digits(x: f64) -> (Vec<u8>, usize) {
    let bits = x.to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    let (mut m, mut e) = if exp_bits == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), exp_bits - 1075)
    };
    if m == 0 {
        return (vec![b'0'], 0);
    }
    // Fewer fraction digits to carry: drop the mantissa's trailing zero bits.
    let tz = m.trailing_zeros();
    m >>= tz;
    e += tz as i32;
    let mut n = Big::from_u64(m);
    let frac = if e >= 0 {
        let mut left = e as u32;
        while left > 0 {
            let step = left.min(31);
            n.mul_small(1 << step);
            left -= step;
        }
        0
    } else {
        // m × 2^−k = m × 5^k / 10^k.
        let k = e.unsigned_abs();
        let mut left = k;
        while left > 0 {
            let step = left.min(13);
            n.mul_small(5u32.pow(step));
            left -= step;
        }
        k as usize
    };
    (n.digits(), frac)
}

/// Rounds the decimal `digits / 10^frac` to `decimals` fraction digits, ties to even, and
/// returns the digits of `result × 10^decimals` (no leading zeros except a lone `0`).
fn round_digits(mut digits: Vec<u8>, frac: usize, decimals: usize) -> Vec<u8> {
    if frac <= decimals {
        digits.resize(digits.len() + (decimals - frac), b'0');
        return digits;
    }
    let cut = frac - decimals;
    let len = digits.len();
    let keep_len = len.saturating_sub(cut);
    // The first dropped digit and whether anything after it is non-zero.
    let first_dropped = if cut <= len { digits[len - cut] } else { b'0' };
    let rest_nonzero = cut <= len && digits[len - cut + 1..].iter().any(|&d| d != b'0');
    let mut kept: Vec<u8> = digits[..keep_len].to_vec();
    let last_odd = kept.last().is_some_and(|d| (d - b'0') % 2 == 1);
    let up = first_dropped > b'5' || (first_dropped == b'5' && (rest_nonzero || last_odd));
    if kept.is_empty() {
        kept.push(b'0');
    }
    if up {
        let mut i = kept.len();
        loop {
            if i == 0 {
                kept.insert(0, b'1');
                break;
            }
            i -= 1;
            if kept[i] == b'9' {
                kept[i] = b'0';
            } else {
                kept[i] += 1;
                break;
            }
        }
    }
    kept
}

/// A non-negative big integer in base 10⁹, least significant limb first.
struct Big(Vec<u32>);

const LIMB: u64 = 1_000_000_000;

impl Big {
    fn from_u64(mut v: u64) -> Big {
        let mut limbs = Vec::new();
        while v > 0 {
            limbs.push((v % LIMB) as u32);
            v /= LIMB;
        }
        Big(limbs)
    }

    /// `self *= f` for `f < 2^32`: each limb × f + carry stays below 2^64.
    fn mul_small(&mut self, f: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(f) + carry;
            *limb = (v % LIMB) as u32;
            carry = v / LIMB;
        }
        while carry > 0 {
            self.0.push((carry % LIMB) as u32);
            carry /= LIMB;
        }
    }

    /// Decimal ASCII digits, most significant first.
    fn digits(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.0.len() * 9);
        for (i, limb) in self.0.iter().rev().enumerate() {
            let mut buf = [b'0'; 9];
            let mut v = *limb;
            for slot in buf.iter_mut().rev() {
                *slot = b'0' + (v % 10) as u8;
                v /= 10;
            }
            let start = if i == 0 {
                buf.iter().position(|&d| d != b'0').unwrap_or(8)
            } else {
                0
            };
            out.extend_from_slice(&buf[start..]);
        }
        if out.is_empty() {
            out.push(b'0');
        }
        out
    }
}

/// Why a text is not read as a decimal by [`parse_decimal`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecimalError {
    /// Not a decimal at all (empty, letters, two points, `inf`, `NaN`, …).
    NotANumber,
    /// A decimal whose value cannot be read exactly with one rounding: more than about 15
    /// significant digits, or an exponent beyond ±22.
    TooPrecise,
}

impl fmt::Display for DecimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DecimalError::NotANumber => "not a number",
            DecimalError::TooPrecise => {
                "cannot be read exactly: write at most 15 significant digits and a power of ten from -22 to 22, like 0.35 or 2e5"
            }
        })
    }
}

impl std::error::Error for DecimalError {}

/// The powers of ten that are exact f64 values.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Reads a plain decimal, returning exactly the f64 that `str::parse::<f64>` returns for it.
///
/// Accepted: an optional `+` or `-`, digits with an optional decimal point (`1`, `0.3`, `.5`,
/// `2.`, `2.50`), and an optional exponent (`1e-3`, `2.5E+2`). No spaces, no `_`, no `inf`
/// or `NaN`. Negative numbers and zero are read (`-0` is negative zero), so that a caller can
/// reject them with its own message.
///
/// # Errors
/// [`DecimalError::NotANumber`] for text that is not such a decimal;
/// [`DecimalError::TooPrecise`] for a decimal this reader cannot round exactly (its
/// significant digits exceed 2⁵³ or its power of ten lies beyond ±22 after trailing zeros
/// are taken out), rather than a possibly wrong value.
///
/// ```
/// use pickanumber_text::numtext::{parse_decimal, DecimalError};
/// assert_eq!(parse_decimal("0.3"), Ok(0.3));
/// assert_eq!(parse_decimal(".5"), Ok(0.5));
/// assert_eq!(parse_decimal("2.50"), Ok(2.5));
/// assert_eq!(parse_decimal("1e-3"), Ok(0.001));
/// assert_eq!(parse_decimal("-1"), Ok(-1.0));
/// assert_eq!(parse_decimal("0.1.2"), Err(DecimalError::NotANumber));
/// assert_eq!(parse_decimal("0.12345678901234567"), Err(DecimalError::TooPrecise));
/// ```
pub fn parse_decimal(s: &str) -> Result<f64, DecimalError> {
    let b = s.as_bytes();
    let mut i = 0;
    let negative = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    // Significant digits in `w` (at most 19, so it cannot overflow), zeros not yet multiplied
    // in, and the power of ten so far.
    let mut w: u64 = 0;
    let mut stored = 0u32;
    let mut zeros = 0u32;
    let mut exp10: i64 = 0;
    let mut too_long = false;
    let mut any_digit = false;
    let mut seen_point = false;
    while i < b.len() {
        let c = b[i];
        if c == b'.' && !seen_point {
            seen_point = true;
        } else if c.is_ascii_digit() {
            any_digit = true;
            if seen_point {
                exp10 -= 1;
            }
            if c == b'0' {
                if w != 0 {
                    zeros = zeros.saturating_add(1);
                }
            } else {
                if stored.saturating_add(zeros) >= 19 {
                    too_long = true;
                } else {
                    w = w * 10u64.pow(zeros) * 10 + u64::from(c - b'0');
                    stored += zeros + 1;
                }
                zeros = 0;
            }
        } else {
            break;
        }
        i += 1;
    }
    if !any_digit {
        return Err(DecimalError::NotANumber);
    }
    exp10 += i64::from(zeros);
    if i < b.len() {
        if b[i] != b'e' && b[i] != b'E' {
            return Err(DecimalError::NotANumber);
        }
        i += 1;
        let exp_negative = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let digits = &b[i..];
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(DecimalError::NotANumber);
        }
        // Saturates far beyond any exponent the fast path takes.
        let e = digits.iter().fold(0i64, |acc, d| {
            (acc * 10 + i64::from(d - b'0')).min(1_000_000)
        });
        exp10 += if exp_negative { -e } else { e };
    }
    if w == 0 {
        return Ok(if negative { -0.0 } else { 0.0 });
    }
    if too_long || w > 1 << 53 {
        return Err(DecimalError::TooPrecise);
    }
    let value = match usize::try_from(exp10.unsigned_abs()) {
        Ok(k) if k < POW10.len() => {
            if exp10 >= 0 {
                w as f64 * POW10[k]
            } else {
                w as f64 / POW10[k]
            }
        }
        _ => return Err(DecimalError::TooPrecise),
    };
    Ok(if negative { -value } else { value })
}

/// The shortest text of at most 17 decimals, trailing zeros trimmed, that [`parse_decimal`]
/// reads back to exactly `x`; for a value no such text reads back to (beyond the reader's
/// range), the 17-decimal text trimmed. `-0` prints as `0`.
pub fn round_trip(x: f64) -> String {
    if !x.is_finite() {
        return std_fixed(x, 0);
    }
    for decimals in 0..=17 {
        let s = trimmed(x, decimals);
        if parse_decimal(&s) == Ok(x) || (x == 0.0 && s == "0") {
            return s;
        }
    }
    trimmed(x, 17)
}

/// `x` with `decimals` decimals, trailing zeros and a bare point trimmed, never `-0`.
pub fn trimmed(x: f64, decimals: usize) -> String {
    let s = std_fixed(x, decimals);
    let s = if decimals > 0 {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        &s
    };
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// `x · 10⁴` rounded to the nearest integer, ties to even, computed exactly from the bits of `x`.
///
/// Saturates at the `i64` limits; NaN gives 0 (no caller passes either).
///
/// ```
/// use pickanumber_text::numtext::ten_thousandths;
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

/// `q / 10^decimals` as text, from the integer `q` (`scaled_text(-25, 1, false)` is `-2.5`);
/// `trim` drops trailing zeros, and the point when nothing is left after it. With
/// [`ten_thousandths`] it prints four decimals on integers alone, the same digits as
/// [`std_fixed`] and [`trimmed`] (a test holds the three together) in less code, for builds
/// that print no other precision (the probe and pairwise islands).
///
/// ```
/// use pickanumber_text::numtext::{scaled_text, ten_thousandths};
/// assert_eq!(scaled_text(ten_thousandths(0.03125), 4, false), "0.0312");
/// assert_eq!(scaled_text(ten_thousandths(2.5), 4, true), "2.5");
/// ```
pub fn scaled_text(q: i64, decimals: u32, trim: bool) -> String {
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
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ties_round_to_even_like_std() {
        for (x, d) in [
            (0.125, 2),
            (0.375, 2),
            (2.5, 0),
            (3.5, 0),
            (0.5, 0),
            (1.5, 0),
            (-2.5, 0),
            (0.25, 1),
            (1e21, 2),
            (0.0, 3),
            (-0.0, 2),
            (9.995, 2),
            (99.5, 0),
            (f64::MAX, 0),
            (f64::MIN_POSITIVE, 6),
            (5e-324, 6),
            (f64::NAN, 2),
            (f64::INFINITY, 1),
            (f64::NEG_INFINITY, 0),
        ] {
            assert_eq!(std_fixed(x, d), format!("{x:.d$}"), "{x} with {d}");
        }
        assert_eq!(std_fixed(0.125, 2), "0.12");
        assert_eq!(std_fixed(0.375, 2), "0.38");
        assert_eq!(std_fixed(2.5, 0), "2");
        assert_eq!(std_fixed(3.5, 0), "4");
        assert_eq!(std_fixed(-0.0, 2), "-0.00");
    }

    #[test]
    fn round_trip_prints_the_short_form() {
        assert_eq!(round_trip(0.3), "0.3");
        assert_eq!(round_trip(100.0), "100");
        assert_eq!(round_trip(-0.0), "0");
        assert_eq!(round_trip(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(round_trip(1e-3), "0.001");
    }

    fn near_printed() -> impl Strategy<Value = f64> {
        prop_oneof![
            any::<u64>().prop_map(f64::from_bits),
            0.0..100.0f64,
            -1000.0..1000.0f64,
            -1e-5..1e-5f64,
            (0u32..100_000, 0u32..5).prop_map(|(n, k)| f64::from(n) / 10f64.powi(k as i32)),
            (-1e20..1e20f64),
            // Dyadic values: exact ties at some number of decimals (0.125, 2.5, 0.0625, …).
            (any::<i32>(), 0u32..=12)
                .prop_map(|(n, k)| f64::from(n % 100_000) / f64::from(1u32 << k)),
        ]
    }

    fn decimal_text() -> impl Strategy<Value = String> {
        prop_oneof![
            "[+-]?[0-9]{0,20}(\\.[0-9]{0,20})?([eE][+-]?[0-9]{1,3})?",
            "[+-]?[0-9]{0,3}(\\.[0-9]{0,5})?",
            "[+-]?0?\\.[0-9]{1,17}",
            "[0-9.eE+-]{0,8}",
            ".{0,6}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// The integer path and the exact-digits path print the same four decimals.
        #[test]
        fn four_decimals_agree_on_both_paths(x in -1e12f64..1e12) {
            let q = ten_thousandths(x);
            prop_assert_eq!(scaled_text(q, 4, true), trimmed(x, 4));
            let fixed = std_fixed(x, 4);
            let fixed = if q == 0 { fixed.trim_start_matches('-').to_string() } else { fixed };
            prop_assert_eq!(scaled_text(q, 4, false), fixed);
        }

        #[test]
        fn fixed_matches_std(x in near_printed(), d in 0usize..=6) {
            prop_assert_eq!(std_fixed(x, d), format!("{x:.d$}"));
        }

        #[test]
        fn fixed_matches_std_with_more_decimals(x in near_printed(), d in 7usize..=30) {
            prop_assert_eq!(std_fixed(x, d), format!("{x:.d$}"));
        }

        #[test]
        fn decimal_reader_matches_str_parse(s in decimal_text()) {
            let std = s.parse::<f64>();
            match parse_decimal(&s) {
                Ok(v) => prop_assert_eq!(Ok(v.to_bits()), std.map(f64::to_bits), "{}", s),
                Err(DecimalError::TooPrecise) => prop_assert!(std.is_ok(), "{}", s),
                Err(DecimalError::NotANumber) => prop_assert!(
                    std.map_or(true, |v| !v.is_finite() || s.to_ascii_lowercase().contains("inf")),
                    "{}", s
                ),
            }
        }

        #[test]
        fn read_decimals_print_back_to_themselves(s in "[0-9]{0,8}\\.[0-9]{0,8}|[0-9]{1,15}|0\\.[0-9]{1,15}") {
            if let Ok(x) = parse_decimal(&s) {
                prop_assert_eq!(parse_decimal(&round_trip(x)), Ok(x), "{}", s);
            }
        }
    }
}
