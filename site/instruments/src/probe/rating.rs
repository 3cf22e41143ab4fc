//! One rating as a run wrote it: **number text** → [`Rating`] (an integer, or a decimal held as
//! the double nearest to it, the way Python's `json` module reads it).
//!
//! The original aggregator keeps each rating as written for the per-item statistics (so `4.6`
//! stays `4.6` there) and truncates toward zero (`int()`) only for the figures across runs;
//! [`Rating::truncated`] is that truncation. JSON text without a point or an exponent (`7`,
//! `-3`) is an integer, anything else (`7.0`, `5E0`, `4.6`) a decimal, as in Python, so
//! `aggregate.json` writes each back the way the original would. Ratings are finite and their
//! integer part lies within ±[`MAX_RATING`].

use std::cmp::Ordering;
use std::fmt;

/// The largest rating magnitude accepted. A larger number makes its run fail (it is reported),
/// so sums and squares stay exact.
pub const MAX_RATING: i64 = 1_000_000_000;

/// A rating: an integer, or a decimal (a finite double whose integer part is within
/// ±[`MAX_RATING`]).
///
/// In JSON (the `json` feature) it is written as it was read: an integer as an integer (`7`),
/// a decimal with its point (`7.0`, `4.6`), as Python's `json` writes them.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "json", serde(untagged))]
pub enum Rating {
    /// Written without a point or an exponent: `7`, `-3`.
    Int(i64),
    /// Written with a point or an exponent: `4.6`, `7.0`, `5E0`.
    Float(f64),
}

/// Why a number cannot be a rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingError {
    /// Not a decimal number (`seven`, `inf`, `NaN`, `1e`).
    NotANumber,
    /// Its integer part lies beyond ±[`MAX_RATING`] (or it is beyond a double's range).
    TooLarge,
    /// A magnitude between 10⁻³²⁴ and 10⁻³⁰⁰ (not read exactly; smaller ones are zero).
    TooSmall,
}

impl Rating {
    /// Reads a number as written in JSON or in a grid cell: an optional sign, digits with at
    /// most one point, an optional exponent. Integers are kept exactly; decimals become the
    /// nearest double (what Python's `float()` and `json` give).
    ///
    /// ```
    /// use pickanumber_instruments::probe::rating::{Rating, RatingError};
    /// assert_eq!(Rating::parse("7"), Ok(Rating::Int(7)));
    /// assert_eq!(Rating::parse("4.6"), Ok(Rating::Float(4.6)));
    /// assert_eq!(Rating::parse("5E0"), Ok(Rating::Float(5.0)));
    /// assert_eq!(Rating::parse("inf"), Err(RatingError::NotANumber));
    /// assert_eq!(Rating::parse("2000000000"), Err(RatingError::TooLarge));
    /// ```
    ///
    /// # Errors
    /// [`RatingError::NotANumber`] for text outside that grammar, [`RatingError::TooLarge`]
    /// for an integer part beyond ±[`MAX_RATING`], [`RatingError::TooSmall`] for a magnitude
    /// between 10⁻³²⁴ and 10⁻³⁰⁰.
    pub fn parse(text: &str) -> Result<Rating, RatingError> {
        // `truncate` checks the grammar on the digits themselves (no `inf`, `NaN`, `0x…`).
        match truncate(text) {
            Truncated::NotANumber => return Err(RatingError::NotANumber),
            Truncated::TooLarge => return Err(RatingError::TooLarge),
            Truncated::Rating(_) => {}
        }
        if !text.contains(['.', 'e', 'E']) {
            // Digits only (and a sign): within ±MAX_RATING, as `truncate` just checked.
            return text
                .parse()
                .map(Rating::Int)
                .map_err(|_| RatingError::TooLarge);
        }
        // Within ±(MAX_RATING + 1), so the only refusal left is a magnitude between 10⁻³²⁴
        // and 10⁻³⁰⁰, which no judge writes as a rating.
        let value = crate::numbers::decimal_to_f64(text).ok_or(RatingError::TooSmall)?;
        Rating::float(value).ok_or(RatingError::TooLarge)
    }

