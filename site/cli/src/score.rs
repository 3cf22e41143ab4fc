//! `pickanumber score`: text → [`pickanumber_score::analyse`] → one JSON object (or the
//! markdown report), or, with `--compat score-py`, `--save` or `--load`, the feedback judge's
//! score.py behaviour: the scores object ([`crate::compat`]) and the judge store
//! ([`crate::judge`]).
//!
//! This module only chooses the path and prints; the formula crate does every computation.

use crate::cli::{ScoreArgs, Weights};
use crate::compat::{python_json, read_feedback};
use crate::judge::{now, NewPass, Store};
use crate::{print, read_input, Fatal};
use pickanumber_score::{analyse, Analysis, Outcome, Params, Pooled, Request, Rounding, Severity};
use serde_json::{json, Map, Value};
use std::process::ExitCode;

/// Runs `pickanumber score` with its parsed options.
///
/// # Errors
/// A [`Fatal`] (exit 2) when the input cannot be read, is empty in score.py mode, or the judge
/// store cannot be read or written.
pub fn run(args: &ScoreArgs) -> Result<ExitCode, Fatal> {
    if args.load {
        let slug = args
            .slug
            .as_ref()
            .expect("clap requires --slug with --load");
        let out = match Store::from_env().load(slug)? {
            Some(doc) => doc.to_value(),
            None => json!({"error": "not_found", "slug": slug.as_str()}),
        };
        print(&format!("{}\n", python_json(&out)));
        return Ok(ExitCode::SUCCESS);
    }
    let text = read_input(args.input_path())?;
    if args.save || args.compat.is_some() {
        return score_py(args, &text);
    }
    let request = Request {
        mode: args.mode.into(),
        preset: args.preset.map(Into::into),
        weights: args.weights.clone().map(|Weights(w)| w),
        strict: args.strict,
        ..Request::default()
    };
    let a = analyse(&text, &request);
    if args.report {
        print(&pickanumber_score::report::markdown(&a));
    } else {
        let json = serde_json::to_string_pretty(&to_json(&a)).expect("a JSON value serialises");
        print(&format!("{json}\n"));
    }
    Ok(if a.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `--compat score-py` and `--save`: the scores object, and the pass on disk.
fn score_py(args: &ScoreArgs, text: &str) -> Result<ExitCode, Fatal> {
    if text.trim().is_empty() {
        let name = args
            .input_path()
            .map_or_else(|| "standard input".to_string(), |p| p.display().to_string());
        return Err(Fatal(format!("no evidence: {name} is empty")));
    }
    let scored = match read_feedback(text) {
        Ok(s) => s,
        Err(errors) => {
            for e in errors {
                eprintln!("pickanumber: error: {e}");
            }
            return Ok(ExitCode::from(1));
        }
    };
    for severity in [Severity::Warning, Severity::Note] {
        for m in scored.analysis.messages(severity) {
            eprintln!("pickanumber: {}: {m}", severity.name());
        }
    }
    let scores = scored.scores();
    if !args.save {
        print(&format!("{}\n", python_json(&scores)));
        return Ok(ExitCode::SUCCESS);
    }
    let slug = args
        .slug
        .as_ref()
        .expect("clap requires --slug with --save");
    let saved = Store::from_env().append(
        slug,
        NewPass {
            title: args.title.as_deref(),
            summary: args.summary.as_deref().unwrap_or(""),
            evidence: scored.evidence,
            scores: scores.clone(),
            timestamp: now(),
        },
    )?;
    let out = json!({
        "scores": scores,
        "saved_to": saved.path.display().to_string(),
        "version": saved.version,
        "passes_total": saved.passes_total,
    });
    print(&format!("{}\n", python_json(&out)));
    Ok(ExitCode::SUCCESS)
}

/// The pooled keys of one score, with `final` an integer when rounded.
fn pooled_json(p: &Pooled, params: &Params) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("net_impact".into(), json!(p.net_impact));
    m.insert("total_items".into(), json!(p.total_items));
    m.insert("normalized".into(), json!(p.normalized));
    m.insert("raw".into(), json!(p.raw));
    m.insert("density".into(), json!(p.density));
    m.insert("multiplier".into(), json!(p.multiplier));
    m.insert(
        "final".into(),
        match p.final_integer(params) {
            Some(n) => json!(n),
            None => json!(p.final_score),
        },
    );
    m.insert("final_unrounded".into(), json!(p.final_unrounded));
    m.insert("confidence".into(), json!(p.confidence));
    m
}

/// The headline's number: an integer when rounded.
fn score_json(score: f64, rounded: bool) -> Value {
    if rounded {
        json!(score as i64)
    } else {
        json!(score)
    }
}

/// The whole JSON object of `pickanumber score` for one analysis.
pub fn to_json(a: &Analysis) -> Value {
    let p = &a.params;
    let mut m = Map::new();
    m.insert("mode".into(), json!(a.mode()));
    m.insert("format".into(), json!(a.format));
    if !a.scored {
        // Nothing was read: no number stands in for it.
        for key in ["final", "final_unrounded", "confidence"] {
            m.insert(key.into(), Value::Null);
        }
        m.insert("total_items".into(), json!(0));
    }
    match &a.outcome {
        _ if !a.scored => {}
        Outcome::Pooled(pool) => m.extend(pooled_json(pool, p)),
        Outcome::Feedback(f) => {
            m.extend(pooled_json(f.total(), p));
            let buckets: Vec<Value> = f
                .buckets
                .iter()
                .map(|b| {
                    json!({
                        "bucket": b.bucket,
                        "items": b.items.iter().map(|i| json!({"impact": i.impact, "text": i.text})).collect::<Vec<_>>(),
                        "running": Value::Object(pooled_json(&b.running, p)),
                    })
                })
                .collect();
            m.insert("buckets".into(), Value::Array(buckets));
        }
        Outcome::Matrix(x) => {
            // The headline is the overall; the pool of all items is context, under `pooled`.
            let h = a.headline();
            m.insert(
                "final".into(),
                h.map_or(Value::Null, |h| score_json(h.score, h.rounded)),
            );
            m.insert(
                "final_unrounded".into(),
                h.map_or(Value::Null, |h| json!(h.unrounded)),
            );
            m.insert(
                "confidence".into(),
                h.map_or(Value::Null, |h| json!(h.confidence)),
            );
            match &x.result {
                Ok(s) => {
                    m.insert(
                        "overall".into(),
                        score_json(s.overall, p.rounding == Rounding::HalfAwayFromZero),
                    );
                    m.insert("overall_unrounded".into(), json!(s.overall_unrounded));
                    m.insert("overall_confidence".into(), json!(s.overall_confidence));
                    m.insert("span".into(), json!(s.span));
                    m.insert("self_check".into(), json!(s.self_check));
                    let criteria: Vec<Value> = s
                        .criteria
                        .iter()
                        .map(|c| {
                            let mut o = Map::new();
                            o.insert("name".into(), json!(c.name));
                            o.insert("weight".into(), json!(c.weight));
                            o.extend(pooled_json(&c.pooled, p));
                            Value::Object(o)
                        })
                        .collect();
                    m.insert("criteria".into(), Value::Array(criteria));
                }
                Err(e) => {
                    m.insert("weights_error".into(), json!(e.to_string()));
                }
            }
            m.insert("pooled".into(), Value::Object(pooled_json(&x.pool, p)));
        }
    }
    let errors: Vec<Value> = a
        .diagnostics_of(Severity::Error)
        .map(|d| {
            let mut o = Map::new();
            if let Some(l) = d.line {
                o.insert("line".into(), json!(l));
            }
            if let Some(c) = d.column {
                o.insert("column".into(), json!(c));
            }
            o.insert("message".into(), json!(d.message));
            Value::Object(o)
        })
        .collect();
    m.insert("errors".into(), Value::Array(errors));
    m.insert("ignored".into(), json!(a.ignored));
    m.insert("warnings".into(), json!(a.messages(Severity::Warning)));
    m.insert("notes".into(), json!(a.messages(Severity::Note)));
    Value::Object(m)
}
