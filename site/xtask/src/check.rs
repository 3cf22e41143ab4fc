//! `cargo xtask test`: every check, in order, stopping at the first that fails.

use std::time::Instant;

use crate::env::{human, step, Env, Failure};
use crate::pipeline::{self, DIST, SUBPATH, SUBPATH_DIST};
use crate::setup::{self, WASM_TARGET};

/// The native crates: formatted, linted and unit-tested here.
const NATIVE: &str = "-p pickanumber-score -p pickanumber-instruments -p pickanumber-cli \
                      -p pickanumber-render -p devserver -p xtask";

/// Runs every check in order, stopping at the first that fails, and prints which passed.
pub fn test(env: &Env) -> Result<(), Failure> {
    let started = Instant::now();
    let mut passed: Vec<&str> = Vec::new();
    let result = run_all(env, &mut passed);
    let took = human(started.elapsed());
    let list = if passed.is_empty() { "none".to_owned() } else { passed.join(", ") };
    match &result {
        Ok(()) => {
            println!("\ncargo xtask test: all {} steps passed ({list}) in {took}", passed.len())
        }
        Err(_) => println!(
            "\ncargo xtask test: FAILED after {took} ({} steps passed before: {list})",
            passed.len()
        ),
    }
    result
}

fn run_all(env: &Env, passed: &mut Vec<&'static str>) -> Result<(), Failure> {
    let cargo = |what: &'static str, args: &str| {
        let mut c = env.command("cargo");
        c.args(args.split_whitespace());
        (what, c)
    };
    setup::setup(env, true)?;
    passed.push("setup");
    let install_root = env.repo.join("target/install-test");
    let mut install = cargo("install", "install --locked --path site/cli --root");
    install.1.arg(&install_root).env("CARGO_TARGET_DIR", env.target());
    let mut installed = env.command(install_root.join("bin/pickanumber"));
    installed.arg("--version");
    for ((what, mut cmd), title) in [
        (cargo("fmt", "fmt --all --check"), "cargo fmt --all --check"),
        (
            cargo(
                "clippy",
                &format!(
                    "clippy {NATIVE} -p pickanumber-browser-tests --all-targets -- -D warnings"
                ),
            ),
            "cargo clippy (native crates, all targets)",
        ),
        (
            cargo(
                "clippy wasm",
                &format!("clippy -p pickanumber-calculator --target {WASM_TARGET} -- -D warnings"),
            ),
            "cargo clippy (calculator, wasm32)",
        ),
        (
            cargo("unit tests", &format!("test {NATIVE}")),
            "cargo test (unit, property and golden tests)",
        ),
        // The calculator's own tests (share links) are plain Rust: they run natively, in a cargo
        // invocation of their own so Leptos's `csr` feature is not unified with other crates'.
        (
            cargo("calculator tests", "test -p pickanumber-calculator"),
            "cargo test -p pickanumber-calculator (natively)",
        ),
        // The install line the README and the home page give, into a throwaway root.
        (install, "cargo install --locked --path site/cli (the README's install line)"),
        (("installed binary", installed), "pickanumber --version (the installed binary)"),
    ] {
        step(title, &mut cmd)?;
        passed.push(what);
    }
    pipeline::build(env, None)?;
    pipeline::pages(env, SUBPATH_DIST, &["--base-url", SUBPATH])?;
    passed.push("build");
    let mut browser =
        cargo("browser tests", "test -p pickanumber-browser-tests -- --test-threads=1").1;
    browser.env("PICKANUMBER_DIST", env.repo.join(DIST));
    browser
        .env("PICKANUMBER_SUBPATH_DIST", env.repo.join(SUBPATH_DIST))
        .env("PICKANUMBER_SUBPATH", SUBPATH);
    step("cargo test -p pickanumber-browser-tests (headless Chromium)", &mut browser)?;
    passed.push("browser tests");
    Ok(())
}
