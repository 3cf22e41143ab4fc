//! The loopback static server for the built site, shared by `cargo xtask serve` (with live
//! reload), `cargo xtask bench` and the browser tests: [`Site`] says what to serve, [`start`]
//! serves it on HTTP/1.1 ([`tiny_http`]), [`Reload`] is the version open pages poll, [`Watch`]
//! reports changed files ([`notify`]) and [`pages()`] lists the pages of a built site.
//!
//! ```no_run
//! let addr = devserver::start(devserver::Site::new("dist").under("/pickanumber/"), "127.0.0.1:0")
//!     .expect("a free loopback port");
//! println!("http://{addr}/pickanumber/");
//! ```

mod pages;
mod respond;
mod serve;
mod site;
mod watch;

pub use pages::pages;
pub use serve::start;
pub use site::{Reload, Site};
pub use watch::Watch;
