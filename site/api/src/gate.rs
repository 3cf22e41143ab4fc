//! The gate for pipelines: `--fail-under N`, `--min-confidence C` and `--require-self-check`
//! turn the headline into a pass or a miss. A miss exits 3 with the JSON still printed (and a
//! `gate` object in it saying which check missed); exit 1 and 2 keep their meanings and win
//! over 3, since a score with item errors or no score at all is not a score to gate.

use pickanumber_score::Analysis;
use serde_json::{json, Value};

/// The thresholds given on the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Gate {
    /// The headline must be at least this.
    pub fail_under: Option<f64>,
    /// The headline's confidence must be at least this.
    pub min_confidence: Option<f64>,
    /// In matrix mode, the criteria finals must span at least the self-check's 20 points.
    pub require_self_check: bool,
}

impl Gate {
    /// Whether any threshold was given.
    pub fn is_set(&self) -> bool {
        self.fail_under.is_some() || self.min_confidence.is_some() || self.require_self_check
    }

    /// The checks that miss, as sentences (`final 62 is under 70 (--fail-under)`); empty when
    /// the headline passes. An analysis with no headline misses every check it cannot pass.
    pub fn misses(&self, a: &Analysis) -> Vec<String> {
        let h = a.headline();
        let mut out = Vec::new();
        if let Some(n) = self.fail_under {
            match h {
                Some(h) if h.score >= n => {}
                Some(h) => out.push(format!(
                    "{} {} is under {} (--fail-under)",
                    h.kind.label().to_lowercase(),
                    h.score_text(),
                    trim(n)
                )),
                None => out.push("there is no score to compare with --fail-under".into()),
            }
        }
        if let Some(c) = self.min_confidence {
            match h {
                Some(h) if h.confidence >= c => {}
                Some(h) => out.push(format!(
                    "confidence {} is under {} (--min-confidence)",
                    h.confidence_text(),
                    trim(c)
                )),
                None => out.push("there is no confidence to compare with --min-confidence".into()),
            }
        }
        if self.require_self_check {
            match a.matrix().map(|m| m.result.as_ref()) {
                Some(Ok(s)) if s.self_check => {}
                Some(Ok(s)) => out.push(format!(
                    "the self-check fails: the criteria span {} points, under {} (--require-self-check)",
                    trim(s.span),
                    trim(a.params.self_check_span)
                )),
                Some(Err(_)) => out.push("the weights cannot be used, so there is no self-check (--require-self-check)".into()),
                None => out.push(format!(
                    "the self-check needs matrix mode; this input was scored in {} mode (--require-self-check)",
                    a.mode()
                )),
            }
        }
        out
    }

    /// The `gate` object of the JSON: the thresholds, whether the headline passed, and why not.
    pub fn to_json(self, misses: &[String]) -> Value {
        json!({
            "fail_under": self.fail_under,
            "min_confidence": self.min_confidence,
            "require_self_check": self.require_self_check,
            "passed": misses.is_empty(),
            "misses": misses,
        })
    }
}

/// A threshold as typed: `70`, `0.5`.
fn trim(x: f64) -> String {
    pickanumber_score::display::trim_number(x)
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

/// `--fail-under`'s value: a score from 0 to 100.
pub fn parse_score(s: &str) -> Result<f64, String> {
    match pickanumber_score::parse_decimal(s) {
        Ok(x) if (0.0..=100.0).contains(&x) => Ok(x),
        _ => Err(format!("{s:?} is not a score from 0 to 100, such as 70")),
    }
}
