//! `cargo xtask test`: every check, in order, stopping at the first that fails.

use std::time::Instant;

use crate::env::{human, step, Env, Failure};
use crate::pipeline::{self, DIST, SUBPATH, SUBPATH_DIST};
use crate::setup::{self, WASM_TARGET};

/// Runs every check in order, stopping at the first that fails, and prints which passed.
pub fn test(env: &Env) -> Result<(), Failure> {
    let started = Instant::now();
    let mut passed: Vec<&str> = Vec::new();
    let result = run_all(env, &mut passed);
    let (n, took) = (passed.len(), human(started.elapsed()));
    let list = if passed.is_empty() {
        "none".to_owned()
    } else {
        passed.join(", ")
    };
    let summary = match &result {
        Ok(()) => format!("all {n} steps passed ({list}) in {took}"),
        Err(_) => format!("FAILED after {took} ({n} steps passed before: {list})"),
    };
    println!("\ncargo xtask test: {summary}");
    result
}

fn run_all(env: &Env, passed: &mut Vec<&'static str>) -> Result<(), Failure> {
    setup::setup(env, true)?;
    passed.push("setup");
    let (deny, calc) = ("-- -D warnings", "pickanumber-calculator");
    // Without -p, cargo takes the workspace's default members: the native crates.
    let steps = [
        ("fmt", "fmt --all --check".to_owned()),
        (
            "clippy",
            format!("clippy --workspace --exclude {calc} --all-targets {deny}"),
        ),
        (
            "clippy wasm",
            format!("clippy -p {calc} --target {WASM_TARGET} {deny}"),
        ),
        ("unit tests", "test".into()),
        // The calculator's own tests (share links) are plain Rust: they run natively, in a cargo
        // invocation of their own so Leptos's `csr` feature is not unified with other crates'.
        ("calculator tests", format!("test -p {calc}")),
    ];
    for (what, args) in steps {
        step(&format!("cargo {args}"), &mut env.command("cargo", &args))?;
        passed.push(what);
    }
    // The install line the README and the home page give, into a throwaway root.
    let install = "install --locked --path site/cli --root target/install-test";
    step(
        &format!("cargo {install}"),
        &mut env.command("cargo", install),
    )?;
    let installed = env.repo.join("target/install-test/bin/pickanumber");
    step(
        "pickanumber --version (the installed binary)",
        &mut env.command(installed, "--version"),
    )?;
    passed.push("install");
    pipeline::build(env, None)?;
    pipeline::pages(env, SUBPATH_DIST, &["--base-url", SUBPATH])?;
    passed.push("build");
    let mut browser = env.command(
        "cargo",
        "test -p pickanumber-browser-tests -- --test-threads=1",
    );
    browser
        .env("PICKANUMBER_DIST", env.repo.join(DIST))
        .env("PICKANUMBER_SUBPATH", SUBPATH);
    browser.env("PICKANUMBER_SUBPATH_DIST", env.repo.join(SUBPATH_DIST));
    step(
        "cargo test -p pickanumber-browser-tests (headless Chromium)",
        &mut browser,
    )?;
    passed.push("browser tests");
    Ok(())
}
