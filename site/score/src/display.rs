//! Scores → display text: the digits and sentences every view prints (the calculator, the
//! CLI's report, the site's evidence blocks), so no view formats a number its own way.
//!
//! Single numbers ([`fixed`], [`signed`], [`PooledText`]) use the ASCII minus, so a displayed
//! number can be read back as a number; the working lines ([`working`], [`matrix_working`])
//! are prose and print the minus sign U+2212.
//!
//! No function here formats an f64 with `{}` or `{:.N}`: every float goes through [`fixed`]
//! or [`trim_number`] (the crate's exact formatter), which keeps the standard library's float
//! formatting out of the wasm calculator.

/// `x` with exactly `decimals` digits after the point, never `-0.00`: the digits of
/// `format!("{x:.decimals$}")` (correctly rounded, ties to even; `NaN`, `inf`, `-inf`), from
/// the crate's own small formatter rather than the standard library's.
///
/// ```
/// use pickanumber_score::display::fixed;
/// assert_eq!(fixed(82.2, 2), "82.20");
/// assert_eq!(fixed(-0.0001, 2), "0.00");
/// ```
pub fn fixed(x: f64, decimals: usize) -> String {
    let s = crate::numtext::std_fixed(x, decimals);
    match s.strip_prefix('-') {
        Some(zero) if zero.chars().all(|c| c == '0' || c == '.') => zero.to_string(),
        _ => s,
    }
}

/// An integer with its sign: `+9`, `-3`, `0`.
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// A signed decimal: `+3.838`, `-1.225`, `0.000`.
pub fn signed_fixed(x: f64, decimals: usize) -> String {
    let s = fixed(x, decimals);
    if x > 0.0 && s.chars().any(|c| c.is_ascii_digit() && c != '0') {
        format!("+{s}")
    } else {
        s
    }
}

/// The displayed form of each output of the pooled formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PooledText {
    /// Net impact with sign: `+9`.
    pub net: String,
    /// Item count.
    pub total: String,
    /// Normalised net, 3 decimals with sign.
    pub normalized: String,
    /// Raw score, 2 decimals.
    pub raw: String,
    /// Density, 3 decimals, unclamped.
    pub density: String,
    /// Multiplier, 4 decimals.
    pub multiplier: String,
    /// Final: an integer when rounded, else 2 decimals.
    pub final_score: String,
    /// Final before rounding, 2 decimals.
    pub final_unrounded: String,
    /// Confidence, a fraction with 2 decimals.
    pub confidence: String,
}

impl PooledText {
    /// Formats a pooled result.
    pub fn new(p: &crate::Pooled, params: &crate::Params) -> PooledText {
        PooledText {
            net: signed(p.net_impact),
            total: p.total_items.to_string(),
            normalized: signed_fixed(p.normalized, 3),
            raw: fixed(p.raw, 2),
            density: fixed(p.density, 3),
            multiplier: fixed(p.multiplier, 4),
            final_score: match p.final_integer(params) {
                Some(n) => n.to_string(),
                None => fixed(p.final_score, 2),
            },
            final_unrounded: fixed(p.final_unrounded, 2),
            confidence: fixed(p.confidence, 2),
        }
    }
}

/// The arithmetic with the actual numbers, step by step, as one line:
/// `net +9, items 5 → normalized +9 / √5 = +4.025 → raw 50 + 8 × 4.025 = 82.20 → …`.
///
/// ```
/// use pickanumber_score::{display::working, Impact, Item, Params, Pooled};
/// let p = Params::default();
/// let s = Pooled::score(&[Item::new(Impact::PlusFive, "")], &p);
/// assert_eq!(
///     working(&s, &p),
///     "net +5, items 1 → normalized +5 / √1 = +5.000 → raw 50 + 8 × 5.000 = 90.00 \
///      → density 1 / 20 = 0.050 → multiplier 0.75 + 0.25 × 0.050 = 0.7625 \
///      → final 50 + (90.00 − 50) × 0.7625 = 80.50 → 81; confidence 0.05"
/// );
/// ```
pub fn working(s: &crate::Pooled, p: &crate::Params) -> String {
    use crate::{Normalization, Rounding};
    let t = PooledText::new(s, p);
    let num = |x: f64| trim_number(x);
    let divisor = match p.normalization {
        Normalization::Sqrt => format!(" / √{}", s.total_items),
        Normalization::Linear => format!(" / {}", s.total_items),
        Normalization::Log => format!(" / ln {}", s.total_items),
        Normalization::None => String::new(),
    };
    let normalized = if s.total_items == 0 {
        "normalized 0 (no items)".to_string()
    } else {
        format!("normalized {}{divisor} = {}", t.net, t.normalized)
    };
    let clamp_note = if s.raw == 0.0 || s.raw == p.max {
        format!(" (clamped to 0–{})", num(p.max))
    } else {
        String::new()
    };
    let density_note = if s.density > 1.0 {
        " (capped at 1)"
    } else {
        ""
    };
    let rounded = match p.rounding {
        Rounding::HalfAwayFromZero => format!(" → {}", t.final_score),
        Rounding::None => String::new(),
    };
    let text = format!(
        "net {}, items {} → {normalized} → raw {} + {} × {} = {}{clamp_note} → density {} / {} = {}{density_note} \
         → multiplier {} + {} × {} = {} → final {} + ({} − {}) × {} = {}{rounded}; confidence {}",
        t.net,
        t.total,
        num(p.center),
        num(p.scale),
        fixed(s.normalized, 3),
        t.raw,
        s.total_items,
        num(p.density_denominator),
        t.density,
        num(p.multiplier_floor),
        num(p.multiplier_gain),
        fixed(s.confidence, 3),
        t.multiplier,
        num(p.center),
        t.raw,
        num(p.center),
        t.multiplier,
        t.final_unrounded,
        t.confidence,
    );
    minus_after_space(&text)
}

