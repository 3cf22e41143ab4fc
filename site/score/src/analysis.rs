//! Text → everything a view shows: the detected format, the mode, the pooled score, the
//! matrix or the feedback buckets, and the warnings and notes. The calculator, the CLI and the
//! site's evidence blocks all go through [`analyse`].

use crate::input::{read, Format};
use crate::{Bucket, Item, LineError, MatrixScore, Params, Parsed, Pooled};
use std::collections::BTreeMap;
use std::fmt;

/// How items are combined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Decide from the input: buckets → feedback; criteria or weights → matrix; else pooled.
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
    /// Reads `auto`, `pooled`, `matrix` or `feedback`.
    pub fn from_name(s: &str) -> Option<Mode> {
        Some(match s {
            "auto" => Mode::Auto,
            "pooled" => Mode::Pooled,
            "matrix" => Mode::Matrix,
            "feedback" => Mode::Feedback,
            _ => return None,
        })
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

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A named set of criteria, weights and perspectives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// The evidence-scoring skill's generic matrix.
    Generic,
    /// The hackathon judge's matrix.
    Hackathon,
}

/// The five perspectives both presets use.
pub const PERSPECTIVES: [&str; 5] = ["requester", "sme", "end_user", "production", "adversary"];

impl Preset {
    /// Reads `generic` or `hackathon`.
    pub fn from_name(s: &str) -> Option<Preset> {
        match s {
            "generic" => Some(Preset::Generic),
            "hackathon" => Some(Preset::Hackathon),
            _ => None,
        }
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
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The mode; `Auto` decides from the input.
    pub mode: Mode,
    /// Criteria and weights from a preset.
    pub preset: Option<Preset>,
    /// Weights given outside the text (the page's weight editor, `--weights`); they win over a
    /// `weights:` line and the preset.
    pub weights: Option<Vec<(String, f64)>>,
}

/// One feedback bucket and the score after it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BucketScore {
    /// The bucket.
    pub bucket: Bucket,
    /// Its items.
    pub items: Vec<Item>,
    /// The pooled score of this bucket and every bucket before it.
    pub running: Pooled,
}

/// Everything computed from one input.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The detected format.
    pub format: Format,
    /// The mode used (never `Auto`).
    pub mode: Mode,
    /// The items and per-line diagnostics (mode errors included).
    pub parsed: Parsed,
    /// The pooled score of every valid item (the feedback score in feedback mode).
    pub pooled: Pooled,
    /// The matrix result in matrix mode, or why the weights cannot be used.
    pub matrix: Option<Result<MatrixScore, String>>,
    /// The buckets in feedback mode.
    pub buckets: Vec<BucketScore>,
    /// Things the user should look at; they never change the exit code.
    pub warnings: Vec<String>,
    /// Remarks: ignored lines, saturation, unused keys.
    pub notes: Vec<String>,
    /// The formula parameters used.
    pub params: Params,
    /// The weights used in matrix mode, as given (empty: equal weights for the criteria the
    /// items name).
    pub weights: Vec<(String, f64)>,
}

impl Analysis {
    /// The headline number: the overall score in matrix mode, else the pooled final.
    pub fn headline(&self) -> (f64, f64) {
        match &self.matrix {
            Some(Ok(m)) => (m.overall, m.overall_confidence),
            _ => (self.pooled.final_score, self.pooled.confidence),
        }
    }

    /// Whether any line or the weights are errors.
    pub fn has_errors(&self) -> bool {
        !self.parsed.errors.is_empty() || matches!(self.matrix, Some(Err(_)))
    }
}

