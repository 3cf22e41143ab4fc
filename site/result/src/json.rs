//! The JSON object of one analysis, as typed values that serde writes: the keys
//! `pickanumber score` prints for each mode, with `final` an integer when the parameters round,
//! `null` where nothing was read, the headline's `interval` (left out when not asked for), the
//! passes' keys when the input held several ([`crate::passes`]), the evidence when a work was
//! given ([`crate::evidence`]), and every diagnostic as an object with its kind and severity.
//!
//! These types are the output contract: with the `schema` feature they derive the JSON Schema
//! the repository checks in (`schema/result.schema.json`), and [`SCHEMA_VERSION`] says which
//! version of it an object follows.

use crate::card::Card;
use crate::evidence::Evidence;
use crate::gate::GateResult;
use crate::number::{interval, score_number, Number};
use crate::passes::PassesKeys;
use pickanumber_score::{
    Analysis, Bucket, Diagnostic, Format, Impact, Kind, Mode, Outcome, Params, Pooled, Rounding,
    Severity,
};
use serde::Serialize;

/// The version of the output contract that [`Output`] follows, printed as its
/// `schema_version`. It grows by one with every change a pipeline reading the JSON could trip
/// on (a key removed or renamed, a type or a meaning changed); keys added beside the others
/// keep it.
pub const SCHEMA_VERSION: u32 = 1;

/// The object `pickanumber score` and `pickanumber combine` print, and the packages'
/// `analyse` and `combine` return.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Result"))]
pub struct Output<'a> {
    /// The version of the output contract this object follows.
    pub schema_version: u32,
    /// The mode the input was scored in (never `auto`: auto decides one of the others).
    pub mode: Mode,
    /// The input format the reader detected.
    pub format: Format,
    /// The headline and the keys of the mode.
    #[serde(flatten)]
    pub scores: Scores<'a>,
    /// The 90 % bootstrap interval of the headline, `[low, high]` (integers when the headline
    /// is rounded); `null` with no headline; absent when the interval was not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<Option<[Number; 2]>>,
    /// Several judges' passes: each pass alone, how far apart they are, and what was counted
    /// once.
    #[serde(flatten)]
    pub passes: Option<PassesKeys<'a>>,
    /// Every item's evidence checked against the judged work, when a work was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Evidence<'a>>,
    /// The diagnostics of severity `error`: an item that cannot be read, weights or settings
    /// that cannot be used, nothing read. Exit status 1 when not empty.
    pub errors: Vec<DiagnosticObject<'a>>,
    /// The line numbers of lines that are not items.
    pub ignored: &'a [usize],
    /// The diagnostics of severity `warning`: the score is computed, but the method's advice
    /// is not followed.
    pub warnings: Vec<DiagnosticObject<'a>>,
    /// The diagnostics of severity `note`: remarks that change nothing.
    pub notes: Vec<DiagnosticObject<'a>>,
    /// What produced the result: the tool's version and the sha256 hashes of the rubric, the
    /// prompt, the schema, the settings and the work, and each pass's grader. Present in every
    /// result the command line and the packages give (absent only from [`to_json`] of a bare
    /// analysis, which knows no request).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<&'a Card>,
    /// The gate's verdict, when a threshold was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gate: Option<GateResult>,
}

/// The headline and the keys of the mode, in the order each mode prints them.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum Scores<'a> {
    /// No item was read: no number stands in for the score.
    NotScored(NotScored),
    /// Pooled mode: one pool of every item.
    Pooled(PooledKeys),
    /// Feedback mode: the pool of the four buckets, and each bucket with the pool so far.
    Feedback(FeedbackKeys<'a>),
    /// Matrix mode: the overall as the headline, each criterion, and the pool of all items.
    Matrix(MatrixKeys<'a>),
}

/// The headline of an input from which nothing was read.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct NotScored {
    /// Always `null`: there is no score.
    #[serde(rename = "final")]
    pub final_score: (),
    /// Always `null`.
    pub final_unrounded: (),
    /// Always `null`.
    pub confidence: (),
    /// Always 0.
    pub total_items: usize,
}

/// The figures of one pool of items as the output writes them: the formula's own
/// [`Pooled`], its `final` an integer when the settings round.
pub type PooledKeys = Pooled<Number>;

