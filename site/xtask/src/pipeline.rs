//! The build: `cargo fetch`, then trunk builds the calculator's wasm, then the generator writes
//! the pages into `dist/`.

use std::path::PathBuf;
use std::time::Instant;

use crate::env::{human, step, Env, Failure};
use crate::setup::{self, Needs};

/// Which site to write.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode<'a> {
    /// The finished site in `dist/`, under `site.toml`'s base path or the one given
    /// (`cargo xtask build --base-url /name/`).
    Release {
        /// The base path to serve under instead of `site.toml`'s.
        base_url: Option<&'a str>,
    },
    /// For `cargo xtask serve`: `target/serve-dist/`, where every page loads
    /// `/__dev/reload.js`, so a served tree is never mistaken for a release.
    Dev,
}

/// Where the calculator's glue and wasm land (`site/calculator/Trunk.toml` says so).
pub fn calculator_dist(env: &Env) -> PathBuf {
    env.repo.join("target/calculator-dist")
}

/// The finished site.
pub fn dist(env: &Env) -> PathBuf {
    env.repo.join("dist")
}

/// The development site `cargo xtask serve` writes and serves.
pub fn dev_dist(env: &Env) -> PathBuf {
    env.repo.join("target/serve-dist")
}

/// Where `mode` writes.
pub fn out(env: &Env, mode: Mode) -> PathBuf {
    match mode {
        Mode::Release { .. } => dist(env),
        Mode::Dev => dev_dist(env),
    }
}

/// Setup (without the browser), fetch, wasm, pages.
pub fn build(env: &Env, mode: Mode) -> Result<(), Failure> {
    let started = Instant::now();
    setup::setup(env, Needs::Build)?;
    fetch(env)?;
    wasm(env)?;
    pages(env, mode)?;
    println!(
        "built the site into {} in {}",
        out(env, mode).display(),
        human(started.elapsed())
    );
    Ok(())
}

/// Downloads the crates the build needs: trunk runs cargo offline.
pub fn fetch(env: &Env) -> Result<(), Failure> {
    step("cargo fetch", env.command("cargo").arg("fetch")).map(drop)
}

/// `trunk build --release` in `site/calculator`, twice: the calculator (`index.html`) into
/// [`calculator_dist`], then the probe and pairwise islands (`instruments.html`) into
/// `target/instruments-dist/`, whose glue and wasm are then staged beside the calculator's for
/// the generator.
pub fn wasm(env: &Env) -> Result<(), Failure> {
    let dir = env.repo.join("site/calculator");
    step(
        "trunk build --release (the calculator's wasm)",
        env.command("trunk")
            .args(["build", "--release"])
            .current_dir(&dir),
    )?;
    let instruments = env.repo.join("target/instruments-dist");
    step(
        "trunk build instruments.html --release (the probe and pairwise wasm)",
        env.command("trunk")
            .args(["build", "instruments.html", "--release", "--dist"])
            .arg(&instruments)
            .current_dir(&dir),
    )?;
    let read = std::fs::read_dir(&instruments)
        .map_err(|e| Failure::Failed(format!("cannot read {}: {e}", instruments.display())))?;
    for entry in read.filter_map(Result::ok) {
        let name = entry.file_name();
        let staged = name.to_string_lossy();
        if staged.starts_with("pickanumber-instruments")
            && (staged.ends_with(".js") || staged.ends_with(".wasm"))
        {
            std::fs::copy(entry.path(), calculator_dist(env).join(&name))
                .map_err(|e| Failure::Failed(format!("cannot stage {staged}: {e}")))?;
        }
    }
    Ok(())
}

/// The generator: markdown → `dist/` (or `target/serve-dist/`), with the calculator's files
/// from trunk.
pub fn pages(env: &Env, mode: Mode) -> Result<(), Failure> {
    let extra: &[&str] = match mode {
        Mode::Dev => &["--dev"],
        Mode::Release {
            base_url: Some(base),
        } => &["--base-url", base],
        Mode::Release { base_url: None } => &[],
    };
    render(
        env,
        &out(env, mode),
        extra,
        "render the pages (pickanumber-render)",
    )
}

/// The base path of the sub-path copy the browser tests serve.
pub const SUBPATH: &str = "/pickanumber/";

/// Where the sub-path copy goes.
pub fn subpath_dist(env: &Env) -> PathBuf {
    env.repo.join("target/dist-subpath")
}

/// The site rendered again under [`SUBPATH`] (as a project page or a fork would serve it), for
/// the browser test that serves it there.
pub fn subpath_pages(env: &Env) -> Result<(), Failure> {
    render(
        env,
        &subpath_dist(env),
        &["--base-url", SUBPATH],
        "render the pages under /pickanumber/ (pickanumber-render)",
    )
}

fn render(env: &Env, out: &std::path::Path, extra: &[&str], what: &str) -> Result<(), Failure> {
    let mut cmd = env.command("cargo");
    cmd.args(["run", "-q", "--release", "-p", "pickanumber-render", "--"])
        .arg("--root")
        .arg(&env.repo)
        .arg("--out")
        .arg(out)
        .arg("--calc")
        .arg(calculator_dist(env))
        .args(extra);
    step(what, &mut cmd).map(drop)
}
