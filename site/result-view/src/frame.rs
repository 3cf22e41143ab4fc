//! The static box of the probe and pairwise islands: what the site generator writes where the
//! island will mount, readable with JavaScript off. The live island replaces everything but
//! the results, which are the same function's markup in both (see [`crate::probe`],
//! [`crate::pairwise`]).

use crate::escape;

/// What a static box shows around its results.
#[derive(Clone, Copy, Debug)]
pub struct Frame<'a> {
    /// The id of the root element, which the island takes over.
    pub id: &'a str,
    /// The accessible name of the region.
    pub region: &'a str,
    /// The bar above the input, markup.
    pub bar: &'a str,
    /// The label over the input.
    pub input: &'a str,
    /// The accessible name of the read-only input.
    pub input_name: &'a str,
    /// The example in the input.
    pub example: &'a str,
    /// The line under the input.
    pub hint: &'a str,
    /// The `<noscript>` note under the hint, markup.
    pub noscript: &'a str,
    /// The accessible name of the results region.
    pub results: &'a str,
}

/// The box around `results` (markup): the root named `region`, the bar, the read-only example
/// with its label, accessible name, hint and `<noscript>` note, then the results region.
pub fn static_box(f: &Frame<'_>, results: &str) -> String {
    format!(
        "<div id=\"{}\" class=\"calc isl\" role=\"region\" aria-label=\"{}\">\
<div class=\"isl-body\">\
<div class=\"isl-bar\"><p class=\"calc-label\">{}</p></div>\
<div class=\"isl-in\"><span class=\"calc-label\">{}</span>\
<textarea class=\"calc-input\" readonly aria-label=\"{}\">{}</textarea>\
<p class=\"calc-hint\">{}</p><noscript><p class=\"calc-hint\">{}</p></noscript></div>\
<div class=\"isl-results\" role=\"region\" tabindex=\"0\" aria-label=\"{}\">\
{results}</div></div></div>\n",
        escape(f.id),
        escape(f.region),
        f.bar,
        escape(f.input),
        escape(f.input_name),
        escape(f.example),
        escape(f.hint),
        f.noscript,
        escape(f.results),
    )
}
