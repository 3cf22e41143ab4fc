//! The loopback static server for the built site, shared by `cargo xtask serve` (with live
//! reload), `cargo xtask bench` (Lighthouse) and the browser tests.
//!
//! - [`Site`] says what to serve: a folder, optionally mounted under a URL prefix
//!   ([`Site::under`], as a host that publishes the site at `/pickanumber/` would), with live
//!   reload ([`Site::with_reload`]) and with paths made to look missing ([`Site::blocking`]).
//! - [`start`] serves a [`Site`] on HTTP/1.1 ([`tiny_http`]) from background threads.
//! - [`respond()`] is the answer to one request, as data: what [`start`] sends (file mapping,
//!   content types, the 404 page, gzip) is tested there without a socket.
//! - [`Reload`] is the version behind `/__dev/version` that open pages poll.
//! - [`Watch`] reports changed files under some folders ([`notify`]), for rebuilding.
//! - [`pages()`] lists the pages of a built site as URL paths.
//!
//! ```no_run
//! let addr = devserver::start(devserver::Site::new("dist").under("/pickanumber/"), "127.0.0.1:0")
//!     .expect("a free loopback port");
//! println!("http://{addr}/pickanumber/");
//! ```

mod pages;
mod reload;
mod respond;
mod serve;
mod site;
mod watch;

pub use pages::pages;
pub use reload::{Reload, RELOAD_JS};
pub use respond::{content_type, respond, Answer};
pub use serve::start;
pub use site::Site;
pub use watch::Watch;
