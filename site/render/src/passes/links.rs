//! Records the links the author wrote: markdown links and images, footnote references, and
//! the `href`, `src` and `id` attributes of raw HTML, each with its file line. The events
//! pass through unchanged.

use super::Events;
use crate::record::Record;
use pulldown_cmark::{Event, Tag};
use std::path::Path;

/// Records the links and ids of `events`, written in `file`.
pub fn run(file: &Path, events: &Events, record: &mut Record) {
    for ev in events {
        match &ev.event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                record.link(dest_url.to_string(), file, Some(ev.line));
            }
            Event::FootnoteReference(name) => {
                record.link(format!("#{name}"), file, Some(ev.line));
            }
            Event::Start(Tag::FootnoteDefinition(name)) => record.id(name.to_string()),
            Event::Html(h) | Event::InlineHtml(h) => record.html(h, file, ev.line),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::test_util::events;

    #[test]
    fn links_images_and_raw_html_are_recorded_with_their_lines() {
        let md = "Read [the paper](/paper/#formula).\n\n![A plot](/plots/a.svg)\n\n<span id=\"here\"></span>\n\nA note.[^n]\n\n[^n]: The note.\n";
        let mut r = Record::default();
        let file = Path::new("content/x.md");
        run(file, &events(md), &mut r);
        let links: Vec<(&str, Option<usize>)> = r
            .links
            .iter()
            .map(|l| (l.target.as_str(), l.line))
            .collect();
        assert_eq!(
            links,
            [
                ("/paper/#formula", Some(1)),
                ("/plots/a.svg", Some(3)),
                ("#n", Some(7))
            ]
        );
        assert!(r.ids.contains("here") && r.ids.contains("n"));
        assert!(r.links.iter().all(|l| l.file == file));
    }
}
