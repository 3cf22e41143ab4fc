//! The JSON object of one analysis: the keys `pickanumber score` prints for each mode, with
//! `final` an integer when the parameters round, `null` where nothing was read, the headline's
//! `interval` (left out when not asked for), the passes' keys when the input held several ([`crate::passes`]), and every
//! diagnostic by severity.

use crate::number::score_json;
use pickanumber_score::{Analysis, Outcome, Params, Pooled, Rounding, Severity};
use serde_json::{json, Map, Value};

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

/// The whole JSON object of `pickanumber score` for one analysis.
pub fn to_json(a: &Analysis) -> Value {
    object(a, true)
}

/// The JSON object of one analysis, with the `interval` keys (top level and each pass's) or,
/// when the interval was not asked for, without them.
pub fn object(a: &Analysis, with_interval: bool) -> Value {
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
    if with_interval {
        m.insert("interval".into(), crate::passes::interval_json(a.interval));
    }
    if let Some(p) = &a.passes {
        m.extend(crate::passes::passes_json(p, with_interval));
    }
    if let Some(v) = &a.evidence {
        m.insert("evidence".into(), crate::evidence::evidence_json(v));
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
