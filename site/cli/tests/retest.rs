//! `pickanumber retest` as a user runs it: its four figures against a reference computed from
//! every run scored on its own by `pickanumber score`, every bad run named with its line and
//! work (exit 1, nothing on stdout), and `rubric prompt --shuffle` as the order probe.

mod common;

use common::{assert_fails, json, pick, stderr};
use serde_json::Value;
use std::path::{Path, PathBuf};

const IMPACTS: [i32; 8] = [-5, -3, -2, -1, 1, 2, 3, 5];

/// Run `r` of work `i`: a list that leans by the work and changes by an item or two from run
/// to run, as a judge's list does.
fn items(i: usize, r: usize) -> Vec<(i32, String)> {
    let n = 2 + (i * 5 + r * 3) % 9;
    (0..n)
        .map(|k| {
            let impact = IMPACTS[(k * 3 + i * 2 + (k + r) % 3 * (r % 2)) % 8];
            (impact, format!("point {k}"))
        })
        .collect()
}

/// The answer as a judge writes it: item lines, or (every fourth run) the JSON object a model
/// writes under the rubric's schema.
fn answer(i: usize, r: usize) -> Value {
    let list = items(i, r);
    if (i + r).is_multiple_of(4) {
        let items: Vec<Value> = list
            .iter()
            .map(|(impact, text)| serde_json::json!({"impact": impact, "text": text}))
            .collect();
        serde_json::json!({ "items": items })
    } else {
        Value::String(
            list.iter()
                .map(|(impact, text)| format!("{impact:+} {text}\n"))
                .collect(),
        )
    }
}

/// Runs per work: 2 to 5.
fn runs_of(i: usize) -> usize {
    2 + i % 4
}

/// The naive number of run `r` of work `i` on 1:10, for works not divisible by 3.
fn naive(i: usize, r: usize) -> Option<u32> {
    (!i.is_multiple_of(3)).then(|| 1 + ((i * 7 + r * 4) % 10) as u32)
}

/// A runs file of `works` works in `dir`, the runs of each work interleaved with the others'.
fn runs_file(dir: &Path, works: usize) -> PathBuf {
    let mut lines = String::new();
    for r in 0..5 {
        for i in 0..works {
            if r >= runs_of(i) {
                continue;
            }
            let mut run = serde_json::json!({"work": format!("w{i}"), "output": answer(i, r)});
            if let Some(n) = naive(i, r) {
                run["naive"] = n.into();
            }
            lines.push_str(&format!("{run}\n"));
        }
    }
    let path = dir.join("runs.jsonl");
    std::fs::write(&path, lines).unwrap();
    path
}

/// The final `pickanumber score` prints for `answer`, scored alone from a file.
fn scored(dir: &Path, answer: &Value) -> f64 {
    let file = dir.join("answer.txt");
    let text = match answer {
        Value::String(s) => s.clone(),
        v => v.to_string(),
    };
    std::fs::write(&file, text).unwrap();
    let out = pick(&["score", file.to_str().unwrap(), "--no-interval"]).output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    json(&out)["final"].as_f64().unwrap()
}

fn variance(v: &[f64]) -> f64 {
    let m = v.iter().sum::<f64>() / v.len() as f64;
    v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (v.len() - 1) as f64
}

fn r4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn straddles(v: &[f64], gate: f64) -> bool {
    v.iter().any(|&x| x < gate) && v.iter().any(|&x| x >= gate)
}

