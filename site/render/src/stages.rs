//! The build stages that turn one markdown page into HTML, in the order
//! [`crate::page::render`] runs them over the page's event stream ([`crate::events`]: parsed,
//! and its authored links recorded in the page's [`crate::record::Record`], before the first
//! stage). Each stage takes the events and returns them changed; the stages that emit ids or
//! links write them to the record.
//!
//! 1. [`frontmatter`]: the TOML block is split off the text (before parsing);
//! 2. [`links`]: the links the author wrote move under the site's base path ([`crate::base`]);
//! 3. [`evidence`]: evidence blocks are scored ([`crate::scoring`]) and become figures;
//! 4. [`plots`]: plot blocks become inline SVG ([`crate::chart`]);
//!    [`retest`]: retest blocks become the table of a committed runs file's works, each with
//!    its SVG strip, and keep their figures for the references;
//! 5. [`islands`]: a paragraph holding only `{{ calculator }}`, `{{ probe }}`,
//!    `{{ pairwise }}` or `{{ setup }}` becomes that island's static box;
//! 6. [`headings`]: headings get unique ids and anchor links; h2/h3 feed the contents;
//! 7. [`references`]: `{{ id.field }}` becomes the named evidence or retest block's value;
//! 8. [`citations`]: `[@key]` becomes a numbered link; the reference list is appended
//!    ([`crate::bibliography`]);
//! 9. [`math`]: `$…$` and `$$…$$` become MathML ([`crate::mathml`]);
//! 10. [`code`]: shell and prompt blocks get a copy button, other code blocks keyboard focus;
//! 11. [`tables`]: tables scroll sideways on narrow screens.
//!
//! The stages after [`links`] that write a root link of their own (the lead example's
//! calculator link, the setup box's) write it under the base path themselves.

pub mod citations;
pub mod code;
pub mod evidence;
pub mod frontmatter;
pub mod headings;
pub mod islands;
pub mod links;
pub mod math;
pub mod plots;
pub mod references;
pub mod retest;
pub mod tables;

#[cfg(test)]
pub(crate) mod test_util {
    //! Helpers for the stages' unit tests.
    use crate::events::{parse, write, Events};

    /// Parses `md` (whose first line is line 1) into events.
    pub fn events(md: &str) -> Events<'_> {
        parse(md, 1)
    }

    /// The HTML of `events`.
    pub fn html(events: Events) -> String {
        write(events)
    }

    /// The test site's words (`tests/fixtures/site/content/layout.toml`).
    pub fn layout() -> crate::layout_words::Layout {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/site");
        crate::layout_words::Layout::load(&root).expect("the test site's layout file")
    }
}
