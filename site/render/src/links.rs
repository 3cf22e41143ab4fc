//! The link and anchor check: after every page is written, each internal `href`/`src` must
//! name a file that exists and each `#fragment` an id in that page. All failures are listed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// One built HTML page: its URL path, its ids and the links it makes.
pub struct PageLinks {
    /// URL path, e.g. `/paper/`.
    pub path: String,
    /// Every `id` in the page.
    pub ids: BTreeSet<String>,
    /// Every `href` and `src` value, unescaped.
    pub targets: Vec<String>,
}

impl PageLinks {
    /// Scans `html`.
    pub fn scan(path: &str, html: &str) -> PageLinks {
        PageLinks {
            path: path.to_string(),
            ids: attr_values(html, "id").into_iter().collect(),
            targets: attr_values(html, "href")
                .into_iter()
                .chain(attr_values(html, "src"))
                .collect(),
        }
    }
}

fn attr_values(html: &str, name: &str) -> Vec<String> {
    let needle = format!(" {name}=\"");
    html.match_indices(&needle)
        .filter_map(|(i, _)| {
            let rest = &html[i + needle.len()..];
            rest.find('"').map(|end| rest[..end].replace("&amp;", "&"))
        })
        .collect()
}

/// Checks every internal link of `pages` against the files under `out`, the site being
/// served under `base` (`/` or `/name/`): a link must start with the base and name a file
/// below it. Returns one message per broken link: (page path, target, why).
pub fn check(out: &Path, base: &str, pages: &[PageLinks]) -> Vec<(String, String, String)> {
    let by_path: BTreeMap<&str, &PageLinks> = pages.iter().map(|p| (p.path.as_str(), p)).collect();
    let mut broken = Vec::new();
    for page in pages {
        for target in &page.targets {
            if is_external(target) || target.contains("/__dev/") {
                continue;
            }
            let (path, fragment) = match target.split_once('#') {
                Some((p, f)) => (p, Some(f)),
                None => (target.as_str(), None),
            };
            let under_base;
            let path = if path.is_empty() {
                page.path.as_str()
            } else if !path.starts_with('/') {
                broken.push((
                    page.path.clone(),
                    target.clone(),
                    "use a path from the site root, starting with /".into(),
                ));
                continue;
            } else if let Some(rest) = path.strip_prefix(base) {
                under_base = format!("/{rest}");
                under_base.as_str()
            } else {
                broken.push((
                    page.path.clone(),
                    target.clone(),
                    format!("outside the site's base path {base}"),
                ));
                continue;
            };
            let file = if path.ends_with('/') {
                out.join(&path[1..]).join("index.html")
            } else {
                out.join(&path[1..])
            };
            if !file.is_file() {
                broken.push((
                    page.path.clone(),
                    target.clone(),
                    "no such page or file".into(),
                ));
                continue;
            }
            if let Some(f) = fragment {
                let ids = by_path.get(path).map(|p| &p.ids);
                if !ids.is_some_and(|ids| ids.contains(f)) {
                    broken.push((
                        page.path.clone(),
                        target.clone(),
                        format!("no element with id \"{f}\" in {path}"),
                    ));
                }
            }
        }
    }
    broken
}

fn is_external(target: &str) -> bool {
    target.starts_with("//")
        || target
            .split_once(':')
            .is_some_and(|(scheme, _)| !scheme.contains('/') && !scheme.contains('#'))
}
