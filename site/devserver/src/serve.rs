//! [`start`]: serves a [`Site`] on HTTP/1.1 ([`tiny_http`]). The answer to a request: a file
//! under the root (after the site's prefix), a folder's `index.html` (after a redirect to its
//! trailing slash), else `404` with the root's `404.html`; `..` is refused. Every answer says
//! `Cache-Control: no-cache`, so a page is never stale.

use std::io::{self, Cursor, Write};
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::Path;
use std::sync::Arc;

use flate2::write::GzEncoder;
use flate2::Compression;
use percent_encoding::percent_decode_str;
use tiny_http::{Header, Request, Response, Server};

use crate::Site;

/// Threads answering requests, so a slow reader never holds up the others.
const WORKERS: usize = 4;

/// `/__dev/reload.js`: it polls `/__dev/version` and reloads the page when the version changes.
const RELOAD_JS: &str = include_str!("reload.js");

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

/// Binds `addr` (an error when it cannot, say the port is taken) and serves `site` from background
/// threads for the rest of the process; returns the bound address (useful with port 0).
pub fn start(site: Site, addr: impl ToSocketAddrs) -> io::Result<SocketAddr> {
    let server = Arc::new(Server::http(addr).map_err(io::Error::other)?);
    // `Server::http` listens on TCP, never on a Unix socket.
    let local = server.server_addr().to_ip().expect("a TCP address");
    for n in 0..WORKERS {
        let (server, site) = (Arc::clone(&server), site.clone());
        std::thread::Builder::new()
            .name(format!("devserver-{n}"))
            .spawn(move || loop {
                match server.recv() {
                    Ok(request) => send(&site, request),
                    // tiny_http stops accepting after an error such as too many open files.
                    Err(e) => return eprintln!("devserver on {local} stopped accepting: {e}"),
                }
            })?;
    }
    Ok(local)
}

/// Sends [`route`]'s answer to `request`, gzipped when the client accepts it and it helps, as a
/// static host would; a client gone mid-way only loses its own answer.
fn send(site: &Site, request: Request) {
    let gzip = request.headers().iter().any(|h| {
        h.field.equiv("Accept-Encoding") && h.value.as_str().to_ascii_lowercase().contains("gzip")
    });
    let mut answer = route(site, request.method().as_str(), request.url());
    let types = ["text/", "application/wasm", "application/json", "image/svg"];
    let compressible = types.iter().any(|t| answer.content_type.starts_with(t));
    if gzip && answer.status == 200 && compressible && answer.body.len() >= 512 {
        let mut gz = GzEncoder::new(Vec::new(), Compression::new(6));
        if let Ok(zipped) = gz.write_all(&answer.body).and_then(|()| gz.finish()) {
            answer.body = zipped;
            answer = answer.with("Content-Encoding", "gzip");
            answer = answer.with("Vary", "Accept-Encoding");
        }
    }
    let (len, body) = (Some(answer.body.len()), Cursor::new(answer.body));
    let response = Response::new(answer.status.into(), answer.headers, body, len, None);
    // Always a Content-Length, never chunks: sizes read by a client are the bytes sent.
    let _ = request.respond(response.with_chunked_threshold(usize::MAX));
}

/// A response before it is sent.
struct Answer {
    status: u16,
    content_type: &'static str,
    headers: Vec<Header>,
    body: Vec<u8>,
}

impl Answer {
    /// `body` with `status`, of `content_type` (not to be sniffed), and `Cache-Control: no-cache`.
    fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Answer {
        Answer {
            status,
            content_type,
            headers: Vec::new(),
            body: body.into(),
        }
        .with("Content-Type", content_type)
        .with("X-Content-Type-Options", "nosniff")
        .with("Cache-Control", "no-cache")
    }

    /// The answer with header `name` set to `value`, in place of any it had.
    fn with(mut self, name: &'static str, value: &str) -> Answer {
        self.headers.retain(|h| !h.field.equiv(name));
        self.headers.extend(Header::from_bytes(name, value).ok());
        self
    }
}

/// The answer to `method target` (as in the request line).
fn route(site: &Site, method: &str, target: &str) -> Answer {
    if method != "GET" && method != "HEAD" {
        return Answer::new(405, TEXT, "only GET and HEAD\n").with("Allow", "GET, HEAD");
    }
    let raw = target.split(['?', '#']).next().unwrap_or("");
    let Ok(path) = percent_decode_str(raw).decode_utf8() else {
        return Answer::new(400, TEXT, "the path is not UTF-8 once decoded\n");
    };
    match (&site.reload, path.as_ref()) {
        (Some(_), "/__dev/reload.js") => return Answer::new(200, JS, RELOAD_JS),
        (Some(reload), "/__dev/version") => {
            return Answer::new(200, TEXT, reload.version()).with("Cache-Control", "no-store")
        }
        _ => {}
    }
    let blocked = |inner: &str| site.blocked.iter().any(|b| inner.starts_with(b.as_str()));
    let inner = match path.strip_prefix(&site.prefix) {
        Some(i) if (i.is_empty() || i.starts_with('/')) && !blocked(i) => i,
        _ => return not_found(site),
    };
    let mut file = site.root.clone();
    for segment in inner.split('/').filter(|s| !s.is_empty() && *s != ".") {
        if segment == ".." || segment.contains(['\\', '\0']) {
            return Answer::new(400, TEXT, "`..`, `\\` and NUL are not allowed in paths\n");
        }
        file.push(segment);
    }
    if file.is_dir() && !path.ends_with('/') {
        return Answer::new(301, TEXT, "moved\n").with("Location", &format!("{raw}/"));
    } else if file.is_dir() {
        file.push("index.html");
    }
    match std::fs::read(&file) {
        Ok(body) => Answer::new(200, content_type(&file), body),
        Err(_) => not_found(site),
    }
}

