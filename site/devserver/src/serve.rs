//! [`start`]: serves a [`Site`] on HTTP/1.1 ([`tiny_http`]). The answer to a request: a file
//! under the root (after the site's prefix), a folder's `index.html` (after a redirect to its
//! trailing slash), else `404` with the root's `404.html`; `..` is refused. Every answer says
//! `Cache-Control: no-cache`, so a page is never stale.

use std::io::{self, Write};
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::Path;
use std::sync::Arc;

use percent_encoding::percent_decode_str;

use crate::site::{Site, RELOAD_JS};

/// Threads answering requests, so a slow reader never holds up the others.
const WORKERS: usize = 4;

/// Binds `addr` (an error when it cannot, say the port is taken) and serves `site` from background
/// threads for the rest of the process; returns the bound address (useful with port 0).
pub fn start(site: Site, addr: impl ToSocketAddrs) -> io::Result<SocketAddr> {
    let server = tiny_http::Server::http(addr).map_err(io::Error::other)?;
    let local = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| io::Error::other("not on IP"))?;
    let (server, site) = (Arc::new(server), Arc::new(site));
    for n in 0..WORKERS {
        let (server, site) = (Arc::clone(&server), Arc::clone(&site));
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
fn send(site: &Site, request: tiny_http::Request) {
    let gzip = request.headers().iter().any(|h| {
        h.field.equiv("Accept-Encoding") && h.value.as_str().to_ascii_lowercase().contains("gzip")
    });
    let (status, content_type, mut headers, mut body) =
        route(site, request.method().as_str(), request.url());
    let compressible = ["text/", "application/wasm", "application/json", "image/svg"];
    let compressible = compressible.iter().any(|p| content_type.starts_with(p));
    if gzip && status == 200 && compressible && body.len() >= 512 {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
        if let Ok(zipped) = gz.write_all(&body).and_then(|()| gz.finish()) {
            body = zipped;
            headers.extend([
                ("Content-Encoding", "gzip".into()),
                ("Vary", "Accept-Encoding".into()),
            ]);
        }
    }
    // Always a Content-Length, never chunks: sizes read by a client are the bytes sent.
    let mut response = tiny_http::Response::from_data(body)
        .with_status_code(status)
        .with_chunked_threshold(usize::MAX);
    let types = [
        ("Content-Type", content_type.into()),
        ("X-Content-Type-Options", "nosniff".into()),
    ];
    for (name, value) in types.into_iter().chain(headers) {
        if let Ok(header) = tiny_http::Header::from_bytes(name, value.as_bytes()) {
            response.add_header(header);
        }
    }
    let _ = request.respond(response);
}

/// A response before it is sent: status, type, more headers, body.
type Answer = (u16, &'static str, Vec<(&'static str, String)>, Vec<u8>);

const TEXT: &str = "text/plain; charset=utf-8";

