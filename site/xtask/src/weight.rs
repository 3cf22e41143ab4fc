//! What a page makes the browser fetch on first view, and how many bytes that is: the page,
//! its stylesheets (and their fonts and imports), images and icons, and its module scripts
//! followed to the wasm they load. Shared by `cargo xtask bench` (the page-weight table) and
//! the byte-budget test of the home page.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What a fetched file is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// HTML, CSS, fonts, images, icons: what reading the page needs.
    Reading,
    /// The calculator: its boot module, the wasm-bindgen glue and the wasm.
    Calculator,
    /// Other scripts (small enhancements such as copy buttons).
    Scripts,
}

impl Part {
    /// The key used in JSON.
    pub fn key(self) -> &'static str {
        match self {
            Part::Reading => "reading",
            Part::Calculator => "calculator",
            Part::Scripts => "other_scripts",
        }
    }

    /// The label used in the table.
    pub fn label(self) -> &'static str {
        match self {
            Part::Reading => "reading",
            Part::Calculator => "calculator",
            Part::Scripts => "other scripts",
        }
    }
}

/// Raw, gzip -9 and brotli 11 sizes of one file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sizes {
    /// Bytes as stored.
    pub raw: u64,
    /// Bytes after gzip -9.
    pub gzip: u64,
    /// Bytes after brotli, quality 11.
    pub brotli: u64,
}

impl std::ops::AddAssign for Sizes {
    fn add_assign(&mut self, o: Sizes) {
        self.raw += o.raw;
        self.gzip += o.gzip;
        self.brotli += o.brotli;
    }
}

/// Raw, gzip -9 and brotli 11 sizes of `bytes`.
pub fn sizes_of(bytes: &[u8]) -> Sizes {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let gzip = gz
        .write_all(bytes)
        .and_then(|()| gz.finish())
        .map_or(0, |v| v.len() as u64);
    let mut br = Vec::new();
    {
        let mut w = brotli::CompressorWriter::new(&mut br, 4096, 11, 22);
        let _ = w.write_all(bytes);
        let _ = w.flush();
    }
    Sizes {
        raw: bytes.len() as u64,
        gzip,
        brotli: br.len() as u64,
    }
}

/// The built pages: `(URL path, file)`, home page first.
pub fn pages(dist: &Path) -> Vec<(String, PathBuf)> {
    let mut found = Vec::new();
    let mut stack = vec![dist.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                let rel = path
                    .strip_prefix(dist)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .replace('\\', "/");
                let url = match rel.strip_suffix("index.html") {
                    Some(dir) => format!("/{dir}"),
                    None => format!("/{rel}"),
                };
                found.push((url, path));
            }
        }
    }
    found.sort_by_key(|(url, _)| (url != "/", url.ends_with(".html"), url.clone()));
    found
}

/// What a page makes the browser fetch on first view.
#[derive(Debug, Default, PartialEq)]
pub struct FirstView {
    /// URL paths on the site, in the order found, the page itself first.
    pub files: Vec<(String, Part)>,
    /// References to other hosts (none are expected).
    pub external: Vec<String>,
    /// References to files that are not in `dist/`.
    pub missing: Vec<String>,
}

impl FirstView {
    fn add(&mut self, path: String, part: Part) -> bool {
        if self.files.iter().any(|(p, _)| *p == path) {
            return false;
        }
        self.files.push((path, part));
        true
    }
}

/// The file under `dist` that serves URL path `path`.
pub fn local_file(dist: &Path, path: &str) -> PathBuf {
    let mut file = dist.to_path_buf();
    for seg in path.split('/').filter(|s| !s.is_empty()) {
        file.push(seg);
    }
    if path.ends_with('/') {
        file.push("index.html");
    }
    file
}

/// Where a reference leads.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    /// A path on this site.
    Local(String),
    /// Another host.
    External(String),
    /// `data:` and the like: nothing is fetched.
    Inline,
}

