//! The std-only pieces of `cargo xtask` that other crates reuse.
//!
//! [`static_server`] serves the built site from `dist/`: `cargo xtask serve` runs it with live
//! reload, and the browser tests (`site/browser-tests`) run it on a free loopback port.

pub mod static_server;
pub mod weight;
