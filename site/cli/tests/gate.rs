//! The gate: `--fail-under`, `--min-confidence`, `--require-self-check` exit 3 when
//! the headline misses, with the JSON still printed; 1 and 2 keep their meanings.

mod common;

use common::{json, run, stderr};
use serde_json::json;

const ITEMS: &str = "+5 a\n+3 b\n+2 c\n+1 d\n-2 e\n"; // final 76, confidence 0.25

#[test]
fn a_headline_that_passes_exits_0_with_the_gate_in_the_json() {
    let out = run(
        &["score", "--fail-under", "70", "--min-confidence", "0.25"],
        ITEMS,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        json(&out)["gate"],
        json!({"fail_under": 70.0, "min_confidence": 0.25, "require_self_check": false, "passed": true, "misses": []})
    );
}

#[test]
fn a_miss_exits_3_and_says_which_check() {
    let out = run(
        &[
            "score",
            "--fail-under",
            "80",
            "--min-confidence",
            "0.5",
            "--require-self-check",
        ],
        ITEMS,
    );
    assert_eq!(out.status.code(), Some(3));
    let v = json(&out);
    assert_eq!(v["final"], 76);
    assert_eq!(
        v["gate"]["misses"],
        json!([
            "final 76 is under 80 (--fail-under)",
            "confidence 0.25 is under 0.5 (--min-confidence)",
            "the self-check needs matrix mode; this input was scored in pooled mode (--require-self-check)"
        ])
    );
    // Matrix, equal weights: +3 → 68.3 → 68 and −1 → 43.9 → 44, span 24: the self-check
    // passes; the overall (68 + 44) / 2 = 56 misses 60.
    let out = run(
        &["score", "--require-self-check", "--fail-under", "60"],
        "(+3, craft) tidy\n(-1, depth) thin\n",
    );
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        json(&out)["gate"]["misses"],
        json!(["overall 56 is under 60 (--fail-under)"])
    );
}

#[test]
fn item_errors_and_usage_errors_keep_1_and_2() {
    let out = run(&["score", "--fail-under", "99"], "+3 ok\n+4 bad\n");
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["score", "--fail-under", "50"], "hello\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        json(&out)["gate"]["misses"],
        json!(["there is no score to compare with --fail-under"])
    );
    let out = run(&["score", "--fail-under", "101"], ITEMS);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid value '101' for '--fail-under <N>': 101 is not a score from 0 to 100, such as 70"),
        "{}",
        stderr(&out)
    );
    let out = run(&["score", "--min-confidence", "2"], ITEMS);
    assert_eq!(out.status.code(), Some(2));
}

/// CHANGELOG.md's output contract names every exit status the subcommands' help lists, and
/// every option whose miss exits 3.
#[test]
fn the_changelogs_contract_lists_every_exit_status_and_gate() {
    let changelog = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/CHANGELOG.md"))
        .expect("read CHANGELOG.md");
    let contract = changelog
        .split("- the exit statuses")
        .nth(1)
        .and_then(|rest| rest.split("\n- ").next())
        .expect("CHANGELOG.md has a line on the exit statuses");
    let contract = contract.split_whitespace().collect::<Vec<_>>().join(" ");
    for sub in [
        "score",
        "combine",
        "compare",
        "calibrate",
        "probe",
        "pairwise",
        "rubric",
        "versions",
    ] {
        let out = run(&[sub, "--help"], "");
        let help = common::stdout(&out);
        let statuses = help
            .split("EXIT STATUS:")
            .nth(1)
            .unwrap_or_else(|| panic!("`{sub} --help` has no EXIT STATUS section"));
        for line in statuses.lines() {
            let Some(code) = line.split_whitespace().next() else {
                continue;
            };
            if code.len() == 1 && code.chars().all(|c| c.is_ascii_digit()) {
                assert!(
                    contract.contains(&format!("{code} (")),
                    "`{sub}` exits {code}; the contract: {contract}"
                );
            }
        }
        // Every option the help says exits 3.
        for (k, _) in help.match_indices("Exit 3 ") {
            let before = &help[..k];
            let flag = before
                .rsplit("--")
                .next()
                .and_then(|f| {
                    f.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                        .next()
                })
                .unwrap_or_default();
            assert!(
                contract.contains(&format!("--{flag}`")),
                "`{sub} --{flag}` exits 3; the contract: {contract}"
            );
        }
    }
}
