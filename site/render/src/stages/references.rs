//! Inline references: `{{ id.field }}` in prose becomes the value an evidence block or a
//! retest block of the page computed (`{{ ex.final }}` → `72`). Code is left as written.
//! [`fill`] does the same for the page's published markdown.

use super::evidence::Blocks;
use super::retest::Figures;
use crate::braces::{scan, Piece};
use crate::error::Error;
use crate::events::{map_prose, Events};
use crate::instruments::Island;
use pulldown_cmark::{CowStr, Event};
use std::collections::BTreeMap;
use std::path::Path;

/// The values prose may quote, by block id then field: each evidence block's
/// ([`crate::scoring::Block::values`]) and each retest block's.
pub type Values = BTreeMap<String, BTreeMap<String, String>>;

/// The page's quotable values: its evidence blocks' and its retest blocks' `figures`.
pub fn values(blocks: &Blocks, figures: Figures) -> Values {
    let mut v: Values = blocks
        .iter()
        .map(|(id, b)| (id.clone(), b.values()))
        .collect();
    v.extend(figures);
    v
}

/// Replaces every reference in the prose of `events`.
///
/// # Errors
/// An unclosed `{{`, an island marker inside a sentence, or a reference to a block or field
/// the page does not have (the message lists what it has).
pub fn run<'a>(file: &Path, events: Events<'a>, blocks: &Values) -> Result<Events<'a>, Error> {
    map_prose(events, |text, line| {
        if !text.contains("{{") {
            return Ok(None);
        }
        let filled = fill_text(text, blocks).map_err(|m| Error::at(file, line, m))?;
        Ok(Some(Event::Text(CowStr::from(filled))))
    })
}

fn fill_text(text: &str, blocks: &Values) -> Result<String, String> {
    let mut out = String::new();
    for piece in scan(text) {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Marker { name, .. } => out.push_str(&value(name, blocks)?),
            Piece::Unclosed(_) => return Err("a reference {{ is not closed with }}".into()),
        }
    }
    Ok(out)
}

fn value(name: &str, blocks: &Values) -> Result<String, String> {
    if Island::from_marker(name).is_some() {
        return Err(format!("{{{{ {name} }}}} must be alone in its paragraph"));
    }
    let (id, field) = name.split_once('.').unwrap_or((name, ""));
    let Some(values) = blocks.get(id) else {
        let known: Vec<&str> = blocks.keys().map(String::as_str).collect();
        return Err(format!(
            "unknown reference {{{{ {name} }}}}: no evidence or retest block \"{id}\" in this page (blocks: {})",
            if known.is_empty() { "none".to_string() } else { known.join(", ") }
        ));
    };
    values.get(field).cloned().ok_or_else(|| {
        let fields: Vec<&str> = values
            .keys()
            .map(String::as_str)
            .filter(|k| !k.contains('.'))
            .collect();
        format!(
            "unknown reference {{{{ {name} }}}}: block \"{id}\" has no field \"{field}\" (fields: {})",
            fields.join(", ")
        )
    })
}

/// `body` with each `{{ id.field }}` that names a block's value replaced by it; anything
/// else between braces (an island marker, an example in a code span) stays as written.
pub fn fill(body: &str, blocks: &Values) -> String {
    let mut out = String::with_capacity(body.len());
    for piece in scan(body) {
        match piece {
            Piece::Text(t) | Piece::Unclosed(t) => out.push_str(t),
            Piece::Marker { name, raw } => {
                let value = match name {
                    // The quick start's prompt block, written in as the page shows it.
                    crate::setup::GENERIC_PROMPT => crate::setup::generic_prompt().ok(),
                    _ => name
                        .split_once('.')
                        .and_then(|(id, field)| blocks.get(id)?.get(field).cloned()),
                };
                out.push_str(value.as_deref().unwrap_or(raw));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::Block;
    use crate::stages::test_util::{events, html};

    fn blocks() -> Values {
        let b = Block::compile(Path::new("p.md"), 1, "evidence id=a", "+5 done\n").unwrap();
        values(&Blocks::from([("a".to_string(), b)]), Figures::new())
    }

    #[test]
    fn prose_gets_the_value_and_code_keeps_the_braces() {
        let md = "It scores {{ a.final }}.\n\n```\n{{ a.final }}\n```\n";
        let out = run(Path::new("p.md"), events(md), &blocks()).unwrap();
        assert_eq!(
            html(out),
            "<p>It scores 81.</p>\n<pre><code>{{ a.final }}\n</code></pre>\n"
        );
    }

    #[test]
    fn unknown_names_list_what_the_page_has() {
        let err = |md: &str| {
            run(Path::new("p.md"), events(md), &blocks())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("\n{{ b.final }}"),
            "p.md:2: unknown reference {{ b.final }}: no evidence or retest block \"b\" in this page (blocks: a)"
        );
        assert_eq!(
            err("{{ a.nope }}"),
            "p.md:1: unknown reference {{ a.nope }}: block \"a\" has no field \"nope\" (fields: confidence, density, final, final_unrounded, multiplier, multiplier2, net, normalized, raw, total)"
        );
        assert_eq!(
            err("See {{ calculator }} here."),
            "p.md:1: {{ calculator }} must be alone in its paragraph"
        );
        assert_eq!(
            err("Open {{ a.final"),
            "p.md:1: a reference {{ is not closed with }}"
        );
    }

    #[test]
    fn the_markdown_gets_values_and_keeps_other_braces() {
        assert_eq!(
            fill("{{ a.final }} and {{ calculator }} and {{ x", &blocks()),
            "81 and {{ calculator }} and {{ x"
        );
    }
}
