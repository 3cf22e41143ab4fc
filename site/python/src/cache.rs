//! The cache of grader answers, as the judge loop calls it: the folder opened (and checked
//! writable) before any grader is called, each grader's outcome looked up and, after a call,
//! saved. The key, the entry's bytes and the atomic write are the core's
//! ([`pickanumber_result::cache`]); JSON text crosses the boundary both ways.

use pickanumber_result::cache::Store;
use pickanumber_result::card::read_grader;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::path::PathBuf;

/// The store of `dir`, created when missing.
fn store(dir: PathBuf) -> PyResult<Store> {
    Store::open(&dir).map_err(PyValueError::new_err)
}

/// A grader's id and sampling parameters from JSON text (`{"name", "model", "temperature",
/// "max_tokens"}`).
fn grader(json: &str) -> PyResult<pickanumber_result::card::Grader> {
    let v: serde_json::Value = serde_json::from_str(json)
        .map_err(|e| PyValueError::new_err(format!("grader: not JSON ({e})")))?;
    read_grader(&v, "grader").map_err(PyValueError::new_err)
}

/// Opens the cache folder (creating it), or raises `ValueError` naming it when it cannot be
/// written: called before any grader is.
#[pyfunction]
pub fn cache_open(dir: PathBuf) -> PyResult<()> {
    store(dir).map(|_| ())
}

/// The cached outcome of a grader as JSON text (with `"cached": true` and no cost), or
/// `None`; and the sentence naming a damaged entry, or `None`.
#[pyfunction]
pub fn cache_lookup(
    dir: PathBuf,
    prompt: &str,
    schema: &str,
    grader_json: &str,
) -> PyResult<(Option<String>, Option<String>)> {
    let g = grader(grader_json)?;
    Ok(match store(dir)?.lookup_outcome(prompt, schema, &g) {
        Ok(hit) => (hit.map(|v| v.to_string()), None),
        Err(damaged) => (None, Some(damaged)),
    })
}

/// Saves a grader's outcome (JSON text) when it is an answer; returns the entry's path, or
/// `None` for a failure, which is not stored.
#[pyfunction]
pub fn cache_save(
    dir: PathBuf,
    prompt: &str,
    schema: &str,
    grader_json: &str,
    outcome_json: &str,
) -> PyResult<Option<String>> {
    let g = grader(grader_json)?;
    let outcome: serde_json::Value = serde_json::from_str(outcome_json)
        .map_err(|e| PyValueError::new_err(format!("outcome: not JSON ({e})")))?;
    store(dir)?
        .save_outcome(prompt, schema, &g, &outcome)
        .map(|p| p.map(|p| p.display().to_string()))
        .map_err(PyValueError::new_err)
}
