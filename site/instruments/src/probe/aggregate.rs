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

use super::metrics::{AcrossRuns, Histogram, ItemStats, Median, PerItem};
use super::rating::Rating;
use super::Probe;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// The content of `aggregate.json`: pretty JSON, two-space indent, ending in a newline.
///
/// ```
/// use pickanumber_instruments::probe::{probe, report, ItemsSpec};
/// let json = report::aggregate_json(&probe(&[], &ItemsSpec::default()));
/// assert!(json.contains("\"regime_guess\": \"AMBIGUOUS\""));
/// assert!(json.contains("\"across_runs\": {}"));
/// ```
pub fn aggregate_json(p: &Probe) -> String {
    let st = &p.statistics;
    let document = Document {
        items_name: p.spec.name.as_deref(),
        scale_min: p.spec.scale.min(),
        scale_max: p.spec.scale.max(),
        aggregate: Aggregate {
            successful_runs: st.successful_runs,
            failed_runs: st.failed_runs,
            n_items: st.n_items,
            per_item: st.per_item.iter().map(Item::from).collect(),
            across_runs: match &st.across_runs {
                Some(a) => Across::Runs(a),
                None => Across::None {},
            },
            mean_per_item_std: st.mean_per_item_std,
            regime_guess: p.regime().name(),
        },
    };
    let mut text = serde_json::to_string_pretty(&document).expect("aggregate.json serialises");
    text.push('\n');
    text
}

/// The `aggregate.json` document, keys in the original's order.
#[derive(Serialize)]
struct Document<'a> {
    items_name: Option<&'a str>,
    scale_min: i64,
    scale_max: i64,
    aggregate: Aggregate<'a>,
}

/// Its `aggregate` object.
#[derive(Serialize)]
struct Aggregate<'a> {
    successful_runs: usize,
    failed_runs: usize,
    n_items: usize,
    per_item: Vec<Item<'a>>,
    across_runs: Across<'a>,
    mean_per_item_std: Option<f64>,
    regime_guess: &'static str,
}

/// The distribution of every rating, or `{}` when there is none.
#[derive(Serialize)]
#[serde(untagged)]
enum Across<'a> {
    Runs(&'a AcrossRuns),
    None {},
}

/// `{"index", "item_text", "scores", "n"}`, then `"mean", "std", "min", "max", "range",
/// "mode"` when the item has ratings.
#[derive(Serialize)]
struct Item<'a> {
    index: usize,
    item_text: &'a str,
    scores: &'a [Rating],
    n: usize,
    #[serde(flatten)]
    stats: Option<Stats>,
}

/// An item's statistics on its ratings as written (`4.6` stays `4.6`).
#[derive(Serialize)]
struct Stats {
    mean: f64,
    std: f64,
    min: Rating,
    max: Rating,
    range: Rating,
    mode: Rating,
}

impl<'a> From<&'a PerItem> for Item<'a> {
    fn from(p: &'a PerItem) -> Item<'a> {
        Item {
            index: p.index,
            item_text: &p.item_text,
            scores: &p.scores,
            n: p.scores.len(),
            stats: p.stats.as_ref().map(|s: &ItemStats| Stats {
                mean: s.mean,
                std: s.std,
                min: s.min,
                max: s.max,
                range: s.range,
                mode: s.mode,
            }),
        }
    }
}

/// An integer for an odd number of ratings, a float between the two middle ones for an even
/// number, as Python's `statistics.median` gives it.
impl Serialize for Median {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Median::Middle(m) => s.serialize_i64(m),
            Median::Between(..) => s.serialize_f64(self.value()),
        }
    }
}

/// `{"1": 0, "2": 3, …}`: one key per scale point, lowest first.
impl Serialize for Histogram {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.counts.len()))?;
        for (point, count) in self.bars() {
            map.serialize_entry(&point.to_string(), &count)?;
        }
        map.end()
    }
}
