//! The option types of the packages are generated from the API's table of scoring options:
//! `ScoringOptions` in the Python package's `_native.pyi` and in the npm package's
//! `index.d.ts`, each in a marked block. A table changed and not regenerated fails here;
//! regenerate, then review the diff, with
//! `INSTA_UPDATE=always cargo test -p pickanumber-result --test options_table`.

use pickanumber_result::table::{python_typed_dict, typescript_interface, SCORING_OPTIONS};
use pickanumber_result::Spelling;
use std::path::PathBuf;

/// The command that rewrites the generated blocks.
const REGENERATE: &str =
    "INSTA_UPDATE=always cargo test -p pickanumber-result --test options_table";

/// What the marker lines name as the blocks' source.
const SOURCE: &str = "the scoring options table (site/result/src/table.rs)";

/// A file of the repository.
fn path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
}

/// `text` with the block `name` (between `MARK generated from SOURCE: NAME` and `MARK end of
/// generated NAME`) holding `body`, or why it cannot be written.
fn with_block(text: &str, mark: &str, name: &str, body: &str) -> Result<String, String> {
    let start = format!("{mark} generated from {SOURCE}: {name}\n");
    let end = format!("{mark} end of generated {name}\n");
    let a = text
        .find(&start)
        .ok_or_else(|| format!("no line `{}`", start.trim_end()))?
        + start.len();
    let b = text[a..]
        .find(&end)
        .ok_or_else(|| format!("no line `{}`", end.trim_end()))?
        + a;
    if text[b + end.len()..].contains(&start) {
        return Err(format!("a second block of {name}; keep one"));
    }
    Ok(format!("{}{body}{}", &text[..a], &text[b..]))
}

#[test]
fn the_option_types_are_the_tables() {
    let updating = std::env::var("INSTA_UPDATE").is_ok_and(|v| v == "always");
    let mut stale = Vec::new();
    for (file, mark, body) in [
        (
            "site/python/python/pickanumber/_native.pyi",
            "#",
            python_typed_dict(),
        ),
        ("site/npm/js/index.d.ts", "//", typescript_interface()),
    ] {
        let p = path(file);
        let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{file}: {e}"));
        let new = with_block(&text, mark, "ScoringOptions", &body)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        if new != text {
            if updating {
                std::fs::write(&p, new).unwrap_or_else(|e| panic!("{file}: {e}"));
            } else {
                stale.push(file);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?}: the block ScoringOptions is not the table's; run `{REGENERATE}`"
    );
}

/// Each option is named in each generated text once, as its front end spells it.
#[test]
fn every_option_is_in_each_generated_text() {
    let py = python_typed_dict();
    let ts = typescript_interface();
    for o in SCORING_OPTIONS {
        assert!(
            py.contains(&format!("    {}: ", Spelling::Python.name(o.name))),
            "{}",
            o.name
        );
        assert!(
            ts.contains(&format!("  {}?: ", Spelling::Npm.name(o.name))),
            "{}",
            o.name
        );
    }
}

#[test]
fn a_missing_or_doubled_block_is_named() {
    assert_eq!(
        with_block("x\n", "#", "ScoringOptions", "y\n").unwrap_err(),
        format!("no line `# generated from {SOURCE}: ScoringOptions`")
    );
    let twice = format!(
        "# generated from {SOURCE}: S\n# end of generated S\n# generated from {SOURCE}: S\n# end of generated S\n"
    );
    assert_eq!(
        with_block(&twice, "#", "S", "").unwrap_err(),
        "a second block of S; keep one"
    );
}
