//! The native half of the Python package `pickanumber` (imported as `pickanumber._native`):
//!
//! text + options → [`evaluate`] (`pickanumber_result::evaluate`, the function the CLI calls) →
//! [`Evaluation`] → its JSON object converted to Python (`convert`), the markdown report, the
//! diagnostics. Rubric text → [`rubric::parse_rubric`] → [`rubric::Rubric`].
//!
//! Everything a user reads (docstrings, exceptions with their classes, list-of-dicts input)
//! lives in the Python layer `python/pickanumber/`; this module only crosses the boundary.

mod cache;
mod calibrate;
mod convert;
mod retest;
mod rubric;

use pickanumber_result::table::{self, Given, OptionKind, Reader, Rule};
use pickanumber_result::{Options, Spelling};
use pickanumber_score::verify::Work;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyMapping, PyTuple};
use serde_json::Value;

/// One analysis with the gate's verdict, as `pickanumber score` computes it.
#[pyclass(frozen, module = "pickanumber._native")]
pub struct Evaluation {
    inner: pickanumber_result::Evaluation,
    /// The JSON object `pickanumber score` prints for it.
    json: Value,
    /// The rubric's traps as a checklist to end the report with (empty without traps).
    traps: String,
}

#[pymethods]
impl Evaluation {
    /// The JSON object `pickanumber score` prints, as a new dict in the same key order.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, &self.json)
    }

    /// One key of the JSON object (`None` when the object has no such key).
    fn get<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, self.json.get(key).unwrap_or(&Value::Null))
    }

    /// The markdown report `pickanumber score --report` prints.
    fn report(&self) -> String {
        let mut out = pickanumber_result_view::report::markdown(&self.inner.analysis);
        if !self.traps.is_empty() {
            out.push('\n');
            out.push_str(&self.traps);
        }
        out
    }

    /// Every diagnostic in order: `(line, column, severity, message, kind)`.
    #[allow(clippy::type_complexity)]
    fn diagnostics(&self) -> Vec<(Option<usize>, Option<usize>, &'static str, String, String)> {
        self.inner
            .analysis
            .diagnostics
            .iter()
            .map(|d| {
                (
                    d.line,
                    d.column,
                    d.kind.severity().name(),
                    d.message.clone(),
                    pickanumber_result::json::kind_name(d.kind),
                )
            })
            .collect()
    }

    /// The checks of the gate that missed, as sentences.
    #[getter]
    fn misses(&self) -> Vec<String> {
        self.inner.misses.clone()
    }

    /// The CLI's exit status: 1 with item errors, 3 when the gate missed, else 0.
    #[getter]
    fn exit_code(&self) -> u8 {
        self.inner.exit_code()
    }

    /// Whether any item was read (no item: no score).
    #[getter]
    fn scored(&self) -> bool {
        self.inner.analysis.scored
    }

    /// Whether some diagnostic is an error.
    #[getter]
    fn has_errors(&self) -> bool {
        self.inner.analysis.has_errors()
    }
}

pyo3::create_exception!(
    pickanumber,
    OptionError,
    PyValueError,
    "A bad scoring option: `kind` is the table's stable kind (`out_of_range`, `needs_option`, …)."
);

/// The Python exception of an option error, with its `kind`.
fn option_error(py: Python<'_>, e: table::OptionError) -> PyErr {
    let err = OptionError::new_err(e.message);
    if let Err(set) = err.value(py).setattr("kind", e.kind.name()) {
        return set;
    }
    err
}

