//! # pickanumber-rubric
//!
//! The judge's contract. A rubric file says what is scored, pooled or matrix, the criteria with
//! their weights and ±5 anchors, the perspectives, the planted traps and the formula's settings.
//! From it come, always the same for the same rubric, the prompt a judge model follows
//! ([`Rubric::prompt`]), the JSON Schema of its output ([`Rubric::schema`]) and the request that
//! scores that output with the formula crate ([`Rubric::request`]).
//!
//! The data flow, one module a step: **text** → `tree` (TOML or JSON → values with byte
//! offsets) → `check` (→ a [`Rubric`], or every [`Error`] with its line, column and key) →
//! `prompt`, `schema` and `write` (→ text). Checks that belong to the formula (the name rule of
//! labels, usable weights, the impact set, the formula's parameters) are the formula crate's
//! own functions, called here.
//!
//! The core API takes text and returns text or a `Result`: no file system, no printing, so the
//! same crate can run in the browser (a wasm island) and behind Python or npm bindings. Callers
//! put the file's name in front of an error with [`Error::in_file`].
//!
//! **The TOML parser, and what it costs in wasm.** The `toml` crate (0.9) with only its `parse`
//! and `std` features: the spanned [`toml::de::DeTable`] gives the byte offset of every key and
//! value, so every error names its line, without serde's deserializer or the TOML writer in the
//! build. The checker walks that spanned table itself (no serde derive), which is also what lets
//! it report every error instead of the first. The workspace already depends on `toml` 0.9 for
//! front matter, so a second TOML parser would be a second dialect to keep in step. JSON goes
//! through the formula crate's own reader and numbers through its exact decimal reader
//! ([`pickanumber_score::parse_decimal`]), and the text this crate writes (the TOML, the schema)
//! is written by hand with the formula crate's number writer, so neither serde_json nor the
//! standard library's float parsing and formatting is linked. In a wasm32 module beside the
//! formula, reading TOML (the `toml_parser` lexer and parser) costs more than reading a JSON
//! rubric and writing its prompt, schema and TOML together. Both are dropped at link time when
//! not called, and the `toml` feature (on by default) leaves the parser out of the build
//! altogether: an island that builds the rubric from a form and shows [`Rubric::to_toml`], the
//! prompt and the schema needs none of it; one that must read pasted TOML pays for it.
//!
//! ```
//! # #[cfg(feature = "toml")] {
//! use pickanumber_rubric::Rubric;
//!
//! let r = Rubric::parse(r#"
//! subject = "pull request #412"
//! mode = "matrix"
//! perspectives = ["requester", "adversary"]
//!
//! [[criteria]]
//! name = "craft"
//! weight = 0.6
//! plus5 = "every endpoint has a test that fails without the fix"
//! minus5 = "a data-loss path with no test"
//!
//! [[criteria]]
//! name = "depth"
//! weight = 0.4
//! plus5 = "the hard case is handled and explained"
//! minus5 = "only the happy path works"
//! "#).unwrap();
//! assert_eq!(r.weights(), [("craft".to_string(), 0.6), ("depth".to_string(), 0.4)]);
//! assert!(r.prompt().contains("every endpoint has a test that fails without the fix"));
//! assert!(r.schema().contains(r#""enum": ["craft", "depth"]"#));
//!
//! let e = Rubric::parse("subject = \"x\"\nmode = \"matrix\"\n[[criteria]]\nname = \"craft\"\nweight = 0\nplus5 = \"a\"\nminus5 = \"b\"\n").unwrap_err();
//! assert_eq!(
//!     e[0].in_file("rubric.toml"),
//!     "rubric.toml:5:10: criteria[1].weight: weights must be greater than 0: check craft"
//! );
//! # }
//! ```

mod check;
mod prompt;
mod schema;
mod shuffle;
mod tree;
mod write;

use pickanumber_score::{Analysis, Diagnostic, Impact, Kind, Labels, Mode, Params, Request};
pub use prompt::{where_the_work_is, WorkText, WORK_HEADING};
use std::fmt;

/// A judge's contract: what is scored and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Rubric {
    /// What is scored, in a few words (`pull request #412`).
    pub subject: String,
    /// [`Mode::Pooled`] or [`Mode::Matrix`]; a rubric is never auto or feedback.
    pub mode: Mode,
    /// Whose points of view the judge takes, in order (the five defaults when the file leaves
    /// the key out).
    pub perspectives: Vec<String>,
    /// The criteria of a matrix rubric, in order; empty for a pooled one.
    pub criteria: Vec<Criterion>,
    /// The planted traps, in order (possibly none).
    pub traps: Vec<Trap>,
    /// The formula's settings (canonical unless the file's `[params]` changes them).
    pub params: Params,
    /// The calibration the settings were fitted by, as `pickanumber calibrate --out` writes
    /// it in `[fit]`; `None` for a rubric written by hand.
    pub fit: Option<Fit>,
}

