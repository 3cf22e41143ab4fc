//! # pickanumber-render
//!
//! The build-time site generator. Its API is three names: [`build`] the site described by
//! [`Options`] into an output folder, and get either a [`Summary`] or every problem found as
//! [`Errors`] (each with its file and line); [`check_output`] refuses an output folder the build
//! may not replace before anything is read. Everything else is private.
//!
//! A page's data flow, one module per step:
//!
//! **markdown file** → `stages::frontmatter` splits off the TOML block → `events` parses the
//! rest into pulldown-cmark **events**, each with its file line, and `record` notes the links
//! the author wrote → `page::render` runs the build `stages` in order (evidence blocks scored
//! by `scoring`, plot blocks drawn by `chart`, island markers replaced by the static boxes of
//! `calculator` and `instruments`, headings, `{{ id.field }}` references, `[@key]` citations
//! from `bibliography`, TeX through `mathml`, code blocks, tables) → **HTML** and a record of
//! the ids and links it emitted → `page_layout` (the page's `<html>` around it, with the
//! navigation and footer) → files → `link_check` on the records, which reports each broken link
//! at its source `file:line` → `dist/`. `site` orchestrates the build; `output` keeps the output
//! folder away from the sources and replaces only a folder an earlier build wrote; `config`
//! reads `site.toml`; `base` writes each root link under the site's base path where it is made; `error` carries file and line; `braces` is the one scanner of `{{ … }}`.
//!
//! No word a page shows is typed here: pages bring their own, and the rest (the layout's
//! labels, evidence captions, plot text, the islands' static boxes, the reference list's
//! heading) is read by `layout_words` from `content/layout.toml` and handed to the stages. Those
//! sentences may hold `{slots}` for computed values (`words`), checked when the file is
//! read; a plot's claim about the formula is chosen or checked against computed values.
//! The test module `consistency` checks what the pages say against the formula and the
//! instruments, one module a subject (`consistency/`).

mod base;
mod bibliography;
mod braces;
mod calculator;
mod chart;
mod config;
mod error;
mod events;
mod html;
mod instruments;
mod layout_words;
mod link_check;
mod mathml;
mod output;
mod page;
mod page_layout;
mod record;
mod scoring;
mod search;
mod sentences;
mod settings;
mod setup;
mod share;
mod site;
mod skills;
mod stages;

#[cfg(test)]
mod consistency;

pub use error::{Error, Errors};
pub use output::check as check_output;
pub use site::{build, Options, Summary};
