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

use pickanumber_result::{Asked, Gate, OptionNames, Options, Spelling};
use pickanumber_score::Named;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
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

/// A named option (`mode`, `preset`) by the formula crate's names, or its sentence listing them.
fn named<T: Named>(option: &str, name: Option<&str>) -> PyResult<Option<T>> {
    name.map(|n| Spelling::Python.named(option, n))
        .transpose()
        .map_err(PyValueError::new_err)
}

/// Weights given as `"craft=0.6,depth=0.4"` (read as `--weights` reads them) or as pairs from
/// a mapping, read by the same rule: each number as the decimal it prints as
/// ([`pickanumber_score::weights_from_numbers`]), so `--weights` and this refuse the same weights.
fn weights_of(weights: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<(String, f64)>>> {
    let Some(w) = weights else { return Ok(None) };
    if let Ok(s) = w.extract::<String>() {
        return pickanumber_score::parse_weights(&s)
            .map(Some)
            .map_err(PyValueError::new_err);
    }
    let given: Vec<(String, Bound<'_, PyAny>)> = w.extract().map_err(|_| {
        PyValueError::new_err(
            "weights must be a text such as \"craft=0.6,depth=0.4\" or a mapping such as {\"craft\": 0.6, \"depth\": 0.4}",
        )
    })?;
    let mut pairs = Vec::with_capacity(given.len());
    for (name, value) in given {
        let number = if value.is_instance_of::<pyo3::types::PyBool>() {
            None
        } else {
            value.extract::<f64>().ok()
        };
        let Some(x) = number else {
            let text = value.extract::<String>().ok();
            let found = value
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string());
            let message = pickanumber_score::must_be_a_number(text.as_deref(), &found);
            return Err(PyValueError::new_err(format!(
                "weight for {name} {message}"
            )));
        };
        pairs.push((name, x));
    }
    if pairs.is_empty() {
        return Err(PyValueError::new_err(
            "weights name no criterion: give at least one, such as {\"craft\": 0.6}",
        ));
    }
    pickanumber_score::weights_from_numbers(pairs)
        .map(Some)
        .map_err(PyValueError::new_err)
}

/// A setting of the formula that must be a number greater than 0, by the formula crate's rule.
fn positive(name: &str, x: Option<f64>) -> PyResult<Option<f64>> {
    x.map(|v| pickanumber_score::positive_setting(name, v))
        .transpose()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A gate threshold, checked as the CLI checks `--fail-under` and `--min-confidence`; the
/// message names the keyword as the caller wrote it (`fail_under=120 is not …`).
fn threshold(name: &str, x: Option<f64>, max: f64, what: &str) -> PyResult<Option<f64>> {
    match x {
        Some(v) if !(0.0..=max).contains(&v) => Err(PyValueError::new_err(format!(
            "{name}={v} is not {what} from 0 to {max}"
        ))),
        _ => Ok(x),
    }
}

/// The work of `against=`: a text, a path (a file or a folder, read as the CLI reads
/// `--against`) or files given as `{path: text}`; with what `unverified=` and
/// `require_evidence=` and `require_quotes=` leave out.
fn against(
    text: Option<String>,
    path: Option<std::path::PathBuf>,
    files: Option<Vec<(String, String)>>,
    unverified: &str,
    require_evidence: bool,
    require_quotes: bool,
) -> PyResult<Option<pickanumber_score::verify::Against>> {
    use pickanumber_score::verify::{Against, Unverified, Work};
    let unverified = Unverified::from_name(unverified).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unverified={unverified:?} is not one of \"drop\", \"keep\""
        ))
    })?;
    let work = match (text, path, files) {
        (Some(t), None, None) => Work::text(&t),
        (None, Some(p), None) => Work::read(&p).map_err(|e| PyValueError::new_err(e.0))?,
        (None, None, Some(f)) => Work::files(f.iter().map(|(p, t)| (p.as_str(), t.as_str())))
            .map_err(|e| PyValueError::new_err(e.0))?,
        (None, None, None) => {
            if require_evidence || require_quotes || unverified == Unverified::Keep {
                return Err(PyValueError::new_err(
                    "unverified=, require_evidence= and require_quotes= need against= (the work to check the evidence against)",
                ));
            }
            return Ok(None);
        }
        _ => {
            return Err(PyValueError::new_err(
                "give the work once: a text, a path or {path: text}",
            ))
        }
    };
    Ok(Some(Against {
        work: std::sync::Arc::new(work),
        unverified,
        require_evidence,
        require_quotes,
    }))
}

