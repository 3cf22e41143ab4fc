//! The `scripts/score_items.py` of the evidence-scoring and hackathon-judge skills (one file,
//! copied into both; standard library only, run with `python3 -S`) against `pickanumber score
//! --no-interval`: thousands of JSON item files, pooled and matrix, with presets, weights and
//! no weights, some with errors. Where pickanumber scores without an error, every key the
//! script prints must hold pickanumber's value (the pool's figures, each criterion's, the
//! overall, its confidence, the span and the self-check), or the script refuses a form it does
//! not read (exit 2); where pickanumber reports an error, the script prints no number.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn script(skill: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(skill)
        .join("scripts/score_items.py")
}

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
const HACKATHON: [&str; 5] = [
    "problem_fit",
    "craft",
    "depth",
    "innovation",
    "completeness",
];
const OWN: [&str; 4] = ["fit", "risk", "cost", "team-2"];
const PERSPECTIVES: [&str; 5] = ["requester", "sme", "end_user", "production", "adversary"];

/// One case: the file's text and the options given to both.
fn case(rng: &mut Rng, damage: bool) -> (String, Vec<String>) {
    let (names, options): (&[&str], Vec<String>) = match rng.below(5) {
        0 => (&HACKATHON, vec!["--preset".into(), "hackathon".into()]),
        1 => {
            let ws: Vec<String> = OWN
                .iter()
                .map(|n| {
                    format!(
                        "{n}={}",
                        rng.pick(&["0.6", "0.4", "1", "2", "0.15", ".5", "3.25"])
                    )
                })
                .collect();
            (&OWN, vec!["--weights".into(), ws.join(",")])
        }
        2 => (&OWN, vec![]),
        3 => (&OWN, vec!["--mode".into(), "pooled".into()]),
        _ => (
            &HACKATHON,
            vec![
                "--mode".into(),
                "matrix".into(),
                "--preset".into(),
                "hackathon".into(),
            ],
        ),
    };
    let n = rng.pick(&[1usize, 2, 3, 5, 8, 9, 16, 20, 25, 40]);
    let n = if rng.chance(30) { 1 + rng.below(60) } else { n };
    let mut items = Vec::new();
    for _ in 0..n {
        let impact = rng.pick(&IMPACTS);
        let criterion = rng.pick(names);
        let perspective = rng.pick(&PERSPECTIVES);
        let mut item = match rng.below(6) {
            0 => format!("{{\"criterion\": \"{criterion}\", \"impact\": {impact}}}"),
            1 => format!("{{\"perspective\": \"{perspective}\", \"criterion\": \"{criterion}\", \"text\": \"é — x\", \"evidence\": \"src/a.rs:4\", \"impact\": {impact}}}"),
            _ => format!("{{\"perspective\": \"{perspective}\", \"criterion\": \"{criterion}\", \"text\": \"an observation\", \"evidence\": null, \"impact\": {impact}}}"),
        };
        if damage && rng.chance(4) {
            item = rng
                .pick(&[
                    "{\"criterion\": \"fit\", \"impact\": 4}",
                    "{\"criterion\": \"fit\", \"impact\": \"+3\"}",
                    "{\"criterion\": \"fit\", \"impact\": 3.0}",
                    "{\"criterion\": \"fit\", \"impact\": true}",
                    "{\"criterion\": \"fit\"}",
                    "{\"impact\": 3}",
                    "{\"criterion\": \"a b\", \"impact\": 3}",
                    "{\"criterion\": \"café\", \"impact\": 3}",
                    "{\"criterion\": \"fit\", \"text\": 7, \"impact\": 3}",
                    "{\"criterion\": \"unknown\", \"impact\": 3}",
                    "[3]",
                ])
                .to_string();
        }
        items.push(item);
    }
    let list = format!("[{}]", items.join(", "));
    let text = match rng.below(8) {
        0 => list,
        1 if damage => format!("{{\"items\": {list}, \"weights\": {{\"fit\": 1}}}}"),
        2 if damage => format!("{{\"items\": {list}"),
        3 if damage => "{\"items\": []}".to_string(),
        4 => format!("\u{feff}{{\"items\": {list}, \"subject\": \"x\"}}"),
        _ => format!("{{\"items\": {list}}}"),
    };
    (text, options)
}

