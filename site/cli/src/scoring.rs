//! The scoring options of `score` and `combine`, one declaration for both: clap's flags are
//! built from the API's table ([`pickanumber_result::table::SCORING_OPTIONS`]: the flag's name by
//! [`Spelling::Cli`], its help, its value's reader by the option's rule, the options it
//! requires), and what was given is read by the same [`Reader`] the Python and npm packages
//! hand their values to. A rubric (`--rubric FILE`) and a work (`--against PATH`) are read
//! from disk here, the rest by the reader.

use crate::Fatal;
use clap::builder::TypedValueParser;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use pickanumber_result::table::{within_text, Given, Reader, Rule, ScoringOption, SCORING_OPTIONS};
use pickanumber_result::{Options, Spelling};
use pickanumber_score::verify::{Unverified, Work};
use std::sync::Arc;

/// The scoring options given on the command line, each as typed (a flag as `true`), in the
/// table's order.
#[derive(Clone, Debug, Default)]
pub struct ScoringArgs {
    given: Vec<(&'static ScoringOption, Option<String>)>,
}

/// clap's argument for `option`: its id is the option's name in the table, so other
/// arguments can conflict with it.
fn arg(option: &'static ScoringOption) -> Arg {
    let long = option.spelled(Spelling::Cli)[2..].to_string();
    // clap's own help lines end without a full stop.
    let mut help = option.help.trim_end_matches('.').to_string();
    if let Rule::Flag { default: true } = option.rule {
        help = format!("Turn off {}: {help}", option.name);
    }
    let arg = Arg::new(option.name)
        .long(long)
        .help(help)
        .requires_all(option.needs.iter().copied());
    let text = |f: fn(Rule, &str) -> Result<(), String>| {
        let rule = option.rule;
        move |s: &str| f(rule, s).map(|()| s.to_string())
    };
    match option.rule {
        Rule::Flag { .. } => arg.action(ArgAction::SetTrue),
        Rule::Mode => arg
            .value_name(option.value_name())
            .value_parser(crate::values::mode().map(|m| m.name().to_string())),
        Rule::Preset => arg
            .value_name(option.value_name())
            .value_parser(crate::values::preset().map(|p| p.name().to_string())),
        // The sentence every front end gives (`"zzz" is not "drop" or "keep"`).
        Rule::Unverified => arg
            .value_name(option.value_name())
            .value_parser(text(|rule, s| match Unverified::from_name(s) {
                Some(_) => Ok(()),
                None => Err(format!("{s:?} is not {}", rule.what())),
            })),
        Rule::Weights => arg
            .value_name(option.value_name())
            .value_parser(text(|_, s| pickanumber_score::parse_weights(s).map(drop))),
        Rule::Positive => {
            let name = option.name;
            arg.value_name(option.value_name())
                .value_parser(move |s: &str| {
                    pickanumber_score::read_setting(name, s)
                        .map(|_| s.to_string())
                        .map_err(|e| e.to_string())
                })
        }
        Rule::Within { .. } => arg
            .value_name(option.value_name())
            .value_parser(text(|rule, s| within_text(rule, s).map(drop))),
        Rule::Rubric | Rule::Work => arg.value_name(option.value_name()),
        // Repeated, one field a time: `rubric=<sha256>`.
        Rule::Card => arg
            .value_name(option.value_name())
            .action(ArgAction::Append)
            .value_parser(|s: &str| pickanumber_result::card::Pin::parse(s).map(|_| s.to_string())),
    }
}

impl Args for ScoringArgs {
    fn augment_args(cmd: Command) -> Command {
        cmd.args(SCORING_OPTIONS.iter().map(arg))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        ScoringArgs::augment_args(cmd)
    }
}

impl FromArgMatches for ScoringArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<ScoringArgs, clap::Error> {
        let mut given = Vec::new();
        for o in SCORING_OPTIONS {
            let explicit = m.value_source(o.name) == Some(clap::parser::ValueSource::CommandLine);
            match o.rule {
                Rule::Flag { .. } if m.get_flag(o.name) => given.push((o, None)),
                Rule::Flag { .. } => {}
                Rule::Card if explicit => {
                    for v in m.get_many::<String>(o.name).into_iter().flatten() {
                        given.push((o, Some(v.clone())));
                    }
                }
                _ if explicit => {
                    given.push((o, m.get_one::<String>(o.name).cloned()));
                }
                _ => {}
            }
        }
        Ok(ScoringArgs { given })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = ScoringArgs::from_arg_matches(m)?;
        Ok(())
    }
}

impl ScoringArgs {
    /// The API's [`Options`]: the rubric and the work read from disk, every value read by the
    /// table's [`Reader`].
    ///
    /// # Errors
    /// A [`Fatal`] (exit 2) when the rubric cannot be read or has errors, the work cannot be
    /// read or is over a limit, the rubric is given with `--mode`, `--preset` or `--weights`,
    /// or an option asked for would not be used (`--weights` with `--mode pooled`).
    pub fn options(&self) -> Result<Options, Fatal> {
        let mut reader = Reader::new(Spelling::Cli);
        for (option, text) in &self.given {
            let value = match (option.rule, text) {
                (Rule::Flag { default }, _) => Given::Bool(!default),
                (Rule::Rubric, Some(path)) => {
                    Given::Rubric(Box::new(crate::rubric::load(std::path::Path::new(path))?))
                }
                (Rule::Work, Some(path)) => Given::Work(Arc::new(
                    Work::read(std::path::Path::new(path)).map_err(|e| Fatal(e.to_string()))?,
                )),
                (Rule::Card, Some(pin)) => {
                    let (field, value) = pin.split_once('=').unwrap_or((pin, ""));
                    Given::Map(vec![(field.to_string(), Given::Text(value.to_string()))])
                }
                (_, Some(text)) => Given::Text(text.clone()),
                (_, None) => continue,
            };
            reader
                .set_option(option, value)
                .map_err(|e| Fatal(e.message))?;
        }
        reader.finish().map_err(|e| Fatal(e.message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, clap::Parser)]
    struct Both {
        #[command(flatten)]
        scoring: ScoringArgs,
    }

    /// Every option of the table is a flag, and the flag reads the value the table's rule
    /// takes (and refuses, with the rule's sentence, the one it refuses).
    #[test]
    fn every_table_option_is_a_flag_with_the_tables_rule() {
        use clap::CommandFactory;
        Both::command().debug_assert();
        let cmd = Both::command();
        for o in SCORING_OPTIONS {
            let arg = cmd
                .get_arguments()
                .find(|a| a.get_id() == o.name)
                .unwrap_or_else(|| panic!("{} has no flag", o.name));
            assert_eq!(
                format!("--{}", arg.get_long().unwrap()),
                o.spelled(Spelling::Cli)
            );
        }
    }
}
