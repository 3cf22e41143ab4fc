//! The judge loop, everything but calling the graders: the brief every grader is sent
//! ([`brief`]: the rubric's prompt with the work where the prompt says, and its JSON Schema),
//! then the verdict on what the graders gave ([`verdict`]).
//!
//! Data flow: each grader's [`Outcome`] (its answer's text, its parsed JSON, or why there is
//! no answer: it raised, our timer ran out, the answer was too large) → each answer read on
//! its own, strictly ([`Failure`] names prose, JSON cut off with the reader's line and column,
//! another shape, an empty list) → the readable answers combined against the work
//! ([`crate::evaluate_passes`]) → a grader all of whose items were left out becomes a failure
//! too, and the rest are combined again without it → the gate: the options' thresholds and
//! the rule for failed graders ([`Panel::min_judges`], by default every grader must score) →
//! [`Verdict`], with every raw answer kept.
//!
//! The CLI's `combine --outcomes`, the Python package's `judge` and the npm package's `judge`
//! (and the adapters built on them) only call graders and hand their outcomes here, so the
//! same outcomes give the same verdict from every one.

pub use crate::cache::Usage;
pub use crate::card::Params;
use crate::{evaluate_passes, Evaluation, Options, Rubric, MAX_INPUT_BYTES};
use pickanumber_rubric::WorkText;
use pickanumber_score::{Kind, Severity};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What every grader is sent: the prompt (markdown, the work where the rubric's prompt says)
/// and the JSON Schema its answer must follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brief {
    /// The rubric's prompt with the work under "## The work".
    pub prompt: String,
    /// The JSON Schema (text) of the answer asked for.
    pub schema: String,
}

/// The brief for `rubric` and the work (its text, or its files as path and text).
pub fn brief(rubric: &Rubric, work: WorkText<'_>) -> Brief {
    Brief {
        prompt: rubric.prompt_with_work(work),
        schema: rubric.schema(),
    }
}

/// What one grader gave, as data: in JSON an object with its `name`, a `kind` and the kind's
/// fields, and optionally the call's `params`, `usage` and whether it came from a `cached`
/// answer:
///
/// ```json
/// {"name": "claude", "kind": "answer", "text": "{\"items\": […]}"}
/// {"name": "gpt", "kind": "parsed", "value": {"items": […]}}
/// {"name": "gemini", "kind": "raised", "type": "TimeoutError", "message": "upstream 504"}
/// {"name": "llama", "kind": "timed_out", "seconds": 300}
/// {"name": "big", "kind": "too_large", "bytes": 73400320}
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Grader {
    /// The grader's name: its pass's name in the result.
    pub name: String,
    /// What it gave.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// The call's settings, when the front end knows them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub params: Option<Params>,
    /// The tokens the call used, when the model reported them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// Whether the answer came from a cache rather than a call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cached: Option<bool>,
}

/// One grader's outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Outcome {
    /// The answer's text, read here.
    Answer {
        /// The text as the grader returned it.
        text: String,
    },
    /// The answer as JSON the grader (or its SDK) already parsed: read as its JSON text,
    /// one item to a line, so that each item's diagnostics name its own line.
    Parsed {
        /// The parsed answer (an object or a list).
        value: Value,
    },
    /// The grader raised (threw) instead of answering: its own exception, with its type.
    Raised {
        /// The exception's type (`TimeoutError`, `RuntimeError`).
        #[serde(rename = "type")]
        type_name: String,
        /// Its message (may be empty).
        message: String,
    },
    /// Our timer ran out before the grader answered (an answer arriving later is not read).
    TimedOut {
        /// The timeout, in seconds.
        seconds: f64,
    },
    /// The answer was over [`MAX_INPUT_BYTES`] and was not read.
    TooLarge {
        /// Its size.
        bytes: u64,
    },
}

