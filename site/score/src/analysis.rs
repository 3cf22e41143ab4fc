//! Text + [`Request`] → one typed [`Analysis`]. This is the only way text becomes a result:
//! the calculator, the CLI, the site's evidence blocks and the benches all call [`analyse`].
//!
//! The steps: [`read`](crate::read) the text in any format → decide the mode → turn items the
//! mode cannot use into errors → score ([`Pooled`], [`MatrixScore`] or the feedback buckets) →
//! collect typed [`Diagnostic`]s. The result is an [`Outcome`] with one variant per mode, each
//! holding exactly what that mode has, and a [`Headline`]: the mode's own answer.

use crate::diagnostic::{line_list, Diagnostic, Kind, Severity};
use crate::input::{read, Format};
use crate::{Bucket, Entry, Item, MatrixScore, Params, Pooled, Rounding, WeightError};
use std::fmt;

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
    fn refuse(&self, item: &Item) -> Option<String> {
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

/// One feedback bucket and the score after it.
#[derive(Clone, Debug, PartialEq)]
pub struct BucketScore {
    /// The bucket.
    pub bucket: Bucket,
    /// Its items.
    pub items: Vec<Item>,
    /// The pooled score of this bucket and every bucket before it.
    pub running: Pooled,
}

/// The matrix mode's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Matrix {
    /// The weights used, as given (empty: equal weights for the criteria the items name).
    pub weights: Vec<(String, f64)>,
    /// The per-criterion scores and the overall, or why the weights cannot be used.
    pub result: Result<MatrixScore, WeightError>,
    /// Every item in one pool: context only, never the matrix's answer.
    pub pool: Pooled,
}

/// The feedback mode's result: the four buckets in processing order.
#[derive(Clone, Debug, PartialEq)]
pub struct Feedback {
    /// Working, not working, missing, confusing, each with the score after it (boxed: four
    /// buckets would make every [`Outcome`] as large as this variant).
    pub buckets: Box<[BucketScore; 4]>,
}

impl Feedback {
    /// The four buckets pooled: the feedback score (the running score after the last bucket).
    pub fn total(&self) -> &Pooled {
        &self.buckets[3].running
    }
}

/// The result of one mode; each variant holds exactly what that mode has.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Every item in one pool.
    Pooled(Pooled),
    /// Per criterion, then the weighted mean.
    Matrix(Matrix),
    /// The four buckets pooled, with the score after each.
    Feedback(Feedback),
}

/// What the headline number is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeadlineKind {
    /// The pooled final of every item.
    Pool,
    /// The matrix overall: the weighted mean of the criteria finals.
    Overall,
    /// The four feedback buckets pooled.
    Feedback,
}

impl HeadlineKind {
    /// The label a view puts on the headline: `Final`, `Overall` or `Feedback score`.
    pub fn label(self) -> &'static str {
        match self {
            HeadlineKind::Pool => "Final",
            HeadlineKind::Overall => "Overall",
            HeadlineKind::Feedback => "Feedback score",
        }
    }
}

/// The answer of the mode: the number a reader takes home.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Headline {
    /// Which number it is.
    pub kind: HeadlineKind,
    /// The score (rounded when the parameters round).
    pub score: f64,
    /// The score before rounding.
    pub unrounded: f64,
    /// Its confidence (in matrix mode the lowest criterion confidence).
    pub confidence: f64,
    /// Whether `score` is rounded to an integer.
    pub rounded: bool,
}

impl Headline {
    /// The score as the views print it: an integer when rounded, else two decimals.
    pub fn score_text(&self) -> String {
        if self.rounded {
            format!("{}", self.score as i64)
        } else {
            crate::display::fixed(self.score, 2)
        }
    }

    /// The confidence as the views print it: two decimals.
    pub fn confidence_text(&self) -> String {
        crate::display::fixed(self.confidence, 2)
    }

    /// The confidence as a percentage of a full bar, one decimal (for drawing).
    pub fn confidence_percent(&self) -> String {
        crate::display::percent(self.confidence)
    }
}

