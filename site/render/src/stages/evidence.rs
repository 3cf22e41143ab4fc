//! Evidence blocks: each fenced `evidence id=…` block is scored by the formula crate
//! ([`crate::scoring::Block`]) and replaced by its figure. The scored blocks are returned
//! for the [`super::references`] stage, so prose anywhere on the page can quote them.

use crate::base::Base;
use crate::error::Error;
use crate::events::{block_text, fence_info, Ev, Events};
use crate::layout_words::Layout;
use crate::record::Record;
use crate::scoring::Block;
use std::collections::BTreeMap;
use std::path::Path;

/// The page's scored blocks, by id.
pub type Blocks = BTreeMap<String, Block>;

/// Whether a fence's info string opens an evidence block.
pub fn is_evidence(info: &str) -> bool {
    info.split_whitespace().next() == Some("evidence")
}

/// Scores every evidence block of `events` and puts its figure, in `layout`'s words, in its
/// place; records each figure's id.
///
/// # Errors
/// A block's first problem (see [`Block::compile`]), or an id used twice.
pub fn run<'a>(
    file: &Path,
    events: Events<'a>,
    record: &mut Record,
    layout: &Layout,
    base: Base,
) -> Result<(Events<'a>, Blocks), Error> {
    let mut blocks = Blocks::new();
    let mut out = Vec::with_capacity(events.len());
    let mut i = 0;
    while i < events.len() {
        let ev = &events[i];
        match fence_info(&ev.event) {
            Some(info) if is_evidence(info) => {
                let (body, end) = block_text(&events, i);
                let block = Block::compile(file, ev.line, info, &body)?;
                if blocks.contains_key(&block.id) {
                    return Err(Error::at(
                        file,
                        ev.line,
                        format!("evidence id \"{}\" is used twice in this page", block.id),
                    ));
                }
                if let Some(id) = block.anchor() {
                    record.id(id);
                }
                out.push(Ev::html(
                    block.html(&layout.evidence, &layout.result.lend(), &layout.items, base),
                    ev.line,
                ));
                blocks.insert(block.id.clone(), block);
                i = end + 1;
            }
            _ => {
                out.push(ev.clone());
                i += 1;
            }
        }
    }
    Ok((out, blocks))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::test_util::{events, html, layout};

    #[test]
    fn a_block_becomes_its_figure_and_is_kept_for_references() {
        let mut r = Record::default();
        let md = "Before.\n\n```evidence id=a\n+5 done\n```\n\nAfter.\n";
        let (out, blocks) =
            run(Path::new("p.md"), events(md), &mut r, &layout(), Base::ROOT).unwrap();
        let h = html(out);
        assert!(h.starts_with("<p>Before.</p>\n<figure class=\"evidence\" id=\"evidence-a\">"));
        assert!(h.ends_with("</figure>\n<p>After.</p>\n"), "{h}");
        assert_eq!(blocks["a"].values()["final"], "81");
        assert!(r.ids.contains("evidence-a"));
    }

    #[test]
    fn a_hidden_block_records_no_id() {
        let mut r = Record::default();
        let md = "```evidence id=a show=none\n+5 done\n```\n";
        let (out, _) = run(Path::new("p.md"), events(md), &mut r, &layout(), Base::ROOT).unwrap();
        assert_eq!(html(out), "");
        assert!(r.ids.is_empty());
    }

    #[test]
    fn an_id_used_twice_is_an_error_at_the_second_fence() {
        let md = "```evidence id=a\n+5 x\n```\n\n```evidence id=a\n+3 y\n```\n";
        let err = run(
            Path::new("p.md"),
            events(md),
            &mut Record::default(),
            &layout(),
            Base::ROOT,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "p.md:5: evidence id \"a\" is used twice in this page"
        );
    }
}
