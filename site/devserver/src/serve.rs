//! [`start`]: serves a [`Site`] on HTTP/1.1, a thread per connection. The answer to a request: a
//! file under the root (after the site's prefix), a folder's `index.html` (after a redirect to
//! its trailing slash), else `404` with the root's `404.html`; `..` is refused. Every answer
//! says `Cache-Control: no-cache`, so a page is never stale.
//!
//! The server is written here, on `std::net`, rather than taken from tiny_http: tiny_http's
//! pool of connection threads could leave a connection of a browser's burst queued behind
//! kept-alive idle ones, unanswered until one of those closed (the page load stalled for as
//! long as the browser kept its idle connections). Here every connection has its own thread at
//! once, and an idle kept-alive connection is closed after [`IDLE`].

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use flate2::write::GzEncoder;
use flate2::Compression;
use percent_encoding::percent_decode_str;

use crate::Site;

/// How long a kept-alive connection may wait for its next request before it is closed.
const IDLE: Duration = Duration::from_secs(60);

/// The most bytes a request's line and headers may take.
const HEAD_LIMIT: u64 = 64 * 1024;

/// `/__dev/reload.js`: it polls `/__dev/version` and reloads the page when the version changes.
const RELOAD_JS: &str = include_str!("reload.js");

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

/// Binds `addr` (an error when it cannot, say the port is taken) and serves `site` from background
/// threads for the rest of the process; returns the bound address (useful with port 0).
pub fn start(site: Site, addr: impl ToSocketAddrs) -> io::Result<SocketAddr> {
    let listener = TcpListener::bind(addr)?;
    let local = listener.local_addr()?;
    let site = Arc::new(site);
    std::thread::Builder::new()
        .name("devserver-accept".into())
        .spawn(move || {
            for stream in listener.incoming() {
                let stream = match stream {
                    Ok(s) => s,
                    Err(e) => {
                        // Say too many open files: the next connection may fare better.
                        eprintln!("devserver on {local}: a connection was not accepted: {e}");
                        std::thread::sleep(Duration::from_millis(50));
                        continue;
                    }
                };
                let site = Arc::clone(&site);
                let spawned = std::thread::Builder::new()
                    .name("devserver-connection".into())
                    .spawn(move || connection(&site, stream));
                if let Err(e) = spawned {
                    eprintln!("devserver on {local}: no thread for a connection: {e}");
                }
            }
        })?;
    Ok(local)
}

/// A request as read: its method, target, whether it may be followed by another on the same
/// connection, and whether the client accepts gzip.
struct Request {
    method: String,
    target: String,
    keep_alive: bool,
    gzip: bool,
}

/// Answers the requests of one connection in order until the client closes it, stays idle
/// for [`IDLE`], sends what is not a request, or asks to close; a client gone mid-way only
/// loses its own answers.
fn connection(site: &Site, stream: TcpStream) {
    let _ = stream.set_read_timeout(Some(IDLE));
    let _ = stream.set_nodelay(true);
    let Ok(mut out) = stream.try_clone() else {
        return;
    };
    let mut input = BufReader::new(stream);
    loop {
        let request = match read_request(&mut input) {
            Ok(Some(r)) => r,
            // Closed, idle too long, or gone.
            Ok(None) => return,
            Err(why) => {
                let answer = Answer::new(400, TEXT, format!("{why}\n"));
                let _ = write_answer(&mut out, answer, false, false);
                return;
            }
        };
        let answer = route(site, &request.method, &request.target);
        let answer = if request.gzip {
            gzipped(answer)
        } else {
            answer
        };
        let head_only = request.method == "HEAD";
        if write_answer(&mut out, answer, head_only, request.keep_alive).is_err()
            || !request.keep_alive
        {
            return;
        }
    }
}

