//! Math: `$…$` and `$$…$$` become MathML at build time ([`crate::mathml`]), so pages ship no
//! math JavaScript. Display math scrolls sideways on narrow screens, and a scrollable region
//! must be reachable by keyboard, hence its `tabindex`.

use crate::error::Error;
use crate::events::{Ev, Events};
use pulldown_cmark::Event;
use std::path::Path;

/// Replaces every math event of `events` with MathML.
///
/// # Errors
/// TeX that does not parse, with its line.
pub fn run<'a>(file: &Path, events: Events<'a>) -> Result<Events<'a>, Error> {
    events
        .into_iter()
        .map(|ev| {
            let mathml = |tex: &str, display| {
                crate::mathml::to_mathml(tex, display).map_err(|m| Error::at(file, ev.line, m))
            };
            Ok(match &ev.event {
                Event::InlineMath(tex) => Ev::inline_html(mathml(tex, false)?, ev.line),
                Event::DisplayMath(tex) => Ev::inline_html(
                    format!(
                        "<span class=\"scroll-x\" tabindex=\"0\">{}</span>",
                        mathml(tex, true)?
                    ),
                    ev.line,
                ),
                _ => ev,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::test_util::{events, html};

    #[test]
    fn inline_and_display_math_become_mathml() {
        let out = run(Path::new("p.md"), events("$n$ and\n\n$$m$$\n")).unwrap();
        let h = html(out);
        assert!(h.starts_with("<p><math"), "{h}");
        assert!(
            h.contains("<span class=\"scroll-x\" tabindex=\"0\"><math display=\"block\""),
            "{h}"
        );
    }

    #[test]
    fn bad_tex_is_an_error_with_its_line() {
        let err = run(Path::new("p.md"), events("Fine.\n\n$\\frac{1}$\n")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("p.md:3: math $\\frac{1}$ does not parse: "),
            "{err}"
        );
    }
}
