//! `site.toml` → [`SiteConfig`]: where the site lives (its canonical origin and the base path
//! under it), its title, and the custom domain for static hosting. Unknown keys are errors.

use crate::error::Error;
use std::path::Path;

/// The site's settings.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteConfig {
    /// The site's name.
    pub title: String,
    /// The canonical origin, scheme and host without a trailing slash:
    /// `https://pickanumber.codefi.io`.
    pub origin: String,
    /// The path the site is served under, `/` or `/name/`.
    #[serde(default = "root")]
    pub base_url: String,
    /// A custom domain for static hosting, written to `CNAME` when set.
    pub cname: Option<String>,
}

fn root() -> String {
    "/".into()
}

impl SiteConfig {
    /// Reads `site.toml` under `root`; a missing file gives [`SiteConfig::default`].
    ///
    /// # Errors
    /// Invalid TOML, an unknown key, an origin that is not `http(s)://host`, or a base path
    /// that does not start with `/`: with `site.toml` and the line.
    pub fn load(root: &Path) -> Result<SiteConfig, Error> {
        let file = Path::new("site.toml");
        let Ok(text) = std::fs::read_to_string(root.join(file)) else {
            return Ok(SiteConfig::default());
        };
        let config: SiteConfig = toml::from_str(&text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            Error {
                file: file.to_path_buf(),
                line,
                message: e.message().to_string(),
            }
        })?;
        config.checked().map_err(|m| Error::file(file, m))
    }

    /// The same settings served under `base` instead (`--base-url`).
    ///
    /// # Errors
    /// A base path that does not start with `/`.
    pub fn with_base(self, base: &str) -> Result<SiteConfig, String> {
        SiteConfig {
            base_url: base.to_string(),
            ..self
        }
        .checked()
    }

    /// Validates and normalises: the origin loses a trailing `/`, the base gains one.
    fn checked(mut self) -> Result<SiteConfig, String> {
        let host = self
            .origin
            .strip_prefix("https://")
            .or_else(|| self.origin.strip_prefix("http://"))
            .unwrap_or_default()
            .trim_end_matches('/');
        if host.is_empty() || host.contains('/') {
            return Err(format!(
                "origin \"{}\" is not a scheme and host such as https://example.org",
                self.origin
            ));
        }
        self.origin = self.origin.trim_end_matches('/').to_string();
        if !self.base_url.starts_with('/')
            || self.base_url.contains("//")
            || self.base_url.contains(['"', '<', '>', ' ', '#', '?'])
        {
            return Err(format!(
                "base_url \"{}\" must be a path from the host's root, such as / or /pickanumber/",
                self.base_url
            ));
        }
        if !self.base_url.ends_with('/') {
            self.base_url.push('/');
        }
        Ok(self)
    }

    /// The canonical address of a site path (`/paper/` → `https://host/base/paper/`).
    pub fn canonical(&self, path: &str) -> String {
        format!(
            "{}{}{}",
            self.origin,
            self.base_url,
            path.trim_start_matches('/')
        )
    }

    /// `html` with every root-absolute `href` and `src` (`/paper/`, `/calc/boot.js`) moved under
    /// the base path, and every canonical address (written by the templates with
    /// [`crate::page_layout::SITE_URL`]) pointing at this origin and base. With base `/` and the
    /// default origin the text is unchanged.
    pub fn rebase(&self, html: &str) -> String {
        let mut out = html.replace(
            &format!("{}/", crate::page_layout::SITE_URL),
            &format!("{}{}", self.origin, self.base_url),
        );
        if self.base_url != "/" {
            for attr in [" href=\"/", " src=\"/"] {
                let moved = format!("{}{}", &attr[..attr.len() - 1], self.base_url);
                let mut next = String::with_capacity(out.len());
                let mut rest = out.as_str();
                while let Some(i) = rest.find(attr) {
                    let after = &rest[i + attr.len()..];
                    next.push_str(&rest[..i]);
                    if after.starts_with('/') {
                        // `//host/…` is another site: leave it.
                        next.push_str(attr);
                    } else {
                        next.push_str(&moved);
                    }
                    rest = after;
                }
                next.push_str(rest);
                out = next;
            }
        }
        out
    }
}

impl Default for SiteConfig {
    fn default() -> SiteConfig {
        SiteConfig {
            title: "pickanumber".into(),
            origin: crate::page_layout::SITE_URL.into(),
            base_url: root(),
            cname: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(base: &str) -> SiteConfig {
        SiteConfig::default().with_base(base).unwrap()
    }

    #[test]
    fn rebase_moves_root_links_and_canonical_addresses() {
        let html = "<a href=\"/paper/#x\">p</a><script src=\"/calc/boot.js\"></script><a href=\"//cdn.example\">c</a><a href=\"https://pickanumber.codefi.io/paper/\">c</a><a href=\"#top\">t</a>";
        assert_eq!(at("/").rebase(html), html);
        assert_eq!(
            at("/pickanumber").rebase(html),
            "<a href=\"/pickanumber/paper/#x\">p</a><script src=\"/pickanumber/calc/boot.js\"></script><a href=\"//cdn.example\">c</a><a href=\"https://pickanumber.codefi.io/pickanumber/paper/\">c</a><a href=\"#top\">t</a>"
        );
        assert_eq!(
            at("/pickanumber/").canonical("/paper/"),
            "https://pickanumber.codefi.io/pickanumber/paper/"
        );
    }

    #[test]
    fn bad_settings_are_refused() {
        assert_eq!(
            SiteConfig::default().with_base("pickanumber/").unwrap_err(),
            "base_url \"pickanumber/\" must be a path from the host's root, such as / or /pickanumber/"
        );
        let c = SiteConfig {
            origin: "pickanumber.codefi.io".into(),
            ..SiteConfig::default()
        };
        assert_eq!(
            c.checked().unwrap_err(),
            "origin \"pickanumber.codefi.io\" is not a scheme and host such as https://example.org"
        );
    }
}