/// `final_sd`, `naive_sd`, `flip_rate` and `naive_flip_rate` are what each run scored by
/// `pickanumber score` gives: the square root of the mean of the works' sample variances, and
/// the share of works whose runs straddle the gate.
#[test]
fn the_figures_equal_a_reference_from_score() {
    let dir = tempfile::tempdir().unwrap();
    let works = 24;
    let file = runs_file(dir.path(), works);
    let gate = 55.0;
    let out = pick(&[
        "retest",
        file.to_str().unwrap(),
        "--json",
        "--fail-under",
        "55",
        "--naive-scale",
        "1:10",
    ])
    .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let got = json(&out);
    let (mut var, mut nvar, mut flips, mut nflips) = (vec![], vec![], vec![], vec![]);
    for i in 0..works {
        let finals: Vec<f64> = (0..runs_of(i))
            .map(|r| scored(dir.path(), &answer(i, r)))
            .collect();
        let row = &got["per_work"][i];
        assert_eq!(row["work"], format!("w{i}"));
        let listed: Vec<f64> = row["finals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert_eq!(listed, finals, "work w{i}");
        var.push(variance(&finals));
        flips.push(f64::from(u8::from(straddles(&finals, gate))));
        assert_eq!(row["flips"], straddles(&finals, gate), "work w{i}");
        if naive(i, 0).is_some() {
            let n: Vec<f64> = (0..runs_of(i))
                .map(|r| (f64::from(naive(i, r).unwrap()) - 1.0) / 9.0 * 100.0)
                .collect();
            nvar.push(variance(&n));
            nflips.push(f64::from(u8::from(straddles(&n, gate))));
        } else {
            assert_eq!(row["naive"], Value::Null);
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let value = |key: &str| got[key]["value"].as_f64().unwrap();
    assert_eq!(value("final_sd"), r4(mean(&var).sqrt()));
    assert_eq!(value("naive_sd"), r4(mean(&nvar).sqrt()));
    assert_eq!(value("flip_rate"), r4(mean(&flips)));
    assert_eq!(value("naive_flip_rate"), r4(mean(&nflips)));
    assert_eq!(got["naive_sd"]["works"], nvar.len());
    assert_eq!(got["works"], works);
    // The spread and the flips are not all zero: the reference tests something.
    assert!(mean(&var) > 0.0 && mean(&flips) > 0.0 && mean(&flips) < 1.0);
    for key in ["final_sd", "naive_sd", "flip_rate", "naive_flip_rate"] {
        let (lo, hi) = (
            got[key]["low"].as_f64().unwrap(),
            got[key]["high"].as_f64().unwrap(),
        );
        assert!(lo <= value(key) && value(key) <= hi, "{key}: {}", got[key]);
    }
    // The same runs give the same intervals.
    let again = pick(&[
        "retest",
        file.to_str().unwrap(),
        "--json",
        "--fail-under",
        "55",
        "--naive-scale",
        "1:10",
    ])
    .output();
    assert_eq!(json(&again), got);
}

fn write(dir: &Path, text: &str) -> PathBuf {
    let path = dir.join("runs.jsonl");
    std::fs::write(&path, text).unwrap();
    path
}

/// A run whose answer is prose is named with its line and work; exit 1, nothing on stdout,
/// so no spread is made from the runs that read.
#[test]
fn a_prose_run_is_named_and_nothing_is_printed() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        concat!(
            "{\"work\": \"pr-1\", \"output\": \"+3 tests pass\\n-1 slow\"}\n",
            "{\"work\": \"pr-1\", \"output\": \"Looks solid overall. 8/10.\"}\n",
            "{\"work\": \"pr-2\", \"output\": \"+1 small\"}\n",
            "{\"work\": \"pr-2\", \"output\": \"+2 small and clear\"}\n",
        ),
    );
    let shown = file.display().to_string();
    for flag in ["--json", "--report", "--fail-under=50"] {
        let out = pick(&["retest", &shown, flag]).output();
        assert_fails(
            &out,
            1,
            &format!("pickanumber: error: {shown}:2: work \"pr-1\": the output gives no score: no items read: the text is not JSON (it starts with neither [ nor {{), has no table or rows with an impact column, and no line starts with a signed impact, as in +3 the tests pass; there is no score\n"),
        );
    }
}

/// Every kind of bad run, each named with its line (and work, once known), in one pass.
#[test]
fn every_bad_run_is_named_with_its_line_and_work() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        concat!(
            "{\"work\": \"a\", \"output\": \"+4 a bad impact\"}\n",
            "{\"work\": \"a\", \"output\": \"+3 fine\", \"naive\": 11}\n",
            "{\"work\": \"b\", \"output\": \"+1 alone\"}\n",
            "[\"work\", \"output\"]\n",
            "{\"work\": \"c\", \"output\": 7}\n",
            "{\"output\": \"+1 x\"}\n",
            "{\"work\": \"c\", \"output\": \"+1 x\", \"score\": 3}\n",
            "{\"work\": \"c\", \"output\": \"+1 x\"\n",
        ),
    );
    let shown = file.display().to_string();
    let out = pick(&["retest", &shown, "--naive-scale", "1:10"]).output();
    let e = |line: usize, m: &str| format!("pickanumber: error: {shown}:{line}: {m}\n");
    assert_fails(
        &out,
        1,
        &[
            e(2, "work \"a\": \"naive\" is 11, outside the scale 1:10 (--naive-scale)"),
            e(4, "a run is a JSON object {\"work\", \"output\"}, not a list"),
            e(5, "work \"c\": \"output\" must be the judge's answer as a text or as its JSON (an object or a list), not a number"),
            e(6, "\"work\" is missing: every run names the work it judged, such as \"w1\""),
            e(7, "unknown key \"score\" (a run has work, output, naive, grader, model, probe, rubric, card, against)"),
            format!("pickanumber: error: {shown}:8:31: not a JSON object: expected ',' or '}}' after an object member, found the end of the text\n"),
        ]
        .concat(),
    );
    // Once every line reads, the runs that give no score and the lone run are named.
    let file = write(
        dir.path(),
        concat!(
            "{\"work\": \"a\", \"output\": \"+4 a bad impact\"}\n",
            "{\"work\": \"a\", \"output\": \"+3 fine\", \"naive\": 9}\n",
            "{\"work\": \"b\", \"output\": \"+1 alone\"}\n",
        ),
    );
    let out = pick(&["retest", &shown, "--naive-scale", "1:10"]).output();
    assert_fails(
        &out,
        1,
        &[
            e(1, "work \"a\": the output gives no score: its line 1: impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5 (and 1 more error)"),
            e(1, "work \"a\": \"naive\" is given on line 2 but not on this run: give it on every run of a work or on none"),
            e(3, "work \"b\": only one run: a retest needs at least two runs of every work"),
        ]
        .concat(),
    );
    let _ = file;
}

