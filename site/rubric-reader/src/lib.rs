//! The setup page's second wasm module, loaded on first use: a pasted rubric file that is not
//! JSON (the TOML the page writes), read with the rubric crate's TOML reader, which the setup
//! island leaves out for its byte budget, and handed back as JSON, which the island reads.
//!
//! Data flow: "Load" with a TOML text → the boot module's `globalThis.pickanumberRubricReader()`
//! imports this module once → its one export, `answer`, reads the question's `text` →
//! [`rubric_as_json`] → an [`Answer`] in named fields (`json`, or `errors`) → the island loads the JSON into its form, or shows
//! the errors beside the paste field.

use pickanumber_rubric::Rubric;

/// What the reader answers, in named fields: the setup island reads each by its name
/// ([`Answer::fields`]), never by its place in a list, as the calculator reads its second
/// module's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The text was a rubric.
    Rubric {
        /// The rubric written as JSON ([`Rubric::to_json`]), which the island's own reader
        /// loads into the form.
        json: String,
    },
    /// The text was not a rubric.
    Errors {
        /// Every error with its line and column, joined by `; `.
        errors: String,
    },
}

impl Answer {
    /// Each field with its name, as the JavaScript object carries them.
    pub fn fields(&self) -> [(&'static str, &str); 1] {
        match self {
            Answer::Rubric { json } => [("json", json)],
            Answer::Errors { errors } => [("errors", errors)],
        }
    }
}

/// A rubric file's text, TOML or JSON (what the setup page writes), read by the rubric crate
/// with its TOML reader, for the setup page, whose own wasm reads JSON only.
pub fn rubric_as_json(text: &str) -> Answer {
    match Rubric::parse(text) {
        Ok(r) => Answer::Rubric { json: r.to_json() },
        Err(errors) => {
            let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
            Answer::Errors {
                errors: all.join("; "),
            }
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
            let answer = rubric_as_json(&written);
            let Answer::Rubric { json } = &answer else {
                panic!("{answer:?} for {written}")
            };
            assert_eq!(answer.fields(), [("json", json.as_str())]);
            assert_eq!(Rubric::from_json(json).unwrap(), rubric, "{written}");
        }
        let answer = rubric_as_json("subject = \"x\"\nmode = \"pooled\nweight = 0,2\n");
        let Answer::Errors { errors } = &answer else {
            panic!("{answer:?}")
        };
        assert_eq!(answer.fields(), [("errors", errors.as_str())]);
        assert!(
            errors.starts_with("line 3, column 11: TOML syntax: "),
            "{errors}"
        );
    }
}
