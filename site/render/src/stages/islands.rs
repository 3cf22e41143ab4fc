//! Island markers: a paragraph holding only `{{ calculator }}`, `{{ probe }}` or
//! `{{ pairwise }}` becomes that island's static box ([`placeholder`]), which the live
//! wasm app later replaces. A page places at most one island; its root id is recorded.

use crate::base::Base;
use crate::error::Error;
use crate::events::{Ev, Events};
use crate::instruments::Island;
use crate::layout_words::Layout;
use crate::record::Record;
use pulldown_cmark::{Event, Tag, TagEnd};
use std::path::Path;

/// The static box that stands in an island's place until (and unless) the wasm runs. Its
/// words are the island's table in `content/layout.toml`.
pub fn placeholder(island: Island, layout: &Layout, base: Base) -> String {
    match island {
        Island::Calculator => {
            crate::calculator::placeholder(&layout.calculator, &layout.result.lend())
        }
        Island::Probe => crate::instruments::probe_placeholder(&layout.probe),
        Island::Pairwise => crate::instruments::pairwise_placeholder(&layout.pairwise),
        Island::Setup => crate::setup::placeholder(&layout.setup.lend(), base),
    }
}

/// The island a paragraph's whole text names.
pub fn marker(text: &str) -> Option<Island> {
    crate::braces::only_marker(text).and_then(Island::from_marker)
}

/// Replaces the marker paragraph of `events` with its island's static box, in `layout`'s
/// words; returns the island placed, if any.
///
/// # Errors
/// A second marker in the same page.
pub fn run<'a>(
    file: &Path,
    events: Events<'a>,
    record: &mut Record,
    layout: &Layout,
    base: Base,
) -> Result<(Events<'a>, Option<Island>), Error> {
    let mut island = None;
    let mut out = Vec::with_capacity(events.len());
    let mut i = 0;
    while i < events.len() {
        let ev = &events[i];
        let found = match (&ev.event, events.get(i + 1), events.get(i + 2)) {
            (
                Event::Start(Tag::Paragraph),
                Some(Ev {
                    event: Event::Text(t),
                    ..
                }),
                Some(Ev {
                    event: Event::End(TagEnd::Paragraph),
                    ..
                }),
            ) => marker(t),
            _ => None,
        };
        let Some(found) = found else {
            out.push(ev.clone());
            i += 1;
            continue;
        };
        if island.is_some() {
            return Err(Error::at(
                file,
                ev.line,
                "a page holds at most one island ({{ calculator }}, {{ probe }} or {{ pairwise }})",
            ));
        }
        island = Some(found);
        record.id(found.root_id());
        out.push(Ev::html(placeholder(found, layout, base), ev.line));
        i += 3;
    }
    Ok((out, island))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::test_util::{events, html, layout};

    #[test]
    fn a_marker_paragraph_becomes_the_island() {
        let mut r = Record::default();
        let (out, island) = run(
            Path::new("p.md"),
            events("Intro.\n\n{{ probe }}\n"),
            &mut r,
            &layout(),
            Base::ROOT,
        )
        .unwrap();
        assert_eq!(island, Some(Island::Probe));
        let h = html(out);
        assert!(h.starts_with("<p>Intro.</p>\n<div id=\"probe\""), "{h}");
        assert!(r.ids.contains("probe"));
    }

    #[test]
    fn a_marker_inside_a_sentence_is_left_for_the_references_stage() {
        let (out, island) = run(
            Path::new("p.md"),
            events("See {{ probe }} here.\n"),
            &mut Record::default(),
            &layout(),
            Base::ROOT,
        )
        .unwrap();
        assert_eq!(island, None);
        assert_eq!(html(out), "<p>See {{ probe }} here.</p>\n");
    }

    #[test]
    fn two_islands_are_an_error_at_the_second() {
        let err = run(
            Path::new("p.md"),
            events("{{ probe }}\n\n{{ pairwise }}\n"),
            &mut Record::default(),
            &layout(),
            Base::ROOT,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "p.md:3: a page holds at most one island ({{ calculator }}, {{ probe }} or {{ pairwise }})"
        );
    }
}
