//! [`Site`]: what the server serves — a root folder at a URL prefix, optionally with live
//! reload and with paths made to look missing.

use std::path::{Path, PathBuf};

use crate::reload::Reload;

/// What the server serves: a root folder at a URL prefix, optionally live reload, optionally
/// blocked paths.
#[derive(Clone, Debug)]
pub struct Site {
    pub(crate) root: PathBuf,
    pub(crate) prefix: String,
    pub(crate) reload: Option<Reload>,
    pub(crate) blocked: Vec<String>,
}

impl Site {
    /// Serves the files under `root` at `/`.
    pub fn new(root: impl Into<PathBuf>) -> Site {
        Site {
            root: root.into(),
            prefix: "/".to_owned(),
            reload: None,
            blocked: Vec::new(),
        }
    }

    /// Serves the files at `prefix` instead of `/` (`"/pickanumber/"` serves `root/index.html`
    /// at `/pickanumber/`); paths outside it are `404`, the prefix without its last slash is
    /// redirected to it. Slashes are added where missing.
    pub fn under(mut self, prefix: &str) -> Site {
        let inner = prefix.trim_matches('/');
        self.prefix = if inner.is_empty() {
            "/".to_owned()
        } else {
            format!("/{inner}/")
        };
        self
    }

    /// Also serves `/__dev/reload.js` and `/__dev/version` from `reload` (at the server's root,
    /// whatever the prefix).
    pub fn with_reload(mut self, reload: Reload) -> Site {
        self.reload = Some(reload);
        self
    }

    /// Answers `404` for every path inside the site (after the prefix) that starts with `path`,
    /// as if those files were missing: `blocking("/calc/")` shows a page as it is before the
    /// wasm app loads.
    pub fn blocking(mut self, path: &str) -> Site {
        self.blocked.push(path.to_owned());
        self
    }

    /// The folder served.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The URL prefix, `/` or `/name/`.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_get_their_slashes() {
        assert_eq!(Site::new("d").prefix(), "/");
        assert_eq!(
            Site::new("d").under("pickanumber").prefix(),
            "/pickanumber/"
        );
        assert_eq!(Site::new("d").under("/a/b/").prefix(), "/a/b/");
        assert_eq!(Site::new("d").under("/").prefix(), "/");
    }
}
