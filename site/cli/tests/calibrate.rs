//! `pickanumber calibrate` as a user runs it: a bad gold set refused line by line, the card,
//! the gate, and the written rubric that `score --rubric` reads back to the card's finals.

mod common;

use common::{assert_fails, json, pick, stderr, stdout};
use serde_json::Value;
use std::path::Path;

const IMPACTS: [i32; 8] = [-5, -3, -2, -1, 1, 2, 3, 5];

/// Subject `i`'s output: `1 + i mod 23` items, leaning positive for larger `i mod 7`.
fn output(i: usize) -> String {
    (0..1 + i % 23)
        .map(|k| format!("{:+} point {k}\n", IMPACTS[(k * 3 + i % 7 + i / 7) % 8]))
        .collect()
}

fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// A gold set of `n` subjects in `dir`: every third output in a file beside it, every fifth
/// as two passes; human scores follow the formula's defaults on the same outputs, moved
/// by a fixed pattern.
fn gold(dir: &Path, n: usize) -> std::path::PathBuf {
    let mut lines = String::new();
    for i in 0..n {
        let text = output(i);
        let a = pickanumber_score::analyse(&text, &pickanumber_score::Request::default());
        let human = a.headline().unwrap().score + [6.0, -4.0, 2.0, -7.0, 3.0][i % 5];
        let human = human.clamp(0.0, 100.0);
        let out = if i % 3 == 0 {
            std::fs::create_dir_all(dir.join("out")).unwrap();
            std::fs::write(dir.join(format!("out/s{i}.txt")), &text).unwrap();
            format!("{{\"path\": \"out/s{i}.txt\"}}")
        } else if i % 5 == 0 {
            // A second pass in other words (the duplicate rule sets aside repeated items).
            let second = output(i + 1).replace("point", "finding");
            format!("[{}, {}]", quoted(&text), quoted(&second))
        } else {
            quoted(&text)
        };
        lines.push_str(&format!(
            "{{\"id\": \"s{i}\", \"human\": {human}, \"output\": {out}, \"naive\": {}}}\n",
            (i * 37) % 101
        ));
    }
    let path = dir.join("gold.jsonl");
    std::fs::write(&path, lines).unwrap();
    path
}

/// `pickanumber calibrate ARGS`, which must succeed: its judge card.
fn card(args: &[&str]) -> Value {
    let out = pick(&[&["calibrate"], args].concat()).output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    json(&out)
}

/// Scores each of `outputs` with `pickanumber score ARGS` (the output on stdin) and checks
/// that it gets the final `card` fitted for the same subject.
fn assert_fitted_finals(card: &Value, outputs: &[String], args: &[&str]) {
    for (text, row) in outputs.iter().zip(card["subjects"].as_array().unwrap()) {
        let scored = pick(&[&["score"], args].concat()).stdin(text).output();
        assert_eq!(scored.status.code(), Some(0), "{}", stderr(&scored));
        let got = json(&scored);
        // One pass has a final; several passes, a combined score.
        let final_ = got.get("final").or_else(|| got.get("score"));
        assert_eq!(
            final_.and_then(Value::as_f64),
            row["fitted_final"].as_f64(),
            "subject {}",
            row["id"]
        );
    }
}