/// Everything computed from one input.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The detected format.
    pub format: Format,
    /// The formula parameters used.
    pub params: Params,
    /// The items the outcome scored, with the lines they came from.
    pub entries: Vec<Entry>,
    /// Line numbers of lines that are not items (also reported as one note).
    pub ignored: Vec<usize>,
    /// Errors, warnings and notes, errors first by line, then the rest in the order found.
    pub diagnostics: Vec<Diagnostic>,
    /// The mode's result.
    pub outcome: Outcome,
    /// Whether the input gave something to score: at least one item, or an explicitly empty
    /// list (`[]`, four empty buckets). When it did not, there is no headline: the tool does
    /// not turn unread text into a number.
    pub scored: bool,
    /// The bootstrap interval of the headline at [`crate::interval::LEVEL`] percent; `None`
    /// when there is no headline ([`crate::combine`] and [`crate::interval`] say how).
    #[cfg(feature = "interval")]
    pub interval: Option<crate::Interval>,
    /// The passes, when the input was several judges' passes (`## Pass:` headings, or
    /// [`crate::combine()`]): each pass's own analysis, the spread, the disagreeing cells and α.
    #[cfg(feature = "combine")]
    pub passes: Option<Box<crate::Passes>>,
}

impl Analysis {
    /// The mode used (never `Auto`).
    pub fn mode(&self) -> Mode {
        match self.outcome {
            Outcome::Pooled(_) => Mode::Pooled,
            Outcome::Matrix(_) => Mode::Matrix,
            Outcome::Feedback(_) => Mode::Feedback,
        }
    }

    /// The mode's answer; `None` when no item was read (see [`Analysis::scored`]), and in
    /// matrix mode when the weights cannot be used.
    pub fn headline(&self) -> Option<Headline> {
        if !self.scored {
            return None;
        }
        let rounded = self.params.rounding == Rounding::HalfAwayFromZero;
        let of_pool = |kind, p: &Pooled| Headline {
            kind,
            score: p.final_score,
            unrounded: p.final_unrounded,
            confidence: p.confidence,
            rounded,
        };
        match &self.outcome {
            Outcome::Pooled(p) => Some(of_pool(HeadlineKind::Pool, p)),
            Outcome::Feedback(f) => Some(of_pool(HeadlineKind::Feedback, f.total())),
            Outcome::Matrix(m) => m.result.as_ref().ok().map(|s| Headline {
                kind: HeadlineKind::Overall,
                score: s.overall,
                unrounded: s.overall_unrounded,
                confidence: s.overall_confidence,
                rounded,
            }),
        }
    }

    /// Every scored item in one pool (in pooled and feedback mode, the answer itself; in
    /// matrix mode, context).
    pub fn pool(&self) -> &Pooled {
        match &self.outcome {
            Outcome::Pooled(p) => p,
            Outcome::Matrix(m) => &m.pool,
            Outcome::Feedback(f) => f.total(),
        }
    }

    /// The scored items alone.
    pub fn items(&self) -> Vec<Item> {
        self.entries.iter().map(|e| e.item.clone()).collect()
    }

    /// The matrix result, in matrix mode.
    pub fn matrix(&self) -> Option<&Matrix> {
        match &self.outcome {
            Outcome::Matrix(m) => Some(m),
            _ => None,
        }
    }

    /// The buckets, in feedback mode.
    pub fn feedback(&self) -> Option<&Feedback> {
        match &self.outcome {
            Outcome::Feedback(f) => Some(f),
            _ => None,
        }
    }

    /// The diagnostics of one severity as display text (`line 4: …`).
    pub fn messages(&self, severity: Severity) -> Vec<String> {
        self.diagnostics_of(severity)
            .map(ToString::to_string)
            .collect()
    }

    /// The diagnostics of one severity.
    pub fn diagnostics_of(&self, severity: Severity) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(move |d| d.severity() == severity)
    }

    /// Whether any line, the weights or the parameters are errors.
    pub fn has_errors(&self) -> bool {
        self.diagnostics_of(Severity::Error).next().is_some()
    }
}

const NEEDS_CRITERION: &str = "in matrix mode every item needs a criterion: write (+3, craft) or put it under ## Criterion: craft";
const STRICT: &str = "not an item, a heading or a weights line, and strict reading allows no other line: write it as an item (+3 text) or remove it";
const NEEDS_BUCKET: &str = "in feedback mode every item needs a bucket: put it under ## Working, ## Not working, ## Missing or ## Confusing";