/// Why a grader gave no score. In JSON its snake_case name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// It raised (threw): its own exception.
    Raised,
    /// Our timer ran out.
    TimedOut,
    /// Its answer was over [`MAX_INPUT_BYTES`].
    TooLarge,
    /// Its answer was empty, or an empty list of items: no evidence is no score.
    Empty,
    /// Its answer was prose, not the items asked for.
    Prose,
    /// Its answer was JSON that stops before its end (a max-tokens stop).
    CutOff,
    /// Its answer was not the items asked for (invalid JSON, another shape, a bad item).
    NotItems,
    /// Every item it gave was left out: its evidence is not in the work.
    AllLeftOut,
}

impl FailureKind {
    /// Every kind, in the order of their declaration.
    pub const ALL: [FailureKind; 8] = [
        FailureKind::Raised,
        FailureKind::TimedOut,
        FailureKind::TooLarge,
        FailureKind::Empty,
        FailureKind::Prose,
        FailureKind::CutOff,
        FailureKind::NotItems,
        FailureKind::AllLeftOut,
    ];

    /// The machine name (`cut_off`).
    pub fn name(self) -> &'static str {
        match self {
            FailureKind::Raised => "raised",
            FailureKind::TimedOut => "timed_out",
            FailureKind::TooLarge => "too_large",
            FailureKind::Empty => "empty",
            FailureKind::Prose => "prose",
            FailureKind::CutOff => "cut_off",
            FailureKind::NotItems => "not_items",
            FailureKind::AllLeftOut => "all_left_out",
        }
    }
}

/// Why one grader gave no score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Failure {
    /// What went wrong.
    pub kind: FailureKind,
    /// The reason, as a sentence naming what the reader found.
    pub message: String,
    /// The answer's line the reason is about, where there is one.
    pub line: Option<usize>,
    /// Its column, where the reader knows one (JSON).
    pub column: Option<usize>,
}

impl Failure {
    fn new(kind: FailureKind, message: String) -> Failure {
        Failure {
            kind,
            message,
            line: None,
            column: None,
        }
    }
}

/// The rule for graders that give no score, and what the graders were sent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Panel {
    /// How many graders must give a score for the gate to pass, from 1 to the graders'
    /// count; `None` is every grader.
    pub min_judges: Option<i64>,
    /// The prompt the graders were actually sent, when the front end built it: the card's
    /// `prompt` is its hash. `None` keeps the card's own (the rubric's prompt with the work).
    pub prompt: Option<String>,
}

/// One grader in the verdict: its raw answer (the text read; `None` when there was none) and
/// why it gave no score (`None` when it scored).
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// Its name.
    pub name: String,
    /// The text that was read: the answer as given, a parsed answer as its JSON text, `None`
    /// when it raised, timed out or was too large.
    pub answer: Option<String>,
    /// Why it gave no score.
    pub failure: Option<Failure>,
    /// The call's settings, as handed over.
    pub params: Option<Params>,
    /// The tokens used, as handed over.
    pub usage: Option<Usage>,
    /// Whether the answer came from a cache, as handed over.
    pub cached: Option<bool>,
}

/// The verdict on a panel of graders.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The graders that scored, combined against the work; `None` when none scored.
    pub evaluation: Option<Evaluation>,
    /// Every grader, in the order given.
    pub judges: Vec<Judged>,
    /// How many graders had to score ([`Panel::min_judges`], or all of them).
    pub min_judges: usize,
    /// Whether the gate passed: every threshold met, and at least `min_judges` graders scored.
    pub passed: bool,
    /// Why the gate did not pass, as sentences (empty when it passed).
    pub misses: Vec<String>,
}

/// The most graders one panel may have.
pub const MAX_GRADERS: usize = 64;

