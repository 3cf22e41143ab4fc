//! The passes that turn one markdown page into HTML, in the order [`crate::page::render`]
//! runs them. Each takes the page's event stream (pulldown-cmark events, each with the source
//! line it came from) and returns it changed; the passes that emit ids or links write them to
//! the page's [`crate::record::Record`].
//!
//! 1. [`frontmatter`]: the TOML block is split off the text;
//! 2. [`parse`]: markdown → events, each with its file line;
//! 3. [`links`]: the links, images and raw-HTML ids the author wrote are recorded;
//! 4. [`evidence`]: evidence blocks are scored and become figures;
//! 5. [`plots`]: plot blocks become inline SVG;
//! 6. [`islands`]: a paragraph holding only `{{ calculator }}`, `{{ probe }}` or
//!    `{{ pairwise }}` becomes that island's static box;
//! 7. [`headings`]: headings get unique ids and anchor links; h2/h3 feed the contents;
//! 8. [`references`]: `{{ id.field }}` becomes the named evidence block's value;
//! 9. [`citations`]: `[@key]` becomes a numbered link; the reference list is appended;
//! 10. [`math`]: `$…$` and `$$…$$` become MathML;
//! 11. [`code`]: shell and prompt blocks get a copy button, other code blocks keyboard focus;
//! 12. [`tables`]: tables scroll sideways on narrow screens.

use pulldown_cmark::{CodeBlockKind, Event, Tag, TagEnd};

pub mod citations;
pub mod code;
pub mod evidence;
pub mod frontmatter;
pub mod headings;
pub mod islands;
pub mod links;
pub mod math;
pub mod parse;
pub mod plots;
pub mod references;
pub mod tables;

/// One event and the 1-based file line it starts on.
#[derive(Clone, Debug, PartialEq)]
pub struct Ev<'a> {
    /// The event.
    pub event: Event<'a>,
    /// Its line in the source file.
    pub line: usize,
}

impl<'a> Ev<'a> {
    /// An event at a line.
    pub fn new(event: Event<'a>, line: usize) -> Ev<'a> {
        Ev { event, line }
    }

    /// Raw block HTML emitted by a pass.
    pub fn html(html: String, line: usize) -> Ev<'a> {
        Ev::new(Event::Html(html.into()), line)
    }

    /// Raw inline HTML emitted by a pass.
    pub fn inline_html(html: String, line: usize) -> Ev<'a> {
        Ev::new(Event::InlineHtml(html.into()), line)
    }
}

/// A page's event stream.
pub type Events<'a> = Vec<Ev<'a>>;

/// The info string of a fenced code block's opening event (`evidence id=x`), if it is one.
pub fn fence_info<'e>(event: &'e Event) -> Option<&'e str> {
    match event {
        Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => Some(info),
        _ => None,
    }
}

/// The language of a fenced code block's opening event: the info string's first word.
pub fn fence_lang<'e>(event: &'e Event) -> Option<&'e str> {
    fence_info(event).map(|info| info.split_whitespace().next().unwrap_or(""))
}

/// The text of the code block that opens at `events[start]`, and the index of its end event.
pub fn block_text(events: &[Ev], start: usize) -> (String, usize) {
    let mut text = String::new();
    let mut i = start + 1;
    while i < events.len() && !matches!(events[i].event, Event::End(TagEnd::CodeBlock)) {
        if let Event::Text(t) = &events[i].event {
            text.push_str(t);
        }
        i += 1;
    }
    (text, i)
}

/// Calls `f` on each text event outside code blocks, replacing it with what `f` returns.
/// The passes that rewrite prose (references, citations) use it, so code stays as written.
pub fn map_prose<'a, E>(
    events: Events<'a>,
    mut f: impl FnMut(&str, usize) -> Result<Option<Event<'a>>, E>,
) -> Result<Events<'a>, E> {
    let mut in_code = false;
    let mut out = Vec::with_capacity(events.len());
    for ev in events {
        match &ev.event {
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(t) if !in_code => {
                if let Some(new) = f(t, ev.line)? {
                    out.push(Ev::new(new, ev.line));
                    continue;
                }
            }
            _ => {}
        }
        out.push(ev);
    }
    Ok(out)
}

/// Writes the events as HTML.
pub fn write(events: Events) -> String {
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.into_iter().map(|e| e.event));
    html
}

#[cfg(test)]
pub(crate) mod test_util {
    //! Helpers for the passes' unit tests.
    use super::*;

    /// Parses `md` (whose first line is line 1) into events.
    pub fn events(md: &str) -> Events<'_> {
        parse::parse(md, 1)
    }

    /// The HTML of `events`.
    pub fn html(events: Events) -> String {
        write(events)
    }

    /// The test site's words (`tests/fixtures/site/content/layout.toml`).
    pub fn layout() -> crate::layout::Layout {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/site");
        crate::layout::Layout::load(&root).expect("the test site's layout file")
    }
}
