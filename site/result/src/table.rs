//! The scoring options, declared once: [`SCORING_OPTIONS`] holds each option's name, the rule
//! its value follows ([`Rule`]), the options it needs, its help text and the kind of error a
//! bad value gives ([`OptionKind`]). Every front end reads it: the CLI builds its flags from it,
//! the Python package's `**options` and the npm package's options object are read by
//! [`Reader`], and the option types of the `.pyi` and `.d.ts` files and the option lists of the
//! docs pages are generated from it ([`python_typed_dict`], [`typescript_interface`],
//! [`docs_list`]).
//!
//! Data flow: a front end's values, each as a [`Given`] under its name as the front end spells
//! it → [`Reader::set`] (the name looked up, the value checked by its rule) → [`Reader::finish`]
//! (what each option needs, the rubric rule of [`Asked::request`]) → [`Options`]. A mistake is
//! an [`OptionError`]: a stable [`OptionKind`] and a sentence naming the option as the front end
//! spells it ([`Spelling::key`]).

use crate::{Asked, Gate, Options, Rubric, Spelling};
use pickanumber_score::verify::{Against, Unverified, Work};
use pickanumber_score::{Mode, Named, Preset};
use std::fmt;
use std::sync::Arc;

/// The rule an option's value follows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rule {
    /// `true` or `false`; left out, `default`. The CLI spells a flag that is on by default
    /// as `--no-NAME`.
    Flag {
        /// The value when the option is left out.
        default: bool,
    },
    /// One of the formula's modes.
    Mode,
    /// One of the preset matrices.
    Preset,
    /// Criterion weights: `craft=0.6,depth=0.4`, or a mapping of names to numbers.
    Weights,
    /// A rubric: a file for the CLI, a `Rubric` for Python, a rubric's text or object for npm.
    Rubric,
    /// A number greater than 0 (a setting of the formula).
    Positive,
    /// A number from 0 to `max`, such as `example`: a `what`.
    Within {
        /// The largest value.
        max: f64,
        /// What the number is (`a score`).
        what: &'static str,
        /// A value to give in messages (`70`).
        example: &'static str,
    },
    /// The judged work: a path for the CLI, a text, a path or `{path: text}` for Python, a
    /// text or `{ path: text }` for npm.
    Work,
    /// What to do with items whose evidence is not in the work: `drop` or `keep`.
    Unverified,
    /// Card fields the result's card must hold: `FIELD=VALUE` pairs (repeated on the command
    /// line, a mapping of fields to values in the packages).
    Card,
}

impl Rule {
    /// What a value of this rule is, in messages: `a score from 0 to 100, such as 70`.
    pub fn what(self) -> String {
        match self {
            Rule::Flag { .. } => "true or false".into(),
            Rule::Mode => format!("one of {}", names::<Mode>()),
            Rule::Preset => format!("one of {}", names::<Preset>()),
            Rule::Weights => {
                "a text such as \"craft=0.6,depth=0.4\" or names mapped to numbers".into()
            }
            Rule::Rubric => "a rubric".into(),
            Rule::Positive => "a number greater than 0".into(),
            Rule::Within { max, what, example } => format!(
                "{what} from 0 to {}, such as {example}",
                pickanumber_text::numtext::trim_number(max)
            ),
            Rule::Work => "the judged work".into(),
            Rule::Unverified => "\"drop\" or \"keep\"".into(),
            Rule::Card => "card fields mapped to their values, such as rubric=<sha256>".into(),
        }
    }

    /// The kind of error a value that breaks this rule gives.
    pub fn kind(self) -> OptionKind {
        match self {
            Rule::Flag { .. } => OptionKind::WrongType,
            Rule::Mode | Rule::Preset | Rule::Unverified => OptionKind::UnknownName,
            Rule::Weights => OptionKind::BadWeights,
            Rule::Rubric => OptionKind::BadRubric,
            Rule::Positive | Rule::Within { .. } => OptionKind::OutOfRange,
            Rule::Work => OptionKind::BadWork,
            Rule::Card => OptionKind::BadCard,
        }
    }

