//! The `evidence` key of the JSON when a judged work was given: each item's status and
//! reason, and the counts with the invented-evidence rate (the whole input's, and in
//! `passes`, each judge's).
//!
//! ```json
//! "evidence": {
//!   "verified": 3, "not_found": 1, "not_checkable": 0, "no_evidence": 1,
//!   "invented_rate": 0.25, "left_out": 1, "skipped": [],
//!   "items": [{"line": 2, "impact": 5, "text": "…", "status": "not_found",
//!              "reason": "…", "closest": null, "counted": false, "count": 1}]
//! }
//! ```
//!
//! One entry per written item: the N items a `×N` line writes, checked alike, are one entry
//! with `count` N, so the list grows with the input, not with its runs.

use pickanumber_score::verify::{Counts, Status, Verification};
use pickanumber_score::Impact;
use serde::Serialize;

/// The counts of each status, the invented-evidence rate and how many items were left out.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct EvidenceCounts {
    /// How many items of each status.
    #[serde(flatten)]
    pub counts: Counts,
    /// `not_found / (verified + not_found)`; `null` when no item was checkable.
    pub invented_rate: Option<f64>,
    /// Items left out of the score.
    pub left_out: usize,
}

impl EvidenceCounts {
    /// The counts of a verification.
    pub fn new(v: &Verification) -> EvidenceCounts {
        EvidenceCounts {
            counts: v.counts,
            invented_rate: v.counts.invented_rate(),
            left_out: v.left_out(),
        }
    }
}

/// The evidence counts, with what the work left unread and every item's check.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Evidence<'a> {
    /// The counts.
    #[serde(flatten)]
    pub counts: EvidenceCounts,
    /// What the work left unread (binary files, symlinks leading outside).
    pub skipped: &'a [String],
    /// Every written item's check, in the order of the items: the copies of a `×N` line that
    /// were checked alike are one entry with their `count`.
    pub items: Vec<EvidenceItem<'a>>,
}

/// One item's check.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct EvidenceItem<'a> {
    /// The item's line.
    pub line: usize,
    /// Its impact.
    pub impact: Impact,
    /// Its text.
    pub text: &'a str,
    /// What checking its evidence found.
    pub status: Status,
    /// Why.
    pub reason: &'a str,
    /// For a quote not found: the closest passage of the work, when one is close.
    pub closest: Option<&'a str>,
    /// Whether it was counted in the score.
    pub counted: bool,
    /// How many items this entry stands for: the copies of a `×N` line, checked alike (1 for
    /// an item written once).
    pub count: usize,
}

impl<'a> Evidence<'a> {
    /// The evidence key of a verification.
    pub fn new(v: &'a Verification) -> Evidence<'a> {
        Evidence {
            counts: EvidenceCounts::new(v),
            skipped: &v.skipped,
            items: v.items.iter().fold(Vec::new(), |mut out, i| {
                let item = EvidenceItem {
                    line: i.line,
                    impact: i.impact,
                    text: &i.text,
                    status: i.check.status,
                    reason: &i.check.reason,
                    closest: i.check.closest.as_deref(),
                    counted: i.counted,
                    count: 1,
                };
                match out.last_mut() {
                    // Entries of one line are adjacent: a copy of the previous item, checked
                    // alike, adds to its count.
                    Some(last) if last.same_as(&item) => last.count += 1,
                    _ => out.push(item),
                }
                out
            }),
        }
    }
}

impl EvidenceItem<'_> {
    /// Whether `other` is the same written item checked alike (everything but the count).
    fn same_as(&self, other: &EvidenceItem<'_>) -> bool {
        self.line == other.line
            && self.impact == other.impact
            && self.text == other.text
            && self.status == other.status
            && self.reason == other.reason
            && self.closest == other.closest
            && self.counted == other.counted
    }
}
