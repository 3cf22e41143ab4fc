//! The links the author wrote → addresses under the site's base path ([`crate::base`]):
//! markdown links and images, and the `href` and `src` attributes of raw HTML. It runs right
//! after the page's record has noted each link as written (the link check works on site paths)
//! and before any stage adds HTML of its own: those stages write their links with the base
//! already, so nothing is moved twice.

use crate::base::Base;
use crate::events::Events;
use crate::record::attributes;
use pulldown_cmark::{CowStr, Event, Tag};

/// Moves every root link of `events` under `base`.
pub fn run<'a>(events: Events<'a>, base: Base) -> Events<'a> {
    if base == Base::ROOT {
        return events;
    }
    events
        .into_iter()
        .map(|mut ev| {
            match &mut ev.event {
                Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                    *dest_url = CowStr::from(base.url(dest_url).into_owned());
                }
                Event::Html(h) | Event::InlineHtml(h) => *h = CowStr::from(moved(h, base)),
                _ => {}
            }
            ev
        })
        .collect()
}

/// `html` with the values of its `href` and `src` attributes moved under `base`.
fn moved(html: &str, base: Base) -> String {
    let mut out = String::with_capacity(html.len());
    let mut done = 0;
    for (name, value) in attributes(html) {
        if name != "id" {
            out.push_str(&html[done..value.start]);
            out.push_str(&base.url(&html[value.clone()]));
            done = value.end;
        }
    }
    out.push_str(&html[done..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::test_util::{events, html};

    #[test]
    fn markdown_links_images_and_raw_html_move_under_the_base() {
        let md =
            "Read [the paper](/paper/#f), [a note](#n) and [elsewhere](https://example.org/).\n\n\
                  ![A plot](/plots/a.svg)\n\n<p id=\"here\"><a href=\"/probe/\">probe</a> \
                  <img src=\"/x.svg\" alt=\"\"> <a href=\"//cdn.example/\">c</a></p>\n";
        let out = html(run(events(md), Base::new("/pickanumber/")));
        assert_eq!(
            out,
            "<p>Read <a href=\"/pickanumber/paper/#f\">the paper</a>, <a href=\"#n\">a note</a> and \
             <a href=\"https://example.org/\">elsewhere</a>.</p>\n\
             <p><img src=\"/pickanumber/plots/a.svg\" alt=\"A plot\" /></p>\n\
             <p id=\"here\"><a href=\"/pickanumber/probe/\">probe</a> <img src=\"/pickanumber/x.svg\" alt=\"\"> \
             <a href=\"//cdn.example/\">c</a></p>\n"
        );
    }

    #[test]
    fn at_the_root_the_events_are_unchanged() {
        let md = "[p](/paper/) <a href=\"/x/\">x</a>\n";
        assert_eq!(run(events(md), Base::ROOT), events(md));
    }
}
