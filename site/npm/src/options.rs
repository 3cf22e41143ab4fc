//! The options object of `analyse(text, options)`: the JSON text the JavaScript entry writes
//! with `JSON.stringify` → each key looked up in the API's table of scoring options and its
//! value handed to the table's reader ([`pickanumber_result::table::Reader`], the one the CLI and
//! the Python package use) → [`pickanumber_result::Options`], the same request `pickanumber score`
//! builds from its flags. Every mistake is an [`OptionError`] with a stable kind that names the
//! option and what it takes; nothing is dropped or guessed.

use pickanumber_result::table::{Given, Reader, Rule};
pub use pickanumber_result::table::{OptionError, OptionKind};
use pickanumber_result::{Options, Rubric, Spelling};
use serde_json::{Map, Value};

/// An option error as the wasm functions throw it: the JSON text `{"optionError": {"kind",
/// "message"}}`, which the package's JavaScript turns into a `TypeError` with that message and
/// a `kind` (`out_of_range`), as it gives diagnostics theirs.
pub fn thrown(e: OptionError) -> String {
    serde_json::json!({"optionError": {"kind": e.kind.name(), "message": e.message}}).to_string()
}

/// The table of scoring options as the package exports it: each option's name as the
/// options object spells it, what its value is, the options it needs, its help and the kind
/// of error a bad value gives.
pub fn table_json() -> String {
    let list: Vec<Value> = pickanumber_result::table::SCORING_OPTIONS
        .iter()
        .map(|o| {
            let needs: Vec<String> = o.needs.iter().map(|n| Spelling::Npm.name(n)).collect();
            serde_json::json!({
                "name": Spelling::Npm.name(o.name),
                "what": o.rule.what(),
                "needs": needs,
                "help": o.help,
                "kind": o.kind().name(),
            })
        })
        .collect();
    Value::Array(list).to_string()
}

