//! The gold set: JSON Lines → [`Subject`]s on the 0–100 scale, or every bad line with its
//! number.

use super::Scale;
use crate::LineError;
use pickanumber_score::verify::Work;
use pickanumber_text::json::{self, Kind, Value};
use std::sync::Arc;

/// The keys a subject line may have.
const KEYS: &str = "id, human, output, naive, work";

/// The people's scores of one subject, mapped onto 0–100.
#[derive(Clone, Debug, PartialEq)]
pub enum Human {
    /// One score per rater (one rater: a list of one).
    Raters(Vec<f64>),
    /// Per criterion, one score per rater, in the order written.
    Criteria(Vec<(String, Vec<f64>)>),
}

impl Human {
    /// The mean human score: the mean of the raters, or for criteria the plain (unweighted)
    /// mean of each criterion's mean over the raters.
    pub fn mean(&self) -> f64 {
        match self {
            Human::Raters(r) => mean(r),
            Human::Criteria(c) => mean(&c.iter().map(|(_, r)| mean(r)).collect::<Vec<_>>()),
        }
    }
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

/// The judge's output for one subject.
#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    /// One output, scored with `analyse`.
    One(String),
    /// Several passes, scored together with `combine` (named `pass 1`, `pass 2`, …).
    Passes(Vec<String>),
}

/// One subject of the gold set.
#[derive(Clone, Debug, PartialEq)]
pub struct Subject {
    /// Its id, unique in the set.
    pub id: String,
    /// Its line in the gold file (1-based).
    pub line: usize,
    /// The people's scores, on 0–100.
    pub human: Human,
    /// What the judge wrote.
    pub output: Output,
    /// The judge's own number, on 0–100, when given.
    pub naive: Option<f64>,
    /// The judged work the output's evidence is checked against, when given.
    pub work: Option<Arc<Work>>,
}

/// How the files a gold set names are opened: an output given as `{"path": …}` (its text)
/// and a work given as `{"path": …}` (a file is one text, a folder a tree). The caller bounds
/// and confines both.
pub struct Open<'a> {
    /// The text of an output file, or why it cannot be read.
    pub output: &'a mut dyn FnMut(&str) -> Result<String, String>,
    /// The work at a path, or why it cannot be read; subjects naming one work may share it.
    pub work: &'a mut dyn FnMut(&str) -> Result<Arc<Work>, String>,
}

/// What reading without files says of every `{"path": …}`.
pub const NO_FILES: &str = "this build reads no files: give the output and the work as text";

/// Reads a gold set whose outputs and works are all given as text: every `{"path": …}` is
/// refused with [`NO_FILES`].
///
/// # Errors
/// As [`read`].
pub fn read_text(
    text: &str,
    human_scale: Scale,
    naive_scale: Scale,
) -> Result<Vec<Subject>, Vec<LineError>> {
    let mut open = Open {
        output: &mut |_| Err(NO_FILES.into()),
        work: &mut |_| Err(NO_FILES.into()),
    };
    read(text, human_scale, naive_scale, &mut open)
}

/// Reads a gold set: one subject a line, blank lines skipped, a UTF-8 byte-order mark at the
/// start skipped. `open` opens what a line gives as `{"path": …}`.
///
/// # Errors
/// Every bad line, in order: not a JSON object, a missing or repeated id, a human score or
/// naive number that is not a number or lies outside its scale, an output that is neither a
/// text, `{"path": …}` nor a list of them, a work that is neither a text nor `{"path": …}`,
/// an output or work that cannot be read, an unknown key.
pub fn read(
    text: &str,
    human_scale: Scale,
    naive_scale: Scale,
    open: &mut Open<'_>,
) -> Result<Vec<Subject>, Vec<LineError>> {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    crate::line_error::json_lines(
        text,
        "the gold set has no subjects: write one JSON object a line, {\"id\": \"s1\", \"human\": 72, \"output\": \"…\"}",
        |row, line| subject(row, line, human_scale, naive_scale, open, &mut seen),
    )
}

use crate::line_error::at as err;

fn subject(
    row: &str,
    line: usize,
    human_scale: Scale,
    naive_scale: Scale,
    open: &mut Open<'_>,
    seen: &mut std::collections::HashMap<String, usize>,
) -> Result<Subject, LineError> {
    let v = json::parse(row).map_err(|e| LineError {
        line,
        column: Some(json::line_col(row, e.at).1),
        message: format!("not a JSON object: {}", e.message),
    })?;
    let Kind::Object(members) = &v.kind else {
        return Err(err(
            line,
            format!(
                "a subject is a JSON object {{\"id\", \"human\", \"output\"}}, not {}",
                v.describe()
            ),
        ));
    };
    for (key, _) in members {
        if !KEYS.split(", ").any(|k| k == key) {
            return Err(err(
                line,
                format!("unknown key \"{key}\" (a subject has {KEYS})"),
            ));
        }
    }
    if let Some(key) = repeated(members) {
        return Err(err(
            line,
            format!("key \"{key}\" is given twice: give each key once"),
        ));
    }
    let id = match v.get("id").map(|i| &i.kind) {
        Some(Kind::String(s)) if !s.trim().is_empty() => s.clone(),
        Some(_) => {
            return Err(err(
                line,
                "\"id\" must be a text that is not empty, such as \"s1\"".into(),
            ))
        }
        None => {
            return Err(err(
                line,
                "\"id\" is missing: every subject needs an id, such as \"s1\"".into(),
            ))
        }
    };
    if let Some(first) = seen.get(&id) {
        return Err(err(
            line,
            format!("id \"{id}\" repeats line {first}: every subject needs its own id"),
        ));
    }
    seen.insert(id.clone(), line);
    let at = |message: String| err(line, format!("subject \"{id}\": {message}"));
    let human = match v.get("human") {
        None => return Err(at("\"human\" is missing: give the people's score".into())),
        Some(h) => human(h, human_scale).map_err(at)?,
    };
    let naive = match v.get("naive") {
        None
        | Some(Value {
            kind: Kind::Null, ..
        }) => None,
        Some(n) => Some(number(n, naive_scale, "naive", "--naive-scale").map_err(at)?),
    };
    let output = match v.get("output") {
        None => return Err(at("\"output\" is missing: give the judge's output".into())),
        Some(o) => output(o, open.output).map_err(at)?,
    };
    let work = match v.get("work") {
        None
        | Some(Value {
            kind: Kind::Null, ..
        }) => None,
        Some(w) => Some(work(w, "work", "gold", open.work).map_err(at)?),
    };
    Ok(Subject {
        id,
        line,
        human,
        output,
        naive,
        work,
    })
}

