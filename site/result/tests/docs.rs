//! The output contract's page (`docs/output.md`) lists every kind of diagnostic with its
//! severity and what it is about, as the schema describes them. Rewrite its table with
//! `INSTA_UPDATE=always cargo test -p pickanumber-result --test docs` and review the diff.

use pickanumber_result::json::kind_name;
use pickanumber_score::Kind;
use std::path::PathBuf;

/// The table's head; its rows follow until the first line that is not a row.
const HEAD: &str = "| kind | severity | what it is about |\n|---|---|---|\n";

/// The table's rows, from the schema's description of each kind.
fn rows() -> String {
    let schema: serde_json::Value =
        serde_json::from_str(&pickanumber_result::schema::result().1).unwrap();
    let described = schema["$defs"]["Kind"]["oneOf"].as_array().unwrap();
    Kind::ALL
        .into_iter()
        .map(|k| {
            let name = kind_name(k);
            let about = described
                .iter()
                .find(|d| d["const"] == name.as_str())
                .and_then(|d| d["description"].as_str())
                .unwrap_or_else(|| panic!("the schema does not describe {name}"));
            let severity = k.severity().name();
            let about = about.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                !about.contains('|'),
                "{name}: a | in its description breaks the table"
            );
            format!("| `{name}` | {severity} | {about} |\n")
        })
        .collect()
}

#[test]
fn the_page_lists_every_kind_as_the_schema_describes_it() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/output.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let (before, after) = page
        .split_once(HEAD)
        .expect("docs/output.md has the table of kinds");
    let end: usize = after
        .split_inclusive('\n')
        .take_while(|l| l.starts_with('|'))
        .map(str::len)
        .sum();
    let (listed, rest) = after.split_at(end);
    let expected = rows();
    if listed == expected {
        return;
    }
    if std::env::var("INSTA_UPDATE").is_ok_and(|v| v == "always") {
        std::fs::write(&path, format!("{before}{HEAD}{expected}{rest}")).unwrap();
    } else {
        assert_eq!(
            listed, expected,
            "docs/output.md's kinds differ from the schema's: run `INSTA_UPDATE=always cargo test -p pickanumber-result --test docs`"
        );
    }
}
