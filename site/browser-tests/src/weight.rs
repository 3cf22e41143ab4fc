//! Page weight from what the browser fetched: open a page, wait until it has loaded (and the
//! calculator has mounted, where there is one), list the URLs of the page's navigation and
//! resource timing entries (the Performance API), then fetch those exact files from the server
//! and count their bytes raw, after gzip -9 and after brotli (quality 11). The favicon counts
//! where the browser asked for it while the page was measured: headless Chromium asks for it
//! late, after the load event, and so far only on the home page, which stays open until the
//! calculator has mounted. Shared by the byte budget test and `cargo xtask bench` (through
//! `tests/browser/budget.rs`).

use std::io::Write;

use fantoccini::Client;
use serde_json::{json, Value};

use crate::page::{wait_loaded, wait_ready};
use crate::site::Served;

/// What a fetched file is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// HTML, CSS, fonts, images: what reading the page needs.
    Reading,
    /// The calculator: the scripts and wasm under `/calc/`.
    Calculator,
    /// Other scripts (small enhancements such as copy buttons).
    Scripts,
}

impl Part {
    /// Every part, in the order of the bench's rows.
    pub const ALL: [Part; 3] = [Part::Reading, Part::Calculator, Part::Scripts];

    /// Which part the file at URL path `path` belongs to, from its place and extension.
    pub fn of(path: &str) -> Part {
        let code = [".js", ".mjs", ".wasm"].iter().any(|e| path.ends_with(e));
        match (code, path.starts_with("/calc/")) {
            (false, _) => Part::Reading,
            (true, true) => Part::Calculator,
            (true, false) => Part::Scripts,
        }
    }

    /// The key used in JSON: `reading`, `calculator`, `other_scripts`.
    pub fn key(self) -> &'static str {
        ["reading", "calculator", "other_scripts"][self as usize]
    }
}

/// Raw, gzip -9 and brotli 11 sizes of one file or a sum of files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sizes {
    /// Bytes as served.
    pub raw: u64,
    /// Bytes after gzip -9.
    pub gzip: u64,
    /// Bytes after brotli, quality 11, window 22.
    pub brotli: u64,
}

impl std::ops::Add for Sizes {
    type Output = Sizes;
    fn add(self, o: Sizes) -> Sizes {
        let (raw, gzip, brotli) = (self.raw + o.raw, self.gzip + o.gzip, self.brotli + o.brotli);
        Sizes { raw, gzip, brotli }
    }
}

impl Sizes {
    /// The sizes of `bytes`.
    pub fn of(bytes: &[u8]) -> Sizes {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        let gzip = gz.write_all(bytes).and_then(|()| gz.finish());
        let mut br = Vec::new();
        // The writer finishes the stream when it is dropped, at the end of the statement.
        let _ = brotli::CompressorWriter::new(&mut br, 4096, 11, 22).write_all(bytes);
        let (raw, brotli) = (bytes.len() as u64, br.len() as u64);
        Sizes {
            raw,
            gzip: gzip.map_or(0, |v| v.len() as u64),
            brotli,
        }
    }
}

/// One file the browser fetched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileWeight {
    /// Its URL path on the site.
    pub path: String,
    /// What it is for.
    pub part: Part,
    /// Its sizes.
    pub sizes: Sizes,
}

/// What the browser fetched for one page.
#[derive(Clone, Debug, Default)]
pub struct PageWeight {
    /// The page's URL path.
    pub page: String,
    /// The files on the site, the page itself first, in the order the browser asked for them.
    pub files: Vec<FileWeight>,
    /// URLs on other hosts (none are expected).
    pub external: Vec<String>,
    /// Paths the browser asked for that the server does not have.
    pub missing: Vec<String>,
}

impl PageWeight {
    /// The number of files of `part` and their summed sizes.
    pub fn part(&self, part: Part) -> (usize, Sizes) {
        let files = self.files.iter().filter(|f| f.part == part);
        files.fold((0, Sizes::default()), |(n, sum), f| (n + 1, sum + f.sizes))
    }