/// Resolves `reference` against the URL path `base` (`/paper/`, `/calc/boot.js`).
fn resolve(base: &str, reference: &str) -> Target {
    let r = reference.trim().replace("&amp;", "&");
    let lower = r.to_ascii_lowercase();
    if r.is_empty() || r.starts_with('#') {
        return Target::Inline;
    }
    if ["data:", "blob:", "javascript:", "mailto:", "about:"]
        .iter()
        .any(|p| lower.starts_with(p))
    {
        return Target::Inline;
    }
    if r.starts_with("//") || lower.contains("://") {
        return Target::External(r);
    }
    let r = r.split(['#', '?']).next().unwrap_or("");
    let joined = if r.starts_with('/') {
        r.to_owned()
    } else {
        let dir = &base[..base.rfind('/').map_or(0, |i| i + 1)];
        format!("{dir}{r}")
    };
    let mut segments: Vec<&str> = Vec::new();
    let parts: Vec<&str> = joined.split('/').collect();
    for (i, seg) in parts.iter().enumerate() {
        match *seg {
            "" | "." if i + 1 < parts.len() => {}
            ".." => {
                segments.pop();
            }
            s => segments.push(s),
        }
    }
    Target::Local(format!("/{}", segments.join("/")))
}

/// The files fetched when `page` (a URL path) is first opened.
pub fn first_view(dist: &Path, page: &str) -> FirstView {
    let mut view = FirstView::default();
    view.add(page.to_owned(), Part::Reading);
    let html = std::fs::read_to_string(local_file(dist, page)).unwrap_or_default();
    let (tags, inline_styles) = scan_html(&html);
    let mut scripts: Vec<String> = Vec::new();
    let mut note = |view: &mut FirstView, t: Target, part: Part| -> Option<String> {
        match t {
            Target::Local(path) => {
                if local_file(dist, &path).is_file() {
                    view.add(path.clone(), part);
                    Some(path)
                } else {
                    if !view.missing.contains(&path) {
                        view.missing.push(path);
                    }
                    None
                }
            }
            Target::External(url) => {
                view.external.push(url);
                None
            }
            Target::Inline => None,
        }
    };
    for tag in &tags {
        let attr = |name: &str| tag.attr(name);
        match tag.name.as_str() {
            "link" => {
                let rel = attr("rel").unwrap_or_default().to_ascii_lowercase();
                let rels: Vec<&str> = rel.split_whitespace().collect();
                let Some(href) = attr("href") else { continue };
                if rels.contains(&"stylesheet") {
                    if let Some(path) = note(&mut view, resolve(page, &href), Part::Reading) {
                        css_graph(dist, &path, &mut view, &mut note);
                    }
                } else if rels.contains(&"icon") || rels.contains(&"manifest") {
                    note(&mut view, resolve(page, &href), Part::Reading);
                } else if rels.contains(&"modulepreload") {
                    if let Target::Local(path) = resolve(page, &href) {
                        scripts.push(path);
                    }
                } else if rels.contains(&"preload") {
                    let part = match attr("as").as_deref() {
                        Some("script") => Part::Scripts,
                        _ => Part::Reading,
                    };
                    note(&mut view, resolve(page, &href), part);
                }
            }
            "script" => {
                if let Some(src) = attr("src") {
                    if let Target::Local(path) = resolve(page, &src) {
                        scripts.push(path);
                    } else {
                        note(&mut view, resolve(page, &src), Part::Scripts);
                    }
                }
            }
            "img" | "input" | "video" | "iframe" | "embed" | "object" => {
                let src = match tag.name.as_str() {
                    "img" => attr("src").or_else(|| {
                        attr("srcset").and_then(|s| {
                            s.split(',')
                                .next()
                                .and_then(|c| c.split_whitespace().next())
                                .map(str::to_owned)
                        })
                    }),
                    "input" => (attr("type").as_deref() == Some("image"))
                        .then(|| attr("src"))
                        .flatten(),
                    "video" => attr("poster"),
                    "object" => attr("data"),
                    _ => attr("src"),
                };
                if let Some(src) = src {
                    note(&mut view, resolve(page, &src), Part::Reading);
                }
            }
            _ => {}
        }
    }
    for css in &inline_styles {
        for (reference, _) in css_refs(css) {
            note(&mut view, resolve(page, &reference), Part::Reading);
        }
    }
    // A script whose module graph reaches a wasm file belongs to the calculator.
    for script in scripts {
        let mut graph = Vec::new();
        let mut missing = Vec::new();
        js_graph(dist, &script, &mut graph, &mut missing);
        let part = if graph.iter().any(|p| p.ends_with(".wasm")) {
            Part::Calculator
        } else {
            Part::Scripts
        };
        for path in graph {
            view.add(path, part);
        }
        for m in missing {
            if !view.missing.contains(&m) && !is_default_wasm_fallback(&m) {
                view.missing.push(m);
            }
        }
    }
    view
}

