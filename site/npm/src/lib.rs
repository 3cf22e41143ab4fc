//! The npm package's core, bound with wasm-bindgen and nothing else (no user interface):
//!
//! text + the options' JSON ([`options::parse`]) → [`pickanumber_result::evaluate`] → the JSON
//! text of [`pickanumber_result::Evaluation::to_json`], the one object `pickanumber score`
//! prints, which the JavaScript entry (`site/npm/js/index.js`) parses; or the markdown report
//! (`score --report`), several judges' passes combined ([`passes`], `pickanumber combine`), or
//! a rubric's judge prompt and JSON Schema (`rubric prompt|schema`).
//!
//! Every function returns a `Result`: a bad option or rubric is a JavaScript `Error` with the
//! message, never a panic. The plain functions ([`analyse_text`] and the others) hold the logic
//! and are tested natively; the `#[wasm_bindgen]` ones only turn their errors into `JsError`.

pub mod options;
pub mod passes;

use pickanumber_result::{evaluate, Evaluation};
use pickanumber_rubric::WorkText;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// The most text one call reads, as the CLI reads at most 64 MiB from one input.
pub const MAX_BYTES: usize = pickanumber_result::MAX_INPUT_BYTES;

/// The evaluation of `text` under the options' JSON.
///
/// # Errors
/// Text over [`MAX_BYTES`], or bad options ([`options::parse`]).
fn evaluation(
    text: &str,
    options_json: &str,
) -> Result<(Evaluation, pickanumber_result::Options), String> {
    if text.len() > MAX_BYTES {
        return Err(pickanumber_result::TOO_LARGE.into());
    }
    let options = options::parse(options_json).map_err(options::thrown)?;
    Ok((evaluate(text, &options), options))
}

/// The JSON text of the object `pickanumber score` prints for `text` with these options
/// (with a `gate` object when a threshold is set).
///
/// # Errors
/// As [`evaluation`].
pub fn analyse_text(text: &str, options_json: &str) -> Result<String, String> {
    let (e, _) = evaluation(text, options_json)?;
    Ok(serde_json::to_string(&e.result()).expect("a result serialises"))
}

/// The markdown report `pickanumber score --report` prints, ending with the rubric's traps as
/// a checklist when the options name a rubric that has traps.
///
/// # Errors
/// As [`evaluation`].
pub fn report_text(text: &str, options_json: &str) -> Result<String, String> {
    let (e, options) = evaluation(text, options_json)?;
    let mut out = pickanumber_result_view::report::markdown(&e.analysis);
    if let Some(r) = options.rubric.as_ref().filter(|r| !r.traps.is_empty()) {
        out.push('\n');
        out.push_str(&r.trap_checklist());
    }
    Ok(out)
}

/// The keys of `calibrate`'s options.
const CALIBRATE_KEYS: &str = "humanScale, naiveScale, rubric, folds, minAgreement";

/// The JSON text of the card `pickanumber calibrate` prints for a gold set given as text
/// (JSON Lines; outputs as text or lists of passes, works as text: this build reads no files),
/// under the
/// options `{"humanScale": "1:10", "naiveScale": "0:100", "rubric": "<rubric text>",
/// "folds": 5, "minAgreement": 0.6}`, every key optional.
///
/// # Errors
/// Text over [`MAX_BYTES`], an unknown option or a bad value, a rubric with errors, or the
/// gold set's bad lines, one a line (`line N: message`).
pub fn calibrate_text(gold: &str, options_json: &str) -> Result<String, String> {
    use pickanumber_instruments::calibrate::{calibrate, gold as gold_set, Scale, FOLDS};
    if gold.len() > MAX_BYTES {
        return Err(pickanumber_result::TOO_LARGE.into());
    }
    let options: serde_json::Map<String, Value> = match options_json.trim() {
        "" | "null" => serde_json::Map::new(),
        text => {
            serde_json::from_str(text).map_err(|e| format!("options must be an object: {e}"))?
        }
    };
    let (mut human, mut naive) = (Scale::default(), Scale::default());
    let (mut folds, mut min_agreement, mut request) =
        (FOLDS, None, pickanumber_score::Request::default());
    for (key, value) in &options {
        match (key.as_str(), value) {
            ("humanScale", Value::String(s)) => human = Scale::parse(s)?,
            ("naiveScale", Value::String(s)) => naive = Scale::parse(s)?,
            ("folds", v) => {
                folds = v
                    .as_u64()
                    .and_then(|k| usize::try_from(k).ok())
                    .filter(|&k| k >= 2)
                    .ok_or_else(|| format!("folds must be a whole number of at least 2, not {v}"))?
            }
            ("minAgreement", v) => {
                min_agreement = Some(v.as_f64().filter(|r| (-1.0..=1.0).contains(r)).ok_or_else(
                    || format!("minAgreement must be a number from -1 to 1, not {v}"),
                )?)
            }
            ("rubric", Value::String(text)) => {
                let r = pickanumber_rubric::Rubric::parse(text).map_err(|errors| {
                    let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
                    format!("the rubric cannot be used:\n{}", lines.join("\n"))
                })?;
                request = r.request();
            }
            ("humanScale" | "naiveScale" | "rubric", v) => {
                return Err(format!("{key} must be a string, not {v}"))
            }
            _ => {
                return Err(format!(
                    "unknown option {key} (calibrate takes {CALIBRATE_KEYS})"
                ))
            }
        }
    }
    let lines = |errors: Vec<pickanumber_score::LineError>| {
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    };
    let subjects = gold_set::read_text(gold, human, naive).map_err(lines)?;
    let card = calibrate(&subjects, &request, folds).map_err(lines)?;
    Ok(card.to_json(human, naive, min_agreement))
}

