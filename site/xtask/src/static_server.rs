//! A small static file server for the built site, on std alone.
//!
//! It answers `GET` and `HEAD`, one request per connection (`Connection: close`), one thread per
//! connection. A path maps to a file under the root; a directory maps to its `index.html` (a
//! directory asked for without its trailing slash is redirected, so relative links work); an
//! unknown path gets `404` with the root's `404.html` as the body when there is one; a path with a
//! `..` segment is refused. Every answer says `Cache-Control: no-cache`, so a rebuilt page is
//! never served stale.
//!
//! With [`Reload`] attached ([`Site::with_reload`]), it also serves `/__dev/reload.js`, a script
//! that polls `/__dev/version` and reloads the page when the version changes.
//!
//! ```no_run
//! use xtask::static_server::{fetch, start, Site};
//!
//! let addr = start(Site::new("dist"), "127.0.0.1:0").unwrap();
//! let page = fetch(addr, "/").unwrap();
//! assert_eq!(page.status, 200);
//! ```

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The live-reload script that `cargo xtask serve` pages load from `/__dev/reload.js`.
pub const RELOAD_JS: &str = r#"// Served by `cargo xtask serve`: reload the page when the site has been rebuilt.
let seen = null;
async function poll() {
  try {
    const response = await fetch("/__dev/version", { cache: "no-store" });
    const version = await response.text();
    if (seen === null) {
      seen = version;
    } else if (version !== seen) {
      location.reload();
      return;
    }
  } catch (_) {
    // The server is restarting or stopped: keep polling.
  }
  setTimeout(poll, 500);
}
poll();
"#;

/// The version counter behind `/__dev/version`; clones share it.
#[derive(Clone, Debug)]
pub struct Reload {
    /// When this server started, so that a restarted server never repeats an old version.
    epoch: u64,
    counter: Arc<AtomicU64>,
}

impl Default for Reload {
    fn default() -> Self {
        Self::new()
    }
}

impl Reload {
    /// A counter at zero, tagged with the current time.
    pub fn new() -> Reload {
        let epoch = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        Reload {
            epoch,
            counter: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Marks the site as rebuilt: pages that poll `/__dev/version` reload.
    pub fn bump(&self) {
        self.counter.fetch_add(1, Ordering::SeqCst);
    }

    /// The text `/__dev/version` answers with.
    pub fn version(&self) -> String {
        format!("{}-{}", self.epoch, self.counter.load(Ordering::SeqCst))
    }
}

/// What the server serves: a root folder, optionally live reload, optionally blocked paths.
#[derive(Clone, Debug)]
pub struct Site {
    root: PathBuf,
    reload: Option<Reload>,
    blocked: Vec<String>,
}

impl Site {
    /// Serves the files under `root`.
    pub fn new(root: impl Into<PathBuf>) -> Site {
        Site {
            root: root.into(),
            reload: None,
            blocked: Vec::new(),
        }
    }

    /// Also serves `/__dev/reload.js` and `/__dev/version` from `reload`.
    pub fn with_reload(mut self, reload: Reload) -> Site {
        self.reload = Some(reload);
        self
    }

    /// Answers `404` for every path that starts with `prefix`, as if those files were missing
    /// (the browser tests use it to see the page as it is before the wasm app loads).
    pub fn blocking(mut self, prefix: &str) -> Site {
        self.blocked.push(prefix.to_owned());
        self
    }

    /// The folder served.
    pub fn root(&self) -> &Path {
        &self.root
    }
}

/// Binds `addr` and serves `site` from a background thread for the rest of the process.
/// Returns the bound address (useful with port 0).
///
/// # Errors
///
/// When the address cannot be bound, for example because the port is taken.
pub fn start(site: Site, addr: impl ToSocketAddrs) -> io::Result<SocketAddr> {
    let listener = TcpListener::bind(addr)?;
    let local = listener.local_addr()?;
    let site = Arc::new(site);
    thread::Builder::new()
        .name(format!("static-server-{local}"))
        .spawn(move || {
            for stream in listener.incoming().flatten() {
                let site = Arc::clone(&site);
                // A connection that fails mid-way only affects that request.
                let _ = thread::Builder::new()
                    .name("static-server-conn".into())
                    .spawn(move || handle(&site, stream));
            }
        })?;
    Ok(local)
}

/// A response before it is written.
#[derive(Debug, PartialEq, Eq)]
pub struct Response {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: &'static str,
    /// More headers (`Cache-Control`, `Location`).
    pub headers: Vec<(&'static str, String)>,
    /// The body (sent for `GET`, left out for `HEAD`).
    pub body: Vec<u8>,
}

impl Response {
    fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            headers: vec![("Cache-Control", "no-cache".to_owned())],
            body: body.into(),
        }
    }

    fn text(status: u16, body: &str) -> Response {
        Response::new(status, "text/plain; charset=utf-8", body)
    }
}

fn handle(site: &Site, mut stream: TcpStream) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let _ = stream.set_write_timeout(Some(Duration::from_secs(10)));
    let (method, target, gzip) = match read_request_line(&mut stream) {
        Some(line) => line,
        None => return,
    };
    let mut response = respond(site, &method, &target);
    if gzip {
        compress(&mut response);
    }
    let _ = write_response(&mut stream, &response, method != "HEAD");
    let _ = stream.shutdown(Shutdown::Write);
}