/// The verdict on what the graders gave, under `options` (its rubric, thresholds and its
/// `request.against`, the work the evidence is checked against) and the panel's rule.
///
/// # Errors
/// No grader, more than [`MAX_GRADERS`], a blank name or a name given twice, a
/// `min_judges` of 0 or over the graders' count, or no work to check against.
pub fn verdict(graders: Vec<Grader>, options: &Options, panel: &Panel) -> Result<Verdict, String> {
    let names = options.gate.names;
    let min_option = names.in_gate("min_judges");
    if graders.is_empty() {
        return Err("no grader: give one grader or more, one pass each".into());
    }
    if graders.len() > MAX_GRADERS {
        return Err(format!(
            "{} graders: a panel has at most {MAX_GRADERS}",
            graders.len()
        ));
    }
    let mut seen = std::collections::BTreeSet::new();
    for (i, g) in graders.iter().enumerate() {
        if g.name.trim().is_empty() {
            return Err(format!(
                "graders[{i}]: a grader needs a name (a non-empty string)"
            ));
        }
        if !seen.insert(g.name.as_str()) {
            return Err(format!(
                "graders[{i}]: two graders are named {}: give each its own name",
                g.name
            ));
        }
    }
    let min_judges = match panel.min_judges {
        None => graders.len(),
        Some(n) => match usize::try_from(n) {
            Ok(k) if (1..=graders.len()).contains(&k) => k,
            _ => {
                return Err(format!(
                    "{min_option} {n} is not a number of graders from 1 to {} (the graders given)",
                    graders.len()
                ))
            }
        },
    };
    if options.request.against.is_none() {
        return Err("the judge loop needs the work, to check the graders' evidence against".into());
    }
    let mut judges: Vec<Judged> = graders.into_iter().map(read_outcome).collect();
    for j in &mut judges {
        if let (None, Some(text)) = (&j.failure, &j.answer) {
            j.failure = read_strictly(text, options);
        }
    }
    let mut evaluation = combined(&judges, options);
    // A grader none of whose items is left once the evidence is checked gives no score: it is
    // a failure, named with each item left out, and the others are combined without it.
    if let Some(e) = &evaluation {
        let empty: Vec<String> = e
            .analysis
            .passes
            .iter()
            .flat_map(|p| &p.passes)
            .filter(|p| p.analysis.headline().is_none())
            .map(|p| p.name.clone())
            .collect();
        if !empty.is_empty() {
            for j in judges.iter_mut().filter(|j| empty.contains(&j.name)) {
                j.failure = Some(left_out(&j.name, e));
            }
            evaluation = combined(&judges, options);
        }
    }
    if let Some(e) = &mut evaluation {
        on_card(e, &judges, panel);
    }
    let scored = judges.iter().filter(|j| j.failure.is_none()).count();
    let mut misses = Vec::new();
    if scored < min_judges {
        let out: Vec<&str> = judges
            .iter()
            .filter(|j| j.failure.is_some())
            .map(|j| j.name.as_str())
            .collect();
        misses.push(if scored == 0 {
            format!(
                "no judge gave a score ({} left out: {})",
                out.len(),
                out.join(", ")
            )
        } else {
            format!(
                "{scored} of {} judges gave a score, under {min_judges} ({min_option}); left out: {}",
                judges.len(),
                out.join(", ")
            )
        });
    }
    match &evaluation {
        Some(e) => misses.extend(e.misses.iter().cloned()),
        None => {
            let nothing = crate::evaluate("", options);
            misses.extend(nothing.misses);
        }
    }
    Ok(Verdict {
        evaluation,
        judges,
        min_judges,
        passed: misses.is_empty(),
        misses,
    })
}

/// The card says what the loop sent: the prompt's hash, and each grader's params, as the
/// front end handed them over.
/// The gate's card pins are checked again against the card as it now reads.
fn on_card(e: &mut Evaluation, judges: &[Judged], panel: &Panel) {
    let pins = std::mem::take(&mut e.pins);
    let option = e.card_option();
    let old: Vec<String> = pins
        .iter()
        .filter_map(|p| p.miss(&e.card, &option))
        .collect();
    e.misses.retain(|m| !old.contains(m));
    if let Some(p) = &panel.prompt {
        e.card.prompt = Some(crate::card::sha256_hex(p.as_bytes()));
    }
    for g in &mut e.card.graders {
        if let Some(params) = judges
            .iter()
            .find(|j| j.name == g.name)
            .and_then(|j| j.params.clone())
        {
            g.params = params;
        }
    }
    e.check_pins(pins);
}