/// `text` with each `-` that follows a space printed as the minus sign `−` (U+2212), as
/// `str::replace(" -", " −")` would, without the substring search it pulls into the wasm.
fn minus_after_space(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut previous = '\0';
    for c in text.chars() {
        out.push(if c == '-' && previous == ' ' {
            '−'
        } else {
            c
        });
        previous = c;
    }
    out
}

/// A number with at most four decimals and no trailing zeros: `8`, `0.75`, `1.6`, `0.3`
/// (for `0.1 + 0.2`), never `-0`.
///
/// ```
/// use pickanumber_score::display::trim_number;
/// assert_eq!(trim_number(0.1 + 0.2), "0.3");
/// assert_eq!(trim_number(40.0), "40");
/// assert_eq!(trim_number(-0.00001), "0");
/// ```
pub fn trim_number(x: f64) -> String {
    crate::numtext::trimmed(x, 4)
}

/// The shortest decimal that [`parse_decimal`](crate::parse_decimal) reads back to exactly
/// `x` (at most 17 decimals, trailing zeros trimmed, never `-0`): how a weight is printed so
/// that pasting it back gives the same weight.
///
/// ```
/// use pickanumber_score::display::decimal;
/// assert_eq!(decimal(0.3), "0.3");
/// assert_eq!(decimal(2.50), "2.5");
/// assert_eq!(decimal(40.0), "40");
/// ```
pub fn decimal(x: f64) -> String {
    crate::numtext::round_trip(x)
}

/// Where `x` sits on the scale `[0, max]`, as a percentage with one decimal, for drawing.
pub fn percent_of_scale(x: f64, params: &crate::Params) -> String {
    percent(x / params.max)
}

/// A fraction (a confidence, a position) as a percentage with one decimal, clamped to
/// `[0, 100]`, for drawing a bar: `0.25` → `25.0`.
pub fn percent(fraction: f64) -> String {
    fixed(crate::numtext::clamp(fraction * 100.0, 0.0, 100.0), 1)
}

/// The change between two passes of the same evaluation: ` (Δ score +5, Δ confidence +0.10)`.
///
/// ```
/// assert_eq!(pickanumber_score::display::delta((76.0, 0.25), (81.0, 0.35)), "Δ score +5, Δ confidence +0.10");
/// ```
pub fn delta(before: (f64, f64), after: (f64, f64)) -> String {
    format!(
        "Δ score {}, Δ confidence {}",
        signed_fixed(after.0 - before.0, 0),
        signed_fixed(after.1 - before.1, 2)
    )
}

/// The matrix's arithmetic as one line: the weighted mean, the confidence, the span and the
/// self-check, with the actual numbers.
pub fn matrix_working(m: &crate::MatrixScore, params: &crate::Params) -> String {
    format!(
        "overall = Σ(final × weight) / Σ weight = {} → {}; confidence = lowest criterion confidence = {}; span = {} − {} = {} → {}",
        fixed(m.overall_unrounded, 2),
        overall_text(m, params),
        fixed(m.overall_confidence, 2),
        trim_number(m.highest()),
        trim_number(m.lowest()),
        trim_number(m.span),
        self_check_text(m, params),
    )
}

/// The overall as printed: an integer when the parameters round, else two decimals.
pub fn overall_text(m: &crate::MatrixScore, params: &crate::Params) -> String {
    match params.rounding {
        crate::Rounding::HalfAwayFromZero => format!("{}", m.overall as i64),
        crate::Rounding::None => fixed(m.overall, 2),
    }
}

/// `self-check passes (span 40 ≥ 20)` or `self-check fails (span 12 < 20): …`.
pub fn self_check_text(m: &crate::MatrixScore, params: &crate::Params) -> String {
    let (span, need) = (trim_number(m.span), trim_number(params.self_check_span));
    if m.self_check {
        format!("self-check passes (span {span} ≥ {need})")
    } else {
        format!("self-check fails (span {span} < {need}): the criteria may not have been scored separately")
    }
}

/// The cells of one criterion's row, in the order every view shows them:
/// name, weight, items, net, raw, final, confidence.
pub fn criterion_cells(c: &crate::CriterionScore, params: &crate::Params) -> [String; 7] {
    let t = PooledText::new(&c.pooled, params);
    [
        c.name.clone(),
        fixed(c.weight, 2),
        t.total,
        t.net,
        t.raw,
        t.final_score,
        t.confidence,
    ]
}

/// The cells of one feedback bucket's row, in the order every view shows them: bucket, items,
/// the score so far (this bucket and every one before it), its confidence.
pub fn bucket_cells(b: &crate::BucketScore, params: &crate::Params) -> [String; 4] {
    let t = PooledText::new(&b.running, params);
    [
        b.bucket.to_string(),
        b.items.len().to_string(),
        t.final_score,
        t.confidence,
    ]
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// The minus-sign pass agrees with `str::replace(" -", " −")`.
        #[test]
        fn minus_signs_match_a_plain_replace(text in "[ a1-−]{0,16}") {
            prop_assert_eq!(super::minus_after_space(&text), text.replace(" -", " −"));
        }
    }
}