    /// The value names the CLI's help shows (`N`, `RATE`).
    fn value_name(self) -> &'static str {
        match self {
            Rule::Flag { .. } => "",
            Rule::Mode => "MODE",
            Rule::Preset => "PRESET",
            Rule::Weights => "a=0.3,b=0.2",
            Rule::Rubric => "RUBRIC",
            Rule::Positive => "N",
            Rule::Within { .. } => "N",
            Rule::Work => "PATH",
            Rule::Unverified => "WHAT",
            Rule::Card => "FIELD=VALUE",
        }
    }
}

/// The names of `T`'s values, comma-separated.
fn names<T: Named>() -> String {
    T::ALL
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One scoring option.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoringOption {
    /// The name in snake_case (`fail_under`); each front end spells it by [`Spelling::key`].
    pub name: &'static str,
    /// The rule its value follows.
    pub rule: Rule,
    /// The options it needs (`max_unverified` needs `against`).
    pub needs: &'static [&'static str],
    /// The value's name in the CLI's help (`N`, `RATE`); empty for the rule's.
    pub value_name: &'static str,
    /// One or two sentences for the CLI's help, the docs pages and the option types.
    pub help: &'static str,
}

impl ScoringOption {
    /// The value's name in the CLI's help.
    pub fn value_name(&self) -> &'static str {
        if self.value_name.is_empty() {
            self.rule.value_name()
        } else {
            self.value_name
        }
    }

    /// The option as `spelling` names it where it is given ([`Spelling::name`]), but for a
    /// flag on by default, which the CLI gives as `--no-NAME` (`--no-interval`).
    pub fn spelled(&self, spelling: Spelling) -> String {
        match (spelling, self.rule) {
            (Spelling::Cli, Rule::Flag { default: true }) => {
                format!("--no-{}", &spelling.name(self.name)[2..])
            }
            _ => spelling.name(self.name),
        }
    }

    /// The kind of error a bad value of this option gives.
    pub fn kind(&self) -> OptionKind {
        self.rule.kind()
    }
}

/// Needs `against`.
const AGAINST: &[&str] = &["against"];

