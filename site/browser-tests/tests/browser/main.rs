//! The browser tests, one module a subject, in one test binary: a binary each would link the
//! WebDriver client and the site's crates once per subject. Each test serves the site on a port
//! of its own and opens its sessions with `pickanumber_browser_tests::with_browser`; `cargo
//! xtask test` runs them against the built site (`PICKANUMBER_DIST`).

mod budget;
mod calculator;
mod console;
mod evidence;
mod first_screen;
mod headline;
mod hostile;
mod in_view;
mod instruments;
mod interval;
mod latency;
mod layout;
mod lazy;
mod lean_wasm;
mod modes;
mod mount;
mod pages;
mod passes;
mod paste;
mod reading;
mod search;
mod setup;
mod shift;
mod static_html;
mod stopped;
mod subpath;
mod survive;
