//! How a score is written as a JSON number: the headline an integer when the parameters
//! round it, an interval's end an integer when it is whole.

use serde_json::{json, Value};

/// The headline's number: an integer when rounded.
pub(crate) fn score_json(score: f64, rounded: bool) -> Value {
    if rounded {
        json!(score as i64)
    } else {
        json!(score)
    }
}

/// A score as an integer when it is whole (the interval ends are rounded like the headline).
pub(crate) fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}