/// Every scoring option, in the order messages and help list them.
pub const SCORING_OPTIONS: &[ScoringOption] = &[
    ScoringOption {
        name: "mode",
        rule: Rule::Mode,
        needs: &[],
        value_name: "",
        help: "How items combine; left out, auto decides from the input (buckets: feedback; criteria or weights: matrix; else pooled).",
    },
    ScoringOption {
        name: "preset",
        rule: Rule::Preset,
        needs: &[],
        value_name: "",
        help: "Criteria and weights of a preset matrix.",
    },
    ScoringOption {
        name: "weights",
        rule: Rule::Weights,
        needs: &[],
        value_name: "",
        help: "Criterion weights, such as craft=0.6,depth=0.4 (divided by their sum if it is not 1).",
    },
    ScoringOption {
        name: "rubric",
        rule: Rule::Rubric,
        needs: &[],
        value_name: "",
        help: "Score against a rubric: its mode, weights and settings; items naming a criterion or perspective outside it are errors. Cannot be combined with mode, preset or weights.",
    },
    ScoringOption {
        name: "strict",
        rule: Rule::Flag { default: false },
        needs: &[],
        value_name: "",
        help: "Read strictly, for pipelines: every line that is not an item, a heading, a weights line or blank is an error instead of a note.",
    },
    ScoringOption {
        name: "fail_under",
        rule: Rule::Within {
            max: 100.0,
            what: "a score",
            example: "70",
        },
        needs: &[],
        value_name: "N",
        help: "The gate: the headline (the final; the overall in matrix mode) must be at least this score, else the gate misses.",
    },
    ScoringOption {
        name: "min_confidence",
        rule: Rule::Within {
            max: 1.0,
            what: "a confidence",
            example: "0.5",
        },
        needs: &[],
        value_name: "C",
        help: "The gate: the headline's confidence must be at least this (0 to 1).",
    },
    ScoringOption {
        name: "require_self_check",
        rule: Rule::Flag { default: false },
        needs: &[],
        value_name: "",
        help: "The gate: the matrix self-check must pass (criteria finals at least 20 points apart).",
    },
    ScoringOption {
        name: "denominator",
        rule: Rule::Positive,
        needs: &[],
        value_name: "N",
        help: "Items for full confidence: the density is the items divided by this (default 20, or the rubric's).",
    },
    ScoringOption {
        name: "scale",
        rule: Rule::Positive,
        needs: &[],
        value_name: "X",
        help: "Points of raw score per unit of normalised evidence (default 8, or the rubric's).",
    },
    ScoringOption {
        name: "interval",
        rule: Rule::Flag { default: true },
        needs: &[],
        value_name: "",
        help: "The bootstrap interval of the headline and of each pass, on by default; off skips the resampling, most of the time a score takes, and the result has no interval key.",
    },
    ScoringOption {
        name: "against",
        rule: Rule::Work,
        needs: &[],
        value_name: "",
        help: "Check every item's evidence against the judged work (a file's text, or a folder as a tree of files) before anything is counted.",
    },
    ScoringOption {
        name: "unverified",
        rule: Rule::Unverified,
        needs: AGAINST,
        value_name: "",
        help: "drop (the default) leaves out items whose evidence is not in the work; keep counts them, flagged.",
    },
    ScoringOption {
        name: "require_evidence",
        rule: Rule::Flag { default: false },
        needs: AGAINST,
        value_name: "",
        help: "Leave out items that cite no evidence too.",
    },
    ScoringOption {
        name: "require_quotes",
        rule: Rule::Flag { default: false },
        needs: AGAINST,
        value_name: "",
        help: "Count only verified items, leaving out located ones (a place and no quotation), not_checkable and no_evidence ones too.",
    },
    ScoringOption {
        name: "max_unverified",
        rule: Rule::Within {
            max: 1.0,
            what: "a rate",
            example: "0.1",
        },
        needs: AGAINST,
        value_name: "RATE",
        help: "The gate: the share of checkable items whose evidence is not in the work must be at most this rate (0 to 1), overall and for each pass.",
    },
    ScoringOption {
        name: "require_card",
        rule: Rule::Card,
        needs: &[],
        value_name: "",
        help: "The gate: the result's card must hold each value in its field (version, settings, rubric, prompt, schema or work).",
    },
];

/// The option named `name` (snake_case).
pub fn option(name: &str) -> Option<&'static ScoringOption> {
    SCORING_OPTIONS.iter().find(|o| o.name == name)
}

/// The stable kind of an [`OptionError`], which callers select by (its sentence may change).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A name that is not an option.
    UnknownOption,
    /// A value of the wrong type (text where a number is taken).
    WrongType,
    /// A number outside its range.
    OutOfRange,
    /// A name that is not one of the option's values (`mode: "grid"`).
    UnknownName,
    /// Weights that cannot be used.
    BadWeights,
    /// A rubric that cannot be used.
    BadRubric,
    /// A work that cannot be read.
    BadWork,
    /// A card field that is not one, or a value it cannot hold.
    BadCard,
    /// An option given without one it needs.
    NeedsOption,
    /// Options that cannot be given together.
    Conflict,
}

impl OptionKind {
    /// Every kind, in the order of the docs.
    pub const ALL: [OptionKind; 10] = [
        OptionKind::UnknownOption,
        OptionKind::WrongType,
        OptionKind::OutOfRange,
        OptionKind::UnknownName,
        OptionKind::BadWeights,
        OptionKind::BadRubric,
        OptionKind::BadWork,
        OptionKind::BadCard,
        OptionKind::NeedsOption,
        OptionKind::Conflict,
    ];

