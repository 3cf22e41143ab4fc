//! The what-works-feedback-judge skill's `scripts/score.py` (standard library only, run with
//! `python3 -S`) against `pickanumber score --compat score-py`: thousands of evidence files,
//! each given to both. Where pickanumber prints a scores object, the script must print the same
//! bytes, or refuse (only for forms it does not read, such as item lines with labels); where
//! pickanumber refuses, the script must refuse too, printing nothing on stdout. Every pool of
//! 1 to 16 items is scored at every net impact it can reach, so each exact half of the final
//! (a single +5 is 80.5) is compared, and so is a pool of 256 items with a net of ±1.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The script under test, at the repository's top.
fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../what-works-feedback-judge/scripts/score.py")
}

/// A small deterministic generator (xorshift64*), so a failure names a case that comes back.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

const IMPACTS: [i64; 8] = [5, 3, 2, 1, -1, -2, -3, -5];

/// The bucket an impact may go to (confusing takes −1 to −3 only).
fn bucket_for(rng: &mut Rng, v: i64) -> &'static str {
    if v > 0 {
        "working"
    } else if v >= -3 {
        rng.pick(&["not_working", "missing", "confusing"])
    } else {
        rng.pick(&["not_working", "missing"])
    }
}

/// `n` impacts from the set summing to `net`, or `None` when the walk does not find one.
fn impacts_summing_to(rng: &mut Rng, n: usize, net: i64) -> Option<Vec<i64>> {
    let mut v: Vec<i64> = (0..n).map(|_| rng.pick(&IMPACTS)).collect();
    for _ in 0..20_000 {
        let sum: i64 = v.iter().sum();
        if sum == net {
            return Some(v);
        }
        let i = rng.below(n);
        let closer: Vec<i64> = IMPACTS
            .iter()
            .copied()
            .filter(|x| (sum - v[i] + x - net).abs() < (sum - net).abs())
            .collect();
        if !closer.is_empty() {
            v[i] = rng.pick(&closer);
        }
    }
    None
}

/// Item texts, some with escapes and characters beyond ASCII.
const TEXTS: [&str; 8] = [
    "clear goal",
    "no rollback plan",
    "jargon in \\\"tier 2\\\"",
    "café — naïve",
    "emoji 😀 and \\u00e9",
    "",
    "  padded  ",
    "tab\\there",
];

/// One value as JSON text: usually an integer, sometimes `3.0`, `5E0`, `30e-1`.
fn value_text(rng: &mut Rng, v: i64) -> String {
    match rng.below(12) {
        0 => format!("{v}.0"),
        1 => format!("{v}E0"),
        2 => format!("{}e-1", v * 10),
        3 => format!("{v}.000"),
        _ => v.to_string(),
    }
}

