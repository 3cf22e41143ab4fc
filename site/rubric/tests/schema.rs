//! The generated JSON Schema, checked by a standard validator (the `jsonschema` crate, draft
//! 2020-12): it is a valid schema, it accepts the outputs a judge should give and refuses the
//! ones it should not, it stays in the structured-output subset, and what it accepts scores
//! with the rubric's mode and weights.

use pickanumber_rubric::Rubric;
use pickanumber_score::{analyse, Mode, Severity};
use serde_json::{json, Value};
use std::path::Path;

fn example(name: &str) -> Rubric {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/examples/{name}.toml"));
    Rubric::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn schema(r: &Rubric) -> Value {
    serde_json::from_str(&r.schema()).expect("the schema is JSON")
}

fn validator(r: &Rubric) -> jsonschema::Validator {
    let s = schema(r);
    assert!(
        jsonschema::draft202012::meta::is_valid(&s),
        "not a draft 2020-12 schema"
    );
    jsonschema::draft202012::new(&s).expect("the schema compiles")
}

fn item(p: &str, c: Option<&str>, impact: i64) -> Value {
    let mut o = serde_json::Map::new();
    o.insert("perspective".into(), json!(p));
    if let Some(c) = c {
        o.insert("criterion".into(), json!(c));
    }
    o.insert(
        "text".into(),
        json!("the retry loop stops after three tries"),
    );
    o.insert("evidence".into(), json!("src/upload.rs:88"));
    o.insert("impact".into(), json!(impact));
    Value::Object(o)
}

/// An output that follows a matrix rubric: every impact once, across the cells.
fn matrix_output() -> Value {
    json!({"items": [
        item("requester", Some("craft"), 5),
        item("sme", Some("craft"), 3),
        item("adversary", Some("craft"), -5),
        item("end_user", Some("depth"), 2),
        item("production", Some("depth"), 1),
        item("requester", Some("depth"), -1),
        item("sme", Some("depth"), -2),
        item("adversary", Some("depth"), -3),
    ]})
}

#[test]
fn matrix_schema_accepts_good_outputs_and_refuses_bad_ones() {
    let r = example("pull-request");
    let v = validator(&r);
    assert!(v.is_valid(&matrix_output()));
    assert!(
        v.is_valid(&json!({"items": []})),
        "the subset cannot ask for items"
    );

    let with = |f: &dyn Fn(&mut serde_json::Map<String, Value>)| {
        let mut out = matrix_output();
        f(out["items"][0].as_object_mut().unwrap());
        out
    };
    let bad = [
        (
            "impact 4",
            with(&|o| {
                o.insert("impact".into(), json!(4));
            }),
        ),
        (
            "impact 0",
            with(&|o| {
                o.insert("impact".into(), json!(0));
            }),
        ),
        (
            "impact as a string",
            with(&|o| {
                o.insert("impact".into(), json!("+3"));
            }),
        ),
        (
            "impact with a fraction",
            with(&|o| {
                o.insert("impact".into(), json!(2.5));
            }),
        ),
        (
            "no evidence",
            with(&|o| {
                o.remove("evidence");
            }),
        ),
        (
            "no perspective",
            with(&|o| {
                o.remove("perspective");
            }),
        ),
        (
            "no criterion",
            with(&|o| {
                o.remove("criterion");
            }),
        ),
        (
            "a criterion not in the rubric",
            with(&|o| {
                o.insert("criterion".into(), json!("innovation"));
            }),
        ),
        (
            "a perspective not in the rubric",
            with(&|o| {
                o.insert("perspective".into(), json!("pm"));
            }),
        ),
        (
            "an extra key",
            with(&|o| {
                o.insert("score".into(), json!(80));
            }),
        ),
        (
            "text that is not a string",
            with(&|o| {
                o.insert("text".into(), json!(["a"]));
            }),
        ),
        ("a bare list", json!([item("sme", Some("craft"), 3)])),
        ("no items key", json!({"evidence": []})),
        ("an extra top-level key", json!({"items": [], "final": 70})),
        ("items not a list", json!({"items": {}})),
    ];
    for (what, output) in bad {
        assert!(!v.is_valid(&output), "accepted {what}");
    }
}

#[test]
fn pooled_schema_has_no_criterion() {
    let r = example("landing-page");
    let v = validator(&r);
    assert!(
        v.is_valid(&json!({"items": [item("visitor", None, 3), item("accessibility", None, -2)]}))
    );
    assert!(!v.is_valid(&json!({"items": [item("visitor", Some("craft"), 3)]})));
    assert!(!v.is_valid(&json!({"items": [item("sme", None, 3)]})));
}

/// Walks every schema object in the document.
fn each_schema<'a>(s: &'a Value, out: &mut Vec<&'a serde_json::Map<String, Value>>) {
    let Some(o) = s.as_object() else { return };
    out.push(o);
    if let Some(props) = o.get("properties").and_then(Value::as_object) {
        for p in props.values() {
            each_schema(p, out);
        }
    }
    if let Some(items) = o.get("items") {
        each_schema(items, out);
    }
}