    /// The kind's name, as the packages' errors carry it (`out_of_range`).
    pub fn name(self) -> &'static str {
        match self {
            OptionKind::UnknownOption => "unknown_option",
            OptionKind::WrongType => "wrong_type",
            OptionKind::OutOfRange => "out_of_range",
            OptionKind::UnknownName => "unknown_name",
            OptionKind::BadWeights => "bad_weights",
            OptionKind::BadRubric => "bad_rubric",
            OptionKind::BadWork => "bad_work",
            OptionKind::BadCard => "bad_card",
            OptionKind::NeedsOption => "needs_option",
            OptionKind::Conflict => "conflicting_options",
        }
    }
}

/// A bad option: its kind and the sentence that names it as the front end spells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    /// What went wrong, for callers to select by.
    pub kind: OptionKind,
    /// The sentence.
    pub message: String,
}

impl OptionError {
    /// An error of `kind` with `message`.
    pub fn new(kind: OptionKind, message: impl Into<String>) -> OptionError {
        OptionError {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for OptionError {}

/// A value as a front end hands it over, in the few shapes the rules take. `Rubric` and `Work`
/// are read by the front end (a file, a `Rubric` object), everything else is checked here.
#[derive(Clone, Debug)]
pub enum Given {
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A text.
    Text(String),
    /// Names mapped to values (`{craft: 0.6}`), in the caller's order.
    Map(Vec<(String, Given)>),
    /// A rubric the front end read.
    Rubric(Box<Rubric>),
    /// A work the front end read.
    Work(Arc<Work>),
    /// Any other value, as messages describe it (`an array`, `a list`).
    Other(String),
}

impl Given {
    /// What the value is, for messages: `a string ("yes")`, `a number (170)`, `a boolean
    /// (true)`.
    pub fn describe(&self) -> String {
        match self {
            Given::Bool(b) => format!("a boolean ({b})"),
            Given::Number(n) => format!("a number ({})", number_text(*n)),
            Given::Text(s) => format!("a string ({s:?})"),
            Given::Map(_) => "a mapping".into(),
            Given::Rubric(_) => "a rubric".into(),
            Given::Work(_) => "a work".into(),
            Given::Other(what) => what.clone(),
        }
    }
}

/// A number as it reads back (`170`, `0.5`, `-0.5`).
fn number_text(x: f64) -> String {
    pickanumber_text::numtext::trim_number(x)
}

/// The 0..max rule of [`Rule::Within`], on a number: the number, or the sentence saying why
/// not (without the option's name): `170 is not a score from 0 to 100, such as 70`.
///
/// # Errors
/// A number outside 0 to `max`, or not finite.
pub fn within(rule: Rule, x: f64) -> Result<f64, String> {
    match rule {
        Rule::Within { max, .. } if x.is_finite() && (0.0..=max).contains(&x) => Ok(x),
        _ => Err(format!("{} is not {}", number_text(x), rule.what())),
    }
}

/// The 0..max rule on a text (the CLI's value): [`within`] of the decimal it reads as, or
/// `"abc" is not a score from 0 to 100, such as 70`.
///
/// # Errors
/// Text that is no decimal, or a number outside the range.
pub fn within_text(rule: Rule, s: &str) -> Result<f64, String> {
    match pickanumber_score::parse_decimal(s.trim()) {
        Ok(x) => within(rule, x),
        Err(_) => Err(format!("{s:?} is not {}", rule.what())),
    }
}

/// The options a front end gave, checked one by one ([`Reader::set`]) and then together
/// ([`Reader::finish`]).
#[derive(Debug)]
pub struct Reader {
    spelling: Spelling,
    asked: Asked,
    rubric: Option<Rubric>,
    strict: bool,
    denominator: Option<f64>,
    scale: Option<f64>,
    gate: Gate,
    interval: bool,
    work: Option<Arc<Work>>,
    unverified: Option<Unverified>,
    require_evidence: bool,
    require_quotes: bool,
    require_card: Vec<crate::card::Pin>,
    given: Vec<&'static str>,
}

impl Reader {
    /// A reader whose messages spell the options as `spelling` does.
    pub fn new(spelling: Spelling) -> Reader {
        Reader {
            spelling,
            asked: Asked::default(),
            rubric: None,
            strict: false,
            denominator: None,
            scale: None,
            gate: Gate {
                names: spelling,
                ..Gate::default()
            },
            interval: true,
            work: None,
            unverified: None,
            require_evidence: false,
            require_quotes: false,
            require_card: Vec::new(),
            given: Vec::new(),
        }
    }

    /// The option the front end spells `key` (`failUnder` for npm, `fail_under` for Python).
    ///
    /// # Errors
    /// An unknown name, with every option's name as the front end spells them.
    pub fn lookup(&self, key: &str) -> Result<&'static ScoringOption, OptionError> {
        SCORING_OPTIONS
            .iter()
            .find(|o| self.spelling.name(o.name) == key)
            .ok_or_else(|| {
                let all: Vec<String> = SCORING_OPTIONS
                    .iter()
                    .map(|o| self.spelling.name(o.name))
                    .collect();
                OptionError::new(
                    OptionKind::UnknownOption,
                    format!(
                        "unknown option \"{key}\": the options are {}",
                        all.join(", ")
                    ),
                )
            })
    }

    /// `key: detail`, of `kind`.
    fn bad(
        &self,
        option: &ScoringOption,
        kind: OptionKind,
        detail: impl fmt::Display,
    ) -> OptionError {
        OptionError::new(
            kind,
            format!("{}: {detail}", self.spelling.key(option.name)),
        )
    }

    /// `key: must be WHAT, not VALUE`.
    fn wrong_type(&self, option: &ScoringOption, value: &Given) -> OptionError {
        self.bad(
            option,
            OptionKind::WrongType,
            format!("must be {}, not {}", option.rule.what(), value.describe()),
        )
    }

    /// Sets the option the front end spells `key` to `value`, checked by its rule.
    ///
    /// # Errors
    /// An unknown option, or a value its rule refuses.
    pub fn set(&mut self, key: &str, value: Given) -> Result<(), OptionError> {
        let option = self.lookup(key)?;
        self.set_option(option, value)
    }

    /// Sets `option` to `value`, checked by its rule. A value equal to the option's default
    /// (`false`, `unverified` `drop`) counts as left out: it needs no other option.
    ///
    /// # Errors
    /// A value the option's rule refuses.
    pub fn set_option(
        &mut self,
        option: &'static ScoringOption,
        value: Given,
    ) -> Result<(), OptionError> {
        let flag = |r: &Reader, v: &Given| match v {
            Given::Bool(b) => Ok(*b),
            other => Err(r.wrong_type(option, other)),
        };
        // A value equal to the default is as good as left out: it needs nothing.
        let default = match (option.rule, &value) {
            (Rule::Flag { default }, Given::Bool(b)) => *b == default,
            (Rule::Unverified, Given::Text(s)) => s == "drop",
            _ => false,
        };
        match (option.rule, option.name) {
            (Rule::Flag { .. }, name) => {
                let b = flag(self, &value)?;
                match name {
                    "strict" => self.strict = b,
                    "require_self_check" => self.gate.require_self_check = b,
                    "interval" => self.interval = b,
                    "require_evidence" => self.require_evidence = b,
                    _ => self.require_quotes = b,
                }
            }
            (Rule::Mode, _) => self.asked.mode = Some(self.named(option, &value)?),
            (Rule::Preset, _) => self.asked.preset = Some(self.named(option, &value)?),
            (Rule::Unverified, _) => {
                let Given::Text(s) = &value else {
                    return Err(self.wrong_type(option, &value));
                };
                let u = Unverified::from_name(s).ok_or_else(|| {
                    self.bad(
                        option,
                        OptionKind::UnknownName,
                        format!("{s:?} is not {}", option.rule.what()),
                    )
                })?;
                self.unverified = Some(u);
            }
            (Rule::Weights, _) => self.asked.weights = Some(self.weights(option, value)?),
            (Rule::Card, _) => {
                let Given::Map(pairs) = value else {
                    return Err(self.wrong_type(option, &value));
                };
                for (field, v) in pairs {
                    let Given::Text(v) = v else {
                        return Err(self.bad(
                            option,
                            OptionKind::WrongType,
                            format!("{field} must be a string (a sha256), not {}", v.describe()),
                        ));
                    };
                    let pin = crate::card::Pin::parse(&format!("{field}={v}"))
                        .map_err(|e| self.bad(option, OptionKind::BadCard, e))?;
                    self.require_card.push(pin);
                }
            }
            (Rule::Rubric, _) => match value {
                Given::Rubric(r) => self.rubric = Some(*r),
                other => return Err(self.wrong_type(option, &other)),
            },
            (Rule::Work, _) => match value {
                Given::Work(w) => self.work = Some(w),
                other => return Err(self.wrong_type(option, &other)),
            },
            (Rule::Positive, name) => {
                let x = match value {
                    Given::Number(x) => x,
                    Given::Text(s) if self.spelling == Spelling::Cli => {
                        pickanumber_score::read_setting(name, &s)
                            .map_err(|e| OptionError::new(OptionKind::OutOfRange, e.to_string()))?
                    }
                    other => return Err(self.wrong_type(option, &other)),
                };
                let x = pickanumber_score::positive_setting(&self.spelling.key(name), x)
                    .map_err(|e| OptionError::new(OptionKind::OutOfRange, e.to_string()))?;
                if name == "denominator" {
                    self.denominator = Some(x);
                } else {
                    self.scale = Some(x);
                }
            }
            (rule @ Rule::Within { .. }, name) => {
                let x = match &value {
                    Given::Number(x) => within(rule, *x),
                    Given::Text(s) if self.spelling == Spelling::Cli => within_text(rule, s),
                    other => return Err(self.wrong_type(option, other)),
                }
                .map_err(|e| self.bad(option, OptionKind::OutOfRange, e))?;
                match name {
                    "fail_under" => self.gate.fail_under = Some(x),
                    "min_confidence" => self.gate.min_confidence = Some(x),
                    "max_unverified" => self.gate.max_unverified = Some(x),
                    // A row of the table this reader does not store: refused rather than
                    // written into another option's place.
                    other => {
                        return Err(OptionError::new(
                            OptionKind::UnknownName,
                            format!(
                                "the option {other} is in the table but not read by this version"
                            ),
                        ))
                    }
                }
            }
        }
        if !default && !self.given.contains(&option.name) {
            self.given.push(option.name);
        }
        Ok(())
    }

    /// A named option's value: a text naming one of `T`'s values.
    fn named<T: Named>(&self, option: &ScoringOption, value: &Given) -> Result<T, OptionError> {
        let Given::Text(s) = value else {
            return Err(self.wrong_type(option, value));
        };
        T::parse_among(s, T::ALL).map_err(|e| self.bad(option, OptionKind::UnknownName, e))
    }

    /// `"craft=0.6, depth=0.4"` (as `--weights`) or a mapping of names to numbers, in that
    /// order; the mapping's numbers are read by the text's rule (`weights_from_numbers`), so a
    /// weight the text refuses is refused here too.
    fn weights(
        &self,
        option: &ScoringOption,
        value: Given,
    ) -> Result<Vec<(String, f64)>, OptionError> {
        let bad = |e: String| self.bad(option, OptionKind::BadWeights, e);
        match value {
            Given::Text(s) => pickanumber_score::parse_weights(&s).map_err(bad),
            Given::Map(m) if m.is_empty() => Err(bad(
                "names no weights: give at least one, such as craft=0.6".into(),
            )),
            Given::Map(m) => {
                let mut pairs = Vec::with_capacity(m.len());
                for (name, w) in m {
                    pickanumber_score::check_name(&name).map_err(bad)?;
                    let x = match w {
                        Given::Number(x) => x,
                        other => {
                            let text = match &other {
                                Given::Text(s) => Some(s.as_str()),
                                _ => None,
                            };
                            let message =
                                pickanumber_score::must_be_a_number(text, &other.describe());
                            return Err(OptionError::new(
                                OptionKind::BadWeights,
                                format!("{}.{name}: {message}", self.spelling.key(option.name)),
                            ));
                        }
                    };
                    pairs.push((name, x));
                }
                pickanumber_score::weights_from_numbers(pairs).map_err(bad)
            }
            other => Err(self.wrong_type(option, &other)),
        }
    }

    /// The options given, checked together: each option's needs, and the rubric rule.
    ///
    /// # Errors
    /// An option given without one it needs, or options that cannot be given together.
    pub fn finish(self) -> Result<Options, OptionError> {
        for name in &self.given {
            let option = option(name).expect("a given option is in the table");
            if let Some(need) = option.needs.iter().find(|n| !self.given.contains(n)) {
                return Err(OptionError::new(
                    OptionKind::NeedsOption,
                    format!(
                        "{}: needs {} (the work to check the evidence against)",
                        self.spelling.key(name),
                        self.spelling.key(need)
                    ),
                ));
            }
        }
        let mut request = self
            .asked
            .request(self.rubric.as_ref(), self.spelling)
            .map_err(|e| OptionError::new(OptionKind::Conflict, e))?;
        request.strict = self.strict;
        if let Some(d) = self.denominator {
            request.params.density_denominator = d;
        }
        if let Some(x) = self.scale {
            request.params.scale = x;
        }
        request.against = self.work.map(|work| Against {
            work,
            unverified: self.unverified.unwrap_or_default(),
            require_evidence: self.require_evidence,
            require_quotes: self.require_quotes,
        });
        Ok(Options {
            request,
            rubric: self.rubric,
            gate: self.gate,
            interval: self.interval,
            require_card: self.require_card,
        })
    }
}

/// The option types of the Python package: a `TypedDict` of every option, generated into
/// `_native.pyi`'s marked block.
pub fn python_typed_dict() -> String {
    let kinds: Vec<String> = OptionKind::ALL
        .iter()
        .map(|k| format!("    \"{}\",\n", k.name()))
        .collect();
    let mut out = format!(
        "#: What is wrong with an option, as `OptionError.kind` says it.\nOptionErrorKind = Literal[\n{}]\n\n",
        kinds.concat()
    );
    out.push_str(
        "class ScoringOptions(TypedDict, total=False):\n    \"\"\"The scoring options of `analyse`, `combine` and `judge`.\"\"\"\n\n",
    );
    for o in SCORING_OPTIONS {
        let ty = match o.rule {
            Rule::Flag { .. } => "bool",
            Rule::Mode | Rule::Preset | Rule::Unverified => "Optional[str]",
            Rule::Weights => "Union[str, Mapping[str, float], None]",
            // `pickanumber.Rubric`, which the Python layer hands over as its native rubric.
            Rule::Rubric => "Optional[Any]",
            Rule::Positive | Rule::Within { .. } => "Optional[float]",
            Rule::Work => "Union[str, \"os.PathLike[str]\", Mapping[str, str], None]",
            Rule::Card => "Optional[Mapping[str, str]]",
        };
        out.push_str(&format!(
            "    {}: {ty}\n    \"\"\"{}\"\"\"\n",
            Spelling::Python.name(o.name),
            o.help
        ));
    }
    out
}

/// The option types of the npm package: an interface of every option, generated into
/// `index.d.ts`'s marked block.
pub fn typescript_interface() -> String {
    let kinds: Vec<String> = OptionKind::ALL
        .iter()
        .map(|k| format!("\n  | \"{}\"", k.name()))
        .collect();
    let mut out = format!(
        "/** What is wrong with an option, on the `TypeError` it throws (its `kind`). */\nexport type OptionErrorKind ={};\n\n",
        kinds.concat()
    );
    out.push_str("/** The scoring options of `analyse`, `combine` and `judge`. */\nexport interface ScoringOptions {\n");
    for o in SCORING_OPTIONS {
        let ty = match o.rule {
            Rule::Flag { .. } => "boolean".to_string(),
            Rule::Mode => quoted::<Mode>(),
            Rule::Preset => quoted::<Preset>(),
            Rule::Unverified => "\"drop\" | \"keep\"".into(),
            Rule::Weights => "string | Record<string, number>".into(),
            Rule::Rubric => "RubricSource".into(),
            Rule::Positive | Rule::Within { .. } => "number".into(),
            Rule::Work => "string | Record<string, string>".into(),
            Rule::Card => "Record<string, string>".into(),
        };
        out.push_str(&format!(
            "  /** {} */\n  {}?: {ty} | null;\n",
            o.help,
            Spelling::Npm.name(o.name)
        ));
    }
    out.push_str("}\n");
    out
}

/// `"a" | "b"` of `T`'s names.
fn quoted<T: Named>() -> String {
    T::ALL
        .iter()
        .map(|t| format!("\"{}\"", t.name()))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The option errors' kinds as a docs page lists them: `` `unknown_option` ``, … and
/// `` `conflicting_options` ``.
pub fn docs_kinds() -> String {
    let names: Vec<String> = OptionKind::ALL
        .iter()
        .map(|k| format!("`{}`", k.name()))
        .collect();
    let (last, rest) = names.split_last().expect("there are kinds");
    format!("{} or {last}", rest.join(", "))
}

/// The list of options a docs page shows, spelled as `spelling` spells them: one markdown
/// bullet an option, with what its value is, what it needs and its help.
pub fn docs_list(spelling: Spelling) -> String {
    let mut out = String::new();
    for o in SCORING_OPTIONS {
        let needs = if o.needs.is_empty() {
            String::new()
        } else {
            let n: Vec<String> = o
                .needs
                .iter()
                .map(|n| format!("`{}`", spelling.name(n)))
                .collect();
            format!(" Needs {}.", n.join(", "))
        };
        out.push_str(&format!(
            "- `{}` ({}): {}{needs}\n",
            o.spelled(spelling),
            o.rule.what(),
            o.help
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(spelling: Spelling, pairs: Vec<(&str, Given)>) -> Result<Options, OptionError> {
        let mut r = Reader::new(spelling);
        for (k, v) in pairs {
            r.set(k, v)?;
        }
        r.finish()
    }

    #[test]
    fn the_range_rule_is_one_sentence_for_every_front_end() {
        for (spelling, key) in [
            (Spelling::Cli, "--fail-under"),
            (Spelling::Python, "fail_under"),
            (Spelling::Npm, "options.failUnder"),
        ] {
            let e = read(
                spelling,
                vec![(&*spelling.name("fail_under"), Given::Number(170.0))],
            )
            .unwrap_err();
            assert_eq!(e.kind, OptionKind::OutOfRange);
            assert_eq!(
                e.message,
                format!("{key}: 170 is not a score from 0 to 100, such as 70")
            );
        }
    }

    #[test]
    fn an_option_without_what_it_needs_is_refused() {
        let e = read(Spelling::Npm, vec![("maxUnverified", Given::Number(0.1))]).unwrap_err();
        assert_eq!(e.kind, OptionKind::NeedsOption);
        assert_eq!(
            e.message,
            "options.maxUnverified: needs options.against (the work to check the evidence against)"
        );
    }

    /// Each number option of the table is stored in its own place: a value set is a value
    /// read back, so a new row the reader does not store fails here, not in a user's run.
    #[test]
    fn every_number_option_is_stored_in_its_place() {
        for o in SCORING_OPTIONS {
            let Rule::Within { max, .. } = o.rule else {
                continue;
            };
            let mut r = Reader::new(Spelling::Python);
            let x = max / 2.0;
            r.set(o.name, Given::Number(x)).unwrap();
            let g = r.gate;
            let stored = [g.fail_under, g.min_confidence, g.max_unverified];
            assert_eq!(
                stored.iter().filter(|v| **v == Some(x)).count(),
                1,
                "{}",
                o.name
            );
        }
    }

    #[test]
    fn every_name_is_spelled_back_to_itself() {
        for spelling in [Spelling::Cli, Spelling::Python, Spelling::Npm] {
            let r = Reader::new(spelling);
            for o in SCORING_OPTIONS {
                assert_eq!(r.lookup(&spelling.name(o.name)).unwrap().name, o.name);
            }
        }
    }
}