/// A grader's outcome as the text to read, or its failure.
fn read_outcome(g: Grader) -> Judged {
    let (answer, failure) = match g.outcome {
        Outcome::Answer { text } if text.len() > MAX_INPUT_BYTES => {
            (None, Some(too_large(text.len() as u64)))
        }
        Outcome::Answer { text } => (Some(text), None),
        Outcome::Parsed { value } => match &value {
            Value::Object(_) | Value::Array(_) => {
                let text = serde_json::to_string_pretty(&value).expect("JSON serialises");
                if text.len() > MAX_INPUT_BYTES {
                    (None, Some(too_large(text.len() as u64)))
                } else {
                    (Some(text), None)
                }
            }
            other => (
                Some(other.to_string()),
                Some(Failure::new(
                    FailureKind::NotItems,
                    format!(
                        "the answer is a JSON {}, not the items asked for (an object or a list)",
                        json_type(other)
                    ),
                )),
            ),
        },
        Outcome::Raised { type_name, message } => {
            let what = if message.is_empty() {
                type_name
            } else {
                format!("{type_name}: {message}")
            };
            (None, Some(Failure::new(FailureKind::Raised, what)))
        }
        Outcome::TimedOut { seconds } => (
            None,
            Some(Failure::new(
                FailureKind::TimedOut,
                format!(
                    "no answer within the timeout of {} s",
                    pickanumber_text::numtext::trim_number(seconds)
                ),
            )),
        ),
        Outcome::TooLarge { bytes } => (None, Some(too_large(bytes))),
    };
    Judged {
        name: g.name,
        answer,
        failure,
        params: g.params,
        usage: g.usage,
        cached: g.cached,
    }
}

fn too_large(bytes: u64) -> Failure {
    Failure::new(
        FailureKind::TooLarge,
        format!(
            "the answer is {bytes} bytes, over 64 MiB, the most pickanumber reads from one input"
        ),
    )
}

fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "list",
        Value::Object(_) => "object",
    }
}

/// One answer read on its own, strictly, as the rubric asks: `None` when it is the items
/// asked for, else why not.
fn read_strictly(text: &str, options: &Options) -> Option<Failure> {
    let mut alone = options.clone();
    alone.request.strict = true;
    alone.request.against = None;
    alone.interval = false;
    alone.gate = crate::Gate::default();
    let a = crate::evaluate(text, &alone).analysis;
    let trimmed = text.trim_start();
    let json = trimmed.starts_with('{') || trimmed.starts_with('[');
    if trimmed.is_empty() {
        return Some(Failure::new(
            FailureKind::Empty,
            "the answer is empty: no evidence is no score".into(),
        ));
    }
    let first_error = a.diagnostics.iter().find(|d| {
        d.kind.severity() == Severity::Error && d.kind != Kind::NothingRead && d.line.is_some()
    });
    if let Some(d) = first_error {
        let at = match (d.line, d.column) {
            (Some(l), Some(c)) => format!("line {l}, column {c}"),
            (Some(l), None) => format!("line {l}"),
            _ => String::new(),
        };
        let (kind, message) = if json
            && d.message.starts_with("invalid JSON")
            && d.message.contains("end of the text")
        {
            (
                FailureKind::CutOff,
                format!(
                    "the answer is cut off: its JSON stops at {at} ({}), as a max-tokens stop leaves it",
                    d.message
                ),
            )
        } else if !json && !a.scored {
            (
                FailureKind::Prose,
                format!(
                    "the answer is prose, not the items asked for ({at}: {})",
                    d.message
                ),
            )
        } else {
            (
                FailureKind::NotItems,
                format!(
                    "the answer is not the items asked for ({at}: {})",
                    d.message
                ),
            )
        };
        return Some(Failure {
            kind,
            message,
            line: d.line,
            column: d.column,
        });
    }
    if !a.scored {
        let why = a
            .diagnostics
            .iter()
            .find(|d| d.kind == Kind::NothingRead)
            .map_or_else(|| "no items were read".to_string(), |d| d.message.clone());
        let kind = if json {
            FailureKind::NotItems
        } else {
            FailureKind::Prose
        };
        let what = if json {
            "not the items asked for"
        } else {
            "prose, not the items asked for"
        };
        return Some(Failure::new(kind, format!("the answer is {what} ({why})")));
    }
    if a.entries.is_empty() {
        return Some(Failure::new(
            FailureKind::Empty,
            "the answer holds no items (an empty list): no evidence is no score, not the centre of the scale".into(),
        ));
    }
    None
}

