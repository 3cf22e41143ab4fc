//! `combine(passes, options)`: several judges' passes, as the JSON text
//! `[{"name": …, "items": …}, …]` the JavaScript entry writes → checked (a name each, no name
//! twice, headings only in a lone pass) → [`pickanumber_result::evaluate_passes`], the function
//! `pickanumber combine` calls → the same JSON object.

use pickanumber_result::{evaluate, evaluate_passes, Evaluation, Options};
use pickanumber_score::has_pass_headings;
use serde_json::Value;

use crate::options::describe;

/// The passes' names and texts.
///
/// # Errors
/// Not a non-empty list of `{name, items}` with text items, an empty name, a name used twice,
/// or a text over `max` bytes.
fn read(json: &str, max: usize) -> Result<Vec<(String, String)>, String> {
    let value: Value = serde_json::from_str(json).map_err(|e| format!("not JSON: {e}"))?;
    let list = match &value {
        Value::Array(list) if !list.is_empty() => list,
        Value::Array(_) => return Err("passes: the list is empty: give one pass or more".into()),
        other => return Err(format!("passes: must be a list, not {}", describe(other))),
    };
    let mut out: Vec<(String, String)> = Vec::new();
    for (i, pass) in list.iter().enumerate() {
        let at = format!("passes[{i}]");
        let name = pass
            .get("name")
            .and_then(Value::as_str)
            .map_or("", str::trim);
        let Some(items) = pass.get("items").and_then(Value::as_str) else {
            return Err(format!(
                "{at} ({name}): its items must be text or a JSON value"
            ));
        };
        out.push((name.to_string(), items.to_string()));
    }
    pickanumber_result::check_passes(&out)?;
    if let Some(i) = out.iter().position(|(_, t)| t.len() > max) {
        return Err(format!(
            "passes[{i}] ({}): {}",
            out[i].0,
            pickanumber_result::TOO_LARGE
        ));
    }
    Ok(out)
}

/// The combined evaluation, as `pickanumber combine` makes it: one pass with `## Pass:`
/// headings is read as its passes; otherwise no pass may hold headings.
///
/// # Errors
/// As [`read`], or a pass with headings beside other passes.
pub fn combine(json: &str, options: &Options, max: usize) -> Result<Evaluation, String> {
    let passes = read(json, max)?;
    match passes.as_slice() {
        [(_, text)] if has_pass_headings(text) => Ok(evaluate(text, options)),
        _ => match passes.iter().find(|(_, t)| has_pass_headings(t)) {
            Some((name, _)) => Err(format!(
                "pass {name} holds ## Pass: headings: give a text with headings alone, or one pass per text"
            )),
            None => Ok(evaluate_passes(&passes, options)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(json: &str) -> String {
        combine(json, &Options::default(), 1 << 20).unwrap_err()
    }

    #[test]
    fn passes_combine_as_the_api_combines_them() {
        let json = r#"[{"name": "claude", "items": "+3 tests pass\n+2 docs"}, {"name": "gpt", "items": "-1 slow"}]"#;
        let ours = combine(json, &Options::default(), 1 << 20)
            .unwrap()
            .to_json();
        let passes = [
            ("claude".to_string(), "+3 tests pass\n+2 docs".to_string()),
            ("gpt".to_string(), "-1 slow".to_string()),
        ];
        assert_eq!(
            ours,
            evaluate_passes(&passes, &Options::default()).to_json()
        );
        let headed = r###"[{"name": "all", "items": "## Pass: a\n+3 x\n## Pass: b\n-1 y\n"}]"###;
        let v = combine(headed, &Options::default(), 1 << 20)
            .unwrap()
            .to_json();
        assert_eq!(v["passes"][1]["name"], "b");
    }

    #[test]
    fn bad_passes_say_which_and_why() {
        for (json, says) in [
            ("{}", "passes: must be a list, not an object"),
            ("[]", "passes: the list is empty: give one pass or more"),
            (r#"[{"items": "+3 a"}]"#, "passes[0]: a pass needs a name (a non-empty string)"),
            (r#"[{"name": " ", "items": "+3 a"}]"#, "passes[0]: a pass needs a name (a non-empty string)"),
            (r#"[{"name": "a", "items": 3}]"#, "passes[0] (a): its items must be text or a JSON value"),
            (r#"[{"name": "a", "items": "+3"}, {"name": "a", "items": "-1 b"}]"#, "passes[1]: two passes are named a: give each pass its own name"),
            (r###"[{"name": "a", "items": "## Pass: x\n+3 y"}, {"name": "b", "items": "-1 b"}]"###, "pass a holds ## Pass: headings: give a text with headings alone, or one pass per text"),
        ] {
            assert_eq!(err(json), says, "{json}");
        }
        let big = serde_json::json!([{"name": "a", "items": "x".repeat(11)}]).to_string();
        assert!(combine(&big, &Options::default(), 10)
            .unwrap_err()
            .ends_with("64 MiB, the most pickanumber reads from one input"));
    }
}
