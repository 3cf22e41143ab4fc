//! The calibration-probe skill's `scripts/aggregate.py` (standard library only, run with
//! `python3 -S`) against `pickanumber probe --json`: hundreds of folders of random runs (whole
//! and fractional ratings, ratings off the scale, failed and unreadable runs, bare lists),
//! with and without an items file. Where pickanumber prints aggregate.json, the script must
//! print the same bytes with the same exit status; where pickanumber stops (exit 2), the
//! script stops too. The skill's copies of the probe set and its prompt must be the site's.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn skill() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../calibration-probe")
}

/// xorshift64*, so a failing case comes back.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// One rating as JSON text: mostly whole numbers around a centre, sometimes fractions,
/// negative or off-scale values, exponents.
fn rating(rng: &mut Rng, centre: i64, spread: i64) -> String {
    let whole = centre + rng.below(2 * spread as u64 + 1) as i64 - spread;
    match rng.below(40) {
        0 => format!("{whole}.5"),
        1 => format!("{whole}.0"),
        2 => format!("{}e-1", whole * 10 + 3),
        3 => "-0.5".into(),
        4 => "11".into(),
        5 => "0".into(),
        6 => format!("{whole}.25"),
        7 => "1e-5".into(),
        _ => whole.to_string(),
    }
}

/// One run file's text.
fn run_text(rng: &mut Rng, items: usize, centre: i64, spread: i64) -> Vec<u8> {
    let n = if rng.chance(10) {
        rng.below(items as u64 + 3) as usize
    } else {
        items
    };
    let scores: Vec<String> = (0..n).map(|_| rating(rng, centre, spread)).collect();
    let list = format!("[{}]", scores.join(", "));
    let text = match rng.below(40) {
        0 => "{\"parse_failed\": true, \"error\": \"the model wrote prose\"}".to_string(),
        1 => "{\"parse_failed\": 0, \"scores\": [5, 6]}".to_string(),
        2 => "{\"summary\": \"no scores\"}".to_string(),
        3 => "{\"scores\": \"7, 8\"}".to_string(),
        4 => "not json at all".to_string(),
        5 => list,
        6 => format!("\u{feff}{{\"scores\": {list}}}"),
        7 => "{\"scores\": [7, true, 8]}".to_string(),
        8 => "{\"scores\": [7, 2000000000]}".to_string(),
        9 => "{\"scores\": []}".to_string(),
        10 => format!("{{\n  \"scores\": {list},\n  \"summary\": \"pretty\"\n}}\n"),
        11 => "{\"scores\": [7, 8], \"scores\": [1, 2]}".to_string(),
        _ => format!("{{\"scores\": {list}, \"summary\": \"run\"}}"),
    };
    if rng.chance(1) {
        return vec![0xff, 0xfe, b'{'];
    }
    text.into_bytes()
}

/// The cases: (name, runs folder, items file if any).
fn cases(root: &Path) -> Vec<(String, PathBuf, Option<PathBuf>)> {
    let mut rng = Rng(0x0ddb_a11e);
    let mut out = Vec::new();
    for k in 0..600 {
        let dir = root.join(format!("case-{k:04}"));
        let runs = dir.join("runs");
        std::fs::create_dir_all(&runs).unwrap();
        let (items, scale, file) = if k % 3 == 0 {
            (20, (1, 10), None)
        } else {
            let lo = [0i64, 1, 1, -2, 1][rng.below(5) as usize];
            let hi = lo + [4i64, 9, 6, 2, 99][rng.below(5) as usize];
            let n = 1 + rng.below(8) as usize;
            let texts: Vec<String> = (0..n).map(|i| format!("\"item {i} — é\"")).collect();
            let name = if rng.chance(20) {
                "null".to_string()
            } else {
                "\"probe set\"".to_string()
            };
            let mut body = format!(
                "{{\"name\": {name}, \"scale_min\": {lo}, \"scale_max\": {hi}, \"items\": [{}]}}",
                texts.join(", ")
            );
            if rng.chance(5) {
                body = rng_pick_bad_items(&mut rng);
            }
            let f = dir.join("items.json");
            std::fs::write(&f, body).unwrap();
            (n, (lo, hi), Some(f))
        };
        let centre = scale.0 + rng.below((scale.1 - scale.0 + 1) as u64) as i64;
        let spread = [0i64, 1, 2, 4][rng.below(4) as usize];
        let count = if rng.chance(3) { 0 } else { 1 + rng.below(30) };
        for r in 0..count {
            let f = runs.join(format!("run-{r:03}.json"));
            std::fs::write(f, run_text(&mut rng, items, centre, spread)).unwrap();
        }
        if rng.chance(5) {
            std::fs::write(runs.join("notes.txt"), "not a run").unwrap();
        }
        out.push((format!("case {k}"), runs, file));
    }
    out.push(("missing folder".into(), root.join("nowhere"), None));
    out
}

fn rng_pick_bad_items(rng: &mut Rng) -> String {
    [
        "[]",
        "{\"items\": \"one\"}",
        "{\"scale_min\": 10, \"scale_max\": 1, \"items\": [\"a\"]}",
        "{\"scale_min\": \"1\", \"items\": [\"a\"]}",
        "{\"items\": [\"a\", 2]}",
        "{\"name\": 3, \"items\": [\"a\"]}",
        "{\"scale_min\": 1, \"scale_max\": 5000, \"items\": [\"a\"]}",
        "{\"items\": [\"a\"]",
    ][rng.below(8) as usize]
        .to_string()
}

