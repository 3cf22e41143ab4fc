//! Golden outputs of `score`, `combine` and `compare` (`tests/golden/*.json`): each case's
//! standard output exactly, and every golden file valid under the checked-in JSON Schema of
//! its command (`schema/`). After a change to the output, rewrite them with
//! `INSTA_UPDATE=always cargo test -p pickanumber-cli --test golden` and review the diff.

mod common;

use common::{pick, stdout};
use std::path::{Path, PathBuf};

/// This crate's folder.
fn here() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The golden files' folder.
fn golden() -> PathBuf {
    here().join("tests/golden")
}

/// One case: its golden file's stem, the arguments (paths relative to this crate), the
/// standard input and the exit status.
struct Case {
    name: &'static str,
    args: &'static [&'static str],
    stdin: &'static str,
    code: i32,
}

const CASES: &[Case] = &[
    Case { name: "score-pooled", args: &["score"], stdin: "+5 a\n+3 b\n+2 c\n+1 d\n-2 e\n", code: 0 },
    Case { name: "score-errors", args: &["score"], stdin: "+3 ok\n+4 nope\nhello\n", code: 1 },
    Case { name: "score-nothing-read", args: &["score"], stdin: "I'd give it 7/10.\n", code: 1 },
    Case { name: "score-empty-list", args: &["score"], stdin: "[]", code: 0 },
    Case { name: "score-json-unused-keys", args: &["score"], stdin: "{\"items\": [{\"impact\": 3, \"text\": \"a\"}], \"extra\": 1}", code: 0 },
    Case { name: "score-fenced", args: &["score"], stdin: "My review:\n\n```\n+3 a\n-2 b\n```\n", code: 0 },
    Case { name: "score-strict", args: &["score", "--strict"], stdin: "+3 a\nsome prose\n", code: 1 },
    Case { name: "score-feedback", args: &["score"], stdin: "## Working\n+3 a\n## Missing\n-2 b\n## Confusing\n-1 c\n", code: 0 },
    Case { name: "score-matrix", args: &["score"], stdin: "(+3, user × craft) a\n(+2, user × depth) b\n(+5, user × craft) c\n", code: 0 },
    Case { name: "score-matrix-preset", args: &["score", "--preset", "hackathon"], stdin: "## Criterion: problem_fit\n+5 a\n+3 b\n## Criterion: craft\n-3 c\n", code: 0 },
    Case { name: "score-matrix-weights-normalised", args: &["score", "--weights", "craft=1,depth=1"], stdin: "(+3, craft) a\n(+2, depth) b\n", code: 0 },
    Case { name: "score-matrix-weights-error", args: &["score", "--weights", "craft=1"], stdin: "(+3, craft) a\n(-1, depth) b\n", code: 1 },
    Case { name: "score-criteria-set-aside", args: &["score"], stdin: "(+3, craft) a\n+2 b\n+1 c\n-1 d\n", code: 0 },
    Case { name: "score-crowded-saturated", args: &["score"], stdin: "(+5, user × craft) a\n(+5, user × craft) b\n(+5, user × craft) c\n(+5, user × craft) d\n(+5, user × craft) e\n(+5, user × craft) f\n(-3, user × depth) g\n", code: 0 },
    Case { name: "score-report-table", args: &["score"], stdin: "# Evidence Scoring report\n| criterion | final | conf | net | items | weight |\n|---|---|---|---|---|---|\n| craft | 81 | 0.1 | +5 | 2 | 0.60 |\n| depth | 32 | 0.05 | -3 | 1 | 0.40 |\n- (+5, requester × craft) every endpoint has a test\n- (-3, adversary × depth) the retry path is untested\n", code: 0 },
    Case { name: "score-unrounded", args: &["score", "--rubric", "tests/golden/unrounded.toml"], stdin: "+3 a\n-1 b\n", code: 0 },
    Case { name: "score-gate-missed", args: &["score", "--fail-under", "90", "--min-confidence", "0.5", "--require-self-check"], stdin: "+3 a\n-1 b\n", code: 3 },
    Case { name: "score-no-interval", args: &["score", "--no-interval"], stdin: "+3 a\n-1 b\n", code: 0 },
    Case { name: "score-against", args: &["score", "--against", "tests/golden/work", "--max-unverified", "0.1"], stdin: "+3 refuses empty text: \"raise ValueError\" (src/parse.py:3)\n+5 validates the schema: \"validate(schema, text)\"\n+1 reads well\n", code: 3 },
    Case { name: "score-passes", args: &["score"], stdin: "## Pass:\n+1 x\n## Pass: claude\n(+3, craft) tests pass\n(-2, depth) slow\n(+1, fit) names\n## Pass: gpt\n(+3, craft) Tests pass.\n(+2, depth) docs\n(-1, fit) jargon\n", code: 1 },
    Case { name: "combine-matrix", args: &["combine", "--require-self-check", "claude=tests/golden/claude.txt", "gpt=tests/golden/gpt.txt", "gemini=tests/golden/gemini.txt"], stdin: "", code: 3 },
    Case { name: "combine-against", args: &["combine", "--no-interval", "--against", "tests/golden/work", "honest=tests/golden/honest.txt", "inventive=tests/golden/inventive.txt"], stdin: "", code: 0 },
    Case { name: "compare-inputs", args: &["compare", "tests/golden/claude.txt", "tests/golden/gpt.txt"], stdin: "", code: 0 },
    Case { name: "compare-saved-results", args: &["compare", "tests/golden/score-pooled.json", "tests/golden/score-nothing-read.json"], stdin: "", code: 1 },
    Case { name: "compare-same-card-differs", args: &["compare", "--same-card", "tests/golden/score-pooled.json", "tests/golden/score-unrounded.json"], stdin: "", code: 3 },
    Case { name: "compare-card-unreadable", args: &["compare", "--same-card", "tests/fixtures/card-edited.json", "tests/golden/score-pooled.json"], stdin: "", code: 3 },
];

