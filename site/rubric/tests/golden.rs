//! Golden files: the prompt and the schema of the two example rubrics (matrix and pooled) in
//! `examples/rubrics/`, compared byte for byte with `tests/expected/`. After reviewing a change,
//! accept it with `PICKANUMBER_BLESS=1 cargo test -p pickanumber-rubric --test golden`.

use pickanumber_rubric::Rubric;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn example(name: &str) -> Rubric {
    let path = root().join(format!("examples/rubrics/{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap();
    Rubric::parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()))
}

fn golden(file: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/expected")
        .join(file);
    if std::env::var_os("PICKANUMBER_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (write it with PICKANUMBER_BLESS=1)",
            path.display()
        )
    });
    assert!(
        expected == actual,
        "{} differs from the output; review the change and bless it with PICKANUMBER_BLESS=1\n--- output ---\n{actual}",
        path.display()
    );
}

#[test]
fn matrix_prompt() {
    golden("pull-request.prompt.md", &example("pull-request").prompt());
}

#[test]
fn matrix_schema() {
    golden(
        "pull-request.schema.json",
        &example("pull-request").schema(),
    );
}

#[test]
fn pooled_prompt() {
    golden("landing-page.prompt.md", &example("landing-page").prompt());
}

#[test]
fn pooled_schema() {
    golden(
        "landing-page.schema.json",
        &example("landing-page").schema(),
    );
}
