//! The judge card's JSON as serde types: [`Card`] is what `pickanumber calibrate` prints (and
//! the Python and npm `calibrate` return), built from a [`Calibration`](super::Calibration) by
//! [`Calibration::card`](super::Calibration::card). With the `schema` feature the types derive
//! `schemars::JsonSchema`, and [`schema`] gives the card's JSON Schema that the repository
//! checks in as `schema/calibration.schema.json`.
//!
//! Figures are rounded to 4 decimals; finals, settings and grid bounds that are whole print
//! without a decimal point, as the score prints them.

use serde::{Serialize, Serializer};

#[cfg(feature = "schema")]
use schemars::JsonSchema;

/// A number that prints as an integer when it is whole (`20`, not `20.0`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Whole(pub f64);

impl Serialize for Whole {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let x = self.0;
        if x.fract() == 0.0 && x.abs() < 1e15 {
            s.serialize_i64(x as i64)
        } else {
            s.serialize_f64(x)
        }
    }
}

#[cfg(feature = "schema")]
impl JsonSchema for Whole {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Number".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "number"})
    }
}

/// A figure and its bootstrap percentile interval; `null` where it is not defined.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct FigureCard {
    /// The figure on all subjects.
    pub value: Option<f64>,
    /// The interval's lower end.
    pub low: Option<f64>,
    /// The interval's upper end.
    pub high: Option<f64>,
}

/// How far scores agree with the mean human score.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct AgreementCard {
    /// Subjects compared.
    pub n: usize,
    /// Spearman's ρ.
    pub spearman: FigureCard,
    /// Kendall's τ-b.
    pub kendall_tau_b: FigureCard,
    /// Cohen's κ with quadratic weights on the card's `kappa_bins`.
    pub weighted_kappa: FigureCard,
    /// Mean absolute difference on 0–100.
    pub mae: FigureCard,
}

/// The density denominator and the scale, together.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct SettingsCard {
    /// The density denominator.
    pub denominator: Whole,
    /// The scale.
    pub scale: Whole,
}

/// The scales the people's and the naive numbers were mapped from.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct ScalesCard {
    /// The human scores' scale, `LOW:HIGH`.
    pub human: String,
    /// The naive numbers' scale, `LOW:HIGH`.
    pub naive: String,
    /// The stated monotone rescale before the mean absolute error.
    pub rescale: String,
}

/// Krippendorff's α (interval metric) and its level.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct AlphaCard {
    /// The coefficient.
    pub alpha: f64,
    /// `reliable`, `tentative` or `unreliable`.
    pub level: String,
}

/// The request's own settings and their agreement.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct DefaultsCard {
    /// The settings.
    pub settings: SettingsCard,
    /// The agreement of the finals under them.
    pub agreement: AgreementCard,
}

/// Item counts of each evidence status, and the invented-evidence rate.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct CountsCard {
    /// Items that quote the work, every quotation and place found in it.
    pub verified: usize,
    /// Items giving places only, whose lines the work has (what they say was not checked).
    pub located: usize,
    /// Items citing a quotation or place the work does not have (left out of the score).
    pub not_found: usize,
    /// Items citing only what the work cannot confirm.
    pub not_checkable: usize,
    /// Items citing nothing.
    pub no_evidence: usize,
    /// `not_found / (verified + located + not_found)`; `null` when no item's evidence was checked.
    pub invented_rate: Option<f64>,
}

/// The evidence of the subjects given a work, summed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct EvidenceCard {
    /// Subjects given a work.
    pub subjects: usize,
    /// Their items' statuses and the invented-evidence rate.
    #[serde(flatten)]
    pub counts: CountsCard,
}

/// A range of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct RangeCard {
    /// The first value.
    pub from: Whole,
    /// The last value.
    pub to: Whole,
    /// The step.
    pub step: Whole,
}

/// The grid searched.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct GridCard {
    /// The density denominators.
    pub denominator: RangeCard,
    /// The scales.
    pub scale: RangeCard,
}

/// The fit under k-fold cross-validation.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct FitCard {
    /// Folds.
    pub folds: usize,
    /// The grid searched.
    pub grid: GridCard,
    /// The settings fitted on every subject (what `--out` writes).
    pub fitted: SettingsCard,
    /// The settings each fold was scored with, fitted without it.
    pub fold_settings: Vec<SettingsCard>,
    /// The agreement of the held-out finals.
    pub held_out: AgreementCard,
    /// Mean of (error under the defaults − held-out error) per subject, with its interval.
    pub mae_improvement: FigureCard,
    /// `better_settings`, `no_better_than_defaults` or `nothing_found`.
    pub finding: String,
    /// The finding in a sentence.
    pub message: String,
    /// The ids of each group of subjects with the same output and human scores, each group
    /// kept in one fold.
    pub kept_together: Vec<Vec<String>>,
}

