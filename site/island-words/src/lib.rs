//! The site's words for the islands compiled to wasm. The view crate declares each word table
//! as a struct with its default words (`pickanumber_result_view::words`), which the command line and
//! the packages show; the site states its own words in `content/layout.toml`. The islands
//! cannot read that file at run time, so the build scripts of the calculator and its second
//! module call [`build_script`], which writes each table below as a Rust constant: the view
//! crate's default with the file's words put over it (`Struct { key: "…", ..DEFAULT }`), each
//! checked by the view crate's one rule first ([`Table::check`]: a key the table lacks is
//! refused with the table's keys, a slot the default word lacks with the default's slots); a
//! key the file leaves out keeps its default. The renderer reads the same file for the pages and its static boxes. The markdown
//! reports (`[report]`, `[probe.report]` in the view crate) are not among them: the report the
//! calculator copies is the one `pickanumber score --report` prints, in the view crate's words.

use pickanumber_result_view::table::{Table, Word};
use pickanumber_result_view::words::{
    CalculatorLive, CalculatorPasses, PairwiseLive, PairwiseView, ProbeLive, ProbeView, ResultView,
};
use std::fmt::Write as _;
use std::path::Path;

/// The Rust source of the site's words: one constant per word table the islands show, from
/// `text`, the layout file named `file` in the messages.
///
/// # Errors
/// The file is not TOML, a table is not a table, a word is neither text nor a list of text, or
/// the view crate refuses it ([`Table::check`]: an unknown key, with the table's keys; a list
/// of another length; a slot its default word lacks; markup in `[result]`); each message
/// names the file, and the table and key.
///
/// ```
/// let source = pickanumber_island_words::constants("layout.toml", "[result]\nraw = \"Raw score\"\n")
///     .unwrap();
/// assert!(source.contains("pub const RESULT: ResultView<'static> = ResultView {\n    raw: \"Raw score\",\n    ..pickanumber_result_view::words::RESULT\n};"));
/// ```
pub fn constants(file: &str, text: &str) -> Result<String, String> {
    let layout: toml::Table = text.parse().map_err(|e| format!("{file}: {e}"))?;
    let mut out =
        String::from("// Written by pickanumber-island-words from content/layout.toml.\n");
    out.push_str("use pickanumber_result_view::words::*;\n");
    let write = |out: &mut String| -> Result<(), String> {
        constant::<ResultView<'static>>(out, &layout)?;
        constant::<CalculatorPasses<'static>>(out, &layout)?;
        constant::<CalculatorLive<'static>>(out, &layout)?;
        constant::<ProbeView<'static>>(out, &layout)?;
        constant::<ProbeLive<'static>>(out, &layout)?;
        constant::<PairwiseView<'static>>(out, &layout)?;
        constant::<PairwiseLive<'static>>(out, &layout)
    };
    write(&mut out).map_err(|message| format!("{file}: {message}"))?;
    Ok(out)
}

/// Writes the constant of the table `T` to `out`: its words in `layout` over the defaults.
fn constant<T: Table>(out: &mut String, layout: &toml::Table) -> Result<(), String> {
    let (path, name, default) = (T::PATH, T::STRUCT, T::DEFAULT);
    let mut words = Some(layout);
    for part in path.split('.') {
        words = match words.and_then(|t| t.get(part)) {
            None => None,
            Some(toml::Value::Table(t)) => Some(t),
            Some(other) => {
                return Err(format!(
                    "[{path}] is {}, not a table of words",
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
    writeln!(out, "pub const {default}: {name}<'static> = {name} {{").unwrap_or_default();
    for (key, value) in words.into_iter().flatten() {
        let not_a_word = || pickanumber_result_view::table::not_a_word(path, key, value.type_str());
        let list: Vec<&str> = match value {
            toml::Value::Array(list) => list
                .iter()
                .map(toml::Value::as_str)
                .collect::<Option<_>>()
                .ok_or_else(not_a_word)?,
            _ => Vec::new(),
        };
        let word = match value {
            toml::Value::String(text) => Word::Text(text),
            toml::Value::Array(_) => Word::List(&list),
            _ => return Err(not_a_word()),
        };
        T::check(key, word)?;
        writeln!(out, "    {key}: {},", literal(value)).unwrap_or_default();
    }
    writeln!(out, "    ..pickanumber_result_view::words::{default}\n}};").unwrap_or_default();
    Ok(())
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
/// folders above the crate), writes [`constants`] to `$OUT_DIR/island_words.rs` for an
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
    let dest = Path::new(&out).join("island_words.rs");
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
    fn an_unknown_key_a_slot_the_default_lacks_and_a_short_list_are_refused_by_name() {
        assert_eq!(
            constants(
                "l.toml",
                "[pairwise.live]\nclear = \"Clear\"\nreset = \"Reset\"\n"
            )
            .unwrap_err(),
            "l.toml: [pairwise.live] reset is not a key here (keys: format, example, clear, \
             input, counts, results, not_kept)"
        );
        assert_eq!(
            constants(
                "l.toml",
                "[probe.live]\ncounts = \"{runs} runs, {lines} lines\"\n"
            )
            .unwrap_err(),
            "l.toml: \"{runs} runs, {lines} lines\": {lines} is not a slot here (slots: {runs}, \
             {items}, {failed})"
        );
        assert_eq!(
            constants(
                "l.toml",
                "[calculator.live]\nmodes = [\"Auto\", \"Pooled\"]\n"
            )
            .unwrap_err(),
            "l.toml: [calculator.live] modes must be a list of 4 texts"
        );
    }

    #[test]
    fn a_table_the_file_leaves_out_is_the_defaults() {
        let source = constants("l.toml", "").unwrap();
        assert!(source.contains(
            "pub const PROBE: ProbeView<'static> = ProbeView {\n    ..pickanumber_result_view::words::PROBE\n};"
        ));
    }
}
