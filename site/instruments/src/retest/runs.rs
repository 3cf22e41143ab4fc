//! The runs file: JSON Lines → [`Run`]s, or every bad line with its number.

use crate::calibrate::Scale;
use crate::LineError;
use pickanumber_score::verify::Work;
use pickanumber_text::json::{self, Kind, Value};
use std::sync::Arc;

/// The keys every run may have; `--by KEY` adds its key when it is not one of them.
pub const KEYS: [&str; 9] = [
    "work", "output", "naive", "grader", "model", "probe", "rubric", "card", "against",
];

/// The keys `--by` may not name: what each run is, not a label of it.
pub const NOT_LABELS: [&str; 6] = ["work", "output", "naive", "rubric", "card", "against"];

/// The key of a run's judged work, whose evidence its answer is checked against (the work's
/// text or `{"path": …}`, read as a gold set's `work` is): `against`, as `score --against`
/// names it, since `work` is the work's id.
pub const AGAINST: &str = "against";

/// One judging of one work.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// Its line in the runs file (1-based).
    pub line: usize,
    /// The work it judged.
    pub work: String,
    /// The judge's answer, as text (an answer given as a JSON object or list is its JSON text).
    pub output: String,
    /// The judge's own number for the same work in the same run, on 0–100, when given.
    pub naive: Option<f64>,
    /// The value of the `--by` key, when grouping.
    pub label: Option<String>,
    /// The probe label (`"probe"`), when given.
    pub probe: Option<String>,
    /// The grader model's name, when given.
    pub grader: Option<String>,
    /// The name of the model whose work was judged, when given.
    pub model: Option<String>,
    /// The sha256 of the rubric it was judged with: its `rubric`, or its result's
    /// `card.rubric`, when given.
    pub rubric: Option<String>,
    /// The judged work its answer's evidence is checked against, when given (`against`).
    pub against: Option<Arc<Work>>,
}

/// Reads a runs file: one run a line, blank lines skipped, a UTF-8 byte-order mark at the start
/// skipped. `by` is the key of each run's group label, which every run must then have.
///
/// # Errors
/// Every bad line, in order: not a JSON object, an unknown key, a missing or empty work, a
/// missing output or one that is neither a text nor JSON, a naive number that is not a number
/// or lies outside `naive_scale`, a grader, model or label that is not a text; and a file with
/// no run. A run's `against` given as `{"path": …}` is refused: this reads no files
/// ([`read_with`] does).
pub fn read(text: &str, naive_scale: Scale, by: Option<&str>) -> Result<Vec<Run>, Vec<LineError>> {
    read_with(text, naive_scale, by, &mut |_| {
        Err(crate::calibrate::gold::NO_FILES.into())
    })
}

/// Reads a runs file as [`read`] does, a run's `against` given as `{"path": …}` opened by
/// `open` (several runs naming one work may share it).
///
/// # Errors
/// As [`read`]; and an `against` that is neither a text nor `{"path": …}`, or that `open`
/// cannot read, named with its path.
pub fn read_with(
    text: &str,
    naive_scale: Scale,
    by: Option<&str>,
    open: &mut dyn FnMut(&str) -> Result<Arc<Work>, String>,
) -> Result<Vec<Run>, Vec<LineError>> {
    crate::line_error::json_lines(
        text,
        "the runs file has no runs: write one JSON object a line, {\"work\": \"w1\", \"output\": \"+3 …\"}, at least two a work",
        |row, line| run(row, line, naive_scale, by, open),
    )
}

#[cfg(feature = "fs")]
/// Reads the runs file `text` of the file at `path` as [`read`] does, each run's `against`
/// given as `{"path": …}` read relative to the file's folder (and not outside it) as
/// `score --against` reads a work; a work several runs name is read once.
///
/// # Errors
/// As [`read_with`]: a work that cannot be read is named with its run's line and its path.
pub fn read_in(
    path: &std::path::Path,
    text: &str,
    naive_scale: Scale,
    by: Option<&str>,
) -> Result<Vec<Run>, Vec<LineError>> {
    let mut works = crate::calibrate::WorksIn::new(crate::calibrate::folder_of(path), "runs");
    read_with(text, naive_scale, by, &mut |p| works.open(p))
}

use crate::line_error::at as err;

/// The keys a run may have, as the messages list them.
fn allowed(by: Option<&str>) -> String {
    let mut keys: Vec<&str> = KEYS.to_vec();
    if let Some(b) = by.filter(|b| !KEYS.contains(b)) {
        keys.push(b);
    }
    keys.join(", ")
}

