//! The npm package's `index.d.ts` and the Python package's `_native.pyi` declare the keys of
//! the output contract: each of their result types has exactly the keys its schema type has
//! (`schema/result.schema.json`, generated from the Rust types). A key added to the Rust types
//! and not to a type file fails here. Their enumerations are generated (`tests/schema.rs`);
//! here, no type file spells one out again outside its generated block.

use pickanumber_result::schema;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// The schema's type name, the `.d.ts` interface and the `.pyi` TypedDict of each object of
/// the output.
const TYPES: [(&str, &str, &str); 15] = [
    ("Result", "Result", "ResultDict"),
    ("PooledKeys", "Pooled", "PooledDict"),
    ("CriterionKeys", "Criterion", "CriterionDict"),
    ("BucketKeys", "Bucket", "BucketDict"),
    ("Pass", "Pass", "PassDict"),
    ("Spread", "Spread", "SpreadDict"),
    ("Disagreement", "Disagreement", "DisagreementDict"),
    ("Duplicate", "Duplicate", "DuplicateDict"),
    ("Gate", "Gate", "GateDict"),
    ("EvidenceCounts", "EvidenceCounts", "EvidenceCountsDict"),
    ("Evidence", "Evidence", "EvidenceDict"),
    ("Diagnostic", "Diagnostic", "DiagnosticDict"),
    ("Card", "Card", "CardDict"),
    ("Grader", "Grader", "GraderDict"),
    ("Fit", "Fit", "FitDict"),
];

/// A file of the repository.
fn read(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The generated result schema.
fn result_schema() -> Value {
    serde_json::from_str(&schema::result().1).unwrap()
}

/// The keys an object of a schema type may have: its properties, and those of every branch
/// it is made of (`allOf`, `anyOf`, `oneOf`, `$ref`), as serde's `flatten` writes them.
fn schema_keys(root: &Value, s: &Value, out: &mut BTreeSet<String>) {
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let name = r.rsplit('/').next().unwrap();
        schema_keys(root, &root["$defs"][name], out);
    }
    if let Some(p) = s.get("properties").and_then(Value::as_object) {
        out.extend(p.keys().cloned());
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        for branch in s.get(key).and_then(Value::as_array).into_iter().flatten() {
            schema_keys(root, branch, out);
        }
    }
}

/// The keys of a schema type by name (`Result` is the root).
fn keys_of(root: &Value, name: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let s = match name {
        "Result" => root,
        _ => &root["$defs"][name],
    };
    assert!(s.is_object(), "the schema has no type {name}");
    schema_keys(root, s, &mut out);
    out
}

/// The keys of each `export interface` of a `.d.ts` (two-space indented `key:` or `key?:`),
/// with the keys of the interfaces it extends.
fn dts_interfaces(dts: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut own: BTreeMap<String, (BTreeSet<String>, Vec<String>)> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in dts.lines() {
        if let Some(rest) = line.strip_prefix("export interface ") {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
            let head = rest.split('{').next().unwrap_or("");
            let bases = head
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty() && *w != name)
                .map(str::to_string)
                .collect();
            own.insert(name.clone(), (BTreeSet::new(), bases));
            current = Some(name);
        } else if line == "}" {
            current = None;
        } else if let (Some(name), Some(rest)) = (&current, line.strip_prefix("  ")) {
            let key: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let after = &rest[key.len()..];
            if !key.is_empty() && (after.starts_with(':') || after.starts_with("?:")) {
                own.get_mut(name).unwrap().0.insert(key);
            }
        }
    }
    own.iter()
        .map(|(name, (keys, bases))| {
            let mut all = keys.clone();
            for b in bases.iter().filter_map(|b| own.get(b)) {
                all.extend(b.0.iter().cloned());
            }
            (name.clone(), all)
        })
        .collect()
}

