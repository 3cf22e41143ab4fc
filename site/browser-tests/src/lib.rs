//! The harness for the browser tests in `tests/`: serve the built site, drive headless
//! Chromium, read what a reader would see.
//!
//! - [`serve_dist`] serves `$PICKANUMBER_DIST` (set by `cargo xtask test`) on a free loopback
//!   port with the server `cargo xtask serve` uses ([`devserver`]); [`serve`] serves any
//!   [`Site`], for example the site under a URL prefix.
//! - [`with_browser`] opens a Chromium session in a fresh tab (on a Chromium kept between tests,
//!   never one the same test used before), runs the test body, and always cleans up (module
//!   `driver`).
//! - [`wait_until`] is the one way a test waits: for a condition, with a stated time-out, and a
//!   failure message that says what was waited for and what was seen instead.
//! - The page helpers read element text, wait for the calculator and type into it (module
//!   `page`), and say whether an element is seen, in the viewport and cut off by no box
//!   ([`unseen`]); [`console_log`] reads the browser's console; [`visible_text`], [`element`] and
//!   [`ids`] read HTML as sent.
//! - [`page_weight`] lists what the browser fetched for a page and how many bytes that is.

mod console;
mod driver;
mod html;
mod page;
mod site;
mod wait;
mod weight;

pub use console::{console_log, format_log, LogEntry};
pub use devserver::Site;
pub use driver::{with_browser, BrowserOptions, CHROMEDRIVER, CHROMIUM, PHONE_WIDTHS_BELOW};
pub use fantoccini::{Client, Locator};
pub use html::{element, ids, visible_text};
pub use page::{
    box_size, eval, expect_contains, expect_text, item_lines, open_calculator, paste, paste_into,
    text, type_items, unseen, wait_idle, wait_loaded, wait_ready, wait_shown, wait_value,
    MODULE_TIMEOUT, READY_TIMEOUT, UPDATE_TIMEOUT,
};
pub use site::{dist, repo, serve, serve_dist, serve_dist_without_calculator, Served};
pub use wait::wait_until;
pub use weight::{page_weight, FileWeight, PageWeight, Part, Sizes};
