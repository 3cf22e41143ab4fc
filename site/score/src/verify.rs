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
//! | a quotation, in straight or curly double quotes | `"all inputs are validated"`, `“retries = 3”` | found whole in the work |
//! | a quotation with an ellipsis | `"fn main() … Ok(())"` | each piece found, in order, in one file |
//! | a line of a file | `src/api.rs:88` (also `api.rs:88:5`, `Makefile:3`) | the file has the line |
//! | lines of a file | `src/api.rs:88-92`, `api.rs:88–92` | the file has the lines |
//! | a line as a link fragment | `src/api.rs#L88`, `api.rs#L88-L92` | the file has the lines |
//! | a URL | `https://example.org/report` | not checkable |
//! | a time in a recording | `12:34`, `1:02:03`, `t=90s` | not checkable |
//! | a page | `p. 7`, `pp. 3-4`, `page 12` | not checkable |
//!
//! A quotation is everything between its outer quotation marks: marks inside it are part of
//! its text, read by one rule ([`QUOTATION_RULE`]), so `"write_str("empty")"` is the whole
//! call and `"write_str("invented")"` is searched whole, never as the fragments around the
//! inner marks. A quotation never closed by that rule does not read, and neither does a place
//! whose line is not a line number (`a.rs:0`, `a.rs:-1`, ten digits): the item is `not_found`,
//! with the rule in its reason.
//!
//! A path names a file of the tree by its exact relative path, or by a suffix that only one
//! file's path ends with (`api.rs` for `src/api.rs`); a bare name (`Makefile`) is a place only
//! when a file has that name. When the work is one file, read from its path, a place whose
//! file name is that file's names it (`src/lib.rs:3` against `semver/src/lib.rs`). A quotation
//! given with a place must stand within [`NEAR_LINES`] lines of it (of one of the places, when
//! the item gives several).
//!
//! Matching normalises both sides ([`normalise`]): white space runs are one space, curly quotes
//! are straight, a backslash before a quotation mark is left out (so `\"` in a source line is
//! matched by a quotation that writes `\"` or `"`), dashes are `-`, ASCII letters are compared
//! without case; a trailing `.`, `,` or `;` of a quotation is left out. A doubled mark (`""`)
//! is compared as written. Nothing else is forgiven: a paraphrase is `not_found`, with the
//! closest passage shown when one differs in few words ([`CLOSE_WORDS`]). A quotation with no
//! letter or digit (`"..."`, `"."`) is not evidence (`not_found`); one with fewer than
//! [`MIN_QUOTE_CHARS`] stands almost anywhere and is not checked.
//!
//! # The statuses
//!
//! - `verified`: the item quotes the work, every quotation was found whole (within
//!   [`NEAR_LINES`] of its place, when a place is given), and every place exists;
//! - `located`: the item gives places and no quotation to check, and the work has those lines:
//!   the line exists, what the item says of it was not checked;
//! - `not_found`: a quotation or place is not in the work, or a citation does not read (the
//!   reason names it, and the closest match where one is close);
//! - `not_checkable`: the item cites only what the work cannot confirm (a URL, a timestamp,
//!   a page, a quotation too short to identify a place), or places against a work that is one
//!   text without file names (with no quotation to check);
//! - `no_evidence`: the item cites nothing.
//!
//! By default the score leaves `not_found` items out and counts the others; evidence can be
//! required (`no_evidence` left out) and quotations too (`located` and `not_checkable` left
//! out as well), see [`Against`].
//!
//! ```
//! use pickanumber_score::verify::{verify_text, Status, Work};
//! let work = Work::files([("src/api.rs", "fn check(x: u8) {\n    assert!(x < 10);\n}\n")]).unwrap();
//! let checks = verify_text(&work, &[
//!     "+3 \"assert!(x < 10)\" (api.rs:2)",
//!     "+5 \"all inputs are validated\" (api.rs:88)",
//!     "+1 see https://example.org",
//!     "+2 looks tidy",
//!     "+2 the bound is checked (api.rs:2)",
//! ]);
//! let statuses: Vec<Status> = checks.iter().map(|c| c.status).collect();
//! assert_eq!(statuses, [Status::Verified, Status::NotFound, Status::NotCheckable, Status::NoEvidence, Status::Located]);
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
pub(crate) use apply::{apply, apply_all, attach};
#[cfg(feature = "verify")]
pub use apply::{Against, ItemCheck, Unverified, Verification};
pub use evidence::{evidence, Evidence, Place, Unreadable, QUOTATION_RULE};
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

/// The fewest letters and digits a quotation holds (its pieces together) to be checked: a
/// shorter one (`"a"`, `"x=1"`'s two) stands almost anywhere, so finding it proves nothing.
pub const MIN_QUOTE_CHARS: usize = 3;

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
    /// The item quotes the work, and every quotation is in it (at its place, where one is
    /// given), every place too. Always counted.
    Verified,
    /// The item gives places only (`path:line`), and the work has those lines; what the item
    /// says of them was not checked. Counted unless quotations are required.
    Located,
    /// A quotation or place the item gives is not in the work, or a citation does not read.
    /// Left out unless unverified items are kept.
    NotFound,
    /// The item cites only what the work cannot confirm. Counted unless quotations are
    /// required.
    NotCheckable,
    /// The item cites nothing. Counted unless evidence or quotations are required.
    NoEvidence,
}

impl Status {
    /// Every status, in the order counts list them.
    pub const ALL: [Status; 5] = [
        Status::Verified,
        Status::Located,
        Status::NotFound,
        Status::NotCheckable,
        Status::NoEvidence,
    ];

