//! What one analysis gives: the [`Outcome`] of the mode (one variant per mode, each holding
//! exactly what that mode has), its [`Headline`], and the [`Analysis`] that carries them with
//! the items and the diagnostics.

use crate::diagnostic::{Diagnostic, Severity};
use crate::input::Format;
use crate::{Bucket, Entry, Item, MatrixScore, Params, Pooled, Rounding, WeightError};

use super::Mode;

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
            crate::numtext::fixed(self.score, 2)
        }
    }

    /// The confidence as the views print it: two decimals.
    pub fn confidence_text(&self) -> String {
        crate::numtext::fixed(self.confidence, 2)
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
    /// Each item's evidence checked against the judged work, when one was given
    /// ([`Request::against`](crate::Request::against)); in a combined analysis, every pass's
    /// items (each pass has its own).
    #[cfg(feature = "verify")]
    pub evidence: Option<crate::verify::Verification>,
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