/// The calibration a rubric's `[params]` came from: the sha256 of the gold set it was fitted
/// on and of the fitted settings, each 64 lowercase hexadecimal digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fit {
    /// The sha256 of the gold set's bytes.
    pub gold: String,
    /// The sha256 of the fitted settings.
    pub settings: String,
}

/// One criterion of a matrix rubric.
#[derive(Clone, Debug, PartialEq)]
pub struct Criterion {
    /// Its name, under the formula crate's name rule (letters, digits, `_`, `-`).
    pub name: String,
    /// Its weight, finite and greater than 0 (the weights are divided by their sum).
    pub weight: f64,
    /// What a +5 item on this criterion looks like.
    pub plus5: String,
    /// What a −5 item on this criterion looks like.
    pub minus5: String,
}

/// A trap planted in the work: something the judge should catch, and the impact it carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Trap {
    /// What the trap is.
    pub description: String,
    /// The impact an item that catches it should carry.
    pub impact: Impact,
}

/// One problem in a rubric file, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column, in characters.
    pub column: usize,
    /// The key it concerns, as a path (`criteria[2].weight`, `params.scale`; lists count from
    /// 1), or empty for the file as a whole (a syntax error, a missing top-level key).
    pub key: String,
    /// What is wrong and what to write instead.
    pub message: String,
}

impl Error {
    pub(crate) fn at(text: &str, offset: usize, key: &str, message: String) -> Error {
        let (line, column) = pickanumber_score::json::line_col(text, offset);
        Error {
            line,
            column,
            key: key.to_string(),
            message,
        }
    }

    /// The error with the file's name in front, as compilers write it:
    /// `rubric.toml:5:10: criteria[1].weight: weights must be greater than 0: check craft`.
    pub fn in_file(&self, file: &str) -> String {
        match self.key.as_str() {
            "" => format!("{file}:{}:{}: {}", self.line, self.column, self.message),
            key => format!(
                "{file}:{}:{}: {key}: {}",
                self.line, self.column, self.message
            ),
        }
    }
}