/// The graders without a failure, combined against the work; `None` when there are none.
fn combined(judges: &[Judged], options: &Options) -> Option<Evaluation> {
    let passes: Vec<(String, String)> = judges
        .iter()
        .filter(|j| j.failure.is_none())
        .filter_map(|j| j.answer.clone().map(|a| (j.name.clone(), a)))
        .collect();
    (!passes.is_empty()).then(|| evaluate_passes(&passes, options))
}

/// The failure of a grader every item of which was left out: each item named with its line
/// and why, from the pass's own check of its evidence in `e`.
fn left_out(name: &str, e: &Evaluation) -> Failure {
    let items: Vec<String> = e
        .analysis
        .passes
        .iter()
        .flat_map(|p| &p.passes)
        .filter(|p| p.name == name)
        .filter_map(|p| p.analysis.evidence.as_ref())
        .flat_map(|v| &v.items)
        .filter(|i| !i.counted)
        .map(|i| format!("line {}: {}", i.line, i.check.reason))
        .collect();
    let message = if items.is_empty() {
        "every item it gave was left out: no item of its answer was left to count".to_string()
    } else {
        format!(
            "every item it gave was left out: its evidence is not in the work ({})",
            items.join("; ")
        )
    };
    Failure::new(FailureKind::AllLeftOut, message)
}

impl Verdict {
    /// The headline of the graders that scored; `None` when none did.
    pub fn final_score(&self) -> Option<f64> {
        self.evaluation
            .as_ref()
            .and_then(|e| e.analysis.headline().map(|h| h.score))
    }

    /// The JSON object of the verdict: the combined result's keys (as `pickanumber combine`
    /// prints them; only `final` and `passes` when no grader scored), a `gate` object with
    /// `min_judges`, `passed` and `misses`, and `judges`: for each grader in the order given
    /// `{"answer": the text read or null, "error": why it gave no score or null, "failure":
    /// {"kind", "line", "column"} or null}` with its `params`, `usage` and `cached` when
    /// handed over; and `usage`, the total of the graders' tokens, when any reported them.
    pub fn to_json(&self) -> Value {
        let mut out = match &self.evaluation {
            Some(e) => match e.to_json() {
                Value::Object(m) => m,
                _ => Map::new(),
            },
            None => {
                let mut m = Map::new();
                m.insert("final".into(), Value::Null);
                m.insert("passes".into(), Value::Array(Vec::new()));
                m
            }
        };
        let gate = self
            .evaluation
            .as_ref()
            .map_or(crate::Gate::default(), |e| e.gate);
        let mut g = match serde_json::to_value(gate.result(&self.misses)) {
            Ok(Value::Object(m)) => m,
            _ => Map::new(),
        };
        g.insert("min_judges".into(), self.min_judges.into());
        out.insert("gate".into(), Value::Object(g));
        let judges: Map<String, Value> =
            self.judges
                .iter()
                .map(|j| {
                    let mut v = Map::new();
                    v.insert(
                        "answer".into(),
                        j.answer.clone().map_or(Value::Null, Value::String),
                    );
                    v.insert(
                        "error".into(),
                        j.failure
                            .as_ref()
                            .map_or(Value::Null, |f| Value::String(f.message.clone())),
                    );
                    v.insert(
                    "failure".into(),
                    j.failure.as_ref().map_or(Value::Null, |f| {
                        serde_json::json!({"kind": f.kind, "line": f.line, "column": f.column})
                    }),
                );
                    for (key, value) in [
                        ("params", j.params.as_ref().map(serde_json::to_value)),
                        ("usage", j.usage.as_ref().map(serde_json::to_value)),
                    ] {
                        if let Some(Ok(value)) = value {
                            v.insert(key.into(), value);
                        }
                    }
                    if let Some(c) = j.cached {
                        v.insert("cached".into(), c.into());
                    }
                    (j.name.clone(), Value::Object(v))
                })
                .collect();
        out.insert("judges".into(), Value::Object(judges));
        if let Some(total) = self.usage() {
            out.insert(
                "usage".into(),
                serde_json::to_value(total).expect("usage serialises"),
            );
        }
        Value::Object(out)
    }

