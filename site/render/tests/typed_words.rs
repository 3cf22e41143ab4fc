//! The rule "no sentence of `content/layout.toml` is typed in Rust": every text value of the
//! file (but the navigation and `href`s, which name pages rather than say anything) is cut at
//! its `{slots}` into pieces, and no piece of 6 characters or more may stand inside a string
//! literal of a source file under `site/*/src` (comments do not count, nor anything after the
//! file's first `#[cfg(test)]`; `tests/` folders are not read), except in
//! [`DEFAULT_WORDS`], the view crate's default words, which the site's file overrides. A
//! failure names the key, the piece and the `file:line` of the literal.
//!
//! A piece of [`ANYWHERE`] characters or more is looked for anywhere inside a literal; a
//! shorter one (a label, or a fragment such as `or more` between two slots) only as a whole
//! literal, since a few words inside a longer literal are mostly other prose, an identifier or
//! a key. [`SAME_AS_AN_IDENTIFIER`] lists the whole-literal words the code must type anyway.
//! The other way round, a literal of [`FRAGMENT`] characters or more that is part of a piece
//! (the first words of a sentence, typed again to look for it) fails too.

use std::path::{Path, PathBuf};

/// The one place where words of the file's tables stand in Rust: the view crate's defaults,
/// which the command line and the packages print and `content/layout.toml` overrides.
const DEFAULT_WORDS: &str = "site/view/src/words.rs";

/// Single words of layout.toml that are also names the code must type: a word here is not
/// looked for, each with why.
const SAME_AS_AN_IDENTIFIER: &[(&str, &str)] = &[
    // Names of definitions in the output contract's JSON Schema (`schema/result.schema.json`),
    // which a pipeline's generated types are named after; no sentence.
    ("Result", "the schema's name of the result object"),
    ("Spread", "the schema's name of the spread object"),
    // The y axis of the multiplier plot, and the JSON key, CSS class and column name of the
    // multiplier in the result (`site/api`, the CLI's score.py output, the renderer's figure).
    ("multiplier", "the JSON key of the result"),
    // The report's word for a metric that cannot be computed, and the value token of the
    // command line's `mean_per_item_std=absent` summary line (a key=value line, as JSON has
    // null), which is no sentence.
    ("absent", "a value token of the probe's summary line"),
    // The statistic's name in the several judges' table and report ([result] alpha), which the
    // command line's help also names where it describes the JSON key `alpha`.
    (
        "Krippendorff's α",
        "the statistic's name, in the help of the JSON key alpha",
    ),
    // The report's name for the spread row of the headlines ([report] headlines), which the
    // command line's help also uses where it describes the JSON key `spread`.
    (
        "the headlines",
        "the help of the JSON key spread names the same row",
    ),
];

/// The shortest piece looked for, in characters.
const SHORTEST: usize = 6;

/// The shortest piece looked for inside a longer literal, in characters.
const ANYWHERE: usize = 13;

/// The shortest literal looked for inside a piece (part of a sentence typed again, as a test
/// that checks a page for the sentence's first words), in characters.
const FRAGMENT: usize = 20;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every text value of the layout file with its key (`plots.multiplier.columns[1]`), but the
/// navigation and `href`s.
fn texts(value: &toml::Value, key: &str, out: &mut Vec<(String, String)>) {
    match value {
        toml::Value::String(s) => out.push((key.to_string(), s.clone())),
        toml::Value::Array(list) => {
            for (i, v) in list.iter().enumerate() {
                texts(v, &format!("{key}[{i}]"), out);
            }
        }
        toml::Value::Table(t) => {
            for (k, v) in t {
                if k == "href" || (key.is_empty() && k == "nav") {
                    continue;
                }
                let key = if key.is_empty() {
                    k.clone()
                } else {
                    format!("{key}.{k}")
                };
                texts(v, &key, out);
            }
        }
        _ => {}
    }
}

/// The pieces of `text` between its `{slots}` (a brace around a lowercase name), trimmed, of
/// [`SHORTEST`] characters or more.
fn pieces(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    let mut piece = String::new();
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let name_end = after
            .find(|c: char| !(c.is_ascii_lowercase() || c == '_'))
            .unwrap_or(after.len());
        piece.push_str(&rest[..open]);
        if name_end > 0 && after[name_end..].starts_with('}') {
            out.push(std::mem::take(&mut piece));
            rest = &after[name_end + 1..];
        } else {
            piece.push('{');
            rest = after;
        }
    }
    piece.push_str(rest);
    out.push(piece);
    out.into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| p.chars().count() >= SHORTEST)
        .collect()
}