/// wasm-bindgen's glue names `<crate>_bg.wasm` as a default that is never fetched when the
/// boot module passes the hashed file (trunk renames it): not worth a note.
fn is_default_wasm_fallback(path: &str) -> bool {
    path.ends_with("_bg.wasm")
}

/// Adds the stylesheet at `path`'s imports, fonts and images to `view`.
fn css_graph(
    dist: &Path,
    path: &str,
    view: &mut FirstView,
    note: &mut impl FnMut(&mut FirstView, Target, Part) -> Option<String>,
) {
    let css = std::fs::read_to_string(local_file(dist, path)).unwrap_or_default();
    for (reference, import) in css_refs(&css) {
        if let Some(found) = note(view, resolve(path, &reference), Part::Reading) {
            if import {
                css_graph(dist, &found, view, note);
            }
        }
    }
}

/// The `url(…)` and `@import` references of a stylesheet, with whether each is an import.
/// In `@font-face`, only the first source of each `src` counts: the browser stops at the first
/// format it supports.
fn css_refs(css: &str) -> Vec<(String, bool)> {
    let css = strip_css_comments(css);
    let mut out = Vec::new();
    let mut rest = css.as_str();
    let mut outside = String::new();
    // Font faces: keep the first url of each `src:` declaration.
    while let Some(at) = rest.find("@font-face") {
        outside.push_str(&rest[..at]);
        let after = &rest[at..];
        let end = after.find('}').map_or(after.len(), |e| e + 1);
        for decl in after[..end].split(';') {
            let decl = decl.trim_start_matches(|c: char| c == '{' || c.is_whitespace());
            let decl = decl
                .trim_start_matches("@font-face")
                .trim_start_matches(|c: char| c == '{' || c.is_whitespace());
            if decl.starts_with("src") {
                if let Some(first) = urls(decl).into_iter().next() {
                    out.push((first, false));
                }
            }
        }
        rest = &after[end..];
    }
    outside.push_str(rest);
    // Imports: `@import url(x)` or `@import "x"`.
    let mut imports = BTreeSet::new();
    for piece in outside.split("@import").skip(1) {
        let stmt = piece.split(';').next().unwrap_or("").trim();
        let target = if stmt.starts_with("url(") {
            urls(stmt).into_iter().next()
        } else {
            quoted(stmt)
        };
        if let Some(t) = target {
            imports.insert(t.clone());
            out.push((t, true));
        }
    }
    for u in urls(&outside) {
        if !imports.contains(&u) {
            out.push((u, false));
        }
    }
    out
}

fn strip_css_comments(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        rest = rest[start + 2..]
            .find("*/")
            .map_or("", |e| &rest[start + 2 + e + 2..]);
    }
    out.push_str(rest);
    out
}