/// The keys of `retest`'s options.
const RETEST_KEYS: &str = "failUnder, naiveScale, by, rubric, against, report";

/// The retest of runs given as text (JSON Lines, one judging a line, at least two a work):
/// the JSON text `pickanumber retest --json` prints, or with `"report": true` the markdown
/// `--report` prints, under the options `{"failUnder": 60, "naiveScale": "1:10", "by":
/// "probe", "rubric": "<rubric text>", "against": "<the work>", "report": false}`, every key
/// optional. `against` (the work's text or `{path: text}`, as `score`'s option) checks the
/// evidence of every run that names no work of its own (a run's `against` text); a run's
/// `{"path": …}` is refused, as this build reads no files.
///
/// # Errors
/// Text over [`MAX_BYTES`], an unknown option or a bad value, a rubric with errors, or every
/// bad run, one a line (`line N: work "ID": message`).
pub fn retest_text(runs: &str, options_json: &str) -> Result<String, String> {
    use pickanumber_instruments::calibrate::Scale;
    use pickanumber_instruments::retest::{retest, runs as run_lines, Options};
    if runs.len() > MAX_BYTES {
        return Err(pickanumber_result::TOO_LARGE.into());
    }
    let given: serde_json::Map<String, Value> = match options_json.trim() {
        "" | "null" => serde_json::Map::new(),
        text => {
            serde_json::from_str(text).map_err(|e| format!("options must be an object: {e}"))?
        }
    };
    let mut options = Options::default();
    let mut report = false;
    let mut against = None;
    for (key, value) in &given {
        match (key.as_str(), value) {
            ("naiveScale", Value::String(s)) => options.naive_scale = Scale::parse(s)?,
            ("failUnder", Value::Null) | ("by", Value::Null) => {}
            ("failUnder", v) => {
                options.fail_under = Some(
                    v.as_f64()
                        .filter(|g| (0.0..=100.0).contains(g))
                        .ok_or_else(|| {
                            format!("failUnder must be a score from 0 to 100, not {v}")
                        })?,
                )
            }
            ("by", Value::String(k))
                if !k.trim().is_empty() && !run_lines::NOT_LABELS.contains(&k.as_str()) =>
            {
                options.by = Some(k.clone())
            }
            ("by", v) => {
                return Err(format!(
                    "by must be a label's key such as \"probe\" (not {}), not {v}",
                    run_lines::NOT_LABELS.join(", ")
                ))
            }
            ("report", Value::Bool(b)) => report = *b,
            ("against", Value::Null) => {}
            ("against", v) => {
                let work = crate::options::work(v).map_err(|e| e.message)?;
                let checked = pickanumber_score::verify::Against::new(work);
                against = Some(checked);
            }
            ("rubric", Value::String(text)) => {
                let r = pickanumber_rubric::Rubric::parse(text).map_err(|errors| {
                    let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
                    format!("the rubric cannot be used:\n{}", lines.join("\n"))
                })?;
                options.request = r.request();
            }
            ("naiveScale" | "rubric", v) => return Err(format!("{key} must be a string, not {v}")),
            ("report", v) => return Err(format!("report must be true or false, not {v}")),
            _ => return Err(format!("unknown option {key} (retest takes {RETEST_KEYS})")),
        }
    }
    let lines = |errors: Vec<pickanumber_score::LineError>| {
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    };
    // Set after the loop: a rubric given after it would replace the request.
    if against.is_some() {
        options.request.against = against;
    }
    let read = run_lines::read(runs, options.naive_scale, options.by.as_deref()).map_err(lines)?;
    let r = retest(&read, &options).map_err(lines)?;
    Ok(if report { r.report() } else { r.to_json() })
}