/// The string literals of Rust source `src` with the line each starts on, decoded (escapes,
/// and a `\` line continuation with the spaces after it), up to the first `#[cfg(test)]`
/// outside a literal or comment. Comments, char literals and lifetimes are passed over.
fn literals(src: &str) -> Vec<(usize, String)> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let starts = |i: usize, s: &str| {
        s.chars()
            .enumerate()
            .all(|(k, ch)| c.get(i + k) == Some(&ch))
    };
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if starts(i, "#[cfg(test)]") {
            break;
        } else if starts(i, "//") {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if starts(i, "/*") {
            let mut depth = 0;
            while i < c.len() {
                if starts(i, "/*") {
                    depth += 1;
                    i += 2;
                } else if starts(i, "*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(c[i] == '\n');
                    i += 1;
                }
            }
        } else if ch == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if c.get(i + 1) == Some(&'\\') {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if (ch == 'r' || ch == 'b' || ch == '"') && (i == 0 || !ident(c[i - 1])) {
            // "…", b"…", r"…", r#"…"#, br#"…"#.
            let mut j = i;
            if c[j] == 'b' {
                j += 1;
            }
            let raw = c.get(j) == Some(&'r');
            if raw {
                j += 1;
            }
            let hashes = c[j..].iter().take_while(|&&h| h == '#').count();
            if c.get(j + hashes) != Some(&'"') || (!raw && hashes > 0) {
                i += 1;
                while i < c.len() && ident(c[i]) {
                    i += 1;
                }
                continue;
            }
            j += hashes + 1;
            let start = line;
            let mut text = String::new();
            while j < c.len() {
                if c[j] == '"'
                    && c[j + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&h| h == '#')
                        .count()
                        == hashes
                {
                    j += 1 + hashes;
                    break;
                }
                if c[j] == '\\' && !raw {
                    j += 1;
                    match c.get(j) {
                        Some('\n') => {
                            line += 1;
                            j += 1;
                            while j < c.len() && c[j].is_whitespace() {
                                line += usize::from(c[j] == '\n');
                                j += 1;
                            }
                            continue;
                        }
                        Some('n') => text.push('\n'),
                        Some('t') => text.push('\t'),
                        Some('r') => text.push('\r'),
                        Some('0') => text.push('\0'),
                        Some('u') => {
                            let close = c[j..].iter().position(|&x| x == '}').unwrap_or(0);
                            let hex: String = c[j + 2..j + close].iter().collect();
                            if let Some(decoded) =
                                u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32)
                            {
                                text.push(decoded);
                            }
                            j += close;
                        }
                        Some(&other) => text.push(other),
                        None => {}
                    }
                    j += 1;
                    continue;
                }
                line += usize::from(c[j] == '\n');
                text.push(c[j]);
                j += 1;
            }
            out.push((start, text));
            i = j;
        } else if ident(ch) {
            while i < c.len() && ident(c[i]) {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The `.rs` files under `site/*/src`, relative to the repository, in order.
fn sources() -> Vec<String> {
    let root = repo();
    let mut out = Vec::new();
    let crates = std::fs::read_dir(root.join("site")).expect("site/");
    for krate in crates.map(|e| e.expect("site/ entry").path()) {
        let src = krate.join("src");
        if !src.is_dir() {
            continue;
        }
        for entry in walkdir::WalkDir::new(&src) {
            let entry = entry.expect("a source file");
            if entry.path().extension().is_some_and(|x| x == "rs") {
                let rel = entry
                    .path()
                    .strip_prefix(&root)
                    .expect("under the repository");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.retain(|file| file != DEFAULT_WORDS);
    out.sort();
    out
}

/// Every piece of layout.toml found in a literal of `files`: `file:line: key: "piece"`.
fn typed(files: &[String]) -> Vec<String> {
    let layout: toml::Table = std::fs::read_to_string(repo().join("content/layout.toml"))
        .expect("content/layout.toml")
        .parse()
        .expect("content/layout.toml is TOML");
    let mut values = Vec::new();
    texts(&toml::Value::Table(layout), "", &mut values);
    assert!(values.len() > 50, "only {} texts read", values.len());
    let mut found = Vec::new();
    for file in files {
        let src = std::fs::read_to_string(repo().join(file)).expect("a readable source");
        let lits = literals(&src);
        for (key, value) in &values {
            for piece in pieces(value) {
                if SAME_AS_AN_IDENTIFIER.iter().any(|(w, _)| *w == piece) {
                    continue;
                }
                let anywhere = piece.chars().count() >= ANYWHERE;
                for (line, lit) in &lits {
                    let lit = lit.trim();
                    if lit == piece || (anywhere && lit.contains(&piece)) {
                        found.push(format!("{file}:{line}: {key}: {piece:?}"));
                    } else if lit.chars().count() >= FRAGMENT && piece.contains(lit) {
                        found.push(format!("{file}:{line}: {key}: {lit:?} of {piece:?}"));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn no_sentence_of_layout_toml_is_typed_in_rust() {
    let all = sources();
    assert!(all.len() > 50, "only {} source files found", all.len());
    let found = typed(&all);
    assert!(
        found.is_empty(),
        "words of content/layout.toml typed in Rust; take them from the file instead:\n{}",
        found.join("\n")
    );
}

#[test]
fn pieces_are_cut_at_slots_and_short_ones_dropped() {
    assert_eq!(
        pieces("The multiplier starts at {floor} with no items, {x} ok {not a slot}"),
        [
            "The multiplier starts at",
            "with no items,",
            "ok {not a slot}"
        ]
    );
    assert_eq!(pieces("{n} items"), Vec::<String>::new());
}

#[test]
fn literals_skip_comments_chars_lifetimes_and_tests() {
    let src = concat!(
        "// \"in a comment\"\n",
        "/* \"in a /* nested */ block\" */\n",
        "fn f<'a>(x: &'a str) -> char { let _ = '\"'; let _ = '\\''; '\\u{41}' }\n",
        "const A: &str = \"one \\\n    line, \\\"quoted\\\" \\u{2014}\";\n",
        "const B: &str = r#\"raw \"inner\" \\n\"#;\n",
        "#[cfg(test)]\n",
        "const C: &str = \"after the tests\";\n",
    );
    assert_eq!(
        literals(src),
        [
            (4, "one line, \"quoted\" —".to_string()),
            (6, "raw \"inner\" \\n".to_string()),
        ]
    );
}