/// The keys of each TypedDict of a `.pyi`: a functional `X = TypedDict("X", {...})`, or a
/// class `class X(Base):` with four-space indented `key: type` lines and the keys of the
/// TypedDicts it derives from.
fn pyi_typed_dicts(pyi: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for block in pyi.split("\n)\n") {
        let Some((head, body)) = block.split_once(" = TypedDict(\n") else {
            continue;
        };
        let name = head.rsplit('\n').next().unwrap().to_string();
        let keys = body
            .lines()
            .filter_map(|l| l.trim().strip_prefix('"'))
            .filter_map(|l| l.split_once("\":"))
            .map(|(k, _)| k.to_string())
            .collect();
        out.insert(name, keys);
    }
    let mut current: Option<String> = None;
    for line in pyi.lines() {
        if let Some(rest) = line.strip_prefix("class ") {
            let (name, bases) = rest.split_once('(').unwrap_or((rest, ""));
            let mut keys = BTreeSet::new();
            for base in bases.split([',', ')', ':', ' ']) {
                keys.extend(out.get(base).into_iter().flatten().cloned());
            }
            out.insert(name.to_string(), keys);
            current = Some(name.to_string());
        } else if !line.starts_with(' ') && !line.is_empty() {
            current = None;
        } else if let (Some(name), Some(rest)) = (&current, line.strip_prefix("    ")) {
            if let Some((key, _)) = rest.split_once(": ") {
                if key.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    out.get_mut(name).unwrap().insert(key.to_string());
                }
            }
        }
    }
    out
}

#[test]
fn every_type_of_index_d_ts_has_the_keys_of_the_schema() {
    let root = result_schema();
    let dts = dts_interfaces(&read("site/npm/js/index.d.ts"));
    for (schema_name, ts, _) in TYPES {
        let declared = dts
            .get(ts)
            .unwrap_or_else(|| panic!("index.d.ts has no interface {ts}"));
        assert_eq!(declared, &keys_of(&root, schema_name), "index.d.ts: {ts}");
    }
}

#[test]
fn every_typed_dict_of_the_pyi_has_the_keys_of_the_schema() {
    let root = result_schema();
    let pyi = pyi_typed_dicts(&read("site/python/python/pickanumber/_native.pyi"));
    for (schema_name, _, py) in TYPES {
        let declared = pyi
            .get(py)
            .unwrap_or_else(|| panic!("_native.pyi has no TypedDict {py}"));
        assert_eq!(declared, &keys_of(&root, schema_name), "_native.pyi: {py}");
    }
}

#[test]
fn the_kinds_are_the_schemas_in_its_order() {
    let kinds = schema_names(&result_schema(), "Kind");
    let names: Vec<String> = pickanumber_score::Kind::ALL
        .into_iter()
        .map(pickanumber_result::json::kind_name)
        .collect();
    assert_eq!(kinds, names, "Kind::ALL and the schema's kinds");
}

/// The names of an enumeration of the schema (`Format`, `Status`, …), in its order.
fn schema_names(root: &Value, name: &str) -> Vec<String> {
    root["$defs"][name]["oneOf"]
        .as_array()
        .unwrap_or_else(|| panic!("the schema has no enumeration {name}"))
        .iter()
        .map(|k| k["const"].as_str().unwrap().to_string())
        .collect()
}

/// A type file's lines outside its generated blocks, with their numbers.
fn hand_written(text: &str, comment: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut inside = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with(&format!("{comment} generated from ")) {
            inside = true;
        } else if line.starts_with(&format!("{comment} end of generated ")) {
            inside = false;
        } else if !inside {
            out.push((i + 1, line.to_string()));
        }
    }
    out
}

#[test]
fn no_type_file_spells_out_an_enumeration_of_the_schema_again() {
    let root = result_schema();
    let enumerations: Vec<&String> = root["$defs"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, d)| {
            d["oneOf"]
                .as_array()
                .is_some_and(|b| b.iter().all(|b| b.get("const").is_some()))
        })
        .map(|(name, _)| name)
        .collect();
    assert!(enumerations.len() >= 7, "{enumerations:?}");
    for (file, comment) in [
        ("site/npm/js/index.d.ts", "//"),
        ("site/python/python/pickanumber/_native.pyi", "#"),
    ] {
        let lines = hand_written(&read(file), comment);
        for name in &enumerations {
            let quoted: Vec<String> = schema_names(&root, name)
                .iter()
                .map(|n| format!("\"{n}\""))
                .collect();
            // A list written on one line or a value a line: every window of as many lines as
            // the list has values, and its two ends.
            for (at, (number, _)) in lines.iter().enumerate() {
                let window: String = lines[at..(at + quoted.len() + 2).min(lines.len())]
                    .iter()
                    .map(|(_, l)| l.as_str())
                    .collect();
                assert!(
                    !quoted.iter().all(|q| window.contains(q.as_str())),
                    "{file}:{number} spells out the enumeration {name}: use its generated name"
                );
            }
        }
    }
}
