//! The verifier's step in the analysis: the items read → each checked against the work →
//! the `not_found` ones (and, when evidence is required, the `no_evidence` ones) left out
//! before the formula runs, each named in a diagnostic with its reason.

use super::{evidence, verify, Check, Counts, Status, Work};
use crate::diagnostic::{Diagnostic, Kind};
use crate::{Impact, Parsed};
use std::sync::Arc;

/// What to do with items whose evidence is not in the work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unverified {
    /// Leave them out of the score (fail closed).
    #[default]
    Drop,
    /// Count them, flagged, to see the difference.
    Keep,
}

impl Unverified {
    /// Reads `drop` or `keep`.
    pub fn from_name(s: &str) -> Option<Unverified> {
        match s {
            "drop" => Some(Unverified::Drop),
            "keep" => Some(Unverified::Keep),
            _ => None,
        }
    }
}

/// The work the evidence is checked against, and what the check leaves out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Against {
    /// The judged work.
    pub work: Arc<Work>,
    /// Whether `not_found` items are left out (the default) or kept, flagged.
    pub unverified: Unverified,
    /// Whether `no_evidence` items are left out too.
    pub require_evidence: bool,
    /// Whether every item must quote the work: `located`, `not_checkable` and `no_evidence`
    /// items are left out too, so only `verified` ones count.
    pub require_quotes: bool,
}

impl Against {
    /// Checking against `work`, failing closed: `not_found` items left out, `no_evidence`
    /// items kept.
    pub fn new(work: Work) -> Against {
        Against {
            work: Arc::new(work),
            ..Against::default()
        }
    }
}

/// One item's check, with the item.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemCheck {
    /// The line the item came from.
    pub line: usize,
    /// The item's impact.
    pub impact: Impact,
    /// The item's text.
    pub text: String,
    /// Its status and reason.
    pub check: Check,
    /// Whether the score counts it.
    pub counted: bool,
}

/// What checking a text's (or a pass's) items against the work found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Verification {
    /// Every item read, in order, with its check.
    pub items: Vec<ItemCheck>,
    /// How many items have each status.
    pub counts: Counts,
    /// What the work left unread (binary files, symlinks leading outside).
    pub skipped: Vec<String>,
}

impl Verification {
    /// Several passes' verifications as one (the combined analysis's).
    pub fn merged<'a>(parts: impl IntoIterator<Item = &'a Verification>) -> Verification {
        let mut out = Verification::default();
        for p in parts {
            out.items.extend(p.items.iter().cloned());
            if out.skipped.is_empty() {
                out.skipped = p.skipped.clone();
            }
        }
        out.counts = Counts::of(out.items.iter().map(|i| &i.check));
        out
    }

    /// The note naming what the work left unread, if anything.
    pub(crate) fn skipped_note(&self) -> Option<Diagnostic> {
        (!self.skipped.is_empty()).then(|| {
            Diagnostic::new(
                Kind::WorkSkipped,
                format!("not read in the work: {}", self.skipped.join("; ")),
            )
        })
    }

    /// How many items the check left out of the score.
    pub fn left_out(&self) -> usize {
        self.items.iter().filter(|i| !i.counted).count()
    }
}

/// Checks the items read against the work and leaves out what `against` says, before the
/// formula sees them. Returns the verification and its diagnostics (one per line of an item left
/// out or kept unverified). When every item is left out,
/// the text counts as an explicitly empty list: the centre, with confidence 0.
pub(crate) fn apply(parsed: &mut Parsed, against: &Against) -> (Verification, Vec<Diagnostic>) {
    let mut all = apply_all(std::iter::once(parsed), against);
    all.pop().expect("one text, one verification")
}