/// What a Python value is, for messages: `a string ("yes")`, `a number (170)`, `a list`.
fn given(v: &Bound<'_, PyAny>) -> Given {
    if let Ok(b) = v.cast::<PyBool>() {
        return Given::Bool(b.is_true());
    }
    if let Ok(s) = v.extract::<String>() {
        return Given::Text(s);
    }
    if v.is_instance_of::<PyInt>() || v.is_instance_of::<PyFloat>() {
        if let Ok(x) = v.extract::<f64>() {
            return Given::Number(x);
        }
    }
    if let Ok(m) = v.cast::<PyMapping>() {
        if let Ok(items) = m.items() {
            let pairs: Option<Vec<(String, Given)>> = items
                .iter()
                .map(|pair| {
                    let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair.extract().ok()?;
                    Some((k.str().ok()?.to_string(), given(&v)))
                })
                .collect();
            if let Some(pairs) = pairs {
                return Given::Map(pairs);
            }
        }
    }
    // Weights may come as (name, value) pairs, as a mapping's items.
    if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
        let pairs: Option<Vec<(String, Given)>> = v.try_iter().ok().and_then(|items| {
            items
                .map(|pair| {
                    let (k, v): (String, Bound<'_, PyAny>) = pair.ok()?.extract().ok()?;
                    Some((k, given(&v)))
                })
                .collect()
        });
        if let Some(pairs) = pairs.filter(|p| !p.is_empty()) {
            return Given::Map(pairs);
        }
    }
    let name = v
        .get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string());
    Given::Other(format!("a {name}"))
}

/// `against=`: a text, a path (`pathlib.Path`: a file, or a folder read as the CLI reads
/// `--against`) or files given as `{path: text}`. A one-line `str` naming an existing file or
/// folder is refused: as the text itself every quote of the items would be refused.
fn work(v: &Bound<'_, PyAny>) -> Result<Work, table::OptionError> {
    let bad = |m: String| table::OptionError::new(OptionKind::BadWork, format!("against: {m}"));
    if let Ok(text) = v.extract::<String>() {
        if !text.contains('\n') && !text.trim().is_empty() && std::path::Path::new(&text).exists() {
            return Err(bad(format!(
                "{text:?} names a path: give pathlib.Path({text:?}) to check against that file or folder, or the work's text itself"
            )));
        }
        return Ok(Work::text(&text));
    }
    if v.hasattr("__fspath__").unwrap_or(false) {
        let path: std::path::PathBuf = v.extract().map_err(|e: PyErr| bad(e.to_string()))?;
        return Work::read(&path).map_err(|e| bad(e.0));
    }
    if let Ok(m) = v.cast::<PyMapping>() {
        let mut files = Vec::new();
        for pair in m.items().map_err(|e| bad(e.to_string()))?.iter() {
            let (path, text): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
                pair.extract().map_err(|e: PyErr| bad(e.to_string()))?;
            match (path.extract::<String>(), text.extract::<String>()) {
                (Ok(p), Ok(t)) => files.push((p, t)),
                _ => {
                    return Err(bad(format!(
                        "{} must map a path (str) to its text (str)",
                        path.repr().map_or_else(|_| "?".into(), |r| r.to_string())
                    )))
                }
            }
        }
        return Work::files(files.iter().map(|(p, t)| (p.as_str(), t.as_str())))
            .map_err(|e| bad(e.0));
    }
    Err(table::OptionError::new(
        OptionKind::WrongType,
        format!(
            "against: must be the work's text (str), a path (pathlib.Path) or {{path: text}}, not {}",
            given(v).describe()
        ),
    ))
}

/// The scoring options of a `**options` mapping, read by the API's table as the CLI and the
/// npm package read theirs; `None` is an option left out.
fn options_of(options: Option<&Bound<'_, PyDict>>) -> Result<Options, table::OptionError> {
    let mut reader = Reader::new(Spelling::Python);
    for (key, v) in options.into_iter().flat_map(|d| d.iter()) {
        let key = key.str().map(|k| k.to_string()).unwrap_or_default();
        let option = reader.lookup(&key)?;
        if v.is_none() {
            continue;
        }
        let value = match option.rule {
            Rule::Rubric => match v.cast::<rubric::Rubric>() {
                Ok(r) => Given::Rubric(Box::new(r.get().inner.clone())),
                Err(_) => given(&v),
            },
            Rule::Work => Given::Work(std::sync::Arc::new(work(&v)?)),
            _ => given(&v),
        };
        reader.set_option(option, value)?;
    }
    reader.finish()
}