/// Runs of one work judged with different rubrics (their `rubric` hash, or their result's
/// `card.rubric`) are refused, each named with its line and work; exit 1.
#[test]
fn runs_of_different_rubrics_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = ("a".repeat(64), "b".repeat(64));
    let file = write(
        dir.path(),
        &format!(
            concat!(
                "{{\"work\": \"w1\", \"output\": \"+3 fine\", \"rubric\": \"{a}\"}}\n",
                "{{\"work\": \"w1\", \"output\": \"+2 fine\", \"card\": {{\"rubric\": \"{b}\"}}}}\n",
                "{{\"work\": \"w2\", \"output\": \"+1 x\", \"rubric\": \"{b}\"}}\n",
                "{{\"work\": \"w2\", \"output\": \"+1 x\"}}\n",
                "{{\"work\": \"w3\", \"output\": \"+1 x\", \"rubric\": \"abc\"}}\n",
            ),
            a = a,
            b = b
        ),
    );
    let shown = file.display().to_string();
    let out = pick(&["retest", &shown]).output();
    assert_fails(
        &out,
        1,
        &format!("pickanumber: error: {shown}:5: work \"w3\": \"rubric\" must be the rubric's sha256 (64 lowercase hexadecimal digits, as a result's card gives it), not a string\n"),
    );
    // Once every line reads: w1's second run was judged with another rubric; w2's run
    // without a hash is not compared.
    let text = std::fs::read_to_string(&file).unwrap();
    let four: String = text.lines().take(4).map(|l| format!("{l}\n")).collect();
    std::fs::write(&file, four).unwrap();
    let out = pick(&["retest", &shown]).output();
    assert_fails(
        &out,
        1,
        &format!("pickanumber: error: {shown}:2: work \"w1\": judged with another rubric (sha256 bbbbbbbbbbbb…) than line 1 (sha256 aaaaaaaaaaaa…): the runs of one work must share one rubric\n"),
    );
}