/// What a JSON value is, for messages: `a string ("yes")`, `a number (170)`.
pub fn describe(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("a boolean ({b})"),
        Value::Number(n) => format!("a number ({n})"),
        Value::String(s) => format!("a string ({s:?})"),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// A JSON value as the table's reader takes it.
fn given(v: &Value) -> Given {
    match v {
        Value::Bool(b) => Given::Bool(*b),
        Value::Number(n) => n
            .as_f64()
            .map_or_else(|| Given::Other(describe(v)), Given::Number),
        Value::String(s) => Given::Text(s.clone()),
        Value::Object(m) => Given::Map(m.iter().map(|(k, v)| (k.clone(), given(v))).collect()),
        other => Given::Other(describe(other)),
    }
}

/// Reads the options' JSON text (`{}` or `null` for none) into the request `score` makes.
///
/// # Errors
/// Options that are not an object, an unknown option, a value of the wrong type or out of its
/// range, a rubric with errors (every one, with line and column), or a rubric combined with
/// `mode`, `preset` or `weights`.
pub fn parse(json: &str) -> Result<Options, OptionError> {
    let value: Value = serde_json::from_str(json).map_err(|e| {
        OptionError::new(
            OptionKind::WrongType,
            format!("the options are not JSON: {e}"),
        )
    })?;
    let map = match value {
        Value::Null => Map::new(),
        Value::Object(m) => m,
        other => {
            return Err(OptionError::new(
                OptionKind::WrongType,
                format!(
                    "the options must be an object such as {{ mode: \"matrix\" }}, not {}",
                    describe(&other)
                ),
            ))
        }
    };
    let mut reader = Reader::new(Spelling::Npm);
    for (key, v) in &map {
        let option = reader.lookup(key)?;
        // `null` is an option left out, as `undefined` is (JSON.stringify drops that one).
        if v.is_null() {
            continue;
        }
        let value = match option.rule {
            Rule::Rubric => Given::Rubric(Box::new(rubric("options.rubric", v)?)),
            Rule::Work => Given::Work(std::sync::Arc::new(work(v)?)),
            _ => given(v),
        };
        reader.set_option(option, value)?;
    }
    reader.finish()
}

/// `against`: the work's text, or `{ path: text }`.
pub(crate) fn work(v: &Value) -> Result<pickanumber_score::verify::Work, OptionError> {
    use pickanumber_score::verify::Work;
    let bad = |m: String| OptionError::new(OptionKind::BadWork, format!("options.against: {m}"));
    match v {
        Value::String(text) => Ok(Work::text(text)),
        Value::Object(files) => {
            let mut pairs = Vec::with_capacity(files.len());
            for (path, text) in files {
                let text = text.as_str().ok_or_else(|| {
                    bad(format!(
                        "\"{path}\" must map to the file's text, not {}",
                        describe(text)
                    ))
                })?;
                pairs.push((path.as_str(), text));
            }
            Work::files(pairs).map_err(|e| bad(e.to_string()))
        }
        other => Err(OptionError::new(
            OptionKind::WrongType,
            format!(
                "options.against: must be the work's text or {{ path: text }}, not {}",
                describe(other)
            ),
        )),
    }
}

/// A rubric given as `{ path, text }` (a file the package's JavaScript read in Node, its
/// errors named by the path), `{ text }`, a rubric object, or a string, which is always the
/// rubric's text (TOML or JSON) and never a path; `name` names it in messages
/// (`options.rubric`, `rubric`).
///
/// # Errors
/// A value that is none of these, or the rubric's errors, one a line: `rubric.toml:3:16: …`
/// for a file, `line 3, column 16: …` for text. A one-line string with errors also says how to
/// give a path.
pub fn rubric(name: &str, v: &Value) -> Result<Rubric, OptionError> {
    let bad =
        |message: String| OptionError::new(OptionKind::BadRubric, format!("{name}: {message}"));
    let (parsed, path, one_line) = match v {
        Value::String(text) => (Rubric::parse(text), None, !text.trim().contains('\n')),
        Value::Object(m) if m.contains_key("path") || m.contains_key("text") => {
            if let Some(extra) = m.keys().find(|k| !matches!(k.as_str(), "path" | "text")) {
                return Err(bad(format!(
                    "{{ path }} and {{ text }} take no other key, not \"{extra}\""
                )));
            }
            let path = match m.get("path") {
                None => None,
                Some(Value::String(p)) => Some(p.as_str()),
                Some(other) => {
                    return Err(bad(format!(
                        "path must be a file's path, not {}",
                        describe(other)
                    )))
                }
            };
            let text = match m.get("text") {
                Some(Value::String(t)) => t,
                Some(other) => {
                    return Err(bad(format!(
                        "text must be the rubric's TOML or JSON text, not {}",
                        describe(other)
                    )))
                }
                None => {
                    return Err(bad(
                        "path: the file was not read (the package's JavaScript reads it in Node); give { text } with its content".to_string(),
                    ))
                }
            };
            (Rubric::parse(text), path, false)
        }
        Value::Object(_) => (Rubric::from_json(&v.to_string()), None, false),
        other => {
            return Err(bad(format!(
                "must be {{ path: \"rubric.toml\" }}, {{ text: \"…\" }}, a rubric object or a rubric's text, not {}",
                describe(other)
            )))
        }
    };
    parsed.map_err(|errors| {
        let lines: Vec<String> = errors
            .iter()
            .map(|e| path.map_or_else(|| e.to_string(), |p| e.in_file(p)))
            .collect();
        let hint = if one_line {
            "\n(a string is the rubric's text, not a path: to read a file, give { path: \"rubric.toml\" })"
        } else {
            ""
        };
        bad(format!("the rubric cannot be used:\n{}{hint}", lines.join("\n")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pickanumber_result::{Gate, Spelling};
    use pickanumber_score::{Mode, Preset};

    fn err(json: &str) -> String {
        parse(json).unwrap_err().message
    }

    /// The npm page's list of options names every option the package takes.
    #[test]
    fn the_npm_page_lists_every_option() {
        let page =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/npm.md"))
                .expect("read docs/npm.md");
        let section = page
            .split("## The functions and options")
            .nth(1)
            .expect("docs/npm.md has its options section");
        // The list is the API's table, written into the page when it is built.
        assert!(
            section.contains("{{ options.npm }}"),
            "docs/npm.md lists the options"
        );
    }

    #[test]
    fn no_options_is_the_default_request() {
        for json in ["{}", "null", r#"{"mode": null}"#] {
            let o = parse(json).unwrap();
            assert_eq!(o.request.mode, Mode::Auto);
            assert!(o.rubric.is_none() && !o.gate.is_set() && !o.request.strict);
            assert!(o.interval);
        }
    }

    #[test]
    fn every_option_reaches_the_request() {
        let o = parse(
            r#"{"mode": "matrix", "weights": {"craft": 0.6, "depth": 0.4},
                "strict": true, "failUnder": 70, "minConfidence": 0.5, "requireSelfCheck": true,
                "denominator": 12, "scale": 6, "interval": false}"#,
        )
        .unwrap();
        assert_eq!(o.request.mode, Mode::Matrix);
        let p = parse(r#"{"mode": "matrix", "preset": "hackathon"}"#).unwrap();
        assert_eq!(p.request.preset, Some(Preset::Hackathon));
        let w = vec![("craft".to_string(), 0.6), ("depth".to_string(), 0.4)];
        assert_eq!(o.request.weights, Some(w.clone()));
        assert!(o.request.strict);
        assert_eq!(o.request.params.density_denominator, 12.0);
        assert_eq!(o.request.params.scale, 6.0);
        let gate = Gate {
            fail_under: Some(70.0),
            min_confidence: Some(0.5),
            require_self_check: true,
            names: Spelling::Npm,
            ..Gate::default()
        };
        assert_eq!(o.gate, gate);
        assert!(!o.interval);
        assert!(parse(r#"{"interval": true}"#).unwrap().interval);
        assert!(parse(r#"{"interval": null}"#).unwrap().interval);
        let s = parse(r#"{"weights": "craft=0.6, depth=0.4"}"#).unwrap();
        assert_eq!(s.request.weights, Some(w));
    }

    #[test]
    fn against_takes_a_text_or_files_and_its_options_need_it() {
        let o = parse(r#"{"against": {"src/a.rs": "fn a() {}"}, "unverified": "keep", "requireEvidence": true, "maxUnverified": 0.1}"#).unwrap();
        let a = o.request.against.unwrap();
        assert_eq!(a.work.files[0].path, "src/a.rs");
        assert_eq!(
            (a.unverified, a.require_evidence),
            (pickanumber_score::verify::Unverified::Keep, true)
        );
        assert_eq!(o.gate.max_unverified, Some(0.1));
        assert_eq!(
            parse(r#"{"against": "text"}"#)
                .unwrap()
                .request
                .against
                .unwrap()
                .work
                .files
                .len(),
            1
        );
        for (json, message) in [
            (r#"{"unverified": "keep"}"#, "options.unverified: needs options.against (the work to check the evidence against)"),
            (r#"{"requireEvidence": true}"#, "options.requireEvidence: needs options.against (the work to check the evidence against)"),
            (r#"{"against": "t", "unverified": "ignore"}"#, "options.unverified: \"ignore\" is not \"drop\" or \"keep\""),
            (r#"{"against": {"../x": "t"}}"#, "options.against: the work's file name \"../x\" is not a relative path inside the work: give paths like src/api.rs"),
            (r#"{"against": {"a": 1}}"#, "options.against: \"a\" must map to the file's text, not a number (1)"),
            (r#"{"against": "t", "maxUnverified": 2}"#, "options.maxUnverified: 2 is not a rate from 0 to 1, such as 0.1"),
        ] {
            assert_eq!(parse(json).unwrap_err().message, message, "{json}");
        }
    }

    #[test]
    fn mistakes_name_the_option_and_what_it_takes() {
        // The options named as the table names them, in its order.
        let names: Vec<String> = pickanumber_result::table::SCORING_OPTIONS
            .iter()
            .map(|o| Spelling::Npm.name(o.name))
            .collect();
        let unknown = format!(
            "unknown option \"mod\": the options are {}",
            names.join(", ")
        );
        for (json, says) in [
            ("[]", "the options must be an object such as { mode: \"matrix\" }, not an array"),
            (r#"{"mod": "x"}"#, &*unknown),
            (r#"{"mode": "grid"}"#, "options.mode: \"grid\" is not one of auto, pooled, matrix, feedback"),
            (r#"{"mode": 1}"#, "options.mode: must be one of auto, pooled, matrix, feedback, not a number (1)"),
            (r#"{"preset": "x"}"#, "options.preset: \"x\" is not one of generic, hackathon"),
            (r#"{"weights": "craft"}"#, "options.weights: weight \"craft\" has no '=': write weights: craft=0.3, depth=0.2"),
            (r#"{"weights": {"a b": 1}}"#, "options.weights: label \"a b\" is not a name: use letters, digits, '_' or '-', as in brief_fidelity"),
            (r#"{"weights": {"craft": "1"}}"#, "options.weights.craft: must be a number, not a string (\"1\")"),
            (r#"{"weights": {"craft": "0,2"}}"#, "options.weights.craft: must be a number: use a decimal point: 0.2, not 0,2"),
            (r#"{"weights": {"craft": 0.30000000000000004}}"#, "options.weights: weight for craft \"0.30000000000000004\" cannot be read exactly: write at most 15 significant digits and a power of ten from -22 to 22, like 0.35 or 2e5"),
            (r#"{"weights": "craft=0,2, depth=0,8"}"#, "options.weights: weight for craft: use a decimal point: 0.2, not 0,2 (a comma separates the weights)"),
            (r#"{"weights": {}}"#, "options.weights: names no weights: give at least one, such as craft=0.6"),
            (r#"{"weights": [1]}"#, "options.weights: must be a text such as \"craft=0.6,depth=0.4\" or names mapped to numbers, not an array"),
            (r#"{"strict": "yes"}"#, "options.strict: must be true or false, not a string (\"yes\")"),
            (r#"{"failUnder": 170}"#, "options.failUnder: 170 is not a score from 0 to 100, such as 70"),
            (r#"{"failUnder": "70"}"#, "options.failUnder: must be a score from 0 to 100, such as 70, not a string (\"70\")"),
            (r#"{"minConfidence": -0.5}"#, "options.minConfidence: -0.5 is not a confidence from 0 to 1, such as 0.5"),
            (r#"{"requireSelfCheck": 1}"#, "options.requireSelfCheck: must be true or false, not a number (1)"),
            (r#"{"interval": "off"}"#, "options.interval: must be true or false, not a string (\"off\")"),
            (r#"{"denominator": 0}"#, "options.denominator must be a number greater than 0, not 0"),
            (r#"{"scale": false}"#, "options.scale: must be a number greater than 0, not a boolean (false)"),
            (r#"{"rubric": 3}"#, "options.rubric: must be { path: \"rubric.toml\" }, { text: \"…\" }, a rubric object or a rubric's text, not a number (3)"),
            (r#"{"mode": "pooled", "weights": "a=1"}"#, "options.weights would not be used with options.mode \"pooled\": pooled mode scores no criteria; leave one of them out"),
            (r#"{"preset": "generic", "weights": {"a": 1}}"#, "options.preset would not be used with options.weights: the weights replace the preset's; leave one of them out"),
            (r#"{"weights": "a=1, a=2"}"#, "options.weights: each criterion takes one weight, but a is given more than once"),
        ] {
            assert_eq!(err(json), says, "{json}");
        }
    }

    #[test]
    fn a_rubric_is_a_path_read_by_the_javascript_or_a_text_told_apart_by_its_key() {
        let toml = include_str!("../../../examples/rubrics/pull-request.toml");
        let want = Rubric::parse(toml).unwrap();
        for v in [
            serde_json::json!({"text": toml}),
            serde_json::json!({"path": "pr.toml", "text": toml}),
            serde_json::json!(toml),
        ] {
            assert_eq!(rubric("options.rubric", &v).unwrap(), want, "{v}");
        }
        let broken = toml.replace("mode = \"matrix\"", "mode = 3");
        let err = |v: serde_json::Value| rubric("options.rubric", &v).unwrap_err().message;
        let first = |e: String| e.lines().nth(1).unwrap_or_default().to_string();
        let in_file = first(err(serde_json::json!({"path": "pr.toml", "text": broken})));
        assert!(in_file.starts_with("pr.toml:"), "{in_file}");
        assert!(first(err(serde_json::json!({"text": broken}))).starts_with("line "));
        for (v, says) in [
            (serde_json::json!({"path": "pr.toml"}), "options.rubric: path: the file was not read (the package's JavaScript reads it in Node); give { text } with its content"),
            (serde_json::json!({"text": toml, "mode": "x"}), "options.rubric: { path } and { text } take no other key, not \"mode\""),
            (serde_json::json!({"text": 3}), "options.rubric: text must be the rubric's TOML or JSON text, not a number (3)"),
            (serde_json::json!({"path": ["a"], "text": toml}), "options.rubric: path must be a file's path, not an array"),
        ] {
            assert_eq!(err(v), says);
        }
        // A path given as a string is read as text, and the error says how to give a path.
        let e = err(serde_json::json!("examples/rubrics/pull-request.toml"));
        assert!(
            e.ends_with("\n(a string is the rubric's text, not a path: to read a file, give { path: \"rubric.toml\" })"),
            "{e}"
        );
    }

    #[test]
    fn a_rubric_sets_the_request_and_refuses_what_would_contradict_it() {
        let toml = include_str!("../../../examples/rubrics/pull-request.toml");
        let json = serde_json::json!({"rubric": toml, "strict": true}).to_string();
        let o = parse(&json).unwrap();
        let r = Rubric::parse(toml).unwrap();
        assert_eq!(o.request.weights, r.request().weights);
        assert_eq!(o.request.mode, Mode::Matrix);
        assert!(o.request.strict && o.rubric.is_some());
        let json = serde_json::json!({"rubric": toml, "mode": "pooled", "weights": "a=1"});
        assert_eq!(
            err(&json.to_string()),
            "options.rubric cannot be combined with options.mode, options.weights: the rubric sets the mode, the criteria and the weights; leave them out"
        );
        let json = serde_json::json!({"rubric": {"subject": "x", "mode": "grid"}});
        assert!(
            err(&json.to_string())
                .starts_with("options.rubric: the rubric cannot be used:\nline 1, column "),
            "{}",
            err(&json.to_string())
        );
    }
}
