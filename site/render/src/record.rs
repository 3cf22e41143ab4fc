//! What a page emitted that the link check needs: the ids it defines and the links it makes,
//! each link with the source file and line that wrote it. The stages fill a page's
//! [`Record`] as they emit HTML, so the check never reads the output back.

use crate::events::Events;
use pulldown_cmark::{Event, Tag};
use std::collections::BTreeSet;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// One link a page makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The target as written: `/paper/#formula`, `#ref-key`, `/plots/a.svg`.
    pub target: String,
    /// The file that wrote it, relative to the site root.
    pub file: PathBuf,
    /// The 1-based line of the file, or `None` for a link the page layout adds.
    pub line: Option<usize>,
}

/// The ids and links of one page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Every element id the page defines.
    pub ids: BTreeSet<String>,
    /// Every link and image source, in the order they were recorded.
    pub links: Vec<Link>,
}

impl Record {
    /// Records an element id.
    pub fn id(&mut self, id: impl Into<String>) {
        self.ids.insert(id.into());
    }

    /// Records a link written at `line` of `file` (`None`: added by the layout).
    pub fn link(&mut self, target: impl Into<String>, file: &Path, line: Option<usize>) {
        self.links.push(Link {
            target: target.into(),
            file: file.to_path_buf(),
            line,
        });
    }

    /// Records every `id`, `href` and `src` attribute of an HTML fragment that starts at
    /// `line` of `file` (HTML the author wrote into the markdown).
    pub fn html(&mut self, html: &str, file: &Path, line: usize) {
        for (name, value) in attributes(html) {
            let at = line + html[..value.start].matches('\n').count();
            let value = html[value].replace("&amp;", "&");
            match name {
                "id" => self.id(value),
                _ => self.link(value, file, Some(at)),
            }
        }
    }

    /// Records the links the author wrote in `events` (from `file`): markdown links and
    /// images, footnote references, and the `href`, `src` and `id` attributes of raw HTML, each
    /// with its file line. Runs on a page's body before the stages, on the hero's receipts and
    /// on the layout's footer.
    pub fn authored(&mut self, file: &Path, events: &Events) {
        for ev in events {
            match &ev.event {
                Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                    self.link(dest_url.to_string(), file, Some(ev.line));
                }
                Event::FootnoteReference(name) => {
                    self.link(format!("#{name}"), file, Some(ev.line))
                }
                Event::Start(Tag::FootnoteDefinition(name)) => self.id(name.to_string()),
                Event::Html(h) | Event::InlineHtml(h) => self.html(h, file, ev.line),
                _ => {}
            }
        }
    }
}

/// The `id`, `href` and `src` attributes of `html`, in order: (name, the byte range of the
/// value as written, entities and all). The `links` stage moves the `href` and `src` values it
/// finds here; the record reads the same ones.
pub fn attributes(html: &str) -> Vec<(&'static str, Range<usize>)> {
    let mut out = Vec::new();
    for name in ["id", "href", "src"] {
        let needle = format!(" {name}=\"");
        for (i, _) in html.match_indices(&needle) {
            let start = i + needle.len();
            if let Some(end) = html[start..].find('"') {
                out.push((name, start..start + end));
            }
        }
    }
    out.sort_by_key(|(_, r)| r.start);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_fragments_give_ids_and_links_with_their_lines() {
        let mut r = Record::default();
        r.html(
            "<div id=\"box\">\n<a href=\"/paper/?a=1&amp;b=2\">p</a>\n<img src=\"/x.svg\">",
            Path::new("content/a.md"),
            10,
        );
        assert_eq!(r.ids.iter().collect::<Vec<_>>(), ["box"]);
        let links: Vec<(&str, Option<usize>)> = r
            .links
            .iter()
            .map(|l| (l.target.as_str(), l.line))
            .collect();
        assert_eq!(links, [("/paper/?a=1&b=2", Some(11)), ("/x.svg", Some(12))]);
    }

    #[test]
    fn links_images_and_raw_html_are_recorded_with_their_lines() {
        let md = "Read [the paper](/paper/#formula).\n\n![A plot](/plots/a.svg)\n\n<span id=\"here\"></span>\n\nA note.[^n]\n\n[^n]: The note.\n";
        let mut r = Record::default();
        let file = Path::new("content/x.md");
        r.authored(file, &crate::events::parse(md, 1));
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
