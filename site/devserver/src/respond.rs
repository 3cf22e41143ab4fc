//! The answer to one request, as data: a path maps to a file under the root (after the site's
//! prefix), a folder to its `index.html` (redirected to its trailing slash first, so relative
//! links work), an unknown path to `404` with the root's `404.html`; a `..` segment is refused.
//! Every answer says `Cache-Control: no-cache`, so a rebuilt page is never served stale.

use std::io::Write;
use std::path::Path;

use percent_encoding::percent_decode_str;

use crate::reload::RELOAD_JS;
use crate::site::Site;

/// A response before it is sent.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Answer {
    pub status: u16,
    pub content_type: &'static str,
    /// Headers besides the type: `Cache-Control`, `Location`, `Content-Encoding`, ….
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

const TEXT: &str = "text/plain; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

fn answer(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Answer {
    let headers = vec![("Cache-Control", "no-cache".to_owned())];
    Answer { status, content_type, headers, body: body.into() }
}

fn with(mut a: Answer, header: &'static str, value: String) -> Answer {
    a.headers.push((header, value));
    a
}

/// The answer to `method target` (as in the request line), gzip-compressed where that helps
/// when the client accepts it (`gzip`), as a static host would, so measurements over this server
/// count realistic bytes.
pub(crate) fn respond(site: &Site, method: &str, target: &str, gzip: bool) -> Answer {
    let mut a = route(site, method, target);
    let compressible = ["text/", "application/wasm", "application/json", "image/svg"]
        .iter()
        .any(|p| a.content_type.starts_with(p));
    if gzip && a.status == 200 && compressible && a.body.len() >= 512 {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
        if let Ok(body) = gz.write_all(&a.body).and_then(|()| gz.finish()) {
            a.body = body;
            a.headers.push(("Content-Encoding", "gzip".into()));
            a.headers.push(("Vary", "Accept-Encoding".into()));
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
    if !path.starts_with('/') {
        return answer(400, TEXT, "the path must start with /\n");
    }
    match (&site.reload, path.as_ref()) {
        (Some(_), "/__dev/reload.js") => return answer(200, JS, RELOAD_JS),
        (Some(reload), "/__dev/version") => {
            let mut a = answer(200, TEXT, reload.version());
            a.headers = vec![("Cache-Control", "no-store".into())];
            return a;
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
    if file.is_dir() {
        if !path.ends_with('/') {
            return redirect();
        }
        file.push("index.html");
    }
    match std::fs::read(&file) {
        Ok(body) => answer(200, content_type(&file), body),
        Err(_) => not_found(site),
    }
}

fn not_found(site: &Site) -> Answer {
    match std::fs::read(site.root.join("404.html")) {
        Ok(body) => answer(404, "text/html; charset=utf-8", body),
        Err(_) => answer(404, TEXT, "404 not found\n"),
    }
}

/// The `Content-Type` for a file, from its extension.
pub(crate) fn content_type(path: &Path) -> &'static str {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => JS,
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
pub(crate) mod tests {
    use super::*;
    use crate::reload::Reload;
    use std::path::PathBuf;

    /// A fresh folder with an index, a nested page, a script, a wasm file and a 404 page.
    pub(crate) fn site_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("devserver-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (file, text) in [
            ("index.html", "<h1>home</h1>"),
            ("paper/index.html", "<h1>paper</h1>"),
            ("calc/app.js", "export {}"),
            ("calc/app_bg.wasm", "\0asm"),
            ("404.html", "<h1>lost</h1>"),
        ] {
            std::fs::create_dir_all(dir.join(file).parent().unwrap()).unwrap();
            std::fs::write(dir.join(file), text).unwrap();
        }
        dir
    }

    fn get(site: &Site, target: &str) -> Answer {
        respond(site, "GET", target, false)
    }

    fn location(a: &Answer) -> Option<&str> {
        a.headers.iter().find(|(h, _)| *h == "Location").map(|(_, v)| v.as_str())
    }

    #[test]
    fn content_types_follow_the_extension() {
        for (name, ty) in [
            ("a.html", "text/html; charset=utf-8"),
            ("a.JS", "text/javascript; charset=utf-8"),
            ("a.wasm", "application/wasm"),
            ("sitemap.xml", "application/xml; charset=utf-8"),
            ("robots.txt", "text/plain; charset=utf-8"),
            ("a.unknown", "application/octet-stream"),
        ] {
            assert_eq!(content_type(Path::new(name)), ty, "{name}");
        }
    }

    #[test]
    fn folders_serve_their_index_and_unknown_paths_the_404_page() {
        let site = Site::new(site_dir("dirs"));
        assert_eq!(get(&site, "/").body, b"<h1>home</h1>");
        let paper = get(&site, "/paper/?x=1");
        assert_eq!(
            (paper.body.as_slice(), paper.content_type),
            (&b"<h1>paper</h1>"[..], "text/html; charset=utf-8")
        );
        assert_eq!(location(&get(&site, "/paper")), Some("/paper/"));
        let missing = get(&site, "/nope/");
        assert_eq!((missing.status, missing.body.as_slice()), (404, &b"<h1>lost</h1>"[..]));
        for (target, status) in
            [("/../etc/passwd", 400), ("/paper/%2e%2e/%2e%2e/x", 400), ("/%ff", 400), ("/%zz", 404)]
        {
            assert_eq!(get(&site, target).status, status, "{target}");
        }
        assert_eq!(respond(&site, "POST", "/", false).status, 405);
    }

    #[test]
    fn a_prefix_mounts_the_site_below_it_and_blocked_paths_look_missing() {
        let site = Site::new(site_dir("prefix")).under("pickanumber");
        assert_eq!(get(&site, "/pickanumber/paper/").body, b"<h1>paper</h1>");
        assert_eq!(location(&get(&site, "/pickanumber")), Some("/pickanumber/"));
        assert_eq!(location(&get(&site, "/pickanumber/paper")), Some("/pickanumber/paper/"));
        for outside in ["/", "/paper/", "/pickanumberx/", "/calc/app.js"] {
            assert_eq!(get(&site, outside).status, 404, "{outside}");
        }
        let blocked = site.blocking("/calc/");
        assert_eq!(get(&blocked, "/pickanumber/calc/app.js").status, 404);
        assert_eq!(get(&blocked, "/pickanumber/").status, 200);
    }

    #[test]
    fn dev_endpoints_exist_only_with_reload() {
        assert_eq!(get(&Site::new(site_dir("plain")), "/__dev/version").status, 404);
        let reload = Reload::new();
        let site = Site::new(site_dir("dev")).under("/sub/").with_reload(reload.clone());
        let before = get(&site, "/__dev/version");
        assert_eq!(before.headers, [("Cache-Control", "no-store".to_owned())]);
        reload.bump();
        assert_ne!(before.body, get(&site, "/__dev/version").body);
        let js = get(&site, "/__dev/reload.js");
        assert_eq!(js.content_type, "text/javascript; charset=utf-8");
        assert!(String::from_utf8(js.body).unwrap().contains("location.reload()"));
    }

    #[test]
    fn gzip_only_for_large_compressible_files() {
        let dir = site_dir("gzip");
        std::fs::write(dir.join("big.css"), "a{color:red}".repeat(100)).unwrap();
        let css = respond(&Site::new(&dir), "GET", "/big.css", true);
        assert!(css.headers.contains(&("Content-Encoding", "gzip".to_owned())));
        assert_eq!(respond(&Site::new(&dir), "GET", "/", true).body, b"<h1>home</h1>");
    }
}