/// The first key an object's members repeat.
fn repeated<'m>(members: &'m [(String, Value<'_>)]) -> Option<&'m str> {
    let mut seen = std::collections::HashSet::new();
    members
        .iter()
        .map(|(k, _)| k.as_str())
        .find(|k| !seen.insert(*k))
}

const HUMAN_KINDS: &str =
    "a number, a list of numbers (one per rater) or an object of criteria (each a number or a list)";

fn human(v: &Value<'_>, scale: Scale) -> Result<Human, String> {
    match &v.kind {
        Kind::Number(_) | Kind::Array(_) => raters(v, scale, "human").map(Human::Raters),
        Kind::Object(members) if !members.is_empty() => {
            let mut criteria: Vec<(String, Vec<f64>)> = Vec::new();
            for (name, value) in members {
                if criteria.iter().any(|(n, _)| n == name) {
                    return Err(format!("criterion \"{name}\" is given twice in \"human\""));
                }
                let what = format!("human.{name}");
                criteria.push((name.clone(), raters(value, scale, &what)?));
            }
            Ok(Human::Criteria(criteria))
        }
        _ => Err(format!(
            "\"human\" must be {HUMAN_KINDS}, not {}",
            v.describe()
        )),
    }
}

fn raters(v: &Value<'_>, scale: Scale, what: &str) -> Result<Vec<f64>, String> {
    match &v.kind {
        Kind::Array(list) if !list.is_empty() => list
            .iter()
            .map(|x| number(x, scale, what, "--human-scale"))
            .collect(),
        Kind::Array(_) => Err(format!(
            "\"{what}\" is an empty list: give at least one score"
        )),
        _ => Ok(vec![number(v, scale, what, "--human-scale")?]),
    }
}

/// A number on `scale`, mapped onto 0–100.
fn number(v: &Value<'_>, scale: Scale, what: &str, flag: &str) -> Result<f64, String> {
    let Kind::Number(text) = v.kind else {
        return Err(format!(
            "\"{what}\" must be a number on the scale {scale}, not {}",
            v.describe()
        ));
    };
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && scale.contains(x) => Ok(scale.to_100(x)),
        _ => Err(format!(
            "\"{what}\" is {text}, outside the scale {scale} ({flag})"
        )),
    }
}

fn output(
    v: &Value<'_>,
    open: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<Output, String> {
    match &v.kind {
        Kind::Array(list) if !list.is_empty() => list
            .iter()
            .map(|p| one(p, open))
            .collect::<Result<Vec<_>, _>>()
            .map(Output::Passes),
        Kind::Array(_) => Err("\"output\" is an empty list: give at least one pass".into()),
        _ => one(v, open).map(Output::One),
    }
}

fn one(
    v: &Value<'_>,
    open: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<String, String> {
    match &v.kind {
        Kind::String(s) => Ok(s.clone()),
        Kind::Object(members) => match (members.len(), v.get("path").map(|p| &p.kind)) {
            (1, Some(Kind::String(p))) => open(p).map_err(|why| format!("cannot read output \"{p}\": {why}")),
            _ => Err("an output object must be {\"path\": \"…\"}, a file relative to the gold file's folder".into()),
        },
        _ => Err(format!(
            "\"output\" must be the judge's output as a text, {{\"path\": \"…\"}} or a list of passes, not {}",
            v.describe()
        )),
    }
}

/// The judged work a line gives under `key` (a gold set's `work`, a run's `against`): a
/// text, or `{"path": …}` (a file or a folder, relative to the folder of the `file` file, such
/// as `gold` or `runs`), opened by `open`. The one reader of a judged work in a JSON line.
///
/// # Errors
/// A value that is neither a text nor `{"path": …}`, and a path `open` cannot read, named.
pub(crate) fn work(
    v: &Value<'_>,
    key: &str,
    file: &str,
    open: &mut dyn FnMut(&str) -> Result<Arc<Work>, String>,
) -> Result<Arc<Work>, String> {
    match (&v.kind, v.get("path").map(|p| &p.kind)) {
        (Kind::String(s), _) => Ok(Arc::new(Work::text(s))),
        (Kind::Object(members), Some(Kind::String(p))) if members.len() == 1 => {
            open(p).map_err(|why| format!("cannot read work \"{p}\": {why}"))
        }
        (Kind::Object(_), _) => Err(format!("a work object must be {{\"path\": \"…\"}}, a file or a folder relative to the {file} file's folder")),
        _ => Err(format!(
            "\"{key}\" must be the judged work as a text or {{\"path\": \"…\"}}, not {}",
            v.describe()
        )),
    }
}
