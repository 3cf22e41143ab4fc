//! Evidence items: one observation, its impact, and the optional labels that place it in a
//! matrix (criterion, perspective) or a feedback bucket.

use crate::Impact;
use std::fmt;

/// One observation with its signed impact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The signed weight of the observation.
    pub impact: Impact,
    /// What was observed, in the evaluator's words. May be empty.
    pub text: String,
    /// The criterion the item bears on (matrix scoring), if labelled.
    pub criterion: Option<String>,
    /// Whose point of view found it (requester, end user, adversary, …), if labelled.
    pub perspective: Option<String>,
    /// The feedback bucket the item was filed under, if any.
    pub bucket: Option<Bucket>,
}

impl Item {
    /// An unlabelled item.
    pub fn new(impact: Impact, text: impl Into<String>) -> Item {
        Item {
            impact,
            text: text.into(),
            criterion: None,
            perspective: None,
            bucket: None,
        }
    }

    /// The same item labelled with a criterion.
    pub fn with_criterion(mut self, criterion: impl Into<String>) -> Item {
        self.criterion = Some(criterion.into());
        self
    }

    /// The item as a line of the grammar `parse` reads (the inverse of reading one line):
    /// `- (+5, requester × brief_fidelity) text`; a text that starts like a separator (`- x`,
    /// `: x`) gets one, and line breaks become spaces, so the line reads back as this item.
    /// One exception: a perspective without a criterion (which JSON input allows) is not
    /// written, since the line grammar has no form for it.
    ///
    /// ```
    /// use pickanumber_score::{Impact, Item};
    /// let i = Item::new(Impact::PlusThree, "- a dash").with_criterion("craft");
    /// assert_eq!(i.line(), "- (+3, craft) — - a dash");
    /// ```
    pub fn line(&self) -> String {
        let labels = match (&self.perspective, &self.criterion) {
            (Some(p), Some(c)) => format!(", {p} × {c}"),
            (None, Some(c)) => format!(", {c}"),
            _ => String::new(),
        };
        let text = self.text.replace(['\n', '\r'], " ");
        if text.is_empty() {
            format!("- ({}{labels})", self.impact)
        } else if crate::parse::starts_like_separator(&text) {
            format!("- ({}{labels}) — {text}", self.impact)
        } else {
            format!("- ({}{labels}) {text}", self.impact)
        }
    }
}

/// The four buckets of a feedback review, in the order they are processed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Bucket {
    /// What works: positive items only (+1, +2, +3, +5). Action: keep doing.
    Working,
    /// What is broken: −1, −2, −3, −5. Action: fix.
    NotWorking,
    /// What is absent: −1, −2, −3, −5. Action: add.
    Missing,
    /// What is unclear: −1, −2, −3 only (unclear framing is not always a real flaw). Action: clarify.
    Confusing,
}

impl Bucket {
    /// All buckets in processing order.
    pub const ALL: [Bucket; 4] = [
        Bucket::Working,
        Bucket::NotWorking,
        Bucket::Missing,
        Bucket::Confusing,
    ];

    /// The impacts allowed in this bucket.
    pub fn allowed(self) -> &'static [Impact] {
        use Impact::*;
        match self {
            Bucket::Working => &[PlusOne, PlusTwo, PlusThree, PlusFive],
            Bucket::NotWorking | Bucket::Missing => &[MinusOne, MinusTwo, MinusThree, MinusFive],
            Bucket::Confusing => &[MinusOne, MinusTwo, MinusThree],
        }
    }

    /// The machine name used in JSON: `working`, `not_working`, `missing`, `confusing`.
    pub fn key(self) -> &'static str {
        match self {
            Bucket::Working => "working",
            Bucket::NotWorking => "not_working",
            Bucket::Missing => "missing",
            Bucket::Confusing => "confusing",
        }
    }

    /// The bucket a heading or key names (`Working`, `not working`, `not_working`, …), if any.
    pub fn from_name(name: &str) -> Option<Bucket> {
        let norm: String = name
            .trim()
            .chars()
            .map(|c| {
                if c == ' ' || c == '-' {
                    '_'
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect();
        Bucket::ALL.into_iter().find(|b| b.key() == norm)
    }
}

/// The heading form: `Working`, `Not working`, `Missing`, `Confusing`.
impl fmt::Display for Bucket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Bucket::Working => "Working",
            Bucket::NotWorking => "Not working",
            Bucket::Missing => "Missing",
            Bucket::Confusing => "Confusing",
        })
    }
}