/// `404` with the root's `404.html`, or a line of text when it has none.
fn not_found(site: &Site) -> Answer {
    match std::fs::read(site.root.join("404.html")) {
        Ok(body) => Answer::new(404, HTML, body),
        Err(_) => Answer::new(404, TEXT, "404 not found\n"),
    }
}

/// The `Content-Type` for a file of the site, from its extension.
fn content_type(path: &Path) -> &'static str {
    let ext = path.extension().unwrap_or_default().to_ascii_lowercase();
    match ext.to_str().unwrap_or("") {
        "html" => HTML,
        "js" | "mjs" => JS,
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "xml" => "application/xml; charset=utf-8",
        "txt" => TEXT,
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use crate::{Reload, Site};

    #[test]
    fn files_folders_prefixes_errors_reload_and_gzip_over_tcp() {
        let big = "<p>words</p>".repeat(200);
        let files = [
            ("index.html", "home"),
            ("paper/index.html", "paper"),
            ("calc/app_bg.wasm", "\0asm"),
            ("calc/x/y.js", "y"),
            ("404.html", "lost"),
            ("big.html", &big),
        ];
        let scratch = crate::tests::tree(&files);
        let dir = scratch.path().to_path_buf();
        let reload = Reload::default();
        let site = Site::new(&dir).under("sub").with_reload(reload.clone());
        let addr = super::start(site.blocking("/calc/x"), "127.0.0.1:0").unwrap();
        let url = |path: &str| format!("http://{addr}{path}");
        let get = |path: &str| minreq::get(url(path)).send().unwrap();
        let (html, wasm) = ("text/html; charset=utf-8", "application/wasm");
        let bad = "`..`, `\\` and NUL are not allowed in paths\n";
        let not_utf8 = "the path is not UTF-8 once decoded\n";
        for (path, status, body, ty) in [
            ("/sub/", 200, "home", html),
            ("/sub/paper/?x=1", 200, "paper", html),
            // Redirected to the trailing slash (minreq follows).
            ("/sub", 200, "home", html),
            ("/sub/paper", 200, "paper", html),
            ("/sub/calc/app_bg.wasm", 200, "\0asm", wasm),
            ("/sub/big.html", 200, &big, html),
            ("/sub/nope/", 404, "lost", html),
            ("/paper/", 404, "lost", html),
            ("/subx/", 404, "lost", html),
            ("/subpaper/", 404, "lost", html),
            ("/sub/calc/x/y.js", 404, "lost", html),
            ("/sub/../etc/passwd", 400, bad, ""),
            ("/sub/paper/%2e%2e/%2e%2e/x", 400, bad, ""),
            ("/sub/%ff", 400, not_utf8, ""),
            ("/__dev/reload.js", 200, super::RELOAD_JS, "text/javascript"),
        ] {
            let r = get(path);
            let got = (r.status_code, r.as_str().unwrap());
            assert_eq!(got, (status, body), "{path}");
            assert!(r.headers["content-type"].starts_with(ty), "{path}");
            assert!(!r.headers.contains_key("content-encoding"), "{path}");
        }
        let version = get("/__dev/version");
        assert_eq!(version.headers["cache-control"], "no-store");
        reload.bump();
        assert_ne!(version.as_bytes(), get("/__dev/version").as_bytes());
        let zipped = minreq::get(url("/sub/big.html")).with_header("Accept-Encoding", "gzip, br");
        let zipped = zipped.send().unwrap();
        assert_eq!(zipped.headers["content-encoding"], "gzip");
        assert!(zipped.as_bytes().len() < big.len() / 10);
        let head = minreq::head(url("/sub/")).send().unwrap();
        assert_eq!((head.status_code, head.as_bytes().len()), (200, 0));
        assert_eq!(minreq::post(url("/sub/")).send().unwrap().status_code, 405);
        let plain = super::start(Site::new(&dir), "127.0.0.1:0").unwrap();
        let status = |p: &str| minreq::get(format!("http://{plain}{p}")).send().unwrap();
        let statuses = ["/paper/", "/__dev/version", "/%zz"].map(|p| status(p).status_code);
        assert_eq!(statuses, [200, 404, 404]);
    }
}
