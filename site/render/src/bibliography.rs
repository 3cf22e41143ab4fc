//! Citations: `[@key]` and `[@key, §5.2]` → numbered links to the page's reference list, built
//! from `content/references/*.toml`. A key with no entry fails the build.

use crate::error::Error;
use crate::html::escape;
use std::collections::BTreeMap;
use std::path::Path;

/// One entry of the reference list.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reference {
    /// Who wrote it, as the source gives it.
    pub authors: String,
    /// The year.
    pub year: i64,
    /// The title, only where the source gives it.
    pub title: Option<String>,
    /// What it is cited for.
    pub note: Option<String>,
    /// Where to find it.
    pub url: Option<String>,
}

/// All reference entries by key.
#[derive(Clone, Debug, Default)]
pub struct Bibliography(pub BTreeMap<String, Reference>);

impl Bibliography {
    /// Reads every `*.toml` file in `dir` (in name order). A missing directory is an empty list.
    ///
    /// # Errors
    /// Unreadable or invalid TOML, unknown fields, and a key defined in two files.
    pub fn load(dir: &Path, display_dir: &Path) -> Result<Bibliography, Error> {
        let mut out = BTreeMap::new();
        let Ok(read) = std::fs::read_dir(dir) else {
            return Ok(Bibliography(out));
        };
        let mut files: Vec<_> = read
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        let mut origin: BTreeMap<String, std::path::PathBuf> = BTreeMap::new();
        for path in files {
            let shown = display_dir.join(path.file_name().unwrap_or_default());
            let text = std::fs::read_to_string(&path)
                .map_err(|e| Error::file(&shown, format!("cannot read: {e}")))?;
            let table: BTreeMap<String, Reference> = toml::from_str(&text).map_err(|e| {
                let line = e
                    .span()
                    .map(|s| 1 + text[..s.start].matches('\n').count())
                    .unwrap_or(1);
                Error::at(
                    &shown,
                    line,
                    format!(
                        "reference list: {} (fields: authors, year, title, note, url)",
                        e.message().trim()
                    ),
                )
            })?;
            for (key, entry) in table {
                if let Some(first) = origin.get(&key) {
                    let line = text
                        .lines()
                        .position(|l| l.trim() == format!("[{key}]"))
                        .map_or(1, |i| i + 1);
                    return Err(Error::at(
                        &shown,
                        line,
                        format!("reference {key} is already defined in {}", first.display()),
                    ));
                }
                origin.insert(key.clone(), shown.clone());
                out.insert(key, entry);
            }
        }
        Ok(Bibliography(out))
    }
}

/// The citations of one page, numbered in order of first use.
#[derive(Default)]
pub struct Cited {
    order: Vec<String>,
}

impl Cited {
    /// Replaces every `[@key…]` in `text` (already HTML-escaped) with links.
    /// Returns the rewritten text and the keys cited in it, or the message for the first
    /// unknown key.
    pub fn rewrite(
        &mut self,
        text: &str,
        bib: &Bibliography,
    ) -> Result<(String, Vec<String>), String> {
        let mut keys = Vec::new();
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find("[@") {
            let Some(len) = rest[start..].find(']') else {
                break;
            };
            out.push_str(&rest[..start]);
            let inner = &rest[start + 1..start + len];
            let mut parts = Vec::new();
            for cite in inner.split(';') {
                let cite = cite.trim();
                let body = cite.strip_prefix('@').ok_or_else(|| {
                    format!("citation \"{cite}\" must start with @, as in [@a; @b]")
                })?;
                let (key, locator) = match body.split_once(',') {
                    Some((k, l)) => (k.trim(), Some(l.trim())),
                    None => (body.trim(), None),
                };
                let entry = bib.0.get(key).ok_or_else(|| {
                    format!("citation [@{key}] has no entry in content/references/*.toml")
                })?;
                keys.push(key.to_string());
                let n = match self.order.iter().position(|k| k == key) {
                    Some(i) => i + 1,
                    None => {
                        self.order.push(key.to_string());
                        self.order.len()
                    }
                };
                let label = match locator {
                    Some(l) => format!("{n}, {l}"),
                    None => n.to_string(),
                };
                parts.push(format!(
                    "<a class=\"cite\" href=\"#ref-{key}\" title=\"{}\">{label}</a>",
                    escape(&short(entry))
                ));
            }
            out.push_str(&format!(
                "<span class=\"citation\">[{}]</span>",
                parts.join("; ")
            ));
            rest = &rest[start + len + 1..];
        }
        out.push_str(rest);
        Ok((out, keys))
    }

    /// The keys cited, in order of first use.
    pub fn keys(&self) -> &[String] {
        &self.order
    }

    /// Whether the page cited anything.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The reference list section, in citation order, under `heading`; `anchor` is the
    /// accessible name of the heading's anchor link.
    pub fn section(&self, bib: &Bibliography, heading: &str, anchor: &str) -> String {
        let mut h = format!(
            "<section class=\"references\" aria-labelledby=\"references\">\n<h2 id=\"references\">{}<a class=\"anchor\" href=\"#references\" aria-label=\"{}\">#</a></h2>\n<ol>\n",
            escape(heading),
            escape(anchor)
        );
        for key in &self.order {
            let r = &bib.0[key];
            let mut item = format!("{} ({}).", escape(&r.authors), r.year);
            if let Some(t) = &r.title {
                item.push_str(&format!(" <cite>{}</cite>.", escape(t)));
            }
            if let Some(n) = &r.note {
                item.push_str(&format!(" {}.", escape(n.trim_end_matches('.'))));
            }
            if let Some(u) = &r.url {
                item.push_str(&format!(
                    " <a href=\"{0}\" rel=\"external\">{0}</a>",
                    escape(u)
                ));
            }
            h.push_str(&format!("<li id=\"ref-{key}\">{item}</li>\n"));
        }
        h.push_str("</ol>\n</section>\n");
        h
    }
}

fn short(r: &Reference) -> String {
    format!("{} ({})", r.authors, r.year)
}
