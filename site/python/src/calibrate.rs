//! `calibrate`: a gold set file → the instruments crate's calibration → the card as JSON text,
//! the same object `pickanumber calibrate` prints.

use pickanumber_instruments::bounded::{read_file, MAX_BYTES};
use pickanumber_instruments::calibrate::{calibrate as run, located, read_gold, Scale};
use pickanumber_score::Request;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::path::PathBuf;

/// Calibrates against the gold set at `path` (JSON Lines): `(card, [])`, the card as JSON
/// text, or `(None, errors)` with every bad line as `PATH:LINE: message`, as the command line
/// prints them.
///
/// # Errors
/// A `ValueError` for a scale that is not `LOW:HIGH`, or a file that cannot be read.
#[pyfunction]
#[pyo3(signature = (path, *, human_scale="0:100", naive_scale="0:100", rubric=None, folds=5,
    min_agreement=None))]
pub fn calibrate(
    path: PathBuf,
    human_scale: &str,
    naive_scale: &str,
    rubric: Option<&crate::rubric::Rubric>,
    folds: usize,
    min_agreement: Option<f64>,
) -> PyResult<(Option<String>, Vec<String>)> {
    let (human, naive) = (
        Scale::parse(human_scale).map_err(PyValueError::new_err)?,
        Scale::parse(naive_scale).map_err(PyValueError::new_err)?,
    );
    if let Some(rho) = min_agreement.filter(|r| !(-1.0..=1.0).contains(r)) {
        return Err(PyValueError::new_err(format!(
            "min_agreement must be a number from -1 to 1, not {rho}"
        )));
    }
    let shown = path.display().to_string();
    let bytes =
        read_file(&path, MAX_BYTES).map_err(|e| PyValueError::new_err(e.message(&shown)))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| PyValueError::new_err(format!("{shown} is not UTF-8 text")))?;
    let subjects = match read_gold(&path, &text, human, naive) {
        Ok(s) => s,
        Err(lines) => return Ok((None, lines)),
    };
    let request = rubric.map_or_else(Request::default, |r| r.inner.request());
    match run(&subjects, &request, folds) {
        Ok(c) => Ok((Some(c.to_json(human, naive, min_agreement)), Vec::new())),
        Err(e) => Ok((None, located(&path, &e))),
    }
}
