//! The values options take, as clap reads them: `--mode` and `--preset` names (with a help line
//! for each value) and `--compat`.

use clap::builder::PossibleValue;
use clap::error::ErrorKind;
use clap::ValueEnum;
use pickanumber_score::{Mode, Named, Preset};

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
