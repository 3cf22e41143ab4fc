//! What the server serves: a [`Site`], and the [`Reload`] version that live reload polls.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// `/__dev/reload.js`: it polls `/__dev/version` and reloads the page when the version changes.
pub(crate) const RELOAD_JS: &str = include_str!("reload.js");

/// A root folder at a URL prefix, optionally with live reload and paths made to look missing.
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
            prefix: "/".into(),
            reload: None,
            blocked: Vec::new(),
        }
    }

    /// Serves the files at `prefix` (`"pickanumber"` and `"/pickanumber/"` alike); paths outside
    /// it are `404`, and the prefix without its last slash is redirected to it.
    pub fn under(mut self, prefix: &str) -> Site {
        let inner = prefix.trim_matches('/');
        self.prefix = if inner.is_empty() {
            "/".into()
        } else {
            format!("/{inner}/")
        };
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

/// The version behind `/__dev/version`, shared by its clones. It starts at the current time in
/// milliseconds, so a restarted server never repeats an old version (see [`Reload::default`]).
#[derive(Clone, Debug)]
pub struct Reload(Arc<AtomicU64>);

impl Default for Reload {
    fn default() -> Self {
        let now = SystemTime::now().duration_since(UNIX_EPOCH);
        Reload(Arc::new(AtomicU64::new(
            now.map_or(0, |d| d.as_millis() as u64),
        )))
    }
}

impl Reload {
    /// Marks the site as rebuilt: pages that poll `/__dev/version` reload.
    pub fn bump(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }

    /// The text `/__dev/version` answers with.
    pub fn version(&self) -> String {
        self.0.load(Ordering::SeqCst).to_string()
    }
}