    /// The tokens of every grader that reported usage, added up (a cached answer counts
    /// nothing); `None` when none did.
    pub fn usage(&self) -> Option<Usage> {
        Usage::total(self.judges.iter().map(|j| j.usage.as_ref()))
    }

    /// The markdown report: the combined report (or a line saying no grader scored), then
    /// the gate's misses, each grader left out with why, and what the calls cost where the
    /// graders said (a cached answer costs nothing).
    pub fn report(&self) -> String {
        let mut out = match &self.evaluation {
            Some(e) => pickanumber_result_view::report::markdown(&e.analysis),
            None => "# No score\n\nNo judge gave a score.\n".to_string(),
        };
        if !self.misses.is_empty() {
            out.push_str("\n## Gate missed\n\n");
            for m in &self.misses {
                out.push_str(&format!("* {m}\n"));
            }
        }
        let failed: Vec<&Judged> = self.judges.iter().filter(|j| j.failure.is_some()).collect();
        if !failed.is_empty() {
            out.push_str("\n## Judges left out\n\n");
            for j in failed {
                let f = j.failure.as_ref().expect("filtered");
                out.push_str(&format!("* {}: {}\n", j.name, f.message));
            }
        }
        if let Some(total) = self.usage() {
            out.push_str("\n## Cost\n\n");
            for j in &self.judges {
                match (j.cached, &j.usage) {
                    (Some(true), _) => {
                        out.push_str(&format!("* {}: from the cache, costs nothing\n", j.name))
                    }
                    (_, Some(u)) => out.push_str(&format!(
                        "* {}: {} tokens in, {} out\n",
                        j.name, u.input_tokens, u.output_tokens
                    )),
                    (_, None) => out.push_str(&format!("* {}: usage not reported\n", j.name)),
                }
            }
            out.push_str(&format!(
                "* total: {} tokens in, {} out\n",
                total.input_tokens, total.output_tokens
            ));
        }
        out
    }

    /// The CLI's exit status: 1 when no grader scored, 3 when the gate missed, else 0.
    pub fn exit_code(&self) -> u8 {
        if self.evaluation.is_none() {
            1
        } else if self.passed {
            0
        } else {
            3
        }
    }
}

/// The graders of a JSON list of outcomes (the shape [`Grader`] documents).
///
/// # Errors
/// Not JSON, not a list, or an entry that is not an outcome, named by its index.
pub fn graders_from_json(json: &str) -> Result<Vec<Grader>, String> {
    let list: Vec<Value> = match serde_json::from_str(json) {
        Ok(Value::Array(list)) => list,
        Ok(_) => return Err("graders: must be a list of outcomes".into()),
        Err(e) => return Err(format!("graders: not JSON: {e}")),
    };
    list.into_iter()
        .enumerate()
        .map(|(i, v)| {
            serde_json::from_value(v).map_err(|e| {
                format!(
                    "graders[{i}]: {e} (an outcome is {{\"name\", \"kind\": one of answer, parsed, raised, timed_out, too_large, and its fields}})"
                )
            })
        })
        .collect()
}
