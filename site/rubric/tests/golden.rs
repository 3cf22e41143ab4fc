//! Golden files: the prompt and the schema of the two example rubrics (matrix and pooled) of
//! `examples/rubrics/` (linked into `tests/examples/`, so the packaged crate carries them),
//! compared with the insta snapshots in `tests/snapshots/`. After reviewing a change, accept it
//! with `INSTA_UPDATE=always cargo test -p pickanumber-rubric --test golden`.

use pickanumber_rubric::Rubric;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn example(name: &str) -> Rubric {
    let path = root().join(format!("tests/examples/{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap();
    Rubric::parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()))
}

/// Compares `actual` with the snapshot `name` in `tests/snapshots/`.
fn golden(name: &str, actual: &str) {
    insta::with_settings!({prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, actual);
    });
}

#[test]
fn matrix_prompt() {
    golden("pull-request.prompt", &example("pull-request").prompt());
}

#[test]
fn matrix_schema() {
    golden("pull-request.schema", &example("pull-request").schema());
}

#[test]
fn pooled_prompt() {
    golden("landing-page.prompt", &example("landing-page").prompt());
}

#[test]
fn pooled_schema() {
    golden("landing-page.schema", &example("landing-page").schema());
}
