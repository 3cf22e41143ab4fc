//! The setup page's second wasm module, loaded on first use: a pasted rubric file that is not
//! JSON (the TOML the page writes), read with the rubric crate's TOML reader, which the setup
//! island leaves out for its byte budget, and handed back as JSON, which the island reads.
//!
//! Data flow: "Load" with a TOML text → the boot module's `globalThis.pickanumberRubricReader()`
//! imports this module once → its one export, `answer`, reads the question's `text` →
//! [`rubric_as_json`] → `[json, errors]` → the island loads the JSON into its form, or shows
//! the errors beside the paste field.

use pickanumber_rubric::Rubric;

/// A rubric file's text, TOML or JSON (what the setup page writes), read by the rubric crate
/// with its TOML reader, for the setup page, whose own wasm reads JSON only: `[json, ""]`, the
/// rubric written as JSON ([`Rubric::to_json`]), or `["", errors]`, every error with its line
/// and column, joined by `; `.
pub fn rubric_as_json(text: &str) -> [String; 2] {
    match Rubric::parse(text) {
        Ok(r) => [r.to_json(), String::new()],
        Err(errors) => {
            let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
            [String::new(), all.join("; ")]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rubric_written_as_toml_or_json_reads_back_to_the_same_rubric() {
        let toml = include_str!("../../../examples/rubrics/pull-request.toml");
        let rubric = Rubric::parse(toml).unwrap();
        for written in [rubric.to_toml(), rubric.to_json()] {
            let [json, errors] = rubric_as_json(&written);
            assert_eq!(errors, "", "{written}");
            assert_eq!(Rubric::from_json(&json).unwrap(), rubric, "{written}");
        }
        let [json, errors] = rubric_as_json("subject = \"x\"\nmode = \"pooled\nweight = 0,2\n");
        assert_eq!(json, "");
        assert!(
            errors.starts_with("line 3, column 11: TOML syntax: "),
            "{errors}"
        );
    }
}
