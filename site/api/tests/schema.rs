//! The checked-in JSON Schemas (`schema/` at the repository's root) are the ones the output's
//! types generate: a change to the output that is not regenerated fails here. Regenerate, then
//! review the diff, with `INSTA_UPDATE=always cargo test -p pickanumber-api --test schema`.

use pickanumber_api::schema;
use std::path::PathBuf;

/// The repository's `schema/` folder.
fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schema")
}

#[test]
fn the_checked_in_schemas_are_the_generated_ones() {
    let update = std::env::var("INSTA_UPDATE").is_ok_and(|v| v == "always");
    let mut stale = Vec::new();
    for (name, text) in schema::all() {
        let path = folder().join(name);
        let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
        if checked_in == text {
            continue;
        }
        if update {
            std::fs::write(&path, &text).unwrap();
        } else {
            stale.push(format!("schema/{name}"));
        }
    }
    assert!(
        stale.is_empty(),
        "{} differ from the output's types: run `INSTA_UPDATE=always cargo test -p pickanumber-api --test schema` and review the diff",
        stale.join(", ")
    );
}
