//! The judge loop's verdict on each kind of grader outcome, with the exact reasons a user
//! reads, and the gate rule for graders that give no score.

use pickanumber_result::judging::{verdict, FailureKind, Grader, Outcome, Panel, Params, Usage};
use pickanumber_result::{Options, Rubric};
use pickanumber_score::verify::{Against, Unverified, Work};
use serde_json::{json, Value};

const WORK: &str = "The service validates every input before it is stored.\nRetries are capped at 3 with exponential backoff.\nThe README has no section on configuration.\n";

fn options(fail_under: Option<f64>) -> Options {
    let rubric = Rubric::parse(include_str!("fixtures/generic.toml")).unwrap();
    let mut o = Options::from_rubric(rubric);
    o.request.against = Some(Against {
        work: std::sync::Arc::new(Work::text(WORK)),
        unverified: Unverified::Drop,
        require_evidence: false,
        require_quotes: false,
    });
    o.gate.fail_under = fail_under;
    o.interval = false;
    o
}

fn items(list: &[(&str, &str, &str, i64)]) -> Value {
    json!({"items": list.iter().map(|(p, t, q, i)| json!({"perspective": p, "text": t, "evidence": format!("\"{q}\""), "impact": i})).collect::<Vec<_>>()})
}

fn good() -> Value {
    items(&[
        (
            "requester",
            "inputs are validated",
            "validates every input",
            3,
        ),
        (
            "production",
            "retries are bounded",
            "Retries are capped at 3",
            2,
        ),
        (
            "end_user",
            "configuration is undocumented",
            "has no section on configuration",
            -2,
        ),
    ])
}

fn invents() -> Value {
    items(&[
        ("requester", "errors are logged", "every error is logged", 3),
        ("sme", "metrics exist", "exports Prometheus metrics", 2),
        ("production", "alerts fire", "pages the on-call engineer", 2),
    ])
}

fn answer(name: &str, v: &Value) -> Grader {
    grader(
        name,
        Outcome::Answer {
            text: v.to_string(),
        },
    )
}

fn grader(name: &str, outcome: Outcome) -> Grader {
    Grader {
        name: name.into(),
        outcome,
        params: None,
        usage: None,
        cached: None,
    }
}

fn failure(v: &pickanumber_result::judging::Verdict, name: &str) -> (FailureKind, String) {
    let j = v.judges.iter().find(|j| j.name == name).unwrap();
    let f = j.failure.as_ref().unwrap();
    (f.kind, f.message.clone())
}