/// Scores `input` with the scoring options (the API's table, as `pickanumber score` takes
/// them): a text, or several judges' passes as `(name, text)` pairs, combined as
/// `pickanumber combine` combines them.
#[pyfunction]
#[pyo3(signature = (input, options=None))]
fn evaluate(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Evaluation> {
    let options = options_of(options).map_err(|e| option_error(py, e))?;
    let inner = match input.extract::<String>() {
        Ok(text) if text.len() > pickanumber_result::MAX_INPUT_BYTES => {
            return Err(PyValueError::new_err(pickanumber_result::TOO_LARGE));
        }
        Ok(text) => pickanumber_result::evaluate(&text, &options),
        Err(_) => {
            let passes: Vec<(String, String)> = input
                .extract()
                .map_err(|_| PyValueError::new_err("passes must be (name, text) pairs"))?;
            pickanumber_result::check_passes(&passes).map_err(PyValueError::new_err)?;
            pickanumber_result::evaluate_passes(&passes, &options)
        }
    };
    let json = inner.to_json();
    let traps = options
        .rubric
        .as_ref()
        .map_or_else(String::new, |r| r.trap_checklist());
    Ok(Evaluation { inner, json, traps })
}

/// The scoring options as the table declares them: `(name, rule, needs, help, kind)` each, in
/// the table's order (the Python layer lists and checks its keywords by it).
#[pyfunction]
fn scoring_options() -> Vec<(
    &'static str,
    String,
    Vec<&'static str>,
    &'static str,
    &'static str,
)> {
    table::SCORING_OPTIONS
        .iter()
        .map(|o| {
            (
                o.name,
                o.rule.what(),
                o.needs.to_vec(),
                o.help,
                o.kind().name(),
            )
        })
        .collect()
}

/// The judge loop's verdict on what the graders gave (`pickanumber_result::judging::verdict`):
/// `graders` is the JSON list of their outcomes, `prompt` the prompt they were sent (its hash
/// goes on the card), `options` the scoring options (the work in
/// `against`), read by the table as `evaluate` reads them. Returns the combined evaluation of
/// the graders that scored (`None` when none did) with the verdict's gate, the verdict's JSON
/// object and its markdown report.
#[pyfunction]
#[pyo3(signature = (graders, min_judges=None, prompt=None, options=None))]
#[allow(clippy::type_complexity)]
fn judge_verdict<'py>(
    py: Python<'py>,
    graders: &str,
    min_judges: Option<i64>,
    prompt: Option<String>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Option<Evaluation>, Bound<'py, PyAny>, String)> {
    use pickanumber_result::judging;
    let options = options_of(options).map_err(|e| option_error(py, e))?;
    let list = judging::graders_from_json(graders).map_err(PyValueError::new_err)?;
    let panel = judging::Panel { min_judges, prompt };
    let v = py
        .detach(|| judging::verdict(list, &options, &panel))
        .map_err(PyValueError::new_err)?;
    let json = v.to_json();
    let traps = options
        .rubric
        .as_ref()
        .map_or_else(String::new, |r| r.trap_checklist());
    let evaluation = v.evaluation.clone().map(|mut inner| {
        inner.misses = v.misses.clone();
        Evaluation {
            inner,
            json: json.clone(),
            traps,
        }
    });
    Ok((evaluation, convert::to_py(py, &json)?, v.report()))
}

/// The extension module `pickanumber._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Evaluation>()?;
    m.add_class::<rubric::Rubric>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(scoring_options, m)?)?;
    m.add("OptionError", m.py().get_type::<OptionError>())?;
    m.add_function(wrap_pyfunction!(judge_verdict, m)?)?;
    m.add_function(wrap_pyfunction!(rubric::parse_rubric, m)?)?;
    m.add_function(wrap_pyfunction!(calibrate::calibrate, m)?)?;
    m.add_function(wrap_pyfunction!(retest::retest, m)?)?;
    m.add_function(wrap_pyfunction!(cache::cache_open, m)?)?;
    m.add_function(wrap_pyfunction!(cache::cache_lookup, m)?)?;
    m.add_function(wrap_pyfunction!(cache::cache_save, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
