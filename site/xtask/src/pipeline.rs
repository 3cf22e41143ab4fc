//! The build: `cargo fetch`, then trunk builds the calculator's wasm, then the generator writes
//! the pages into `dist/`.

use std::path::PathBuf;
use std::time::Instant;

use crate::env::{human, step, Env, Failure};
use crate::setup::{self, Needs};

/// Whether pages load the live-reload script.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The finished site.
    Release,
    /// For `cargo xtask serve`: the generator adds `/__dev/reload.js` to every page.
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

/// Setup (without the browser), fetch, wasm, pages.
pub fn build(env: &Env, mode: Mode) -> Result<(), Failure> {
    let started = Instant::now();
    setup::setup(env, Needs::Build)?;
    fetch(env)?;
    wasm(env)?;
    pages(env, mode)?;
    println!(
        "built the site into {} in {}",
        dist(env).display(),
        human(started.elapsed())
    );
    Ok(())
}

/// Downloads the crates the build needs: trunk runs cargo offline.
pub fn fetch(env: &Env) -> Result<(), Failure> {
    step("cargo fetch", env.command("cargo").arg("fetch")).map(drop)
}

/// `trunk build --release` in `site/calculator`.
pub fn wasm(env: &Env) -> Result<(), Failure> {
    step(
        "trunk build --release (the calculator's wasm)",
        env.command("trunk")
            .args(["build", "--release"])
            .current_dir(env.repo.join("site/calculator")),
    )
    .map(drop)
}

/// The generator: markdown → `dist/`, with the calculator's files from trunk.
pub fn pages(env: &Env, mode: Mode) -> Result<(), Failure> {
    let mut cmd = env.command("cargo");
    cmd.args(["run", "-q", "--release", "-p", "pickanumber-render", "--"])
        .arg("--root")
        .arg(&env.repo)
        .arg("--out")
        .arg(dist(env))
        .arg("--calc")
        .arg(calculator_dist(env));
    if mode == Mode::Dev {
        cmd.arg("--dev");
    }
    step("render the pages (pickanumber-render)", &mut cmd).map(drop)
}
