//! The `evidence` key of the JSON when a judged work was given: each item's status and
//! reason, and the counts with the invented-evidence rate (the whole input's, and in
//! `passes`, each judge's).
//!
//! ```json
//! "evidence": {
//!   "verified": 3, "not_found": 1, "not_checkable": 0, "no_evidence": 1,
//!   "invented_rate": 0.25, "left_out": 1, "skipped": [],
//!   "items": [{"line": 2, "impact": 5, "text": "…", "status": "not_found",
//!              "reason": "…", "closest": null, "counted": false}]
//! }
//! ```

use pickanumber_score::verify::{Status, Verification};
use serde_json::{json, Map, Value};

/// The counts of each status, the invented-evidence rate (`null` when no item was checkable)
/// and how many items were left out.
pub fn counts_json(v: &Verification) -> Value {
    let mut o = Map::new();
    for s in Status::ALL {
        o.insert(s.name().into(), json!(v.counts.get(s)));
    }
    o.insert("invented_rate".into(), json!(v.counts.invented_rate()));
    o.insert("left_out".into(), json!(v.left_out()));
    Value::Object(o)
}

/// [`counts_json`] with what the work left unread and every item's check.
pub fn evidence_json(v: &Verification) -> Value {
    let mut o = counts_json(v);
    o["skipped"] = json!(v.skipped);
    o["items"] = v
        .items
        .iter()
        .map(|i| {
            json!({
                "line": i.line,
                "impact": i.impact,
                "text": i.text,
                "status": i.check.status,
                "reason": i.check.reason,
                "closest": i.check.closest,
                "counted": i.counted,
            })
        })
        .collect();
    o
}
