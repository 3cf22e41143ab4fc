//! `pickanumber score` as a user runs it: JSON on stdout, exit codes 0 / 1 / 2.

mod common;

use common::{assert_fails, json, pick, run, stdout};

#[test]
fn scores_stdin_with_every_key() {
    let out = run(&["score"], "+5 a\n+3 b\n+2 c\n+1 d\n-2 e\n");
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["net_impact"], 9);
    assert_eq!(v["total_items"], 5);
    assert_eq!(v["final"], 76);
    assert!(v["final"].is_i64());
    assert_eq!(v["confidence"], 0.25);
    assert_eq!(v["multiplier"], 0.8125);
    assert_eq!(v["density"], 0.25);
    assert!((v["raw"].as_f64().unwrap() - 82.19938).abs() < 1e-4);
    assert!((v["final_unrounded"].as_f64().unwrap() - 76.162).abs() < 1e-3);
    assert!((v["normalized"].as_f64().unwrap() - 4.0249).abs() < 1e-4);
    assert_eq!(v["errors"], serde_json::json!([]));
    assert_eq!(v["ignored"], serde_json::json!([]));
}

#[test]
fn half_rounds_away_from_zero_and_density_is_unclamped() {
    let v = json(&run(&["score"], "+5 one\n"));
    assert_eq!(v["final"], 81);
    assert_eq!(v["final_unrounded"], 80.5);
    let many: String = (0..25).map(|_| "+1 x\n").collect();
    let v = json(&run(&["score"], &many));
    assert_eq!(v["density"], 1.25);
    assert_eq!(v["confidence"], 1.0);
    assert_eq!(v["final"], 90);
}

#[test]
fn errors_exit_1_and_still_print_json() {
    let out = run(&["score"], "+3 ok\n+4 nope\nhello\n");
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["total_items"], 1);
    assert_eq!(
        v["errors"],
        serde_json::json!([{"kind": "item", "severity": "error", "line": 2, "message": "impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5"}])
    );
    assert_eq!(v["ignored"], serde_json::json!([3]));
}

#[test]
fn reads_a_file_argument() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("items.txt");
    std::fs::write(&path, "+5 a\n-3 b\n").unwrap();
    let out = run(&["score", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json(&out)["final"], 59);
}

#[test]
fn usage_and_unreadable_input_exit_2_without_json() {
    for (args, message) in [
        (
            vec!["scroe"],
            "error: unrecognized subcommand 'scroe'\n\n  tip: some similar subcommands exist: 'probe', 'score'\n\nUsage: pickanumber <COMMAND>\n\nFor more information, try '--help'.\n",
        ),
        (
            vec!["score", "--bogus"],
            "error: unexpected argument '--bogus' found\n\n  tip: to pass '--bogus' as a value, use '-- --bogus'\n\nUsage: pickanumber score [OPTIONS] [FILE]\n\nFor more information, try '--help'.\n",
        ),
        (
            vec!["score", "--mode", "pool"],
            "error: invalid value 'pool' for '--mode <MODE>': \"pool\" is not one of auto, pooled, matrix, feedback\n\nFor more information, try '--help'.\n",
        ),
        (
            vec!["score", "--preset", "x"],
            "error: invalid value 'x' for '--preset <PRESET>': \"x\" is not one of generic, hackathon\n\nFor more information, try '--help'.\n",
        ),
        (
            vec!["score", "--denominator", "0"],
            "error: invalid value '0' for '--denominator <N>': denominator must be a number greater than 0, not 0\n\nFor more information, try '--help'.\n",
        ),
        (
            vec!["combine", "--rubric", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/rubrics/pull-request.toml"), "--weights", "a=1", "--mode", "matrix", concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")],
            "pickanumber: --rubric cannot be combined with --mode, --weights: the rubric sets the mode, the criteria and the weights; leave them out\n",
        ),
        (
            vec!["score", "--weights", "craft"],
            "error: invalid value 'craft' for '--weights <a=0.3,b=0.2>': weight \"craft\" has no '=': write weights: craft=0.3, depth=0.2\n\nFor more information, try '--help'.\n",
        ),
        (
            vec!["score", "/nonexistent/items.txt"],
            "pickanumber: cannot read /nonexistent/items.txt: No such file or directory (os error 2)\n",
        ),
    ] {
        assert_fails(&run(&args, ""), 2, message);
    }
    // No subcommand: the short help, on stderr.
    let out = run(&[], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(out.stderr, run(&["-h"], "").stdout);
    let out = pick(&["score"]).stdin(&[0xff, 0xfe, b'\n']).output();
    assert_fails(
        &out,
        2,
        "pickanumber: standard input is not UTF-8 text (invalid byte at offset 0)\n",
    );
}

