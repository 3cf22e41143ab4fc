//! What a caller asks for beside the text, read the same way by every front end: the named
//! options through the formula crate's `FromStr` ([`Spelling::named`]), and one rule for how
//! they meet a rubric ([`Asked::request`]): a rubric sets the mode, the criteria and the
//! weights, so it is never combined with a mode, a preset or weights. Each message names the
//! options as the caller's front end spells them ([`Spelling`]).

use crate::Rubric;
use pickanumber_score::{Mode, Named, Preset, Request};

/// How a front end writes its options in messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Spelling {
    /// `pickanumber`'s flags: `--mode pooled`.
    #[default]
    Cli,
    /// The Python package's keyword arguments: `mode="pooled"`.
    Python,
    /// The npm package's options object: `options.mode "pooled"`.
    Npm,
}

impl Spelling {
    /// `option` (snake_case, as the table of scoring options names it) as the front end writes
    /// it, with `value` when it matters to the message.
    ///
    /// ```
    /// use pickanumber_result::Spelling;
    /// assert_eq!(Spelling::Cli.option("some_option", None), "--some-option");
    /// assert_eq!(Spelling::Python.option("mode", Some("pooled")), "mode=\"pooled\"");
    /// assert_eq!(Spelling::Npm.option("some_option", None), "options.someOption");
    /// ```
    pub fn option(self, option: &str, value: Option<&str>) -> String {
        match (self, value) {
            (Spelling::Python, None) => format!("{option}="),
            (Spelling::Python, Some(v)) => format!("{option}={v:?}"),
            (Spelling::Cli, Some(v)) => format!("{} {v}", self.key(option)),
            (Spelling::Npm, Some(v)) => format!("{} {v:?}", self.key(option)),
            (_, None) => self.key(option),
        }
    }

    /// `option` (snake_case) as the front end names it where it is given: a flag
    /// (`--some-option`), a keyword (`some_option`) or a key (`someOption`). The one rule every
    /// front end's spelling of an option follows.
    ///
    /// ```
    /// use pickanumber_result::Spelling;
    /// assert_eq!(Spelling::Cli.name("some_option"), "--some-option");
    /// assert_eq!(Spelling::Python.name("some_option"), "some_option");
    /// assert_eq!(Spelling::Npm.name("some_option"), "someOption");
    /// ```
    pub fn name(self, option: &str) -> String {
        match self {
            Spelling::Cli => format!("--{}", option.replace('_', "-")),
            Spelling::Python => option.to_string(),
            Spelling::Npm => {
                let mut key = String::new();
                let mut upper = false;
                for c in option.chars() {
                    match c {
                        '_' => upper = true,
                        c if upper => {
                            key.extend(c.to_uppercase());
                            upper = false;
                        }
                        c => key.push(c),
                    }
                }
                key
            }
        }
    }

    /// `option` (snake_case, as the table of scoring options names it) as the gate's misses end
    /// with it: `--some-option`, `some_option=`, `someOption`.
    ///
    /// ```
    /// use pickanumber_result::Spelling;
    /// assert_eq!(Spelling::Cli.in_gate("some_option"), "--some-option");
    /// assert_eq!(Spelling::Python.in_gate("some_option"), "some_option=");
    /// assert_eq!(Spelling::Npm.in_gate("some_option"), "someOption");
    /// ```
    pub fn in_gate(self, option: &str) -> String {
        match self {
            Spelling::Python => self.option(option, None),
            _ => self.name(option),
        }
    }

    /// `option` as the front end's messages start with it: `--some-option`, `some_option`,
    /// `options.someOption`.
    pub fn key(self, option: &str) -> String {
        match self {
            Spelling::Npm => format!("options.{}", self.name(option)),
            _ => self.name(option),
        }
    }

    /// The value of a named option (`mode`, `preset`) that `text` names.
    ///
    /// # Errors
    /// The option as the front end spells it (without a value: `mode=`'s keyword is `mode`)
    /// and the formula crate's sentence: `options.mode: "grid" is not one of auto, pooled,
    /// matrix, feedback`.
    pub fn named<T: Named>(self, option: &str, text: &str) -> Result<T, String> {
        T::parse_among(text, T::ALL).map_err(|e| format!("{}: {e}", self.key(option)))
    }
}

/// The mode, preset and weights a caller gave, each `None` when left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Asked {
    /// The mode asked for.
    pub mode: Option<Mode>,
    /// The preset asked for.
    pub preset: Option<Preset>,
    /// The weights asked for.
    pub weights: Option<Vec<(String, f64)>>,
}

