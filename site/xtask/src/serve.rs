//! `cargo xtask serve`: build once, serve `target/serve-dist/` on loopback, and rebuild when the operating
//! system reports a change ([`devserver::Watch`]). Words (`content/`, `paper/`, `examples/`,
//! `static/`) and the generator re-render the pages only; the calculator and the formula crate
//! rebuild the wasm first. After a good rebuild the version behind `/__dev/version` goes up and
//! open pages reload; after a failed one the previous build stays served.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use devserver::{Reload, Site, Watch};

use crate::env::{human, Env, Failure};
use crate::pipeline::{self, Mode};
use crate::setup::{self, Needs};

/// Changes here re-run only the generator.
const PAGE_DIRS: &[&str] = &["content", "paper", "examples", "static", "site/render"];
/// Changes here rebuild the wasm, then the pages (the formula crate's tests do not).
const WASM_DIRS: &[&str] = &[
    "site/calculator",
    "site/score/src",
    "site/score/Cargo.toml",
    "site/instruments/src",
    "site/instruments/Cargo.toml",
];
/// The folders watched besides [`PAGE_DIRS`]: `site/score` and `site/instruments` whole, so that an editor replacing
/// its `Cargo.toml` is seen (its tests and benches are left out by [`rebuilds`]).
const WASM_WATCHED: &[&str] = &["site/calculator", "site/score", "site/instruments"];

/// Builds, serves on `127.0.0.1:port` (0 picks a free port) and rebuilds on changes, until
/// stopped.
pub fn serve(env: &Env, port: u16) -> Result<(), Failure> {
    let reload = Reload::new();
    let site = Site::new(pipeline::dev_dist(env)).with_reload(reload.clone());
    let addr = devserver::start(site, ("127.0.0.1", port)).map_err(|e| {
        Failure::Failed(format!(
            "cannot listen on 127.0.0.1:{port}: {e} (another server there? try --port {})",
            port.wrapping_add(1)
        ))
    })?;
    let dirs: Vec<PathBuf> = PAGE_DIRS
        .iter()
        .chain(WASM_WATCHED)
        .map(|d| env.repo.join(d))
        .collect();
    let watch = Watch::new(&dirs)
        .map_err(|e| Failure::Failed(format!("cannot watch the sources for changes: {e}")))?;

    setup::setup(env, Needs::Build)?;
    pipeline::fetch(env)?;
    let mut wasm_ok = report_initial(pipeline::wasm(env));
    if wasm_ok {
        report_initial(pipeline::pages(env, Mode::Dev));
    }
    println!(
        "\nserving {} at http://{addr}/",
        pipeline::dev_dist(env).display()
    );
    println!(
        "watching {} and {}; Ctrl-C stops",
        PAGE_DIRS.join(", "),
        WASM_DIRS.join(", ")
    );

    loop {
        let changed: Vec<PathBuf> = watch
            .changes(Duration::from_secs(3600))
            .into_iter()
            .filter(|p| rebuilds(&env.repo, p).is_some())
            .collect();
        if changed.is_empty() {
            continue;
        }
        let started = Instant::now();
        let rebuild_wasm = !wasm_ok || changed.iter().any(|p| rebuilds(&env.repo, p) == Some(true));
        let result = if rebuild_wasm {
            let r = pipeline::wasm(env);
            wasm_ok = r.is_ok();
            r.and_then(|()| pipeline::pages(env, Mode::Dev))
        } else {
            pipeline::pages(env, Mode::Dev)
        };
        let what = describe(&changed, &env.repo);
        let rebuilt = if rebuild_wasm {
            "calculator and pages rebuilt"
        } else {
            "pages rebuilt"
        };
        match result {
            Ok(()) => {
                reload.bump();
                println!("{what} changed → {rebuilt} in {}", human(started.elapsed()));
            }
            Err(e) => println!(
                "{what} changed → rebuild FAILED after {}: {e}\n    still serving the previous build; fix it and save again",
                human(started.elapsed())
            ),
        }
    }
}

/// What a change to `path` rebuilds: `Some(true)` the wasm and the pages, `Some(false)` the
/// pages, `None` nothing.
fn rebuilds(repo: &Path, path: &Path) -> Option<bool> {
    let inner = path.strip_prefix(repo).ok()?;
    let under = |dirs: &[&str]| dirs.iter().any(|d| inner.starts_with(d));
    if under(WASM_DIRS) {
        Some(true)
    } else {
        under(PAGE_DIRS).then_some(false)
    }
}

/// A first build that fails does not stop the server: the message says so, and saving a fix
/// rebuilds. Returns whether it worked.
fn report_initial(result: Result<(), Failure>) -> bool {
    match result {
        Ok(()) => true,
        Err(e) => {
            println!("the first build failed: {e}\n    serving whatever target/serve-dist/ holds; fix it and save to rebuild");
            false
        }
    }
}

/// `content/index.md`, `content/a.md, static/style.css` or `content/a.md, content/b.md and 2 more`.
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
        assert_eq!(rebuilds(repo, &repo.join("content/index.md")), Some(false));
        assert_eq!(
            rebuilds(repo, &repo.join("site/render/src/page.rs")),
            Some(false)
        );
        assert_eq!(
            rebuilds(repo, &repo.join("site/score/src/lib.rs")),
            Some(true)
        );
        assert_eq!(
            rebuilds(repo, &repo.join("site/score/Cargo.toml")),
            Some(true)
        );
        assert_eq!(
            rebuilds(repo, &repo.join("site/calculator/index.html")),
            Some(true)
        );
        assert_eq!(
            rebuilds(repo, &repo.join("site/score/tests/golden.rs")),
            None
        );
        let three = [
            repo.join("content/a.md"),
            repo.join("b.md"),
            repo.join("c.md"),
        ];
        assert_eq!(describe(&three[..2], repo), "content/a.md, b.md");
        assert_eq!(describe(&three, repo), "content/a.md, b.md and 1 more");
    }
}
