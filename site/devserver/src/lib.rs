//! The loopback static server for the built site, shared by `cargo xtask serve` (with live
//! reload), `cargo xtask bench` (Lighthouse) and the browser tests.
//!
//! - [`Site`] says what to serve: a folder, optionally mounted under a URL prefix
//!   ([`Site::under`], as a host that publishes the site at `/pickanumber/` would), with live
//!   reload ([`Site::with_reload`]) and with paths made to look missing ([`Site::blocking`]).
//! - [`start`] serves a [`Site`] on HTTP/1.1 ([`tiny_http`]) from background threads.
//! - [`respond`] is the answer to one request, as data: what [`start`] sends (file mapping,
//!   content types, the 404 page, gzip) is tested there without a socket.
//! - [`Reload`] is the version behind `/__dev/version` that open pages poll.
//! - [`Watch`] reports changed files under some folders ([`notify`]), for rebuilding.
//! - [`pages`] lists the pages of a built site as URL paths.
//!
//! ```no_run
//! let addr = devserver::start(devserver::Site::new("dist").under("/pickanumber/"), "127.0.0.1:0")
//!     .expect("a free loopback port");
//! println!("http://{addr}/pickanumber/");
//! ```

mod pages;
mod reload;
mod respond;
mod watch;

use std::io;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use pages::pages;
pub use reload::{Reload, RELOAD_JS};
pub use respond::{content_type, respond, Answer};
pub use watch::Watch;

/// What the server serves: a root folder at a URL prefix, optionally live reload, optionally
/// blocked paths.
#[derive(Clone, Debug)]
pub struct Site {
    root: PathBuf,
    prefix: String,
    reload: Option<Reload>,
    blocked: Vec<String>,
}

impl Site {
    /// Serves the files under `root` at `/`.
    pub fn new(root: impl Into<PathBuf>) -> Site {
        Site {
            root: root.into(),
            prefix: "/".to_owned(),
            reload: None,
            blocked: Vec::new(),
        }
    }

    /// Serves the files at `prefix` instead of `/` (`"/pickanumber/"` serves `root/index.html`
    /// at `/pickanumber/`); paths outside it are `404`, the prefix without its last slash is
    /// redirected to it. Slashes are added where missing.
    pub fn under(mut self, prefix: &str) -> Site {
        let inner = prefix.trim_matches('/');
        self.prefix = if inner.is_empty() {
            "/".to_owned()
        } else {
            format!("/{inner}/")
        };
        self
    }

    /// Also serves `/__dev/reload.js` and `/__dev/version` from `reload` (at the server's root,
    /// whatever the prefix).
    pub fn with_reload(mut self, reload: Reload) -> Site {
        self.reload = Some(reload);
        self
    }

    /// Answers `404` for every path inside the site (after the prefix) that starts with `path`,
    /// as if those files were missing: `blocking("/calc/")` shows a page as it is before the
    /// wasm app loads.
    pub fn blocking(mut self, path: &str) -> Site {
        self.blocked.push(path.to_owned());
        self
    }

    /// The folder served.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The URL prefix, `/` or `/name/`.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }
}

/// Threads answering requests; more than one, so a slow reader never holds up the others.
const WORKERS: usize = 4;

/// Binds `addr` and serves `site` from background threads for the rest of the process.
/// Returns the bound address (useful with port 0).
///
/// # Errors
///
/// When the address cannot be bound, for example because the port is taken.
pub fn start(site: Site, addr: impl ToSocketAddrs) -> io::Result<SocketAddr> {
    let server = tiny_http::Server::http(addr).map_err(io::Error::other)?;
    let local = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| io::Error::other("the server is not on an IP address"))?;
    let server = Arc::new(server);
    let site = Arc::new(site);
    for n in 0..WORKERS {
        let (server, site) = (Arc::clone(&server), Arc::clone(&site));
        std::thread::Builder::new()
            .name(format!("devserver-{local}-{n}"))
            .spawn(move || {
                while let Ok(request) = server.recv() {
                    answer(&site, request);
                }
            })?;
    }
    Ok(local)
}

/// Sends [`respond`]'s answer to `request`; a client gone mid-way only loses its own answer.
fn answer(site: &Site, request: tiny_http::Request) {
    let method = request.method().as_str().to_owned();
    let gzip = request.headers().iter().any(|h| {
        h.field.equiv("Accept-Encoding") && h.value.as_str().to_ascii_lowercase().contains("gzip")
    });
    let a = respond(site, &method, request.url(), gzip);
    let mut response = tiny_http::Response::from_data(a.body)
        .with_status_code(a.status)
        // Always a Content-Length, never chunks: sizes read by a client are the bytes sent.
        .with_chunked_threshold(usize::MAX);
    let headers = [("Content-Type", a.content_type.to_owned())]
        .into_iter()
        .chain([("X-Content-Type-Options", "nosniff".to_owned())])
        .chain(a.headers);
    for (name, value) in headers {
        if let Ok(header) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(header);
        }
    }
    let _ = request.respond(response);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_get_their_slashes() {
        assert_eq!(Site::new("d").prefix(), "/");
        assert_eq!(
            Site::new("d").under("pickanumber").prefix(),
            "/pickanumber/"
        );
        assert_eq!(Site::new("d").under("/a/b/").prefix(), "/a/b/");
        assert_eq!(Site::new("d").under("/").prefix(), "/");
    }

    #[test]
    fn serves_over_tcp_with_gzip_only_when_asked() {
        let dir = respond::tests::site_dir("tcp");
        let big = "<p>words</p>".repeat(200);
        std::fs::write(dir.join("big.html"), &big).unwrap();
        let addr = start(Site::new(&dir).under("/sub/"), "127.0.0.1:0").unwrap();
        let url = |path: &str| format!("http://{addr}{path}");
        let wasm = minreq::get(url("/sub/calc/app_bg.wasm")).send().unwrap();
        assert_eq!(wasm.status_code, 200);
        assert_eq!(wasm.headers["content-type"], "application/wasm");
        assert_eq!(wasm.as_bytes(), b"\0asm");
        let plain = minreq::get(url("/sub/big.html")).send().unwrap();
        assert_eq!(plain.as_str().unwrap(), big);
        assert!(!plain.headers.contains_key("content-encoding"));
        let zipped = minreq::get(url("/sub/big.html"))
            .with_header("Accept-Encoding", "gzip, br")
            .send()
            .unwrap();
        assert_eq!(zipped.headers["content-encoding"], "gzip");
        assert!(zipped.as_bytes().len() < big.len() / 10);
        assert_eq!(
            minreq::get(url("/big.html")).send().unwrap().status_code,
            404
        );
        let head = minreq::head(url("/sub/")).send().unwrap();
        assert_eq!((head.status_code, head.as_bytes().len()), (200, 0));
    }
}
