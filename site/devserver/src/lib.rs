//! The loopback static server for the built site, shared by `cargo xtask serve`, `cargo xtask
//! bench` and the browser tests, with live reload ([`Reload`]), a file [`Watch`] and [`pages()`].
//!
//! ```no_run
//! let addr = devserver::start(devserver::Site::new("dist").under("/pickanumber/"), "127.0.0.1:0")
//!     .expect("a free loopback port");
//! println!("http://{addr}/pickanumber/");
//! ```

use std::path::Path;

use walkdir::WalkDir;

mod serve;
mod site;
mod watch;

pub use serve::start;
pub use site::{Reload, Site};
pub use watch::Watch;

/// Every `.html` file under `dist` as a URL path (`/paper/` for its `index.html`, `/404.html`):
/// the home page first, then folders, then files, each in name order.
pub fn pages(dist: &Path) -> Vec<String> {
    let mut found: Vec<String> = WalkDir::new(dist)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "html"))
        .filter_map(|e| {
            let rel = e
                .path()
                .strip_prefix(dist)
                .ok()?
                .to_string_lossy()
                .replace('\\', "/");
            Some(format!(
                "/{}",
                rel.strip_suffix("index.html").unwrap_or(&rel)
            ))
        })
        .collect();
    found.sort_by_key(|url| (url != "/", url.ends_with(".html"), url.clone()));
    found
}

#[cfg(test)]
mod tests {
    /// A fresh folder `devserver-{name}-{pid}` in the temporary folder with `files` (path, text).
    pub fn tree(name: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("devserver-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (file, text) in files {
            std::fs::create_dir_all(dir.join(file).parent().unwrap()).unwrap();
            std::fs::write(dir.join(file), text).unwrap();
        }
        dir
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
        let dir = tree("pages", &files.map(|f| (f, "x")));
        assert_eq!(
            super::pages(&dir),
            ["/", "/examples/b/", "/paper/", "/404.html"]
        );
    }
}