/// Reads `text` in any format and scores it as `request` asks.
///
/// ```
/// use pickanumber_score::{analyse, HeadlineKind, Mode, Request};
/// let a = analyse("(+3, craft) tidy\n(-1, depth) thin", &Request::default());
/// assert_eq!(a.mode(), Mode::Matrix);
/// let h = a.headline().unwrap();
/// assert_eq!(h.kind, HeadlineKind::Overall);
/// assert_eq!(h.confidence, 0.05); // the thinnest criterion
/// ```
pub fn analyse(text: &str, request: &Request) -> Analysis {
    #[cfg(feature = "combine")]
    if let Some(split) = crate::combine::split(text) {
        return crate::combine::analyse_split(text, split, request);
    }
    let (format, parsed) = read(text);
    let a = analyse_read(text, format, parsed, request);
    #[cfg(feature = "interval")]
    let a = Analysis {
        interval: crate::interval::of(&a, None, crate::interval::LEVEL),
        ..a
    };
    a
}

/// Scores what [`read`] gave (no interval, no passes): [`analyse`]'s body, shared with
/// `combine`, which reads several passes and scores their union.
pub(crate) fn analyse_read(
    text: &str,
    format: Format,
    parsed: crate::Parsed,
    request: &Request,
) -> Analysis {
    let params = request.params;
    let explicit_empty = parsed.explicit && parsed.entries.is_empty();
    let read_any = !parsed.entries.is_empty();
    let mut diagnostics: Vec<Diagnostic> = parsed
        .errors
        .iter()
        .map(|e| Diagnostic {
            kind: Kind::Item,
            line: Some(e.line),
            column: e.column,
            message: e.message.clone(),
        })
        .collect();
    if let Err(e) = params.validate() {
        diagnostics.push(Diagnostic::new(Kind::Params, e.to_string()));
    }
    let mut later = Vec::new();
    for &(first, last, inner) in &parsed.fenced {
        let lines = match first == last {
            true => format!("line {first}"),
            false => format!("lines {first}–{last}"),
        };
        later.push(Diagnostic::new(
            Kind::Fenced,
            format!("read the fenced block on {lines} as {inner}"),
        ));
    }
    for n in parsed.notes {
        later.push(Diagnostic::new(Kind::UnusedKeys, n));
    }
    if request.strict {
        for &line in &parsed.ignored {
            diagnostics.push(Diagnostic {
                kind: Kind::Strict,
                line: Some(line),
                column: None,
                message: STRICT.into(),
            });
        }
    }

    let labelled = parsed
        .entries
        .iter()
        .filter(|e| e.item.criterion.is_some())
        .count();
    let weights_given = request.preset.is_some()
        || request.weights.is_some()
        || !parsed.weights.is_empty()
        || !parsed.report_rows.is_empty();
    let mode = match request.mode {
        Mode::Auto => {
            if format == Format::FeedbackJson
                || parsed.entries.iter().any(|e| e.item.bucket.is_some())
            {
                Mode::Feedback
            } else if weights_given || (labelled > 0 && 2 * labelled >= parsed.entries.len()) {
                Mode::Matrix
            } else {
                if labelled > 0 {
                    let mut lines: Vec<usize> = parsed
                        .entries
                        .iter()
                        .filter(|e| e.item.criterion.is_some())
                        .map(|e| e.line)
                        .collect();
                    lines.dedup();
                    later.push(Diagnostic::new(
                        Kind::CriteriaSetAside,
                        format!(
                            "{labelled} of {} items name a criterion, fewer than half, so every item is pooled and the criteria on {} are set aside; label every item (or give weights or a preset) for matrix mode",
                            parsed.entries.len(),
                            line_list(&lines, 20)
                        ),
                    ));
                }
                Mode::Pooled
            }
        }
        m => m,
    };

    // Items the mode cannot use become errors, so nothing is dropped silently. Entries of one
    // line are adjacent, so one error per line needs only the previous line.
    let mut entries = Vec::with_capacity(parsed.entries.len());
    let mut last_reported = None;
    for e in parsed.entries {
        let missing: Option<String> = match mode {
            Mode::Matrix => e.item.criterion.is_none().then_some(NEEDS_CRITERION.into()),
            Mode::Feedback => e.item.bucket.is_none().then_some(NEEDS_BUCKET.into()),
            _ => None,
        };
        let refused = || request.labels.as_ref().and_then(|l| l.refuse(&e.item));
        match missing.or_else(refused) {
            Some(message) => {
                if last_reported != Some(e.line) {
                    last_reported = Some(e.line);
                    diagnostics.push(Diagnostic {
                        kind: Kind::Item,
                        line: Some(e.line),
                        column: None,
                        message,
                    });
                }
            }
            None => entries.push(e),
        }
    }
    let scored = !entries.is_empty() || explicit_empty;
    if !scored {
        let message = nothing_read(text, format, read_any, &diagnostics);
        diagnostics.push(Diagnostic::new(Kind::NothingRead, message));
    } else if explicit_empty {
        later.push(Diagnostic::new(
            Kind::EmptyInput,
            format!(
                "the input is an empty list of items: with no evidence the score is the centre, {}, with confidence 0",
                crate::display::trim_number(params.center)
            ),
        ));
    }
    report_rows(&mut later, &parsed.report_rows, &entries, &params);
    let mut diagnostics = crate::diagnostic::sort_by_place(diagnostics);

    let items: Vec<Item> = entries.iter().map(|e| e.item.clone()).collect();
    let pool = Pooled::score(&items, &params);
    let outcome = match mode {
        Mode::Matrix => {
            // Given weights, then a weights line, then a report's table, then the preset.
            let rows = &parsed.report_rows;
            let weights = if let Some(w) = &request.weights {
                w.clone()
            } else if !parsed.weights.is_empty() {
                parsed.weights
            } else if !rows.is_empty() {
                rows.iter()
                    .map(|r| (r.criterion.clone(), r.weight))
                    .collect()
            } else {
                request.preset.map(Preset::weights).unwrap_or_default()
            };
            let result = MatrixScore::score(&items, &weights, &params);
            match &result {
                Ok(m) => matrix_diagnostics(&mut later, m, &weights, &items, &params),
                Err(e) => diagnostics.push(Diagnostic::new(Kind::Weights, e.to_string())),
            }
            Outcome::Matrix(Matrix {
                weights,
                result,
                pool,
            })
        }
        Mode::Feedback => {
            saturation(&mut later, "the feedback score", &pool, &params);
            let mut so_far = Vec::new();
            Outcome::Feedback(Feedback {
                buckets: Box::new(Bucket::ALL.map(|b| {
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
                })),
            })
        }
        Mode::Pooled | Mode::Auto => {
            saturation(&mut later, "the pool", &pool, &params);
            Outcome::Pooled(pool)
        }
    };

    if !parsed.ignored.is_empty() && !request.strict {
        later.push(Diagnostic::new(
            Kind::Ignored,
            format!(
                "ignored (not an item): {}",
                line_list(&parsed.ignored, usize::MAX)
            ),
        ));
    }
    if !scored {
        // No score is shown, so nothing is said about one (empty criteria at 50, the
        // self-check of a span of 0, saturation).
        later.retain(|d| {
            !matches!(
                d.kind,
                Kind::EmptyCriterion | Kind::SelfCheck | Kind::Saturation
            )
        });
    }
    diagnostics.extend(later);
    Analysis {
        format,
        params,
        entries,
        ignored: parsed.ignored,
        diagnostics,
        outcome,
        scored,
        #[cfg(feature = "interval")]
        interval: None,
        #[cfg(feature = "combine")]
        passes: None,
    }
}

