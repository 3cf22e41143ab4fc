//! The site's words for its islands, and the one reader of every word table a site states over
//! a default. A word table is declared once, with its default words, by the view crate's
//! `words_table!` ([`pickanumber_result_view::table`]): the view crate declares a result's
//! tables (`[result]`, `[probe.view]`, …) and carries their defaults wherever it is published;
//! this crate declares the islands' own controls the same way ([`words`]: buttons, fields and
//! their messages, which no command line or package shows) and the calculator's controls'
//! markup ([`calculator`]). `content/layout.toml` states only the words the site puts over
//! these defaults.
//!
//! With the `read` feature, [`read::Overrides`] reads one table of that file, checking each word
//! by the view crate's one rule ([`Table::check`](pickanumber_result_view::table::Table::check)):
//! the renderer reads the file with it for the pages and static boxes, and the build scripts of
//! the islands call [`build_script`], which writes the same overrides as Rust constants, since
//! the islands cannot read the file at run time.

#[cfg(feature = "read")]
mod build;
pub mod calculator;
#[cfg(feature = "read")]
pub mod read;
pub mod words;

#[cfg(feature = "read")]
pub use build::{build_script, constants};