#[test]
fn every_bad_line_is_named_and_nothing_is_printed() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    std::fs::write(dir.join("empty.txt"), "just prose\n").unwrap();
    let text = [
        r#"{"id": "s1", "human": 72, "output": "+3 tests pass"}"#,
        r#"{"id": "s1", "human": 6, "output": "+1 ok"}"#,
        r#"{"id": "s2", "human": 11, "output": "+1 ok"}"#,
        r#"{"id": "s3", "human": "high", "output": "+1 ok"}"#,
        r#"{"id": "s4", "human": 5, "output": {"path": "../secret"}}"#,
        r#"{"id": "s5", "human": 5, "output": {"path": "missing.txt"}}"#,
        r#"{"human": 5, "output": "+1 ok"}"#,
        r#"{"id": "s6", "human": 5, "output": "+1 ok", "score": 3}"#,
        r#"{"id": "s7", "human": 5, "output": "+1 ok""#,
        r#"[1, 2]"#,
        r#"{"id": "s8", "human": 5, "output": 7}"#,
        r#"{"id": "s9", "human": 5, "output": "+1 ok", "naive": 12}"#,
    ]
    .join("\n");
    std::fs::write(dir.join("gold.jsonl"), text).unwrap();
    let out = pick(&[
        "calibrate",
        "gold.jsonl",
        "--human-scale",
        "1:10",
        "--naive-scale",
        "0:10",
    ])
    .cwd(dir)
    .output();
    // The system's words for a missing file ("No such file or directory (os error 2)").
    let missing = std::io::Error::from_raw_os_error(2).to_string();
    assert_fails(
        &out,
        2,
        &format!(
            "pickanumber: gold.jsonl:1: subject \"s1\": \"human\" is 72, outside the scale 1:10 (--human-scale)
gold.jsonl:2: id \"s1\" repeats line 1: every subject needs its own id
gold.jsonl:3: subject \"s2\": \"human\" is 11, outside the scale 1:10 (--human-scale)
gold.jsonl:4: subject \"s3\": \"human\" must be a number, a list of numbers (one per rater) or an object of criteria (each a number or a list), not a string
gold.jsonl:5: subject \"s4\": cannot read output \"../secret\": the path must lie inside the gold file's folder (no absolute path, no ..)
gold.jsonl:6: subject \"s5\": cannot read output \"missing.txt\": {missing}
gold.jsonl:7: \"id\" is missing: every subject needs an id, such as \"s1\"
gold.jsonl:8: unknown key \"score\" (a subject has id, human, output, naive, work)
gold.jsonl:9:43: not a JSON object: expected ',' or '}}' after an object member, found the end of the text
gold.jsonl:10: a subject is a JSON object {{\"id\", \"human\", \"output\"}}, not a list
gold.jsonl:11: subject \"s8\": \"output\" must be the judge's output as a text, {{\"path\": \"…\"}} or a list of passes, not a number
gold.jsonl:12: subject \"s9\": \"naive\" is 12, outside the scale 0:10 (--naive-scale)
"
        ),
    );
}

/// A subject whose output gives no score is left out, named on stderr with its line and
/// listed on the card; `--strict` stops at it with exit 2, as every calibration once did.
#[test]
fn an_output_that_gives_no_score_is_left_out_named_and_counted() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    std::fs::write(dir.join("prose.txt"), "just prose\n").unwrap();
    std::fs::write(
        dir.join("gold.jsonl"),
        "{\"id\": \"a\", \"human\": 50, \"output\": \"+3 fine\"}\n\
         {\"id\": \"b\", \"human\": 50, \"output\": {\"path\": \"prose.txt\"}}\n\
         {\"id\": \"c\", \"human\": 50, \"output\": \"+4 not an impact\"}\n\
         {\"id\": \"d\", \"human\": 70, \"output\": \"+5 good\\n+3 tidy\"}\n",
    )
    .unwrap();
    let out = pick(&["calibrate", "gold.jsonl", "--folds", "2", "--strict"])
        .cwd(dir)
        .output();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    assert!(
        err.starts_with("pickanumber: gold.jsonl:2: subject \"b\": the output gives no score: "),
        "{err}"
    );
    assert!(
        err.contains("\ngold.jsonl:3: subject \"c\": the output gives no score: "),
        "{err}"
    );
    let out = pick(&["calibrate", "gold.jsonl", "--folds", "2"])
        .cwd(dir)
        .output();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    let warnings: Vec<&str> = err.lines().collect();
    assert_eq!(warnings.len(), 2, "{err}");
    assert!(
        warnings[0].starts_with(
            "pickanumber: warning: gold.jsonl:2: subject \"b\": the output gives no score: "
        ),
        "{err}"
    );
    assert!(
        warnings[1].ends_with("; left out (--strict stops here instead)"),
        "{err}"
    );
    let card = json(&out);
    assert_eq!(card["n"], 2);
    let left: Vec<(&Value, &Value)> = card["left_out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (&l["id"], &l["line"]))
        .collect();
    assert_eq!(
        left,
        [
            (&Value::from("b"), &Value::from(2)),
            (&Value::from("c"), &Value::from(3))
        ]
    );
}

/// Human scores given on 1–10 (or 0–1) but read on the default 0:100 bring a warning naming
/// the range and the flag; under the flag, none.
#[test]
fn scores_that_look_like_another_scale_bring_a_warning() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let lines: String = (0..6)
        .map(|i| {
            format!(
                "{{\"id\": \"s{i}\", \"human\": {}, \"output\": \"+{} a\"}}\n",
                2 + i,
                1 + i % 3
            )
        })
        .collect();
    std::fs::write(dir.join("gold.jsonl"), lines).unwrap();
    let out = pick(&["calibrate", "gold.jsonl", "--folds", "2"])
        .cwd(dir)
        .output();
    assert_eq!(
        stderr(&out),
        "pickanumber: warning: every human score lies from 2 to 7, read on the scale 0:100; if people scored on 1:10, give --human-scale 1:10\n"
    );
    let out = pick(&[
        "calibrate",
        "gold.jsonl",
        "--folds",
        "2",
        "--human-scale",
        "1:10",
    ])
    .cwd(dir)
    .output();
    assert_eq!(stderr(&out), "");
}

