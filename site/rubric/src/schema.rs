//! [`Rubric`] → the JSON Schema of the judge's output, `{"items": [{"perspective",
//! "criterion", "text", "evidence", "impact"}]}`, written for draft 2020-12 and kept to the
//! subset that model APIs enforce while they decode (OpenAI's strict structured outputs,
//! Anthropic's structured outputs and strict tools, Gemini's `responseJsonSchema`).
//!
//! What the subset asks, and what this schema does about it:
//! - every object lists all its properties in `required` and sets `additionalProperties:
//!   false` (OpenAI strict mode and Anthropic require both): no property is optional, so a
//!   pooled rubric's items have **no `criterion` property at all** rather than an optional
//!   one, and an item with one is refused by the schema and by `score --rubric` alike;
//! - only `type`, `properties`, `required`, `additionalProperties`, `items`, `enum` and
//!   `description` are used: the keywords all three accept, with the same meaning in draft
//!   2020-12 and draft-07;
//! - no `$schema`, `$id` or `title` at the top: the body is draft 2020-12, but some
//!   structured-output front ends reject a `$schema` they do not expect, and none needs it;
//! - `impact` is `{"type": "integer", "enum": [5, 3, 2, 1, -1, -2, -3, -5]}`: an integer
//!   enum, which the three accept (Gemini's older `responseSchema`, an OpenAPI subset, takes
//!   string enums only: use `responseJsonSchema`);
//! - properties are listed in the order the model should write them (perspective, criterion,
//!   text, evidence, impact): constrained decoding emits keys in schema order, so the evidence
//!   is written before the impact is chosen.
//!
//! What it gives up: `minLength: 1` on `text` and `evidence` (Anthropic rejects string length
//! constraints), `minItems`/`maxItems` on the list (Anthropic accepts only `minItems` 0 or 1,
//! and no count on the whole list can say "3 to 5 per cell" anyway), and any rule across
//! items. An empty list, an empty text and a thin or crowded cell therefore validate; the
//! prompt asks for them, and `pickanumber score --rubric` warns about the cells.

use crate::prompt::json_impacts;
use crate::write::Json;
use crate::Rubric;
use pickanumber_score::{verify, Impact, Mode};

fn strs<'a>(names: impl IntoIterator<Item = &'a String>) -> Json {
    Json::Arr(names.into_iter().map(|n| Json::Str(n.clone())).collect())
}

fn text(s: &str) -> Json {
    Json::Str(s.to_string())
}

pub(crate) fn schema(r: &Rubric) -> String {
    let matrix = r.mode == Mode::Matrix;
    let mut props: Vec<(&'static str, Json)> = vec![(
        "perspective",
        Json::Obj(vec![
            ("type", text("string")),
            ("enum", strs(&r.perspectives)),
            ("description", text("Whose point of view found the item.")),
        ]),
    )];
    if matrix {
        props.push((
            "criterion",
            Json::Obj(vec![
                ("type", text("string")),
                ("enum", strs(r.criteria.iter().map(|c| &c.name))),
                ("description", text("The criterion the item bears on.")),
            ]),
        ));
    }
    props.push((
        "text",
        Json::Obj(vec![
            ("type", text("string")),
            ("description", text("The observation, in one sentence.")),
        ]),
    ));
    props.push((
        "evidence",
        Json::Obj(vec![
            ("type", text("string")),
            (
                "description",
                Json::Str(format!(
                    "Where the observation can be checked: {}. Written before the impact; {}.",
                    verify::FOR_JUDGES,
                    verify::NOT_COUNTED
                )),
            ),
        ]),
    ));
    props.push((
        "impact",
        Json::Obj(vec![
            ("type", text("integer")),
            (
                "enum",
                Json::Arr(Impact::ALL.iter().map(|i| Json::Int(i.value())).collect()),
            ),
            (
                "description",
                Json::Str(format!(
                    "The signed impact, one of {}, chosen last from the text and the evidence.",
                    json_impacts()
                )),
            ),
        ]),
    ));
    let required = Json::Arr(props.iter().map(|(k, _)| text(k)).collect());
    let cell = if matrix {
        "perspective × criterion cell"
    } else {
        "perspective"
    };
    let item = Json::Obj(vec![
        ("type", text("object")),
        ("properties", Json::Obj(props)),
        ("required", required),
        ("additionalProperties", Json::Bool(false)),
    ]);
    Json::Obj(vec![
        ("type", text("object")),
        (
            "description",
            text("Evidence items; a fixed formula, not the model, turns them into a score."),
        ),
        (
            "properties",
            Json::Obj(vec![(
                "items",
                Json::Obj(vec![
                    ("type", text("array")),
                    (
                        "description",
                        Json::Str(format!("The evidence items, 3 to 5 for every {cell}.")),
                    ),
                    ("items", item),
                ]),
            )]),
        ),
        ("required", Json::Arr(vec![text("items")])),
        ("additionalProperties", Json::Bool(false)),
    ])
    .pretty()
}