/// Every `url(…)` argument in `text`, unquoted.
fn urls(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("url(") {
        let after = &rest[at + 4..];
        let end = after.find(')').unwrap_or(after.len());
        let arg = after[..end].trim().trim_matches(['"', '\'']).trim();
        if !arg.is_empty() {
            out.push(arg.to_owned());
        }
        rest = &after[end..];
    }
    out
}

/// The first quoted string (`"…"` or `'…'`) at the start of `text`.
fn quoted(text: &str) -> Option<String> {
    let q = text.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let body = &text[1..];
    Some(body[..body.find(q)?].to_owned())
}

/// `path` and every module it imports (statically), and every file it names with
/// `new URL('…', import.meta.url)`; references to files not in `dist/` go to `missing`.
fn js_graph(dist: &Path, path: &str, graph: &mut Vec<String>, missing: &mut Vec<String>) {
    if graph.iter().any(|p| p == path) {
        return;
    }
    let file = local_file(dist, path);
    if !file.is_file() {
        missing.push(path.to_owned());
        return;
    }
    graph.push(path.to_owned());
    if path.ends_with(".wasm") {
        return;
    }
    let js = std::fs::read_to_string(&file).unwrap_or_default();
    for reference in js_refs(&js) {
        if let Target::Local(p) = resolve(path, &reference) {
            js_graph(dist, &p, graph, missing);
        }
    }
}

/// Specifiers of `import … from '…'`, `import '…'`, `export … from '…'` and the first argument
/// of `new URL('…', import.meta.url)`. Only relative and absolute paths (bare specifiers cannot
/// load in a browser without an import map).
fn js_refs(js: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut push = |s: Option<String>| {
        let Some(s) = s else { return };
        let path = s.starts_with("./")
            || s.starts_with("../")
            || s.starts_with('/')
            || s.ends_with(".wasm");
        if path && !out.contains(&s) {
            out.push(s);
        }
    };
    for (i, _) in js.match_indices("from") {
        let before_ok = i == 0 || !js.as_bytes()[i - 1].is_ascii_alphanumeric();
        if before_ok {
            push(quoted(js[i + 4..].trim_start()));
        }
    }
    for (i, _) in js.match_indices("import") {
        let before_ok =
            i == 0 || !js.as_bytes()[i - 1].is_ascii_alphanumeric() && js.as_bytes()[i - 1] != b'.';
        let after = js[i + 6..].trim_start();
        // `import '…'` (side effect only); dynamic `import(…)` is not a first-view fetch.
        if before_ok {
            push(quoted(after));
        }
    }
    for (i, _) in js.match_indices("new URL(") {
        let args = &js[i + 8..];
        let close = args.find(')').unwrap_or(args.len());
        if args[..close].contains("import.meta.url") {
            push(quoted(args.trim_start()));
        }
    }
    out
}

/// One start tag: its lowercase name and attributes (names lowercase, values as written).
#[derive(Debug, PartialEq)]
struct Tag {
    name: String,
    attrs: Vec<(String, String)>,
}

impl Tag {
    fn attr(&self, name: &str) -> Option<String> {
        self.attrs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }
}