/// A bucket JSON document for these impacts, in random dress: wrapper, extra keys, spacing,
/// a byte-order mark, sometimes one damaged item.
fn bucket_json(rng: &mut Rng, impacts: &[i64], damage: bool) -> String {
    let mut buckets: Vec<(&str, Vec<String>)> = ["working", "not_working", "missing", "confusing"]
        .iter()
        .map(|b| (*b, Vec::new()))
        .collect();
    for &v in impacts {
        let b = bucket_for(rng, v);
        let text = rng.pick(&TEXTS);
        let mut item = match rng.below(10) {
            0 => format!(
                "{{\"text\": \"{text}\", \"value\": {}}}",
                value_text(rng, v)
            ),
            1 => format!("{{\"value\": {}}}", value_text(rng, v)),
            2 => format!(
                "{{\"value\": {}, \"text\": null, \"note\": [1, {{\"a\": 2.5}}]}}",
                value_text(rng, v)
            ),
            _ => format!(
                "{{\"value\": {}, \"text\": \"{text}\"}}",
                value_text(rng, v)
            ),
        };
        if damage && rng.chance(3) {
            item = rng
                .pick(&[
                    "{\"value\": 4, \"text\": \"four\"}",
                    "{\"value\": \"3\", \"text\": \"a string\"}",
                    "{\"value\": true, \"text\": \"a boolean\"}",
                    "{\"value\": null, \"text\": \"null\"}",
                    "{\"text\": \"no value\"}",
                    "{\"value\": 0, \"text\": \"zero\"}",
                    "{\"value\": -0.0, \"text\": \"negative zero\"}",
                    "{\"value\": 2.5, \"text\": \"a half\"}",
                    "{\"value\": 3, \"text\": 7}",
                    "{\"value\": -5, \"text\": \"too big for confusing\"}",
                    "{\"value\": 1e400, \"text\": \"out of range\"}",
                    "{\"value\": 3, \"text\": \"\\ud800 lone\"}",
                    "[3, \"a list\"]",
                    "\"+3 a string item\"",
                    "{\"value\": 5, \"text\": \"wrong sign\", \"x\": NaN}",
                ])
                .to_string();
            if item.contains("too big") {
                buckets[3].1.push(item);
                continue;
            }
        }
        let slot = buckets.iter().position(|(name, _)| *name == b).unwrap();
        buckets[slot].1.push(item);
    }
    let sep = rng.pick(&[", ", ",", ",\n    "]).to_string();
    let mut members: Vec<String> = buckets
        .into_iter()
        .filter(|(_, items)| !items.is_empty() || rng.chance(50))
        .map(|(name, items)| format!("\"{name}\": [{}]", items.join(&sep)))
        .collect();
    if rng.chance(20) {
        members.push("\"verdict\": {\"ship\": false, \"n\": 12345678901234567890}".into());
    }
    if damage && rng.chance(5) {
        members.push("\"working\": {\"not\": \"a list\"}".into());
    }
    let mut body = format!("{{{}}}", members.join(&sep));
    if rng.chance(25) {
        body = format!("{{\"slug\": \"x\", \"evidence\": {body}}}");
    }
    if rng.chance(5) {
        body = format!("\u{feff}{body}");
    }
    if rng.chance(20) {
        body = format!("\n  {body}\n\n");
    }
    if damage && rng.chance(4) {
        // Cut the text or drop one character: mostly invalid JSON.
        let cut = rng.below(body.len().max(1));
        let at = (0..=cut)
            .rev()
            .find(|i| body.is_char_boundary(*i))
            .unwrap_or(0);
        body = if rng.chance(50) {
            body[..at].to_string()
        } else {
            let mut b = body.clone();
            if at < b.len() {
                b.remove(at);
            }
            b
        };
    }
    body
}

/// Item lines under bucket headings; `wild` adds lines the script does not read itself.
fn item_lines(rng: &mut Rng, impacts: &[i64], wild: bool) -> String {
    let headings = [
        ("working", "## Working"),
        ("not_working", "## Not working"),
        ("missing", "## Missing"),
        ("confusing", "## Confusing"),
    ];
    let mut out = String::new();
    for &v in impacts {
        let b = bucket_for(rng, v);
        let heading = headings.iter().find(|(k, _)| *k == b).unwrap().1;
        out.push_str(heading);
        out.push('\n');
        let sign = if v > 0 {
            "+"
        } else {
            rng.pick(&["-", "\u{2212}"])
        };
        let text = rng.pick(&[
            "clear goal",
            "no rollback (yet)",
            "a × b",
            "two x things",
            "é",
        ]);
        out.push_str(&format!("{sign}{} {text}\n", v.abs()));
        if wild && rng.chance(15) {
            out.push_str(rng.pick(&[
                "+4 four\n",
                "3 blockers remain\n",
                "- **+3** emphasised\n",
                "(+1) in brackets\n",
                "+1×3 a run\n",
                "+1 x2 things\n",
                "+2: a colon\n",
                "Looks fine.\n",
                "# Confusing\n-5 too big\n",
                "-5 under whatever heading\n",
                "\n\n",
            ]));
        }
    }
    if wild && rng.chance(10) {
        out = format!("+2 before any heading\n{out}");
    }
    out
}