fn run(
    row: &str,
    line: usize,
    naive_scale: Scale,
    by: Option<&str>,
    open: &mut dyn FnMut(&str) -> Result<Arc<Work>, String>,
) -> Result<Run, LineError> {
    let v = json::parse(row).map_err(|e| LineError {
        line,
        column: Some(json::line_col(row, e.at).1),
        message: format!("not a JSON object: {}", e.message),
    })?;
    let Kind::Object(members) = &v.kind else {
        return Err(err(
            line,
            format!(
                "a run is a JSON object {{\"work\", \"output\"}}, not {}",
                v.describe()
            ),
        ));
    };
    for (key, _) in members {
        if !KEYS.contains(&key.as_str()) && by != Some(key.as_str()) {
            return Err(err(
                line,
                format!("unknown key \"{key}\" (a run has {})", allowed(by)),
            ));
        }
    }
    let work = match v.get("work").map(|w| &w.kind) {
        Some(Kind::String(s)) if !s.trim().is_empty() => s.clone(),
        Some(Kind::Number(n)) => (*n).to_string(),
        Some(_) => {
            return Err(err(
                line,
                "\"work\" must be a text that is not empty, or a number, such as \"w1\"".into(),
            ))
        }
        None => {
            return Err(err(
                line,
                "\"work\" is missing: every run names the work it judged, such as \"w1\"".into(),
            ))
        }
    };
    let at = |message: String| err(line, format!("work \"{work}\": {message}"));
    let output = match v.get("output") {
        None => return Err(at("\"output\" is missing: give the judge's answer".into())),
        Some(o) => output(row, o).map_err(at)?,
    };
    let naive = match v.get("naive") {
        None
        | Some(Value {
            kind: Kind::Null, ..
        }) => None,
        Some(n) => Some(number(n, naive_scale).map_err(at)?),
    };
    let text = |key: &str| -> Result<Option<String>, LineError> {
        match v.get(key).map(|x| &x.kind) {
            None | Some(Kind::Null) => Ok(None),
            Some(Kind::String(s)) if !s.trim().is_empty() => Ok(Some(s.clone())),
            Some(_) => Err(at(format!(
                "\"{key}\" must be a text that is not empty, not {}",
                v.get(key).map_or("null", Value::describe)
            ))),
        }
    };
    let label = match by {
        None => None,
        Some(key) => match v.get(key).map(|x| &x.kind) {
            None | Some(Kind::Null) => {
                return Err(at(format!(
                    "\"{key}\" is missing: with --by {key} every run needs its label"
                )))
            }
            Some(Kind::Number(n)) => Some((*n).to_string()),
            _ => text(key)?,
        },
    };
    let rubric = rubric_hash(&v).map_err(at)?;
    let against = match v.get(AGAINST) {
        None
        | Some(Value {
            kind: Kind::Null, ..
        }) => None,
        Some(w) => Some(crate::calibrate::gold::work(w, AGAINST, "runs", open).map_err(at)?),
    };
    Ok(Run {
        line,
        rubric,
        against,
        work: work.clone(),
        output,
        naive,
        label,
        grader: text("grader")?,
        model: text("model")?,
        probe: text("probe")?,
    })
}

/// The run's rubric hash: `"rubric": "<sha256>"`, or the `rubric` of a result's
/// `"card": {…}`; both given must agree.
fn rubric_hash(v: &Value<'_>) -> Result<Option<String>, String> {
    let hash = |x: &Value<'_>, key: &str| -> Result<Option<String>, String> {
        match &x.kind {
            Kind::Null => Ok(None),
            Kind::String(s) if pickanumber_text::hash::is_hash(s) => Ok(Some(s.clone())),
            _ => Err(format!(
                "\"{key}\" must be the rubric's sha256 (64 lowercase hexadecimal digits, as a result's card gives it), not {}",
                x.describe()
            )),
        }
    };
    let given = v
        .get("rubric")
        .map(|r| hash(r, "rubric"))
        .transpose()?
        .flatten();
    let carded = match v.get("card") {
        None => None,
        Some(c) => match &c.kind {
            Kind::Null => None,
            Kind::Object(_) => c
                .get("rubric")
                .map(|r| hash(r, "card.rubric"))
                .transpose()?
                .flatten(),
            _ => {
                return Err(format!(
                    "\"card\" must be a result's card (an object), not {}",
                    c.describe()
                ))
            }
        },
    };
    match (given, carded) {
        (Some(a), Some(b)) if a != b => Err(format!(
            "\"rubric\" {} and \"card.rubric\" {} differ: give one rubric hash",
            pickanumber_text::hash::short(&a),
            pickanumber_text::hash::short(&b)
        )),
        (a, b) => Ok(a.or(b)),
    }
}

/// The answer as text: a string as it is, a JSON object or list as its JSON text (what a
/// model writes under a schema), which the formula's reader takes.
fn output(row: &str, v: &Value<'_>) -> Result<String, String> {
    match &v.kind {
        Kind::String(s) => Ok(s.clone()),
        Kind::Object(_) | Kind::Array(_) => {
            let (_, end) = json::parse_first(&row[v.at..]).map_err(|e| e.message)?;
            Ok(row[v.at..v.at + end].to_string())
        }
        _ => Err(format!(
            "\"output\" must be the judge's answer as a text or as its JSON (an object or a list), not {}",
            v.describe()
        )),
    }
}

/// A naive number on `scale`, mapped onto 0–100.
fn number(v: &Value<'_>, scale: Scale) -> Result<f64, String> {
    let Kind::Number(text) = v.kind else {
        return Err(format!(
            "\"naive\" must be a number on the scale {scale}, not {}",
            v.describe()
        ));
    };
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && scale.contains(x) => Ok(scale.to_100(x)),
        _ => Err(format!(
            "\"naive\" is {text}, outside the scale {scale} (--naive-scale)"
        )),
    }
}
