//! `cargo xtask test`: every check, in order, stopping at the first that fails.

use std::time::Instant;

use crate::env::{failed, human, step, Env, Failure};
use crate::package::python;
use crate::pipeline::{self, DIST, SUBPATH, SUBPATH_DIST};
use crate::setup;

/// The cargo steps after setup, in order: what passed, then cargo's arguments. Without `-p`,
/// cargo takes the workspace's default members: the native crates. The calculator's own tests
/// (share links) are plain Rust and run natively, in a cargo invocation of their own so that
/// Leptos's `csr` feature is not unified with other crates'. The formula crate without its
/// `combine` feature (as the wasm calculator builds it) has its own step too.
pub const CARGO_STEPS: &str = "
fmt | fmt --all --check
clippy | clippy --workspace --exclude pickanumber-calculator --all-targets -- -D warnings
clippy wasm | clippy -p pickanumber-calculator --target wasm32-unknown-unknown -- -D warnings
clippy passes wasm | clippy -p pickanumber-passes --target wasm32-unknown-unknown -- -D warnings
unit tests | test
calculator tests | test -p pickanumber-calculator
lean formula crate | test -p pickanumber-score --no-default-features --test lean_passes";

/// Runs every check in order, stopping at the first that fails, and prints which passed.
pub fn test(env: &Env) -> Result<(), Failure> {
    let started = Instant::now();
    let mut passed = vec![];
    let result = run_all(env, &mut passed);
    let (n, took) = (passed.len(), human(started.elapsed()));
    let list = passed.join(", ");
    let summary = match &result {
        Ok(()) => format!("all {n} steps passed ({list}) in {took}"),
        Err(_) if n == 0 => format!("FAILED after {took} (no step passed before)"),
        Err(_) => format!("FAILED after {took} ({n} steps passed before: {list})"),
    };
    println!("\ncargo xtask test: {summary}");
    result
}

fn run_all(env: &Env, passed: &mut Vec<&'static str>) -> Result<(), Failure> {
    // The Python venv's pinned tools install from PyPI beside setup and the Rust build (pip
    // mostly waits on the network; about a minute on a fresh machine, nothing once stamped).
    println!("==> python venv: checking the pinned tools in the background");
    let venv = std::thread::spawn(|| Env::new().and_then(|env| python::ensure_venv(&env)));
    setup::setup(env, true)?;
    passed.push("setup");
    for (what, args) in CARGO_STEPS.lines().filter_map(|l| l.split_once(" | ")) {
        env.cargo(args)?;
        passed.push(what);
    }
    // The Python package's tests run beside the install check and the site's build (the CLI
    // they compare with is built by now; npm install, when promptfoo is missing, finishes first,
    // since the build runs tools from node_modules).
    python::ensure_promptfoo(env)?;
    // promptfoo and TypeScript for the npm package's tests, before the Python tests start
    // using node_modules (an npm install here rewrites it).
    crate::package::node::tools(env)?;
    println!("==> python package: pip install ./site/python and pytest, in the background (output in target/python-test.log)");
    let python = std::thread::spawn(move || {
        let venv = venv
            .join()
            .map_err(|_| failed("the python venv's thread panicked"))??;
        let env = Env::new()?;
        python::test(&env).map(|done| [vec![venv], done].concat())
    });
    // The install line the README and the home page give, into a throwaway root.
    env.cargo("install --locked --path site/cli --root target/install-test")?;
    let installed = env.repo.join("target/install-test/bin/pickanumber");
    let what = "pickanumber --version (the installed binary)";
    step(what, &mut env.command(installed, "--version"))?;
    passed.push("install");
    crate::package::npm::build(env)?;
    crate::package::node::test(env)?;
    passed.push("npm package");
    pipeline::build(env, None)?;
    pipeline::pages(env, SUBPATH_DIST, &["--base-url", SUBPATH])?;
    passed.push("build");
    println!("==> python package: waiting for its tests");
    let python = python
        .join()
        .map_err(|_| failed("the python tests' thread panicked"))?;
    for line in python? {
        println!("    {line}");
    }
    passed.push("python package");
    let browser = "test -p pickanumber-browser-tests -- --test-threads=1";
    let mut cargo = env.command("cargo", browser);
    cargo.env("PICKANUMBER_DIST", env.repo.join(DIST));
    cargo.env("PICKANUMBER_SUBPATH", SUBPATH);
    cargo.env("PICKANUMBER_SUBPATH_DIST", env.repo.join(SUBPATH_DIST));
    step(&format!("cargo {browser} (headless Chromium)"), &mut cargo)?;
    passed.push("browser tests");
    Ok(())
}
