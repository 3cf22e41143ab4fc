//! What combining passes gives, beside the combined [`Analysis`]: each [`Pass`] with its own
//! analysis, the [`Spread`] of their finals, the [`Disagreement`]s in sign and the
//! [`Duplicate`]s the duplicate rule set aside, gathered in [`Passes`].

use crate::Analysis;

/// The passes behind a combined analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Passes {
    /// Each pass with its own analysis, in the order given.
    pub passes: Vec<Pass>,
    /// The spread of the passes' finals: first the headlines (`criterion: None`), then in
    /// matrix mode each criterion of the combined matrix.
    pub spread: Vec<Spread>,
    /// The cells where one pass's items net above zero and another's below.
    pub disagreements: Vec<Disagreement>,
    /// Krippendorff's α (interval metric) over the per-criterion finals, in matrix mode with
    /// at least 2 passes and 3 criteria; `None` where it is not defined.
    pub alpha: Option<f64>,
    /// The items the duplicate rule did not count.
    pub duplicates: Vec<Duplicate>,
    /// The pass of each entry of the combined analysis, by position.
    pub origin: Vec<usize>,
}

/// One judge's pass.
#[derive(Clone, Debug, PartialEq)]
pub struct Pass {
    /// The judge's name.
    pub name: String,
    /// The line of its `## Pass:` heading (`None` for a pass given as its own text).
    pub line: Option<usize>,
    /// The pass scored alone, in the combined mode and weights.
    pub analysis: Analysis,
}

/// How far the passes' finals lie apart for one criterion (or the headline).
#[derive(Clone, Debug, PartialEq)]
pub struct Spread {
    /// The criterion; `None` for the headlines.
    pub criterion: Option<String>,
    /// The lowest final among the passes with items there.
    pub lowest: f64,
    /// The highest.
    pub highest: f64,
    /// How many passes have items there.
    pub passes: usize,
}

/// A cell where passes disagree in sign.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    /// The criterion (matrix mode), if any.
    pub criterion: Option<String>,
    /// The perspective, if the items name one.
    pub perspective: Option<String>,
    /// Each pass with items in the cell: its index and its net impact there.
    pub nets: Vec<(usize, i64)>,
}

impl Disagreement {
    /// The cell as the views name it: `requester × craft`, `craft`, `requester`, or
    /// `all items`.
    pub fn cell(&self) -> String {
        match (&self.criterion, &self.perspective) {
            (Some(c), Some(v)) => format!("{v} × {c}"),
            (Some(c), None) => c.clone(),
            (None, Some(v)) => v.clone(),
            (None, None) => "all items".into(),
        }
    }
}

/// An item the duplicate rule did not count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    /// Its pass.
    pub pass: usize,
    /// Its line in that pass.
    pub line: usize,
    /// The pass whose copy counts.
    pub kept_pass: usize,
    /// The line of the copy that counts.
    pub kept_line: usize,
}
