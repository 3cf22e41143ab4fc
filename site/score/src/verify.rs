//! Evidence checked against the judged work: text → items → **verify** → analysis → view.
//!
//! Deterministic, and without a model: given the [`Work`] (a text, or a bounded tree of
//! files) and the items, every item gets one [`Status`] with its reason ([`Check`]).
//!
//! # The grammar of evidence
//!
//! An item's evidence is read from its text (a JSON item's `evidence` field is part of its
//! text, after ` — `):
//!
//! | form | example | checked how |
//! |---|---|---|
//! | a quote, in straight or curly double quotes | `"all inputs are validated"`, `“retries = 3”` | found in the work |
//! | a quote with an ellipsis | `"fn main() … Ok(())"` | each piece found, in order, in one file |
//! | a line of a file | `src/api.rs:88` (also `api.rs:88:5`) | the file has the line |
//! | lines of a file | `src/api.rs:88-92`, `api.rs:88–92` | the file has the lines |
//! | a line as a link fragment | `src/api.rs#L88`, `api.rs#L88-L92` | the file has the lines |
//! | a URL | `https://example.org/report` | not checkable |
//! | a time in a recording | `12:34`, `1:02:03`, `t=90s` | not checkable |
//! | a page | `p. 7`, `pp. 3-4`, `page 12` | not checkable |
//!
//! A path names a file of the tree by its exact relative path, or by a suffix that only one
//! file's path ends with (`api.rs` for `src/api.rs`). A quote given with a place must stand
//! within [`NEAR_LINES`] lines of it (of one of the places, when the item gives several).
//!
//! Matching normalises both sides ([`normalise`]): white space runs are one space, curly quotes
//! are straight, dashes are `-`, ASCII letters are compared without case; a trailing `.`, `,`
//! or `;` of a quote is left out. Nothing else is forgiven: a paraphrase is `not_found`, with
//! the closest passage shown when one differs in few words ([`CLOSE_WORDS`]).
//!
//! # The statuses
//!
//! - `verified`: every quote and place the item gives is in the work;
//! - `not_found`: one is not (the reason names it, and the closest match where one is close);
//! - `not_checkable`: the item cites only what the work cannot confirm (a URL, a timestamp,
//!   a page), or places against a work that is one text without file names;
//! - `no_evidence`: the item cites nothing.
//!
//! ```
//! use pickanumber_score::verify::{verify_text, Status, Work};
//! let work = Work::files([("src/api.rs", "fn check(x: u8) {\n    assert!(x < 10);\n}\n")]).unwrap();
//! let checks = verify_text(&work, &[
//!     "+3 \"assert!(x < 10)\" (api.rs:2)",
//!     "+5 \"all inputs are validated\" (api.rs:88)",
//!     "+1 see https://example.org",
//!     "+2 looks tidy",
//! ]);
//! let statuses: Vec<Status> = checks.iter().map(|c| c.status).collect();
//! assert_eq!(statuses, [Status::Verified, Status::NotFound, Status::NotCheckable, Status::NoEvidence]);
//! assert_eq!(checks[1].reason, "api.rs:88 is beyond the end of src/api.rs (3 lines)");
//! ```

#[cfg(feature = "verify")]
mod apply;
mod evidence;
#[cfg(feature = "verify")]
mod search;
// Without the `verify` feature nothing searches the work, so its lookups go unused.
#[cfg_attr(not(feature = "verify"), allow(dead_code))]
mod work;

#[cfg(feature = "verify")]
pub(crate) use apply::{apply, attach};
#[cfg(feature = "verify")]
pub use apply::{Against, ItemCheck, Unverified, Verification};
pub use evidence::{evidence, Evidence, Place};
pub use work::{
    normalise, Work, WorkError, WorkFile, MAX_WORK_BYTES, MAX_WORK_FILES, SKIPPED_DIRS,
};

#[cfg(feature = "verify")]
use search::Index;

/// The grammar of evidence as a judge is told it (the rubric's prompt and the schema's
/// `evidence` description), in the forms the verifier reads.
pub const FOR_JUDGES: &str = "a quotation copied verbatim from the work in double quotes (\"…\"; an ellipsis … marks a cut), a place as path:line, path:line-line or path#Lnn, or both";