fn answer(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Answer {
    (
        status,
        content_type,
        vec![("Cache-Control", "no-cache".to_owned())],
        body.into(),
    )
}

fn with(mut a: Answer, header: &'static str, value: String) -> Answer {
    a.2.push((header, value));
    a
}

/// The answer to `method target` (as in the request line).
fn route(site: &Site, method: &str, target: &str) -> Answer {
    if method != "GET" && method != "HEAD" {
        return with(
            answer(405, TEXT, "only GET and HEAD\n"),
            "Allow",
            "GET, HEAD".into(),
        );
    }
    let raw = target.split(['?', '#']).next().unwrap_or("");
    let Ok(path) = percent_decode_str(raw).decode_utf8() else {
        return answer(400, TEXT, "the path is not UTF-8 once decoded\n");
    };
    match (&site.reload, path.as_ref()) {
        (Some(_), "/__dev/reload.js") => return answer(200, content_type("a.js"), RELOAD_JS),
        (Some(reload), "/__dev/version") => {
            return (
                200,
                TEXT,
                vec![("Cache-Control", "no-store".into())],
                reload.version().into(),
            )
        }
        _ => {}
    }
    let redirect = || with(answer(301, TEXT, "moved\n"), "Location", format!("{raw}/"));
    if format!("{path}/") == site.prefix {
        return redirect();
    }
    let inner = match path.strip_prefix(&site.prefix[..site.prefix.len() - 1]) {
        Some(inner) if !site.blocked.iter().any(|b| inner.starts_with(b.as_str())) => inner,
        _ => return not_found(site),
    };
    let mut file = site.root.clone();
    for segment in inner.split('/').filter(|s| !s.is_empty() && *s != ".") {
        if segment == ".." || segment.contains(['\\', '\0']) {
            return answer(400, TEXT, "`..`, `\\` and NUL are not allowed in paths\n");
        }
        file.push(segment);
    }
    if file.is_dir() && !path.ends_with('/') {
        return redirect();
    } else if file.is_dir() {
        file.push("index.html");
    }
    match std::fs::read(&file) {
        Ok(body) => answer(200, content_type(&file), body),
        Err(_) => not_found(site),
    }
}

fn not_found(site: &Site) -> Answer {
    match std::fs::read(site.root.join("404.html")) {
        Ok(body) => answer(404, content_type("a.html"), body),
        Err(_) => answer(404, TEXT, "404 not found\n"),
    }
}

/// The `Content-Type` for a file, from its extension.
fn content_type(path: impl AsRef<Path>) -> &'static str {
    let ext = path
        .as_ref()
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
        "txt" => TEXT,
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "pdf" => "application/pdf",
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
            ("index.html", "<h1>home</h1>"),
            ("paper/index.html", "<h1>paper</h1>"),
            ("calc/app_bg.wasm", "\0asm"),
            ("404.html", "<h1>lost</h1>"),
            ("big.html", &big),
        ];
        let dir = crate::tests::tree("serve", &files);
        let reload = Reload::default();
        let site = Site::new(&dir)
            .under("pickanumber")
            .with_reload(reload.clone());
        let addr = super::start(site.blocking("/calc/x"), "127.0.0.1:0").unwrap();
        let get = |path: &str| minreq::get(format!("http://{addr}{path}")).send().unwrap();
        let html = "text/html; charset=utf-8";
        const BAD: &str = "`..`, `\\` and NUL are not allowed in paths\n";
        for (path, status, body, content_type) in [
            ("/pickanumber/", 200, "<h1>home</h1>", html),
            ("/pickanumber/paper/?x=1", 200, "<h1>paper</h1>", html),
            // Redirected to the trailing slash (minreq follows).
            ("/pickanumber", 200, "<h1>home</h1>", html),
            ("/pickanumber/paper", 200, "<h1>paper</h1>", html),
            (
                "/pickanumber/calc/app_bg.wasm",
                200,
                "\0asm",
                "application/wasm",
            ),
            ("/pickanumber/big.html", 200, &big, html),
            ("/pickanumber/nope/", 404, "<h1>lost</h1>", html),
            ("/paper/", 404, "<h1>lost</h1>", html),
            ("/pickanumberx/", 404, "<h1>lost</h1>", html),
            ("/pickanumber/calc/x/y.js", 404, "<h1>lost</h1>", html),
            ("/pickanumber/../etc/passwd", 400, BAD, ""),
            ("/pickanumber/paper/%2e%2e/%2e%2e/x", 400, BAD, ""),
            (
                "/pickanumber/%ff",
                400,
                "the path is not UTF-8 once decoded\n",
                "",
            ),
        ] {
            let r = get(path);
            assert_eq!(
                (r.status_code, r.as_str().unwrap()),
                (status, body),
                "{path}"
            );
            assert!(
                r.headers["content-type"].starts_with(content_type),
                "{path}"
            );
            assert!(!r.headers.contains_key("content-encoding"), "{path}");
        }
        let version = get("/__dev/version");
        assert_eq!(version.headers["cache-control"], "no-store");
        reload.bump();
        assert_ne!(version.as_bytes(), get("/__dev/version").as_bytes());
        assert!(get("/__dev/reload.js")
            .as_str()
            .unwrap()
            .contains("location.reload()"));
        let zipped = minreq::get(format!("http://{addr}/pickanumber/big.html"));
        let zipped = zipped
            .with_header("Accept-Encoding", "gzip, br")
            .send()
            .unwrap();
        assert_eq!(zipped.headers["content-encoding"], "gzip");
        assert!(zipped.as_bytes().len() < big.len() / 10);
        let head = minreq::head(format!("http://{addr}/pickanumber/"))
            .send()
            .unwrap();
        assert_eq!((head.status_code, head.as_bytes().len()), (200, 0));
        let post = minreq::post(format!("http://{addr}/pickanumber/"))
            .send()
            .unwrap();
        assert_eq!(post.status_code, 405);
        let plain = super::start(Site::new(&dir), "127.0.0.1:0").unwrap();
        let status = |p: &str| {
            minreq::get(format!("http://{plain}{p}"))
                .send()
                .unwrap()
                .status_code
        };
        assert_eq!(
            (status("/paper/"), status("/__dev/version"), status("/%zz")),
            (200, 404, 404)
        );
    }
}
