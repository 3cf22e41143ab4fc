//! The JSON keys of several judges' passes, beside the keys of the combined analysis:
//! `passes` (each pass's name, line, final, confidence, interval when asked for, items and,
//! in matrix mode, its criteria), `spread`, `disagreements`, `alpha` with `alpha_level`,
//! `duplicates`; and the `interval` of any headline.

use crate::number::{number, score_json};
use pickanumber_score::{alpha_level, Analysis, Interval, Passes};
use serde_json::{json, Map, Value};

/// `[low, high]` (integers when the headline is rounded), or `null` with no headline.
pub fn interval_json(i: Option<Interval>) -> Value {
    match i {
        Some(i) => json!([number(i.low), number(i.high)]),
        None => Value::Null,
    }
}

/// One pass: name, heading line, its headline, interval (when asked for) and item count, and
/// its criteria.
fn pass_json(name: &str, line: Option<usize>, a: &Analysis, with_interval: bool) -> Value {
    let h = a.headline();
    let mut o = Map::new();
    o.insert("name".into(), json!(name));
    o.insert("line".into(), json!(line));
    o.insert(
        "final".into(),
        h.map_or(Value::Null, |h| score_json(h.score, h.rounded)),
    );
    o.insert("final_unrounded".into(), json!(h.map(|h| h.unrounded)));
    o.insert("confidence".into(), json!(h.map(|h| h.confidence)));
    if with_interval {
        o.insert("interval".into(), interval_json(a.interval));
    }
    o.insert("total_items".into(), json!(a.entries.len()));
    if let Some(v) = &a.evidence {
        o.insert("evidence".into(), crate::evidence::counts_json(v));
    }
    if let Some(Ok(m)) = a.matrix().map(|m| m.result.as_ref()) {
        let rounded = h.is_some_and(|h| h.rounded);
        let criteria: Vec<Value> = m
            .criteria
            .iter()
            .map(|c| {
                json!({
                    "name": c.name,
                    "final": score_json(c.pooled.final_score, rounded),
                    "confidence": c.pooled.confidence,
                    "total_items": c.pooled.total_items,
                })
            })
            .collect();
        o.insert("criteria".into(), Value::Array(criteria));
    }
    Value::Object(o)
}

/// The passes' keys of a combined analysis (each pass's `interval` only `with_interval`).
pub fn passes_json(p: &Passes, with_interval: bool) -> Map<String, Value> {
    let name = |k: usize| p.passes[k].name.as_str();
    let mut m = Map::new();
    m.insert(
        "passes".into(),
        p.passes
            .iter()
            .map(|x| pass_json(&x.name, x.line, &x.analysis, with_interval))
            .collect(),
    );
    m.insert(
        "spread".into(),
        p.spread
            .iter()
            .map(|s| {
                json!({
                    "criterion": s.criterion,
                    "lowest": number(s.lowest),
                    "highest": number(s.highest),
                    "spread": number(s.highest - s.lowest),
                    "passes": s.passes,
                })
            })
            .collect(),
    );
    m.insert(
        "disagreements".into(),
        p.disagreements
            .iter()
            .map(|d| {
                json!({
                    "criterion": d.criterion,
                    "perspective": d.perspective,
                    "passes": d.nets.iter().map(|&(k, net)| json!({"name": name(k), "net": net})).collect::<Vec<_>>(),
                })
            })
            .collect(),
    );
    m.insert("alpha".into(), json!(p.alpha));
    m.insert("alpha_level".into(), json!(p.alpha.map(alpha_level)));
    m.insert(
        "duplicates".into(),
        p.duplicates
            .iter()
            .map(|d| {
                json!({
                    "pass": name(d.pass),
                    "line": d.line,
                    "counted_from": {"pass": name(d.kept_pass), "line": d.kept_line},
                })
            })
            .collect(),
    );
    m
}