/// Why nothing was read, saying what was tried.
fn nothing_read(text: &str, format: Format, read_any: bool, errors: &[Diagnostic]) -> String {
    let what = if text.trim_start_matches('\u{feff}').trim().is_empty() {
        "the input is empty".to_string()
    } else if read_any {
        "every item was set aside by an error".to_string()
    } else if !errors.is_empty() {
        "every line that starts like an item has an error".to_string()
    } else if format == Format::Lines {
        "the text is not JSON (it starts with neither [ nor {), has no table or rows with an impact column, and no line starts with a signed impact, as in +3 the tests pass".to_string()
    } else {
        format!("the {format} holds no item")
    };
    format!("no items read: {what}; there is no score")
}

/// Checks the rows of a pasted report's per-criterion table against the formula: a typed
/// final the net and item count do not give is a warning; a count above the items the text
/// lists for the criterion is a note (a report lists its top items only).
fn report_rows(
    out: &mut Vec<Diagnostic>,
    rows: &[crate::ReportRow],
    entries: &[Entry],
    params: &Params,
) {
    for r in rows {
        let at = |kind, message: String| Diagnostic {
            kind,
            line: Some(r.line),
            column: None,
            message,
        };
        if let (Some(typed), Some(net), Some(n)) = (r.final_score, r.net, r.items) {
            let sign = if net > 0 { "+" } else { "" };
            match Pooled::from_profile(n, net, params) {
                None => out.push(at(
                    Kind::ReportMismatch,
                    format!("the report gives {} net {sign}{net} over {n} items, which no list of impacts from the set adds up to", r.criterion),
                )),
                Some(p) => {
                    if p.final_score != typed {
                        out.push(at(
                            Kind::ReportMismatch,
                            format!(
                                "the report gives {} a final of {}, but net {sign}{net} over {n} items scores {} by the formula",
                                r.criterion,
                                crate::display::trim_number(typed),
                                crate::display::trim_number(p.final_score)
                            ),
                        ));
                    }
                }
            }
        }
        let listed = entries
            .iter()
            .filter(|e| e.item.criterion.as_deref() == Some(r.criterion.as_str()))
            .count();
        if let Some(n) = r.items.filter(|&n| n > listed) {
            out.push(at(
                Kind::ReportSubset,
                format!("the report's table counts {n} items for {} and the text lists {listed}: the score here covers the listed items only", r.criterion),
            ));
        }
    }
}

