//! The public result shape of pickanumber, shared by every way in from outside the site:
//!
//! text + [`Options`] → [`evaluate`] (the formula crate's `analyse`, plus the rubric's cell
//! checks), or several judges' texts → [`evaluate_passes`] (the formula crate's `combine`) →
//! [`Evaluation`] → [`Evaluation::result`] (the typed object `pickanumber score` prints:
//! [`json::Output`], with [`passes`]' keys for passes and [`evidence`]'s for a judged work, each
//! score's number by the one rule of [`number`]) and [`gate::Gate`] (the thresholds a pipeline
//! sets) → serde. [`comparison::Comparison`] is what `pickanumber compare` prints. [`judging`]
//! is the judge loop but the calls: the brief every grader is sent, and the verdict on what
//! they gave.
//!
//! These types are the output contract: the object carries [`SCHEMA_VERSION`], every
//! diagnostic is an object with its kind and severity, and with the `schema` feature
//! the module `schema` generates the JSON Schemas checked in under `schema/`.
//!
//! The CLI, the Python package and the npm package all call this crate, so the same input gives
//! the same JSON object in all three; none of them builds its own.

mod asked;
pub mod cache;
pub mod card;
pub mod comparison;
pub mod evidence;
pub mod gate;
pub mod json;
pub mod judging;
pub mod number;
pub mod passes;
#[cfg(feature = "schema")]
pub mod schema;
pub mod table;

pub use asked::{Asked, Spelling};
pub use gate::Gate;
pub use json::{to_json, SCHEMA_VERSION};
pub use pickanumber_rubric::Rubric;
pub use pickanumber_score::{analyse, combine, Analysis, Request};

/// The most bytes one input may hold: what the CLI reads from one file or stream, and what
/// the Python and npm packages take as one text or one pass's text (64 MiB).
pub const MAX_INPUT_BYTES: usize = 64 << 20;

/// The refusal of a text over [`MAX_INPUT_BYTES`].
pub const TOO_LARGE: &str =
    "the text is larger than 64 MiB, the most pickanumber reads from one input";

/// Checks several judges' passes as the packages take them: each with a name (not blank),
/// no name twice, each text at most [`MAX_INPUT_BYTES`]. Messages count the passes from 0,
/// as `passes[1]`.
///
/// # Errors
/// The first problem, in the order of the passes.
///
/// ```
/// use pickanumber_result::check_passes;
/// let twice = [("a".to_string(), "+1 x".to_string()), ("a".to_string(), "+2 y".to_string())];
/// assert_eq!(
///     check_passes(&twice).unwrap_err(),
///     "passes[1]: two passes are named a: give each pass its own name"
/// );
/// ```
pub fn check_passes(passes: &[(String, String)]) -> Result<(), String> {
    let mut seen = std::collections::BTreeSet::new();
    for (i, (name, text)) in passes.iter().enumerate() {
        let name = name.trim();
        if name.is_empty() {
            return Err(format!(
                "passes[{i}]: a pass needs a name (a non-empty string)"
            ));
        }
        if text.len() > MAX_INPUT_BYTES {
            return Err(format!("passes[{i}] ({name}): {TOO_LARGE}"));
        }
        if !seen.insert(name) {
            return Err(format!(
                "passes[{i}]: two passes are named {name}: give each pass its own name"
            ));
        }
    }
    Ok(())
}

/// What a caller can ask for besides the text.
#[derive(Clone, Debug)]
pub struct Options {
    /// Mode, preset, weights, labels, parameters and strictness, as the formula crate reads them.
    pub request: Request,
    /// A rubric whose cells are checked (items per cell, criteria and perspectives it does not
    /// name). [`Options::from_rubric`] also takes its mode, weights and parameters into
    /// `request`.
    pub rubric: Option<Rubric>,
    /// Thresholds on the headline, and how the caller's front end names them.
    pub gate: Gate,
    /// Whether to compute the bootstrap interval of the headline (and of each pass); on by
    /// default. Off, no resample is drawn and the JSON has no `interval` key at all, at the
    /// top or in `passes` (`"interval": null` keeps its one meaning: there is no score).
    /// The interval's 1,000 resamples are most of an analysis's cost.
    pub interval: bool,
    /// Card fields the gate requires to hold a value (`--require-card rubric=HEX`): each one
    /// the result's card does not hold is a miss of the gate.
    pub require_card: Vec<card::Pin>,
}

impl Default for Options {
    /// The formula's defaults, no rubric, no gate, the interval on.
    fn default() -> Options {
        Options {
            request: Request::default(),
            rubric: None,
            gate: Gate::default(),
            interval: true,
            require_card: Vec::new(),
        }
    }
}

impl Options {
    /// Options that score in the rubric's mode with its weights, labels and parameters.
    pub fn from_rubric(rubric: Rubric) -> Options {
        Options {
            request: rubric.request(),
            rubric: Some(rubric),
            ..Options::default()
        }
    }