/// Sends text, JSON, SVG and wasm bodies gzip-compressed, as a static host would, so that
/// measurements over this server (Lighthouse's simulated mobile network) count realistic bytes.
fn compress(r: &mut Response) {
    let compressible = r.content_type.starts_with("text/")
        || r.content_type.starts_with("application/wasm")
        || r.content_type.starts_with("application/json")
        || r.content_type.starts_with("image/svg");
    if r.status != 200 || !compressible || r.body.len() < 512 {
        return;
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
    if gz.write_all(&r.body).is_ok() {
        if let Ok(body) = gz.finish() {
            r.body = body;
            r.headers.push(("Content-Encoding", "gzip".to_owned()));
            r.headers.push(("Vary", "Accept-Encoding".to_owned()));
        }
    }
}

/// Reads the request head and returns its method, its target and whether the client accepts
/// gzip; `None` for a malformed request or a connection closed early.
fn read_request_line(stream: &mut TcpStream) -> Option<(String, String, bool)> {
    let mut head = Vec::new();
    let mut chunk = [0u8; 2048];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        if head.len() > 16 * 1024 {
            return None;
        }
        let n = stream.read(&mut chunk).ok()?;
        if n == 0 {
            return None;
        }
        head.extend_from_slice(&chunk[..n]);
    }
    let head = String::from_utf8_lossy(&head);
    let mut parts = head.lines().next()?.split_whitespace();
    let method = parts.next()?.to_owned();
    let target = parts.next()?.to_owned();
    let gzip = head.lines().any(|l| {
        let l = l.to_ascii_lowercase();
        l.starts_with("accept-encoding:") && l.contains("gzip")
    });
    Some((method, target, gzip))
}

fn write_response(stream: &mut TcpStream, r: &Response, with_body: bool) -> io::Result<()> {
    let mut out = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len()
    );
    for (name, value) in &r.headers {
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    out.push_str("\r\n");
    stream.write_all(out.as_bytes())?;
    if with_body {
        stream.write_all(&r.body)?;
    }
    stream.flush()
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        301 => "Moved Permanently",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        _ => "Internal Server Error",
    }
}

/// The answer to `method target` (the target as it appears in the request line).
pub fn respond(site: &Site, method: &str, target: &str) -> Response {
    if method != "GET" && method != "HEAD" {
        let mut r = Response::text(405, "only GET and HEAD\n");
        r.headers.push(("Allow", "GET, HEAD".to_owned()));
        return r;
    }
    let path = target.split(['?', '#']).next().unwrap_or("");
    let Some(path) = percent_decode(path) else {
        return Response::text(400, "bad percent-encoding\n");
    };
    if !path.starts_with('/') {
        return Response::text(400, "the path must start with /\n");
    }
    if let Some(reload) = &site.reload {
        match path.as_str() {
            "/__dev/reload.js" => {
                return Response::new(200, "text/javascript; charset=utf-8", RELOAD_JS)
            }
            "/__dev/version" => {
                let mut r = Response::text(200, &reload.version());
                r.headers = vec![("Cache-Control", "no-store".to_owned())];
                return r;
            }
            _ => {}
        }
    }
    if site.blocked.iter().any(|p| path.starts_with(p.as_str())) {
        return not_found(site);
    }
    let mut file = site.root.clone();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Response::text(400, "`..` is not allowed in paths\n"),
            s if s.contains(['\\', '\0']) => return Response::text(400, "bad character in path\n"),
            s => file.push(s),
        }
    }
    if file.is_dir() {
        if !path.ends_with('/') {
            let mut r = Response::text(301, "moved\n");
            r.headers.push(("Location", format!("{path}/")));
            return r;
        }
        file.push("index.html");
    }
    match std::fs::read(&file) {
        Ok(body) => Response::new(200, content_type(&file), body),
        Err(_) => not_found(site),
    }
}

fn not_found(site: &Site) -> Response {
    match std::fs::read(site.root.join("404.html")) {
        Ok(body) => Response::new(404, "text/html; charset=utf-8", body),
        Err(_) => Response::text(404, "404 not found\n"),
    }
}

/// The `Content-Type` for a file, from its extension.
pub fn content_type(path: &Path) -> &'static str {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "gif" => "image/gif",
        "ico" => "image/x-icon",
        "xml" => "application/xml; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

