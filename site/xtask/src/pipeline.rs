//! The build: `cargo fetch`, then trunk builds the wasm, then the generator writes the pages.

use std::path::PathBuf;
use std::time::Instant;

use crate::env::{human, step, Context, Env, Failure};

/// The base path of the sub-path copy the browser tests serve.
pub const SUBPATH: &str = "/pickanumber/";

/// The finished site.
pub const DIST: &str = "dist";
/// `cargo xtask serve`'s site: its pages load `/__dev/reload.js`, so it is never a release.
pub const DEV_DIST: &str = "target/serve-dist";
/// The copy under [`SUBPATH`] that a browser test serves there.
pub const SUBPATH_DIST: &str = "target/dist-subpath";
/// The calculator's glue and wasm (`site/calculator/Trunk.toml` says so).
pub const CALC_DIST: &str = "target/calculator-dist";

/// `cargo xtask build`: setup (without the browser), fetch, wasm, then the pages into `dist/`
/// under `site.toml`'s base path or `base_url`.
pub fn build(env: &Env, base_url: Option<&str>) -> Result<(), Failure> {
    let started = Instant::now();
    crate::setup::setup(env, false)?;
    fetch(env)?;
    wasm(env)?;
    let base = base_url.map(|b| ["--base-url", b]);
    pages(env, DIST, base.as_ref().map_or(&[], |b| b))?;
    println!(
        "built the site into {} in {}",
        env.repo.join(DIST).display(),
        human(started.elapsed())
    );
    Ok(())
}

/// Downloads the crates the build needs: trunk runs cargo offline.
pub fn fetch(env: &Env) -> Result<(), Failure> {
    step("cargo fetch", env.command("cargo").arg("fetch"))
}

/// `trunk build --release` in `site/calculator`, twice: the calculator (`index.html`) into
/// [`CALC_DIST`], then the probe and pairwise islands (`instruments.html`) into
/// `target/instruments-dist/`, whose glue and wasm are then staged beside the calculator's.
pub fn wasm(env: &Env) -> Result<(), Failure> {
    let trunk = |args: &[&str]| {
        let mut c = env.command("trunk");
        c.args(["build", "--release"]).args(args).current_dir(env.repo.join("site/calculator"));
        c
    };
    step("trunk build --release (the calculator's wasm)", &mut trunk(&[]))?;
    let islands = env.repo.join("target/instruments-dist");
    let mut second = trunk(&["instruments.html", "--dist"]);
    step(
        "trunk build instruments.html --release (the probe and pairwise wasm)",
        second.arg(&islands),
    )?;
    for entry in std::fs::read_dir(&islands).context(islands.display())?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("pickanumber-instruments")
            && (name.ends_with(".js") || name.ends_with(".wasm"))
        {
            std::fs::copy(entry.path(), env.repo.join(CALC_DIST).join(&name))
                .context(format!("cannot stage {name}"))?;
        }
    }
    Ok(())
}

/// The generator (pickanumber-render): markdown → `out` (below the repository), with the
/// calculator's files from trunk and `extra` options (`--dev`, `--base-url /name/`).
pub fn pages(env: &Env, out: &str, extra: &[&str]) -> Result<(), Failure> {
    let mut cmd = env.command("cargo");
    cmd.args(["run", "-q", "--release", "-p", "pickanumber-render", "--"]);
    cmd.args(render_args(env, out)).args(extra);
    step(&format!("render the pages into {out} (pickanumber-render)"), &mut cmd)
}

/// The generator's folders: `--root`, `--out`, `--calc`.
pub fn render_args(env: &Env, out: &str) -> [PathBuf; 6] {
    let flag = |f: &str| PathBuf::from(f);
    let repo = &env.repo;
    [
        flag("--root"),
        repo.clone(),
        flag("--out"),
        repo.join(out),
        flag("--calc"),
        repo.join(CALC_DIST),
    ]
}
