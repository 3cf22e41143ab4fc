//! Weights, settings and results that could give a headline outside 0–100, count a criterion
//! twice or be silently ignored are refused with a message: never a number from them.

mod common;

use common::{assert_fails, json, run, stderr};

#[test]
fn a_criterion_weighted_twice_is_refused() {
    let out = run(
        &["score", "--weights", "a=1,a=2,b=1"],
        "(+3, a) x\n(+1, b) y\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid value 'a=1,a=2,b=1' for '--weights <a=0.3,b=0.2>': each criterion takes one weight, but a is given more than once"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn an_unusable_or_second_weights_line_prints_no_overall() {
    let out = run(
        &["score", "--no-interval"],
        "weights: a=0.5, b=0.5, c\n(+3, a) x\n(+1, b) y\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["final"], serde_json::Value::Null);
    assert_eq!(v["overall"], serde_json::Value::Null);
    assert_eq!(
        v["weights_error"],
        "the weights on line 1 cannot be used (see the error there), so there is no overall: fix them"
    );
    let out = run(
        &["score", "--no-interval"],
        "weights: a=1\nweights: b=1\n(+3, a) x\n(+1, b) y\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["final"], serde_json::Value::Null);
    assert_eq!(
        v["errors"][0]["message"],
        "the weights are already given on line 1: give every weight on one weights: line"
    );
    assert_eq!(v["errors"][0]["line"], 2);
}

#[test]
fn options_that_would_be_ignored_are_refused_naming_both() {
    for (args, message) in [
        (
            vec!["score", "--mode", "pooled", "--weights", "a=1"],
            "pickanumber: --weights would not be used with --mode pooled: pooled mode scores no criteria; leave one of them out\n",
        ),
        (
            vec!["score", "--mode", "feedback", "--preset", "generic"],
            "pickanumber: --preset would not be used with --mode feedback: feedback mode scores no criteria; leave one of them out\n",
        ),
        (
            vec!["score", "--preset", "generic", "--weights", "a=1"],
            "pickanumber: --preset would not be used with --weights: the weights replace the preset's; leave one of them out\n",
        ),
    ] {
        assert_fails(&run(&args, "(+3, a) x\n"), 2, message);
    }
}

#[test]
fn compare_refuses_a_result_outside_the_scale() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    let good = dir.path().join("good.json");
    std::fs::write(
        &bad,
        r#"{"mode": "pooled", "final": -5000, "confidence": 0.2, "errors": []}"#,
    )
    .unwrap();
    std::fs::write(&good, "+3 x\n").unwrap();
    let out = run(
        &["compare", bad.to_str().unwrap(), good.to_str().unwrap()],
        "",
    );
    assert_fails(
        &out,
        2,
        &format!(
            "pickanumber: {}: a result's final must be a number from 0 to 100 or null, not -5000\n",
            bad.display()
        ),
    );
    std::fs::write(
        &bad,
        r#"{"mode": "matrix", "final": 60, "errors": [], "criteria": [{"name": "a", "final": 140}]}"#,
    )
    .unwrap();
    let out = run(
        &["compare", good.to_str().unwrap(), bad.to_str().unwrap()],
        "",
    );
    assert_fails(
        &out,
        2,
        &format!(
            "pickanumber: {}: a result's criterion final must be a number from 0 to 100 or null, not 140\n",
            bad.display()
        ),
    );
}

#[test]
fn a_rubric_weight_or_setting_out_of_range_names_the_range() {
    let dir = tempfile::tempdir().unwrap();
    let rubric = dir.path().join("r.toml");
    let check = |toml: &str| {
        std::fs::write(&rubric, toml).unwrap();
        stderr(&run(&["rubric", "check", rubric.to_str().unwrap()], ""))
    };
    let pooled = "subject = \"s\"\nmode = \"pooled\"\n[params]\n";
    assert_eq!(
        check(&format!("{pooled}floor = -5\ngain = -1\n")),
        format!("pickanumber: error: {}:4:9: params.floor: floor must lie between 0 and 1 (the multiplier with no evidence; outside that range the final can leave 0 to max), not -5\n", rubric.display())
    );
    assert_eq!(
        check(&format!("{pooled}floor = 0.75\ngain = 0.5\n")),
        format!("pickanumber: error: {}:5:8: params.gain: gain must lie between -0.75 and 0.25 when floor is 0.75, so that floor + gain (the multiplier at full confidence) lies between 0 and 1, not 0.5\n", rubric.display())
    );
    assert_eq!(
        check(&format!("{pooled}denominator = 1e308\n")),
        format!("pickanumber: error: {}:4:15: params.denominator: cannot be read exactly: write at most 15 significant digits and a power of ten from -22 to 22, like 0.35 or 2e5\n", rubric.display())
    );
    let matrix = "subject = \"s\"\nmode = \"matrix\"\n[[criteria]]\nname = \"a\"\nplus5 = \"x\"\nminus5 = \"y\"\n";
    assert_eq!(
        check(&format!("{matrix}weight = inf\n")),
        format!("pickanumber: error: {}:7:10: criteria[1].weight: weights must be finite numbers, not infinite or NaN: check a\n", rubric.display())
    );
}
