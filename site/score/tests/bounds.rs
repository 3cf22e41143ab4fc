//! Settings and weights that could carry a headline outside 0–100, or count a criterion
//! twice, are refused with the allowed values: never a number from them.

use pickanumber_score::{
    analyse, check_weights, combine, parse_weights, Mode, Params, Request, Severity,
};

fn with_params(params: Params) -> Request {
    Request {
        params,
        ..Request::default()
    }
}

fn with_weights(weights: &[(&str, f64)]) -> Request {
    Request {
        weights: Some(weights.iter().map(|(n, w)| (n.to_string(), *w)).collect()),
        ..Request::default()
    }
}

#[test]
fn weights_whose_sum_overflows_give_no_overall() {
    const SUM: &str = "the weights sum to more than 1e300: divide them all by the same number (only their ratios count)";
    for weights in [
        [("a", 1.5e308), ("b", 1.0)],
        [("a", 1e308), ("b", 1e308)],
        [("a", 1e301), ("b", 1.0)],
    ] {
        let a = analyse("(+3, a) x\n(+1, b) y", &with_weights(&weights));
        assert!(a.headline().is_none(), "{weights:?}");
        assert_eq!(a.messages(Severity::Error), vec![SUM], "{weights:?}");
    }
    // Large weights under the limit keep their ratio: the same overall as 3 to 1.
    let big = analyse(
        "(+3, a) x\n(+1, b) y",
        &with_weights(&[("a", 3e299), ("b", 1e299)]),
    );
    let small = analyse(
        "(+3, a) x\n(+1, b) y",
        &with_weights(&[("a", 3.0), ("b", 1.0)]),
    );
    assert_eq!(
        big.headline().unwrap().score,
        small.headline().unwrap().score
    );
}

#[test]
fn weights_that_are_not_finite_are_named_as_such() {
    assert_eq!(
        check_weights(&[("a".into(), f64::INFINITY), ("b".into(), f64::NAN)])
            .unwrap_err()
            .to_string(),
        "weights must be finite numbers, not infinite or NaN: check each of a, b"
    );
    assert_eq!(
        parse_weights("a=1e308").unwrap_err(),
        "weight for a \"1e308\" cannot be read exactly: write at most 15 significant digits and a power of ten from -22 to 22, like 0.35 or 2e5"
    );
    let a = analyse(
        r#"{"items": [{"impact": 3, "criterion": "a"}], "weights": {"a": 1e308}}"#,
        &Request::default(),
    );
    assert_eq!(
        a.messages(Severity::Error)[0],
        "line 1, column 63: weight for a 1e308 cannot be read exactly: write at most 15 significant digits and a power of ten from -22 to 22, like 0.35 or 2e5"
    );
}

#[test]
fn floor_and_gain_that_leave_the_scale_are_refused_with_the_allowed_range() {
    let cases = [
        (-5.0, -1.0, "floor must lie between 0 and 1 (the multiplier with no evidence; outside that range the final can leave 0 to max), not -5"),
        (2.0, 5.0, "floor must lie between 0 and 1 (the multiplier with no evidence; outside that range the final can leave 0 to max), not 2"),
        (0.75, 0.5, "gain must lie between -0.75 and 0.25 when floor is 0.75, so that floor + gain (the multiplier at full confidence) lies between 0 and 1, not 0.5"),
        (0.5, -0.6, "gain must lie between -0.5 and 0.5 when floor is 0.5, so that floor + gain (the multiplier at full confidence) lies between 0 and 1, not -0.6"),
    ];
    for (floor, gain, message) in cases {
        let params = Params {
            multiplier_floor: floor,
            multiplier_gain: gain,
            ..Params::default()
        };
        assert_eq!(params.validate().unwrap_err().to_string(), message);
        let a = analyse("+3 x", &with_params(params));
        assert!(a.headline().is_none(), "{floor} {gain}");
        assert_eq!(a.messages(Severity::Error), vec![message]);
    }
    // The edges are allowed: a multiplier of exactly 0 and of exactly 1.
    for (floor, gain) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, -1.0)] {
        let params = Params {
            multiplier_floor: floor,
            multiplier_gain: gain,
            ..Params::default()
        };
        assert_eq!(params.validate(), Ok(()), "{floor} {gain}");
    }
}

#[test]
fn a_max_above_100_is_refused() {
    let params = Params {
        max: 150.0,
        center: 75.0,
        ..Params::default()
    };
    assert_eq!(
        params.validate().unwrap_err().to_string(),
        "max must be greater than 0 and at most 100 (the top of the 0 to 100 scale), not 150"
    );
}

