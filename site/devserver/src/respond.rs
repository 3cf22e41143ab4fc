//! The answer to one request, as data: a path maps to a file under the root (after the site's
//! prefix); a directory to its `index.html` (asked for without its trailing slash, it is
//! redirected, so relative links work); an unknown path gets `404` with the root's `404.html` as
//! the body when there is one; a path with a `..` segment is refused. Every answer says
//! `Cache-Control: no-cache`, so a rebuilt page is never served stale.

use std::io::Write;
use std::path::Path;

use percent_encoding::percent_decode_str;

use crate::reload::RELOAD_JS;
use crate::site::Site;

/// A response before it is sent.
#[derive(Debug, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: &'static str,
    /// More headers (`Cache-Control`, `Location`, `Content-Encoding`, …).
    pub headers: Vec<(&'static str, String)>,
    /// The body (left out for `HEAD` when sent).
    pub body: Vec<u8>,
}

impl Answer {
    fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Answer {
        Answer {
            status,
            content_type,
            headers: vec![("Cache-Control", "no-cache".to_owned())],
            body: body.into(),
        }
    }

    fn text(status: u16, body: &str) -> Answer {
        Answer::new(status, "text/plain; charset=utf-8", body)
    }

    fn redirect(to: String) -> Answer {
        let mut a = Answer::text(301, "moved\n");
        a.headers.push(("Location", to));
        a
    }

    /// Compresses text, JSON, SVG and wasm bodies with gzip, as a static host would, so that
    /// measurements over this server (Lighthouse's simulated mobile network) count realistic
    /// bytes.
    fn gzip(mut self) -> Answer {
        let compressible = ["text/", "application/wasm", "application/json", "image/svg"]
            .iter()
            .any(|p| self.content_type.starts_with(p));
        if self.status != 200 || !compressible || self.body.len() < 512 {
            return self;
        }
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
        if let Ok(body) = gz.write_all(&self.body).and_then(|()| gz.finish()) {
            self.body = body;
            self.headers.push(("Content-Encoding", "gzip".to_owned()));
            self.headers.push(("Vary", "Accept-Encoding".to_owned()));
        }
        self
    }
}

/// The answer to `method target` (the target as in the request line); gzip-compressed where
/// that helps when `gzip` (the client accepts it).
pub fn respond(site: &Site, method: &str, target: &str, gzip: bool) -> Answer {
    let answer = answer(site, method, target);
    if gzip {
        answer.gzip()
    } else {
        answer
    }
}

fn answer(site: &Site, method: &str, target: &str) -> Answer {
    if method != "GET" && method != "HEAD" {
        let mut a = Answer::text(405, "only GET and HEAD\n");
        a.headers.push(("Allow", "GET, HEAD".to_owned()));
        return a;
    }
    let raw = target.split(['?', '#']).next().unwrap_or("");
    let Ok(path) = percent_decode_str(raw).decode_utf8() else {
        return Answer::text(400, "the path is not UTF-8 once decoded\n");
    };
    if !path.starts_with('/') {
        return Answer::text(400, "the path must start with /\n");
    }
    if let Some(reload) = &site.reload {
        match path.as_ref() {
            "/__dev/reload.js" => {
                return Answer::new(200, "text/javascript; charset=utf-8", RELOAD_JS)
            }
            "/__dev/version" => {
                let mut a = Answer::text(200, &reload.version());
                a.headers = vec![("Cache-Control", "no-store".to_owned())];
                return a;
            }
            _ => {}
        }
    }
    if format!("{path}/") == site.prefix {
        return Answer::redirect(format!("{raw}/"));
    }
    let Some(inner) = path.strip_prefix(&site.prefix[..site.prefix.len() - 1]) else {
        return not_found(site);
    };
    if site.blocked.iter().any(|p| inner.starts_with(p.as_str())) {
        return not_found(site);
    }
    let mut file = site.root.clone();
    for segment in inner.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Answer::text(400, "`..` is not allowed in paths\n"),
            s if s.contains(['\\', '\0']) => return Answer::text(400, "bad character in path\n"),
            s => file.push(s),
        }
    }
    if file.is_dir() {
        if !path.ends_with('/') {
            return Answer::redirect(format!("{raw}/"));
        }
        file.push("index.html");
    }
    match std::fs::read(&file) {
        Ok(body) => Answer::new(200, content_type(&file), body),
        Err(_) => not_found(site),
    }
}

