//! `Options::interval` off: no resample is drawn, the JSON has no `interval` key (at the top
//! and in each pass), and every other key is the same, in the same order.

use pickanumber_result::{evaluate, evaluate_passes, Gate, Options};
use serde_json::Value;

/// `v` without its `interval` keys, at the top and in each pass.
fn without_intervals(mut v: Value) -> Value {
    let strip = |o: &mut Value| {
        let m = o.as_object_mut().unwrap();
        let kept: serde_json::Map<String, Value> = m
            .iter()
            .filter(|(k, _)| *k != "interval")
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        *m = kept;
    };
    strip(&mut v);
    if let Some(passes) = v.get_mut("passes").and_then(Value::as_array_mut) {
        passes.iter_mut().for_each(strip);
    }
    v
}

fn off() -> Options {
    Options {
        interval: false,
        ..Options::default()
    }
}

const INPUTS: [&str; 6] = [
    "+3 every endpoint has a test\n-2 slow build\n+1 clear names\n",
    "(+3, craft) a\n(-2, depth) b\n(+5, depth) c\n(+1, fit) d\n",
    "## Working\n+3 a\n## Missing\n-2 b\n## Confusing\n-1 c\n",
    "## Pass: claude\n+3 tests pass\n-1 slow\n## Pass: gpt\n+3 Tests pass.\n+2 docs\n",
    "hello, no items here",
    "[]",
];

#[test]
fn the_interval_is_on_by_default_and_printed() {
    assert!(Options::default().interval);
    for text in INPUTS {
        let v = evaluate(text, &Options::default()).to_json();
        assert!(v.get("interval").is_some(), "{text}");
    }
    let v = evaluate(INPUTS[0], &Options::default()).to_json();
    assert!(v["interval"].is_array());
    assert_eq!(
        evaluate(INPUTS[4], &Options::default()).to_json()["interval"],
        Value::Null
    );
}

#[test]
fn off_the_json_is_the_same_object_without_the_interval_keys() {
    for text in INPUTS {
        let on = evaluate(text, &Options::default());
        let off = evaluate(text, &off());
        assert_eq!(off.analysis.interval, None, "{text}");
        let (a, b) = (without_intervals(on.to_json()), off.to_json());
        // The same keys in the same order, and the same values.
        assert_eq!(a.to_string(), b.to_string(), "{text}");
        assert!(b.get("interval").is_none(), "{text}");
    }
    // Several judges' passes: no pass carries an interval either.
    let passes = [
        ("a".to_string(), "+3 x\n-1 y".to_string()),
        ("b".to_string(), "+2 z".to_string()),
    ];
    let on = evaluate_passes(&passes, &Options::default());
    let off = evaluate_passes(&passes, &off());
    let p = &off.analysis.passes.as_ref().unwrap().passes;
    assert!(p.iter().all(|p| p.analysis.interval.is_none()));
    assert!(off.to_json()["passes"][0].get("interval").is_none());
    assert!(on.to_json()["passes"][0]["interval"].is_array());
    assert_eq!(
        without_intervals(on.to_json()).to_string(),
        off.to_json().to_string()
    );
}

#[test]
fn off_the_report_has_no_interval_line_and_the_gate_is_unchanged() {
    let gate = Gate {
        fail_under: Some(90.0),
        ..Gate::default()
    };
    let on = evaluate(
        INPUTS[0],
        &Options {
            gate,
            ..Options::default()
        },
    );
    let off = evaluate(INPUTS[0], &Options { gate, ..off() });
    assert_eq!(on.misses, off.misses);
    assert_eq!(on.exit_code(), off.exit_code());
    let report =
        |e: &pickanumber_result::Evaluation| pickanumber_result_view::report::markdown(&e.analysis);
    assert!(report(&on).contains("Bootstrap interval (90 %): "));
    assert!(!report(&off).contains("Bootstrap interval"));
}