#[test]
fn an_unbounded_request_computes_the_amplifying_variant_as_written() {
    let params = Params {
        multiplier_floor: 0.75,
        multiplier_gain: 0.5,
        ..Params::default()
    };
    let text = "+1×45 padded\n−1×5 weak";
    let refused = analyse(text, &with_params(params));
    assert!(refused.headline().is_none());
    let shown = analyse(
        text,
        &Request {
            unbounded: true,
            ..with_params(params)
        },
    );
    assert!(!shown.has_errors());
    assert_eq!(shown.headline().unwrap().score, 107.0);
}

#[test]
fn a_criterion_weighted_twice_is_refused_on_every_way_in() {
    const TWICE: &str = "each criterion takes one weight, but a is given more than once";
    assert_eq!(parse_weights("a=1,a=2,b=1").unwrap_err(), TWICE);
    // Weights given outside the text (Python's pairs, an API caller).
    let a = analyse(
        "(+3, a) x\n(+1, b) y",
        &with_weights(&[("a", 1.0), ("a", 2.0), ("b", 1.0)]),
    );
    assert!(a.headline().is_none());
    assert_eq!(a.messages(Severity::Error), vec![TWICE]);
    // A weights: line.
    let a = analyse(
        "weights: a=1, a=2, b=1\n(+3, a) x\n(+1, b) y",
        &Request::default(),
    );
    assert!(a.headline().is_none());
    assert_eq!(a.messages(Severity::Error)[0], format!("line 1: {TWICE}"));
    // Duplicate JSON keys.
    let a = analyse(
        r#"{"items": [{"impact": 3, "criterion": "a"}], "weights": {"a": 1, "a": 2}}"#,
        &Request::default(),
    );
    assert!(a.headline().is_none());
    assert_eq!(
        a.messages(Severity::Error)[0],
        format!("line 1, column 57: {TWICE}")
    );
}

#[test]
fn a_second_weights_line_is_refused_naming_both_lines() {
    let a = analyse(
        "weights: a=1\n(+3, a) x\nweights: b=1\n(+1, b) y",
        &Request::default(),
    );
    assert!(a.headline().is_none());
    assert_eq!(
        a.messages(Severity::Error),
        vec![
            "line 3: the weights are already given on line 1: give every weight on one weights: line",
            "the weights on line 3 cannot be used (see the error there), so there is no overall: fix them",
        ]
    );
    // In two fenced blocks.
    let a = analyse(
        "```\nweights: a=1\n(+3, a) x\n```\n```\nweights: b=1\n(+1, b) y\n```",
        &Request::default(),
    );
    assert!(a.headline().is_none());
    assert_eq!(
        a.messages(Severity::Error)[0],
        "line 6: the weights are already given on line 2: give every weight on one weights: line"
    );
}

#[test]
fn an_unusable_weights_line_leaves_no_overall() {
    let a = analyse(
        "weights: a=0.5, b=0.5, c\n(+3, a) x\n(+1, b) y",
        &Request::default(),
    );
    assert_eq!(a.mode(), Mode::Matrix);
    assert!(a.headline().is_none());
    assert_eq!(
        a.messages(Severity::Error),
        vec![
            "line 1: weight \"c\" has no '=': write weights: craft=0.3, depth=0.2",
            "the weights on line 1 cannot be used (see the error there), so there is no overall: fix them",
        ]
    );
    // Weights given outside the text win over the line, which stays an error.
    let a = analyse(
        "weights: a=0.5, b=0.5, c\n(+3, a) x\n(+1, b) y",
        &with_weights(&[("a", 1.0), ("b", 1.0)]),
    );
    assert_eq!(a.headline().unwrap().score, 62.0);
    assert!(a.has_errors());
    // Passes: a pass's unusable line leaves the combined headline without an overall.
    let a = combine(
        &[
            ("x".into(), "weights: a=1, b\n(+3, a) x\n(+1, b) y".into()),
            ("y".into(), "(+2, a) z\n(+1, b) w".into()),
        ],
        &Request::default(),
    );
    assert!(a.headline().is_none());
    let a = analyse(
        "weights: a=1, b\n## Pass: x\n(+3, a) x\n(+1, b) y\n## Pass: y\n(+2, a) z\n(+1, b) w",
        &Request::default(),
    );
    assert!(a.headline().is_none());
}