fn not_found(site: &Site) -> Answer {
    match std::fs::read(site.root.join("404.html")) {
        Ok(body) => Answer::new(404, "text/html; charset=utf-8", body),
        Err(_) => Answer::text(404, "404 not found\n"),
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::reload::Reload;
    use std::path::PathBuf;

    /// A fresh folder with an index, a nested page, a script, a wasm file and a 404 page.
    pub(crate) fn site_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("devserver-{}-{name}", std::process::id()));
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

    fn get(site: &Site, target: &str) -> Answer {
        respond(site, "GET", target, false)
    }

    #[test]
    fn content_types_follow_the_extension() {
        for (name, ty) in [
            ("a.html", "text/html; charset=utf-8"),
            ("a.js", "text/javascript; charset=utf-8"),
            ("a.wasm", "application/wasm"),
            ("a.css", "text/css; charset=utf-8"),
            ("a.svg", "image/svg+xml"),
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
        assert_eq!(get(&site, "/").body, b"<h1>home</h1>");
        let paper = get(&site, "/paper/?x=1");
        assert_eq!(paper.body, b"<h1>paper</h1>");
        assert_eq!(paper.content_type, "text/html; charset=utf-8");
        let bare = get(&site, "/paper");
        assert_eq!(bare.status, 301);
        assert!(bare.headers.contains(&("Location", "/paper/".to_owned())));
    }

    #[test]
    fn unknown_paths_get_the_404_page_and_traversal_is_refused() {
        let site = Site::new(site_dir("missing"));
        let missing = get(&site, "/nope/");
        assert_eq!(
            (missing.status, missing.body.as_slice()),
            (404, &b"<h1>lost</h1>"[..])
        );
        assert_eq!(get(&site, "/../etc/passwd").status, 400);
        assert_eq!(get(&site, "/paper/%2e%2e/%2e%2e/x").status, 400);
        assert_eq!(get(&site, "/%ff").status, 400);
        assert_eq!(get(&site, "/%zz").status, 404);
        assert_eq!(respond(&site, "POST", "/", false).status, 405);
    }

    #[test]
    fn a_prefix_mounts_the_site_below_it() {
        let site = Site::new(site_dir("prefix")).under("/pickanumber/");
        assert_eq!(get(&site, "/pickanumber/").body, b"<h1>home</h1>");
        assert_eq!(get(&site, "/pickanumber/paper/").body, b"<h1>paper</h1>");
        let bare = get(&site, "/pickanumber");
        assert!(bare
            .headers
            .contains(&("Location", "/pickanumber/".to_owned())));
        let paper = get(&site, "/pickanumber/paper");
        assert!(paper
            .headers
            .contains(&("Location", "/pickanumber/paper/".to_owned())));
        for outside in ["/", "/paper/", "/pickanumberx/", "/calc/app.js"] {
            assert_eq!(get(&site, outside).status, 404, "{outside}");
        }
        let blocked = site.blocking("/calc/");
        assert_eq!(get(&blocked, "/pickanumber/calc/app.js").status, 404);
        assert_eq!(get(&blocked, "/pickanumber/").status, 200);
    }

    #[test]
    fn blocked_paths_look_missing() {
        let site = Site::new(site_dir("blocked")).blocking("/calc/");
        assert_eq!(get(&site, "/calc/app.js").status, 404);
        assert_eq!(get(&site, "/").status, 200);
    }

    #[test]
    fn dev_endpoints_exist_only_with_reload() {
        let plain = Site::new(site_dir("plain"));
        assert_eq!(get(&plain, "/__dev/version").status, 404);
        let reload = Reload::new();
        let site = Site::new(site_dir("dev"))
            .under("/sub/")
            .with_reload(reload.clone());
        let before = get(&site, "/__dev/version");
        assert_eq!(
            before.headers,
            vec![("Cache-Control", "no-store".to_owned())]
        );
        reload.bump();
        assert_ne!(before.body, get(&site, "/__dev/version").body);
        let js = get(&site, "/__dev/reload.js");
        assert_eq!(js.content_type, "text/javascript; charset=utf-8");
        assert!(String::from_utf8(js.body)
            .unwrap()
            .contains("location.reload()"));
    }

    #[test]
    fn gzip_only_for_large_compressible_files() {
        let dir = site_dir("gzip");
        std::fs::write(dir.join("big.css"), "a{color:red}".repeat(100)).unwrap();
        let site = Site::new(&dir);
        let css = respond(&site, "GET", "/big.css", true);
        assert!(css
            .headers
            .contains(&("Content-Encoding", "gzip".to_owned())));
        let small = respond(&site, "GET", "/", true);
        assert_eq!(small.body, b"<h1>home</h1>");
    }
}