/// The keys of one pool, with `final` an integer when the parameters round.
pub fn pooled_keys(p: &Pooled, params: &Params) -> PooledKeys {
    p.with_final(match p.final_integer(params) {
        Some(n) => Number::Integer(n),
        None => Number::Real(p.final_score),
    })
}

/// Feedback mode's keys.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FeedbackKeys<'a> {
    /// The pool of the four buckets together: the headline.
    #[serde(flatten)]
    pub total: PooledKeys,
    /// Each bucket in the order they are processed.
    pub buckets: Vec<BucketKeys<'a>>,
}

/// One bucket of feedback mode.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct BucketKeys<'a> {
    /// Which bucket.
    pub bucket: Bucket,
    /// Its items.
    pub items: Vec<BucketItem<'a>>,
    /// The pool of the buckets so far.
    pub running: PooledKeys,
}

/// An item of a bucket.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct BucketItem<'a> {
    /// Its impact.
    pub impact: Impact,
    /// Its text.
    pub text: &'a str,
}

/// Matrix mode's keys.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MatrixKeys<'a> {
    /// The headline: the overall, `null` when the weights cannot be used.
    #[serde(rename = "final")]
    pub final_score: Option<Number>,
    /// The headline before rounding.
    pub final_unrounded: Option<f64>,
    /// The headline's confidence.
    pub confidence: Option<f64>,
    /// The criteria, or why the weights cannot be used.
    #[serde(flatten)]
    pub result: MatrixResult<'a>,
    /// The pool of all items, for reference only.
    pub pooled: PooledKeys,
}

/// The criteria of a matrix score, or why there are none.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum MatrixResult<'a> {
    /// The weights could be used.
    Scored(MatrixScored<'a>),
    /// The weights cannot be used.
    Unusable(MatrixUnusable),
}

/// A matrix score whose weights could be used.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MatrixScored<'a> {
    /// The weighted mean of the criteria finals.
    pub overall: Number,
    /// The overall before rounding.
    pub overall_unrounded: f64,
    /// The overall's confidence.
    pub overall_confidence: f64,
    /// The highest criterion final minus the lowest.
    pub span: f64,
    /// Whether the span reaches the self-check's points.
    pub self_check: bool,
    /// Each criterion, in the order of the weights.
    pub criteria: Vec<CriterionKeys<'a>>,
}

/// Matrix mode when the weights cannot be used.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MatrixUnusable {
    /// Why the weights cannot be used.
    pub weights_error: String,
}

/// One criterion of a matrix score.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CriterionKeys<'a> {
    /// The criterion's name.
    pub name: &'a str,
    /// Its weight (the weights divided by their sum).
    pub weight: f64,
    /// The pool of its items.
    #[serde(flatten)]
    pub pooled: PooledKeys,
}

/// One diagnostic: what it is about (`kind`), how serious (`severity`), the line and column
/// it concerns where it has them, and the sentence.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Diagnostic"))]
pub struct DiagnosticObject<'a> {
    /// What it is about: a stable name to select diagnostics by.
    pub kind: Kind,
    /// `error`, `warning` or `note`; every diagnostic of a kind has the same.
    pub severity: Severity,
    /// The 1-based line it concerns, where there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The 1-based column, where the input format has one (JSON).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// What is wrong or worth knowing, without the line number.
    pub message: &'a str,
}

impl<'a> From<&'a Diagnostic> for DiagnosticObject<'a> {
    fn from(d: &'a Diagnostic) -> DiagnosticObject<'a> {
        DiagnosticObject {
            kind: d.kind,
            severity: d.severity(),
            line: d.line,
            column: d.column,
            message: &d.message,
        }
    }
}

/// The whole JSON object of `pickanumber score` for one analysis.
pub fn to_json(a: &Analysis) -> serde_json::Value {
    object(a, true)
}

/// The JSON object of one analysis, with the `interval` keys (top level and each pass's) or,
/// when the interval was not asked for, without them.
pub fn object(a: &Analysis, with_interval: bool) -> serde_json::Value {
    serde_json::to_value(result(a, with_interval)).expect("the result serialises")
}

