//! Markdown → events: pulldown-cmark with the site's extensions, each event tagged with the
//! file line its source starts on, and runs of text joined so that `{{ id.field }}` and
//! `[@key]` reach the later passes whole.

use super::{Ev, Events};
use crate::error::Lines;
use pulldown_cmark::{CowStr, Event, Options, Parser};

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
