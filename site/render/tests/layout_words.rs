//! Every word of `content/layout.toml` reaches the pages from the file, so changing a word in
//! the file changes it wherever the site shows it: the fixture site is built with a layout file
//! that states every word of the renderer's and the setup page's tables ([`EVERY_WORD`]; the
//! fixture's own states only its overrides, the rest being the code's defaults), and again with
//! every text of that file changed (its letters upper-cased; `{slots}`, link targets, markup
//! tags and `href`s kept). Each piece of a text (cut at its slots, of
//! [`LONGEST_SHOWN`] characters or more) that the first build shows must be gone from the
//! second, unless a page's own markdown says it or the view crate's default words do (the
//! fixture leaves some tables out, and their defaults stay). A piece still shown was typed a
//! second time somewhere in the code: the failure names its key, the piece and the page.

mod common;

use common::{copy_tree, files, fixture};
use pickanumber_render::{build, Options};
use std::path::Path;

/// The layout file that states every word, under the tests' fixtures.
const EVERY_WORD: &str = "every-word.toml";

/// The shortest piece looked for, in characters (shorter ones are mostly single words that
/// other prose on a page may say too).
const LONGEST_SHOWN: usize = 13;

/// Builds the site at `root` into `out`; every HTML page, by its path under `out`.
fn pages(root: &Path, out: &Path) -> Vec<(String, String)> {
    let options = Options {
        root: root.to_path_buf(),
        out: out.to_path_buf(),
        calc: None,
        dev: false,
        base_url: None,
    };
    build(&options).unwrap_or_else(|e| panic!("{e}"));
    files(out)
        .into_iter()
        .filter(|f| f.extension().is_some_and(|x| x == "html"))
        .map(|f| {
            let html = std::fs::read_to_string(out.join(&f)).unwrap();
            (f.to_string_lossy().into_owned(), html)
        })
        .collect()
}

/// Every text value of the layout file with its key (`plots.multiplier.columns[1]`), but the
/// `href`s, which name pages rather than say anything.
fn texts(value: &toml::Value, key: &str, out: &mut Vec<(String, String)>) {
    match value {
        toml::Value::String(s) => out.push((key.to_string(), s.clone())),
        toml::Value::Array(list) => {
            for (i, v) in list.iter().enumerate() {
                texts(v, &format!("{key}[{i}]"), out);
            }
        }
        toml::Value::Table(t) => {
            for (k, v) in t.iter().filter(|(k, _)| *k != "href") {
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

/// The same value with every text changed by [`shout`], `href`s left as they are.
fn shouted(value: &mut toml::Value) {
    match value {
        toml::Value::String(s) => *s = shout(s),
        toml::Value::Array(list) => list.iter_mut().for_each(shouted),
        toml::Value::Table(t) => t
            .iter_mut()
            .filter(|(k, _)| *k != "href")
            .for_each(|(_, v)| shouted(v)),
        _ => {}
    }
}

/// The length in bytes of the `{slot}` (a brace around a lowercase name) `text` starts with.
fn slot(text: &str) -> Option<usize> {
    let name = text.strip_prefix('{')?;
    let end = name.find(|c: char| !(c.is_ascii_lowercase() || c == '_'))?;
    (end > 0 && name[end..].starts_with('}')).then_some(end + 2)
}

/// `text` with its letters upper-cased but for its `{slots}` (a brace around a lowercase
/// name), the targets of its markdown links (`](…)`) and its markup tags (`<…>`).
fn shout(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let kept = match c {
            '{' => slot(rest),
            ']' if rest.starts_with("](") => rest.find(')').map(|end| end + 1),
            '<' => rest.find('>').map(|end| end + 1),
            _ => None,
        };
        let len = kept.unwrap_or(c.len_utf8());
        match kept {
            Some(_) => out.push_str(&rest[..len]),
            None => out.extend(c.to_uppercase()),
        }
        rest = &rest[len..];
    }
    out
}

/// The pieces of `text` between its `{slots}`, trimmed, of [`LONGEST_SHOWN`] characters or
/// more.
fn pieces(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        match slot(rest) {
            Some(len) => {
                out.push(String::new());
                rest = &rest[len..];
            }
            None => {
                out.last_mut().unwrap().push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out.into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| p.chars().count() >= LONGEST_SHOWN)
        .collect()
}

/// `piece` as a page may hold it: as written, or escaped as the views escape text.
fn forms(piece: &str) -> [String; 2] {
    [piece.to_string(), pickanumber_result_view::escape(piece)]
}

#[test]
fn every_word_changed_in_layout_toml_changes_every_page_that_shows_it() {
    let dir = tempfile::tempdir().unwrap();
    let (before, after) = (dir.path().join("before"), dir.path().join("after"));
    copy_tree(&fixture(), &before);
    copy_tree(&fixture(), &after);
    let file = "content/layout.toml";
    let every = fixture().parent().unwrap().join(EVERY_WORD);
    let text = std::fs::read_to_string(every).unwrap();
    std::fs::write(before.join(file), &text).unwrap();
    let mut layout = toml::Value::Table(text.parse().unwrap());
    let mut values = Vec::new();
    texts(&layout, "", &mut values);
    shouted(&mut layout);
    std::fs::write(after.join(file), toml::to_string(&layout).unwrap()).unwrap();
    let shown = pages(&before, &dir.path().join("dist-before"));
    let changed = pages(&after, &dir.path().join("dist-after"));
    // What the layout file does not decide: the pages' own sources, and the default words of
    // the view crate's and the islands' tables, which a table the fixture leaves out keeps (a
    // default may say what a table of the file says too).
    let site = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let defaults = ["result-view/src/words.rs", "island-words/src/words.rs"].map(|f| site.join(f));
    let sources: String = files(&before)
        .iter()
        .filter(|f| f.to_string_lossy() != file)
        .map(|f| before.join(f))
        .chain(defaults)
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .collect();

    let (mut checked, mut stale) = (0, Vec::new());
    for (key, value) in &values {
        for piece in pieces(value) {
            let on = |html: &str| forms(&piece).iter().any(|f| html.contains(f.as_str()));
            if sources.contains(&piece) || !shown.iter().any(|(_, html)| on(html)) {
                continue;
            }
            checked += 1;
            for (page, _) in changed.iter().filter(|(_, html)| on(html)) {
                stale.push(format!("{page}: {key}: {piece:?}"));
            }
        }
    }
    assert!(
        checked > 30,
        "only {checked} pieces of {file} are on the pages"
    );
    assert!(
        stale.is_empty(),
        "words of {file} still shown after the file changed them (typed again in the code; \
         take them from the file):\n{}",
        stale.join("\n")
    );
}

#[test]
fn shouting_keeps_slots_link_targets_and_tags() {
    assert_eq!(
        shout("[Paper](/paper/) · <i>the</i> {final} of {n} items {Not a slot}"),
        "[PAPER](/paper/) · <i>THE</i> {final} OF {n} ITEMS {NOT A SLOT}"
    );
    assert_eq!(
        pieces("The multiplier starts at {floor} with no items, {x} ok {not a slot}"),
        [
            "The multiplier starts at",
            "with no items,",
            "ok {not a slot}"
        ]
    );
}