/// Inputs at the edges: empty, blank, depth limits, numbers out of range, the 256-item ties.
fn edge_cases() -> Vec<String> {
    let deep = |n: usize| {
        format!(
            "{{\"working\": [{{\"value\": 1, \"x\": {}0{}}}]}}",
            "[".repeat(n),
            "]".repeat(n)
        )
    };
    let mut v = vec![
        String::new(),
        "   \n\t".into(),
        "\u{feff}".into(),
        "\u{1c}".into(),
        "{}".into(),
        "{\"evidence\": {}}".into(),
        "{\"evidence\": []}".into(),
        "[]".into(),
        "null".into(),
        "{\"working\": []} trailing".into(),
        "{\"working\": [{\"value\": Infinity}]}".into(),
        "{\"working\": [{\"value\": 1, \"big\": 1e999}]}".into(),
        "{\"working\": [{\"value\": 1, \"big\": 123456789012345678901234567890}]}".into(),
        "{\"working\": [{\"value\": 2.9999999999999999}]}".into(),
        "{\"working\": [{\"value\": 3.0000000000000001}]}".into(),
        "{\"working\": [{\"value\": 5}], \"working\": [{\"value\": 1}]}".into(),
        "{\"working\": [{\"value\": \u{661}}]}".into(),
        "\u{a0}{\"working\": [{\"value\": 1}]}".into(),
        deep(124),
        deep(125),
        deep(126),
        deep(127),
        "## Working\n".into(),
        "## Working\r\n+5 crlf\r\n".into(),
    ];
    // 256 items with a net of +1 or −1: 50.5 and 49.5 before rounding.
    let ones = |k: usize, v: i64| vec![format!("{{\"value\": {v}}}"); k].join(",");
    for (working, not_working) in [
        (format!("{},{}", ones(127, 1), ones(1, 2)), ones(128, -1)),
        (ones(128, 1), format!("{},{}", ones(127, -1), ones(1, -2))),
    ] {
        v.push(format!(
            "{{\"working\": [{working}], \"not_working\": [{not_working}]}}"
        ));
    }
    v
}

/// Every case: (name, text, whether the script must answer exactly as pickanumber does).
fn cases() -> Vec<(String, String, bool)> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::new();
    // Every pool of 1 to 16 items at every net it reaches, as plain bucket JSON.
    for n in 1..=16usize {
        let top = 5 * n as i64;
        for net in -top..=top {
            if let Some(impacts) = impacts_summing_to(&mut rng, n, net) {
                let text = bucket_json(&mut rng, &impacts, false);
                out.push((format!("pool n={n} net={net}"), text, true));
            }
        }
    }
    for i in 0..2400 {
        let n = rng.pick(&[0, 1, 2, 3, 5, 8, 9, 16, 19, 20, 21, 25, 40, 256, 300]);
        let n = if rng.chance(30) { rng.below(60) } else { n };
        let impacts: Vec<i64> = (0..n).map(|_| rng.pick(&IMPACTS)).collect();
        match i % 4 {
            0 | 1 => out.push((
                format!("random json {i}"),
                bucket_json(&mut rng, &impacts, false),
                true,
            )),
            2 => out.push((
                format!("damaged json {i}"),
                bucket_json(&mut rng, &impacts, true),
                false,
            )),
            _ => {
                let wild = rng.chance(50);
                let name = format!("item lines {i}{}", if wild { " (wild)" } else { "" });
                let impacts = if impacts.is_empty() { vec![1] } else { impacts };
                out.push((name, item_lines(&mut rng, &impacts, wild), !wild));
            }
        }
    }
    for (i, text) in edge_cases().into_iter().enumerate() {
        out.push((format!("edge {i}"), text, false));
    }
    out
}

/// The script's answers to every file, in one `python3 -S` process: it loads the script and
/// calls its `main` with `--input FILE` for each, capturing stdout.
fn script_answers(files: &[PathBuf]) -> Vec<(i32, String)> {
    let harness = r#"
import importlib.util, io, json, sys
spec = importlib.util.spec_from_file_location("score", sys.argv[1])
score = importlib.util.module_from_spec(spec)
spec.loader.exec_module(score)
out = []
for path in sys.argv[2:]:
    real = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    try:
        code = score.main(["--input", path])
        printed = sys.stdout.getvalue()
    finally:
        sys.stdout, sys.stderr = real
    out.append([code, printed])
sys.stdout.write(json.dumps(out))
"#;
    let out = Command::new("python3")
        .args(["-S", "-B", "-c"])
        .arg(harness)
        .arg(script())
        .args(files)
        .output()
        .expect("python3 runs (the skill's script needs it)");
    assert!(
        out.status.success(),
        "the harness failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the harness prints JSON")
}