/// A subject left out: its output gives no score.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct LeftOutCard {
    /// Its id.
    pub id: String,
    /// Its line in the gold set.
    pub line: usize,
    /// Why it gives no score.
    pub message: String,
}

/// One criterion's agreement, where people scored criteria.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct CriterionCard {
    /// The criterion.
    pub name: String,
    /// Under the request's settings.
    pub defaults: AgreementCard,
    /// Held out.
    pub held_out: AgreementCard,
    /// The raters' α on it, when some subject has several.
    pub alpha: Option<f64>,
}

/// The verdict of `--min-agreement`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct VerdictCard {
    /// The minimum held-out Spearman's ρ asked for.
    pub min_agreement: f64,
    /// The held-out Spearman's ρ.
    pub held_out_spearman: Option<f64>,
    /// Whether it reaches the minimum (the command exits 3 when not).
    pub pass: bool,
}

/// One subject's row.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct SubjectCard {
    /// Its id.
    pub id: String,
    /// The mean human score on 0–100.
    pub human: Whole,
    /// Its final under the request's settings.
    pub default_final: Whole,
    /// Its final under the fitted settings.
    pub fitted_final: Whole,
    /// Its final under the settings fitted without its fold.
    pub held_out_final: Whole,
    /// The judge's own number on 0–100, when given.
    pub naive: Option<f64>,
    /// Its items' evidence statuses, when it has a work.
    pub evidence: Option<CountsCard>,
}

/// The calibration probe joined to the card (`--probe-runs`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct ProbeCard {
    /// The announced regime; `null` when too few runs were read.
    pub regime: Option<String>,
    /// Runs read.
    pub runs_read: usize,
    /// Runs that failed.
    pub runs_failed: usize,
}

/// Position bias among the decided pairwise verdicts.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct PositionBiasCard {
    /// Verdicts the first-shown item won.
    pub first_wins: u64,
    /// Verdicts that were not ties.
    pub decided: u64,
    /// `first_wins / decided`.
    pub share: Option<f64>,
    /// The two-sided binomial p-value against a fair 1/2.
    pub p_value: Option<f64>,
}

/// Swap consistency of the pairs judged in both orders.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct SwapCard {
    /// Pairs judged in both orders.
    pub pairs_both_orders: usize,
    /// Of those, the pairs whose winner stayed.
    pub consistent: usize,
    /// `consistent / pairs_both_orders`.
    pub share: Option<f64>,
}

/// The pairwise diagnostic joined to the card (`--pairwise`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct PairwiseCard {
    /// Judgments read.
    pub judgments: usize,
    /// Position bias.
    pub position_bias: PositionBiasCard,
    /// Swap consistency.
    pub swap: SwapCard,
}

/// The judge card: one calibration's figures, with the instruments joined to it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct Card {
    /// Subjects.
    pub n: usize,
    /// Whether the set has fewer subjects than the small-set bound.
    pub small: bool,
    /// The scales mapped onto 0–100.
    pub scales: ScalesCard,
    /// The bins of the weighted κ.
    pub kappa_bins: Vec<String>,
    /// The intervals' level, in percent.
    pub level: u8,
    /// Bootstrap resamples per interval.
    pub resamples: usize,
    /// The raters' own α, when some subject has several raters.
    pub raters: Option<AlphaCard>,
    /// The request's settings and their agreement.
    pub defaults: DefaultsCard,
    /// The naive numbers' agreement, when some subject has one.
    pub naive: Option<AgreementCard>,
    /// α across the judge's passes, when outputs are lists of passes.
    pub passes: Option<AlphaCard>,
    /// The evidence checked against the works, when some subject has one.
    pub evidence: Option<EvidenceCard>,
    /// The fit.
    pub fit: FitCard,
    /// Per criterion, where people scored criteria.
    pub criteria: Vec<CriterionCard>,
    /// The verdict, with `--min-agreement`.
    pub verdict: Option<VerdictCard>,
    /// One row per subject that gives a score, in the gold set's order.
    pub subjects: Vec<SubjectCard>,
    /// The subjects whose output gives no score, left out of every figure.
    pub left_out: Vec<LeftOutCard>,
    /// The calibration probe, when joined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probe: Option<ProbeCard>,
    /// The pairwise diagnostic, when joined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairwise: Option<PairwiseCard>,
}

impl Card {
    /// Pretty JSON (two-space indent) with a final newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_else(|_| "null".into());
        text.push('\n');
        text
    }
}

/// The card's JSON Schema (draft 2020-12, for what is serialised) as pretty JSON with a final
/// newline: the text of `schema/calibration.schema.json`.
#[cfg(feature = "schema")]
pub fn schema() -> String {
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let mut schema = generator.into_root_schema_for::<Card>();
    schema.insert(
        "$id".into(),
        "urn:pickanumber:schema:calibration.schema.json".into(),
    );
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_else(|_| "null".into());
    text.push('\n');
    text
}
