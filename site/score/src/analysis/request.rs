//! What to compute: the [`Mode`], a [`Preset`]'s criteria and weights, the formula's
//! [`Params`], strict reading and a rubric's [`Labels`], gathered in one
//! [`Request`] that [`analyse`](crate::analyse) reads before it looks at the text.

use crate::names::{named_text, Named};
use crate::{Item, Params};

/// How items are combined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Decide from the input: buckets → feedback; weights, a preset, or criteria on at least
    /// half of the items → matrix; else pooled.
    #[default]
    Auto,
    /// One pool (pattern A).
    Pooled,
    /// Per criterion, then a weighted mean (pattern B).
    Matrix,
    /// Four buckets pooled into one score.
    Feedback,
}

impl Mode {
    /// Every mode, in the order messages list them.
    pub const ALL: [Mode; 4] = [Mode::Auto, Mode::Pooled, Mode::Matrix, Mode::Feedback];

    /// Reads `auto`, `pooled`, `matrix` or `feedback` (`FromStr` gives a message).
    pub fn from_name(s: &str) -> Option<Mode> {
        <Mode as Named>::find(s, <Mode as Named>::ALL)
    }

    /// The name used in URLs, JSON and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Auto => "auto",
            Mode::Pooled => "pooled",
            Mode::Matrix => "matrix",
            Mode::Feedback => "feedback",
        }
    }
}

named_text!(Mode);

/// A named set of criteria and weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// The evidence-scoring skill's generic matrix.
    Generic,
    /// The hackathon judge's matrix.
    Hackathon,
}

/// The five perspectives both presets use.
pub const PERSPECTIVES: [&str; 5] = ["requester", "sme", "end_user", "production", "adversary"];

named_text!(Preset);

impl Preset {
    /// Both presets, in the order messages list them.
    pub const ALL: [Preset; 2] = [Preset::Generic, Preset::Hackathon];

    /// Reads `generic` or `hackathon` (`FromStr` gives a message).
    pub fn from_name(s: &str) -> Option<Preset> {
        <Preset as Named>::find(s, <Preset as Named>::ALL)
    }

    /// The name used in URLs and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Generic => "generic",
            Preset::Hackathon => "hackathon",
        }
    }

    /// Criteria and default weights, in display order.
    pub fn weights(self) -> Vec<(String, f64)> {
        let w: &[(&str, f64)] = match self {
            Preset::Generic => &[
                ("brief_fidelity", 0.30),
                ("trap_handling", 0.25),
                ("production_correctness", 0.20),
                ("domain_judgment", 0.15),
                ("long_horizon_carry", 0.10),
            ],
            Preset::Hackathon => &[
                ("problem_fit", 0.30),
                ("craft", 0.20),
                ("depth", 0.20),
                ("innovation", 0.15),
                ("completeness", 0.15),
            ],
        };
        w.iter().map(|(n, x)| (n.to_string(), *x)).collect()
    }
}

/// What to compute.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Request {
    /// The mode; `Auto` decides from the input.
    pub mode: Mode,
    /// Criteria and weights from a preset.
    pub preset: Option<Preset>,
    /// Weights given outside the text (the page's weight editor, `--weights`, an evidence
    /// block's option); they win over a `weights:` line and the preset.
    pub weights: Option<Vec<(String, f64)>>,
    /// The formula's constants (the canonical method by default).
    pub params: Params,
    /// Pipelines' reading: every line that is neither an item, a heading, a weights line nor
    /// blank is an error instead of a note.
    pub strict: bool,
    /// The criteria and perspectives a rubric allows, when scoring against one.
    pub labels: Option<Labels>,
    /// Leave out the bootstrap interval (`Analysis::interval` stays `None`, on every pass too):
    /// its 1,000 resamples are most of an analysis's cost, and a pipeline that only wants the
    /// number need not pay for them. Nothing else changes.
    pub skip_interval: bool,
    /// Accept a floor and gain whose multiplier leaves `[0, 1]`, so that the final can leave
    /// 0 to max ([`Params::validate_unbounded`](crate::Params::validate_unbounded) instead of
    /// [`Params::validate`](crate::Params::validate)). Only the paper's ablation asks for it,
    /// with an evidence block's `bounds=off`, to show such variants fail; no other front end
    /// sets it.
    pub unbounded: bool,
    /// The judged work the items' evidence is checked against before anything is counted
    /// ([`crate::verify`]); `None` checks nothing.
    #[cfg(feature = "verify")]
    pub against: Option<crate::verify::Against>,
}

impl Request {
    /// The refusal of a request one of whose options another leaves unused, naming both as
    /// the caller's front end spells them (`spell` turns `"mode"`, `"preset"` or `"weights"`
    /// into its flag, keyword or key, with the value where it matters: `--mode pooled`): weights
    /// or a preset under mode pooled or feedback, which score no criteria, or a preset beside
    /// weights, which replace its weights. `None` when every option given is used.
    ///
    /// ```
    /// use pickanumber_score::{Mode, Request};
    /// let r = Request { mode: Mode::Pooled, weights: Some(vec![("a".into(), 1.0)]), ..Request::default() };
    /// assert_eq!(
    ///     r.unused_option(|o| format!("--{o}")).unwrap(),
    ///     "--weights would not be used with --mode: pooled mode scores no criteria; leave one of them out"
    /// );
    /// ```
    pub fn unused_option(&self, spell: impl Fn(&str) -> String) -> Option<String> {
        let no_criteria = matches!(self.mode, Mode::Pooled | Mode::Feedback);
        let (unused, by, why) = if self.preset.is_some() && self.weights.is_some() {
            (
                "preset",
                "weights",
                "the weights replace the preset's".to_string(),
            )
        } else if no_criteria && self.weights.is_some() {
            (
                "weights",
                "mode",
                format!("{} mode scores no criteria", self.mode),
            )
        } else if no_criteria && self.preset.is_some() {
            (
                "preset",
                "mode",
                format!("{} mode scores no criteria", self.mode),
            )
        } else {
            return None;
        };
        Some(format!(
            "{} would not be used with {}: {why}; leave one of them out",
            spell(unused),
            spell(by)
        ))
    }
}

/// The names a rubric allows. An item that names another criterion or perspective is an error
/// that names the allowed ones, and it contributes nothing (an item without a label is left to
/// the mode's own rule).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    /// The criteria, in the rubric's order (empty for a pooled rubric: no criterion allowed).
    pub criteria: Vec<String>,
    /// The perspectives, in the rubric's order.
    pub perspectives: Vec<String>,
}

impl Labels {
    /// Why an item's labels are not the rubric's, if they are not.
    pub(super) fn refuse(&self, item: &Item) -> Option<String> {
        if let Some(c) = item.criterion.as_deref() {
            if !self.criteria.iter().any(|x| x == c) {
                return Some(if self.criteria.is_empty() {
                    format!("criterion \"{c}\" is not in the rubric, which is pooled and has no criteria: leave the criterion out")
                } else {
                    format!(
                        "criterion \"{c}\" is not in the rubric: use one of {}",
                        self.criteria.join(", ")
                    )
                });
            }
        }
        let p = item.perspective.as_deref()?;
        (!self.perspectives.iter().any(|x| x == p)).then(|| {
            format!(
                "perspective \"{p}\" is not in the rubric: use one of {}",
                self.perspectives.join(", ")
            )
        })
    }
}
