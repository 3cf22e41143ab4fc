//! The islands' build: the words `content/layout.toml` states, read by [`Overrides`] (the
//! renderer's reader), written as Rust constants over the defaults, since the islands cannot
//! read that file at run time. The markdown reports (`[report]`, `[probe.report]` in the view
//! crate) are not among them: the report the calculator copies is the one
//! `pickanumber score --report` prints, in the view crate's words.

use crate::read::{Overrides, Owned};
use crate::words::{CalculatorLive, CalculatorPasses, PairwiseLive, ProbeLive};
use pickanumber_result_view::table::Table;
use pickanumber_result_view::words::{PairwiseView, ProbeView, ResultView};
use serde::Deserialize as _;
use std::fmt::Write as _;
use std::path::Path;

/// The module of the view crate's tables, and of this crate's, in the Rust written.
const VIEW: &str = "pickanumber_result_view::words";
const SITE: &str = "pickanumber_island_words::words";

/// The Rust source of the site's words: one constant per word table the islands show, from
/// `text`, the layout file named `file` in the messages.
///
/// # Errors
/// The file is not TOML, a table is not a table, a word is neither text nor a list of text, or
/// the table refuses it ([`Table::check`]: an unknown key, with the table's keys; a list of
/// another length; a slot its default word lacks; markup in `[result]`); each message names
/// the file, and the table and key.
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
    out.push_str(&format!("use {VIEW}::*;\nuse {SITE}::*;\n"));
    let write = |out: &mut String| -> Result<(), String> {
        constant::<ResultView<'static>>(out, &layout, VIEW)?;
        constant::<CalculatorPasses<'static>>(out, &layout, SITE)?;
        constant::<CalculatorLive<'static>>(out, &layout, SITE)?;
        constant::<ProbeView<'static>>(out, &layout, VIEW)?;
        constant::<ProbeLive<'static>>(out, &layout, SITE)?;
        constant::<PairwiseView<'static>>(out, &layout, VIEW)?;
        constant::<PairwiseLive<'static>>(out, &layout, SITE)
    };
    write(&mut out).map_err(|message| format!("{file}: {message}"))?;
    Ok(out)
}

/// Writes the constant of the table `T`, declared in `module`, to `out`: its words in `layout`
/// over the defaults.
fn constant<T: Table>(out: &mut String, layout: &toml::Table, module: &str) -> Result<(), String> {
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
    let read = match words {
        Some(table) => Overrides::<T>::deserialize(toml::Value::Table(table.clone()))
            .map_err(|e| e.message().to_string())?,
        None => Overrides::default(),
    };
    writeln!(
        out,
        "/// The site's `[{path}]`: the defaults with `content/layout.toml`'s words."
    )
    .unwrap_or_default();
    writeln!(out, "pub const {default}: {name}<'static> = {name} {{").unwrap_or_default();
    for (key, word) in read.words() {
        writeln!(out, "    {key}: {},", literal(word)).unwrap_or_default();
    }
    writeln!(out, "    ..{module}::{default}\n}};").unwrap_or_default();
    Ok(())
}

/// A checked word as a Rust literal: a string, or an array of strings.
fn literal(word: &Owned) -> String {
    match word {
        Owned::Text(text) => format!("{text:?}"),
        Owned::List(list) => {
            let items: Vec<String> = list.iter().map(|t| format!("{t:?}")).collect();
            format!("[{}]", items.join(", "))
        }
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
            "l.toml: [probe.live] counts: \"{runs} runs, {lines} lines\": {lines} is not a slot \
             here (slots: {runs}, {items}, {failed})"
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
