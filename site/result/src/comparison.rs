//! The object `pickanumber compare` prints: two results' headlines side by side, the change
//! of the headline, of its confidence and of each criterion, whether the intervals overlap,
//! and whether the two results were made by the same judge (their cards).

use crate::card::Card;
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
    /// Whether the two cards agree: the fields that differ, and each side whose card does not
    /// read.
    pub cards: Cards,
}

/// The two sides' cards compared.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Cards {
    /// Whether both cards read and every field agrees.
    pub same: bool,
    /// The fields that differ, in the card's order (`version`, `settings`, `rubric`,
    /// `prompt`, `schema`, `work`, `graders`, `fit`); empty when a card does not read.
    pub differ: Vec<String>,
    /// Each side whose card does not read, and why (`before: the result has no card …`).
    pub unreadable: Vec<String>,
}

impl Cards {
    /// The cards of two sides, each read or the reason it does not read.
    pub fn new(before: &Result<Card, String>, after: &Result<Card, String>) -> Cards {
        match (before, after) {
            (Ok(b), Ok(a)) => {
                let differ: Vec<String> = b.differences(a).into_iter().map(String::from).collect();
                Cards {
                    same: differ.is_empty(),
                    differ,
                    unreadable: Vec::new(),
                }
            }
            _ => Cards {
                same: false,
                differ: Vec::new(),
                unreadable: [("before", before), ("after", after)]
                    .into_iter()
                    .filter_map(|(side, c)| c.as_ref().err().map(|e| format!("{side}: {e}")))
                    .collect(),
            },
        }
    }

    /// The warnings `compare` prints: one per differing field, naming both values where the
    /// field holds one, and one per card that does not read.
    pub fn warnings(&self, before: Option<&Card>, after: Option<&Card>) -> Vec<String> {
        let mut out: Vec<String> = self
            .unreadable
            .iter()
            .map(|u| format!("{u}; the two judges cannot be shown to be the same"))
            .collect();
        for f in &self.differ {
            let values = match (
                before.and_then(|c| c.field(f)),
                after.and_then(|c| c.field(f)),
            ) {
                (b, a) if b.is_some() || a.is_some() => {
                    let show = |v: Option<&str>| v.map_or("none".to_string(), crate::card::short);
                    format!(" ({} before, {} after)", show(b), show(a))
                }
                _ => String::new(),
            };
            out.push(format!("the cards differ in {f}{values}"));
        }
        out
    }
}

impl Comparison {
    /// A comparison in the current [`SCHEMA_VERSION`].
    pub fn new(
        before: Side,
        after: Side,
        criteria: Vec<CriterionChange>,
        intervals_overlap: Option<bool>,
        cards: Cards,
    ) -> Comparison {
        Comparison {
            cards,
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
    /// Its card, `null` when it has none or it does not read ([`Comparison::cards`] says
    /// why).
    pub card: Option<Card>,
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
