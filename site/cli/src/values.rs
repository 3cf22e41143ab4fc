//! The values options take, as clap reads them: `--mode` and `--preset` names, `--weights`,
//! `--compat`, and the positive numbers of `--denominator` and `--scale`; and [`options`], the
//! one way `score` and `combine` turn theirs into the API's [`Options`].

use crate::Fatal;
use clap::ValueEnum;
use pickanumber_api::{Gate, Options};
use pickanumber_score::{Mode, Preset, Request};
use std::path::Path;

/// `--mode`: the formula crate's [`Mode`] as a command-line value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeName {
    /// Decide from the input.
    Auto,
    /// One pool of every item.
    Pooled,
    /// Per criterion, then a weighted mean.
    Matrix,
    /// The four buckets pooled.
    Feedback,
}

impl From<ModeName> for Mode {
    fn from(m: ModeName) -> Mode {
        match m {
            ModeName::Auto => Mode::Auto,
            ModeName::Pooled => Mode::Pooled,
            ModeName::Matrix => Mode::Matrix,
            ModeName::Feedback => Mode::Feedback,
        }
    }
}

/// `--preset`: the formula crate's [`Preset`] as a command-line value. Its help lists each
/// preset's criteria and weights, from [`Preset::weights`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PresetName {
    /// The evidence-scoring skill's matrix.
    Generic,
    /// The hackathon judge's matrix.
    Hackathon,
}

impl PresetName {
    /// What the preset is, before its criteria in the help.
    fn what(self) -> &'static str {
        match self {
            PresetName::Generic => "The evidence-scoring skill's matrix",
            PresetName::Hackathon => "The hackathon judge's matrix",
        }
    }
}

impl ValueEnum for PresetName {
    fn value_variants<'a>() -> &'a [Self] {
        &[PresetName::Generic, PresetName::Hackathon]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let preset = Preset::from(*self);
        let criteria: Vec<String> = preset
            .weights()
            .iter()
            .map(|(name, w)| format!("{name}={}", pickanumber_lean::numtext::trim_number(*w)))
            .collect();
        let help = format!("{}: {}", self.what(), criteria.join(", "));
        Some(clap::builder::PossibleValue::new(preset.name()).help(help))
    }
}

impl From<PresetName> for Preset {
    fn from(p: PresetName) -> Preset {
        match p {
            PresetName::Generic => Preset::Generic,
            PresetName::Hackathon => Preset::Hackathon,
        }
    }
}

/// `--compat`: whose output format to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Compat {
    /// The what-works feedback judge's score.py scores object.
    ScorePy,
}

/// Parsed `--weights` (a newtype, so clap takes it as one value, not a list).
#[derive(Clone, Debug, PartialEq)]
pub struct Weights(pub Vec<(String, f64)>);

pub(crate) fn parse_weights(s: &str) -> Result<Weights, String> {
    pickanumber_score::parse_weights(s).map(Weights)
}

/// `--denominator` and `--scale`: a plain decimal greater than 0.
pub(crate) fn positive(s: &str) -> Result<f64, String> {
    match pickanumber_score::parse_decimal(s.trim()) {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        Ok(_) => Err(format!("\"{s}\" must be greater than 0")),
        Err(_) => Err(format!("\"{s}\" is not a number")),
    }
}

/// The API's [`Options`] from what `score` and `combine` both take: the rubric's request under
/// `--rubric`, else `asked` (what `--mode`, `--preset` and `--weights` ask for); then
/// `--strict`, `--denominator` and `--scale` over it, the gate, and whether to compute the
/// interval (`--no-interval` turns it off).
///
/// # Errors
/// A [`Fatal`] (exit 2) when an option asked for would not be used (`--weights` with
/// `--mode pooled`), or the rubric cannot be read or has errors.
pub fn options(
    rubric: Option<&Path>,
    asked: Request,
    denominator: Option<f64>,
    scale: Option<f64>,
    gate: Gate,
    interval: bool,
) -> Result<Options, Fatal> {
    let mode = asked.mode;
    if let Some(message) = asked.unused_option(|o| match o {
        "mode" => format!("--mode {mode}"),
        o => format!("--{o}"),
    }) {
        return Err(Fatal(message));
    }
    let rubric = rubric.map(crate::rubric::load).transpose()?;
    let strict = asked.strict;
    let mut request = match &rubric {
        Some(r) => r.request(),
        None => asked,
    };
    request.strict = strict;
    if let Some(d) = denominator {
        request.params.density_denominator = d;
    }
    if let Some(x) = scale {
        request.params.scale = x;
    }
    Ok(Options {
        request,
        rubric,
        gate,
        interval,
    })
}

/// [`options`] from the options `score` and `combine` share, read by the names both argument
/// types give them (each type declares them with its own help text, so they cannot be one
/// flattened struct): `--rubric`, `--mode`, `--preset`, `--weights`, `--strict`,
/// `--denominator`, `--scale`, `--fail-under`, `--min-confidence`, `--require-self-check`,
/// `--no-interval`, `--against`, `--unverified`, `--require-evidence`, `--max-unverified`.
/// Gives a `Result<Options, Fatal>`.
macro_rules! scoring_options {
    ($args:expr) => {{
        let args = $args;
        $crate::values::options(
            args.rubric.as_deref(),
            pickanumber_score::Request {
                mode: args.mode.into(),
                preset: args.preset.map(Into::into),
                weights: args.weights.clone().map(|$crate::values::Weights(w)| w),
                strict: args.strict,
                ..pickanumber_score::Request::default()
            },
            args.denominator,
            args.scale,
            pickanumber_api::Gate {
                fail_under: args.fail_under,
                min_confidence: args.min_confidence,
                require_self_check: args.require_self_check,
                max_unverified: args.max_unverified,
                ..pickanumber_api::Gate::default()
            },
            !args.no_interval,
        )
        .and_then(|mut options| {
            $crate::against::apply(
                &mut options,
                args.against.as_deref(),
                args.unverified,
                args.require_evidence,
            )?;
            Ok(options)
        })
    }};
}
pub(crate) use scoring_options;
