//! The values options take, as clap reads them: `--mode` and `--preset` names, `--weights`,
//! `--compat`, and the positive numbers of `--denominator` and `--scale`; and [`options`], the
//! one way `score` and `combine` turn theirs into the API's [`Options`].

use crate::Fatal;
use clap::builder::PossibleValue;
use clap::error::ErrorKind;
use clap::ValueEnum;
use pickanumber_result::{Asked, Gate, Options, Spelling};
use pickanumber_score::{Mode, Named, Preset};
use std::path::Path;

/// clap's reader of a named option (`--mode`, `--preset`): the formula crate's `FromStr`, so an
/// unknown name is refused with the sentence every front end gives (`invalid value 'grid' for
/// '--mode <MODE>': "grid" is not one of auto, pooled, matrix, feedback`); the help lists each
/// value with `help`'s line for it.
#[derive(Clone, Copy)]
pub struct NamedParser<T: 'static> {
    help: fn(T) -> String,
}

impl<T: Named + Send + Sync> clap::builder::TypedValueParser for NamedParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let text = value.to_string_lossy();
        T::parse_among(&text, T::ALL).map_err(|e| {
            let arg = arg.map_or_else(String::new, ToString::to_string);
            let message = format!(
                "invalid value '{text}' for '{arg}': {e}\n\nFor more information, try '--help'.\n"
            );
            clap::Error::raw(ErrorKind::InvalidValue, message).with_cmd(cmd)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            T::ALL
                .iter()
                .map(|v| PossibleValue::new(v.name()).help((self.help)(*v))),
        ))
    }
}

/// `--mode`'s reader, each mode with what it does.
pub fn mode() -> NamedParser<Mode> {
    NamedParser {
        help: |m| {
            match m {
                Mode::Auto => "Decide from the input",
                Mode::Pooled => "One pool of every item",
                Mode::Matrix => "Per criterion, then a weighted mean",
                Mode::Feedback => "The four buckets pooled",
            }
            .to_string()
        },
    }
}

/// `--preset`'s reader, each preset with its criteria and weights from [`Preset::weights`].
pub fn preset() -> NamedParser<Preset> {
    NamedParser {
        help: |p| {
            let what = match p {
                Preset::Generic => "The evidence-scoring skill's matrix",
                Preset::Hackathon => "The hackathon judge's matrix",
            };
            let criteria: Vec<String> = p
                .weights()
                .iter()
                .map(|(name, w)| format!("{name}={}", pickanumber_text::numtext::trim_number(*w)))
                .collect();
            format!("{what}: {}", criteria.join(", "))
        },
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

/// `--denominator`: a plain decimal greater than 0, by the formula crate's rule.
pub(crate) fn denominator(s: &str) -> Result<f64, String> {
    setting("denominator", s)
}

/// `--scale`: a plain decimal greater than 0, by the formula crate's rule.
pub(crate) fn scale(s: &str) -> Result<f64, String> {
    setting("scale", s)
}

fn setting(name: &str, s: &str) -> Result<f64, String> {
    pickanumber_score::read_setting(name, s).map_err(|e| e.to_string())
}

/// The API's [`Options`] from what `score` and `combine` both take: the rubric's request under
/// `--rubric`, else what `--mode`, `--preset` and `--weights` ask for ([`Asked::request`]);
/// then `--strict`, `--denominator` and `--scale` over it, the gate, and whether to compute the
/// interval (`--no-interval` turns it off).
///
/// # Errors
/// A [`Fatal`] (exit 2) when the rubric cannot be read or has errors, is given with `--mode`,
/// `--preset` or `--weights`, or an option asked for would not be used (`--weights` with
/// `--mode pooled`).
#[allow(clippy::too_many_arguments)]
pub fn options(
    rubric: Option<&Path>,
    asked: Asked,
    strict: bool,
    denominator: Option<f64>,
    scale: Option<f64>,
    gate: Gate,
    interval: bool,
) -> Result<Options, Fatal> {
    let rubric = rubric.map(crate::rubric::load).transpose()?;
    let mut request = asked
        .request(rubric.as_ref(), Spelling::Cli)
        .map_err(Fatal)?;
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
        require_card: Vec::new(),
    })
}

/// [`options`] from the options `score` and `combine` share, read by the names both argument
/// types give them (each type declares them with its own help text, so they cannot be one
/// flattened struct): `--rubric`, `--mode`, `--preset`, `--weights`, `--strict`,
/// `--denominator`, `--scale`, `--fail-under`, `--min-confidence`, `--require-self-check`,
/// `--no-interval`, and the evidence flags both flatten in
/// ([`EvidenceArgs`](crate::against::EvidenceArgs)).
/// Gives a `Result<Options, Fatal>`.
macro_rules! scoring_options {
    ($args:expr) => {{
        let args = $args;
        $crate::values::options(
            args.rubric.as_deref(),
            pickanumber_result::Asked {
                mode: args.mode,
                preset: args.preset,
                weights: args.weights.clone().map(|$crate::values::Weights(w)| w),
            },
            args.strict,
            args.denominator,
            args.scale,
            pickanumber_result::Gate {
                fail_under: args.fail_under,
                min_confidence: args.min_confidence,
                require_self_check: args.require_self_check,
                max_unverified: args.evidence.max_unverified,
                ..pickanumber_result::Gate::default()
            },
            !args.no_interval,
        )
        .and_then(|mut options| {
            args.evidence.apply(&mut options)?;
            options.require_card = args.require_card.clone();
            Ok(options)
        })
    }};
}
pub(crate) use scoring_options;