fn cases() -> Vec<(String, String, Vec<String>)> {
    let mut rng = Rng(0x5c0e_17e5);
    let mut out = Vec::new();
    for k in 0..3000 {
        let damage = k % 3 == 2;
        let (text, options) = case(&mut rng, damage);
        out.push((
            format!("case {k}{}", if damage { " (damaged)" } else { "" }),
            text,
            options,
        ));
    }
    // Every hackathon criterion with one +5 (80.5 each before rounding), and single pools at
    // the exact halves.
    let halves = HACKATHON
        .iter()
        .map(|c| format!("{{\"criterion\": \"{c}\", \"impact\": 5}}"))
        .collect::<Vec<_>>()
        .join(", ");
    out.push((
        "five halves".into(),
        format!("[{halves}]"),
        vec!["--preset".into(), "hackathon".into()],
    ));
    out
}

/// The script's answers in one `python3 -S` process calling its `main` per case.
fn answers(script: &Path, cases: &[(String, PathBuf, Vec<String>)]) -> Vec<(i32, String)> {
    let harness = r#"
import importlib.util, io, json, sys
spec = importlib.util.spec_from_file_location("score_items", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
out = []
for args in json.loads(sys.stdin.read()):
    real = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    try:
        code = m.main(args)
        printed = sys.stdout.getvalue()
    finally:
        sys.stdout, sys.stderr = real
    out.append([code, printed])
sys.stdout.write(json.dumps(out))
"#;
    let args: Vec<Vec<String>> = cases
        .iter()
        .map(|(_, f, o)| {
            let mut a = vec![f.display().to_string()];
            a.extend(o.iter().cloned());
            a
        })
        .collect();
    let mut child = Command::new("python3")
        .args(["-S", "-B", "-c", harness])
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(serde_json::to_string(&args).unwrap().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn score_items_py_gives_pickanumbers_figures_for_thousands_of_item_files() {
    let a = std::fs::read(script("evidence-scoring")).unwrap();
    let b = std::fs::read(script("hackathon-judge")).unwrap();
    assert!(
        a == b,
        "hackathon-judge/scripts/score_items.py must be a copy of evidence-scoring's"
    );
    let dir = tempfile::tempdir().unwrap();
    let cases: Vec<(String, PathBuf, Vec<String>)> = cases()
        .into_iter()
        .enumerate()
        .map(|(i, (name, text, options))| {
            let f = dir.path().join(format!("items-{i:04}.json"));
            std::fs::write(&f, text).unwrap();
            (name, f, options)
        })
        .collect();
    let answers = answers(&script("evidence-scoring"), &cases);
    let (mut same, mut refused_both, mut refused_script) = (0, 0, 0);
    for ((name, file, options), (code, printed)) in cases.iter().zip(&answers) {
        let mut args = vec![
            "score".to_string(),
            "--no-interval".into(),
            file.display().to_string(),
        ];
        args.extend(options.iter().cloned());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let theirs = common::run(&args, "");
        let their_code = theirs.status.code().unwrap();
        let context = || {
            format!(
                "{name}: {}\n{}\n--- pickanumber (exit {their_code}):\n{}\n--- score_items.py (exit {code}):\n{printed}",
                options.join(" "),
                std::fs::read_to_string(file).unwrap(),
                common::stderr(&theirs),
            )
        };
        if their_code == 0 {
            if *code == 2 {
                assert!(printed.is_empty(), "{}", context());
                refused_script += 1;
                continue;
            }
            assert_eq!(*code, 0, "{}", context());
            let ours: serde_json::Value = serde_json::from_str(printed).unwrap();
            let theirs = common::json(&theirs);
            for (key, value) in ours.as_object().unwrap() {
                assert_eq!(&theirs[key], value, "{key}: {}", context());
            }
            same += 1;
        } else {
            assert_ne!(
                *code,
                0,
                "score_items.py printed numbers pickanumber refuses: {}",
                context()
            );
            assert!(printed.is_empty(), "{}", context());
            refused_both += 1;
        }
    }
    assert!(same >= 1500, "{same} scored alike");
    assert!(refused_both >= 200, "{refused_both} refused by both");
    eprintln!(
        "{} item files: {same} scored alike, {refused_both} refused by both, {refused_script} refused by score_items.py alone",
        cases.len()
    );
}