impl Asked {
    /// The request to score with: `rubric`'s when one is given, else the one asked for (in
    /// auto mode when no mode was given).
    ///
    /// # Errors
    /// A rubric given with a mode, a preset or weights (the rubric sets them), or an option
    /// asked for that another leaves unused
    /// ([`Request::unused_option`](pickanumber_score::Request::unused_option)), each named as
    /// `spelling` writes it.
    ///
    /// ```
    /// use pickanumber_result::{Asked, Rubric, Spelling};
    /// use pickanumber_score::Mode;
    /// let rubric = Rubric::from_json(r#"{"subject": "s", "mode": "pooled"}"#).unwrap();
    /// let asked = Asked { mode: Some(Mode::Matrix), ..Asked::default() };
    /// assert_eq!(
    ///     asked.request(Some(&rubric), Spelling::Cli).unwrap_err(),
    ///     "--rubric cannot be combined with --mode: the rubric sets the mode, the criteria and the weights; leave it out"
    /// );
    /// ```
    pub fn request(self, rubric: Option<&Rubric>, spelling: Spelling) -> Result<Request, String> {
        if let Some(rubric) = rubric {
            let given: Vec<String> = [
                ("mode", self.mode.is_some()),
                ("preset", self.preset.is_some()),
                ("weights", self.weights.is_some()),
            ]
            .into_iter()
            .filter(|(_, given)| *given)
            .map(|(o, _)| spelling.option(o, None))
            .collect();
            if !given.is_empty() {
                return Err(format!(
                    "{} cannot be combined with {}: the rubric sets the mode, the criteria and the weights; leave {} out",
                    spelling.option("rubric", None),
                    given.join(", "),
                    if given.len() == 1 { "it" } else { "them" }
                ));
            }
            return Ok(rubric.request());
        }
        let request = Request {
            mode: self.mode.unwrap_or_default(),
            preset: self.preset,
            weights: self.weights,
            ..Request::default()
        };
        let mode = request.mode.name();
        match request.unused_option(|o| match o {
            "mode" => spelling.option(o, Some(mode)),
            o => spelling.option(o, None),
        }) {
            Some(message) => Err(message),
            None => Ok(request),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rubric_rule_names_every_option_given_beside_it() {
        let rubric = Rubric::from_json(r#"{"subject": "s", "mode": "pooled"}"#).unwrap();
        let asked = Asked {
            mode: Some(Mode::Pooled),
            weights: Some(vec![("a".into(), 1.0)]),
            ..Asked::default()
        };
        for (spelling, says) in [
            (Spelling::Cli, "--rubric cannot be combined with --mode, --weights: the rubric sets the mode, the criteria and the weights; leave them out"),
            (Spelling::Python, "rubric= cannot be combined with mode=, weights=: the rubric sets the mode, the criteria and the weights; leave them out"),
            (Spelling::Npm, "options.rubric cannot be combined with options.mode, options.weights: the rubric sets the mode, the criteria and the weights; leave them out"),
        ] {
            assert_eq!(asked.clone().request(Some(&rubric), spelling).unwrap_err(), says);
        }
        let alone = Asked::default()
            .request(Some(&rubric), Spelling::Cli)
            .unwrap();
        assert_eq!(alone, rubric.request());
    }

    #[test]
    fn an_unused_option_is_named_as_the_front_end_spells_it() {
        let asked = Asked {
            mode: Some(Mode::Feedback),
            preset: Some(Preset::Generic),
            ..Asked::default()
        };
        for (spelling, says) in [
            (Spelling::Cli, "--preset would not be used with --mode feedback: feedback mode scores no criteria; leave one of them out"),
            (Spelling::Python, "preset= would not be used with mode=\"feedback\": feedback mode scores no criteria; leave one of them out"),
            (Spelling::Npm, "options.preset would not be used with options.mode \"feedback\": feedback mode scores no criteria; leave one of them out"),
        ] {
            assert_eq!(asked.clone().request(None, spelling).unwrap_err(), says);
        }
    }

    #[test]
    fn a_bad_name_gives_the_formula_crates_sentence_behind_the_option() {
        for (spelling, says) in [
            (
                Spelling::Cli,
                "--mode: \"grid\" is not one of auto, pooled, matrix, feedback",
            ),
            (
                Spelling::Python,
                "mode: \"grid\" is not one of auto, pooled, matrix, feedback",
            ),
            (
                Spelling::Npm,
                "options.mode: \"grid\" is not one of auto, pooled, matrix, feedback",
            ),
        ] {
            assert_eq!(spelling.named::<Mode>("mode", "grid").unwrap_err(), says);
        }
    }
}
