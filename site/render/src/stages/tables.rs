//! Tables: each is wrapped in a region that scrolls sideways on narrow screens and, being
//! scrollable, is reachable by keyboard.

use crate::events::{Ev, Events};
use pulldown_cmark::{Event, Tag, TagEnd};

/// Wraps every table of `events`.
pub fn run(events: Events) -> Events {
    let mut out = Vec::with_capacity(events.len());
    for ev in events {
        match &ev.event {
            Event::Start(Tag::Table(_)) => {
                out.push(Ev::html(
                    "<div class=\"scroll-x\" tabindex=\"0\">".into(),
                    ev.line,
                ));
                out.push(ev);
            }
            Event::End(TagEnd::Table) => {
                let line = ev.line;
                out.push(ev);
                out.push(Ev::html("</div>\n".into(), line));
            }
            _ => out.push(ev),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::test_util::{events, html};

    #[test]
    fn a_table_is_wrapped_in_a_scrolling_region() {
        let h = html(run(events("| a |\n|---|\n| 1 |\n")));
        assert!(
            h.starts_with("<div class=\"scroll-x\" tabindex=\"0\"><table>"),
            "{h}"
        );
        assert!(h.ends_with("</table>\n</div>\n"), "{h}");
    }
}