    /// The machine name: `verified`, `located`, `not_found`, `not_checkable`, `no_evidence`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Verified => "verified",
            Status::Located => "located",
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
/// One item's check: see the statuses in the module documentation.
fn check_one(work: &Work, index: &Index, e: &Evidence, pieces: &[Vec<String>]) -> Check {
    let not_found = |reason: String, closest: Option<String>| Check {
        status: Status::NotFound,
        reason,
        closest,
    };
    // A bare name (`Makefile:3`) is a place only when the work has a file of that name.
    let places: Vec<&Place> = e
        .places
        .iter()
        .filter(|p| !p.bare || !work.by_path(&p.path).is_empty())
        .collect();
    if e.quotes.is_empty()
        && places.is_empty()
        && e.uncheckable.is_empty()
        && e.unreadable.is_empty()
    {
        return Check {
            status: Status::NoEvidence,
            reason: "cites no quotation, place, URL, time or page".into(),
            closest: None,
        };
    }
    if let Some(u) = e.unreadable.first() {
        return not_found(format!("{} does not read: {}", u.written, u.why), None);
    }
    // Each quotation by what it holds to find: nothing, too little, or enough.
    let mut checkable = Vec::new();
    let mut short = Vec::new();
    for (quote, pieces) in e.quotes.iter().zip(pieces) {
        let letters: usize = pieces
            .iter()
            .map(|p| p.chars().filter(|c| c.is_alphanumeric()).count())
            .sum();
        match letters {
            0 => {
                return not_found(
                    format!("\"{quote}\" holds no letter or digit: a quotation with nothing to find is not evidence"),
                    None,
                )
            }
            n if n < MIN_QUOTE_CHARS => short.push(quote.as_str()),
            _ => checkable.push((quote, pieces)),
        }
    }
    let short_note = match short.as_slice() {
        [] => String::new(),
        s => format!(
            "; too short to identify a place (fewer than {MIN_QUOTE_CHARS} letters or digits), not checked: \"{}\"",
            s.join("\", \"")
        ),
    };
    // Each place: a file of the tree that has the lines. A work that is one text has no
    // file names, so its places cannot be checked; its quotations still are.
    let mut spans: Vec<(&WorkFile, usize, usize, &Place)> = Vec::new();
    let mut unplaced = String::new();
    if work.anonymous && !places.is_empty() {
        unplaced = format!(
            "; {} not checked: the work is one text without file names",
            places
                .iter()
                .map(|p| p.written.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
    } else {
        for p in &places {
            let files = work.by_path(&p.path);
            let file = match files.as_slice() {
                [] => return not_found(format!("no file of the work is named {}", p.path), None),
                [f] => *f,
                several => {
                    let names: Vec<&str> =
                        several.iter().take(5).map(|f| f.path.as_str()).collect();
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
    }
    let mut found = Vec::new();
    for (quote, pieces) in &checkable {
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
                index.find_within(work, f, a, b, pieces).map(|at| (f, at))
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
    let reason = reason.join("; ");
    if !checkable.is_empty() {
        return Check {
            status: Status::Verified,
            reason: format!("found: {reason}{unplaced}{short_note}"),
            closest: None,
        };
    }
    if !spans.is_empty() {
        return Check {
            status: Status::Located,
            reason: format!(
                "{reason}; no quotation, so what the item says of it was not checked{short_note}"
            ),
            closest: None,
        };
    }
    let mut cannot: Vec<String> = places.iter().map(|p| p.written.clone()).collect();
    cannot.extend(e.uncheckable.iter().cloned());
    cannot.extend(short.iter().map(|q| format!("\"{q}\"")));
    let why = if work.anonymous && !places.is_empty() {
        " (the work is one text without file names: give the work as a file or a folder)"
            .to_string()
    } else if !short.is_empty() {
        format!(
            " (a quotation needs at least {MIN_QUOTE_CHARS} letters or digits to identify a place)"
        )
    } else {
        String::new()
    };
    Check {
        status: Status::NotCheckable,
        reason: format!(
            "cites only what the work cannot show: {}{why}",
            cannot.join(", ")
        ),
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
    /// Items whose places exist, with no quotation checked.
    pub located: usize,
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
                Status::Located => c.located += 1,
                Status::NotFound => c.not_found += 1,
                Status::NotCheckable => c.not_checkable += 1,
                Status::NoEvidence => c.no_evidence += 1,
            }
        }
        c
    }

    /// These counts and `other`'s, added status by status.
    pub fn plus(self, other: Counts) -> Counts {
        Counts {
            verified: self.verified + other.verified,
            located: self.located + other.located,
            not_found: self.not_found + other.not_found,
            not_checkable: self.not_checkable + other.not_checkable,
            no_evidence: self.no_evidence + other.no_evidence,
        }
    }

    /// The count of one status.
    pub fn get(&self, s: Status) -> usize {
        match s {
            Status::Verified => self.verified,
            Status::Located => self.located,
            Status::NotFound => self.not_found,
            Status::NotCheckable => self.not_checkable,
            Status::NoEvidence => self.no_evidence,
        }
    }

    /// The invented-evidence rate: the share of the items whose evidence was checked
    /// (verified, located or not found) whose evidence was not found; `None` when no item's
    /// was. A located item's place was found, but not what it says of the place.
    pub fn invented_rate(&self) -> Option<f64> {
        let checkable = self.verified + self.located + self.not_found;
        (checkable > 0).then(|| self.not_found as f64 / checkable as f64)
    }
}
