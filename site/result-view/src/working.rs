//! Scores → the text of the working: [`Pooled`] and [`MatrixScore`] (with their [`Params`]) →
//! the digits of each output ([`PooledText`], the row cells) and the arithmetic written out
//! with the actual numbers ([`working`], [`matrix_working`], [`self_check_text`]), which the
//! calculator, the evidence blocks and the report all print; and the typed values' words in
//! `[result]` ([`headline_label`], [`action`], [`range`]).
//!
//! The working lines are sentences around numbers, written here rather than as
//! words in [`crate::words`]: the calculator's wasm shows them, and each word put between its
//! numbers at run time costs its byte budget (see the `panel` module for the figures).
//!
//! Single numbers ([`PooledText`]) use the ASCII minus, so a displayed number can be read
//! back as a number; the working lines are prose and print the minus sign U+2212. Every
//! number goes through the text crate's formatter (`pickanumber_text::numtext`), which keeps
//! the standard library's float formatting out of the wasm calculator.

use crate::words::ResultView;
use pickanumber_score::{
    Bucket, BucketScore, CriterionScore, HeadlineKind, Interval, MatrixScore, Normalization,
    Params, Pooled, Rounding,
};
use pickanumber_text::numtext::{fixed, percent, signed, signed_fixed, trim_number};

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
    pub fn new(p: &Pooled, params: &Params) -> PooledText {
        PooledText {
            net: signed(p.net_impact),
            total: format!("{}", p.total_items),
            normalized: signed_fixed(p.normalized, 3),
            raw: fixed(p.raw, 2),
            density: fixed(p.density, 3),
            multiplier: fixed(p.multiplier, 4),
            final_score: match p.final_integer(params) {
                Some(n) => format!("{n}"),
                None => fixed(p.final_score, 2),
            },
            final_unrounded: fixed(p.final_unrounded, 2),
            confidence: fixed(p.confidence, 2),
        }
    }
}

/// The label of a headline: `final_score`, `overall` or `feedback_score` of `w`.
pub fn headline_label<'a>(kind: HeadlineKind, w: &ResultView<'a>) -> &'a str {
    match kind {
        HeadlineKind::Pool => w.final_score,
        HeadlineKind::Overall => w.overall,
        HeadlineKind::Feedback => w.feedback_score,
    }
}

/// The action a bucket feeds (keep, fix, add, clarify), from `w.actions`.
pub fn action<'a>(bucket: Bucket, w: &ResultView<'a>) -> &'a str {
    let [keep, fix, add, clarify] = w.actions;
    match bucket {
        Bucket::Working => keep,
        Bucket::NotWorking => fix,
        Bucket::Missing => add,
        Bucket::Confusing => clarify,
    }
}

/// An interval's ends as the views print them, `45 to 57`: whole numbers when the headline
/// is `rounded`, else two decimals.
///
/// ```
/// use pickanumber_score::Interval;
/// use pickanumber_result_view::{working::range, words::RESULT};
/// let i = Interval { level: 90, low: 45.0, high: 57.0, resamples: 1000 };
/// assert_eq!(range(&i, true, &RESULT), "45 to 57");
/// assert_eq!(range(&i, false, &RESULT), "45.00 to 57.00");
/// ```
pub fn range(i: &Interval, rounded: bool, w: &ResultView<'_>) -> String {
    let decimals = if rounded { 0 } else { 2 };
    format!(
        "{} {} {}",
        fixed(i.low, decimals),
        w.to,
        fixed(i.high, decimals)
    )
}

/// The arithmetic with the actual numbers, step by step, as one line:
/// `net +9, items 5 → normalized +9 / √5 = +4.025 → raw 50 + 8 × 4.025 = 82.20 → …`.
///
/// ```
/// use pickanumber_score::{Impact, Item, Params, Pooled};
/// use pickanumber_result_view::working::working;
/// let p = Params::default();
/// let s = Pooled::score(&[Item::new(Impact::PlusFive, "")], &p);
/// assert_eq!(
///     working(&s, &p),
///     "net +5, items 1 → normalized +5 / √1 = +5.000 → raw 50 + 8 × 5.000 = 90.00 \
///      → density 1 / 20 = 0.050 → multiplier 0.75 + 0.25 × 0.050 = 0.7625 \
///      → final 50 + (90.00 − 50) × 0.7625 = 80.50 → 81; confidence 0.05"
/// );
/// ```
pub fn working(s: &Pooled, p: &Params) -> String {
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

/// Where `x` sits on the scale `[0, max]`, as a percentage with one decimal, for drawing.
pub fn percent_of_scale(x: f64, params: &Params) -> String {
    percent(x / params.max)
}

/// The matrix's arithmetic as one line: the weighted mean, the confidence, the span and the
/// self-check, with the actual numbers.
pub fn matrix_working(m: &MatrixScore, params: &Params) -> String {
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
pub fn overall_text(m: &MatrixScore, params: &Params) -> String {
    match params.rounding {
        Rounding::HalfAwayFromZero => format!("{}", m.overall as i64),
        Rounding::None => fixed(m.overall, 2),
    }
}

/// `self-check passes (span 40 ≥ 20)` or `self-check fails (span 12 < 20): …`.
pub fn self_check_text(m: &MatrixScore, params: &Params) -> String {
    let (span, need) = (trim_number(m.span), trim_number(params.self_check_span));
    if m.self_check {
        format!("self-check passes (span {span} ≥ {need})")
    } else {
        format!("self-check fails (span {span} < {need}): the criteria may not have been scored separately")
    }
}

/// The cells of one criterion's row, in the order every view shows them:
/// name, weight, items, net, raw, final, confidence.
pub fn criterion_cells(c: &CriterionScore, params: &Params) -> [String; 7] {
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
pub fn bucket_cells(b: &BucketScore, params: &Params) -> [String; 4] {
    let t = PooledText::new(&b.running, params);
    [
        b.bucket.to_string(),
        format!("{}", b.items.len()),
        t.final_score,
        t.confidence,
    ]
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// The pool's working line holds no character that markup would read (the panel puts
        /// it in unescaped), whatever the items, the normalisation and the rounding.
        #[test]
        fn the_working_line_needs_no_escaping(
            impacts in proptest::collection::vec(0usize..8, 0..30),
            normalization in 0usize..4,
            rounded in proptest::bool::ANY,
            scale in 0.5f64..20.0,
        ) {
            use pickanumber_score::{Impact, Item, Normalization, Params, Pooled, Rounding};
            let items: Vec<Item> = impacts.iter().map(|&i| Item::new(Impact::ALL[i], "")).collect();
            let p = Params {
                normalization: [Normalization::Sqrt, Normalization::Linear, Normalization::Log, Normalization::None][normalization],
                rounding: if rounded { Rounding::HalfAwayFromZero } else { Rounding::None },
                scale,
                ..Params::default()
            };
            let line = super::working(&Pooled::score(&items, &p), &p);
            prop_assert_eq!(crate::escape(&line), line);
        }

        /// The minus-sign pass agrees with `str::replace(" -", " −")`.
        #[test]
        fn minus_signs_match_a_plain_replace(text in "[ a1-−]{0,16}") {
            prop_assert_eq!(super::minus_after_space(&text), text.replace(" -", " −"));
        }
    }
}
