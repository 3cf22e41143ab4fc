//! `--no-interval` on `score` and `combine`: the same output as without it, less the
//! `interval` keys (and the report's interval line); `score` prints `interval` by default.

mod common;

use common::{assert_exit_2, json, run, stdout};

const ITEMS: &str = "+3 a\n+2 b\n-1 c\n+1 d\n";
const MATRIX: &str = "(+3, craft) a\n(-2, depth) b\n(+5, depth) c\n(+1, fit) d\n";
const PASSES: &str = "## Pass: claude\n(+3, craft) tests pass\n(-1, depth) slow\n## Pass: gpt\n(+3, craft) Tests pass.\n(+2, depth) docs\n";

/// The pretty JSON's lines without those of an `interval` key: `"interval": null,` is one
/// line, an array `"interval": [` … `],` several.
fn without_interval_lines(text: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if skipping {
            skipping = !t.starts_with(']');
            continue;
        }
        if t.starts_with("\"interval\": [") {
            skipping = true;
            continue;
        }
        if t.starts_with("\"interval\": ") {
            continue;
        }
        out.push_str(line);
    }
    out
}

#[test]
fn score_prints_the_interval_by_default_and_leaves_it_out_when_asked() {
    for (args, input) in [
        (vec!["score"], ITEMS),
        (vec!["score", "--fail-under", "90"], ITEMS),
        (vec!["score"], MATRIX),
        (vec!["score"], PASSES),
        (
            vec!["score", "--mode", "feedback"],
            "## Working\n+3 a\n## Missing\n-2 b\n",
        ),
    ] {
        let on = run(&args, input);
        let mut off_args = args.clone();
        off_args.push("--no-interval");
        let off = run(&off_args, input);
        assert_eq!(on.status.code(), off.status.code(), "{args:?}");
        let v = json(&on);
        assert!(v["interval"].is_array(), "{args:?}: {v}");
        assert_eq!(json(&off).get("interval"), None, "{args:?}");
        // Byte for byte the same output, less the interval's lines.
        assert_eq!(
            stdout(&off),
            without_interval_lines(&stdout(&on)),
            "{args:?}"
        );
    }
    // Without a score the interval is null by default, and still left out when asked.
    assert_eq!(
        json(&run(&["score"], "hello\n"))["interval"],
        serde_json::Value::Null
    );
    assert_eq!(
        json(&run(&["score", "--no-interval"], "hello\n")).get("interval"),
        None
    );
}

#[test]
fn the_report_loses_only_its_interval_paragraph() {
    let on = stdout(&run(&["score", "--report"], ITEMS));
    let off = stdout(&run(&["score", "--report", "--no-interval"], ITEMS));
    let line = on
        .lines()
        .find(|l| l.starts_with("Bootstrap interval (90 %): "))
        .expect("the report prints the interval");
    assert!(!off.contains("Bootstrap interval"), "{off}");
    // The line and the blank line after it, nothing else.
    assert_eq!(off, on.replacen(&format!("{line}\n\n"), "", 1));
}

#[test]
fn combine_leaves_every_interval_out() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    let (a, b) = (
        write("claude.txt", "+3 tests pass\n-1 slow\n"),
        write("gpt.txt", "+2 docs\n"),
    );
    let on = run(&["combine", &a, &b], "");
    let off = run(&["combine", &a, &b, "--no-interval"], "");
    let (v, w) = (json(&on), json(&off));
    assert!(v["interval"].is_array() && v["passes"][0]["interval"].is_array());
    assert_eq!(w.get("interval"), None);
    assert!(w["passes"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p.get("interval").is_none()));
    assert_eq!(stdout(&off), without_interval_lines(&stdout(&on)));
}

#[test]
fn the_score_py_modes_refuse_it_and_the_help_names_it() {
    assert_exit_2(&run(
        &["score", "--compat", "score-py", "--no-interval"],
        ITEMS,
    ));
    let help = stdout(&run(&["score", "--help"], ""));
    assert!(help.contains("--no-interval"), "{help}");
    assert!(
        help.contains("--no-interval skips\n    the resampling"),
        "{help}"
    );
    let help = stdout(&run(&["combine", "--help"], ""));
    assert!(
        help.contains("--no-interval leaves every\n    interval key out"),
        "{help}"
    );
}
