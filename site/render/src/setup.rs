//! The setup page's place (`{{ setup }}`): a static box computed at build time from the worked
//! example rubric `examples/rubrics/pull-request.toml`, by the same functions the live island
//! renders with ([`pickanumber_setup::html`]): the form, disabled, and its results (the rubric
//! file, the prompt, the schema and the link that opens the calculator with the rubric's
//! settings). The box carries the page's words for the island (`data-words`, one a line), so
//! the wasm holds no label; the words are the `[setup]` table of `content/layout.toml`.

use crate::base::Base;
use crate::html::escape;
use pickanumber_rubric::Rubric;
use pickanumber_setup::{html, Form, Words};

/// The worked example: the matrix rubric of `examples/rubrics/`.
pub const EXAMPLE: &str = include_str!("../../../examples/rubrics/pull-request.toml");

/// The generic rubric (pooled, the five default perspectives) whose prompt the quick start
/// shows.
pub const GENERIC: &str = include_str!("../../../examples/rubrics/generic.toml");

/// The name in `{{ generic-prompt }}`: the text of a ` ```prompt ` block that the build
/// replaces with [`generic_prompt`] (in the page and in its published markdown).
pub const GENERIC_PROMPT: &str = "generic-prompt";

/// The judge prompt of [`GENERIC`], as `pickanumber rubric prompt` prints it.
///
/// # Errors
/// The generic rubric does not read (the first error, with the file's name).
pub fn generic_prompt() -> Result<String, String> {
    Rubric::parse(GENERIC)
        .map(|r| r.prompt())
        .map_err(|e| e[0].in_file("examples/rubrics/generic.toml"))
}

/// The example as the form shows it, or the rubric crate's first error (a broken example
/// fails the build, never the page).
///
/// # Errors
/// The example does not read as a rubric.
pub fn example() -> Result<Form, String> {
    Rubric::parse(EXAMPLE)
        .map(|r| Form::from_rubric(&r))
        .map_err(|e| e[0].in_file("examples/rubrics/pull-request.toml"))
}

/// The static box: the root `#setup` with the words for the island (`data-words`) and the
/// example as a JSON rubric for it to start from (`data-rubric`), the line that says what the
/// example is, the disabled form, the `<noscript>` note and the results, whose link opens the
/// calculator at the site's root under `base` (the island reads that address from it).
/// [`crate::layout_words::Layout::parse`] has refused a build whose example does not read.
pub fn placeholder(words: &Words<'_>, base: Base) -> String {
    let form = example().unwrap_or_default();
    format!(
        "<div id=\"setup\" class=\"setup\" role=\"region\" aria-label=\"{}\" data-words=\"{}\" data-rubric=\"{}\">\
<p class=\"setup-lead\">{}</p>\
<div class=\"setup-live\">{}</div>\
<noscript><p class=\"setup-lead\">{}</p></noscript>\
<p class=\"setup-status\" id=\"setup-status\" role=\"status\"></p>\
<div class=\"setup-results\" id=\"setup-results\" role=\"region\" aria-label=\"{}\">{}</div></div>\n",
        escape(words.region),
        escape(&words.to_lines()),
        escape(&form.rubric().map_or(String::new(), |r| r.to_json())),
        escape(words.example),
        html::form(&form, words, false),
        escape(words.noscript),
        escape(words.results),
        html::outputs(&form.rubric(), words, &base.url("/")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generic_prompt_block_is_the_generators_prompt() {
        use crate::stages::test_util::{events, html};
        let md = "```prompt\n{{ generic-prompt }}\n```\n";
        let page = html(crate::stages::code::run(events(md), "Copy"));
        let prompt = generic_prompt().unwrap();
        assert!(prompt.starts_with("# Evidence brief: the work given after this brief\n"));
        assert_eq!(
            page,
            crate::stages::code::copy_block(prompt.trim_end(), "Copy")
        );
        let twin = crate::stages::references::fill(md, &Default::default());
        assert_eq!(twin, format!("```prompt\n{prompt}\n```\n"));
    }

    #[test]
    fn the_static_box_and_the_island_render_the_same_results() {
        let layout = crate::stages::test_util::layout();
        let words = layout.setup.lend();
        let boxed = placeholder(&words, crate::base::Base::ROOT);
        // The island's first render: the words read back from the box, the example's form,
        // the same result function.
        let start = boxed.find("data-words=\"").unwrap() + "data-words=\"".len();
        let attr = &boxed[start..start + boxed[start..].find('"').unwrap()];
        let unescaped = attr
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&#39;", "'")
            .replace("&amp;", "&");
        let read = Words::from_lines(&unescaped);
        assert_eq!(read, Some(words));
        let live = html::outputs(&example().unwrap().rubric(), &words, "/");
        assert!(
            boxed.contains(&live),
            "the box's results are not the island's"
        );
        let r = Rubric::parse(EXAMPLE).unwrap();
        assert!(live.contains(&escape(&r.schema())));
        assert!(live.contains(&escape(&r.prompt())));
        assert!(live.contains(&escape(&r.to_toml())));
    }
}
