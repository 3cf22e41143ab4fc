//! Headings: each gets a stable id (its `{#id}` attribute, or a slug of its text made unique
//! on the page) and a visible anchor link; h2 and h3 are kept for the table of contents.
//! Records each id.

use crate::events::{Ev, Events};
use crate::html::slug;
use crate::record::Record;
use pulldown_cmark::{Event, HeadingLevel, Tag, TagEnd};
use std::collections::BTreeSet;

/// A heading kept for the table of contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TocEntry {
    /// 2 or 3.
    pub level: u8,
    /// The anchor.
    pub id: String,
    /// The heading text.
    pub text: String,
}

/// Replaces each heading's start and end with HTML carrying its id and anchor (`anchor` is the
/// link's accessible name, from `content/layout.toml`); returns the h2 and h3 headings in order.
pub fn run<'a>(
    events: Events<'a>,
    record: &mut Record,
    anchor: &str,
) -> (Events<'a>, Vec<TocEntry>) {
    let anchor = crate::html::escape(anchor);
    let mut used = BTreeSet::new();
    let mut toc = Vec::new();
    let mut out = Vec::with_capacity(events.len());
    let mut open: Option<(u8, String)> = None;
    for (i, ev) in events.iter().enumerate() {
        match &ev.event {
            Event::Start(Tag::Heading { level, id, .. }) => {
                let text = plain_text(&events[i + 1..]);
                let base = id.as_deref().map_or_else(|| slug(&text), str::to_string);
                let id = unique(&mut used, base);
                let n = number(*level);
                if n == 2 || n == 3 {
                    toc.push(TocEntry {
                        level: n,
                        id: id.clone(),
                        text,
                    });
                }
                record.id(id.clone());
                out.push(Ev::html(format!("<h{n} id=\"{id}\">"), ev.line));
                open = Some((n, id));
            }
            Event::End(TagEnd::Heading(_)) => {
                let (n, id) = open.take().unwrap_or_default();
                out.push(Ev::html(
                    format!(
                        "<a class=\"anchor\" href=\"#{id}\" aria-label=\"{anchor}\">#</a></h{n}>\n"
                    ),
                    ev.line,
                ));
            }
            _ => out.push(ev.clone()),
        }
    }
    (out, toc)
}

fn unique(used: &mut BTreeSet<String>, base: String) -> String {
    let mut id = base.clone();
    let mut n = 1;
    while !used.insert(id.clone()) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
}

fn number(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// The text of a heading, from the events after its start up to its end.
fn plain_text(events: &[Ev]) -> String {
    events
        .iter()
        .take_while(|e| !matches!(e.event, Event::End(TagEnd::Heading(_))))
        .filter_map(|e| match &e.event {
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) => Some(t.to_string()),
            _ => None,
        })
        .collect::<String>()
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::test_util::{events, html};

    #[test]
    fn ids_are_unique_and_h2_h3_feed_the_contents() {
        let mut r = Record::default();
        let md = "# Top\n\n## Same `code`\n\n## Same `code`\n\n### Given {#mine}\n\n#### Deep\n";
        let (out, toc) = run(events(md), &mut r, "Link to this section");
        let ids: Vec<(u8, &str, &str)> = toc
            .iter()
            .map(|e| (e.level, e.id.as_str(), e.text.as_str()))
            .collect();
        assert_eq!(
            ids,
            [
                (2, "same-code", "Same code"),
                (2, "same-code-1", "Same code"),
                (3, "mine", "Given")
            ]
        );
        assert!(html(out).starts_with("<h1 id=\"top\">Top<a class=\"anchor\" href=\"#top\" aria-label=\"Link to this section\">#</a></h1>\n<h2 id=\"same-code\">Same <code>code</code><a"));
        assert_eq!(r.ids.len(), 5);
    }
}