#[test]
fn a_panel_with_an_inventing_grader_fails_the_gate_naming_it_once() {
    let v = verdict(
        vec![answer("good", &good()), answer("invents", &invents())],
        &options(Some(60.0)),
        &Panel::default(),
    )
    .unwrap();
    assert_eq!(v.final_score(), Some(61.0));
    assert!(!v.passed);
    assert_eq!(
        v.misses,
        ["1 of 2 judges gave a score, under 2 (--min-judges); left out: invents"]
    );
    let (kind, message) = failure(&v, "invents");
    assert_eq!(kind, FailureKind::AllLeftOut);
    assert_eq!(
        message.matches("\" is not in the work").count(),
        3,
        "{message}"
    );
    // Listed once: not also as a pass with no score.
    let json = v.to_json();
    let names: Vec<&str> = json["passes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["good"]);
    assert_eq!(json["gate"]["min_judges"], 2);
    assert_eq!(json["judges"]["invents"]["failure"]["kind"], "all_left_out");
    // min_judges 1: the good grader alone passes.
    let v = verdict(
        vec![answer("good", &good()), answer("invents", &invents())],
        &options(Some(60.0)),
        &Panel {
            min_judges: Some(1),
            ..Panel::default()
        },
    )
    .unwrap();
    assert!(v.passed, "{:?}", v.misses);
    assert_eq!(
        v.judges[1].failure.as_ref().unwrap().kind,
        FailureKind::AllLeftOut
    );
}

#[test]
fn every_invented_item_is_named_for_a_parsed_answer_as_for_its_text() {
    let text = verdict(
        vec![answer("good", &good()), answer("invents", &invents())],
        &options(None),
        &Panel::default(),
    )
    .unwrap();
    let parsed = verdict(
        vec![
            answer("good", &good()),
            grader("invents", Outcome::Parsed { value: invents() }),
        ],
        &options(None),
        &Panel::default(),
    )
    .unwrap();
    let count = |v: &pickanumber_result::judging::Verdict| {
        failure(v, "invents")
            .1
            .matches("\" is not in the work")
            .count()
    };
    assert_eq!((count(&text), count(&parsed)), (3, 3));
}

#[test]
fn each_failure_is_named_with_its_reason() {
    let cut = "{\"items\": [{\"perspective\": \"sme\", \"text\": \"x\", \"evidence\": \"\\\"validates\\\"\", \"impact\": 3}, {\"perspec";
    let graders = vec![
        answer("good", &good()),
        grader(
            "raises",
            Outcome::Raised {
                type_name: "TimeoutError".into(),
                message: "upstream 504 from the gateway".into(),
            },
        ),
        grader("slow", Outcome::TimedOut { seconds: 2.0 }),
        grader("big", Outcome::TooLarge { bytes: 70 << 20 }),
        grader(
            "prose",
            Outcome::Answer {
                text: "Looks solid to me. 8/10.".into(),
            },
        ),
        grader("cut", Outcome::Answer { text: cut.into() }),
        grader("empty", Outcome::Answer { text: "[]".into() }),
        grader(
            "empty_object",
            Outcome::Parsed {
                value: json!({"items": []}),
            },
        ),
        grader("blank", Outcome::Answer { text: " \n".into() }),
    ];
    let v = verdict(graders, &options(None), &Panel::default()).unwrap();
    let got: Vec<(String, FailureKind, String)> = v
        .judges
        .iter()
        .filter_map(|j| {
            j.failure
                .as_ref()
                .map(|f| (j.name.clone(), f.kind, f.message.clone()))
        })
        .collect();
    let want = [
        ("raises", FailureKind::Raised, "TimeoutError: upstream 504 from the gateway"),
        ("slow", FailureKind::TimedOut, "no answer within the timeout of 2 s"),
        ("big", FailureKind::TooLarge, "the answer is 73400320 bytes, over 64 MiB, the most pickanumber reads from one input"),
        ("prose", FailureKind::Prose, "the answer is prose, not the items asked for (line 1: not an item, a heading or a weights line, and strict reading allows no other line: write it as an item (+3 text) or remove it)"),
        ("cut", FailureKind::CutOff, "the answer is cut off: its JSON stops at line 1, column 100 (invalid JSON: expected '\"' to close the string, found the end of the text), as a max-tokens stop leaves it"),
        ("empty", FailureKind::Empty, "the answer holds no items (an empty list): no evidence is no score, not the centre of the scale"),
        ("empty_object", FailureKind::Empty, "the answer holds no items (an empty list): no evidence is no score, not the centre of the scale"),
        ("blank", FailureKind::Empty, "the answer is empty: no evidence is no score"),
    ];
    for ((name, kind, message), (wn, wk, wm)) in got.iter().zip(want) {
        assert_eq!((name.as_str(), *kind, message.as_str()), (wn, wk, wm));
    }
    assert_eq!(got.len(), want.len());
    let cut = v
        .judges
        .iter()
        .find(|j| j.name == "cut")
        .unwrap()
        .failure
        .clone()
        .unwrap();
    assert_eq!((cut.line, cut.column), (Some(1), Some(100)));
    // The good grader still scores, alone.
    assert_eq!(v.final_score(), Some(61.0));
    assert_eq!(v.misses, ["1 of 9 judges gave a score, under 9 (--min-judges); left out: raises, slow, big, prose, cut, empty, empty_object, blank"]);
    assert!(v.report().contains(
        "\n## Judges left out\n\n* raises: TimeoutError: upstream 504 from the gateway\n"
    ));
}

#[test]
fn no_grader_scoring_is_no_score_and_a_miss_naming_each() {
    let graders = vec![
        grader("a", Outcome::Answer { text: "[]".into() }),
        grader("b", Outcome::TimedOut { seconds: 300.0 }),
    ];
    let v = verdict(graders, &options(Some(40.0)), &Panel::default()).unwrap();
    assert_eq!(v.final_score(), None);
    assert_eq!(v.exit_code(), 1);
    assert_eq!(
        v.misses,
        [
            "no judge gave a score (2 left out: a, b)",
            "there is no score to compare with --fail-under"
        ]
    );
    let json = v.to_json();
    assert_eq!(json["final"], Value::Null);
    assert_eq!(json["gate"]["passed"], false);
}

#[test]
fn bad_panels_are_refused_by_name() {
    let o = options(None);
    assert_eq!(
        verdict(vec![], &o, &Panel::default()).unwrap_err(),
        "no grader: give one grader or more, one pass each"
    );
    assert_eq!(
        verdict(
            vec![answer("a", &good()), answer("a", &good())],
            &o,
            &Panel::default()
        )
        .unwrap_err(),
        "graders[1]: two graders are named a: give each its own name"
    );
    assert_eq!(
        verdict(
            vec![answer("a", &good())],
            &o,
            &Panel {
                min_judges: Some(2),
                ..Panel::default()
            }
        )
        .unwrap_err(),
        "--min-judges 2 is not a number of graders from 1 to 1 (the graders given)"
    );
    let mut none = o.clone();
    none.request.against = None;
    assert_eq!(
        verdict(vec![answer("a", &good())], &none, &Panel::default()).unwrap_err(),
        "the judge loop needs the work, to check the graders' evidence against"
    );
}

#[test]
fn outcomes_read_from_json_in_the_documented_shape() {
    let list = pickanumber_result::judging::graders_from_json(r#"[
        {"name": "a", "kind": "answer", "text": "+3 x"},
        {"name": "b", "kind": "parsed", "value": {"items": []}, "params": {"model": "m", "temperature": 0}, "usage": {"input_tokens": 10, "output_tokens": 2}, "cached": true},
        {"name": "c", "kind": "raised", "type": "RuntimeError", "message": ""},
        {"name": "d", "kind": "timed_out", "seconds": 2.5},
        {"name": "e", "kind": "too_large", "bytes": 1}
    ]"#).unwrap();
    assert_eq!(list.len(), 5);
    assert_eq!(list[1].usage.as_ref().unwrap().output_tokens, 2);
    assert_eq!(
        pickanumber_result::judging::graders_from_json(r#"[{"name": "a", "kind": "shrug"}]"#).unwrap_err(),
        "graders[0]: unknown variant `shrug`, expected one of `answer`, `parsed`, `raised`, `timed_out`, `too_large` (an outcome is {\"name\", \"kind\": one of answer, parsed, raised, timed_out, too_large, and its fields})"
    );
}

#[test]
fn the_card_says_what_the_loop_sent_each_grader_and_the_prompt() {
    let mut g = answer("good", &good());
    g.params = Some(Params {
        model: Some("claude-x".into()),
        temperature: Some(0.0),
        max_tokens: Some(4096),
    });
    let plain = verdict(
        vec![answer("good", &good())],
        &options(None),
        &Panel::default(),
    )
    .unwrap();
    let sent = "another prompt than the rubric's";
    let v = verdict(
        vec![g, answer("other", &good())],
        &options(None),
        &Panel {
            prompt: Some(sent.into()),
            ..Panel::default()
        },
    )
    .unwrap();
    let card = &v.to_json()["card"];
    assert_eq!(
        card["graders"],
        serde_json::json!([
            {"name": "good", "model": "claude-x", "temperature": 0.0, "max_tokens": 4096},
            {"name": "other", "model": null, "temperature": null, "max_tokens": null},
        ])
    );
    assert_eq!(
        card["prompt"],
        pickanumber_result::card::sha256_hex(sent.as_bytes())
    );
    assert_ne!(card["prompt"], plain.to_json()["card"]["prompt"]);
}

#[test]
fn a_pass_with_usage_reports_its_tokens_and_a_cache_hit_costs_nothing() {
    let mut paid = answer("good", &good());
    paid.usage = Some(Usage {
        input_tokens: 1200,
        output_tokens: 80,
    });
    let mut hit = answer("again", &good());
    hit.usage = Some(Usage::default());
    hit.cached = Some(true);
    let v = verdict(vec![paid, hit], &options(None), &Panel::default()).unwrap();
    let json = v.to_json();
    assert_eq!(
        json["usage"],
        json!({"input_tokens": 1200, "output_tokens": 80})
    );
    assert_eq!(
        json["judges"]["good"]["usage"],
        json!({"input_tokens": 1200, "output_tokens": 80})
    );
    assert!(
        v.report().ends_with(
            "## Cost\n\n* good: 1200 tokens in, 80 out\n* again: from the cache, costs nothing\n* total: 1200 tokens in, 80 out\n"
        ),
        "{}",
        v.report()
    );
    let none = verdict(
        vec![answer("good", &good())],
        &options(None),
        &Panel::default(),
    )
    .unwrap();
    assert!(none.to_json().get("usage").is_none());
    assert!(!none.report().contains("## Cost"));
}
