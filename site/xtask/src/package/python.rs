//! The Python package (`site/python`): a virtual environment under `target/` with the pinned
//! build and test tools ([`PINS`], installed only when its stamp differs), the release wheel
//! (`maturin build` → `target/wheels/`), and `cargo xtask test`'s step: `pip install
//! ./site/python` (the dev profile, sharing cargo's cache), then pytest with the CLI to compare
//! against and Node 22 for promptfoo.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::env::{failed, human, logged, step, Context, Env, Failure};

/// The venv, below the target folder.
pub const VENV: &str = "python-venv";
/// What the venv holds, each at an exact version, installed in one pip call from wheels only.
/// maturin must match `site/python/pyproject.toml`'s build-system pin.
pub const PINS: [&str; 5] = [
    "maturin==1.16.0",
    "pytest==9.2.0",
    "hypothesis==6.170.15",
    "inspect_ai==0.3.285",
    "deepeval==4.3.1",
];
/// The stamp in the venv that records [`PINS`] once they are installed.
const STAMP: &str = "pickanumber-pins.txt";

/// The venv's folder.
pub fn venv_dir(env: &Env) -> PathBuf {
    env.target().join(VENV)
}

/// A program in the venv (`python`, `pip`, `maturin`).
fn bin(env: &Env, name: &str) -> PathBuf {
    venv_dir(env).join("bin").join(name)
}

/// Creates the venv and installs [`PINS`] unless its stamp already lists them. Quiet: pip's
/// output goes to `target/python-venv.log` (this runs beside the Rust build in `test`), and
/// the result is a line to print.
pub fn ensure_venv(env: &Env) -> Result<String, Failure> {
    let dir = venv_dir(env);
    let want = PINS.join("\n") + "\n";
    if std::fs::read_to_string(dir.join(STAMP)).ok().as_deref() == Some(&want) {
        let pins = PINS.join(", ");
        return Ok(format!("python venv: {pins} already installed"));
    }
    let started = Instant::now();
    if dir.exists() {
        std::fs::remove_dir_all(&dir).context(format!("cannot remove {}", dir.display()))?;
    }
    let log = env.target().join("python-venv.log");
    std::fs::write(&log, "").context(log.display())?;
    let mut venv = env.command("python3", "-m venv");
    logged("python3 -m venv", venv.arg(&dir), &log)?;
    let mut pip = env.command(bin(env, "pip"), "install --disable-pip-version-check");
    pip.args(["--only-binary", ":all:"]).args(PINS);
    logged("pip install", &mut pip, &log)?;
    std::fs::write(dir.join(STAMP), want).context("cannot write the venv's stamp")?;
    let (pins, took) = (PINS.join(", "), human(started.elapsed()));
    Ok(format!("python venv: installed {pins} in {took}"))
}

/// `PATH` with the venv's `bin` first (before xtask's own `PATH`), so pip's build backend
/// finds the venv's maturin.
fn venv_path(env: &Env) -> std::ffi::OsString {
    let dirs = [venv_dir(env).join("bin")];
    let path = std::env::split_paths(&env.path).collect::<Vec<_>>();
    std::env::join_paths(dirs.iter().chain(&path)).unwrap_or_else(|_| env.path.clone())
}

/// The venv that builds the packages: maturin alone ([`PINS`]' first), so that building a
/// wheel or an sdist installs no framework. Its `maturin`.
pub fn ensure_maturin(env: &Env) -> Result<PathBuf, Failure> {
    let dir = env.target().join("maturin-venv");
    let maturin = dir.join("bin/maturin");
    let want = PINS[0].trim_start_matches("maturin==");
    let found = env.probe(&maturin, &["--version"]);
    if found.is_some_and(|v| v.ends_with(want)) {
        return Ok(maturin);
    }
    let mut venv = env.command("python3", "-m venv --clear");
    step("python3 -m venv target/maturin-venv", venv.arg(&dir))?;
    let args = "install --disable-pip-version-check -q";
    let mut pip = env.command(dir.join("bin/pip"), args);
    pip.args(["--only-binary", ":all:", PINS[0]]);
    step(&format!("pip install {}", PINS[0]), &mut pip)?;
    Ok(maturin)
}

