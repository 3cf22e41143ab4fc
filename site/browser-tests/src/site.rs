//! The built site and the server it is tested on: [`dist`] finds it, [`serve`] serves it on a
//! free loopback port with [`devserver`], [`Served`] makes URLs and plain `GET`s on it.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use devserver::Site;

/// The built site: `$PICKANUMBER_DIST`, which must hold `index.html`.
///
/// # Panics
///
/// When the variable is unset or the folder has no `index.html`, with a message that says how
/// to build it.
pub fn dist() -> PathBuf {
    let Some(dir) = std::env::var_os("PICKANUMBER_DIST") else {
        panic!(
            "PICKANUMBER_DIST is not set. The browser tests run against the built site: \
             run `cargo xtask test` (it builds dist/ and sets PICKANUMBER_DIST), or \
             `cargo xtask build` then `PICKANUMBER_DIST=$PWD/dist cargo test -p pickanumber-browser-tests`"
        );
    };
    let dir = PathBuf::from(dir);
    assert!(
        dir.join("index.html").is_file(),
        "{} has no index.html; run `cargo xtask build` (or `cargo xtask test`)",
        dir.display()
    );
    dir
}

/// The repository root (for reading the markdown a page came from).
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A running static server; [`Served::url`] builds addresses on it.
#[derive(Clone, Copy, Debug)]
pub struct Served {
    /// The loopback address it listens on.
    pub addr: SocketAddr,
}

impl Served {
    /// `http://127.0.0.1:PORT` + `path` (a prefix given with [`Site::under`] is part of `path`).
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `GET path` without a browser (and without asking for gzip): the bytes as sent, before
    /// any script runs.
    ///
    /// # Panics
    ///
    /// When the request fails.
    pub fn get(&self, path: &str) -> minreq::Response {
        minreq::get(self.url(path))
            .with_timeout(30)
            .send()
            .unwrap_or_else(|e| panic!("GET {path}: {e}"))
    }
}

/// Serves `site` on `127.0.0.1:0` for the rest of the test process.
///
/// # Panics
///
/// When no loopback port can be bound.
pub fn serve(site: Site) -> Served {
    let addr = devserver::start(site, "127.0.0.1:0").expect("start the static server");
    Served { addr }
}

/// Serves [`dist`] at `/`.
pub fn serve_dist() -> Served {
    serve(Site::new(dist()))
}

/// Serves [`dist`] with every path under `/calc/` answered `404`: the page as it is before the
/// wasm app has loaded, with scripts on.
pub fn serve_dist_without_calculator() -> Served {
    serve(Site::new(dist()).blocking("/calc/"))
}
