//! Numbers as the site and the calculator print them, so every view shows the same digits.
//!
//! Minus signs are ASCII here, so a displayed number can be read back as a number.

/// `x` with exactly `decimals` digits after the point, never `-0.00`.
///
/// ```
/// use pickanumber_score::format::fixed;
/// assert_eq!(fixed(82.2, 2), "82.20");
/// assert_eq!(fixed(-0.0001, 2), "0.00");
/// ```
pub fn fixed(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
        s[1..].to_string()
    } else {
        s
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
