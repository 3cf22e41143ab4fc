//! # pickanumber-setup
//!
//! The core of the setup page (`/setup/`), shared by the site generator and the live island so
//! the two cannot drift: the page's words ([`form_words`], from `content/layout.toml`), the form's
//! state and its step to a checked rubric ([`form`]: form → JSON rubric → the rubric crate's
//! checks, errors keyed by field), the markup of the form and of its results ([`html`]: the
//! rubric file, the prompt, the schema and the link into the calculator), and that link
//! ([`link`], a share link of the crate `pickanumber-share-link`).
//!
//! Data flow: **words + form** → [`form::Form::rubric`] → [`html::outputs`] (and
//! [`html::form`] for the controls). No file system and no browser API: the island crate wires
//! it to the page; the generator calls the same functions for the static box.

pub mod form;
pub mod form_words;
pub mod html;
pub mod link;

pub use form::Form;
pub use form_words::Words;
