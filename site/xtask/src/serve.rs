//! `cargo xtask serve`: build once, serve `target/serve-dist/` on loopback, and rebuild on changes
//! ([`devserver::Watch`]); after a good rebuild open pages reload, after a failed one the previous
//! build stays.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use devserver::{Reload, Site, Watch};

use crate::env::{human, Context, Env, Failure};
use crate::pipeline::{self, DEV_DIST};

/// Changes here re-run only the generator.
const PAGE_DIRS: &[&str] = &[
    "content",
    "docs",
    "paper",
    "examples",
    "static",
    "site/render",
];
/// Changes here rebuild the wasm, then the pages (not changes to tests and benches).
const WASM_DIRS: &[&str] = &[
    "site/islands",
    "site/score",
    "site/instruments",
    "site/rubric",
    "site/setup",
];

/// A running development server; when the last wasm build failed, the next change rebuilds it.
pub struct Dev {
    reload: Reload,
    watch: Watch,
    wasm_ok: bool,
}

impl Dev {
    /// Serves `target/serve-dist/` on `127.0.0.1:port` (0 picks a free port), watches the
    /// sources and builds once; a first build that fails is reported and the server keeps going.
    pub fn start(env: &Env, port: u16) -> Result<Dev, Failure> {
        let reload = Reload::default();
        let site = Site::new(env.repo.join(DEV_DIST)).with_reload(reload.clone());
        let listen = format!("cannot listen on 127.0.0.1:{port} (try another --port)");
        let addr = devserver::start(site, ("127.0.0.1", port)).context(listen)?;
        let dirs = PAGE_DIRS.iter().chain(WASM_DIRS).map(|d| env.repo.join(d));
        let watch = Watch::new(&dirs.collect::<Vec<_>>()).context("cannot watch the sources")?;
        crate::tools::install(env, false)?;
        env.cargo("fetch")?;
        let mut dev = Dev {
            reload,
            watch,
            wasm_ok: false,
        };
        if let Err(e) = dev.build(env, true) {
            println!("the first build failed: {e}\n    serving whatever {DEV_DIST}/ holds; fix it and save to rebuild");
        }
        let dist = env.repo.join(DEV_DIST);
        println!("\nserving {} at http://{addr}/", dist.display());
        let (pages, wasm) = (PAGE_DIRS.join(", "), WASM_DIRS.join(", "));
        println!("watching {pages} and {wasm}; Ctrl-C stops");
        Ok(dev)
    }

    /// Builds the wasm when `wasm` says so or its last build failed, then the pages.
    fn build(&mut self, env: &Env, wasm: bool) -> Result<(), Failure> {
        if wasm || !self.wasm_ok {
            self.wasm_ok = false;
            pipeline::wasm(env)?;
            self.wasm_ok = true;
        }
        pipeline::pages(env, DEV_DIST, &["--dev"])
    }

    /// Waits up to `timeout` for changes, rebuilds what they need, prints what happened, and
    /// returns the rebuild's result (`None` when nothing that matters changed).
    pub fn rebuild(&mut self, env: &Env, timeout: Duration) -> Option<Result<(), Failure>> {
        let changed = self.watch.changes(timeout).into_iter();
        let changed = changed.filter_map(|p| Some(p.strip_prefix(&env.repo).ok()?.to_owned()));
        let changed: Vec<PathBuf> = changed.filter(|p| rebuilds(p).is_some()).collect();
        if changed.is_empty() {
            return None;
        }
        let wasm = !self.wasm_ok || changed.iter().any(|p| rebuilds(p) == Some(true));
        let started = Instant::now();
        let result = self.build(env, wasm);
        let (what, took) = (describe(&changed), human(started.elapsed()));
        let rebuilt = if wasm { "wasm and pages" } else { "pages" };
        match &result {
            Ok(()) => println!("{what} changed → {rebuilt} rebuilt in {took}"),
            Err(e) => println!("{what} changed → rebuild FAILED after {took}: {e}\n    still serving the previous build; fix it and save again"),
        }
        if result.is_ok() {
            self.reload.bump();
        }
        Some(result)
    }
}

/// Builds, serves on `127.0.0.1:port` and rebuilds on changes, until stopped.
pub fn serve(env: &Env, port: u16) -> Result<(), Failure> {
    let mut dev = Dev::start(env, port)?;
    loop {
        dev.rebuild(env, Duration::from_secs(3600));
    }
}

/// What a change to `path` (in the repository) rebuilds: `Some(true)` the wasm and the pages,
/// `Some(false)` the pages, `None` nothing.
fn rebuilds(path: &Path) -> Option<bool> {
    let under = |dirs: &[&str]| dirs.iter().any(|d| path.starts_with(d));
    let tests = path.iter().any(|c| c == "tests" || c == "benches");
    if under(WASM_DIRS) {
        (!tests).then_some(true)
    } else {
        under(PAGE_DIRS).then_some(false)
    }
}

/// `content/index.md`, `content/a.md, static/style.css` or `content/a.md, b.md and 2 more`.
fn describe(changed: &[PathBuf]) -> String {
    let names = changed.iter().take(2).map(|p| p.display().to_string());
    let names = names.collect::<Vec<_>>().join(", ");
    match changed.len() {
        0..=2 => names,
        n => format!("{names} and {} more", n - 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_sorted_into_what_they_rebuild() {
        for (path, rebuilt) in [
            ("content/index.md", Some(false)),
            ("site/render/src/page.rs", Some(false)),
            ("site/score/Cargo.toml", Some(true)),
            ("site/islands/index.html", Some(true)),
            ("site/setup/src/html.rs", Some(true)),
            ("site/score/tests/golden.rs", None),
            ("site/instruments/benches/b.rs", None),
            ("README.md", None),
        ] {
            assert_eq!(rebuilds(Path::new(path)), rebuilt, "{path}");
        }
        let three = ["content/a.md", "b.md", "c.md"].map(PathBuf::from);
        assert_eq!(describe(&three[..2]), "content/a.md, b.md");
        assert_eq!(describe(&three), "content/a.md, b.md and 1 more");
    }
}
