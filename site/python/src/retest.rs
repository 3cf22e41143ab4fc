//! `retest`: a runs file → the instruments crate's retest → the JSON text and the markdown
//! report `pickanumber retest --json` and `--report` print.

use pickanumber_instruments::bounded::{read_file, MAX_BYTES};
use pickanumber_instruments::calibrate::{located, Scale};
use pickanumber_instruments::retest::{retest as run, runs, Options};
use pickanumber_score::verify::{Against, Work};
use pickanumber_score::Request;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::path::PathBuf;

/// Retests the runs at `path` (JSON Lines, at least two runs a work): `(json, report, [])`,
/// or `(None, None, errors)` with every bad run as `PATH:LINE: work "ID": message`, as the
/// command line prints them. Each run's `against` (a text, or `{"path": …}` relative to the
/// runs file's folder) and else the work at `against` is what its evidence is checked against,
/// as `pickanumber retest` does.
///
/// # Errors
/// A `ValueError` for a scale that is not `LOW:HIGH`, a gate outside 0–100, a `by` key that
/// names what a run is, or a runs file or `against` work that cannot be read.
#[pyfunction]
#[pyo3(signature = (path, *, fail_under=None, naive_scale="0:100", by=None, rubric=None, against=None))]
pub fn retest(
    path: PathBuf,
    fail_under: Option<f64>,
    naive_scale: &str,
    by: Option<String>,
    rubric: Option<&crate::rubric::Rubric>,
    against: Option<PathBuf>,
) -> PyResult<(Option<String>, Option<String>, Vec<String>)> {
    let naive = Scale::parse(naive_scale).map_err(PyValueError::new_err)?;
    if let Some(g) = fail_under.filter(|g| !(0.0..=100.0).contains(g)) {
        return Err(PyValueError::new_err(format!(
            "fail_under must be a score from 0 to 100, not {g}"
        )));
    }
    if let Some(key) = by
        .as_deref()
        .filter(|k| runs::NOT_LABELS.contains(k) || k.trim().is_empty())
    {
        return Err(PyValueError::new_err(format!(
            "by={key:?} is not a label: by takes probe, grader, model or a key of your own, not {}",
            runs::NOT_LABELS.join(", ")
        )));
    }
    let shown = path.display().to_string();
    let bytes =
        read_file(&path, MAX_BYTES).map_err(|e| PyValueError::new_err(e.message(&shown)))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| PyValueError::new_err(format!("{shown} is not UTF-8 text")))?;
    let mut request = rubric.map_or_else(Request::default, |r| r.inner.request());
    if let Some(work) = &against {
        request.against = Some(Against::new(
            Work::read(work).map_err(|e| PyValueError::new_err(e.to_string()))?,
        ));
    }
    let read = match runs::read_in(&path, &text, naive, by.as_deref()) {
        Ok(r) => r,
        Err(e) => return Ok((None, None, located(&path, &e))),
    };
    let options = Options {
        fail_under,
        naive_scale: naive,
        by,
        request,
    };
    match run(&read, &options) {
        Ok(r) => Ok((Some(r.to_json()), Some(r.report()), Vec::new())),
        Err(e) => Ok((None, None, located(&path, &e))),
    }
}