    /// A decimal rating; `None` when `value` is not finite or its integer part lies beyond
    /// ±[`MAX_RATING`].
    pub fn float(value: f64) -> Option<Rating> {
        (value.is_finite() && value.trunc().abs() <= MAX_RATING as f64)
            .then_some(Rating::Float(value))
    }

    /// The rating as a double (exact for every integer rating).
    pub fn value(self) -> f64 {
        match self {
            Rating::Int(i) => i as f64,
            Rating::Float(f) => f,
        }
    }

    /// The integer part, toward zero: Python's `int()`, as the figures across runs use it
    /// (`9.99` → 9, `-0.5` → 0).
    ///
    /// ```
    /// use pickanumber_instruments::probe::rating::Rating;
    /// assert_eq!(Rating::Float(9.99).truncated(), 9);
    /// assert_eq!(Rating::Float(-1.5).truncated(), -1);
    /// assert_eq!(Rating::Int(4).truncated(), 4);
    /// ```
    pub fn truncated(self) -> i64 {
        match self {
            Rating::Int(i) => i,
            // Finite and within ±MAX_RATING, so the cast is exact.
            Rating::Float(f) => f.trunc() as i64,
        }
    }

    /// Numeric order, `4` and `4.0` (and `0` and `-0.0`) equal, as Python compares them.
    pub fn cmp_value(self, other: Rating) -> Ordering {
        match (self, other) {
            (Rating::Int(a), Rating::Int(b)) => a.cmp(&b),
            (a, b) => a.value().partial_cmp(&b.value()).unwrap_or(Ordering::Equal),
        }
    }

    /// `self − other` as Python computes it: an integer when both are integers, else the
    /// double nearest the difference of the two doubles (`4.6 − 1` is `3.5999999999999996`).
    pub fn minus(self, other: Rating) -> Rating {
        match (self, other) {
            (Rating::Int(a), Rating::Int(b)) => Rating::Int(a - b),
            (a, b) => Rating::Float(a.value() - b.value()),
        }
    }
}

impl PartialEq for Rating {
    /// The same kind and the same value (`7` and `7.0` differ here; [`Rating::cmp_value`]
    /// calls them equal).
    fn eq(&self, other: &Rating) -> bool {
        match (self, other) {
            (Rating::Int(a), Rating::Int(b)) => a == b,
            (Rating::Float(a), Rating::Float(b)) => a.to_bits() == b.to_bits(),
            _ => false,
        }
    }
}

impl Eq for Rating {}

impl PartialEq<i64> for Rating {
    /// An integer rating with that value (a decimal never equals an `i64` here).
    fn eq(&self, other: &i64) -> bool {
        *self == Rating::Int(*other)
    }
}

impl From<i64> for Rating {
    fn from(i: i64) -> Rating {
        Rating::Int(i)
    }
}

impl fmt::Display for Rating {
    /// For reports and pages: `7`, `4.6`, `7.0` (a decimal keeps its point, as Python prints
    /// it), decimals rounded to at most four places (`aggregate.json` writes them in full).
    /// Uses the crate's exact rounding, not the float formatter, which the wasm islands leave
    /// out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rating::Int(i) => write!(f, "{i}"),
            Rating::Float(x) => {
                let text = pickanumber_text::numtext::short(*x);
                let point = if text.contains('.') { "" } else { ".0" };
                write!(f, "{text}{point}")
            }
        }
    }
}

/// A decimal read as a rating: see [`truncate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Truncated {
    /// The integer part, within ±[`MAX_RATING`].
    Rating(i64),
    /// A decimal whose integer part lies beyond ±[`MAX_RATING`].
    TooLarge,
    /// Not a decimal.
    NotANumber,
}