/// [`apply`] for several passes at once: their quotations searched with one index of the work,
/// so that checking many passes costs the work once, not once a pass.
pub(crate) fn apply_all<'p>(
    parsed: impl IntoIterator<Item = &'p mut Parsed>,
    against: &Against,
) -> Vec<(Verification, Vec<Diagnostic>)> {
    let mut parsed: Vec<&mut Parsed> = parsed.into_iter().collect();
    let cited: Vec<_> = parsed
        .iter()
        .flat_map(|p| p.entries.iter().map(|e| evidence(&e.item.text)))
        .collect();
    let mut checks = verify(&against.work, &cited).into_iter();
    parsed
        .iter_mut()
        .map(|p| {
            let n = p.entries.len();
            one(p, checks.by_ref().take(n).collect(), against)
        })
        .collect()
}

/// One text's items with their checks: what is left out, the diagnostics, the verification.
fn one(
    parsed: &mut Parsed,
    checks: Vec<Check>,
    against: &Against,
) -> (Verification, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut items = Vec::with_capacity(checks.len());
    let mut kept = Vec::with_capacity(checks.len());
    let had_items = !parsed.entries.is_empty();
    for (entry, check) in parsed.entries.drain(..).zip(checks) {
        let counted = match check.status {
            Status::NotFound => against.unverified == Unverified::Keep,
            Status::NoEvidence => !against.require_evidence && !against.require_quotes,
            Status::Located | Status::NotCheckable => !against.require_quotes,
            Status::Verified => true,
        };
        let message = match (check.status, counted) {
            (Status::NotFound, false) => Some(format!(
                "evidence not in the work, item not counted: {}",
                check.reason
            )),
            (Status::NotFound, true) => Some(format!(
                "evidence not in the work, item counted as asked: {}",
                check.reason
            )),
            (Status::NoEvidence, false) if !against.require_evidence => Some(
                "the item cites no evidence, and quotations are required: not counted".to_string(),
            ),
            (Status::NoEvidence, false) => Some(
                "the item cites no evidence, and evidence is required: not counted".to_string(),
            ),
            (Status::Located | Status::NotCheckable, false) => Some(format!(
                "the item quotes nothing the work was searched for, and quotations are required: not counted ({})",
                check.reason
            )),
            _ => None,
        };
        // One diagnostic per item: a `×N` line gives N entries with one check, named once;
        // items sharing a line (a JSON answer on one line) are each named.
        if let Some(m) = message {
            if diagnostics
                .last()
                .is_none_or(|d: &Diagnostic| d.line != Some(entry.line) || d.message != m)
            {
                diagnostics.push(Diagnostic::at(Kind::Evidence, entry.line, m));
            }
        }
        items.push(ItemCheck {
            line: entry.line,
            impact: entry.item.impact,
            text: entry.item.text.clone(),
            check,
            counted,
        });
        if counted {
            kept.push(entry);
        }
    }
    parsed.entries = kept;
    if had_items && parsed.entries.is_empty() {
        parsed.explicit = true;
    }
    let counts = Counts::of(items.iter().map(|i| &i.check));
    (
        Verification {
            items,
            counts,
            skipped: against.work.skipped.clone(),
        },
        diagnostics,
    )
}

/// Puts a verification and its diagnostics into the analysis of the items it left: the
/// warnings after the errors, the notes at the end; with `note_skipped`, a note for what the
/// work left unread.
pub(crate) fn attach(
    a: &mut crate::Analysis,
    checked: Option<(Verification, Vec<Diagnostic>)>,
    note_skipped: bool,
) {
    let Some((v, diagnostics)) = checked else {
        return;
    };
    let errors = a
        .diagnostics
        .iter()
        .take_while(|d| d.severity() == crate::Severity::Error)
        .count();
    a.diagnostics.splice(errors..errors, diagnostics);
    // Items were read but none is left to count: no headline, as when nothing was read.
    if !v.items.is_empty() && v.items.iter().all(|i| !i.counted) {
        a.scored = false;
        let message = format!(
            "{}: every item read ({}) was left out, since its evidence is not in the work; there is no score",
            crate::NOTHING_READ,
            v.items.len()
        );
        a.diagnostics
            .insert(errors, Diagnostic::new(Kind::NothingRead, message));
    }
    if note_skipped {
        a.diagnostics.extend(v.skipped_note());
    }
    a.evidence = Some(v);
}