/// `--out` writes only when the fit beats the defaults beyond noise, or with `--force`, and
/// says which; it refuses a path that is a link, not a regular file or read-only, before
/// anything is computed, and leaves it as it was.
#[cfg(unix)]
#[test]
fn out_is_written_only_when_it_should_be_and_only_to_a_regular_file() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let gold = gold(dir, 30);
    let g = gold.to_str().unwrap();
    let target = dir.join("fitted.toml");
    let t = target.to_str().unwrap();
    let out = pick(&["calibrate", g, "--out", t]).output();
    assert_eq!(out.status.code(), Some(0));
    let finding = json(&out)["fit"]["finding"].clone();
    assert_ne!(finding, "better_settings");
    assert_eq!(
        stderr(&out),
        format!("pickanumber: {t} was not written: the fit does not beat the defaults beyond noise: keep the defaults (--force writes the fitted settings anyway)\n")
    );
    assert!(!target.exists());
    let out = pick(&["calibrate", g, "--out", t, "--force"]).output();
    assert_eq!(
        stderr(&out),
        format!("pickanumber: wrote {t} because of --force, though the fit does not beat the defaults beyond noise: keep the defaults\n")
    );
    assert!(std::fs::read_to_string(&target)
        .unwrap()
        .contains("[params]"));
    // A link (to a file beside it), a FIFO, a device and a read-only file are refused.
    let kept = dir.join("kept.toml");
    std::fs::write(&kept, "kept\n").unwrap();
    let link = dir.join("link.toml");
    std::os::unix::fs::symlink(&kept, &link).unwrap();
    let fifo = dir.join("fifo.toml");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let read_only = dir.join("read-only.toml");
    std::fs::write(&read_only, "mine\n").unwrap();
    let mut p = std::fs::metadata(&read_only).unwrap().permissions();
    p.set_readonly(true);
    std::fs::set_permissions(&read_only, p).unwrap();
    for (path, what) in [
        (link.as_path(), "is a symbolic link; --out writes a new regular file or replaces one: give another path"),
        (fifo.as_path(), "is not a regular file; --out writes a new regular file or replaces one: give another path"),
        (Path::new("/dev/null"), "is not a regular file; --out writes a new regular file or replaces one: give another path"),
        (read_only.as_path(), "is read-only; it was left unchanged (make it writable, or give another path)"),
    ] {
        let shown = path.to_str().unwrap();
        let out = pick(&["calibrate", g, "--out", shown, "--force"]).output();
        assert_fails(&out, 2, &format!("pickanumber: {shown} {what}\n"));
    }
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "kept\n");
    assert_eq!(std::fs::read_to_string(&read_only).unwrap(), "mine\n");
}

#[test]
fn the_written_rubric_gives_every_subject_its_fitted_final() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let gold = gold(dir, 40);
    let rubric = dir.join("fitted.toml");
    let card = card(&[
        gold.to_str().unwrap(),
        "--out",
        rubric.to_str().unwrap(),
        "--force",
    ]);
    let fitted = &card["fit"]["fitted"];
    assert!(fitted["denominator"].is_number() && fitted["scale"].is_number());
    assert_eq!(card["n"], 40);
    assert_eq!(card["small"], false);
    assert!(card["naive"]["spearman"]["value"].is_number());
    // Five subjects are given as two passes each: their agreement is the passes' α.
    assert!(card["passes"]["alpha"].is_number(), "{}", card["passes"]);
    let written = std::fs::read_to_string(&rubric).unwrap();
    assert!(written.contains("[params]"), "{written}");
    let lines: Vec<Value> = std::fs::read_to_string(&gold)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ids: Vec<&Value> = card["subjects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["id"])
        .collect();
    assert_eq!(ids, lines.iter().map(|l| &l["id"]).collect::<Vec<_>>());
    let outputs: Vec<String> = lines
        .iter()
        .map(|line| match &line["output"] {
            Value::String(t) => t.clone(),
            Value::Object(p) => {
                std::fs::read_to_string(dir.join(p["path"].as_str().unwrap())).unwrap()
            }
            Value::Array(passes) => passes
                .iter()
                .enumerate()
                .map(|(k, t)| format!("## Pass: pass {}\n{}", k + 1, t.as_str().unwrap()))
                .collect(),
            other => panic!("{other}"),
        })
        .collect();
    assert_fitted_finals(&card, &outputs, &["--rubric", rubric.to_str().unwrap()]);
    // The written rubric names its fit, and a result scored with it carries the fit on its
    // card: the gold set's hash, and the fitted settings', equal to the card's own settings.
    let scored = json(
        &pick(&["score", "--rubric", rubric.to_str().unwrap()])
            .stdin("+3 a\n")
            .output(),
    );
    let fit = &scored["card"]["fit"];
    let gold_bytes = std::fs::read(&gold).unwrap();
    assert_eq!(
        fit["gold"],
        pickanumber_result::card::sha256_hex(&gold_bytes)
    );
    assert_eq!(fit["settings"], scored["card"]["settings"]);
    assert!(
        written.contains(&format!("[fit]\ngold = {}\n", fit["gold"])),
        "{written}"
    );
}

