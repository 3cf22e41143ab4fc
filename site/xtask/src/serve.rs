//! `cargo xtask serve`: build once, serve `target/serve-dist/` on loopback, and rebuild on changes
//! ([`devserver::Watch`]); after a good rebuild open pages reload, after a failed one the previous
//! build stays.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use devserver::{Reload, Site, Watch};

use crate::env::{failed, human, Context, Env, Failure};
use crate::pipeline::{self, DEV_DIST};

/// Changes here re-run only the generator.
const PAGE_DIRS: &[&str] = &["content", "paper", "examples", "static", "site/render"];
/// Changes here rebuild the wasm, then the pages (not changes to tests and benches).
const WASM_DIRS: &[&str] = &["site/calculator", "site/score", "site/instruments"];

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
        let addr = devserver::start(site, ("127.0.0.1", port)).map_err(|e| {
            failed(format!(
                "cannot listen on 127.0.0.1:{port}: {e} (try another --port)"
            ))
        })?;
        let dirs: Vec<PathBuf> = PAGE_DIRS
            .iter()
            .chain(WASM_DIRS)
            .map(|d| env.repo.join(d))
            .collect();
        let watch = Watch::new(&dirs).context("cannot watch the sources")?;
        crate::setup::setup(env, false)?;
        pipeline::fetch(env)?;
        let wasm = pipeline::wasm(env);
        let wasm_ok = wasm.is_ok();
        if let Err(e) = wasm.and_then(|()| pipeline::pages(env, DEV_DIST, &["--dev"])) {
            println!("the first build failed: {e}\n    serving whatever {DEV_DIST}/ holds; fix it and save to rebuild");
        }
        println!(
            "\nserving {} at http://{addr}/",
            env.repo.join(DEV_DIST).display()
        );
        println!(
            "watching {} and {}; Ctrl-C stops",
            PAGE_DIRS.join(", "),
            WASM_DIRS.join(", ")
        );
        Ok(Dev {
            reload,
            watch,
            wasm_ok,
        })
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
        // Without a wasm build, `wasm_ok` was true and stays so.
        let result = if wasm { pipeline::wasm(env) } else { Ok(()) };
        self.wasm_ok = result.is_ok();
        let result = result.and_then(|()| pipeline::pages(env, DEV_DIST, &["--dev"]));
        let (what, took) = (describe(&changed), human(started.elapsed()));
        let rebuilt = if wasm {
            "calculator and pages rebuilt"
        } else {
            "pages rebuilt"
        };
        match &result {
            Ok(()) => println!("{what} changed → {rebuilt} in {took}"),
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
    let names: Vec<String> = changed
        .iter()
        .take(2)
        .map(|p| p.display().to_string())
        .collect();
    match changed.len() {
        0..=2 => names.join(", "),
        n => format!("{} and {} more", names.join(", "), n - 2),
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
            ("site/calculator/index.html", Some(true)),
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
