//! The link and anchor check, on what rendering recorded ([`crate::record`]): every internal
//! link must name a file that was written, and every `#fragment` an id that its page
//! records. Each broken link is reported at the `file:line` that wrote it; all are listed.

use crate::error::Error;
use crate::record::{Link, Record};
use std::collections::BTreeMap;
use std::path::Path;

/// One written page: its URL path (`/paper/`, `/404.html`) and its record.
pub struct PageLinks<'a> {
    /// The URL path from the site root.
    pub path: &'a str,
    /// The ids and links rendering recorded.
    pub record: &'a Record,
}

/// Checks every internal link of `pages` against the files under `out`. Links are
/// root-absolute (`/paper/`), as written in the source: the check runs before any base
/// path is added.
pub fn check(out: &Path, pages: &[PageLinks]) -> Vec<Error> {
    let by_path: BTreeMap<&str, &Record> = pages.iter().map(|p| (p.path, p.record)).collect();
    let mut broken = Vec::new();
    for page in pages {
        let mut links: Vec<&Link> = page.record.links.iter().collect();
        links.sort_by_key(|l| (l.line.is_none(), l.line));
        for link in links {
            if let Some(why) = problem(out, page.path, &link.target, &by_path) {
                let error = match link.line {
                    Some(line) => Error::at(
                        &link.file,
                        line,
                        format!("broken link {}: {why}", link.target),
                    ),
                    None => Error::file(
                        &link.file,
                        format!(
                            "broken link {} (a link of the page layout): {why}",
                            link.target
                        ),
                    ),
                };
                if !broken.contains(&error) {
                    broken.push(error);
                }
            }
        }
    }
    broken
}

/// Why `target`, linked from the page at `from`, is broken, or `None` when it is fine.
fn problem(
    out: &Path,
    from: &str,
    target: &str,
    by_path: &BTreeMap<&str, &Record>,
) -> Option<String> {
    if is_external(target) || target.contains("/__dev/") {
        return None;
    }
    let (path, fragment) = match target.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (target, None),
    };
    let path = if path.is_empty() { from } else { path };
    if !path.starts_with('/') {
        return Some("use a path from the site root, starting with /".into());
    }
    let file = if path.ends_with('/') {
        out.join(&path[1..]).join("index.html")
    } else {
        out.join(&path[1..])
    };
    if !file.is_file() {
        return Some("no such page or file".into());
    }
    let f = fragment?;
    let known = by_path.get(path).is_some_and(|r| r.ids.contains(f));
    (!known).then(|| format!("no element with id \"{f}\" in {path}"))
}

fn is_external(target: &str) -> bool {
    target.starts_with("//")
        || target
            .split_once(':')
            .is_some_and(|(scheme, _)| !scheme.contains('/') && !scheme.contains('#'))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A written site with `/` and `/paper/`, the paper defining `formula`; removed on drop.
    fn site() -> tempfile::TempDir {
        let out = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(out.path().join("paper")).unwrap();
        std::fs::write(out.path().join("index.html"), "").unwrap();
        std::fs::write(out.path().join("paper/index.html"), "").unwrap();
        out
    }

    #[test]
    fn broken_links_are_reported_at_their_source_line() {
        let site = site();
        let out = site.path();
        let file = Path::new("content/index.md");
        let mut home = Record::default();
        home.id("top");
        for (target, line) in [
            ("/paper/#formula", Some(3)),
            ("/paper/#nowhere", Some(9)),
            ("/gone/", Some(4)),
            ("paper/", Some(5)),
            ("#top", Some(6)),
            ("https://example.org/x", Some(7)),
            ("/missing.css", None),
        ] {
            home.link(target, file, line);
        }
        let mut paper = Record::default();
        paper.id("formula");
        let errors: Vec<String> = check(
            out,
            &[
                PageLinks {
                    path: "/",
                    record: &home,
                },
                PageLinks {
                    path: "/paper/",
                    record: &paper,
                },
            ],
        )
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(
            errors,
            [
                "content/index.md:4: broken link /gone/: no such page or file",
                "content/index.md:5: broken link paper/: use a path from the site root, starting with /",
                "content/index.md:9: broken link /paper/#nowhere: no element with id \"nowhere\" in /paper/",
                "content/index.md: broken link /missing.css (a link of the page layout): no such page or file",
            ]
        );
    }
}