#[test]
fn help_explains_the_format() {
    let out = run(&["score", "--help"], "");
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("+5, +3, +2, +1, −1, −2, −3, −5"));
    assert!(text.contains("EXIT STATUS"));
}

/// `--preset`'s help names each preset's criteria with their weights, as the formula crate
/// defines them (`score` and `combine` take the same presets).
#[test]
fn help_lists_each_presets_criteria_and_weights() {
    use pickanumber_score::Preset;
    for command in ["score", "combine"] {
        let out = run(&[command, "--help"], "");
        assert_eq!(out.status.code(), Some(0));
        // clap wraps long lines: compare the text with the wrapping undone.
        let text = stdout(&out)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        for preset in [Preset::Generic, Preset::Hackathon] {
            let criteria: Vec<String> = preset
                .weights()
                .iter()
                .map(|(name, w)| format!("{name}={w}"))
                .collect();
            let line = format!("- {}: ", preset.name());
            let at = text
                .find(&line)
                .unwrap_or_else(|| panic!("{command}: no {line}"));
            assert!(
                text[at..].contains(&criteria.join(", ")),
                "{command} {}: {text}",
                preset.name()
            );
        }
    }
}

#[test]
fn matrix_json_leads_with_the_overall_and_nests_the_pool() {
    let out = run(
        &["score", "--preset", "hackathon"],
        "## Criterion: problem_fit\n+5 a\n+3 b\n## Criterion: craft\n-3 c\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        &keys[..6],
        [
            "schema_version",
            "mode",
            "format",
            "final",
            "final_unrounded",
            "confidence"
        ]
    );
    assert_eq!(v["mode"], "matrix");
    assert_eq!(v["final"], v["overall"]);
    assert_eq!(v["confidence"], v["overall_confidence"]);
    assert_eq!(
        v["confidence"], 0.0,
        "three criteria of the preset have no items"
    );
    assert!(v.get("net_impact").is_none(), "the pool's keys are nested");
    assert_eq!(v["pooled"]["total_items"], 3);
    assert_eq!(v["pooled"]["net_impact"], 5);
    assert_ne!(v["pooled"]["final"], v["final"]);
}

#[test]
fn unusable_weights_give_a_null_headline_and_exit_1() {
    let out = run(
        &["score", "--weights", "craft=1"],
        "(+3, craft) a\n(-1, depth) b\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["final"], serde_json::Value::Null);
    assert_eq!(
        v["weights_error"],
        "weights are given for some criteria only: add a weight for depth"
    );
    assert_eq!(
        v["errors"],
        serde_json::json!([{"kind": "weights", "severity": "error", "message": "weights are given for some criteria only: add a weight for depth"}])
    );
}

#[test]
fn report_and_stdin_dash() {
    let out = run(&["score", "--report", "-"], "+3 a\n-1 b\n");
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.starts_with("# Evidence score\n\n**Final 59 / 100**, confidence 0.10"),
        "{text}"
    );
    let out = run(&["score", "--input", "-"], "+3 a\n-1 b\n");
    assert_eq!(json(&out)["final"], 59);
}

/// An item's text that holds terminal escapes (here: set the window title, turn the text red)
/// reaches `--report` escaped, as `passes` shows stored text; the report's own lines stay.
#[test]
fn the_report_shows_control_characters_escaped() {
    let out = run(
        &["score", "--report", "-"],
        "+3 fine \u{1b}]0;owned\u{7}title\n-1 \u{1b}[31mred\u{1b}[0m\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(
        text.contains("- (+3) fine \\u{1b}]0;owned\\u{7}title\n"),
        "{text}"
    );
    assert!(text.contains("- (−1) \\u{1b}[31mred\\u{1b}[0m\n"), "{text}");
    assert!(text.starts_with("# Evidence score\n\n"), "{text}");
}

/// `/dev/zero`, a sparse file and a stream one byte over 64 MiB end with a message naming
/// the input instead of growing without bound.
#[cfg(unix)]
#[test]
fn inputs_over_64_mib_are_refused_by_name() {
    let too_large = |name: &str| {
        format!("pickanumber: {name} is larger than 64 MiB, the most pickanumber reads from one input\n")
    };
    for args in [
        vec!["score", "/dev/zero"],
        vec!["score", "--compat", "score-py", "--input", "/dev/zero"],
    ] {
        assert_fails(&run(&args, ""), 2, &too_large("/dev/zero"));
    }
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(64 * 1024 * 1024 + 1)
        .unwrap();
    assert_fails(
        &run(&["score", big.to_str().unwrap()], ""),
        2,
        &too_large(big.to_str().unwrap()),
    );
    let stream = vec![b'\n'; 64 * 1024 * 1024 + 1];
    assert_fails(
        &pick(&["score"]).stdin(&stream).output(),
        2,
        &too_large("standard input"),
    );
}
