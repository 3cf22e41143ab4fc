//! How a score is written as a JSON number: the headline an integer when the parameters
//! round it, an interval's end an integer when it is whole.

use serde::Serialize;

/// A score in the JSON: an integer when rounded (or whole, for an interval's end), else a
/// real number.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum Number {
    /// A rounded score.
    Integer(i64),
    /// A score the settings do not round.
    Real(f64),
}

/// The headline's number: an integer when rounded.
pub(crate) fn score_number(score: f64, rounded: bool) -> Number {
    if rounded {
        Number::Integer(score as i64)
    } else {
        Number::Real(score)
    }
}

/// A score as an integer when it is whole (the interval ends are rounded like the headline).
pub(crate) fn number(x: f64) -> Number {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        Number::Integer(x as i64)
    } else {
        Number::Real(x)
    }
}

impl Number {
    /// The number as an `f64`.
    pub fn value(self) -> f64 {
        match self {
            Number::Integer(n) => n as f64,
            Number::Real(x) => x,
        }
    }

    /// A JSON number as written: an integer stays an integer. `None` for anything else.
    pub fn of_json(v: &serde_json::Value) -> Option<Number> {
        match v.as_i64() {
            Some(n) => Some(Number::Integer(n)),
            None => v.as_f64().map(Number::Real),
        }
    }
}

/// `[low, high]` (integers when whole, as the headline is rounded), or `None` with no
/// headline.
pub(crate) fn interval(i: Option<pickanumber_score::Interval>) -> Option<[Number; 2]> {
    i.map(|i| [number(i.low), number(i.high)])
}