/// What a judge is told happens to evidence the work does not have.
pub const NOT_COUNTED: &str = "every quotation and place is checked against the work, and an item whose evidence is not in it does not count";

/// How many lines before and after a cited place a quote may stand and still be at it.
pub const NEAR_LINES: usize = 3;
/// A passage is shown as the closest match when it differs from the quote in at most one
/// word in this many (and at least one word).
pub const CLOSE_WORDS: usize = 4;

/// What checking an item's evidence found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Every quote and place the item gives is in the work.
    Verified,
    /// A quote or place the item gives is not in the work.
    NotFound,
    /// The item cites only what the work cannot confirm.
    NotCheckable,
    /// The item cites nothing.
    NoEvidence,
}

impl Status {
    /// Every status, in the order counts list them.
    pub const ALL: [Status; 4] = [
        Status::Verified,
        Status::NotFound,
        Status::NotCheckable,
        Status::NoEvidence,
    ];

    /// The machine name: `verified`, `not_found`, `not_checkable`, `no_evidence`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Verified => "verified",
            Status::NotFound => "not_found",
            Status::NotCheckable => "not_checkable",
            Status::NoEvidence => "no_evidence",
        }
    }
}

/// One item's status, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The status.
    pub status: Status,
    /// Why, in a sentence: what was found where, or what was not.
    pub reason: String,
    /// For `not_found` quotes: the passage of the work closest to the quote, as written (its
    /// white space runs one space), when one is close.
    pub closest: Option<String>,
}

#[cfg(feature = "verify")]
/// Checks each text's evidence against the work.
pub fn verify_text(work: &Work, texts: &[&str]) -> Vec<Check> {
    let cited: Vec<Evidence> = texts.iter().map(|t| evidence(t)).collect();
    verify(work, &cited)
}

#[cfg(feature = "verify")]
/// Checks each item's evidence against the work: one [`Check`] per item, in order. The
/// quotes of every item are searched in one pass over the work.
pub fn verify(work: &Work, cited: &[Evidence]) -> Vec<Check> {
    let pieces: Vec<Vec<Vec<String>>> = cited
        .iter()
        .map(|e| e.quotes.iter().map(|q| pieces_of(q)).collect())
        .collect();
    let index = Index::new(work, pieces.iter().flatten().flatten().map(String::as_str));
    cited
        .iter()
        .zip(&pieces)
        .map(|(e, p)| check_one(work, &index, e, p))
        .collect()
}

#[cfg(feature = "verify")]
/// A quote's pieces, normalised: split at each ellipsis, each trimmed of white space and of a
/// trailing `.`, `,` or `;`; empty pieces left out.
fn pieces_of(quote: &str) -> Vec<String> {
    normalise(quote)
        .split("...")
        .map(|p| {
            p.trim()
                .trim_end_matches(['.', ',', ';'])
                .trim()
                .to_string()
        })
        .filter(|p| !p.is_empty())
        .collect()
}

