//! The loopback static server for the built site, shared by `cargo xtask serve`, `cargo xtask
//! bench` and the browser tests, with live reload ([`Reload`]), a file [`Watch`] and [`pages()`].
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
