//! The loopback static server for the built site, shared by `cargo xtask serve`, `cargo xtask
//! bench` and the browser tests, with live reload ([`Reload`]), a file [`Watch`] and [`pages()`].
//!
//! ```no_run
//! let addr = devserver::start(devserver::Site::new("dist").under("/pickanumber/"), "127.0.0.1:0")
//!     .expect("a free loopback port");
//! println!("http://{addr}/pickanumber/");
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::UNIX_EPOCH;

use walkdir::WalkDir;

mod serve;
mod watch;

pub use serve::start;
pub use watch::Watch;

/// A root folder at a URL prefix, optionally with live reload and paths made to look missing.
#[derive(Clone, Debug)]
pub struct Site {
    root: PathBuf,
    /// `""` or `"/pickanumber"`.
    prefix: String,
    reload: Option<Reload>,
    blocked: Vec<String>,
}

impl Site {
    /// Serves the files under `root` at `/`.
    pub fn new(root: impl Into<PathBuf>) -> Site {
        Site {
            root: root.into(),
            prefix: String::new(),
            reload: None,
            blocked: Vec::new(),
        }
    }

    /// Serves the files at `prefix` (`"pickanumber"` and `"/pickanumber/"` alike); paths outside
    /// it are `404`, and the prefix without its last slash is redirected to it.
    pub fn under(mut self, prefix: &str) -> Site {
        self.prefix = match prefix.trim_matches('/') {
            "" => String::new(),
            inner => format!("/{inner}"),
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
/// milliseconds, so a restarted server never repeats an old version.
#[derive(Clone, Debug)]
pub struct Reload(Arc<AtomicU64>);

impl Default for Reload {
    fn default() -> Self {
        let millis = UNIX_EPOCH.elapsed().map_or(0, |d| d.as_millis() as u64);
        Reload(Arc::new(AtomicU64::new(millis)))
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

/// Every `.html` file under `dist` as a URL path (`/paper/` for its `index.html`, `/404.html`):
/// the home page first, then folders, then files, each in name order.
pub fn pages(dist: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in WalkDir::new(dist).into_iter().flatten() {
        let rel = entry.path().strip_prefix(dist).unwrap_or(entry.path());
        let rel = rel.to_string_lossy().replace('\\', "/");
        if entry.file_type().is_file() && rel.ends_with(".html") {
            let page = rel.strip_suffix("index.html").unwrap_or(&rel);
            found.push(format!("/{page}"));
        }
    }
    // "/" is the first folder in name order.
    found.sort_by_key(|url| (url.ends_with(".html"), url.clone()));
    found
}

#[cfg(test)]
mod tests {
    /// A fresh temporary folder with `files` (path, text), removed when dropped.
    pub fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        for (file, text) in files {
            std::fs::create_dir_all(dir.join(file).parent().unwrap()).unwrap();
            std::fs::write(dir.join(file), text).unwrap();
        }
        scratch
    }

    #[test]
    fn pages_are_listed_home_first() {
        let files = [
            "index.html",
            "404.html",
            "paper/index.html",
            "examples/b/index.html",
            "calc/a.js",
        ];
        let dir = tree(&files.map(|f| (f, "x")));
        let pages = super::pages(dir.path());
        assert_eq!(pages, ["/", "/examples/b/", "/paper/", "/404.html"]);
    }
}