#[cfg(feature = "verify")]
/// One item's check.
fn check_one(work: &Work, index: &Index, e: &Evidence, pieces: &[Vec<String>]) -> Check {
    if e.is_empty() {
        return Check {
            status: Status::NoEvidence,
            reason: "cites no quote, place, URL, time or page".into(),
            closest: None,
        };
    }
    if e.quotes.is_empty() && e.places.is_empty() {
        return Check {
            status: Status::NotCheckable,
            reason: format!(
                "cites only what the work cannot show: {}",
                e.uncheckable.join(", ")
            ),
            closest: None,
        };
    }
    if !e.places.is_empty() && work.anonymous {
        return Check {
            status: Status::NotCheckable,
            reason: format!("cites {} but the work is one text without file names: give the work as a file or a folder", e.places[0].written),
            closest: None,
        };
    }
    let not_found = |reason: String, closest: Option<String>| Check {
        status: Status::NotFound,
        reason,
        closest,
    };
    // Each place: a file of the tree that has the lines.
    let mut spans: Vec<(&WorkFile, usize, usize, &Place)> = Vec::new();
    for p in &e.places {
        let files = work.by_path(&p.path);
        let file = match files.as_slice() {
            [] => return not_found(format!("no file of the work is named {}", p.path), None),
            [f] => *f,
            several => {
                let names: Vec<&str> = several.iter().take(5).map(|f| f.path.as_str()).collect();
                return not_found(
                    format!(
                        "{} names more than one file ({}): give more of the path",
                        p.path,
                        names.join(", ")
                    ),
                    None,
                );
            }
        };
        if p.first == 0 || p.last < p.first {
            return not_found(
                format!(
                    "{} names no line (lines count from 1, first to last)",
                    p.written
                ),
                None,
            );
        }
        if p.last > file.lines() {
            return not_found(
                format!(
                    "{} is beyond the end of {} ({} lines)",
                    p.written,
                    file.path,
                    file.lines()
                ),
                None,
            );
        }
        let (a, b) = file.span(p.first, p.last, NEAR_LINES);
        spans.push((file, a, b, p));
    }
    let mut found = Vec::new();
    for (quote, pieces) in e.quotes.iter().zip(pieces) {
        if pieces.is_empty() {
            continue;
        }
        if spans.is_empty() {
            match index.find_in_order(work, pieces) {
                Some((file, at)) => found.push(format!("\"{quote}\" at {}", place_name(file, at))),
                None => {
                    let closest = index.closest(work, pieces);
                    let tail = closest
                        .as_ref()
                        .map_or(String::new(), |c| format!("; closest: \"{c}\""));
                    return not_found(format!("\"{quote}\" is not in the work{tail}"), closest);
                }
            }
        } else {
            let near = spans.iter().find_map(|&(f, a, b, _)| {
                search::in_order(&f.norm[a..b], pieces).map(|at| (f, a + at))
            });
            match near {
                Some((file, at)) => found.push(format!("\"{quote}\" at {}", place_name(file, at))),
                None => {
                    let places: Vec<&str> = spans.iter().map(|s| s.3.written.as_str()).collect();
                    let elsewhere = index
                        .find_in_order(work, pieces)
                        .map_or(String::new(), |(f, at)| {
                            format!(" (it is at {})", place_name(f, at))
                        });
                    let closest = if elsewhere.is_empty() {
                        index.closest(work, pieces)
                    } else {
                        None
                    };
                    let tail = closest
                        .as_ref()
                        .map_or(String::new(), |c| format!("; closest: \"{c}\""));
                    return not_found(
                        format!(
                            "\"{quote}\" is not within {NEAR_LINES} lines of {}{elsewhere}{tail}",
                            places.join(" or ")
                        ),
                        closest,
                    );
                }
            }
        }
    }
    let mut reason: Vec<String> = found;
    reason.extend(spans.iter().map(|s| format!("{} exists", s.3.written)));
    Check {
        status: Status::Verified,
        reason: format!("found: {}", reason.join("; ")),
        closest: None,
    }
}

#[cfg(feature = "verify")]
/// `src/api.rs:12`, or `line 12` in a work that is one text.
fn place_name(file: &WorkFile, at: usize) -> String {
    match file.path.is_empty() {
        true => format!("line {}", file.line_at(at)),
        false => format!("{}:{}", file.path, file.line_at(at)),
    }
}

/// How many items of each status, and the invented-evidence rate.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Counts {
    /// Items verified.
    pub verified: usize,
    /// Items with a quote or place not found.
    pub not_found: usize,
    /// Items citing only what the work cannot confirm.
    pub not_checkable: usize,
    /// Items citing nothing.
    pub no_evidence: usize,
}

impl Counts {
    /// The counts of these checks.
    pub fn of<'a>(checks: impl IntoIterator<Item = &'a Check>) -> Counts {
        let mut c = Counts::default();
        for k in checks {
            match k.status {
                Status::Verified => c.verified += 1,
                Status::NotFound => c.not_found += 1,
                Status::NotCheckable => c.not_checkable += 1,
                Status::NoEvidence => c.no_evidence += 1,
            }
        }
        c
    }

    /// The count of one status.
    pub fn get(&self, s: Status) -> usize {
        match s {
            Status::Verified => self.verified,
            Status::NotFound => self.not_found,
            Status::NotCheckable => self.not_checkable,
            Status::NoEvidence => self.no_evidence,
        }
    }

    /// The invented-evidence rate: the share of checkable items (verified or not found) whose
    /// evidence was not found; `None` when no item was checkable.
    pub fn invented_rate(&self) -> Option<f64> {
        let checkable = self.verified + self.not_found;
        (checkable > 0).then(|| self.not_found as f64 / checkable as f64)
    }
}