/// The JSON text of the object `pickanumber combine` prints for several judges' passes
/// (`[{"name": …, "items": TEXT}, …]`) under the options.
///
/// # Errors
/// Bad options, or bad passes ([`passes::combine`]).
pub fn combine_text(passes_json: &str, options_json: &str) -> Result<String, String> {
    let options = options::parse(options_json).map_err(options::thrown)?;
    passes::combine(passes_json, &options, MAX_BYTES)
        .map(|e| serde_json::to_string(&e.result()).expect("a result serialises"))
}

/// The rubric in `json` (`{"rubric": …}`, its text or its object).
fn rubric_of(json: &str) -> Result<pickanumber_result::Rubric, String> {
    let v: Value = serde_json::from_str(json).map_err(|e| format!("not JSON: {e}"))?;
    let v = v.get("rubric").unwrap_or(&Value::Null);
    options::rubric("rubric", v).map_err(|e| e.message)
}

/// The judge prompt of the rubric `{"rubric": TEXT_OR_OBJECT}` (`rubric prompt`); with a
/// `"work"` (the judged text, or `{path: text}` for files), the prompt followed by the work
/// under "## The work", as `judge` sends it.
///
/// # Errors
/// The rubric's errors, every one with its line and column; a work that is neither a string
/// nor an object of strings.
pub fn prompt_text(rubric_json: &str) -> Result<String, String> {
    let r = rubric_of(rubric_json)?;
    let v: Value = serde_json::from_str(rubric_json).map_err(|e| format!("not JSON: {e}"))?;
    match v.get("work") {
        None | Some(Value::Null) => Ok(r.prompt()),
        Some(Value::String(text)) => Ok(r.prompt_with_work(WorkText::Text(text))),
        Some(Value::Object(files)) => {
            let mut pairs = Vec::with_capacity(files.len());
            for (path, text) in files {
                let Value::String(text) = text else {
                    return Err(format!(
                        "work[{path:?}] must be the file's text (a string), not {}",
                        options::describe(text)
                    ));
                };
                pairs.push((path.as_str(), text.as_str()));
            }
            Ok(r.prompt_with_work(WorkText::Files(&pairs)))
        }
        Some(other) => Err(format!(
            "work must be the judged text (a string) or {{ path: text }}, not {}",
            options::describe(other)
        )),
    }
}

/// The JSON Schema text of the judge's output for the rubric (`rubric schema`).
///
/// # Errors
/// As [`prompt_text`].
pub fn schema_text(rubric_json: &str) -> Result<String, String> {
    rubric_of(rubric_json).map(|r| r.schema())
}

/// The judge loop's verdict (`pickanumber_result::judging::verdict`) on the graders' outcomes
/// (the JSON list of them) under the options' JSON, whose `against` is the work and whose
/// `minJudges` is the panel's rule and whose `prompt` is the prompt sent (hashed on the card): the JSON text `{"verdict": the verdict's object,
/// "report": its markdown}`.
///
/// # Errors
/// Bad options, a bad `minJudges`, or bad outcomes.
pub fn verdict_text(graders_json: &str, options_json: &str) -> Result<String, String> {
    use pickanumber_result::judging;
    let mut given: serde_json::Map<String, Value> = match options_json.trim() {
        "" | "null" => serde_json::Map::new(),
        text => {
            serde_json::from_str(text).map_err(|e| format!("options must be an object: {e}"))?
        }
    };
    let min_judges = match given.remove("minJudges") {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.as_i64().ok_or_else(|| {
            format!(
                "options.minJudges: must be a whole number of graders, not {}",
                options::describe(&v)
            )
        })?),
    };
    let prompt = match given.remove("prompt") {
        None | Some(Value::Null) => None,
        Some(Value::String(p)) => Some(p),
        Some(v) => {
            return Err(format!(
                "options.prompt: must be the prompt sent (a string), not {}",
                options::describe(&v)
            ))
        }
    };
    let options = options::parse(&Value::Object(given).to_string()).map_err(options::thrown)?;
    let graders = judging::graders_from_json(graders_json)?;
    let v = judging::verdict(graders, &options, &judging::Panel { min_judges, prompt })?;
    Ok(serde_json::json!({"verdict": v.to_json(), "report": v.report()}).to_string())
}