/// `line 5, column 10: criteria[1].weight: …`.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        if !self.key.is_empty() {
            write!(f, "{}: ", self.key)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl Rubric {
    /// Reads a rubric as JSON when its first non-blank character is `{`, else as TOML (a TOML
    /// document cannot start with `{`).
    ///
    /// # Errors
    /// Every problem found, in the order of the text: a syntax error (alone: nothing after it
    /// can be read), an unknown or missing key, a value of the wrong type, an empty string, a
    /// mode other than pooled or matrix, a pooled rubric with criteria or a matrix rubric
    /// without, a name that breaks the name rule or repeats another, a weight that is not
    /// greater than 0, an impact outside the set, a formula parameter that does not make a
    /// usable formula.
    pub fn parse(text: &str) -> Result<Rubric, Vec<Error>> {
        if text.trim_start().starts_with('{') {
            Rubric::from_json(text)
        } else {
            Rubric::from_toml(text)
        }
    }

    /// Reads a rubric written in TOML.
    ///
    /// # Errors
    /// As [`Rubric::parse`].
    pub fn from_toml(text: &str) -> Result<Rubric, Vec<Error>> {
        #[cfg(feature = "toml")]
        {
            let root = tree::from_toml(text).map_err(|e| vec![e])?;
            check::rubric(text, &root)
        }
        #[cfg(not(feature = "toml"))]
        {
            Err(vec![Error::at(
                text,
                0,
                "",
                "this build reads rubrics written in JSON only (the toml feature is off)".into(),
            )])
        }
    }

    /// Reads a rubric written in JSON, the same structure as the TOML: `{"subject": …,
    /// "mode": …, "perspectives": […], "criteria": [{…}], "traps": [{…}], "params": {…}}`.
    ///
    /// # Errors
    /// As [`Rubric::parse`], and a key given twice in one object.
    pub fn from_json(text: &str) -> Result<Rubric, Vec<Error>> {
        let (root, mut errors) = tree::from_json(text).map_err(|e| vec![e])?;
        match check::rubric(text, &root) {
            Ok(r) if errors.is_empty() => Ok(r),
            Ok(_) => Err(errors),
            Err(more) => {
                errors.extend(more);
                errors.sort_by_key(|e| (e.line, e.column));
                Err(errors)
            }
        }
    }

    /// The criteria and their weights as the formula takes them (empty for a pooled rubric).
    pub fn weights(&self) -> Vec<(String, f64)> {
        self.criteria
            .iter()
            .map(|c| (c.name.clone(), c.weight))
            .collect()
    }

    /// The names items may carry.
    pub fn labels(&self) -> Labels {
        Labels {
            criteria: self.criteria.iter().map(|c| c.name.clone()).collect(),
            perspectives: self.perspectives.clone(),
        }
    }

    /// What to ask [`pickanumber_score::analyse`] for: the rubric's mode, weights, parameters
    /// and labels (items naming other criteria or perspectives become errors).
    pub fn request(&self) -> Request {
        Request {
            mode: self.mode,
            weights: (self.mode == Mode::Matrix).then(|| self.weights()),
            params: self.params,
            labels: Some(self.labels()),
            ..Request::default()
        }
    }

    /// Remarks about a valid rubric that change nothing but are worth knowing (weights that
    /// do not sum to 1).
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        let sum: f64 = self.criteria.iter().map(|c| c.weight).sum();
        if !self.criteria.is_empty() && (sum - 1.0).abs() > 1e-9 {
            notes.push(format!(
                "the weights sum to {}, not 1: scoring divides each by the sum",
                pickanumber_text::numtext::trim_number(sum)
            ));
        }
        notes
    }

    /// The warnings the rubric adds to an analysis of items scored against it: the cells it
    /// asks for that hold no item (the formula crate already warns on used cells with fewer
    /// than 3 or more than 5), and in a pooled rubric, the perspectives outside 3 to 5 items.
    pub fn cell_diagnostics(&self, a: &Analysis) -> Vec<Diagnostic> {
        let items = a.items();
        let unlabelled = items.iter().filter(|i| i.perspective.is_none()).count();
        let aside = if unlabelled > 0 {
            format!(" ({unlabelled} items name no perspective and count in no cell)")
        } else {
            String::new()
        };
        let count = |p: &str, c: Option<&str>| {
            items
                .iter()
                .filter(|i| {
                    i.perspective.as_deref() == Some(p)
                        && c.is_none_or(|c| i.criterion.as_deref() == Some(c))
                })
                .count()
        };
        let mut out = Vec::new();
        if self.mode == Mode::Matrix {
            let empty: Vec<String> = self
                .perspectives
                .iter()
                .flat_map(|p| self.criteria.iter().map(move |c| (p, &c.name)))
                .filter(|(p, c)| count(p, Some(c)) == 0)
                .map(|(p, c)| format!("{p} × {c}"))
                .collect();
            if !empty.is_empty() {
                out.push(Diagnostic::new(
                    Kind::ThinCell,
                    format!(
                        "perspective × criterion cells of the rubric with no items (aim for 3 to 5 in each){aside}: {}",
                        empty.join(", ")
                    ),
                ));
            }
        } else {
            let counts: Vec<(&String, usize)> = self
                .perspectives
                .iter()
                .map(|p| (p, count(p, None)))
                .collect();
            let list = |keep: &dyn Fn(usize) -> bool| -> Vec<String> {
                counts
                    .iter()
                    .filter(|(_, n)| keep(*n))
                    .map(|(p, n)| format!("{p} ({n})"))
                    .collect()
            };
            let thin = list(&|n| n < 3);
            if !thin.is_empty() {
                out.push(Diagnostic::new(
                    Kind::ThinCell,
                    format!(
                        "perspectives with fewer than 3 items (aim for 3 to 5 in each){aside}: {}",
                        thin.join(", ")
                    ),
                ));
            }
            let crowded = list(&|n| n > 5);
            if !crowded.is_empty() {
                out.push(Diagnostic::new(
                    Kind::CrowdedCell,
                    format!(
                        "perspectives with more than 5 items (the method caps a cell at 5): {}",
                        crowded.join(", ")
                    ),
                ));
            }
        }
        out
    }

    /// The traps as a markdown checklist for the reader of a report to tick against the
    /// items, or an empty string when the rubric plants none.
    pub fn trap_checklist(&self) -> String {
        if self.traps.is_empty() {
            return String::new();
        }
        let mut s = String::from(
            "## Traps to check\n\nThe rubric plants these traps. Tick a trap when an item above reports it (at about the impact given), or when you have checked that the work does not fall into it; a trap left unticked was missed.\n\n",
        );
        for t in &self.traps {
            s.push_str(&format!(
                "- [ ] {} (impact {})\n",
                prompt::one_line(&t.description),
                t.impact
            ));
        }
        s
    }

    /// The judge prompt: what is scored, the criteria with their anchors, the perspectives, the
    /// traps, the rules and the output format (see the `prompt` module).
    pub fn prompt(&self) -> String {
        prompt::prompt(self)
    }

    /// The judge prompt followed by the work to judge, under [`WORK_HEADING`]: where the quick
    /// start tells a user to put it. A text is shown as it is; files are shown under their
    /// paths with numbered lines, and the section tells the judge how to cite and quote them.
    pub fn prompt_with_work(&self, work: WorkText<'_>) -> String {
        prompt::with_work(self, work)
    }

    /// The JSON Schema (draft 2020-12) of the judge's output, in the subset that model APIs
    /// enforce (see the `schema` module for what that subset costs).
    pub fn schema(&self) -> String {
        schema::schema(self)
    }

    /// The rubric as a TOML file that reads back to the same rubric.
    pub fn to_toml(&self) -> String {
        write::toml(self)
    }

    /// The rubric as JSON, the same structure as the TOML, that reads back to the same rubric
    /// (the form a link or a binding can carry without a TOML parser).
    pub fn to_json(&self) -> String {
        write::json(self)
    }
}
