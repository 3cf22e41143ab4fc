//! The site's words for the islands compiled to wasm. The view crate declares each word table
//! as a struct with its default words (`pickanumber_view::words`), which the command line and
//! the packages show; the site states its own words in `content/layout.toml`. The islands
//! cannot read that file at run time, so the build scripts of the calculator and its second
//! module call [`build_script`], which writes each table below as a Rust constant: the view
//! crate's default with the file's words put over it (`Struct { key: "…", ..DEFAULT }`). A key
//! the struct lacks stops the compilation at that key; a key the file leaves out keeps its
//! default. The renderer reads the same file for the pages and its static boxes. The markdown
//! reports (`[report]`, `[probe.report]` in the view crate) are not among them: the report the
//! calculator copies is the one `pickanumber score --report` prints, in the view crate's words.

use std::fmt::Write as _;
use std::path::Path;

/// The word tables the islands show: the table's path in `content/layout.toml`, the constant
/// (the same name as the view crate's default) and its struct.
pub const TABLES: [(&str, &str, &str); 7] = [
    ("result", "RESULT", "ResultView"),
    ("calculator.passes", "CALCULATOR_PASSES", "CalculatorPasses"),
    ("calculator.live", "CALCULATOR_LIVE", "CalculatorLive"),
    ("probe.view", "PROBE", "ProbeView"),
    ("probe.live", "PROBE_LIVE", "ProbeLive"),
    ("pairwise.view", "PAIRWISE", "PairwiseView"),
    ("pairwise.live", "PAIRWISE_LIVE", "PairwiseLive"),
];

/// The Rust source of the site's words: one constant per table of [`TABLES`], from `text`,
/// the layout file named `file` in the messages.
///
/// # Errors
/// The file is not TOML, a table is not a table, a word is neither text nor a list of text, or
/// a `[result]` word holds markup (`pickanumber_view::markup_free::refusal`); each message
/// names the file and the table and key.
///
/// ```
/// let source = pickanumber_site_words::constants("layout.toml", "[result]\nraw = \"Raw score\"\n")
///     .unwrap();
/// assert!(source.contains("pub const RESULT: ResultView<'static> = ResultView {\n    raw: \"Raw score\",\n    ..pickanumber_view::words::RESULT\n};"));
/// ```
pub fn constants(file: &str, text: &str) -> Result<String, String> {
    let layout: toml::Table = text.parse().map_err(|e| format!("{file}: {e}"))?;
    let mut out = String::from("// Written by pickanumber-site-words from content/layout.toml.\n");
    out.push_str("use pickanumber_view::words::*;\n");
    for (path, constant, ty) in TABLES {
        let mut words = Some(&layout);
        for part in path.split('.') {
            words = match words.and_then(|t| t.get(part)) {
                None => None,
                Some(toml::Value::Table(t)) => Some(t),
                Some(other) => {
                    return Err(format!(
                        "{file}: [{path}] is {}, not a table of words",
                        other.type_str()
                    ))
                }
            };
        }
        writeln!(
            out,
            "/// The site's `[{path}]`: the view crate's defaults with `content/layout.toml`'s words."
        )
        .unwrap_or_default();
        writeln!(out, "pub const {constant}: {ty}<'static> = {ty} {{").unwrap_or_default();
        for (key, value) in words.into_iter().flatten() {
            let texts = texts(value).ok_or_else(|| {
                format!(
                    "{file}: [{path}] {key} is {}, not text or a list of text",
                    value.type_str()
                )
            })?;
            if path == "result" {
                if let Some(message) = pickanumber_view::markup_free::refusal(key, texts) {
                    return Err(format!("{file}: {message}"));
                }
            }
            writeln!(out, "    {key}: {},", literal(value)).unwrap_or_default();
        }
        writeln!(out, "    ..pickanumber_view::words::{constant}\n}};").unwrap_or_default();
    }
    Ok(out)
}

/// The text of a word, or of each entry of a list; `None` for any other value.
fn texts(value: &toml::Value) -> Option<Vec<&str>> {
    match value {
        toml::Value::Array(list) => list.iter().map(toml::Value::as_str).collect(),
        other => other.as_str().map(|s| vec![s]),
    }
}

/// A checked word as a Rust literal: a string, or an array of strings.
fn literal(value: &toml::Value) -> String {
    match value {
        toml::Value::Array(list) => {
            let items: Vec<String> = list.iter().map(literal).collect();
            format!("[{}]", items.join(", "))
        }
        other => format!("{:?}", other.as_str().unwrap_or_default()),
    }
}

/// What a build script of an island calls: reads the repository's `content/layout.toml` (two
/// folders above the crate), writes [`constants`] to `$OUT_DIR/site_words.rs` for an
/// `include!`, and asks cargo to run it again when the file changes. On an error it prints
/// the message and stops the build.
pub fn build_script() {
    if let Err(message) = write() {
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}

fn write() -> Result<(), String> {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").map_err(|e| e.to_string())?;
    let layout = Path::new(&manifest).join("../../content/layout.toml");
    println!("cargo:rerun-if-changed={}", layout.display());
    let name = layout.display().to_string();
    let text = std::fs::read_to_string(&layout).map_err(|e| format!("{name}: {e}"))?;
    let source = constants(&name, &text)?;
    let out = std::env::var("OUT_DIR").map_err(|e| e.to_string())?;
    let dest = Path::new(&out).join("site_words.rs");
    std::fs::write(&dest, source).map_err(|e| format!("{}: {e}", dest.display()))
}

#[cfg(test)]
mod tests {
    use super::constants;

    #[test]
    fn words_in_markup_and_words_of_other_types_are_refused_by_name() {
        assert_eq!(
            constants("l.toml", "[result]\nraw = \"R&D\"\n").unwrap_err(),
            "l.toml: result.raw: \"R&D\" holds '&', which the result's markup would read as \
             HTML; write the words without <, > or &"
        );
        assert_eq!(
            constants("l.toml", "[probe.live]\ninput = 3\n").unwrap_err(),
            "l.toml: [probe.live] input is integer, not text or a list of text"
        );
        assert_eq!(
            constants("l.toml", "probe = \"x\"\n").unwrap_err(),
            "l.toml: [probe.view] is string, not a table of words"
        );
    }

    #[test]
    fn a_table_the_file_leaves_out_is_the_defaults() {
        let source = constants("l.toml", "").unwrap();
        assert!(source.contains(
            "pub const PROBE: ProbeView<'static> = ProbeView {\n    ..pickanumber_view::words::PROBE\n};"
        ));
    }
}