/// [`verdict_text`] for JavaScript.
#[wasm_bindgen(js_name = judgeVerdict)]
pub fn judge_verdict(graders_json: &str, options_json: &str) -> Result<String, JsError> {
    verdict_text(graders_json, options_json).map_err(|e| JsError::new(&e))
}

/// `analyse_text` for JavaScript: throws an `Error` with the message.
#[wasm_bindgen(js_name = analyseJson)]
pub fn analyse_json(text: &str, options_json: &str) -> Result<String, JsError> {
    analyse_text(text, options_json).map_err(|e| JsError::new(&e))
}

/// `combine_text` for JavaScript.
#[wasm_bindgen(js_name = combineJson)]
pub fn combine_json(passes_json: &str, options_json: &str) -> Result<String, JsError> {
    combine_text(passes_json, options_json).map_err(|e| JsError::new(&e))
}

/// [`calibrate_text`] for JavaScript.
#[wasm_bindgen(js_name = calibrateJson)]
pub fn calibrate_json(gold: &str, options_json: &str) -> Result<String, JsError> {
    calibrate_text(gold, options_json).map_err(|e| JsError::new(&e))
}

/// [`retest_text`] for JavaScript.
#[wasm_bindgen(js_name = retestJson)]
pub fn retest_json(runs: &str, options_json: &str) -> Result<String, JsError> {
    retest_text(runs, options_json).map_err(|e| JsError::new(&e))
}

/// `report_text` for JavaScript.
#[wasm_bindgen(js_name = reportMarkdown)]
pub fn report_markdown(text: &str, options_json: &str) -> Result<String, JsError> {
    report_text(text, options_json).map_err(|e| JsError::new(&e))
}

/// A grader's id and sampling parameters from JSON text.
fn grader_of(json: &str) -> Result<pickanumber_result::card::Grader, String> {
    let v: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("grader: not JSON ({e})"))?;
    pickanumber_result::card::read_grader(&v, "grader")
}

/// The cache's key of a grader's answer to a prompt and schema
/// ([`pickanumber_result::cache::key`]): the entry's file is `KEY.json` in the cache folder.
pub fn cache_key_text(prompt: &str, schema: &str, grader_json: &str) -> Result<String, String> {
    Ok(pickanumber_result::cache::key(
        prompt,
        schema,
        &grader_of(grader_json)?,
    ))
}

/// The bytes of the entry to write for a grader's outcome (the judge loop's JSON), or `None`
/// for a failure, which is not stored. JavaScript writes them to a temporary file beside
/// `KEY.json` and renames it into place.
pub fn cache_entry_text(
    prompt: &str,
    schema: &str,
    grader_json: &str,
    outcome_json: &str,
) -> Result<Option<String>, String> {
    let outcome: serde_json::Value =
        serde_json::from_str(outcome_json).map_err(|e| format!("outcome: not JSON ({e})"))?;
    let entry = pickanumber_result::cache::Entry::of_outcome(
        prompt,
        schema,
        &grader_of(grader_json)?,
        &outcome,
    )?;
    Ok(entry.map(|e| String::from_utf8(e.to_bytes()).expect("an entry is JSON text")))
}

/// The outcome (JSON text, `"cached": true`, no cost) an entry's text gives for `key`.
///
/// # Errors
/// Why the text is not the entry of `key` (a damaged entry: the grader is called again).
pub fn cache_outcome_text(entry: &str, key: &str, grader_json: &str) -> Result<String, String> {
    let g = grader_of(grader_json)?;
    let e = pickanumber_result::cache::Entry::from_bytes(entry.as_bytes(), key)?;
    Ok(e.outcome(&g).to_string())
}

/// The sentence naming the damaged cache entry at `path` ([`pickanumber_result::cache::damaged`]),
/// for JavaScript, which reads the entry's file itself.
#[wasm_bindgen(js_name = cacheDamaged)]
pub fn cache_damaged(path: &str, why: &str) -> String {
    pickanumber_result::cache::damaged(std::path::Path::new(path), why)
}