#[test]
fn the_gate_exits_3_below_the_minimum_and_0_at_it() {
    let scratch = tempfile::tempdir().unwrap();
    let gold = gold(scratch.path(), 30);
    let g = gold.to_str().unwrap();
    let card = card(&[g, "--min-agreement", "0.5"]);
    assert_eq!(card["verdict"]["pass"], true);
    let miss = pick(&["calibrate", g, "--min-agreement", "1", "--report"]).output();
    assert_eq!(miss.status.code(), Some(3));
    let report = stdout(&miss);
    assert!(
        report.starts_with("# Judge card: calibration against people\n"),
        "{report}"
    );
    assert!(report.contains("misses the minimum 1: fail."), "{report}");
    assert!(
        report.contains("\nThe judge's passes agree with each other at α = "),
        "{report}"
    );
}

#[test]
fn folds_outside_the_set_are_refused() {
    let scratch = tempfile::tempdir().unwrap();
    let gold = gold(scratch.path(), 4);
    let out = pick(&["calibrate", gold.to_str().unwrap()]).output();
    let shown = gold.display();
    assert_fails(
        &out,
        2,
        &format!("pickanumber: {shown}:1: 5-fold cross-validation needs from 2 folds to one per subject (the gold set has 4 subjects): choose --folds from 2 to 4\n"),
    );
}

/// The judge card joins the probe's regime and the pairwise position bias when given, in the
/// JSON and in the markdown; a pairwise line that is not a judgment stops the command.
#[test]
fn the_card_joins_the_probe_and_the_pairwise_diagnostic() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let gold = gold(dir, 30);
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/instruments/inflation");
    std::fs::write(dir.join("pairs.txt"), "a\tb\tA\nb\ta\tA\na\tc\tB\n").unwrap();
    let args = |more: &[&str]| {
        let mut v = vec![
            "calibrate".to_string(),
            gold.to_str().unwrap().to_string(),
            "--probe-runs".into(),
            fixture.join("runs").to_str().unwrap().into(),
            "--probe-items".into(),
            fixture.join("items.json").to_str().unwrap().into(),
            "--pairwise".into(),
            dir.join("pairs.txt").to_str().unwrap().into(),
        ];
        v.extend(more.iter().map(|s| s.to_string()));
        v
    };
    let a = args(&[]);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let card = card(&a[1..]);
    assert_eq!(card["probe"]["regime"], "INFLATION_LIKELY");
    assert_eq!(card["pairwise"]["position_bias"]["first_wins"], 2);
    assert_eq!(card["pairwise"]["position_bias"]["decided"], 3);
    assert_eq!(card["pairwise"]["swap"]["pairs_both_orders"], 1);
    let r = args(&["--report"]);
    let report = stdout(&pick(&r.iter().map(String::as_str).collect::<Vec<_>>()).output());
    assert!(
        report.contains("\nProbe: regime INFLATION_LIKELY, from "),
        "{report}"
    );
    assert!(
        report.contains("\nPairwise: the first-shown item won 2 of 3 decided verdicts"),
        "{report}"
    );
    std::fs::write(dir.join("pairs.txt"), "a\tb\tC\n").unwrap();
    let bad = pick(&a).output();
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
    assert!(
        stderr(&bad).starts_with(&format!(
            "pickanumber: {}:1: ",
            dir.join("pairs.txt").display()
        )),
        "{}",
        stderr(&bad)
    );
}

