//! The object `pickanumber compare` prints: two results' headlines side by side, the change
//! of the headline, of its confidence and of each criterion, and whether the intervals
//! overlap.

use crate::json::SCHEMA_VERSION;
use crate::number::Number;
use pickanumber_score::Mode;
use serde::Serialize;

/// The comparison of two results.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Comparison {
    /// The version of the output contract this object follows.
    pub schema_version: u32,
    /// The earlier result's headline.
    pub before: Side,
    /// The later result's headline.
    pub after: Side,
    /// After's final minus before's; `null` when either has no score.
    pub change: Option<Number>,
    /// After's confidence minus before's; `null` when either has none.
    pub confidence_change: Option<Number>,
    /// The criteria of either side by name (before's order, then after's new ones).
    pub criteria: Vec<CriterionChange>,
    /// Whether the intervals overlap; `null` when either side has no interval.
    pub intervals_overlap: Option<bool>,
}

impl Comparison {
    /// A comparison in the current [`SCHEMA_VERSION`].
    pub fn new(
        before: Side,
        after: Side,
        criteria: Vec<CriterionChange>,
        intervals_overlap: Option<bool>,
    ) -> Comparison {
        Comparison {
            schema_version: SCHEMA_VERSION,
            change: difference(before.final_score, after.final_score),
            confidence_change: difference(before.confidence, after.confidence),
            before,
            after,
            criteria,
            intervals_overlap,
        }
    }
}

/// One side's headline.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Side {
    /// The mode it was scored in.
    pub mode: Mode,
    /// Its headline, `null` with no score.
    #[serde(rename = "final")]
    pub final_score: Option<Number>,
    /// Its headline's confidence.
    pub confidence: Option<Number>,
    /// Its interval, `null` when it has none.
    pub interval: Option<[Number; 2]>,
}

/// A criterion's final on each side.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CriterionChange {
    /// The criterion's name.
    pub name: String,
    /// Its final before; `null` where the side lacks the criterion.
    pub before: Option<Number>,
    /// Its final after.
    pub after: Option<Number>,
    /// After minus before; `null` when either is.
    pub change: Option<Number>,
}

impl CriterionChange {
    /// A criterion's finals and their change.
    pub fn new(name: String, before: Option<Number>, after: Option<Number>) -> CriterionChange {
        CriterionChange {
            name,
            change: difference(before, after),
            before,
            after,
        }
    }
}

/// `after − before` as an integer when whole, else rounded to 6 decimals (so 0.3 − 0.1 is
/// 0.2, not 0.19999999999999998).
pub fn difference(before: Option<Number>, after: Option<Number>) -> Option<Number> {
    let (b, a) = (before?.value(), after?.value());
    let r = ((a - b) * 1e6).round() / 1e6;
    Some(crate::number::number(r))
}
