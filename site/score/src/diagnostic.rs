//! Typed diagnostics: what the reader should know about an input, with the line it concerns.
//!
//! The analysis decides the meaning (an error, a warning, a note, and which kind); every view
//! decides only the presentation.

use std::fmt;

/// How serious a diagnostic is; in JSON its snake_case name (`error`, `warning`, `note`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The input (or the weights) cannot be used as written; the CLI exits 1.
    Error,
    /// The score is computed, but the method's advice is not followed.
    Warning,
    /// A remark that changes nothing.
    Note,
}

impl Severity {
    /// `error`, `warning` or `note`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// What a diagnostic is about. In JSON each kind is the snake_case name of its variant
/// (`thin_cell`, `nothing_read`): the output contract's stable names, which a pipeline
/// selects diagnostics by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A line (or JSON value) that starts like an item but is not a valid one, or an item the
    /// mode cannot use (no criterion in matrix mode, no bucket in feedback mode).
    Item,
    /// Weights that cannot be used.
    Weights,
    /// Formula parameters that do not make a usable formula.
    Params,
    /// Lines that are neither items, headings, weights nor blank.
    Ignored,
    /// JSON keys the reader did not use.
    UnusedKeys,
    /// Auto mode pooled the items and set aside the criteria of a minority of them.
    CriteriaSetAside,
    /// A criterion with no items (it scores the centre with confidence 0).
    EmptyCriterion,
    /// Weights that did not sum to 1 and were divided by their sum.
    WeightsNormalised,
    /// The criteria finals span less than the self-check needs.
    SelfCheck,
    /// A raw score clamped at the bottom or top of the scale while confidence is not full.
    Saturation,
    /// Perspective × criterion cells with more than 5 items (one diagnostic lists them all).
    CrowdedCell,
    /// Used perspective × criterion cells with fewer than 3 items (one diagnostic lists them).
    ThinCell,
    /// Input from which no item was read (or every item read was left out): there is no
    /// score. Its message begins `no items read`, then says what was tried.
    NothingRead,
    /// A line that is not an item, read strictly (the CLI's `--strict`).
    Strict,
    /// An explicitly empty list of items: it scores the centre with confidence 0.
    EmptyInput,
    /// Fenced code blocks whose content was read.
    Fenced,
    /// A pasted report's per-criterion row whose typed final the formula does not give.
    ReportMismatch,
    /// A pasted report's table counts more items for a criterion than the text lists.
    ReportSubset,
    /// A `## Pass:` heading with no name or a name already used, an item before the first
    /// heading, or passes that give different weights.
    Pass,
    /// Items of one pass that another pass found too, counted once.
    Duplicate,
    /// An item whose evidence is not in the judged work (left out, or kept as asked), or
    /// that cites none when evidence is required (checked against a work: the CLI's
    /// `--against`).
    Evidence,
    /// Files of the judged work that were not read (binary, or symlinks leading outside).
    WorkSkipped,
}

/// How the message of a [`Kind::NothingRead`] diagnostic begins: `no items read: the input is
/// empty; there is no score`. A view that already says so in its headline shows the rest.
pub const NOTHING_READ: &str = "no items read";

impl Kind {
    /// Every kind, in the order of their declaration (the order the output contract lists
    /// them in).
    pub const ALL: [Kind; 22] = [
        Kind::Item,
        Kind::Weights,
        Kind::Params,
        Kind::Ignored,
        Kind::UnusedKeys,
        Kind::CriteriaSetAside,
        Kind::EmptyCriterion,
        Kind::WeightsNormalised,
        Kind::SelfCheck,
        Kind::Saturation,
        Kind::CrowdedCell,
        Kind::ThinCell,
        Kind::NothingRead,
        Kind::Strict,
        Kind::EmptyInput,
        Kind::Fenced,
        Kind::ReportMismatch,
        Kind::ReportSubset,
        Kind::Pass,
        Kind::Duplicate,
        Kind::Evidence,
        Kind::WorkSkipped,
    ];

    /// The severity every diagnostic of this kind has.
    pub fn severity(self) -> Severity {
        match self {
            Kind::Item
            | Kind::Weights
            | Kind::Params
            | Kind::NothingRead
            | Kind::Strict
            | Kind::Pass => Severity::Error,
            Kind::CriteriaSetAside
            | Kind::EmptyCriterion
            | Kind::WeightsNormalised
            | Kind::SelfCheck
            | Kind::CrowdedCell
            | Kind::ThinCell
            | Kind::ReportMismatch
            | Kind::Evidence => Severity::Warning,
            Kind::Ignored
            | Kind::UnusedKeys
            | Kind::Saturation
            | Kind::EmptyInput
            | Kind::Fenced
            | Kind::ReportSubset
            | Kind::Duplicate
            | Kind::WorkSkipped => Severity::Note,
        }
    }
}

/// One thing to tell the reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What it is about; its severity follows from the kind.
    pub kind: Kind,
    /// The 1-based line it concerns, where there is one.
    pub line: Option<usize>,
    /// The 1-based column, where the input format has one (JSON).
    pub column: Option<usize>,
    /// What is wrong or worth knowing, without the line number.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic about no particular line.
    pub fn new(kind: Kind, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            kind,
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// A diagnostic about line `line` (no column).
    pub fn at(kind: Kind, line: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            kind,
            line: Some(line),
            column: None,
            message: message.into(),
        }
    }

    /// The severity of its kind.
    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }
}

/// `line 4: impact +4 is not one of …`, `line 2, column 5: …`, or the message alone.
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

/// Line numbers as prose: `line 3`, `lines 3, 4, 9`; past `limit` numbers, `… and N more`.
///
/// ```
/// use pickanumber_score::line_list;
/// assert_eq!(line_list(&[3], 5), "line 3");
/// assert_eq!(line_list(&[1, 2, 3, 4], 2), "lines 1, 2 and 2 more");
/// ```
pub fn line_list(lines: &[usize], limit: usize) -> String {
    let shown: Vec<String> = lines.iter().take(limit).map(ToString::to_string).collect();
    let more = lines.len().saturating_sub(limit);
    format!(
        "line{} {}{}",
        if lines.len() == 1 { "" } else { "s" },
        shown.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    )
}

/// Sorts diagnostics by place (line, then column; those without a line first), keeping the
/// order of equal places, with the crate's one stable sort ([`crate::order::sort_by`]) rather
/// than the standard library's, whose code is several KB in the wasm calculator.
pub(crate) fn sort_by_place(mut v: Vec<Diagnostic>) -> Vec<Diagnostic> {
    crate::order::sort_by(&mut v, |a, b| (a.line, a.column).cmp(&(b.line, b.column)));
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// By line, then column, no line first, equal places in their order: what the std
        /// stable sort by `(line, column)` gives.
        #[test]
        fn diagnostics_sort_by_place_as_the_std_stable_sort_would(
            places in proptest::collection::vec(
                (proptest::option::of(0usize..4), proptest::option::of(0usize..3)),
                0..120,
            )
        ) {
            let diagnostics: Vec<Diagnostic> = places
                .iter()
                .enumerate()
                .map(|(i, &(line, column))| Diagnostic {
                    line,
                    column,
                    ..Diagnostic::new(Kind::Item, i.to_string())
                })
                .collect();
            let mut expected = diagnostics.clone();
            expected.sort_by_key(|d| (d.line, d.column));
            prop_assert_eq!(sort_by_place(diagnostics), expected);
        }
    }
}
