//! **Probe** → `aggregate.json` (with the `json` feature: the command line's output, written
//! by serde_json, never in the wasm islands).
//!
//! `aggregate.json` keeps the original's shape so tools written for it keep working:
//! `{"items_name", "scale_min", "scale_max", "aggregate": {"successful_runs", "failed_runs",
//! "n_items", "per_item": [{"index", "item_text", "scores", "n", "mean", "std", "min", "max",
//! "range", "mode"}] (on the ratings as written: `4.6` stays `4.6`), "across_runs": {"n_total_scores", "mean", "median", "mode", "min", "max",
//! "range", "std", "histogram": {"1": count, …}, "ceiling_count", "ceiling_rate", "floor_count",
//! "floor_rate"}, "mean_per_item_std", "regime_guess"}}`. An item nobody rated has only
//! `index`, `item_text`, `scores: []` and `n: 0`; `across_runs` is `{}` without ratings;
//! `mean_per_item_std` is `null` when absent; the median is an integer for an odd number of
//! ratings and a float for an even number, as Python's `statistics.median` gives it.

use super::metrics::{AcrossRuns, Histogram, Median, PerItem};
use super::rating::Rating;
use super::Probe;
use crate::json_tree::Json;

/// The content of `aggregate.json`: pretty JSON, two-space indent, ending in a newline.
///
/// ```
/// use pickanumber_instruments::probe::{probe, report, ItemsSpec};
/// let json = report::aggregate_json(&probe(&[], &ItemsSpec::default()));
/// assert!(json.contains("\"regime_guess\": \"AMBIGUOUS\""));
/// assert!(json.contains("\"across_runs\": {}"));
/// ```
pub fn aggregate_json(p: &Probe) -> String {
    aggregate(p).pretty()
}

/// The `aggregate.json` document, keys in the original's order.
fn aggregate(p: &Probe) -> Json {
    let st = &p.statistics;
    let across = match &st.across_runs {
        Some(a) => across_runs(a),
        None => Json::Object(Vec::new()),
    };
    Json::object([
        (
            "items_name",
            p.spec.name.clone().map_or(Json::Null, Json::Str),
        ),
        ("scale_min", Json::Int(p.spec.scale.min())),
        ("scale_max", Json::Int(p.spec.scale.max())),
        (
            "aggregate",
            Json::object([
                ("successful_runs", Json::count(st.successful_runs)),
                ("failed_runs", Json::count(st.failed_runs)),
                ("n_items", Json::count(st.n_items)),
                (
                    "per_item",
                    Json::Array(st.per_item.iter().map(per_item).collect()),
                ),
                ("across_runs", across),
                ("mean_per_item_std", Json::opt_float(st.mean_per_item_std)),
                ("regime_guess", Json::Str(p.regime().name().to_string())),
            ]),
        ),
    ])
}

/// `{"index", "item_text", "scores", "n"}`, then `"mean", "std", "min", "max", "range",
/// "mode"` when the item has ratings.
fn per_item(p: &PerItem) -> Json {
    let mut members = vec![
        ("index".to_string(), Json::count(p.index)),
        ("item_text".to_string(), Json::Str(p.item_text.clone())),
        (
            "scores".to_string(),
            Json::Array(p.scores.iter().map(|&s| rating(s)).collect()),
        ),
        ("n".to_string(), Json::count(p.scores.len())),
    ];
    if let Some(s) = &p.stats {
        for (key, value) in [
            ("mean", Json::Float(s.mean)),
            ("std", Json::Float(s.std)),
            ("min", rating(s.min)),
            ("max", rating(s.max)),
            ("range", rating(s.range)),
            ("mode", rating(s.mode)),
        ] {
            members.push((key.to_string(), value));
        }
    }
    Json::Object(members)
}

/// A rating as Python's `json` writes it: an integer as an integer (`7`), a decimal with its
/// point (`7.0`, `4.6`).
fn rating(r: Rating) -> Json {
    match r {
        Rating::Int(i) => Json::Int(i),
        Rating::Float(x) => Json::Float(x),
    }
}

fn across_runs(a: &AcrossRuns) -> Json {
    let median = match a.median {
        Median::Middle(m) => Json::Int(m),
        Median::Between(..) => Json::Float(a.median.value()),
    };
    Json::object([
        ("n_total_scores", Json::count(a.n_total_scores)),
        ("mean", Json::Float(a.mean)),
        ("median", median),
        ("mode", Json::Int(a.mode)),
        ("min", Json::Int(a.min)),
        ("max", Json::Int(a.max)),
        ("range", Json::Int(a.range)),
        ("std", Json::Float(a.std)),
        ("histogram", histogram(&a.histogram)),
        ("ceiling_count", Json::count(a.ceiling_count)),
        ("ceiling_rate", Json::Float(a.ceiling_rate)),
        ("floor_count", Json::count(a.floor_count)),
        ("floor_rate", Json::Float(a.floor_rate)),
    ])
}

/// `{"1": 0, "2": 3, …}`: one key per scale point, lowest first.
fn histogram(h: &Histogram) -> Json {
    Json::Object(
        h.bars()
            .map(|(point, count)| (point.to_string(), Json::count(count)))
            .collect(),
    )
}