/// The integer part, toward zero, of a decimal as written (`9.99` → 9, `-0.5` → 0,
/// `1.5e1` → 15), computed exactly on the digits (no float is parsed).
///
/// Accepted: an optional `+` or `-`, digits with at most one point and at least one digit
/// (`7`, `7.`, `.5`), then an optional exponent (`e`/`E`, an optional sign, digits): what
/// `str::parse::<f64>` accepts, minus `inf`, `nan` and their spellings.
pub(crate) fn truncate(text: &str) -> Truncated {
    let b = text.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let negative = b.first() == Some(&b'-');
    let mut digits: Vec<u8> = Vec::new();
    let mut point = None;
    while let Some(&c) = b.get(i) {
        if c.is_ascii_digit() {
            digits.push(c - b'0');
        } else if c == b'.' && point.is_none() {
            point = Some(digits.len());
        } else {
            break;
        }
        i += 1;
    }
    if digits.is_empty() {
        return Truncated::NotANumber;
    }
    let mut exp: i64 = 0;
    if let Some(b'e' | b'E') = b.get(i) {
        i += 1;
        let exp_negative = b.get(i) == Some(&b'-');
        i += usize::from(matches!(b.get(i), Some(b'+' | b'-')));
        let start = i;
        while let Some(c) = b.get(i).filter(|c| c.is_ascii_digit()) {
            // Saturates far beyond any exponent that matters.
            exp = (exp * 10 + i64::from(c - b'0')).min(1_000_000);
            i += 1;
        }
        if i == start {
            return Truncated::NotANumber;
        }
        if exp_negative {
            exp = -exp;
        }
    }
    if i < b.len() {
        return Truncated::NotANumber;
    }
    // The integer part has `whole` digits: the ones before the point, shifted by the exponent.
    let whole = point.unwrap_or(digits.len()) as i64 + exp;
    let kept = whole.clamp(0, digits.len() as i64) as usize;
    let zeros = (whole - kept as i64).max(0);
    let mut magnitude: u64 = 0;
    for &d in &digits[..kept] {
        magnitude = magnitude * 10 + u64::from(d);
        if magnitude > MAX_RATING as u64 {
            return Truncated::TooLarge;
        }
    }
    for _ in 0..zeros {
        if magnitude == 0 {
            break;
        }
        magnitude *= 10;
        if magnitude > MAX_RATING as u64 {
            return Truncated::TooLarge;
        }
    }
    let m = magnitude as i64;
    Truncated::Rating(if negative { -m } else { m })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What the standard library's parser and `f64::trunc` make of a cell, as [`truncate`]
    /// should: `None` for text it refuses or that spells `inf`/`NaN`; an infinity for a number
    /// written beyond f64 (`1E310`), which [`truncate`] must call too large.
    fn std_truncated(s: &str) -> Option<f64> {
        let letters = s
            .bytes()
            .any(|b| b.is_ascii_alphabetic() && !matches!(b, b'e' | b'E'));
        s.parse::<f64>()
            .ok()
            .filter(|f| !f.is_nan() && !letters)
            .map(f64::trunc)
    }

    fn agrees_with_std(s: &str) -> Result<(), TestCaseError> {
        match (truncate(s), std_truncated(s)) {
            (Truncated::NotANumber, None) => {}
            (Truncated::Rating(r), Some(t)) => prop_assert_eq!(r as f64, t, "{:?}", s),
            (Truncated::TooLarge, Some(t)) => {
                prop_assert!(t.abs() > MAX_RATING as f64, "{:?}", s)
            }
            (ours, theirs) => prop_assert!(false, "{:?}: ours {:?}, std {:?}", s, ours, theirs),
        }
        Ok(())
    }

    #[test]
    fn truncate_hand_picked() {
        for s in [
            "7",
            "-7",
            "+7",
            "7.",
            ".5",
            "-.5",
            "9.99",
            "-0.9",
            "1e1",
            "1.5E+1",
            "15e-1",
            "1.e1",
            ".",
            "-",
            "+",
            "e1",
            "1e",
            "1e+",
            "1..2",
            "1.2.3",
            "",
            " 1",
            "1 ",
            "0x10",
            "inf",
            "-inf",
            "NaN",
            "infinity",
            "1_000",
            "1000000000",
            "1000000000.9",
            "1000000001",
            "-1000000000",
            "1e9",
            "1e10",
            "0.00000000001e20",
            "123456789012345678901234",
            "0e999999999999",
            "1e-999999999999",
            "1E310",
            "-1e400",
        ] {
            agrees_with_std(s).unwrap();
        }
        // Beyond f64 the standard parser gives infinity; we say "too large", exactly.
        assert_eq!(truncate("1e400"), Truncated::TooLarge);
        assert_eq!(truncate("-1e999999999999"), Truncated::TooLarge);
        assert_eq!(truncate("1e-400"), Truncated::Rating(0));
        // Exact where f64 rounds: 9.99… (17 nines) is 10 as a double, 9 as a decimal.
        assert_eq!(truncate("9.99999999999999999"), Truncated::Rating(9));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3_000))]

        #[test]
        fn truncate_agrees_with_std_parse(
            s in "[+-]?[0-9]{0,6}(\\.[0-9]{0,6})?([eE][+-]?[0-9]{0,2})?"
        ) {
            agrees_with_std(&s)?;
        }

        #[test]
        fn truncate_agrees_on_any_short_text(s in "[0-9eE.+\\-a-z ]{0,8}") {
            agrees_with_std(&s)?;
        }
    }

    #[test]
    fn kinds_follow_the_text() {
        assert_eq!(Rating::parse("-3"), Ok(Rating::Int(-3)));
        assert_eq!(Rating::parse("+3"), Ok(Rating::Int(3)));
        assert_eq!(Rating::parse("-0"), Ok(Rating::Int(0)));
        assert_eq!(Rating::parse("7."), Ok(Rating::Float(7.0)));
        assert_eq!(Rating::parse(".5"), Ok(Rating::Float(0.5)));
        assert_eq!(
            Rating::parse("1000000000.9"),
            Ok(Rating::Float(1_000_000_000.9))
        );
        assert_eq!(Rating::parse("1000000001.0"), Err(RatingError::TooLarge));
        assert_eq!(Rating::parse("1e400"), Err(RatingError::TooLarge));
        assert_eq!(Rating::parse("1e-310"), Err(RatingError::TooSmall));
        assert_eq!(Rating::parse("1e-400"), Ok(Rating::Float(0.0)));
        assert_eq!(Rating::parse("0e-400"), Ok(Rating::Float(0.0)));
        assert_eq!(Rating::parse("NaN"), Err(RatingError::NotANumber));
        assert_eq!(Rating::parse(""), Err(RatingError::NotANumber));
        // The double nearest the text, then its integer part: 17 nines after the point is
        // the double 10.0, so 10 (Python: int(float("9.99999999999999999")) == 10).
        assert_eq!(
            Rating::parse("9.99999999999999999").unwrap().truncated(),
            10
        );
    }

    #[test]
    fn python_arithmetic() {
        assert_eq!(
            Rating::Float(4.6).minus(Rating::Int(1)),
            Rating::Float(3.5999999999999996)
        );
        assert_eq!(Rating::Int(9).minus(Rating::Int(2)), Rating::Int(7));
        assert_eq!(
            Rating::Int(4).cmp_value(Rating::Float(4.0)),
            Ordering::Equal
        );
        assert_eq!(
            Rating::Int(0).cmp_value(Rating::Float(-0.0)),
            Ordering::Equal
        );
        assert_ne!(Rating::Int(4), Rating::Float(4.0));
    }

    #[test]
    fn prints_like_python() {
        let shown: Vec<String> = [
            Rating::Int(7),
            Rating::Float(7.0),
            Rating::Float(4.6),
            Rating::Float(-0.5),
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(shown, ["7", "7.0", "4.6", "-0.5"]);
        assert_eq!(Rating::Float(0.1 + 0.2).to_string(), "0.3");
        assert_eq!(Rating::Float(9.99999).to_string(), "10.0");
    }
}