/// `maturin sdist` of `site/python` into `out`: the source archive PyPI serves where no wheel
/// fits, which builds with Rust and Python alone. Its path.
pub fn sdist(env: &Env, out: &Path) -> Result<PathBuf, Failure> {
    let args = "sdist -m site/python/Cargo.toml --out";
    let mut sdist = env.command(ensure_maturin(env)?, args);
    step("maturin sdist (the Python sdist)", sdist.arg(out))?;
    let none = || failed(format!("maturin wrote no sdist into {}", out.display()));
    ours(out, ".tar.gz")?.ok_or_else(none)
}

/// `maturin build --release` of `site/python` into `target/wheels/` (older pickanumber wheels
/// there are removed first); the wheel's path.
pub fn wheel(env: &Env) -> Result<PathBuf, Failure> {
    let out = env.target().join("wheels");
    while let Some(old) = ours(&out, ".whl").unwrap_or(None) {
        std::fs::remove_file(&old).context(old.display())?;
    }
    let mut maturin = env.command(ensure_maturin(env)?, "build --release --locked -m");
    maturin.arg("site/python/Cargo.toml").arg("--out").arg(&out);
    step("maturin build --release (the Python wheel)", &mut maturin)?;
    let none = || {
        failed(format!(
            "maturin wrote no pickanumber wheel into {}",
            out.display()
        ))
    };
    ours(&out, ".whl")?.ok_or_else(none)
}

/// A file in `dir` whose name is `pickanumber-…` ending with `ending`.
fn ours(dir: &Path, ending: &str) -> Result<Option<PathBuf>, Failure> {
    let files = std::fs::read_dir(dir).context(dir.display())?.flatten();
    Ok(files.map(|e| e.path()).find(|p| {
        let name = p.file_name().unwrap_or_default().to_string_lossy();
        name.starts_with("pickanumber-") && name.ends_with(ending)
    }))
}

/// The Node that runs promptfoo ([`crate::tools::NODE22`]: promptfoo needs 22.22 or later and
/// the machine's may be older), from npm through npx.
pub fn node22(env: &Env) -> Result<PathBuf, Failure> {
    crate::tools::npm_node(env, crate::tools::NODE22)
}

/// `cargo xtask test`'s Python step, once [`ensure_venv`] has run and
/// [`super::node::tools`] has installed promptfoo:
/// `pip install ./site/python` into the venv (dev profile, sharing cargo's cache), then pytest
/// against the debug CLI and the npm package (built before, for the judge loop's differential
/// test), with promptfoo from `node_modules` run by Node 22. It runs beside the
/// site's build, so its output goes to `target/python-test.log`; the lines it returns say what
/// ran and how long it took.
pub fn test(env: &Env) -> Result<Vec<String>, Failure> {
    let log = env.target().join("python-test.log");
    std::fs::write(&log, "").context(log.display())?;
    let mut done = vec![];
    let mut cargo = env.command("cargo", "build -p pickanumber-cli");
    done.push(logged("cargo build -p pickanumber-cli", &mut cargo, &log)?);
    let what = "pip install ./site/python (maturin, dev profile)";
    let mut pip = env.command(bin(env, "pip"), "install --disable-pip-version-check");
    pip.args(["--no-build-isolation", "--no-deps", "--force-reinstall"]);
    pip.arg("./site/python").env("PATH", venv_path(env));
    pip.env("MATURIN_PEP517_ARGS", "--profile dev --locked");
    done.push(logged(what, &mut pip, &log)?);
    let node = node22(env)?;
    let mut pytest = env.command(bin(env, "python"), "-m pytest -q site/python/tests");
    pytest
        .env("PATH", venv_path(env))
        .env("PICKANUMBER_NODE22", node);
    pytest.env("PICKANUMBER_CLI", env.target().join("debug/pickanumber"));
    pytest.env("PICKANUMBER_NPM", env.repo.join(crate::package::npm::OUT));
    pytest.env("DEEPEVAL_TELEMETRY_OPT_OUT", "YES");
    let what = "pytest site/python/tests (the package, its adapters, the docs' promptfoo example, the judge loop's differential test)";
    done.push(logged(what, &mut pytest, &log)?);
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let summary = text.lines().rev().find(|l| l.contains(" passed"));
    let summary = summary.unwrap_or("no summary").trim();
    done.push(format!("pytest: {summary}"));
    Ok(done)
}
