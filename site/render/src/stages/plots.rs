//! Plots: each fenced `plot kind=…` block becomes an inline SVG figure drawn at build time
//! ([`crate::chart`]); the figure's id is recorded.

use crate::error::Error;
use crate::events::{block_text, fence_info, Ev, Events};
use crate::layout_words::Layout;
use crate::record::Record;
use std::path::Path;

/// Replaces every plot block of `events` with its figure, in `layout`'s words.
///
/// # Errors
/// An unknown kind or a bad option, at the block's opening fence.
pub fn run<'a>(
    file: &Path,
    events: Events<'a>,
    record: &mut Record,
    layout: &Layout,
) -> Result<Events<'a>, Error> {
    let mut out = Vec::with_capacity(events.len());
    let mut i = 0;
    while i < events.len() {
        let ev = &events[i];
        match fence_info(&ev.event) {
            Some(info) if info.split_whitespace().next() == Some("plot") => {
                let figure = crate::chart::figure(info, &layout.plots, &layout.items)
                    .map_err(|m| Error::at(file, ev.line, m))?;
                record.id(figure.id);
                out.push(Ev::html(figure.html, ev.line));
                i = block_text(&events, i).1 + 1;
            }
            _ => {
                out.push(ev.clone());
                i += 1;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::test_util::{events, html, layout};

    #[test]
    fn a_plot_block_becomes_a_figure_with_its_id_recorded() {
        let mut r = Record::default();
        let out = run(
            Path::new("p.md"),
            events("```plot kind=multiplier\n```\n"),
            &mut r,
            &layout(),
        )
        .unwrap();
        assert!(html(out).starts_with("<figure class=\"plot\" id=\"plot-multiplier\">"));
        assert!(r.ids.contains("plot-multiplier"));
    }

    #[test]
    fn a_bad_plot_is_an_error_at_its_fence() {
        let err = run(
            Path::new("p.md"),
            events("Text.\n\n```plot kind=pie\n```\n"),
            &mut Record::default(),
            &layout(),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "p.md:3: plot kind \"pie\" is not one of final-vs-net, multiplier"
        );
    }
}