/// The typed object of one analysis (no `gate`: [`crate::Evaluation::result`] adds it).
pub fn result(a: &Analysis, with_interval: bool) -> Output<'_> {
    let p = &a.params;
    let scores = match &a.outcome {
        _ if !a.scored => Scores::NotScored(NotScored {
            final_score: (),
            final_unrounded: (),
            confidence: (),
            total_items: 0,
        }),
        Outcome::Pooled(pool) => Scores::Pooled(pooled_keys(pool, p)),
        Outcome::Feedback(f) => Scores::Feedback(FeedbackKeys {
            total: pooled_keys(f.total(), p),
            buckets: f
                .buckets
                .iter()
                .map(|b| BucketKeys {
                    bucket: b.bucket,
                    items: b
                        .items
                        .iter()
                        .map(|i| BucketItem {
                            impact: i.impact,
                            text: &i.text,
                        })
                        .collect(),
                    running: pooled_keys(&b.running, p),
                })
                .collect(),
        }),
        Outcome::Matrix(x) => {
            // The headline is the overall; the pool of all items is context, under `pooled`.
            let h = a.headline();
            let result = match &x.result {
                Ok(s) => MatrixResult::Scored(MatrixScored {
                    overall: score_number(s.overall, p.rounding == Rounding::HalfAwayFromZero),
                    overall_unrounded: s.overall_unrounded,
                    overall_confidence: s.overall_confidence,
                    span: s.span,
                    self_check: s.self_check,
                    criteria: s
                        .criteria
                        .iter()
                        .map(|c| CriterionKeys {
                            name: &c.name,
                            weight: c.weight,
                            pooled: pooled_keys(&c.pooled, p),
                        })
                        .collect(),
                }),
                Err(e) => MatrixResult::Unusable(MatrixUnusable {
                    weights_error: e.to_string(),
                }),
            };
            Scores::Matrix(MatrixKeys {
                final_score: h.map(|h| score_number(h.score, h.rounded)),
                final_unrounded: h.map(|h| h.unrounded),
                confidence: h.map(|h| h.confidence),
                result,
                pooled: pooled_keys(&x.pool, p),
            })
        }
    };
    let of = |severity| {
        a.diagnostics_of(severity)
            .map(DiagnosticObject::from)
            .collect()
    };
    Output {
        schema_version: SCHEMA_VERSION,
        mode: a.mode(),
        format: a.format,
        scores,
        interval: with_interval.then(|| interval(a.interval)),
        passes: a.passes.as_ref().map(|p| PassesKeys::new(p, with_interval)),
        evidence: a.evidence.as_ref().map(Evidence::new),
        errors: of(Severity::Error),
        ignored: &a.ignored,
        warnings: of(Severity::Warning),
        notes: of(Severity::Note),
        card: None,
        gate: None,
    }
}

/// A kind's name in the JSON (`thin_cell`): the snake_case name serde writes.
///
/// ```
/// use pickanumber_result::json::kind_name;
/// assert_eq!(kind_name(pickanumber_score::Kind::NothingRead), "nothing_read");
/// ```
pub fn kind_name(kind: Kind) -> String {
    match serde_json::to_value(kind) {
        Ok(serde_json::Value::String(s)) => s,
        _ => unreachable!("a kind is a unit variant, serialised as its name"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_writes_its_keys_in_order_and_final_as_an_integer_only_when_rounded() {
        let impacts = [Impact::PlusThree, Impact::MinusThree];
        let rounded = Params::default();
        let pool = Pooled::from_impacts(impacts, &rounded);
        assert_eq!(
            serde_json::to_string(&pooled_keys(&pool, &rounded)).unwrap(),
            r#"{"net_impact":0,"total_items":2,"normalized":0.0,"raw":50.0,"density":0.1,"multiplier":0.775,"final":50,"final_unrounded":50.0,"confidence":0.1}"#
        );
        let exact = Params {
            rounding: Rounding::None,
            ..Params::default()
        };
        let pool = Pooled::from_impacts(impacts, &exact);
        let text = serde_json::to_string(&pooled_keys(&pool, &exact)).unwrap();
        assert!(text.contains(r#""final":50.0,"#), "{text}");
    }
}