/// [`cache_key_text`] for JavaScript.
#[wasm_bindgen(js_name = cacheKey)]
pub fn cache_key(prompt: &str, schema: &str, grader_json: &str) -> Result<String, JsError> {
    cache_key_text(prompt, schema, grader_json).map_err(|e| JsError::new(&e))
}

/// [`cache_entry_text`] for JavaScript: `undefined` for a failure.
#[wasm_bindgen(js_name = cacheEntry)]
pub fn cache_entry(
    prompt: &str,
    schema: &str,
    grader_json: &str,
    outcome_json: &str,
) -> Result<Option<String>, JsError> {
    cache_entry_text(prompt, schema, grader_json, outcome_json).map_err(|e| JsError::new(&e))
}

/// [`cache_outcome_text`] for JavaScript: throws the reason a damaged entry does not read.
#[wasm_bindgen(js_name = cacheOutcome)]
pub fn cache_outcome(entry: &str, key: &str, grader_json: &str) -> Result<String, JsError> {
    cache_outcome_text(entry, key, grader_json).map_err(|e| JsError::new(&e))
}

/// `prompt_text` for JavaScript.
#[wasm_bindgen(js_name = rubricPrompt)]
pub fn rubric_prompt(rubric_json: &str) -> Result<String, JsError> {
    prompt_text(rubric_json).map_err(|e| JsError::new(&e))
}

/// `schema_text` for JavaScript.
#[wasm_bindgen(js_name = rubricSchema)]
pub fn rubric_schema(rubric_json: &str) -> Result<String, JsError> {
    schema_text(rubric_json).map_err(|e| JsError::new(&e))
}

/// The table of scoring options as JSON: `[{"name", "what", "needs", "help", "kind"}]`, each
/// name as the options object spells it (`failUnder`), in the table's order.
#[wasm_bindgen(js_name = scoringOptionsJson)]
pub fn scoring_options_json() -> String {
    options::table_json()
}

