//! [`Pairwise`] → the JSON object `pickanumber pairwise` prints (the shape is in the module
//! documentation of [`super`]), written by serde_json; only with the `json` feature, so the
//! wasm islands carry no JSON writer.

use super::{Pairwise, Posterior};
use crate::json_tree::Json;
use crate::LineError;

impl Pairwise {
    /// The JSON object `{"items", "position_bias", "swap", "errors"}` of the module
    /// documentation, pretty-printed with a trailing newline.
    pub fn to_json_string(&self) -> String {
        let b = &self.position_bias;
        let s = &self.swap;
        Json::object([
            ("items", Json::Array(self.items.iter().map(item).collect())),
            (
                "position_bias",
                Json::object([
                    ("first_wins", Json::count(b.first_wins)),
                    ("decided", Json::count(b.decided)),
                    ("share", Json::opt_float(b.share)),
                    ("p_value", Json::opt_float(b.p_value)),
                ]),
            ),
            (
                "swap",
                Json::object([
                    ("pairs_both_orders", Json::count(s.pairs_both_orders)),
                    ("consistent", Json::count(s.consistent)),
                    ("share", Json::opt_float(s.share)),
                    (
                        "inconsistent_pairs",
                        Json::Array(
                            s.inconsistent_pairs
                                .iter()
                                .map(|(x, y)| {
                                    Json::Array(vec![Json::Str(x.clone()), Json::Str(y.clone())])
                                })
                                .collect(),
                        ),
                    ),
                ]),
            ),
            (
                "errors",
                Json::Array(self.errors.iter().map(line_error).collect()),
            ),
        ])
        .pretty()
    }
}

/// `{"name", "alpha", "beta", "p", "width", "judge_again"}`.
fn item(p: &Posterior) -> Json {
    Json::object([
        ("name", Json::Str(p.name.clone())),
        ("alpha", Json::Float(p.alpha())),
        ("beta", Json::Float(p.beta())),
        ("p", Json::Float(p.p())),
        ("width", Json::Float(p.width())),
        ("judge_again", Json::Bool(p.judge_again())),
    ])
}

/// `{"line", "column" (when known), "message"}`.
fn line_error(e: &LineError) -> Json {
    let mut members = vec![("line".to_string(), Json::count(e.line))];
    if let Some(c) = e.column {
        members.push(("column".to_string(), Json::count(c)));
    }
    members.push(("message".to_string(), Json::Str(e.message.clone())));
    Json::Object(members)
}
