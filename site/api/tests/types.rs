//! The npm package's `index.d.ts` and the Python package's `_native.pyi` declare the keys of
//! the output contract: each of their result types has exactly the keys its schema type has
//! (`schema/result.schema.json`, generated from the Rust types), and their `Kind` lists every
//! kind. A key added to the Rust types and not to a type file fails here.

use pickanumber_api::schema;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// The schema's type name, the `.d.ts` interface and the `.pyi` TypedDict of each object of
/// the output.
const TYPES: [(&str, &str, &str); 12] = [
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

/// The kinds the schema lists.
fn schema_kinds(root: &Value) -> Vec<String> {
    root["$defs"]["Kind"]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["const"].as_str().unwrap().to_string())
        .collect()
}

/// Every `"word"` in a text, in order.
fn quoted(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
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

/// The keys of each functional `X = TypedDict("X", {...})` of a `.pyi`.
fn pyi_typed_dicts(pyi: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
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
fn both_type_files_list_every_kind_in_the_schemas_order() {
    let kinds = schema_kinds(&result_schema());
    let names: Vec<String> = pickanumber_score::Kind::ALL
        .into_iter()
        .map(pickanumber_api::json::kind_name)
        .collect();
    assert_eq!(kinds, names, "Kind::ALL and the schema's kinds");
    let dts = read("site/npm/js/index.d.ts");
    let union = dts
        .split("export type Kind =")
        .nth(1)
        .unwrap()
        .split(';')
        .next()
        .unwrap();
    assert_eq!(quoted(union), kinds, "index.d.ts: Kind");
    let pyi = read("site/python/python/pickanumber/_native.pyi");
    let literal = pyi
        .split("Kind = Literal[")
        .nth(1)
        .unwrap()
        .split(']')
        .next()
        .unwrap();
    assert_eq!(quoted(literal), kinds, "_native.pyi: Kind");
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

#[test]
fn both_type_files_spell_each_enumeration_as_the_schema_does() {
    let root = result_schema();
    let dts = read("site/npm/js/index.d.ts");
    let pyi = read("site/python/python/pickanumber/_native.pyi");
    // (the schema's enumeration, the key that holds it, whether the .pyi spells it out)
    for (name, key, in_pyi) in [
        ("Mode", "mode?", false),
        ("Format", "format", true),
        ("Bucket", "bucket", true),
        ("Status", "status", false),
        ("Severity", "severity", true),
    ] {
        let names = schema_names(&root, name);
        let union: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
        let ts = format!("{key}: {};", union.join(" | "));
        assert!(dts.contains(&ts), "index.d.ts lacks `{ts}`");
        if in_pyi {
            let py = format!("\"{key}\": Literal[{}],", union.join(", "));
            assert!(pyi.contains(&py), "_native.pyi lacks `{py}`");
        }
    }
}
