//! # pickanumber-render
//!
//! The build-time site generator. Data flow, one module per step:
//!
//! **markdown file** → [`frontmatter`] → pulldown-cmark **events** → [`page`] passes
//! ([`evidence`] blocks scored by the formula crate, inline references, [`citations`],
//! heading ids, [`math`], [`plot`]s, the islands' static boxes from [`calculator`] and
//! [`instruments`]) → **HTML** → [`template`] → files → [`links`] check → `dist/`
//! (orchestrated by [`site`]).

pub mod calculator;
pub mod citations;
pub mod config;
pub mod error;
pub mod evidence;
pub mod frontmatter;
pub mod html;
pub mod instruments;
pub mod links;
pub mod math;
pub mod page;
pub mod plot;
pub mod site;
pub mod template;
