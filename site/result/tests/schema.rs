//! The checked-in JSON Schemas (`schema/` at the repository's root) are the ones the output's
//! types generate, and so are the enumerations of the packages' type files (the npm package's
//! `index.d.ts`, the Python package's `_native.pyi`): a change to the output that is not
//! regenerated fails here. Regenerate, then review the diff, with
//! `INSTA_UPDATE=always cargo test -p pickanumber-result --test schema`.
//!
//! In a type file each enumeration of `result.schema.json` sits in a marked block, which the
//! file places and documents by hand and this test writes:
//!
//! ```text
//! // generated from schema/result.schema.json: Bucket as BucketName
//! export type BucketName = "working" | "not_working" | "missing" | "confusing";
//! // end of generated Bucket
//! ```
//!
//! (`#` in Python; ` as Alias` only where the file declares the enumeration under another
//! name.)

use pickanumber_result::schema;
use serde_json::Value;
use std::path::PathBuf;

/// The command that rewrites the generated files.
const REGENERATE: &str = "INSTA_UPDATE=always cargo test -p pickanumber-result --test schema";

/// A file of the repository.
fn path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
}

/// Whether the run rewrites what is stale.
fn updating() -> bool {
    std::env::var("INSTA_UPDATE").is_ok_and(|v| v == "always")
}

#[test]
fn the_checked_in_schemas_are_the_generated_ones() {
    let mut stale = Vec::new();
    for (name, text) in schema::all() {
        let relative = format!("schema/{name}");
        let checked_in = std::fs::read_to_string(path(&relative)).unwrap_or_default();
        if checked_in == text {
            continue;
        }
        if updating() {
            std::fs::write(path(&relative), &text).unwrap();
        } else {
            stale.push(relative);
        }
    }
    assert!(
        stale.is_empty(),
        "{} differ from the output's types: run `{REGENERATE}` and review the diff",
        stale.join(", ")
    );
}

/// The language of a type file: how its comments start and how it declares a union of
/// literals.
#[derive(Clone, Copy)]
enum Language {
    /// A `.d.ts`: `export type Name = "a" | "b";`.
    TypeScript,
    /// A `.pyi`: `Name = Literal["a", "b"]`.
    Python,
}

/// The type files whose enumerations are generated.
const TYPE_FILES: [(&str, Language); 2] = [
    ("site/npm/js/index.d.ts", Language::TypeScript),
    (
        "site/python/python/pickanumber/_native.pyi",
        Language::Python,
    ),
];

/// The schema the enumerations come from, as the markers name it.
const SOURCE: &str = "schema/result.schema.json";

/// The longest line a one-line declaration may have before it is written a value a line.
const WIDTH: usize = 100;

impl Language {
    /// What starts a comment line.
    fn comment(self) -> &'static str {
        match self {
            Language::TypeScript => "//",
            Language::Python => "#",
        }
    }

    /// The declaration of `alias` as the union of `values` (JSON literals as written).
    fn declare(self, alias: &str, values: &[String]) -> String {
        match self {
            Language::TypeScript => {
                let line = format!("export type {alias} = {};", values.join(" | "));
                if line.len() <= WIDTH {
                    return line;
                }
                let rows: Vec<String> = values.iter().map(|v| format!("  | {v}")).collect();
                format!("export type {alias} =\n{};", rows.join("\n"))
            }
            Language::Python => {
                let line = format!("{alias} = Literal[{}]", values.join(", "));
                if line.len() <= WIDTH {
                    return line;
                }
                let rows: Vec<String> = values.iter().map(|v| format!("    {v},")).collect();
                format!("{alias} = Literal[\n{}\n]", rows.join("\n"))
            }
        }
    }
}

/// Every enumeration of a schema, in the order of its `$defs`: its name and its values as JSON
/// literals (`"thin_cell"`, `-5`). An enumeration is a definition made of constants (`oneOf`
/// branches with a `const` each) or an `enum`.
fn enumerations(root: &Value) -> Vec<(String, Vec<String>)> {
    let defs = root["$defs"].as_object().expect("the schema has $defs");
    defs.iter()
        .filter_map(|(name, def)| {
            let values: Vec<String> = match (def.get("oneOf"), def.get("enum")) {
                (Some(Value::Array(branches)), _) => branches
                    .iter()
                    .map(|b| b.get("const").map(Value::to_string))
                    .collect::<Option<_>>()?,
                (_, Some(Value::Array(values))) => values.iter().map(Value::to_string).collect(),
                _ => return None,
            };
            Some((name.clone(), values))
        })
        .collect()
}

/// A type file with every generated block written from `enums`, or what keeps it from being
/// written: a block that is not closed, that names an enumeration the schema lacks or names
/// one twice, or an enumeration with no block. `file` names the file in the messages.
fn regenerate(
    file: &str,
    text: &str,
    language: Language,
    enums: &[(String, Vec<String>)],
) -> Result<String, Vec<String>> {
    let mark = language.comment();
    let start = format!("{mark} generated from {SOURCE}: ");
    let mut out = String::with_capacity(text.len());
    let mut problems = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let mut lines = text.split_inclusive('\n').enumerate();
    while let Some((index, line)) = lines.next() {
        out.push_str(line);
        let Some(head) = line.trim_end().strip_prefix(&start) else {
            continue;
        };
        let (name, alias) = head.split_once(" as ").unwrap_or((head, head));
        let end = format!("{mark} end of generated {name}");
        let Some((found, values)) = enums.iter().find(|(n, _)| n == name) else {
            let names: Vec<&str> = enums.iter().map(|(n, _)| n.as_str()).collect();
            problems.push(format!(
                "{file}:{}: {SOURCE} has no enumeration {name} (its enumerations: {})",
                index + 1,
                names.join(", ")
            ));
            continue;
        };
        if seen.contains(&name) {
            problems.push(format!(
                "{file}:{}: a second block of {name}; keep one",
                index + 1
            ));
        }
        seen.push(found);
        out.push_str(&language.declare(alias, values));
        out.push('\n');
        if !lines.any(|(_, l)| l.trim_end() == end) {
            problems.push(format!(
                "{file}:{}: the block of {name} has no end line `{end}`",
                index + 1
            ));
            break;
        }
        out.push_str(&end);
        out.push('\n');
    }
    for (name, _) in enums {
        if !seen.contains(&name.as_str()) {
            problems.push(format!(
                "{file}: no block of the enumeration {name}: add the lines `{start}{name}` and `{mark} end of generated {name}` where it is declared, then run `{REGENERATE}`"
            ));
        }
    }
    match problems.is_empty() {
        true => Ok(out),
        false => Err(problems),
    }
}