/// Reads `text` in any format and scores it as `request` asks.
///
/// ```
/// use pickanumber_score::analysis::{analyse, Mode, Request};
/// let a = analyse("(+3, craft) tidy\n(-1, depth) thin", &Request::default());
/// assert_eq!(a.mode, Mode::Matrix);
/// ```
pub fn analyse(text: &str, request: &Request) -> Analysis {
    let params = Params::default();
    let (format, mut parsed) = read(text);
    let mode = match request.mode {
        Mode::Auto => {
            if format == Format::FeedbackJson
                || parsed.entries.iter().any(|e| e.item.bucket.is_some())
            {
                Mode::Feedback
            } else if request.preset.is_some()
                || request.weights.is_some()
                || !parsed.weights.is_empty()
                || parsed.entries.iter().any(|e| e.item.criterion.is_some())
            {
                Mode::Matrix
            } else {
                Mode::Pooled
            }
        }
        m => m,
    };
    let mut warnings = Vec::new();
    let mut notes = std::mem::take(&mut parsed.notes);

    // Items the mode cannot use become errors, so nothing is dropped silently.
    let needs = |e: &crate::Entry| {
        match mode {
        Mode::Matrix => e.item.criterion.is_none().then_some(
            "in matrix mode every item needs a criterion: write (+3, craft) or put it under ## Criterion: craft",
        ),
        Mode::Feedback => e.item.bucket.is_none().then_some(
            "in feedback mode every item needs a bucket: put it under ## Working, ## Not working, ## Missing or ## Confusing",
        ),
        _ => None,
    }
    };
    let mut kept = Vec::with_capacity(parsed.entries.len());
    let mut reported_lines = Vec::new();
    for e in std::mem::take(&mut parsed.entries) {
        match needs(&e) {
            Some(message) => {
                if !reported_lines.contains(&e.line) {
                    reported_lines.push(e.line);
                    parsed.errors.push(LineError {
                        line: e.line,
                        column: None,
                        message: message.into(),
                    });
                }
            }
            None => kept.push(e),
        }
    }
    parsed.entries = kept;
    parsed.errors.sort_by_key(|e| (e.line, e.column));
    let items = parsed.items();
    let pooled = Pooled::score(&items, &params);

    let weights = if mode == Mode::Matrix {
        request
            .weights
            .clone()
            .or_else(|| (!parsed.weights.is_empty()).then(|| parsed.weights.clone()))
            .or_else(|| request.preset.map(Preset::weights))
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let matrix = (mode == Mode::Matrix)
        .then(|| MatrixScore::score(&items, &weights, &params).map_err(|e| e.to_string()));
    if let Some(Ok(m)) = &matrix {
        if m.weights_normalised {
            let sum: f64 = weights.iter().map(|(_, w)| w).sum();
            warnings.push(format!(
                "weights sum to {}, not 1: each was divided by the sum",
                trim(sum)
            ));
        }
        for c in &m.criteria {
            if c.pooled.total_items == 0 {
                warnings.push(format!(
                    "criterion {} has no items: it scores 50 with confidence 0 and still counts in the overall score and the span",
                    c.name
                ));
            }
            saturation(
                &mut notes,
                &format!("criterion {}", c.name),
                &c.pooled,
                &params,
            );
        }
        if !m.self_check {
            warnings.push(format!(
                "self-check fails: the criteria span {} points, under {}; they may not have been scored separately",
                trim(m.span),
                trim(params.self_check_span)
            ));
        }
        cell_warnings(&mut warnings, &items);
    } else {
        saturation(&mut notes, "the pool", &pooled, &params);
    }

    let buckets = if mode == Mode::Feedback {
        let mut so_far = Vec::new();
        Bucket::ALL
            .into_iter()
            .map(|b| {
                let mine: Vec<Item> = items
                    .iter()
                    .filter(|i| i.bucket == Some(b))
                    .cloned()
                    .collect();
                so_far.extend(mine.iter().map(|i| i.impact));
                BucketScore {
                    bucket: b,
                    items: mine,
                    running: Pooled::from_impacts(so_far.iter().copied(), &params),
                }
            })
            .collect()
    } else {
        Vec::new()
    };

    if !parsed.ignored.is_empty() {
        let list: Vec<String> = parsed.ignored.iter().map(ToString::to_string).collect();
        notes.push(format!(
            "ignored (not an item): line{} {}",
            if list.len() == 1 { "" } else { "s" },
            list.join(", ")
        ));
    }
    Analysis {
        format,
        mode,
        parsed,
        pooled,
        matrix,
        buckets,
        warnings,
        notes,
        params,
        weights,
    }
}

fn saturation(notes: &mut Vec<String>, what: &str, p: &Pooled, params: &Params) {
    if p.total_items > 0 && (p.raw == params.max || p.raw == 0.0) && p.confidence < 1.0 {
        notes.push(format!(
            "raw score of {what} is clamped at {}: until confidence is full, more items raise the multiplier, so even contrary evidence can move the final further from 50",
            trim(p.raw)
        ));
    }
}

/// More than 5 items in one perspective × criterion cell, or fewer than 3 in a used cell.
fn cell_warnings(warnings: &mut Vec<String>, items: &[Item]) {
    let mut cells: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for i in items {
        if let (Some(p), Some(c)) = (&i.perspective, &i.criterion) {
            *cells.entry((p, c)).or_default() += 1;
        }
    }
    for ((p, c), n) in cells {
        if n > 5 {
            warnings.push(format!(
                "cell {p} × {c} has {n} items: the method caps a cell at 5"
            ));
        } else if n < 3 {
            warnings.push(format!(
                "cell {p} × {c} has {n} item{}: aim for at least 3",
                if n == 1 { "" } else { "s" }
            ));
        }
    }
}

fn trim(x: f64) -> String {
    let s = format!("{x:.4}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