    /// The request the formula crate is given: [`Options::request`], with the interval
    /// skipped when [`Options::interval`] is off.
    fn formula_request(&self) -> std::borrow::Cow<'_, Request> {
        if self.interval {
            std::borrow::Cow::Borrowed(&self.request)
        } else {
            std::borrow::Cow::Owned(Request {
                skip_interval: true,
                ..self.request.clone()
            })
        }
    }
}

/// An analysis with the gate's verdict on it.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// The formula crate's analysis of the text, with the rubric's diagnostics added.
    pub analysis: Analysis,
    /// The thresholds asked for.
    pub gate: Gate,
    /// The checks the headline missed, as sentences naming the options as the caller's front
    /// end spells them ([`Gate::names`]); empty when it passed or no gate was set.
    pub misses: Vec<String>,
    /// Whether the interval was asked for ([`Options::interval`]): without it the JSON leaves
    /// the `interval` keys out.
    pub interval: bool,
    /// What produced the result ([`card::Card`]): the JSON's `card`. A front end that called
    /// the graders sets their parameters and the prompt it sent before printing.
    pub card: card::Card,
    /// The card fields the gate requires ([`Options::require_card`], checked by
    /// [`Evaluation::check_pins`]).
    pub pins: Vec<card::Pin>,
}

impl Evaluation {
    /// The JSON object `pickanumber score` prints: [`json::to_json`] (without the `interval`
    /// keys when the interval was not asked for) plus a `gate` object when a threshold was set.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self.result()).expect("the result serialises")
    }

    /// The typed object behind [`Evaluation::to_json`]: the output contract's [`json::Output`].
    pub fn result(&self) -> json::Output<'_> {
        let gated = self.gate.is_set() || !self.pins.is_empty();
        json::Output {
            card: Some(&self.card),
            gate: gated.then(|| {
                let mut g = self.gate.result(&self.misses);
                if !self.pins.is_empty() {
                    g.require_card = Some(
                        self.pins
                            .iter()
                            .map(|p| (p.field.to_string(), p.value.clone()))
                            .collect(),
                    );
                }
                g
            }),
            ..json::result(&self.analysis, self.interval)
        }
    }

    /// Requires card fields to hold the values `pins` give (the gate's card option): each one
    /// that does not is a miss naming the field, both values and the option as the caller's
    /// front end spells it ([`Gate::names`]). [`evaluate`] calls it with
    /// [`Options::require_card`]; a front end that changes the card afterwards (the prompt it
    /// sent) checks its own pins again here.
    pub fn check_pins(&mut self, pins: Vec<card::Pin>) {
        let option = self.card_option();
        for p in &pins {
            self.misses.extend(p.miss(&self.card, &option));
        }
        self.pins.extend(pins);
    }

    /// The gate's card option (the field [`Options::require_card`]) as the caller's front end
    /// spells it.
    pub fn card_option(&self) -> String {
        self.gate.names.in_gate("require_card")
    }

    /// The exit code the CLI gives: 1 when items have errors, 3 when the gate missed, else 0.
    pub fn exit_code(&self) -> u8 {
        if self.analysis.has_errors() {
            1
        } else if !self.misses.is_empty() {
            3
        } else {
            0
        }
    }
}

/// Analyses `text` as [`Options`] ask. Text with `## Pass: <name>` headings is several judges'
/// passes, combined as [`evaluate_passes`] combines them.
pub fn evaluate(text: &str, options: &Options) -> Evaluation {
    finish(analyse(text, &options.formula_request()), options)
}

/// Combines several judges' passes, each a name and a text in any input format, as
/// [`Options`] ask: the headline is the formula over every pass's items together (an
/// observation two judges both found counts once), and the JSON adds `passes`, `spread`,
/// `disagreements`, `alpha` and `duplicates` to the keys of the mode.
///
/// ```
/// use pickanumber_result::{evaluate_passes, Options};
/// let e = evaluate_passes(
///     &[("claude".into(), "+3 tests pass\n+2 docs".into()), ("gpt".into(), "-1 slow".into())],
///     &Options::default(),
/// );
/// let v = e.to_json();
/// assert_eq!(v["passes"][0]["name"], "claude");
/// assert_eq!(v["total_items"], 3);
/// assert!(v["interval"].is_array());
/// ```
pub fn evaluate_passes(passes: &[(String, String)], options: &Options) -> Evaluation {
    finish(combine(passes, &options.formula_request()), options)
}

/// The rubric's cell checks and the gate's verdict on an analysis.
fn finish(mut analysis: Analysis, options: &Options) -> Evaluation {
    if let Some(r) = &options.rubric {
        analysis.diagnostics.extend(r.cell_diagnostics(&analysis));
    }
    let misses = options.gate.misses(&analysis);
    let names: Vec<&str> = analysis
        .passes
        .iter()
        .flat_map(|p| &p.passes)
        .map(|p| p.name.as_str())
        .collect();
    let card = card::Card::new(&options.request, options.rubric.as_ref(), &names);
    let mut e = Evaluation {
        analysis,
        gate: options.gate,
        misses,
        interval: options.interval && !options.request.skip_interval,
        card,
        pins: Vec::new(),
    };
    e.check_pins(options.require_card.clone());
    e
}
