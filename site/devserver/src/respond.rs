//! The answer to one request: a file under the root (after the site's prefix), a folder's
//! `index.html` (after a redirect to its trailing slash), else `404` with the root's `404.html`;
//! `..` is refused. Every answer says `Cache-Control: no-cache`, so a page is never stale.

use std::io::Write;
use std::path::Path;

use percent_encoding::percent_decode_str;

use crate::site::{Site, RELOAD_JS};

/// A response before it is sent: status, type, more headers, body.
pub(crate) type Answer = (u16, &'static str, Vec<(&'static str, String)>, Vec<u8>);

const TEXT: &str = "text/plain; charset=utf-8";

fn answer(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Answer {
    (status, content_type, vec![("Cache-Control", "no-cache".to_owned())], body.into())
}

fn with(mut a: Answer, header: &'static str, value: String) -> Answer {
    a.2.push((header, value));
    a
}

/// The answer to `method target`, gzipped when the client accepts it and it helps, as a host would.
pub(crate) fn respond(site: &Site, method: &str, target: &str, gzip: bool) -> Answer {
    let mut a = route(site, method, target);
    let compressible = ["text/", "application/wasm", "application/json", "image/svg"];
    if gzip && a.0 == 200 && compressible.iter().any(|p| a.1.starts_with(p)) && a.3.len() >= 512 {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
        if let Ok(body) = gz.write_all(&a.3).and_then(|()| gz.finish()) {
            a.3 = body;
            a.2.extend([("Content-Encoding", "gzip".into()), ("Vary", "Accept-Encoding".into())]);
        }
    }
    a
}

fn route(site: &Site, method: &str, target: &str) -> Answer {
    if method != "GET" && method != "HEAD" {
        return with(answer(405, TEXT, "only GET and HEAD\n"), "Allow", "GET, HEAD".into());
    }
    let raw = target.split(['?', '#']).next().unwrap_or("");
    let Ok(path) = percent_decode_str(raw).decode_utf8() else {
        return answer(400, TEXT, "the path is not UTF-8 once decoded\n");
    };
    match (&site.reload, path.as_ref()) {
        (Some(_), "/__dev/reload.js") => return answer(200, content_type("a.js"), RELOAD_JS),
        (Some(reload), "/__dev/version") => {
            return (200, TEXT, vec![("Cache-Control", "no-store".into())], reload.version().into())
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
    let ext = path.as_ref().extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
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
