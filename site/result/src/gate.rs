//! The gate for pipelines: `--fail-under N`, `--min-confidence C`, `--require-self-check`
//! and `--max-unverified RATE` (the share of checkable items whose evidence is not in the
//! judged work) turn the headline into a pass or a miss. A miss exits 3 with the JSON still printed (and a
//! `gate` object in it saying which check missed); exit 1 and 2 keep their meanings and win
//! over 3, since a score with item errors or no score at all is not a score to gate.
//!
//! Each miss is a sentence that ends with the option it checks, spelled as the caller's front
//! end spells it ([`Spelling::in_gate`], from the option's name in the table of scoring
//! options): `final 62 is under 70 (--fail-under)` from the CLI, `(fail_under=)` from Python,
//! `(failUnder)` from npm.

use crate::Spelling;
use pickanumber_result_view::{words::RESULT, working::headline_label};
use pickanumber_score::Analysis;
use serde::Serialize;

/// The gate's options, as [`crate::table::SCORING_OPTIONS`] names them.
const GATE_OPTIONS: [&str; 4] = [
    "fail_under",
    "min_confidence",
    "require_self_check",
    "max_unverified",
];

/// The thresholds a caller gives, and how its front end names them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gate {
    /// The headline must be at least this.
    pub fail_under: Option<f64>,
    /// The headline's confidence must be at least this.
    pub min_confidence: Option<f64>,
    /// In matrix mode, the criteria finals must span at least the self-check's 20 points.
    pub require_self_check: bool,
    /// The share of checkable items (verified or not found) whose evidence is not in the
    /// judged work must be at most this (0 to 1); it needs a work to check against.
    pub max_unverified: Option<f64>,
    /// How the misses' sentences spell the options (the CLI's flags by default).
    pub names: Spelling,
}

impl Default for Gate {
    /// [`Gate::NONE`].
    fn default() -> Gate {
        Gate::NONE
    }
}

impl Gate {
    /// No threshold, the CLI's spelling: the gate every caller starts from (in a `const`
    /// too, as `Gate { fail_under: Some(70.0), ..Gate::NONE }`).
    pub const NONE: Gate = Gate {
        fail_under: None,
        min_confidence: None,
        require_self_check: false,
        max_unverified: None,
        names: Spelling::Cli,
    };

    /// Whether any threshold was given.
    pub fn is_set(&self) -> bool {
        self.fail_under.is_some()
            || self.min_confidence.is_some()
            || self.require_self_check
            || self.max_unverified.is_some()
    }

    /// The checks that miss, as sentences (`final 62 is under 70 (--fail-under)`, with the
    /// option named as [`Gate::names`] spells it); empty when the headline passes. An analysis
    /// with no headline misses every check it cannot pass.
    pub fn misses(&self, a: &Analysis) -> Vec<String> {
        let h = a.headline();
        // The gate's options by their names in the table of scoring options.
        let [fail_under, min_confidence, require_self_check, max_unverified] =
            GATE_OPTIONS.map(|o| self.names.in_gate(o));
        let mut out = Vec::new();
        if let Some(n) = self.fail_under {
            match h {
                Some(h) if h.score >= n => {}
                Some(h) => out.push(format!(
                    "{} {} is under {} ({fail_under})",
                    headline_label(h.kind, &RESULT).to_lowercase(),
                    h.score_text(),
                    trim(n)
                )),
                None => out.push(format!("there is no score to compare with {fail_under}")),
            }
        }
        if let Some(c) = self.min_confidence {
            match h {
                Some(h) if h.confidence >= c => {}
                Some(h) => out.push(format!(
                    "confidence {} is under {} ({min_confidence})",
                    h.confidence_text(),
                    trim(c)
                )),
                None => out.push(format!(
                    "there is no confidence to compare with {min_confidence}"
                )),
            }
        }
        if self.require_self_check {
            match a.matrix().map(|m| m.result.as_ref()) {
                Some(Ok(s)) if s.self_check => {}
                Some(Ok(s)) => out.push(format!(
                    "the self-check fails: the criteria span {} points, under {} ({require_self_check})",
                    trim(s.span),
                    trim(a.params.self_check_span)
                )),
                Some(Err(_)) => out.push(format!("the weights cannot be used, so there is no self-check ({require_self_check})")),
                None => out.push(format!(
                    "the self-check needs matrix mode; this input was scored in {} mode ({require_self_check})",
                    a.mode()
                )),
            }
        }
        if let Some(rate) = self.max_unverified {
            match a.evidence.as_ref().map(|v| v.counts) {
                None => out.push(format!(
                    "no work was given to check the evidence against ({max_unverified})"
                )),
                Some(c) => {
                    let over = |c: pickanumber_score::verify::Counts, whose: &str| {
                        c.invented_rate().filter(|&r| r > rate).map(|r| {
                            format!(
                                "{whose}{} of {} checkable items cite evidence not in the work ({}), over {} ({max_unverified})",
                                c.not_found,
                                c.verified + c.located + c.not_found,
                                pickanumber_text::numtext::fixed(r, 3),
                                trim(rate)
                            )
                        })
                    };
                    out.extend(over(c, ""));
                    // Each judge on its own too: one that invents fails the gate even when
                    // the others' verified items keep the overall rate under it.
                    for p in a.passes.iter().flat_map(|p| &p.passes) {
                        if let Some(v) = p.analysis.evidence.as_ref() {
                            out.extend(over(v.counts, &format!("pass {}: ", p.name)));
                        }
                    }
                }
            }
        }
        out
    }