/// The start tags of `html` (comments skipped; the content of `script`, `style`, `textarea`,
/// `title`, `noscript` and `template` not read as markup) and the text of its `<style>`
/// elements.
fn scan_html(html: &str) -> (Vec<Tag>, Vec<String>) {
    let b = html.as_bytes();
    let mut tags = Vec::new();
    let mut styles = Vec::new();
    let mut i = 0;
    while let Some(off) = html[i..].find('<') {
        let at = i + off;
        if html[at..].starts_with("<!--") {
            i = html[at..].find("-->").map_or(b.len(), |e| at + e + 3);
            continue;
        }
        let name_len = html[at + 1..]
            .bytes()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == b'-')
            .count();
        if name_len == 0 || !b[at + 1].is_ascii_alphabetic() {
            i = at + 1;
            continue;
        }
        let name = html[at + 1..at + 1 + name_len].to_ascii_lowercase();
        let mut j = at + 1 + name_len;
        let mut attrs = Vec::new();
        loop {
            while j < b.len() && (b[j].is_ascii_whitespace() || b[j] == b'/') {
                j += 1;
            }
            if j >= b.len() {
                break;
            }
            if b[j] == b'>' {
                j += 1;
                break;
            }
            let start = j;
            while j < b.len() && !b[j].is_ascii_whitespace() && !matches!(b[j], b'=' | b'>' | b'/')
            {
                j += 1;
            }
            if start == j {
                j += 1;
                continue;
            }
            let attr_name = html[start..j].to_ascii_lowercase();
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            let mut value = String::new();
            if j < b.len() && b[j] == b'=' {
                j += 1;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j < b.len() && (b[j] == b'"' || b[j] == b'\'') {
                    let q = b[j];
                    let vstart = j + 1;
                    let vend = html[vstart..]
                        .bytes()
                        .position(|c| c == q)
                        .map_or(b.len(), |p| vstart + p);
                    value = html[vstart..vend].to_owned();
                    j = (vend + 1).min(b.len());
                } else {
                    let vstart = j;
                    while j < b.len() && !b[j].is_ascii_whitespace() && b[j] != b'>' {
                        j += 1;
                    }
                    value = html[vstart..j].to_owned();
                }
            }
            attrs.push((attr_name, value));
        }
        i = j;
        if matches!(
            name.as_str(),
            "script" | "style" | "textarea" | "title" | "noscript" | "template"
        ) {
            let close = format!("</{name}");
            let end = html[i..]
                .to_ascii_lowercase()
                .find(&close)
                .map_or(b.len(), |e| i + e);
            if name == "style" {
                styles.push(html[i..end].to_owned());
            }
            i = end;
        }
        tags.push(Tag { name, attrs });
    }
    (tags, styles)
}

