//! [`start`]: serves a [`Site`] on HTTP/1.1 with [`hyper`]. The answer to a request: a file under
//! the root (after the site's prefix), a folder's `index.html` (after a redirect to its trailing
//! slash), else `404` with the root's `404.html`; `..` is refused. Every answer says
//! `Cache-Control: no-cache`, so a page is never stale, and has a `Content-Length` (never
//! chunks), so the sizes a client reads are the bytes sent.
//!
//! Why hyper, on a Tokio runtime of one thread: each connection is a task, so a connection the
//! browser keeps open and idle costs nothing and holds up no other, and each answer is made
//! (read, gzipped) on Tokio's blocking threads, so a big file holds up no other either. The
//! server this one replaces, tiny_http, gave each connection a thread from a pool that grows
//! only when it counts no idle thread; a thread woken for one connection still counts as idle
//! until it runs, so a second connection of the same burst was queued rather than given a
//! thread, and waited until some kept-alive connection closed: the page load stalled. That pool
//! is inside tiny_http's server, with no way around it but a fork. Hyper is maintained, and the
//! browser tests already build it and Tokio for their WebDriver client, so the dev server adds
//! little to compile.

use std::convert::Infallible;
use std::io::{self, Write};
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use flate2::write::GzEncoder;
use flate2::Compression;
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use percent_encoding::percent_decode_str;

use crate::Site;

/// `/__dev/reload.js`: it polls `/__dev/version` and reloads the page when the version changes.
const RELOAD_JS: &str = include_str!("reload.js");

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

/// Binds `addr` (an error when it cannot, say the port is taken) and serves `site` from a
/// background thread for the rest of the process; returns the bound address (useful with port 0).
pub fn start(site: Site, addr: impl ToSocketAddrs) -> io::Result<SocketAddr> {
    let listener = std::net::TcpListener::bind(addr)?;
    listener.set_nonblocking(true)?;
    let local = listener.local_addr()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let listener = {
        let _inside = runtime.enter();
        tokio::net::TcpListener::from_std(listener)?
    };
    let site = Arc::new(site);
    let serve = async move {
        loop {
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Say too many open files: the next connection may fare better.
                    eprintln!("devserver on {local}: a connection was not accepted: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let _ = stream.set_nodelay(true);
            let site = Arc::clone(&site);
            let service = move |request: Request<Incoming>| {
                let (site, gzip) = (Arc::clone(&site), accepts_gzip(&request));
                let (method, path) = (request.method().clone(), request.uri().path().to_owned());
                // Read and gzipped on Tokio's blocking threads, so a big file holds up no other.
                let made = tokio::task::spawn_blocking(move || send(&site, &method, &path, gzip));
                async move {
                    let answer = made.await.unwrap_or_else(|_| {
                        let failed = "the answer could not be made\n";
                        answer(StatusCode::INTERNAL_SERVER_ERROR, TEXT, failed)
                    });
                    Ok::<_, Infallible>(answer.map(|body| Full::new(Bytes::from(body))))
                }
            };
            let connection = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), hyper::service::service_fn(service));
            // A client gone mid-way only loses its own answers.
            tokio::spawn(connection);
        }
    };
    std::thread::Builder::new()
        .name("devserver".into())
        .spawn(move || runtime.block_on(serve))?;
    Ok(local)
}

/// Whether the request's `Accept-Encoding` names gzip.
fn accepts_gzip<B>(request: &Request<B>) -> bool {
    let accepts = request.headers().get_all(header::ACCEPT_ENCODING).iter();
    let mut values = accepts.filter_map(|v| v.to_str().ok());
    values.any(|v| v.to_ascii_lowercase().contains("gzip"))
}

/// [`route`]'s answer, gzipped when the client accepts it and it helps (compressible, not
/// tiny), as a static host would.
fn send(site: &Site, method: &Method, path: &str, gzip: bool) -> Answer {
    let mut answer = route(site, method, path);
    let content_type = answer.headers()[header::CONTENT_TYPE]
        .to_str()
        .unwrap_or("");
    let types = ["text/", "application/wasm", "application/json", "image/svg"];
    let compressible = types.iter().any(|t| content_type.starts_with(t));
    if gzip && answer.status() == StatusCode::OK && compressible && answer.body().len() >= 512 {
        let mut gz = GzEncoder::new(Vec::new(), Compression::new(6));
        if let Ok(zipped) = gz.write_all(answer.body()).and_then(|()| gz.finish()) {
            *answer.body_mut() = zipped;
            answer = with(answer, header::CONTENT_ENCODING, "gzip");
            answer = with(answer, header::VARY, "Accept-Encoding");
        }
    }
    answer
}

