//! Citations: `[@key]` and `[@key, §5.2]` in prose become numbered links to the page's
//! reference list ([`crate::bibliography`]), which is appended at the end of the page. Records
//! each citation link with its line, and the list's ids.

use super::headings::TocEntry;
use crate::bibliography::{Bibliography, Cited};
use crate::error::Error;
use crate::events::{map_prose, Ev, Events};
use crate::html::escape;
use crate::layout_words::Labels;
use crate::record::Record;
use pulldown_cmark::Event;
use std::path::Path;

/// Rewrites the citations in the prose of `events` and appends the reference list, headed
/// with `labels.references`; returns the list's contents entry when the page cites anything.
///
/// # Errors
/// A citation that does not start with `@`, or a key with no entry in the bibliography.
pub fn run<'a>(
    file: &Path,
    events: Events<'a>,
    bib: &Bibliography,
    record: &mut Record,
    labels: &Labels<'_>,
) -> Result<(Events<'a>, Option<TocEntry>), Error> {
    let mut cited = Cited::default();
    let mut out = map_prose(events, |text, line| {
        if !text.contains("[@") {
            return Ok(None);
        }
        let (html, keys) = cited
            .rewrite(&escape(text), bib)
            .map_err(|m| Error::at(file, line, m))?;
        for key in keys {
            record.link(format!("#ref-{key}"), file, Some(line));
        }
        Ok(Some(Event::InlineHtml(html.into())))
    })?;
    if cited.is_empty() {
        return Ok((out, None));
    }
    let last = out.last().map_or(1, |e| e.line);
    out.push(Ev::html(
        cited.section(bib, labels.references, labels.anchor),
        last,
    ));
    record.id("references");
    for key in cited.keys() {
        record.id(format!("ref-{key}"));
    }
    let entry = TocEntry {
        level: 2,
        id: "references".into(),
        text: labels.references.to_string(),
    };
    Ok((out, Some(entry)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bibliography::Reference;
    use crate::stages::test_util::{events, html, layout};

    fn bib() -> Bibliography {
        let r = Reference {
            authors: "A. Writer".into(),
            year: 2020,
            title: None,
            note: None,
            url: None,
        };
        Bibliography([("w".to_string(), r)].into())
    }

    #[test]
    fn citations_link_to_the_appended_list() {
        let mut r = Record::default();
        let (out, entry) = run(
            Path::new("p.md"),
            events("As shown [@w, §2].\n"),
            &bib(),
            &mut r,
            &layout().labels.lend(),
        )
        .unwrap();
        let h = html(out);
        assert!(h.starts_with("<p>As shown <span class=\"citation\">[<a class=\"cite\" href=\"#ref-w\" title=\"A. Writer (2020)\">1, §2</a>]</span>.</p>\n<section class=\"references\""), "{h}");
        assert!(h.contains("<li id=\"ref-w\">A. Writer (2020).</li>"), "{h}");
        assert_eq!(entry.map(|e| e.id), Some("references".to_string()));
        assert_eq!(r.links[0].target, "#ref-w");
        assert!(r.ids.contains("ref-w") && r.ids.contains("references"));
    }

    #[test]
    fn an_unknown_key_is_an_error_with_its_line() {
        let err = run(
            Path::new("p.md"),
            events("Fine.\n\nSee [@nobody].\n"),
            &bib(),
            &mut Record::default(),
            &layout().labels.lend(),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "p.md:3: citation [@nobody] has no entry in content/references/*.toml"
        );
    }

    #[test]
    fn a_page_without_citations_gets_no_list() {
        let (out, entry) = run(
            Path::new("p.md"),
            events("Plain.\n"),
            &bib(),
            &mut Record::default(),
            &layout().labels.lend(),
        )
        .unwrap();
        assert_eq!(html(out), "<p>Plain.</p>\n");
        assert_eq!(entry, None);
    }
}