/// The names of the blocks whose text differs between two versions of a type file.
fn changed_blocks(old: &str, new: &str, language: Language) -> Vec<String> {
    let start = format!("{} generated from {SOURCE}: ", language.comment());
    let blocks = |text: &str| -> Vec<(String, String)> {
        text.split(&start)
            .skip(1)
            .map(|rest| {
                let name = rest.split([' ', '\n']).next().unwrap_or("").to_string();
                (name, rest.to_string())
            })
            .collect()
    };
    let (old, new) = (blocks(old), blocks(new));
    new.iter()
        .filter(|(name, body)| {
            let before = old.iter().find(|(n, _)| n == name).map(|(_, b)| b);
            before.map(|b| b.split(" end of generated ").next())
                != Some(body.split(" end of generated ").next())
        })
        .map(|(name, _)| name.clone())
        .collect()
}

/// The enumerations of the result schema as generated.
fn result_enumerations() -> Vec<(String, Vec<String>)> {
    enumerations(&serde_json::from_str(&schema::result().1).unwrap())
}

#[test]
fn the_type_files_enumerations_are_the_generated_ones() {
    let enums = result_enumerations();
    let mut stale = Vec::new();
    for (file, language) in TYPE_FILES {
        let checked_in = std::fs::read_to_string(path(file)).unwrap();
        let text = regenerate(file, &checked_in, language, &enums)
            .unwrap_or_else(|problems| panic!("{}", problems.join("\n")));
        if text == checked_in {
            continue;
        }
        if updating() {
            std::fs::write(path(file), &text).unwrap();
        } else {
            for name in changed_blocks(&checked_in, &text, language) {
                stale.push(format!("{file}: the block of {name}"));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "{} differ from {SOURCE}: run `{REGENERATE}` and review the diff",
        stale.join(", ")
    );
}

#[test]
fn a_hand_edited_or_missing_block_is_named_with_its_file() {
    let enums = vec![
        (
            "Severity".to_string(),
            vec!["\"error\"".to_string(), "\"note\"".to_string()],
        ),
        (
            "Impact".to_string(),
            vec!["5".to_string(), "-5".to_string()],
        ),
    ];
    let python = "x = 1\n# generated from schema/result.schema.json: Severity\nSeverity = Literal[\"error\"]\n# end of generated Severity\n# generated from schema/result.schema.json: Impact as Points\n# end of generated Impact\n";
    let written = regenerate("t.pyi", python, Language::Python, &enums).unwrap();
    assert_eq!(
        written,
        "x = 1\n# generated from schema/result.schema.json: Severity\nSeverity = Literal[\"error\", \"note\"]\n# end of generated Severity\n# generated from schema/result.schema.json: Impact as Points\nPoints = Literal[5, -5]\n# end of generated Impact\n"
    );
    assert_eq!(
        changed_blocks(python, &written, Language::Python),
        ["Severity", "Impact"]
    );
    let typescript = "// generated from schema/result.schema.json: Severity\nexport type Severity = \"error\" | \"note\";\n// end of generated Severity\n// generated from schema/result.schema.json: Mode\n";
    let problems = regenerate("t.d.ts", typescript, Language::TypeScript, &enums).unwrap_err();
    assert_eq!(
        problems,
        [
            "t.d.ts:4: schema/result.schema.json has no enumeration Mode (its enumerations: Severity, Impact)".to_string(),
            format!("t.d.ts: no block of the enumeration Impact: add the lines `// generated from schema/result.schema.json: Impact` and `// end of generated Impact` where it is declared, then run `{REGENERATE}`"),
        ]
    );
    let open = "// generated from schema/result.schema.json: Severity\nexport type Severity = \"error\";\n";
    let problems = regenerate("t.d.ts", open, Language::TypeScript, &enums[..1]).unwrap_err();
    assert_eq!(
        problems,
        ["t.d.ts:1: the block of Severity has no end line `// end of generated Severity`"]
    );
}

#[test]
fn a_long_enumeration_is_written_a_value_a_line() {
    let values: Vec<String> = (0..12).map(|i| format!("\"value_number_{i}\"")).collect();
    let ts = Language::TypeScript.declare("Long", &values);
    assert!(
        ts.starts_with("export type Long =\n  | \"value_number_0\"\n"),
        "{ts}"
    );
    assert!(ts.ends_with("  | \"value_number_11\";"), "{ts}");
    let py = Language::Python.declare("Long", &values);
    assert!(
        py.starts_with("Long = Literal[\n    \"value_number_0\",\n"),
        "{py}"
    );
    assert!(py.ends_with("    \"value_number_11\",\n]"), "{py}");
}
