//! The codec's tests: exact reasons for documents that are not judge documents, and
//! differential tests against serde_json on generated values and documents (the writer is
//! serde_json's pretty printer with non-ASCII escaped, the reader accepts what serde_json
//! reads as a judge document).

use super::*;
use proptest::prelude::*;
use serde_json::Value as S;

/// The document style by serde_json: its pretty printer, then every non-ASCII character as
/// `\uXXXX` (outside strings JSON is ASCII, so this escapes only string contents).
fn serde_style(v: &S) -> String {
    let pretty = serde_json::to_string_pretty(v).unwrap();
    let mut out = String::new();
    let mut halves = [0u16; 2];
    for c in pretty.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            for h in c.encode_utf16(&mut halves) {
                out.push_str(&format!("\\u{h:04x}"));
            }
        }
    }
    out
}

fn ours(text: &str) -> String {
    let mut w = Pretty::default();
    w.value(&parse(text).unwrap());
    w.out
}

/// What serde_json makes of a text as a judge document: the number of versions, or `None`
/// when it is not one.
fn serde_versions(text: &str) -> Option<usize> {
    let S::Object(m) = serde_json::from_str::<S>(text).ok()? else {
        return None;
    };
    if m.contains_key(LIST) && m.contains_key(OLD_LIST) {
        return None;
    }
    m.get(LIST)
        .or_else(|| m.get(OLD_LIST))
        .and_then(S::as_array)
        .map(Vec::len)
}

fn json_value() -> impl Strategy<Value = S> {
    let text = prop_oneof![
        "[a-z _]{0,8}",
        any::<String>(),
        proptest::collection::vec(
            prop_oneof![
                Just('\u{7f}'),
                Just('\u{1}'),
                Just('é'),
                Just('😀'),
                Just('"'),
                Just('\\')
            ],
            0..4
        )
        .prop_map(|c| c.into_iter().collect()),
    ];
    let leaf = prop_oneof![
        Just(S::Null),
        any::<bool>().prop_map(S::Bool),
        any::<i64>().prop_map(S::from),
        any::<u64>().prop_map(S::from),
        (-1e6f64..1e6).prop_map(S::from),
        any::<f64>()
            .prop_filter("finite", |x| x.is_finite())
            .prop_map(S::from),
        text.prop_map(S::String),
    ];
    leaf.prop_recursive(4, 40, 5, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..5).prop_map(S::Array),
            proptest::collection::vec(("[a-z]{1,6}", inner), 0..5)
                .prop_map(|m| S::Object(m.into_iter().collect())),
        ]
    })
}

/// A document-like object: some of `id`, `versions`, `passes`, each a list or another value.
fn document() -> impl Strategy<Value = S> {
    let member = |key: &'static str| {
        proptest::option::of(prop_oneof![
            proptest::collection::vec(json_value(), 0..3).prop_map(S::Array),
            json_value(),
        ])
        .prop_map(move |v| v.map(|v| (key.to_string(), v)))
    };
    (member("id"), member(LIST), member(OLD_LIST), json_value()).prop_map(|(a, b, c, other)| {
        let m: serde_json::Map<String, S> = [a, b, c].into_iter().flatten().collect();
        if m.is_empty() {
            other
        } else {
            S::Object(m)
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_writer_writes_what_serde_json_writes(v in json_value()) {
        let text = serde_json::to_string(&v).unwrap();
        prop_assert_eq!(ours(&text), serde_style(&v));
        // Its own output reads back to the same text.
        prop_assert_eq!(ours(&ours(&text)), serde_style(&v));
    }

    #[test]
    fn the_reader_takes_what_serde_json_takes_as_a_document(v in document()) {
        for text in [serde_json::to_string(&v).unwrap(), serde_style(&v)] {
            let got = read(&text).map(|d| d.versions().len()).ok();
            prop_assert_eq!(got, serde_versions(&text), "{}", text);
        }
    }
}

#[test]
fn a_document_round_trips_through_the_writer() {
    let text = "{\"id\": \"x\", \"passes\": [{\"version\": 1, \"scores\": {\"final\": 56, \"confidence\": 0.10}, \"text\": \"ü\\n\"}], \"extra\": [1e5, {}]}";
    let doc = read(text).unwrap();
    let mut w = Pretty::default();
    w.open('{');
    for (k, v) in &doc.members {
        w.key(k);
        w.value(v);
    }
    w.close('}');
    assert_eq!(
        w.out,
        "{\n  \"id\": \"x\",\n  \"passes\": [\n    {\n      \"version\": 1,\n      \"scores\": {\n        \"final\": 56,\n        \"confidence\": 0.10\n      },\n      \"text\": \"\\u00fc\\n\"\n    }\n  ],\n  \"extra\": [\n    1e5,\n    {}\n  ]\n}"
    );
    assert_eq!(read(&w.out).unwrap(), read(&w.out).unwrap());
    assert_eq!(read(&w.out).unwrap().versions().len(), 1);
}

#[test]
fn texts_that_are_not_judge_documents_get_their_reason() {
    for (text, why) in [
        (
            "{\"id\": \"agent-hq-pricing\", \"passes\": [",
            "invalid JSON: line 1, column 39: expected a value (an object, a list, a string, a number, true, false or null), found the end of the text",
        ),
        ("v2 76 250 pooled", "invalid JSON: line 1, column 1: expected a value (an object, a list, a string, a number, true, false or null), found 'v'"),
        ("[1, 2]", "it is not a JSON object"),
        ("\"versions\"", "it is not a JSON object"),
        ("{\"id\": \"agent-hq-pricing\"}", "it has no \"versions\" list"),
        ("{\"passes\": {}}", "it has no \"versions\" list"),
        ("{\"versions\": null}", "it has no \"versions\" list"),
        (
            "{\"versions\": [], \"passes\": []}",
            "it has both a \"versions\" and a \"passes\" list (\"passes\" is the old name of \"versions\")",
        ),
    ] {
        assert_eq!(read(text).unwrap_err(), why, "{text}");
    }
}
