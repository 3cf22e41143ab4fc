//! The crate, and the text crate it reads JSON and prints numbers with, keep the standard
//! library's float formatting and parsing and serde_json out of what the wasm calculator
//! links: a scan of the source (outside `#[cfg(test)]` modules) for the forms that call them,
//! which runs with `cargo test` and names the line. It cannot see what a form it does not know
//! links (`{x}` on an f64 looks like any other `{x}`); `site/browser-tests/tests/lean_wasm.rs`
//! reads the linked wasm itself after the build.

use std::fs;
use std::path::Path;

/// Each source file of the crate and of `site/text` (folders included), without its test
/// module; a file that is a test module of its own (`tests.rs`) is left out.
fn sources() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in fs::read_dir(dir).expect("a src directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, out);
                continue;
            }
            if path.file_name().is_some_and(|n| n == "tests.rs") {
                continue;
            }
            let text = fs::read_to_string(&path).expect("a source file");
            let code = text
                .split("#[cfg(test)]")
                .next()
                .unwrap_or_default()
                .to_string();
            out.push((path.display().to_string(), code));
        }
    }
    let mut out = Vec::new();
    walk(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut out,
    );
    walk(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../text/src")),
        &mut out,
    );
    assert!(out.len() > 15, "found the sources: {}", out.len());
    assert!(out.iter().any(|(p, _)| p.ends_with("json/reader.rs")));
    out
}

/// Whether `line` has a format spec with a precision, `{:.2}` or `{x:.decimals$}`.
fn has_precision_spec(line: &str) -> bool {
    line.match_indices(":.").any(|(at, _)| {
        let before = &line[..at];
        let name_start = before
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        before[..name_start].ends_with('{')
    })
}

#[test]
fn precision_specs_are_found() {
    assert!(has_precision_spec("format!(\"{x:.2}\")"));
    assert!(has_precision_spec("format!(\"{:.decimals$}\", x)"));
    assert!(!has_precision_spec("let r = a..b; std::fmt::Result"));
}

/// `{x}` on an f64 cannot be told from the source; these are the forms that can.
#[test]
fn no_std_float_formatting_or_parsing_and_no_serde_json() {
    for (path, code) in sources() {
        for (n, line) in code.lines().enumerate() {
            let code_part = line.split("//").next().unwrap_or_default();
            let bad = has_precision_spec(code_part)
                || ["parse::<f64>", "parse::<f32>", "serde_json", ":e}", ":?}"]
                    .iter()
                    .any(|b| code_part.contains(b))
                || (code_part.contains("f64") && code_part.contains(".parse()"));
            assert!(!bad, "{path}:{}: {line}", n + 1);
        }
    }
}

#[test]
fn serde_json_is_only_a_dev_dependency() {
    let manifest = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .expect("the manifest");
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .and_then(|s| s.split("\n[").next())
        .expect("a [dependencies] table");
    assert!(!deps.contains("serde_json"), "{deps}");
}