/// `--by probe` reports the shift between the labels; a grader and a judged model of one
/// family are warned about.
#[test]
fn by_a_probe_label_and_a_shared_family() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        concat!(
            "{\"work\": \"a\", \"probe\": \"given\", \"output\": \"+1 x\", \"grader\": \"claude-sonnet-4\", \"model\": \"anthropic/claude-haiku-4\"}\n",
            "{\"work\": \"a\", \"probe\": \"padded\", \"output\": \"+3 x\"}\n",
            "{\"work\": \"b\", \"probe\": \"given\", \"output\": \"-1 x\"}\n",
            "{\"work\": \"b\", \"probe\": \"padded\", \"output\": \"+1 x\"}\n",
        ),
    );
    let shown = file.display().to_string();
    let out = pick(&["retest", &shown, "--by", "probe", "--json"]).output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let got = json(&out);
    assert_eq!(
        got["by"]["shifts"][0],
        serde_json::json!({"label": "padded", "against": "given", "works": 2,
            "final": {"value": 12.0, "low": 12.0, "high": 12.0}, "naive": null})
    );
    assert_eq!(got["warnings"][0], "line 1: the grader \"claude-sonnet-4\" and the model under test \"anthropic/claude-haiku-4\" are both Anthropic models: a judge may favour answers from its own family, so let a grader of another family judge too");
    let out = pick(&["retest", &shown, "--by", "probe"]).output();
    assert_eq!(
        stderr(&out),
        format!(
            "pickanumber: warning: {}\n",
            got["warnings"][0].as_str().unwrap()
        )
    );
    // A run without the label is named.
    let file = write(
        dir.path(),
        "{\"work\": \"a\", \"probe\": \"given\", \"output\": \"+1 x\"}\n{\"work\": \"a\", \"output\": \"+1 x\"}\n",
    );
    let out = pick(&["retest", file.to_str().unwrap(), "--by", "probe"]).output();
    assert_fails(
        &out,
        1,
        &format!("pickanumber: error: {shown}:2: work \"a\": \"probe\" is missing: with --by probe every run needs its label\n"),
    );
}

/// The `"one of …"` list of `key` in a prompt.
fn one_of<'a>(prompt: &'a str, key: &str) -> Vec<&'a str> {
    let start = format!("- \"{key}\": one of ");
    let line = prompt.lines().find_map(|l| l.strip_prefix(&start)).unwrap();
    line.split(", ").collect()
}

