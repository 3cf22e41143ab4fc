//! Saved passes: the headline of each saved version of an evaluation, kept in this browser's
//! localStorage in a small text format, one pass a line: `v2 <score> <confidence‰> <mode>`,
//! the score an integer and the confidence in thousandths, so reading them back needs no
//! float parsing.

use pickanumber_score::Mode;

/// The localStorage key.
pub const KEY: &str = "pickanumber.passes";

/// One saved pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    /// The headline score (an integer: the calculator always rounds).
    pub score: i64,
    /// The headline confidence in thousandths.
    pub confidence_milli: i64,
    /// The mode it was scored in.
    pub mode: Mode,
}

impl Pass {
    /// A pass from a headline score and confidence.
    pub fn new(score: f64, confidence: f64, mode: Mode) -> Pass {
        Pass {
            score: score.round() as i64,
            confidence_milli: (confidence * 1000.0).round() as i64,
            mode,
        }
    }

    /// The confidence as a fraction.
    pub fn confidence(&self) -> f64 {
        self.confidence_milli as f64 / 1000.0
    }
}

/// The stored text of a list of passes.
pub fn encode(passes: &[Pass]) -> String {
    passes
        .iter()
        .map(|p| format!("v2 {} {} {}\n", p.score, p.confidence_milli, p.mode.name()))
        .collect()
}

/// The list items of the saved passes, each with the change from the one before, as
/// escaped markup for the calculator's `<ol>`.
pub fn list_items(passes: &[Pass]) -> String {
    use pickanumber_score::display::{delta, fixed};
    let mut out = String::new();
    for (i, p) in passes.iter().enumerate() {
        let change = match i.checked_sub(1).map(|j| passes[j]) {
            Some(prev) => format!(
                " ({})",
                delta(
                    (prev.score as f64, prev.confidence()),
                    (p.score as f64, p.confidence())
                )
            ),
            None => String::new(),
        };
        let line = format!(
            "v{}: {} · confidence {} · {}{change}",
            i + 1,
            p.score,
            fixed(p.confidence(), 2),
            p.mode.name()
        );
        out.push_str(&format!(
            "<li>{}</li>",
            pickanumber_score::html::escape(&line)
        ));
    }
    out
}

/// The saved-passes panel: a heading, the list ([`list_items`]) and the button that forgets
/// them (`#forget-passes`); empty when nothing is saved.
pub fn panel(passes: &[Pass]) -> String {
    if passes.is_empty() {
        return String::new();
    }
    format!(
        "<p class=\"calc-label\">Saved passes (this browser only)</p><ol>{}</ol><button type=\"button\" id=\"forget-passes\">Forget passes</button>",
        list_items(passes)
    )
}

/// Reads stored text back.
///
/// # Errors
/// A message when the text is not in this format (for example the JSON list an earlier
/// version stored): the caller clears it and says so.
pub fn decode(text: &str) -> Result<Vec<Pass>, String> {
    let old = || {
        "saved passes from an earlier version of this page could not be read and were cleared"
            .to_string()
    };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(' ');
            if parts.next() != Some("v2") {
                return Err(old());
            }
            let score = parts.next().and_then(|s| s.parse().ok());
            let confidence_milli = parts.next().and_then(|s| s.parse().ok());
            let mode = parts.next().and_then(Mode::from_name);
            match (score, confidence_milli, mode, parts.next()) {
                (Some(score), Some(confidence_milli), Some(mode), None) => Ok(Pass {
                    score,
                    confidence_milli,
                    mode,
                }),
                _ => Err(old()),
            }
        })
        .collect()
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The saved passes, and a message when stored passes could not be read (they are cleared).
pub fn load() -> (Vec<Pass>, Option<String>) {
    let Some(s) = storage() else {
        return (Vec::new(), None);
    };
    match s.get_item(KEY).ok().flatten() {
        None => (Vec::new(), None),
        Some(text) => match decode(&text) {
            Ok(list) => (list, None),
            Err(message) => {
                let _ = s.remove_item(KEY);
                (Vec::new(), Some(message))
            }
        },
    }
}

/// Stores the list (an empty list removes the key).
pub fn store(passes: &[Pass]) {
    if let Some(s) = storage() {
        let _ = if passes.is_empty() {
            s.remove_item(KEY)
        } else {
            s.set_item(KEY, &encode(passes))
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let list = vec![
            Pass::new(76.0, 0.25, Mode::Pooled),
            Pass::new(61.0, 0.05, Mode::Matrix),
        ];
        assert_eq!(encode(&list), "v2 76 250 pooled\nv2 61 50 matrix\n");
        assert_eq!(decode(&encode(&list)), Ok(list));
    }

    #[test]
    fn the_old_json_format_is_reported_not_misread() {
        let old = r#"[{"score":76.0,"confidence":0.25,"mode":"pooled"}]"#;
        assert_eq!(
            decode(old),
            Err("saved passes from an earlier version of this page could not be read and were cleared".into())
        );
        assert!(decode("v2 76 250 pooled extra").is_err());
        assert!(decode("v2 76 x pooled").is_err());
        assert_eq!(decode(""), Ok(vec![]));
    }
}