/// The script's answers, in one `python3 -S` process calling its `main` for each case.
fn script_answers(cases: &[(String, PathBuf, Option<PathBuf>)]) -> Vec<(i32, String)> {
    let harness = r#"
import importlib.util, io, json, sys
spec = importlib.util.spec_from_file_location("aggregate", sys.argv[1])
aggregate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(aggregate)
out = []
for args in json.loads(sys.stdin.read()):
    real = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    try:
        code = aggregate.main(args)
        printed = sys.stdout.getvalue()
    finally:
        sys.stdout, sys.stderr = real
    out.append([code, printed])
sys.stdout.write(json.dumps(out))
"#;
    let args: Vec<Vec<String>> = cases
        .iter()
        .map(|(_, runs, items)| {
            let mut a = vec!["--runs-dir".to_string(), runs.display().to_string()];
            if let Some(i) = items {
                a.extend(["--items".to_string(), i.display().to_string()]);
            }
            a.push("--json".into());
            a
        })
        .collect();
    let mut child = Command::new("python3")
        .args(["-S", "-B", "-c", harness])
        .arg(skill().join("scripts/aggregate.py"))
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
        "the harness failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn aggregate_py_prints_what_pickanumber_probe_prints() {
    let scratch = tempfile::tempdir().unwrap();
    let cases = cases(scratch.path());
    let answers = script_answers(&cases);
    let mut counts = std::collections::BTreeMap::new();
    for ((name, runs, items), (code, printed)) in cases.iter().zip(&answers) {
        let mut args = vec!["probe", "--json", "--runs-dir"];
        let runs_s = runs.display().to_string();
        args.push(&runs_s);
        let items_s = items.as_ref().map(|i| i.display().to_string());
        if let Some(i) = &items_s {
            args.extend(["--items", i]);
        }
        let theirs = common::run(&args, "");
        let their_code = theirs.status.code().unwrap();
        let their_out = common::stdout(&theirs);
        let context = || {
            format!(
                "{name} ({}):\n--- pickanumber (exit {their_code}):\n{their_out}{}\n--- aggregate.py (exit {code}):\n{printed}",
                runs.display(),
                common::stderr(&theirs)
            )
        };
        assert_eq!(*code, their_code, "{}", context());
        assert_eq!(printed, &their_out, "{}", context());
        *counts.entry(their_code).or_insert(0) += 1;
        if their_code != 2 {
            let regime = serde_json::from_str::<serde_json::Value>(&their_out).unwrap()
                ["aggregate"]["regime_guess"]
                .as_str()
                .unwrap()
                .to_string();
            *counts.entry(100 + regime.len() as i32).or_insert(0) += 1;
        }
    }
    assert!(counts.get(&0).copied().unwrap_or(0) >= 30, "{counts:?}");
    assert!(counts.get(&1).copied().unwrap_or(0) >= 30, "{counts:?}");
    assert!(counts.get(&2).copied().unwrap_or(0) >= 10, "{counts:?}");
    eprintln!("exit statuses and regimes (100 + name length): {counts:?}");
}

#[test]
fn the_skill_carries_the_sites_probe_set_and_prompt() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for (copy, source) in [
        ("items.json", "site/cli/src/probe-set.json"),
        ("prompt.txt", "static/probe/prompt.txt"),
    ] {
        assert_eq!(
            std::fs::read(skill().join(copy)).unwrap(),
            std::fs::read(repo.join(source)).unwrap(),
            "calibration-probe/{copy} must be a copy of {source}: copy it again"
        );
    }
}

#[test]
fn aggregate_py_writes_aggregate_json_and_a_report() {
    let scratch = tempfile::tempdir().unwrap();
    let runs = scratch.path().join("runs");
    std::fs::create_dir(&runs).unwrap();
    for r in 0..10 {
        let scores: Vec<String> = (0..20).map(|i| (9 + (i + r) % 2).to_string()).collect();
        std::fs::write(
            runs.join(format!("run-{r:03}.json")),
            format!("{{\"scores\": [{}]}}", scores.join(", ")),
        )
        .unwrap();
    }
    let out = Command::new("python3")
        .args(["-S", "-B"])
        .arg(skill().join("scripts/aggregate.py"))
        .arg("--runs-dir")
        .arg(&runs)
        .arg("--out")
        .arg(&runs)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("Regime: INFLATION_LIKELY\nRuns: 10 read, 0 failed\n"),
        "{stdout}"
    );
    let theirs = common::run(
        &["probe", "--json", "--runs-dir", &runs.display().to_string()],
        "",
    );
    assert_eq!(
        std::fs::read_to_string(runs.join("aggregate.json")).unwrap(),
        common::stdout(&theirs)
    );
    let report = std::fs::read_to_string(runs.join("REPORT.md")).unwrap();
    assert!(
        report.contains("**Regime: INFLATION_LIKELY** (10 runs read, 0 failed)."),
        "{report}"
    );
}