/// The files and bytes a page needs for `part` on first view: `(requests, summed sizes)`.
pub fn part_weight(dist: &Path, page: &str, part: Part) -> (usize, Sizes) {
    let mut total = (0, Sizes::default());
    for (path, p) in first_view(dist, page).files {
        if p == part {
            let bytes = std::fs::read(local_file(dist, &path)).unwrap_or_default();
            total.0 += 1;
            total.1 += sizes_of(&bytes);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist_with(files: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "xtask-bench-{}-{}",
            std::process::id(),
            files.len()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, body) in files {
            let file = dir.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, body).unwrap();
        }
        dir
    }

    #[test]
    fn references_resolve_like_a_browser() {
        assert_eq!(
            resolve("/paper/", "../style.css"),
            Target::Local("/style.css".into())
        );
        assert_eq!(
            resolve("/calc/boot.js", "./app.js"),
            Target::Local("/calc/app.js".into())
        );
        assert_eq!(
            resolve("/calc/app.js", "app_bg.wasm"),
            Target::Local("/calc/app_bg.wasm".into())
        );
        assert_eq!(
            resolve("/", "/favicon.svg?v=2#x"),
            Target::Local("/favicon.svg".into())
        );
        assert_eq!(resolve("/", "data:image/png;base64,xx"), Target::Inline);
        assert_eq!(
            resolve("/", "https://cdn.example/x.js"),
            Target::External("https://cdn.example/x.js".into())
        );
        assert_eq!(
            resolve("/", "//cdn.example/x.js"),
            Target::External("//cdn.example/x.js".into())
        );
    }

    #[test]
    fn html_scanning_reads_attributes_and_skips_comments_and_raw_text() {
        let html = r#"<!doctype html><!-- <script src="/no.js"></script> -->
<LINK REL="stylesheet" href='/a.css'><script type=module src=/m.js></script>
<script>const s = "<img src='/no.png'>";</script><noscript><img src="/no2.png"></noscript>
<img alt="x > y" src="/pic.png"><style>body{background:url(/bg.png)}</style>"#;
        let (tags, styles) = scan_html(html);
        let names: Vec<&str> = tags.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            ["link", "script", "script", "noscript", "img", "style"]
        );
        assert_eq!(tags[0].attr("href").as_deref(), Some("/a.css"));
        assert_eq!(tags[1].attr("src").as_deref(), Some("/m.js"));
        assert_eq!(tags[4].attr("src").as_deref(), Some("/pic.png"));
        assert_eq!(styles, ["body{background:url(/bg.png)}"]);
    }

    #[test]
    fn css_references_take_the_first_font_source_and_follow_imports() {
        let css = r#"/* url(/comment.png) */ @import "base.css"; @import url('more.css');
@font-face { font-family: X; src: url(/f.woff2) format("woff2"), url(/f.woff) format("woff"); }
.a { background: url("/bg.svg") }"#;
        let refs = css_refs(css);
        assert_eq!(
            refs,
            vec![
                ("/f.woff2".to_owned(), false),
                ("base.css".to_owned(), true),
                ("more.css".to_owned(), true),
                ("/bg.svg".to_owned(), false),
            ]
        );
    }

    #[test]
    fn module_imports_and_wasm_urls_are_followed() {
        let js = "import init from './glue.js';\nimport './side.js';\nexport { x } from \"./x.js\";\n\
                  const u = new URL('./app_bg.wasm', import.meta.url);\nconst d = import('./lazy.js');\nimport(x);";
        assert_eq!(
            js_refs(js),
            ["./glue.js", "./x.js", "./side.js", "./app_bg.wasm"]
        );
    }

    #[test]
    fn a_page_splits_into_reading_calculator_and_other_scripts() {
        let dist = dist_with(&[
            (
                "index.html",
                r#"<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/style.css">
<link rel="canonical" href="https://example.org/"><meta property="og:image" content="https://example.org/s.png">
<script type="module" src="/calc/boot.js"></script><script type="module" src="/copy.js"></script>
<img src="/missing.png">"#,
            ),
            ("favicon.svg", "<svg/>"),
            ("style.css", "@font-face{src:url(/font.woff2)}"),
            ("font.woff2", "wOF2"),
            ("calc/boot.js", "import init from './glue.js';\ninit({ module_or_path: new URL('./app-123_bg.wasm', import.meta.url) });"),
            ("calc/glue.js", "export default function(){ new URL('app_bg.wasm', import.meta.url) }"),
            ("calc/app-123_bg.wasm", "\0asm"),
            ("copy.js", "document.querySelectorAll('[data-copy]')"),
        ]);
        let view = first_view(&dist, "/");
        assert_eq!(
            view.files,
            vec![
                ("/".to_owned(), Part::Reading),
                ("/favicon.svg".to_owned(), Part::Reading),
                ("/style.css".to_owned(), Part::Reading),
                ("/font.woff2".to_owned(), Part::Reading),
                ("/calc/boot.js".to_owned(), Part::Calculator),
                ("/calc/glue.js".to_owned(), Part::Calculator),
                ("/calc/app-123_bg.wasm".to_owned(), Part::Calculator),
                ("/copy.js".to_owned(), Part::Scripts),
            ]
        );
        assert_eq!(view.missing, ["/missing.png"]);
        assert!(
            view.external.is_empty(),
            "canonical and og:image are not fetched"
        );
        let listed: Vec<String> = pages(&dist).into_iter().map(|(u, _)| u).collect();
        assert_eq!(listed, ["/"]);
    }

    #[test]
    fn compressed_sizes_are_smaller_for_repetitive_text() {
        let text = "the same words again and again ".repeat(200);
        let s = sizes_of(text.as_bytes());
        assert_eq!(s.raw, text.len() as u64);
        assert!(s.gzip < s.raw / 10 && s.brotli < s.raw / 10, "{s:?}");
    }
}