/// The crate's version, which is the npm package's.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").into()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_cache_functions_round_trip_an_answer_and_refuse_another_key() {
        use super::{cache_entry_text, cache_key_text, cache_outcome_text};
        let g = r#"{"name": "claude", "model": "m", "temperature": null, "max_tokens": null}"#;
        let key = cache_key_text("p", "s", g).unwrap();
        let answer = r#"{"name": "claude", "kind": "answer", "text": "+3 a", "usage": {"input_tokens": 5, "output_tokens": 1}}"#;
        let entry = cache_entry_text("p", "s", g, answer).unwrap().unwrap();
        let outcome: serde_json::Value =
            serde_json::from_str(&cache_outcome_text(&entry, &key, g).unwrap()).unwrap();
        assert_eq!(outcome["text"], "+3 a");
        assert_eq!(outcome["cached"], true);
        let failed = r#"{"name": "claude", "kind": "timed_out", "seconds": 300}"#;
        assert_eq!(cache_entry_text("p", "s", g, failed).unwrap(), None);
        let other = cache_key_text("p2", "s", g).unwrap();
        assert!(cache_outcome_text(&entry, &other, g)
            .unwrap_err()
            .starts_with("it holds the entry of another key"));
    }

    use super::*;

    /// `calibrate` gives the card the CLI prints for the same gold set, and refuses an output
    /// file (no files in this build), a bad line and an unknown option by name.
    #[test]
    fn calibrate_gives_the_card_and_refuses_files_and_bad_options() {
        let gold = include_str!("../../../examples/calibrate/gold.jsonl");
        let card: Value = serde_json::from_str(
            &calibrate_text(
                gold,
                r#"{"humanScale": "1:10", "naiveScale": "1:10", "minAgreement": 0.5}"#,
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(card["n"], 40);
        assert_eq!(card["verdict"]["pass"], true);
        let keys: Vec<&str> = card["fit"]["fitted"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, ["denominator", "scale"]);
        assert_eq!(
            calibrate_text(r#"{"id": "a", "human": 5, "output": {"path": "a.txt"}}"#, "{}").unwrap_err(),
            "line 1: subject \"a\": cannot read output \"a.txt\": this build reads no files: give the output and the work as text"
        );
        assert_eq!(
            calibrate_text(gold, r#"{"fold": 3}"#).unwrap_err(),
            "unknown option fold (calibrate takes humanScale, naiveScale, rubric, folds, minAgreement)"
        );
        assert_eq!(
            calibrate_text(gold, r#"{"folds": 1}"#).unwrap_err(),
            "folds must be a whole number of at least 2, not 1"
        );
    }

    /// `retest` gives the JSON and the report of the docs' example runs, and names a prose run
    /// and a bad option.
    #[test]
    fn retest_gives_the_figures_and_names_bad_runs_and_options() {
        let runs = include_str!("../../../examples/docs/retest-runs.jsonl");
        let r: Value = serde_json::from_str(
            &retest_text(
                runs,
                r#"{"failUnder": 60, "naiveScale": "1:10", "by": "probe"}"#,
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(
            (r["runs"].as_u64(), r["works"].as_u64()),
            (Some(24), Some(6))
        );
        assert_eq!(r["by"]["shifts"][0]["label"], "shuffled");
        let report = retest_text(runs, r#"{"report": true}"#).unwrap();
        assert!(
            report.starts_with("# Retest: how steady is the judge\n"),
            "{report}"
        );
        assert_eq!(
            retest_text(
                "{\"work\": \"a\", \"output\": \"+1 x\"}\n{\"work\": \"a\", \"output\": \"fine\"}\n",
                "{}"
            )
            .unwrap_err(),
            "line 2: work \"a\": the output gives no score: no items read: the text is not JSON (it starts with neither [ nor {), has no table or rows with an impact column, and no line starts with a signed impact, as in +3 the tests pass; there is no score"
        );
        assert_eq!(
            retest_text(runs, r#"{"gate": 60}"#).unwrap_err(),
            "unknown option gate (retest takes failUnder, naiveScale, by, rubric, against, report)"
        );
        assert_eq!(
            retest_text(runs, r#"{"failUnder": 101}"#).unwrap_err(),
            "failUnder must be a score from 0 to 100, not 101"
        );
    }

    /// `against` (the option for every run, or a run's text) leaves out an invented quotation
    /// before scoring; a run's `{"path": …}` is
    /// refused, as this build reads no files.
    #[test]
    fn retest_checks_the_evidence_against_the_work() {
        let runs = concat!(
            "{\"work\": \"a\", \"output\": \"+3 \\\"alpha beta\\\"\\n-1 slow\"}\n",
            "{\"work\": \"a\", \"output\": \"+3 \\\"alpha beta\\\"\\n+2 \\\"invented\\\"\\n-1 slow\"}\n",
        );
        let finals = |options: &str| -> Value {
            let r: Value = serde_json::from_str(&retest_text(runs, options).unwrap()).unwrap();
            assert_eq!(
                r["evidence"]["runs_checked"],
                if options.contains("against") { 2 } else { 0 }
            );
            r["per_work"][0]["finals"].clone()
        };
        let checked = finals(r#"{"against": "alpha beta gamma"}"#);
        assert_eq!(checked[0], checked[1]);
        assert_ne!(finals("{}")[1], checked[1]);
        let own = runs.replace("\"}\n", "\", \"against\": \"alpha beta gamma\"}\n");
        let r: Value = serde_json::from_str(&retest_text(&own, "{}").unwrap()).unwrap();
        assert_eq!(r["per_work"][0]["finals"], checked);
        let paths = runs.replace("\"}\n", "\", \"against\": {\"path\": \"w.txt\"}}\n");
        assert_eq!(
            retest_text(&paths, "{}").unwrap_err().lines().next(),
            Some("line 1: work \"a\": cannot read work \"w.txt\": this build reads no files: give the output and the work as text")
        );
    }

    /// A gold line's work given as text checks its output's evidence in this build too: the
    /// card of the docs' example with works counts what the work does not have.
    #[test]
    fn a_work_given_as_text_checks_the_evidence() {
        let gold = include_str!("../../../examples/calibrate/checked.jsonl");
        let card: Value = serde_json::from_str(
            &calibrate_text(gold, r#"{"humanScale": "1:10", "folds": 4}"#).unwrap(),
        )
        .unwrap();
        let e = &card["evidence"];
        assert_eq!(e["subjects"], 12);
        assert!(e["not_found"].as_u64().unwrap() > 0, "{e}");
        assert!(e["invented_rate"].as_f64().unwrap() > 0.0, "{e}");
    }

    #[test]
    fn the_json_is_the_api_crates_object() {
        let text = "+5 clear tests\n-2 slow build\n";
        let ours: Value = serde_json::from_str(&analyse_text(text, "{}").unwrap()).unwrap();
        let api = evaluate(text, &pickanumber_result::Options::default()).to_json();
        assert_eq!(ours, api);
        let gated: Value =
            serde_json::from_str(&analyse_text(text, r#"{"failUnder": 90}"#).unwrap()).unwrap();
        assert_eq!(gated["gate"]["passed"], Value::Bool(false));
    }

    /// The gate's misses name the options object's keys, not the CLI's flags, and
    /// `interval: false` leaves the `interval` key out.
    #[test]
    fn the_gate_names_the_options_keys_and_the_interval_can_be_left_out() {
        let options = r#"{"failUnder": 70, "minConfidence": 0.5, "requireSelfCheck": true}"#;
        let v: Value = serde_json::from_str(&analyse_text("+3 a", options).unwrap()).unwrap();
        assert_eq!(
            v["gate"]["misses"],
            serde_json::json!([
                "final 68 is under 70 (failUnder)",
                "confidence 0.05 is under 0.5 (minConfidence)",
                "the self-check needs matrix mode; this input was scored in pooled mode (requireSelfCheck)",
            ])
        );
        assert!(v["interval"].is_array());
        let off: Value =
            serde_json::from_str(&analyse_text("+3 a", r#"{"interval": false}"#).unwrap()).unwrap();
        assert_eq!(off.get("interval"), None);
        assert_eq!(off["final"], v["final"]);
        let passes = r#"[{"name": "a", "items": "+3 x"}, {"name": "b", "items": "-1 y"}]"#;
        let off: Value =
            serde_json::from_str(&combine_text(passes, r#"{"interval": false}"#).unwrap()).unwrap();
        assert_eq!(off.get("interval"), None);
        assert_eq!(off["passes"][1].get("interval"), None);
    }

    #[test]
    fn too_much_text_and_bad_rubrics_are_errors() {
        let big = "x".repeat(MAX_BYTES + 1);
        assert_eq!(
            analyse_text(&big, "{}").unwrap_err(),
            "the text is larger than 64 MiB, the most pickanumber reads from one input"
        );
        assert_eq!(
            prompt_text("{}").unwrap_err(),
            "rubric: must be { path: \"rubric.toml\" }, { text: \"…\" }, a rubric object or a rubric's text, not null"
        );
        let toml = include_str!("../../../examples/rubrics/pull-request.toml");
        let json = serde_json::json!({ "rubric": toml }).to_string();
        let rubric = pickanumber_result::Rubric::parse(toml).unwrap();
        assert_eq!(prompt_text(&json).unwrap(), rubric.prompt());
        assert_eq!(schema_text(&json).unwrap(), rubric.schema());
        let report = report_text("+3 a", &serde_json::json!({ "rubric": toml }).to_string());
        assert!(report.unwrap().ends_with(&rubric.trap_checklist()));
    }

    #[test]
    fn a_prompt_with_the_work_is_the_rubric_crates_and_a_bad_work_is_named() {
        let toml = include_str!("../../../examples/rubrics/pull-request.toml");
        let rubric = pickanumber_result::Rubric::parse(toml).unwrap();
        let text = serde_json::json!({ "rubric": toml, "work": "fn main() {}" }).to_string();
        assert_eq!(
            prompt_text(&text).unwrap(),
            rubric.prompt_with_work(WorkText::Text("fn main() {}"))
        );
        let files = serde_json::json!({ "rubric": toml, "work": { "src/a.rs": "x", "b.md": "y" } });
        assert_eq!(
            prompt_text(&files.to_string()).unwrap(),
            rubric.prompt_with_work(WorkText::Files(&[("src/a.rs", "x"), ("b.md", "y")]))
        );
        let bad = serde_json::json!({ "rubric": toml, "work": { "a.rs": 3 } }).to_string();
        assert_eq!(
            prompt_text(&bad).unwrap_err(),
            "work[\"a.rs\"] must be the file's text (a string), not a number (3)"
        );
        let bad = serde_json::json!({ "rubric": toml, "work": ["x"] }).to_string();
        assert_eq!(
            prompt_text(&bad).unwrap_err(),
            "work must be the judged text (a string) or { path: text }, not an array"
        );
    }
}
