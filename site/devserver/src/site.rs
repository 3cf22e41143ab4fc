//! [`Site`]: what the server serves.

use std::path::PathBuf;

use crate::reload::Reload;

/// A root folder at a URL prefix, optionally with live reload and with paths made to look
/// missing.
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
        let (root, prefix) = (root.into(), "/".to_owned());
        Site { root, prefix, reload: None, blocked: Vec::new() }
    }

    /// Serves the files at `prefix` (`"pickanumber"` or `"/pickanumber/"` serves
    /// `root/index.html` at `/pickanumber/`); paths outside it are `404`, and the prefix without
    /// its last slash is redirected to it.
    pub fn under(mut self, prefix: &str) -> Site {
        let inner = prefix.trim_matches('/');
        self.prefix = if inner.is_empty() { "/".into() } else { format!("/{inner}/") };
        self
    }

    /// Also serves `/__dev/reload.js` and `/__dev/version` from `reload`, at the server's root.
    pub fn with_reload(mut self, reload: Reload) -> Site {
        self.reload = Some(reload);
        self
    }

    /// Answers `404` for every path inside the site (after the prefix) that starts with `path`:
    /// `blocking("/calc/")` shows a page as it is before the wasm app loads.
    pub fn blocking(mut self, path: &str) -> Site {
        self.blocked.push(path.to_owned());
        self
    }
}
