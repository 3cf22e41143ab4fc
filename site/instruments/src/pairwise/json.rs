//! [`Pairwise`] → the JSON object `pickanumber pairwise` prints (the shape is in the module
//! documentation of [`super`]), written by serde from typed values; only with the `json`
//! feature, so the wasm islands carry no JSON writer.

use super::bias::PositionBias;
use super::swap::Swap;
use super::{Pairwise, Posterior};
use crate::LineError;
use serde::Serialize;

/// The printed object: the items ranked, the judge's position bias and swap consistency, and
/// the lines that could not be read.
#[derive(Serialize)]
struct Document<'a> {
    items: Vec<Item<'a>>,
    position_bias: &'a PositionBias,
    swap: &'a Swap,
    errors: &'a [LineError],
}

/// One item's posterior: `{"name", "alpha", "beta", "p", "width", "judge_again"}`.
#[derive(Serialize)]
struct Item<'a> {
    name: &'a str,
    alpha: f64,
    beta: f64,
    p: f64,
    width: f64,
    judge_again: bool,
}

impl<'a> From<&'a Posterior> for Item<'a> {
    fn from(p: &'a Posterior) -> Item<'a> {
        Item {
            name: &p.name,
            alpha: p.alpha(),
            beta: p.beta(),
            p: p.p(),
            width: p.width(),
            judge_again: p.judge_again(),
        }
    }
}

impl Pairwise {
    /// The JSON object `{"items", "position_bias", "swap", "errors"}` of the module
    /// documentation, pretty-printed with a trailing newline.
    pub fn to_json_string(&self) -> String {
        let document = Document {
            items: self.items.iter().map(Item::from).collect(),
            position_bias: &self.position_bias,
            swap: &self.swap,
            errors: &self.errors,
        };
        let mut text = serde_json::to_string_pretty(&document).expect("the document serialises");
        text.push('\n');
        text
    }
}