/// A response before it is sent.
type Answer = Response<Vec<u8>>;

/// `body` with `status`, of `content_type` (not to be sniffed), and `Cache-Control: no-cache`.
fn answer(status: StatusCode, content_type: &'static str, body: impl Into<Vec<u8>>) -> Answer {
    let mut answer = Response::new(body.into());
    *answer.status_mut() = status;
    let answer = with(answer, header::CONTENT_TYPE, content_type);
    let answer = with(answer, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    with(answer, header::CACHE_CONTROL, "no-cache")
}

/// `answer` with header `name` set to `value`, in place of any it had.
fn with(mut answer: Answer, name: header::HeaderName, value: &'static str) -> Answer {
    answer
        .headers_mut()
        .insert(name, HeaderValue::from_static(value));
    answer
}

/// `400` with `why`.
fn bad(why: &str) -> Answer {
    answer(StatusCode::BAD_REQUEST, TEXT, format!("{why}\n"))
}

/// The answer to `method` on `path` (the request target's path, still percent-encoded).
fn route(site: &Site, method: &Method, raw: &str) -> Answer {
    if method != Method::GET && method != Method::HEAD {
        let only = answer(StatusCode::METHOD_NOT_ALLOWED, TEXT, "only GET and HEAD\n");
        return with(only, header::ALLOW, "GET, HEAD");
    }
    let Ok(path) = percent_decode_str(raw).decode_utf8() else {
        return bad("the path is not UTF-8 once decoded");
    };
    match (&site.reload, path.as_ref()) {
        (Some(_), "/__dev/reload.js") => return answer(StatusCode::OK, JS, RELOAD_JS),
        (Some(reload), "/__dev/version") => {
            let version = answer(StatusCode::OK, TEXT, reload.version());
            return with(version, header::CACHE_CONTROL, "no-store");
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
            return bad("`..`, `\\` and NUL are not allowed in paths");
        }
        file.push(segment);
    }
    if file.is_dir() && !path.ends_with('/') {
        let Ok(location) = HeaderValue::from_str(&format!("{raw}/")) else {
            return bad("the path cannot be a Location");
        };
        let mut moved = answer(StatusCode::MOVED_PERMANENTLY, TEXT, "moved\n");
        moved.headers_mut().insert(header::LOCATION, location);
        return moved;
    } else if file.is_dir() {
        file.push("index.html");
    }
    match std::fs::read(&file) {
        Ok(body) => answer(StatusCode::OK, content_type(&file), body),
        Err(_) => not_found(site),
    }
}

/// `404` with the root's `404.html`, or a line of text when it has none.
fn not_found(site: &Site) -> Answer {
    match std::fs::read(site.root.join("404.html")) {
        Ok(body) => answer(StatusCode::NOT_FOUND, HTML, body),
        Err(_) => answer(StatusCode::NOT_FOUND, TEXT, "404 not found\n"),
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

#[cfg(test)]
mod stall {
    use crate::Site;
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::{Duration, Instant};

    /// A browser opens several connections at once and keeps each open after its answer (HTTP/1.1
    /// keep-alive), and a client may stall half-way through a request: every connection of a
    /// burst gets its answer at once, none waits for another to close or to finish.
    #[test]
    fn held_open_connections_hold_up_no_other() {
        let scratch = crate::tests::tree(&[("index.html", "home")]);
        let addr = super::start(Site::new(scratch.path()), "127.0.0.1:0").unwrap();
        let mut held = Vec::new();
        for _ in 0..8 {
            let mut half = TcpStream::connect(addr).unwrap();
            half.write_all(b"GET / HTTP/1.1\r\nHost:").unwrap();
            held.push(half);
        }
        for round in 0..20 {
            let started = Instant::now();
            // Connected all at once, as a browser's burst arrives.
            let mut open: Vec<TcpStream> =
                (0..16).map(|_| TcpStream::connect(addr).unwrap()).collect();
            for s in &mut open {
                s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n")
                    .unwrap();
            }
            for (n, s) in open.iter_mut().enumerate() {
                s.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
                let mut buf = [0u8; 512];
                let got = s.read(&mut buf).unwrap_or(0);
                assert!(
                    buf[..got].starts_with(b"HTTP/1.1 200"),
                    "round {round}, connection {n}: no answer after {:?}",
                    started.elapsed()
                );
            }
            // The connections stay open, as a browser's idle ones do, through the next round.
            held.extend(open);
        }
    }
}