/// Decodes `%XX` escapes; `None` when an escape is malformed or the result is not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// A response read by [`fetch`].
#[derive(Debug)]
pub struct Fetched {
    /// The HTTP status code.
    pub status: u16,
    /// The headers, names as sent.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Fetched {
    /// The value of the first header called `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The body as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// `GET path` from a server that closes the connection after the response (as this one does).
/// A tiny client for tests: no redirects, no chunked encoding.
///
/// # Errors
///
/// When the connection fails or the response has no valid status line.
pub fn fetch(addr: SocketAddr, path: &str) -> io::Result<Fetched> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_owned());
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| bad("no end of headers"))?;
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("no status line"))?;
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
        .collect();
    Ok(Fetched {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder with an index, a nested page, a script, a wasm file and a 404 page.
    fn site_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-static-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("paper")).unwrap();
        std::fs::create_dir_all(dir.join("calc")).unwrap();
        std::fs::write(dir.join("index.html"), "<h1>home</h1>").unwrap();
        std::fs::write(dir.join("paper/index.html"), "<h1>paper</h1>").unwrap();
        std::fs::write(dir.join("calc/app.js"), "export {}").unwrap();
        std::fs::write(dir.join("calc/app_bg.wasm"), b"\0asm").unwrap();
        std::fs::write(dir.join("404.html"), "<h1>lost</h1>").unwrap();
        dir
    }

    #[test]
    fn content_types_follow_the_extension() {
        for (name, ty) in [
            ("a.html", "text/html; charset=utf-8"),
            ("a.js", "text/javascript; charset=utf-8"),
            ("a.wasm", "application/wasm"),
            ("a.css", "text/css; charset=utf-8"),
            ("a.svg", "image/svg+xml"),
            ("a.png", "image/png"),
            ("favicon.ico", "image/x-icon"),
            ("sitemap.xml", "application/xml; charset=utf-8"),
            ("robots.txt", "text/plain; charset=utf-8"),
            ("a.json", "application/json"),
            ("a.unknown", "application/octet-stream"),
        ] {
            assert_eq!(content_type(Path::new(name)), ty, "{name}");
        }
    }

    #[test]
    fn directories_serve_their_index_and_redirect_without_a_slash() {
        let site = Site::new(site_dir("dirs"));
        let home = respond(&site, "GET", "/");
        assert_eq!(
            (home.status, home.body.as_slice()),
            (200, &b"<h1>home</h1>"[..])
        );
        let paper = respond(&site, "GET", "/paper/?x=1");
        assert_eq!(paper.body, b"<h1>paper</h1>");
        assert_eq!(paper.content_type, "text/html; charset=utf-8");
        let bare = respond(&site, "GET", "/paper");
        assert_eq!(bare.status, 301);
        assert!(bare.headers.contains(&("Location", "/paper/".to_owned())));
    }

    #[test]
    fn unknown_paths_get_the_404_page_and_traversal_is_refused() {
        let site = Site::new(site_dir("missing"));
        let missing = respond(&site, "GET", "/nope/");
        assert_eq!(
            (missing.status, missing.body.as_slice()),
            (404, &b"<h1>lost</h1>"[..])
        );
        assert_eq!(respond(&site, "GET", "/../etc/passwd").status, 400);
        assert_eq!(respond(&site, "GET", "/paper/%2e%2e/%2e%2e/x").status, 400);
        assert_eq!(respond(&site, "GET", "/%zz").status, 400);
        assert_eq!(respond(&site, "POST", "/").status, 405);
    }

    #[test]
    fn blocked_prefixes_look_missing() {
        let site = Site::new(site_dir("blocked")).blocking("/calc/");
        assert_eq!(respond(&site, "GET", "/calc/app.js").status, 404);
        assert_eq!(respond(&site, "GET", "/").status, 200);
    }

    #[test]
    fn dev_endpoints_exist_only_with_reload() {
        let plain = Site::new(site_dir("plain"));
        assert_eq!(respond(&plain, "GET", "/__dev/version").status, 404);
        let reload = Reload::new();
        let site = Site::new(site_dir("dev")).with_reload(reload.clone());
        let before = respond(&site, "GET", "/__dev/version");
        assert_eq!(
            before.headers,
            vec![("Cache-Control", "no-store".to_owned())]
        );
        reload.bump();
        let after = respond(&site, "GET", "/__dev/version");
        assert_ne!(before.body, after.body);
        let js = respond(&site, "GET", "/__dev/reload.js");
        assert_eq!(js.content_type, "text/javascript; charset=utf-8");
        assert!(String::from_utf8(js.body)
            .unwrap()
            .contains("location.reload()"));
    }

    #[test]
    fn serves_over_tcp() {
        let addr = start(Site::new(site_dir("tcp")), "127.0.0.1:0").unwrap();
        let wasm = fetch(addr, "/calc/app_bg.wasm").unwrap();
        assert_eq!(wasm.status, 200);
        assert_eq!(wasm.header("content-type"), Some("application/wasm"));
        assert_eq!(wasm.body, b"\0asm");
        assert_eq!(fetch(addr, "/missing.css").unwrap().status, 404);
    }
}