/// A work given as a folder beside the gold file is read as `score --against` reads it: the
/// card counts each subject's evidence and the invented-evidence rate, and the written rubric,
/// loaded by `score --rubric FILE --against FOLDER`, gives every subject its fitted final. A
/// work path that leaves the gold file's folder is refused on its line.
#[test]
fn a_work_folder_checks_the_evidence_and_the_written_rubric_reproduces_it() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    std::fs::create_dir_all(dir.join("work/src")).unwrap();
    std::fs::write(
        dir.join("work/src/lib.rs"),
        "pub fn add(a: u8, b: u8) -> u8 {\n    a.saturating_add(b)\n}\n",
    )
    .unwrap();
    let mut lines = String::new();
    let mut outputs = Vec::new();
    for i in 0..12 {
        let lean = IMPACTS[i % 8];
        let text = format!(
            "{lean:+} \"a.saturating_add(b)\" (lib.rs:2) never overflows\n+3 \"pub fn add\" (src/lib.rs:1)\n+5 \"every input is validated\" (lib.rs:40)\n-1 unclear name {i}\n"
        );
        lines.push_str(&format!(
            "{{\"id\": \"s{i}\", \"human\": {}, \"output\": {}, \"work\": {{\"path\": \"work\"}}}}\n",
            30 + 4 * i,
            quoted(&text)
        ));
        outputs.push(text);
    }
    let gold = dir.join("gold.jsonl");
    std::fs::write(&gold, &lines).unwrap();
    let rubric = dir.join("fitted.toml");
    let (g, r) = (gold.to_str().unwrap(), rubric.to_str().unwrap());
    let card = card(&[g, "--folds", "3", "--out", r, "--force"]);
    assert_eq!(
        card["evidence"],
        serde_json::json!({"subjects": 12, "verified": 24, "located": 0, "not_found": 12, "not_checkable": 0, "no_evidence": 12, "invented_rate": 0.3333})
    );
    assert_eq!(card["subjects"][0]["evidence"]["not_found"], 1);
    let work = dir.join("work");
    assert_fitted_finals(
        &card,
        &outputs,
        &["--rubric", r, "--against", work.to_str().unwrap()],
    );
    for (text, row) in outputs.iter().zip(card["subjects"].as_array().unwrap()) {
        let unchecked = pick(&["score", "--rubric", r]).stdin(text).output();
        assert_ne!(
            json(&unchecked)["final"].as_f64(),
            row["fitted_final"].as_f64(),
            "the invented +5 must not count in subject {}",
            row["id"]
        );
    }
    std::fs::write(
        &gold,
        "{\"id\": \"a\", \"human\": 5, \"output\": \"+1 ok\", \"work\": {\"path\": \"../\"}}\n",
    )
    .unwrap();
    let out = pick(&["calibrate", gold.to_str().unwrap()]).output();
    assert_fails(
        &out,
        2,
        &format!(
            "pickanumber: {}:1: subject \"a\": cannot read work \"../\": the path must lie inside the gold file's folder (no absolute path, no ..)\n",
            gold.display()
        ),
    );
}

/// With `--rubric`, the outputs are scored in the rubric's mode with its weights, and `--out`
/// writes that rubric back with only its `[params]` changed: loaded by `score --rubric`, it
/// gives every subject the final the card lists.
#[test]
fn a_matrix_rubric_is_written_back_with_the_fitted_params_and_reproduces_the_card() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let mut lines = String::new();
    let mut outputs = Vec::new();
    for i in 0..15 {
        let text: String = (0..2 + i % 9)
            .map(|k| {
                let criterion = if k % 3 == 0 { "depth" } else { "craft" };
                format!("({:+}, {criterion}) point {k}\n", IMPACTS[(k * 5 + i) % 8])
            })
            .collect();
        lines.push_str(&format!(
            "{{\"id\": \"m{i}\", \"human\": {}, \"output\": {}}}\n",
            20 + (i * 37) % 70,
            quoted(&text)
        ));
        outputs.push(text);
    }
    let gold = dir.join("gold.jsonl");
    std::fs::write(&gold, &lines).unwrap();
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/rubrics/pull-request.toml"
    );
    let fitted = dir.join("fitted.toml");
    let (g, f) = (gold.to_str().unwrap(), fitted.to_str().unwrap());
    let card = card(&[g, "--rubric", source, "--folds", "3", "--out", f, "--force"]);
    let written = std::fs::read_to_string(&fitted).unwrap();
    let params = &card["fit"]["fitted"];
    for line in [
        "mode = \"matrix\"".to_string(),
        "name = \"craft\"".to_string(),
        "weight = 0.6".to_string(),
        format!("\ndenominator = {}", params["denominator"]),
        format!("\nscale = {}", params["scale"]),
    ] {
        assert!(written.contains(&line), "{line}\n{written}");
    }
    assert_fitted_finals(&card, &outputs, &["--rubric", f]);
}