/// The version the golden files write on each card, in place of this build's: a new version
/// changes no golden file (the card's other fields do not depend on it).
const VERSION: &str = "VERSION";

/// `printed` with this build's version on each card written as [`VERSION`].
fn pinned(printed: &str) -> String {
    printed.replace(
        &format!("\"version\": \"{}\"", pickanumber_result::card::VERSION),
        &format!("\"version\": \"{VERSION}\""),
    )
}

/// The schema of a golden file's command: the repository's `schema/`, linked into
/// `tests/fixtures/schema/` so the packaged crate carries it.
fn schema_of(name: &str) -> jsonschema::Validator {
    let file = match name.starts_with("compare-") {
        true => "comparison.schema.json",
        false => "result.schema.json",
    };
    let text = std::fs::read_to_string(here().join("tests/fixtures/schema").join(file)).unwrap();
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(
        jsonschema::draft202012::meta::is_valid(&schema),
        "{file} is not a draft 2020-12 schema"
    );
    jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[test]
fn each_case_prints_its_golden_output() {
    let update = std::env::var("INSTA_UPDATE").is_ok_and(|v| v == "always");
    let mut stale = Vec::new();
    for case in CASES {
        let out = pick(case.args).stdin(case.stdin).cwd(&here()).output();
        assert_eq!(
            out.status.code(),
            Some(case.code),
            "{}: {}",
            case.name,
            common::stderr(&out)
        );
        let path = golden().join(format!("{}.json", case.name));
        let printed = pinned(&stdout(&out));
        if std::fs::read_to_string(&path).ok().as_deref() == Some(printed.as_str()) {
            continue;
        }
        match update {
            true => std::fs::write(&path, printed).unwrap(),
            false => stale.push(case.name),
        }
    }
    assert!(
        stale.is_empty(),
        "printed other than tests/golden/{{{}}}.json: run `INSTA_UPDATE=always cargo test -p pickanumber-cli --test golden` and review the diff",
        stale.join(",")
    );
}

#[test]
fn every_golden_output_is_valid_under_its_schema() {
    let mut checked = 0;
    for entry in std::fs::read_dir(golden()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let name = stem(&path);
        let value: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let errors: Vec<String> = schema_of(&name)
            .iter_errors(&value)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{name}.json: {}", errors.join("\n"));
        checked += 1;
    }
    assert_eq!(
        checked,
        CASES.len(),
        "a golden file without a case, or a case without its file"
    );
}

#[test]
fn the_schema_refuses_a_warning_written_as_a_bare_sentence() {
    let path = golden().join("score-criteria-set-aside.json");
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let validator = schema_of("score");
    assert!(validator.is_valid(&value));
    value["warnings"][0] = value["warnings"][0]["message"].clone();
    assert!(!validator.is_valid(&value));
}

/// A file's name without its extension.
fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}