    /// The `gate` object of the JSON: the thresholds (`max_unverified` only when set), whether
    /// the headline passed, and why not.
    pub fn result(self, misses: &[String]) -> GateResult {
        GateResult {
            fail_under: self.fail_under,
            min_confidence: self.min_confidence,
            require_self_check: self.require_self_check,
            passed: misses.is_empty(),
            misses: misses.to_vec(),
            max_unverified: self.max_unverified,
            require_card: None,
        }
    }
}

/// The gate's verdict in the JSON, present when a threshold was given.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Gate"))]
pub struct GateResult {
    /// The headline's minimum, or `null`.
    pub fail_under: Option<f64>,
    /// The confidence's minimum, or `null`.
    pub min_confidence: Option<f64>,
    /// Whether the matrix self-check must pass.
    pub require_self_check: bool,
    /// Whether every check passed.
    pub passed: bool,
    /// The checks that missed, as sentences naming the option as the caller's front end
    /// spells it (`final 62 is under 70 (--fail-under)`).
    pub misses: Vec<String>,
    /// The most share of checkable items whose evidence is not in the work; present only
    /// when given, so that a gate without a work keeps its keys.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_unverified: Option<f64>,
    /// The card fields required to hold a value (`--require-card FIELD=VALUE`), field by
    /// field; present only when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub require_card: Option<std::collections::BTreeMap<String, String>>,
}

/// A threshold as typed: `70`, `0.5`.
fn trim(x: f64) -> String {
    pickanumber_text::numtext::trim_number(x)
}

/// `--min-confidence`'s value: a number from 0 to 1.
pub fn parse_confidence(s: &str) -> Result<f64, String> {
    match pickanumber_score::parse_decimal(s) {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "{s:?} is not a confidence from 0 to 1, such as 0.5"
        )),
    }
}

/// `--max-unverified`'s value: a share from 0 to 1.
pub fn parse_rate(s: &str) -> Result<f64, String> {
    match pickanumber_score::parse_decimal(s) {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{s:?} is not a rate from 0 to 1, such as 0.1")),
    }
}

/// `--fail-under`'s value: a score from 0 to 100.
pub fn parse_score(s: &str) -> Result<f64, String> {
    match pickanumber_score::parse_decimal(s) {
        Ok(x) if (0.0..=100.0).contains(&x) => Ok(x),
        _ => Err(format!("{s:?} is not a score from 0 to 100, such as 70")),
    }
}

#[cfg(test)]
mod names_tests {
    /// Each option the gate names is a row of the table of scoring options, so its spelling
    /// in every front end is the table's.
    #[test]
    fn the_gate_options_are_scoring_options() {
        for o in super::GATE_OPTIONS {
            assert!(crate::table::option(o).is_some(), "{o}");
        }
    }
}