fn cli(file: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pickanumber"))
        .args(["score", "--compat", "score-py", "--input"])
        .arg(file)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn score_py_prints_what_pickanumber_prints_for_thousands_of_evidence_files() {
    let dir = tempfile::tempdir().unwrap();
    let cases = cases();
    let files: Vec<PathBuf> = cases
        .iter()
        .enumerate()
        .map(|(i, (_, text, _))| {
            let f = dir.path().join(format!("case-{i:05}.json"));
            std::fs::write(&f, text).unwrap();
            f
        })
        .collect();
    let answers = script_answers(&files);
    let (mut same, mut refused_by_both, mut refused_by_script) = (0, 0, 0);
    let mut halves = 0;
    for (i, ((name, text, exact), (code, printed))) in cases.iter().zip(&answers).enumerate() {
        let theirs = cli(&files[i]);
        let their_code = theirs.status.code().unwrap();
        let their_out = String::from_utf8(theirs.stdout.clone()).unwrap();
        let context = || {
            format!(
                "case {i} ({name}):\n{text}\n--- pickanumber (exit {their_code}):\n{their_out}{}\n--- score.py (exit {code}):\n{printed}",
                String::from_utf8_lossy(&theirs.stderr)
            )
        };
        if their_code == 0 {
            if *code == 0 {
                assert_eq!(printed, &their_out, "{}", context());
                let v: serde_json::Value = serde_json::from_str(printed).unwrap();
                let n = v["total_items"].as_f64().unwrap();
                let net = v["net_impact"].as_f64().unwrap();
                if n > 0.0 {
                    let raw = (50.0 + net / n.sqrt() * 8.0).clamp(0.0, 100.0);
                    let m = 0.75 + 0.25 * (n / 20.0).min(1.0);
                    let f = 50.0 + (raw - 50.0) * m;
                    halves += usize::from(f - f.floor() == 0.5);
                }
                same += 1;
            } else {
                assert!(
                    !exact,
                    "score.py refused what pickanumber scores: {}",
                    context()
                );
                assert_eq!(*code, 1, "{}", context());
                assert!(printed.is_empty(), "{}", context());
                refused_by_script += 1;
            }
        } else {
            assert_ne!(
                *code,
                0,
                "score.py printed a number pickanumber refuses: {}",
                context()
            );
            assert!(printed.is_empty(), "{}", context());
            refused_by_both += 1;
        }
    }
    assert!(cases.len() >= 3000, "{} cases", cases.len());
    assert!(same >= 2000, "{same} cases scored by both");
    assert!(refused_by_both >= 200, "{refused_by_both} refused by both");
    assert!(halves >= 10, "{halves} exact halves");
    eprintln!(
        "{} cases: {same} scored alike ({halves} exact halves), {refused_by_both} refused by both, {refused_by_script} refused by score.py alone",
        cases.len()
    );
}

/// Runs `python3 -S score.py ARGS` in `cwd` with `stdin`.
fn script_run(cwd: &Path, args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new("python3")
        .args(["-S", "-B"])
        .arg(script())
        .args(args)
        .current_dir(cwd)
        .env_remove("JUDGE_DIR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

/// Runs `pickanumber score ARGS` (or `passes`) in `cwd` with `stdin`.
fn cli_run(cwd: &Path, args: &[&str], stdin: &[u8]) -> Output {
    common::pick(args).stdin(stdin).cwd(cwd).output()
}

/// A document with its timestamps blanked, to compare two saves made at other seconds.
fn untimed(text: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["created"] = "T".into();
    for p in v["versions"].as_array_mut().unwrap() {
        p["timestamp"] = "T".into();
    }
    v
}

#[test]
fn score_py_saves_loads_and_refuses_as_pickanumber_does() {
    let (ours, theirs) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (a, b) = (ours.path(), theirs.path());
    let mut rng = Rng(42);
    for k in 0..12 {
        let n = rng.below(30);
        let impacts: Vec<i64> = (0..n).map(|_| rng.pick(&IMPACTS)).collect();
        let text = if k % 3 == 2 {
            item_lines(
                &mut rng,
                &impacts.iter().copied().chain([2]).collect::<Vec<_>>(),
                false,
            )
        } else {
            bucket_json(&mut rng, &impacts, false)
        };
        let summary = format!("pass {k} — ü");
        let mut args = vec!["--save", "--slug", "v2x-plan", "--summary", &summary];
        if k == 5 {
            args.extend(["--title", "A title that replaces the slug's"]);
        }
        let mine = script_run(a, &args, text.as_bytes());
        let mut cli_args = vec!["score"];
        cli_args.extend(&args);
        let cli = cli_run(b, &cli_args, text.as_bytes());
        assert_eq!(
            (mine.status.code(), String::from_utf8_lossy(&mine.stdout)),
            (cli.status.code(), String::from_utf8_lossy(&cli.stdout)),
            "save {k}:\n{text}\nscore.py stderr: {}",
            String::from_utf8_lossy(&mine.stderr)
        );
    }
    let doc = |dir: &Path| std::fs::read_to_string(dir.join("_judge/v2x-plan.json")).unwrap();
    assert_eq!(untimed(&doc(a)), untimed(&doc(b)));
    assert!(doc(a).is_ascii(), "the document is written as ASCII JSON");
    assert_eq!(
        untimed(&doc(a))["title"],
        "A title that replaces the slug's"
    );
    // Each continues the other's document: pickanumber appends version 13 to score.py's, and
    // both load and list the same thing.
    let more = r#"{"working": [{"value": 5, "text": "later"}]}"#;
    let cli = cli_run(
        a,
        &["score", "--save", "--slug", "v2x-plan"],
        more.as_bytes(),
    );
    assert!(
        common::stdout(&cli).contains("\"version\": 13"),
        "{}",
        common::stderr(&cli)
    );
    let mine = script_run(a, &["--save", "--slug", "v2x-plan", "--input", "-"], b"");
    assert_eq!(mine.status.code(), Some(2), "a file named - does not exist");
    let loaded = script_run(a, &["--load", "--slug", "v2x-plan"], b"");
    let cli_loaded = cli_run(a, &["score", "--load", "--slug", "v2x-plan"], b"");
    assert_eq!(
        common::stdout(&cli_loaded),
        String::from_utf8(loaded.stdout).unwrap()
    );
    let passes = cli_run(a, &["versions", "--slug", "v2x-plan", "--json"], b"");
    assert_eq!(passes.status.code(), Some(0), "{}", common::stderr(&passes));
    // Not found: the same object, exit 0.
    let missing = script_run(a, &["--load", "--slug", "nope"], b"");
    assert_eq!(missing.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(missing.stdout).unwrap(),
        common::stdout(&cli_run(a, &["score", "--load", "--slug", "nope"], b""))
    );
    // A bad evidence file: exit 1, the bucket and the item named, nothing printed or saved.
    let before = common::files_in(&a.join("_judge"));
    let bad = r#"{"working": [{"value": 3, "text": "fine"}], "confusing": [{"value": -5, "text": "jargon"}]}"#;
    let out = script_run(a, &["--save", "--slug", "fresh"], bad.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "score.py: error: confusing item 1 (\"jargon\"): value −5 is not allowed in confusing: use −1, −2, −3\n"
    );
    assert_eq!(
        common::files_in(&a.join("_judge")),
        before,
        "nothing was saved"
    );
    // Usage errors exit 2 with nothing on stdout, as pickanumber's do.
    for args in [
        &["--save"][..],
        &["--load"],
        &["--save", "--slug", "../x"],
        &["--load", "--slug", "A B"],
        &["--bogus"],
    ] {
        let out = script_run(a, args, b"{}");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // Standard input and --input give the same scores as pickanumber.
    let text = r#"{"working": [{"value": 5, "text": "one"}]}"#;
    let cli = cli_run(a, &["score", "--compat", "score-py"], text.as_bytes());
    assert_eq!(
        String::from_utf8(script_run(a, &[], text.as_bytes()).stdout).unwrap(),
        common::stdout(&cli)
    );
    assert!(
        common::stdout(&cli).contains("\"final\": 81"),
        "half away from zero"
    );
}