#[test]
fn schema_stays_in_the_structured_output_subset() {
    const ALLOWED: [&str; 7] = [
        "type",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "enum",
        "description",
    ];
    for name in ["pull-request", "landing-page"] {
        let s = schema(&example(name));
        let mut all = Vec::new();
        each_schema(&s, &mut all);
        assert_eq!(all.len(), if name == "pull-request" { 8 } else { 7 });
        for o in all {
            for k in o.keys() {
                assert!(ALLOWED.contains(&k.as_str()), "{name}: keyword {k}");
            }
            if let Some(props) = o.get("properties").and_then(Value::as_object) {
                // Every property required, in the order of the properties; nothing else allowed.
                let keys: Vec<&str> = props.keys().map(String::as_str).collect();
                let required: Vec<&str> = o["required"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap())
                    .collect();
                assert_eq!(keys, required, "{name}");
                assert_eq!(o["additionalProperties"], json!(false), "{name}");
            }
        }
        // The evidence is written before the impact, and the impact comes last.
        let item_keys: Vec<&String> = s["properties"]["items"]["items"]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect();
        assert_eq!(item_keys.last().unwrap().as_str(), "impact", "{name}");
        let at = |k: &str| item_keys.iter().position(|x| *x == k).unwrap();
        assert!(at("evidence") < at("impact"), "{name}");
        assert_eq!(
            s["properties"]["items"]["items"]["properties"]["impact"]["enum"],
            json!([5, 3, 2, 1, -1, -2, -3, -5])
        );
    }
}

#[test]
fn an_output_the_schema_accepts_scores_in_the_rubrics_mode_and_weights() {
    let r = example("pull-request");
    let output = matrix_output();
    assert!(validator(&r).is_valid(&output));
    // The output as the model gives it: the `{"items": […]}` object.
    let text = serde_json::to_string_pretty(&output).unwrap();
    let a = analyse(&text, &r.request());
    assert!(!a.has_errors(), "{:?}", a.messages(Severity::Error));
    assert_eq!(a.mode(), Mode::Matrix);
    let m = a.matrix().unwrap().result.as_ref().unwrap();
    let weights: Vec<(&str, f64)> = m
        .criteria
        .iter()
        .map(|c| (c.name.as_str(), c.weight))
        .collect();
    assert_eq!(weights, [("craft", 0.6), ("depth", 0.4)]);
    // craft: +5 +3 −5 → net 3 of 3; depth: +2 +1 −1 −2 −3 → net −3 of 5.
    assert_eq!(m.criteria[0].pooled.net_impact, 3);
    assert_eq!(m.criteria[1].pooled.net_impact, -3);
    let expected = m.criteria[0].pooled.final_score * 0.6 + m.criteria[1].pooled.final_score * 0.4;
    assert!((m.overall_unrounded - expected).abs() < 1e-9);
}