fn prompt(args: &[&str]) -> String {
    let out = pick(
        &[
            &[
                "rubric",
                "prompt",
                "tests/fixtures/rubrics/pull-request.toml",
            ],
            args,
        ]
        .concat(),
    )
    .cwd(Path::new(env!("CARGO_MANIFEST_DIR")))
    .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

/// `rubric prompt --shuffle SEED` keeps the criteria and perspectives and changes their order
/// with the seed; the same seed gives the same prompt.
#[test]
fn shuffle_keeps_the_set_and_changes_the_order() {
    let given = prompt(&[]);
    let sorted = |mut v: Vec<&str>| {
        v.sort_unstable();
        v.into_iter().map(str::to_string).collect::<Vec<_>>()
    };
    let mut orders = std::collections::BTreeSet::new();
    for seed in 1..=6 {
        let s = seed.to_string();
        let p = prompt(&["--shuffle", &s]);
        assert_eq!(p, prompt(&["--shuffle", &s]), "seed {seed}");
        for key in ["perspective", "criterion"] {
            assert_eq!(
                sorted(one_of(&p, key)),
                sorted(one_of(&given, key)),
                "seed {seed}"
            );
        }
        // Every criterion's and perspective's own section is still there.
        assert_eq!(p.lines().count(), given.lines().count());
        orders.insert((
            one_of(&p, "perspective").join(","),
            one_of(&p, "criterion").join(","),
        ));
    }
    let perspectives: std::collections::BTreeSet<_> = orders.iter().map(|o| &o.0).collect();
    let criteria: std::collections::BTreeSet<_> = orders.iter().map(|o| &o.1).collect();
    assert!(perspectives.len() > 1 && criteria.len() == 2, "{orders:?}");
}

/// The final `pickanumber score --against WORK` gives `answer`.
fn scored_against(dir: &Path, answer: &str, work: &Path) -> f64 {
    let file = dir.join("answer.txt");
    std::fs::write(&file, answer).unwrap();
    let out = pick(&[
        "score",
        file.to_str().unwrap(),
        "--no-interval",
        "--against",
        work.to_str().unwrap(),
    ])
    .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    json(&out)["final"].as_f64().unwrap()
}

const HONEST: &str = "+3 \"alpha beta\"\n-1 slow";
const INVENTED: &str = "+3 \"alpha beta\"\n+2 \"an invented quotation\"\n-1 slow";

/// A run citing a quotation its work lacks: that item is left out before scoring, as
/// `score --against` leaves it out, whether the work is named by each run (as a path relative
/// to the runs file or as its text) or by `--against` for every run; the final differs from
/// the unchecked one, and the output says how many runs were checked.
#[test]
fn invented_evidence_does_not_count() {
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("work.txt");
    std::fs::write(&work, "alpha beta gamma\n").unwrap();
    let line = |output: &str, against: &str| {
        format!(
            "{{\"work\": \"a\", \"output\": {}{against}}}\n",
            serde_json::to_string(output).unwrap()
        )
    };
    let checked = [
        scored_against(dir.path(), HONEST, &work),
        scored_against(dir.path(), INVENTED, &work),
    ];
    assert_eq!(checked[0], checked[1], "the invented item is left out");
    let unchecked = scored(dir.path(), &Value::String(INVENTED.into()));
    assert_ne!(unchecked, checked[1]);
    let by_path = ", \"against\": {\"path\": \"work.txt\"}";
    let by_text = ", \"against\": \"alpha beta gamma\\n\"";
    for (against, flag) in [(by_path, None), (by_text, None), ("", Some(&work))] {
        let file = write(
            dir.path(),
            &[line(HONEST, against), line(INVENTED, against)].concat(),
        );
        let mut args = vec!["retest", file.to_str().unwrap(), "--json"];
        if let Some(w) = flag {
            args.extend(["--against", w.to_str().unwrap()]);
        }
        let out = pick(&args).output();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let got = json(&out);
        let finals: Vec<f64> = got["per_work"][0]["finals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_f64().unwrap())
            .collect();
        assert_eq!(finals, checked, "{against} {flag:?}");
        assert_eq!(got["final_sd"]["value"], 0.0);
        let e = &got["evidence"];
        assert_eq!(
            (
                &e["runs_checked"],
                &e["runs_unchecked"],
                &e["not_found"],
                &e["verified"]
            ),
            (&2.into(), &0.into(), &1.into(), &2.into())
        );
        assert_eq!(got["per_work"][0]["evidence"]["not_found"], 1);
    }
    // Without a work: scored as before, and the output says no run was checked.
    let file = write(dir.path(), &[line(HONEST, ""), line(INVENTED, "")].concat());
    let out = pick(&["retest", file.to_str().unwrap(), "--json"]).output();
    let got = json(&out);
    assert_eq!(got["per_work"][0]["finals"][1].as_f64(), Some(unchecked));
    assert_eq!(got["evidence"]["runs_checked"], 0);
    assert_eq!(got["evidence"]["runs_unchecked"], 2);
    assert_eq!(got["per_work"][0]["evidence"], Value::Null);
    let out = pick(&["retest", file.to_str().unwrap()]).output();
    assert!(
        common::stdout(&out).ends_with("evidence not checked: no run names the work it judged (give each run \"against\", or --against PATH), so an item citing what the work lacks counted in all 2 runs\n"),
        "{}",
        common::stdout(&out)
    );
}

/// A work that cannot be read is refused, named with its run's line and its path: exit 1,
/// nothing on stdout; a path out of the runs file's folder likewise; an unreadable
/// `--against` is a usage error (exit 2).
#[test]
fn a_missing_work_is_refused_with_its_line_and_path() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        concat!(
            "{\"work\": \"a\", \"output\": \"+1 x\", \"against\": {\"path\": \"gone.txt\"}}\n",
            "{\"work\": \"a\", \"output\": \"+1 x\", \"against\": {\"path\": \"../out.txt\"}}\n",
            "{\"work\": \"a\", \"output\": \"+1 x\", \"against\": 3}\n",
        ),
    );
    let shown = file.display().to_string();
    let out = pick(&["retest", &shown]).output();
    let e = |line: usize, m: &str| format!("pickanumber: error: {shown}:{line}: {m}\n");
    let missing = std::fs::read(dir.path().join("gone.txt")).unwrap_err();
    assert_fails(
        &out,
        1,
        &[
            e(1, &format!("work \"a\": cannot read work \"gone.txt\": {missing}")),
            e(2, "work \"a\": cannot read work \"../out.txt\": the path must lie inside the runs file's folder (no absolute path, no ..)"),
            e(3, "work \"a\": \"against\" must be the judged work as a text or {\"path\": \"…\"}, not a number"),
        ]
        .concat(),
    );
    let ok = write(
        dir.path(),
        "{\"work\": \"a\", \"output\": \"+1 x\"}\n{\"work\": \"a\", \"output\": \"+1 x\"}\n",
    );
    let gone = dir.path().join("gone.txt");
    let out = pick(&[
        "retest",
        ok.to_str().unwrap(),
        "--against",
        gone.to_str().unwrap(),
    ])
    .output();
    assert_fails(
        &out,
        2,
        &format!(
            "pickanumber: cannot read the work {}: {missing}\n",
            gone.display()
        ),
    );
}