    /// As JSON: `{"page", "files": [{"path", "part", "raw", "gzip", "brotli"}], "parts": {part:
    /// {"requests", "raw", "gzip", "brotli"}}, "external", "missing"}`, the line `cargo xtask
    /// bench` reads.
    pub fn to_json(&self) -> Value {
        let file = |f: &FileWeight| {
            let (path, part, s) = (&f.path, f.part.key(), f.sizes);
            json!({"path": path, "part": part, "raw": s.raw, "gzip": s.gzip, "brotli": s.brotli})
        };
        let part = |p: Part| {
            let (requests, s) = self.part(p);
            let sizes =
                json!({"requests": requests, "raw": s.raw, "gzip": s.gzip, "brotli": s.brotli});
            (p.key().to_owned(), sizes)
        };
        let parts: serde_json::Map<_, _> = Part::ALL.into_iter().map(part).collect();
        let files: Vec<Value> = self.files.iter().map(file).collect();
        json!({"page": self.page, "files": files, "parts": parts, "external": self.external, "missing": self.missing})
    }
}

/// The URLs of the page's navigation and resource timing entries, in the order requested.
const FETCHED: &str = "return [...performance.getEntriesByType('navigation'), \
                       ...performance.getEntriesByType('resource')].map(e => e.name);";

/// Opens `page` (a URL path on `site`), waits until it has loaded and its calculator (if any)
/// has mounted, and weighs every file the browser fetched for it.
///
/// # Panics
///
/// When the page does not load or the timing entries cannot be read.
pub async fn page_weight(client: &Client, site: &Served, page: &str) -> PageWeight {
    let opened = client.goto(&site.url(page)).await;
    opened.unwrap_or_else(|e| panic!("open {page}: {e}"));
    wait_loaded(client).await;
    let island = "return !!document.querySelector('div.calc[id], div.setup[id]');";
    if client
        .execute(island, vec![])
        .await
        .expect("look for an island")
        == true
    {
        wait_ready(client).await;
    }
    let urls = client.execute(FETCHED, vec![]).await;
    let urls = urls.expect("read the performance entries");
    let (origin, mut weight) = (site.url(""), PageWeight::default());
    weight.page = page.to_owned();
    for url in urls
        .as_array()
        .iter()
        .copied()
        .flatten()
        .filter_map(Value::as_str)
    {
        let Some(rest) = url.strip_prefix(&origin) else {
            weight.external.push(url.to_owned());
            continue;
        };
        let path = rest.split(['?', '#']).next().unwrap_or("/").to_owned();
        if weight.files.iter().any(|f| f.path == path) || weight.missing.contains(&path) {
            continue;
        }
        let got = site.get(&path);
        if got.status_code != 200 && path != weight.page {
            weight.missing.push(path);
            continue;
        }
        let (part, sizes) = (Part::of(&path), Sizes::of(got.as_bytes()));
        weight.files.push(FileWeight { path, part, sizes });
    }
    weight
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressed_sizes_are_smaller_for_repetitive_text() {
        let text = "the same words again and again ".repeat(200);
        let s = Sizes::of(text.as_bytes());
        assert_eq!(s.raw, text.len() as u64);
        assert!(s.gzip < s.raw / 10 && s.brotli < s.raw / 10, "{s:?}");
    }

    /// Each file's part follows its place and extension, and the line the bench reads sums each
    /// part's requests and bytes.
    #[test]
    fn the_json_line_sums_each_part() {
        let paths = [
            "/",
            "/style.css",
            "/calc/boot.js",
            "/calc/app-1_bg.wasm",
            "/copy.js",
        ];
        let mut page = PageWeight::default();
        for (k, path) in paths.into_iter().enumerate() {
            let sizes = Sizes::of(&vec![b'x'; 100 * (k + 1)]);
            let (path, part) = (path.to_owned(), Part::of(path));
            page.files.push(FileWeight { path, part, sizes });
        }
        let json = page.to_json();
        let (x1, x2) = (Sizes::of(&[b'x'; 100]), Sizes::of(&[b'x'; 200]));
        let reading = json!({"requests": 2, "raw": 300, "gzip": x1.gzip + x2.gzip, "brotli": x1.brotli + x2.brotli});
        assert_eq!(json["parts"]["reading"], reading);
        assert_eq!(json["parts"]["calculator"]["requests"], 2);
        assert_eq!(json["parts"]["calculator"]["raw"], 300 + 400);
        assert_eq!(json["parts"]["other_scripts"]["raw"], 500);
        assert_eq!(json["files"][4]["part"], "other_scripts");
    }
}