/// The options of `evaluate` (and of `judge_verdict`), read and checked as the CLI reads its
/// flags.
#[allow(clippy::too_many_arguments)]
fn options_of(
    mode: Option<&str>,
    preset: Option<&str>,
    weights: Option<&Bound<'_, PyAny>>,
    rubric: Option<&rubric::Rubric>,
    strict: bool,
    denominator: Option<f64>,
    scale: Option<f64>,
    fail_under: Option<f64>,
    min_confidence: Option<f64>,
    require_self_check: bool,
    interval: bool,
    against_text: Option<String>,
    against_path: Option<std::path::PathBuf>,
    against_files: Option<Vec<(String, String)>>,
    unverified: &str,
    require_evidence: bool,
    require_quotes: bool,
    max_unverified: Option<f64>,
    require_card: Option<std::collections::BTreeMap<String, String>>,
) -> PyResult<Options> {
    let asked = Asked {
        mode: named("mode", mode)?,
        preset: named("preset", preset)?,
        weights: weights_of(weights)?,
    };
    let mut request = asked
        .request(rubric.map(|r| &r.inner), Spelling::Python)
        .map_err(PyValueError::new_err)?;
    request.strict = strict;
    if let Some(d) = positive("denominator", denominator)? {
        request.params.density_denominator = d;
    }
    if let Some(x) = positive("scale", scale)? {
        request.params.scale = x;
    }
    request.against = against(
        against_text,
        against_path,
        against_files,
        unverified,
        require_evidence,
        require_quotes,
    )?;
    if max_unverified.is_some() && request.against.is_none() {
        return Err(PyValueError::new_err(
            "max_unverified= needs against= (the work to check the evidence against)",
        ));
    }
    Ok(Options {
        request,
        rubric: rubric.map(|r| r.inner.clone()),
        gate: Gate {
            fail_under: threshold("fail_under", fail_under, 100.0, "a score")?,
            min_confidence: threshold("min_confidence", min_confidence, 1.0, "a confidence")?,
            require_self_check,
            max_unverified: threshold("max_unverified", max_unverified, 1.0, "a rate")?,
            names: OptionNames::PYTHON,
        },
        interval,
        require_card: require_card
            .unwrap_or_default()
            .iter()
            .map(|(field, value)| {
                pickanumber_result::card::Pin::parse(&format!("{field}={value}"))
                    .map_err(|e| PyValueError::new_err(format!("require_card: {e}")))
            })
            .collect::<PyResult<_>>()?,
    })
}

/// Scores `input` with the options `pickanumber score` takes: a text, or several judges'
/// passes as `(name, text)` pairs, combined as `pickanumber combine` combines them.
#[pyfunction]
#[pyo3(signature = (input, *, mode=None, preset=None, weights=None, rubric=None, strict=false,
    denominator=None, scale=None, fail_under=None, min_confidence=None, require_self_check=false,
    interval=true, against_text=None, against_path=None, against_files=None, unverified="drop",
    require_evidence=false, require_quotes=false, max_unverified=None, require_card=None))]
#[allow(clippy::too_many_arguments)]
fn evaluate(
    input: &Bound<'_, PyAny>,
    mode: Option<&str>,
    preset: Option<&str>,
    weights: Option<&Bound<'_, PyAny>>,
    rubric: Option<&rubric::Rubric>,
    strict: bool,
    denominator: Option<f64>,
    scale: Option<f64>,
    fail_under: Option<f64>,
    min_confidence: Option<f64>,
    require_self_check: bool,
    interval: bool,
    against_text: Option<String>,
    against_path: Option<std::path::PathBuf>,
    against_files: Option<Vec<(String, String)>>,
    unverified: &str,
    require_evidence: bool,
    require_quotes: bool,
    max_unverified: Option<f64>,
    require_card: Option<std::collections::BTreeMap<String, String>>,
) -> PyResult<Evaluation> {
    let options = options_of(
        mode,
        preset,
        weights,
        rubric,
        strict,
        denominator,
        scale,
        fail_under,
        min_confidence,
        require_self_check,
        interval,
        against_text,
        against_path,
        against_files,
        unverified,
        require_evidence,
        require_quotes,
        max_unverified,
        require_card,
    )?;
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
    let traps = rubric.map_or_else(String::new, |r| r.inner.trap_checklist());
    Ok(Evaluation { inner, json, traps })
}

/// The judge loop's verdict on what the graders gave (`pickanumber_result::judging::verdict`):
/// `graders` is the JSON list of their outcomes, the work is in `against_*`, the other
/// keywords are `evaluate`'s; `prompt` is the prompt the graders were sent (its hash goes on
/// the card). Returns the combined evaluation of the graders that scored
/// (`None` when none did) with the verdict's gate, the verdict's JSON object and its markdown
/// report.
#[pyfunction]
#[pyo3(signature = (graders, *, min_judges=None, prompt=None, mode=None, preset=None, weights=None,
    rubric=None, strict=false, denominator=None, scale=None, fail_under=None,
    min_confidence=None, require_self_check=false, interval=true, against_text=None,
    against_path=None, against_files=None, unverified="drop", require_evidence=false,
    require_quotes=false, max_unverified=None, require_card=None))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn judge_verdict<'py>(
    py: Python<'py>,
    graders: &str,
    min_judges: Option<i64>,
    prompt: Option<String>,
    mode: Option<&str>,
    preset: Option<&str>,
    weights: Option<&Bound<'_, PyAny>>,
    rubric: Option<&rubric::Rubric>,
    strict: bool,
    denominator: Option<f64>,
    scale: Option<f64>,
    fail_under: Option<f64>,
    min_confidence: Option<f64>,
    require_self_check: bool,
    interval: bool,
    against_text: Option<String>,
    against_path: Option<std::path::PathBuf>,
    against_files: Option<Vec<(String, String)>>,
    unverified: &str,
    require_evidence: bool,
    require_quotes: bool,
    max_unverified: Option<f64>,
    require_card: Option<std::collections::BTreeMap<String, String>>,
) -> PyResult<(Option<Evaluation>, Bound<'py, PyAny>, String)> {
    use pickanumber_result::judging;
    let options = options_of(
        mode,
        preset,
        weights,
        rubric,
        strict,
        denominator,
        scale,
        fail_under,
        min_confidence,
        require_self_check,
        interval,
        against_text,
        against_path,
        against_files,
        unverified,
        require_evidence,
        require_quotes,
        max_unverified,
        require_card,
    )?;
    let list = judging::graders_from_json(graders).map_err(PyValueError::new_err)?;
    let panel = judging::Panel { min_judges, prompt };
    let v = py
        .detach(|| judging::verdict(list, &options, &panel))
        .map_err(PyValueError::new_err)?;
    let json = v.to_json();
    let traps = rubric.map_or_else(String::new, |r| r.inner.trap_checklist());
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
