//! # pickanumber-render
//!
//! The build-time site generator. A page's data flow, one module per step:
//!
//! **markdown file** → [`page::render`] runs the [`passes`] in order over pulldown-cmark
//! **events**:
//!
//! 1. [`passes::frontmatter`]: the TOML block (title, description, template…) is split off;
//! 2. [`passes::parse`]: markdown → events, each with its file line;
//! 3. [`passes::links`]: the links and ids the author wrote are recorded;
//! 4. [`passes::evidence`]: evidence blocks are scored by the formula crate ([`evidence`]);
//! 5. [`passes::plots`]: plot blocks become SVG ([`plot`]);
//! 6. [`passes::islands`]: `{{ calculator }}`, `{{ probe }}`, `{{ pairwise }}` become the
//!    islands' static boxes ([`calculator`], [`instruments`]);
//! 7. [`passes::headings`]: ids, anchors, the table of contents;
//! 8. [`passes::references`]: `{{ id.field }}` → computed values;
//! 9. [`passes::citations`]: `[@key]` → numbered links and the reference list ([`citations`]);
//! 10. [`passes::math`]: TeX → MathML ([`math`]);
//! 11. [`passes::code`]: copy buttons, focusable code blocks;
//! 12. [`passes::tables`]: scrolling tables;
//!
//! → **HTML** and a [`record::Record`] of the ids and links it emitted → [`template`] (the
//! layout, with the navigation and footer from [`layout`], which records its own links) →
//! files → the [`links`] check on the records, which reports each broken link at its source
//! `file:line` → `dist/`. [`site`] orchestrates the build; [`output`] keeps the output
//! folder away from the sources and replaces only a folder an earlier build wrote; [`config`]
//! reads `site.toml`; [`error`] carries file and line.
//!
//! No word a page shows is typed here: pages bring their own, and the rest (the layout's
//! labels, evidence captions, plot text, the islands' static boxes, the reference list's
//! heading) is read by [`layout`] from `content/layout.toml` and handed to the passes. Those
//! sentences may hold `{slots}` for computed values ([`words`]), checked when the file is
//! read; a plot's claim about the formula is chosen or checked against computed values.

pub mod calculator;
pub mod citations;
pub mod config;
pub mod error;
pub mod evidence;
pub mod html;
pub mod instruments;
pub mod layout;
pub mod links;
pub mod math;
pub mod output;
pub mod page;
pub mod passes;
pub mod plot;
pub mod record;
pub mod setup;
pub mod share;
pub mod site;
pub mod template;
pub mod words;
