//! The gate's misses name the option as the caller's front end spells it: every sentence the
//! gate writes, word for word, under the CLI's, Python's and npm's names.

use pickanumber_result::{evaluate, Gate, Options, Spelling};
use pickanumber_score::{Mode, Request};

/// The misses of `text` scored in `mode` with `weights` under `gate`, named by `names`.
fn misses(
    text: &str,
    mode: Mode,
    weights: Option<&str>,
    gate: Gate,
    names: Spelling,
) -> Vec<String> {
    let options = Options {
        request: Request {
            mode,
            weights: weights.map(|w| pickanumber_score::parse_weights(w).unwrap()),
            ..Request::default()
        },
        gate: Gate { names, ..gate },
        ..Options::default()
    };
    evaluate(text, &options).misses
}

const ALL: Gate = Gate {
    fail_under: Some(70.0),
    min_confidence: Some(0.5),
    require_self_check: true,
    ..Gate::NONE
};

/// Each front end's spelling of the three options, as its own users type them.
const SPELLINGS: [(Spelling, [&str; 3]); 3] = [
    (
        Spelling::Cli,
        ["--fail-under", "--min-confidence", "--require-self-check"],
    ),
    (
        Spelling::Python,
        ["fail_under=", "min_confidence=", "require_self_check="],
    ),
    (
        Spelling::Npm,
        ["failUnder", "minConfidence", "requireSelfCheck"],
    ),
];

#[test]
fn every_miss_names_the_front_ends_own_option() {
    for (names, [fu, mc, sc]) in SPELLINGS {
        assert_eq!(
            misses("+3 a", Mode::Auto, None, ALL, names),
            [
                format!("final 68 is under 70 ({fu})"),
                format!("confidence 0.05 is under 0.5 ({mc})"),
                format!(
                    "the self-check needs matrix mode; this input was scored in pooled mode ({sc})"
                ),
            ]
        );
        assert_eq!(
            misses("hello", Mode::Auto, None, ALL, names),
            [
                format!("there is no score to compare with {fu}"),
                format!("there is no confidence to compare with {mc}"),
                format!(
                    "the self-check needs matrix mode; this input was scored in pooled mode ({sc})"
                ),
            ]
        );
        assert_eq!(
            misses(
                "(+3, craft) a\n(+3, depth) b",
                Mode::Matrix,
                None,
                ALL,
                names
            ),
            [
                format!("overall 68 is under 70 ({fu})"),
                format!("confidence 0.05 is under 0.5 ({mc})"),
                format!("the self-check fails: the criteria span 0 points, under 20 ({sc})"),
            ]
        );
        assert_eq!(
            misses("(+3, craft) a", Mode::Matrix, Some("craft=0"), ALL, names),
            [
                format!("there is no score to compare with {fu}"),
                format!("there is no confidence to compare with {mc}"),
                format!("the weights cannot be used, so there is no self-check ({sc})"),
            ]
        );
    }
}

#[test]
fn the_cli_spelling_is_the_default_and_the_json_does_not_carry_it() {
    assert_eq!(Spelling::default(), Spelling::Cli);
    assert_eq!(Gate::default().names, Spelling::Cli);
    let gate = Gate {
        fail_under: Some(90.0),
        ..Gate::default()
    };
    let cli = evaluate(
        "+3 a",
        &Options {
            gate,
            ..Options::default()
        },
    );
    let npm = evaluate(
        "+3 a",
        &Options {
            gate: Gate {
                names: Spelling::Npm,
                ..gate
            },
            ..Options::default()
        },
    );
    assert_eq!(
        cli.to_json()["gate"]["misses"][0],
        "final 68 is under 90 (--fail-under)"
    );
    assert_eq!(
        npm.to_json()["gate"]["misses"][0],
        "final 68 is under 90 (failUnder)"
    );
    // Only the sentence differs: the thresholds and the verdict are the same JSON.
    let (mut a, mut b) = (cli.to_json(), npm.to_json());
    a["gate"]["misses"] = serde_json::Value::Null;
    b["gate"]["misses"] = serde_json::Value::Null;
    assert_eq!(a, b);
}

#[test]
fn the_evidence_gate_names_its_option_and_needs_a_work() {
    use pickanumber_score::verify::{Against, Work};
    let work = Work::files([("a.rs", "fn main() {}\n")]).unwrap();
    let text = "+3 \"fn main()\" (a.rs:1)\n+3 \"fn helper()\"\n-1 a.rs:9";
    for (names, spelled) in [
        (Spelling::Cli, "--max-unverified"),
        (Spelling::Python, "max_unverified="),
        (Spelling::Npm, "maxUnverified"),
    ] {
        let gate = Gate {
            max_unverified: Some(0.5),
            names,
            ..Gate::default()
        };
        let with_work = Options {
            request: Request {
                against: Some(Against::new(work.clone())),
                ..Request::default()
            },
            gate,
            ..Options::default()
        };
        let e = evaluate(text, &with_work);
        assert_eq!(
            e.misses,
            [format!("2 of 3 checkable items cite evidence not in the work (0.667), over 0.5 ({spelled})")]
        );
        assert_eq!(e.exit_code(), 3);
        assert_eq!(e.to_json()["gate"]["max_unverified"], 0.5);
        let without = evaluate(
            text,
            &Options {
                gate,
                ..Options::default()
            },
        );
        assert_eq!(
            without.misses,
            [format!(
                "no work was given to check the evidence against ({spelled})"
            )]
        );
    }
}