fn matrix_diagnostics(
    out: &mut Vec<Diagnostic>,
    m: &MatrixScore,
    weights: &[(String, f64)],
    items: &[Item],
    params: &Params,
) {
    use crate::display::trim_number;
    if m.weights_normalised {
        let sum: f64 = weights.iter().map(|(_, w)| w).sum();
        out.push(Diagnostic::new(
            Kind::WeightsNormalised,
            format!(
                "weights sum to {}, not 1: each was divided by the sum",
                trim_number(sum)
            ),
        ));
    }
    for c in &m.criteria {
        if c.pooled.total_items == 0 {
            out.push(Diagnostic::new(
                Kind::EmptyCriterion,
                format!(
                    "criterion {} has no items: it scores {} with confidence 0 and still counts in the overall score and the span",
                    c.name,
                    trim_number(params.center)
                ),
            ));
        }
        saturation(out, &format!("criterion {}", c.name), &c.pooled, params);
    }
    if !m.self_check {
        out.push(Diagnostic::new(
            Kind::SelfCheck,
            format!(
                "self-check fails: the criteria span {} points, under {}; they may not have been scored separately",
                trim_number(m.span),
                trim_number(params.self_check_span)
            ),
        ));
    }
    // Item counts per (perspective, criterion) cell, by cell: every item's cell sorted once
    // with the crate's own sort (no BTreeMap code in the wasm calculator; inserting into a
    // sorted Vec was quadratic in the number of cells), then runs of equal cells counted.
    let mut all: Vec<(&str, &str)> = items
        .iter()
        .filter_map(|i| Some((i.perspective.as_deref()?, i.criterion.as_deref()?)))
        .collect();
    crate::order::sort_by(&mut all, |a, b| a.cmp(b));
    let mut cells: Vec<((&str, &str), usize)> = Vec::new();
    for cell in all {
        match cells.last_mut() {
            Some((last, n)) if *last == cell => *n += 1,
            _ => cells.push((cell, 1)),
        }
    }
    let list = |keep: &dyn Fn(usize) -> bool| -> Vec<String> {
        cells
            .iter()
            .filter(|(_, n)| keep(*n))
            .map(|((p, c), n)| format!("{p} × {c} ({n})"))
            .collect()
    };
    let crowded = list(&|n| n > 5);
    if !crowded.is_empty() {
        out.push(Diagnostic::new(
            Kind::CrowdedCell,
            format!(
                "perspective × criterion cells with more than 5 items (the method caps a cell at 5): {}",
                crowded.join(", ")
            ),
        ));
    }
    let thin = list(&|n| n < 3);
    if !thin.is_empty() {
        out.push(Diagnostic::new(
            Kind::ThinCell,
            format!(
                "perspective × criterion cells with fewer than 3 items (aim for at least 3): {}",
                thin.join(", ")
            ),
        ));
    }
}

fn saturation(out: &mut Vec<Diagnostic>, what: &str, p: &Pooled, params: &Params) {
    if p.total_items > 0 && (p.raw == params.max || p.raw == 0.0) && p.confidence < 1.0 {
        out.push(Diagnostic::new(
            Kind::Saturation,
            format!(
                "raw score of {what} is clamped at {}: until confidence is full, more items raise the multiplier, so even contrary evidence can move the final further from {}",
                crate::display::trim_number(p.raw),
                crate::display::trim_number(params.center)
            ),
        ));
    }
}
