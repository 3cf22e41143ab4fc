//! `pickanumber._native.Rubric`: rubric text → the rubric crate's [`Rubric`] → the judge
//! prompt, the JSON Schema and the rubric as JSON. Reading files and raising `RubricError`
//! happen in the Python layer (`pickanumber/__init__.py`), which calls [`parse_rubric`].

use pickanumber_rubric::{Rubric as Inner, WorkText};
use pyo3::prelude::*;

/// A valid rubric (made by `parse_rubric`).
#[pyclass(frozen, module = "pickanumber._native", name = "Rubric")]
pub struct Rubric {
    /// The rubric crate's rubric.
    pub inner: Inner,
}

#[pymethods]
impl Rubric {
    /// The judge prompt (markdown), as `pickanumber rubric prompt` prints it; with the work
    /// (its text, or its files as `(path, text)` pairs) after it, under "## The work".
    #[pyo3(signature = (text=None, files=None))]
    fn prompt(&self, text: Option<&str>, files: Option<Vec<(String, String)>>) -> String {
        match (text, files) {
            (Some(t), _) => self.inner.prompt_with_work(WorkText::Text(t)),
            (None, Some(f)) => {
                let pairs: Vec<(&str, &str)> =
                    f.iter().map(|(p, t)| (p.as_str(), t.as_str())).collect();
                self.inner.prompt_with_work(WorkText::Files(&pairs))
            }
            (None, None) => self.inner.prompt(),
        }
    }

    /// The JSON Schema of the judge's output, as text.
    fn schema(&self) -> String {
        self.inner.schema()
    }

    /// The rubric as JSON text that reads back to the same rubric.
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// The rubric as TOML text that reads back to the same rubric.
    fn to_toml(&self) -> String {
        self.inner.to_toml()
    }

    /// What is scored.
    #[getter]
    fn subject(&self) -> String {
        self.inner.subject.clone()
    }

    /// `"pooled"` or `"matrix"`.
    #[getter]
    fn mode(&self) -> String {
        self.inner.mode.to_string()
    }

    /// The criteria's names and weights as written, in the rubric's order.
    #[getter]
    fn weights(&self) -> Vec<(String, f64)> {
        self.inner.weights()
    }

    /// The perspectives, in the rubric's order.
    #[getter]
    fn perspectives(&self) -> Vec<String> {
        self.inner.perspectives.clone()
    }

    /// Notes about a valid rubric (as `pickanumber rubric check` prints them).
    fn notes(&self) -> Vec<String> {
        self.inner.notes()
    }

    /// The traps as a markdown checklist, empty when the rubric plants none.
    fn trap_checklist(&self) -> String {
        self.inner.trap_checklist()
    }
}

/// One rubric error: `(line, column, key, message, text)`, where `text` is the whole error as
/// the CLI prints it (`FILE:LINE:COLUMN: KEY: MESSAGE` when `name` is given).
type ErrorTuple = (usize, usize, String, String, String);

/// Reads `text` as a rubric: `(rubric, [])` when it is valid, `(None, errors)` when not, every
/// error found in the order of the text.
#[pyfunction]
#[pyo3(signature = (text, name=None))]
pub fn parse_rubric(text: &str, name: Option<&str>) -> (Option<Rubric>, Vec<ErrorTuple>) {
    match Inner::parse(text) {
        Ok(inner) => (Some(Rubric { inner }), Vec::new()),
        Err(errors) => (
            None,
            errors
                .into_iter()
                .map(|e| {
                    let text = match name {
                        Some(n) => e.in_file(n),
                        None => e.to_string(),
                    };
                    (e.line, e.column, e.key, e.message, text)
                })
                .collect(),
        ),
    }
}
