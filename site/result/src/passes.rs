//! The JSON keys of several judges' passes, beside the keys of the combined analysis:
//! `passes` (each pass's name, line, final, confidence, interval when asked for, items and,
//! in matrix mode, its criteria), `spread`, `disagreements`, `alpha` with `alpha_level`,
//! `duplicates`.

use crate::evidence::EvidenceCounts;
use crate::number::{interval, number, score_number, Number};
use pickanumber_score::{alpha_level, Analysis, Passes};
use serde::Serialize;

/// The keys a combination of passes adds to the result.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PassesKeys<'a> {
    /// Each pass scored alone in the combined mode.
    pub passes: Vec<PassKeys<'a>>,
    /// The lowest and highest final across the passes: the headline's (criterion `null`)
    /// and each criterion's.
    pub spread: Vec<SpreadKeys<'a>>,
    /// Cells where one pass nets above 0 and another below.
    pub disagreements: Vec<DisagreementKeys<'a>>,
    /// Krippendorff's alpha over the criteria finals (matrix, 2 or more passes, 3 or more
    /// criteria), else `null`.
    pub alpha: Option<f64>,
    /// `reliable`, `tentative` or `unreliable`; `null` without an alpha.
    #[cfg_attr(feature = "schema", schemars(with = "Option<AlphaLevel>"))]
    pub alpha_level: Option<&'static str>,
    /// Items counted once because another pass found the same observation.
    pub duplicates: Vec<DuplicateKeys<'a>>,
}

/// The schema of `alpha_level`: the names [`alpha_level`] gives, read from it at each of its
/// thresholds, so the schema lists the levels the output can hold.
#[cfg(feature = "schema")]
struct AlphaLevel;

#[cfg(feature = "schema")]
impl schemars::JsonSchema for AlphaLevel {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "AlphaLevel".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        use pickanumber_score::{ALPHA_RELIABLE, ALPHA_TENTATIVE};
        let levels: Vec<serde_json::Value> = [ALPHA_RELIABLE, ALPHA_TENTATIVE, f64::NEG_INFINITY]
            .map(|a| serde_json::json!({ "type": "string", "const": alpha_level(a) }))
            .into();
        schemars::json_schema!({
            "description": "Krippendorff's reading of an alpha, from the highest level to the lowest.",
            "oneOf": levels,
        })
    }
}

/// One pass: name, heading line, its headline, interval (when asked for) and item count, its
/// evidence counts, and its criteria.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Pass"))]
pub struct PassKeys<'a> {
    /// The judge's name.
    pub name: &'a str,
    /// The line of its `## Pass:` heading, when the passes came in one text.
    pub line: Option<usize>,
    /// Its headline; `null` with no score.
    #[serde(rename = "final")]
    pub final_score: Option<Number>,
    /// Its headline before rounding.
    pub final_unrounded: Option<f64>,
    /// Its headline's confidence.
    pub confidence: Option<f64>,
    /// Its bootstrap interval; `null` with no headline; absent when the interval was not
    /// asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<Option<[Number; 2]>>,
    /// Its items.
    pub total_items: usize,
    /// With a judged work: this judge's evidence counts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evidence: Option<EvidenceCounts>,
    /// Matrix mode: each criterion's final.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub criteria: Option<Vec<PassCriterion<'a>>>,
}

/// A criterion of one pass.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PassCriterion<'a> {
    /// The criterion's name.
    pub name: &'a str,
    /// Its final in this pass.
    #[serde(rename = "final")]
    pub final_score: Number,
    /// Its confidence in this pass.
    pub confidence: f64,
    /// Its items in this pass.
    pub total_items: usize,
}

impl<'a> PassKeys<'a> {
    fn new(name: &'a str, line: Option<usize>, a: &'a Analysis, with_interval: bool) -> Self {
        let h = a.headline();
        let rounded = h.is_some_and(|h| h.rounded);
        PassKeys {
            name,
            line,
            final_score: h.map(|h| score_number(h.score, h.rounded)),
            final_unrounded: h.map(|h| h.unrounded),
            confidence: h.map(|h| h.confidence),
            interval: with_interval.then(|| interval(a.interval)),
            total_items: a.entries.len(),
            evidence: a.evidence.as_ref().map(EvidenceCounts::new),
            criteria: match a.matrix().map(|m| m.result.as_ref()) {
                Some(Ok(m)) => Some(
                    m.criteria
                        .iter()
                        .map(|c| PassCriterion {
                            name: &c.name,
                            final_score: score_number(c.pooled.final_score, rounded),
                            confidence: c.pooled.confidence,
                            total_items: c.pooled.total_items,
                        })
                        .collect(),
                ),
                _ => None,
            },
        }
    }
}

/// How far apart the passes' finals are, for the headline or one criterion.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Spread"))]
pub struct SpreadKeys<'a> {
    /// The criterion, or `null` for the headline.
    pub criterion: Option<&'a str>,
    /// The lowest final.
    pub lowest: Number,
    /// The highest final.
    pub highest: Number,
    /// The highest minus the lowest.
    pub spread: Number,
    /// How many passes have a final for it.
    pub passes: usize,
}

/// A cell where the passes net on opposite signs.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Disagreement"))]
pub struct DisagreementKeys<'a> {
    /// The criterion, or `null` outside matrix mode.
    pub criterion: Option<&'a str>,
    /// The perspective, or `null` when the items name none.
    pub perspective: Option<&'a str>,
    /// Each pass's net impact in the cell.
    pub passes: Vec<PassNet<'a>>,
}

/// One pass's net impact in a cell.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PassNet<'a> {
    /// The pass's name.
    pub name: &'a str,
    /// Its net impact in the cell.
    pub net: i64,
}

/// An item counted once because another pass found the same observation.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Duplicate"))]
pub struct DuplicateKeys<'a> {
    /// The pass whose item was not counted.
    pub pass: &'a str,
    /// Its line.
    pub line: usize,
    /// The item that was counted instead.
    pub counted_from: PlaceKeys<'a>,
}

/// A pass and a line of it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PlaceKeys<'a> {
    /// The pass's name.
    pub pass: &'a str,
    /// The line.
    pub line: usize,
}

impl<'a> PassesKeys<'a> {
    /// The passes' keys of a combined analysis (each pass's `interval` only `with_interval`).
    pub fn new(p: &'a Passes, with_interval: bool) -> PassesKeys<'a> {
        let name = |k: usize| p.passes[k].name.as_str();
        PassesKeys {
            passes: p
                .passes
                .iter()
                .map(|x| PassKeys::new(&x.name, x.line, &x.analysis, with_interval))
                .collect(),
            spread: p
                .spread
                .iter()
                .map(|s| SpreadKeys {
                    criterion: s.criterion.as_deref(),
                    lowest: number(s.lowest),
                    highest: number(s.highest),
                    spread: number(s.highest - s.lowest),
                    passes: s.passes,
                })
                .collect(),
            disagreements: p
                .disagreements
                .iter()
                .map(|d| DisagreementKeys {
                    criterion: d.criterion.as_deref(),
                    perspective: d.perspective.as_deref(),
                    passes: d
                        .nets
                        .iter()
                        .map(|&(k, net)| PassNet { name: name(k), net })
                        .collect(),
                })
                .collect(),
            alpha: p.alpha,
            alpha_level: p.alpha.map(alpha_level),
            duplicates: p
                .duplicates
                .iter()
                .map(|d| DuplicateKeys {
                    pass: name(d.pass),
                    line: d.line,
                    counted_from: PlaceKeys {
                        pass: name(d.kept_pass),
                        line: d.kept_line,
                    },
                })
                .collect(),
        }
    }
}
