//! The event stream every stage works on: markdown → pulldown-cmark events, each tagged with
//! the file line its source starts on ([`parse`]), runs of text joined so that `{{ id.field }}`
//! and `[@key]` reach the stages whole; the helpers the stages share to read and rewrite it;
//! and events → HTML ([`write`]). The page's body, the hero's receipts and the layout's footer
//! are all parsed here.

use crate::error::Lines;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};

/// The markdown extensions every page gets.
pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_MATH
        | Options::ENABLE_SMART_PUNCTUATION
}

/// Parses `body`, whose first line is line `first_line` of its file.
pub fn parse(body: &str, first_line: usize) -> Events<'_> {
    let lines = Lines::new(body, first_line);
    let mut out: Events = Vec::new();
    for (event, range) in Parser::new_ext(body, options()).into_offset_iter() {
        // pulldown-cmark splits text at `[`, `]`, entities…: join the pieces.
        if let (
            Event::Text(t),
            Some(Ev {
                event: Event::Text(prev),
                ..
            }),
        ) = (&event, out.last_mut())
        {
            *prev = CowStr::from(format!("{prev}{t}"));
            continue;
        }
        out.push(Ev::new(event, lines.line(range.start)));
    }
    out
}

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

    /// Raw block HTML emitted by a stage.
    pub fn html(html: String, line: usize) -> Ev<'a> {
        Ev::new(Event::Html(html.into()), line)
    }

    /// Raw inline HTML emitted by a stage.
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
/// The stages that rewrite prose (references, citations) use it, so code stays as written.
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
mod tests {
    use super::*;

    #[test]
    fn text_is_joined_and_lines_are_the_file_lines() {
        let events = parse("# Title\n\nSee [@key] and {{ a.b }}.\n", 7);
        let texts: Vec<(String, usize)> = events
            .iter()
            .filter_map(|e| match &e.event {
                Event::Text(t) => Some((t.to_string(), e.line)),
                _ => None,
            })
            .collect();
        assert_eq!(
            texts,
            [
                ("Title".to_string(), 7),
                ("See [@key] and {{ a.b }}.".to_string(), 9)
            ]
        );
    }
}