/// Reads one request's line and headers (and skips a body, which no route reads). `Ok(None)`
/// when the connection ends or idles out before a request starts.
///
/// # Errors
/// What is wrong with a request that is not HTTP/1.x, has a header over [`HEAD_LIMIT`], or
/// a body of unknown length.
fn read_request(input: &mut BufReader<TcpStream>) -> Result<Option<Request>, &'static str> {
    let mut head = input.by_ref().take(HEAD_LIMIT);
    let mut line = String::new();
    // Blank lines before a request line are allowed (RFC 9112, 2.2).
    while line.trim_end().is_empty() {
        line.clear();
        match head.read_line(&mut line) {
            Ok(0) | Err(_) => return Ok(None),
            Ok(_) => {}
        }
    }
    let mut parts = line.split_whitespace();
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err("not an HTTP request line");
    };
    let http10 = match version {
        "HTTP/1.1" => false,
        "HTTP/1.0" => true,
        _ => return Err("only HTTP/1.0 and HTTP/1.1"),
    };
    let mut request = Request {
        method: method.to_string(),
        target: target.to_string(),
        keep_alive: !http10,
        gzip: false,
    };
    let mut body = 0u64;
    loop {
        let mut header = String::new();
        match head.read_line(&mut header) {
            Ok(0) | Err(_) => return Err("the request's headers do not end"),
            Ok(_) => {}
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let Some((name, value)) = header.split_once(':') else {
            return Err("a header without a colon");
        };
        let (name, value) = (name.trim(), value.trim().to_ascii_lowercase());
        if name.eq_ignore_ascii_case("Connection") {
            if value.contains("close") {
                request.keep_alive = false;
            } else if value.contains("keep-alive") {
                request.keep_alive = true;
            }
        } else if name.eq_ignore_ascii_case("Accept-Encoding") {
            request.gzip = value.contains("gzip");
        } else if name.eq_ignore_ascii_case("Content-Length") {
            body = value
                .parse()
                .map_err(|_| "a Content-Length that is not a number")?;
        } else if name.eq_ignore_ascii_case("Transfer-Encoding") {
            return Err("a request body of unknown length");
        }
    }
    if body > 0 {
        // No route reads a body: skip it, so the next request starts where it should.
        let skipped = io::copy(&mut input.by_ref().take(body), &mut io::sink());
        if skipped.ok() != Some(body) {
            return Ok(None);
        }
    }
    Ok(Some(request))
}

/// The answer gzipped when that helps (compressible, not tiny), as a static host would.
fn gzipped(mut answer: Answer) -> Answer {
    let types = ["text/", "application/wasm", "application/json", "image/svg"];
    let compressible = types.iter().any(|t| answer.content_type.starts_with(t));
    if answer.status == 200 && compressible && answer.body.len() >= 512 {
        let mut gz = GzEncoder::new(Vec::new(), Compression::new(6));
        if let Ok(zipped) = gz.write_all(&answer.body).and_then(|()| gz.finish()) {
            answer.body = zipped;
            answer = answer.with("Content-Encoding", "gzip");
            answer = answer.with("Vary", "Accept-Encoding");
        }
    }
    answer
}

/// Writes `answer`: always a `Content-Length`, never chunks, so sizes read by a client are the
/// bytes sent; no body for `HEAD`; `Connection: close` when the connection ends after it.
fn write_answer(
    out: &mut TcpStream,
    answer: Answer,
    head_only: bool,
    keep_alive: bool,
) -> io::Result<()> {
    let reason = match answer.status {
        200 => "OK",
        301 => "Moved Permanently",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        _ => "",
    };
    let mut head = format!("HTTP/1.1 {} {reason}\r\n", answer.status);
    for (name, value) in &answer.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n", answer.body.len()));
    if !keep_alive {
        head.push_str("Connection: close\r\n");
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    if !head_only {
        bytes.extend_from_slice(&answer.body);
    }
    out.write_all(&bytes)?;
    out.flush()
}

/// A response before it is sent.
struct Answer {
    status: u16,
    content_type: &'static str,
    headers: Vec<(&'static str, String)>,
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
        self.headers.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
        self.headers.push((name, value.to_string()));
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

#[cfg(test)]
mod stall {
    use crate::Site;
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::{Duration, Instant};

    /// A browser opens several connections at once and keeps each open after its answer (HTTP/1.1
    /// keep-alive): every one of them gets its answer at once, none waits for another to close.
    #[test]
    fn a_burst_of_kept_alive_connections_is_answered_at_once() {
        let scratch = crate::tests::tree(&[("index.html", "home")]);
        let addr = super::start(Site::new(scratch.path()), "127.0.0.1:0").unwrap();
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
            std::mem::forget(open);
        }
    }
}
