//! `cargo xtask serve`: build once, serve `target/serve-dist/` on loopback, and rebuild when the
//! operating system reports a change ([`devserver::Watch`]). Words (`content/`, `paper/`,
//! `examples/`, `static/`) and the generator re-render the pages only; the calculator and the
//! formula crates rebuild the wasm first. After a good rebuild the version behind
//! `/__dev/version` goes up and open pages reload; after a failed one the previous build stays.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use devserver::{Reload, Site, Watch};

use crate::env::{failed, human, Env, Failure};
use crate::pipeline::{self, DEV_DIST};

/// Changes here re-run only the generator.
const PAGE_DIRS: &[&str] = &["content", "paper", "examples", "static", "site/render"];
/// Changes here rebuild the wasm, then the pages (but not changes to the crates' tests and
/// benches).
const WASM_DIRS: &[&str] = &["site/calculator", "site/score", "site/instruments"];

/// A running development server: the served site, the watch on the sources, and whether the
/// last wasm build worked (if not, the next change rebuilds it whatever it was).
pub struct Dev {
    reload: Reload,
    watch: Watch,
    wasm_ok: bool,
}

impl Dev {
    /// Serves `target/serve-dist/` on `127.0.0.1:port` (0 picks a free port), watches the
    /// sources and builds once; a first build that fails is reported and the server keeps going.
    pub fn start(env: &Env, port: u16) -> Result<Dev, Failure> {
        let reload = Reload::new();
        let site = Site::new(env.repo.join(DEV_DIST)).with_reload(reload.clone());
        let addr = devserver::start(site, ("127.0.0.1", port)).map_err(|e| {
            let next = port.wrapping_add(1);
            failed(format!(
                "cannot listen on 127.0.0.1:{port}: {e} (another server there? try --port {next})"
            ))
        })?;
        let dirs: Vec<PathBuf> =
            PAGE_DIRS.iter().chain(WASM_DIRS).map(|d| env.repo.join(d)).collect();
        let watch =
            Watch::new(&dirs).map_err(|e| failed(format!("cannot watch the sources: {e}")))?;
        crate::setup::setup(env, false)?;
        pipeline::fetch(env)?;
        let wasm = pipeline::wasm(env);
        let wasm_ok = wasm.is_ok();
        if let Err(e) = wasm.and_then(|()| pipeline::pages(env, DEV_DIST, &["--dev"])) {
            println!("the first build failed: {e}\n    serving whatever {DEV_DIST}/ holds; fix it and save to rebuild");
        }
        println!("\nserving {} at http://{addr}/", env.repo.join(DEV_DIST).display());
        println!("watching {} and {}; Ctrl-C stops", PAGE_DIRS.join(", "), WASM_DIRS.join(", "));
        Ok(Dev { reload, watch, wasm_ok })
    }

    /// Waits up to `timeout` for changes, rebuilds what they need, prints what happened, and
    /// returns the rebuild's result (`None` when nothing that matters changed).
    pub fn rebuild(&mut self, env: &Env, timeout: Duration) -> Option<Result<(), Failure>> {
        let changed: Vec<PathBuf> = self
            .watch
            .changes(timeout)
            .into_iter()
            .filter(|p| rebuilds(&env.repo, p).is_some())
            .collect();
        let started = Instant::now();
        let wasm = !self.wasm_ok || changed.iter().any(|p| rebuilds(&env.repo, p) == Some(true));
        let result = match changed.is_empty() {
            true => return None,
            false if wasm => {
                let built = pipeline::wasm(env);
                self.wasm_ok = built.is_ok();
                built
            }
            false => Ok(()),
        };
        let result = result.and_then(|()| pipeline::pages(env, DEV_DIST, &["--dev"]));
        let (what, took) = (describe(&changed, &env.repo), human(started.elapsed()));
        let rebuilt = if wasm { "calculator and pages rebuilt" } else { "pages rebuilt" };
        match &result {
            Ok(()) => {
                self.reload.bump();
                println!("{what} changed → {rebuilt} in {took}");
            }
            Err(e) => println!("{what} changed → rebuild FAILED after {took}: {e}\n    still serving the previous build; fix it and save again"),
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

/// What a change to `path` rebuilds: `Some(true)` the wasm and the pages, `Some(false)` the
/// pages, `None` nothing.
fn rebuilds(repo: &Path, path: &Path) -> Option<bool> {
    let inner = path.strip_prefix(repo).ok()?;
    let under = |dirs: &[&str]| dirs.iter().any(|d| inner.starts_with(d));
    let tests = inner
        .components()
        .any(|c| ["tests", "benches"].contains(&&*c.as_os_str().to_string_lossy()));
    match under(WASM_DIRS) {
        true => (!tests).then_some(true),
        false => under(PAGE_DIRS).then_some(false),
    }
}

/// `content/index.md`, `content/a.md, static/style.css` or `content/a.md, b.md and 2 more`.
fn describe(changed: &[PathBuf], repo: &Path) -> String {
    let names: Vec<String> = changed
        .iter()
        .take(2)
        .map(|p| p.strip_prefix(repo).unwrap_or(p).display().to_string())
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
        let repo = Path::new("/r");
        for (path, rebuilt) in [
            ("content/index.md", Some(false)),
            ("site/render/src/page.rs", Some(false)),
            ("site/score/src/lib.rs", Some(true)),
            ("site/score/Cargo.toml", Some(true)),
            ("site/calculator/index.html", Some(true)),
            ("site/score/tests/golden.rs", None),
            ("site/instruments/benches/b.rs", None),
        ] {
            assert_eq!(rebuilds(repo, &repo.join(path)), rebuilt, "{path}");
        }
        let three = [repo.join("content/a.md"), repo.join("b.md"), repo.join("c.md")];
        assert_eq!(describe(&three[..2], repo), "content/a.md, b.md");
        assert_eq!(describe(&three, repo), "content/a.md, b.md and 1 more");
    }
}
