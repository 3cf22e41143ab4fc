//! `cargo xtask test`: every check, in order, stopping at the first that fails.

use std::time::Instant;

use crate::env::{human, step, Env, Failure};
use crate::pipeline::{self, Mode};
use crate::setup::{self, Needs};

/// The native crates: formatted, linted and unit-tested here.
const NATIVE: &[&str] = &[
    "pickanumber-score",
    "pickanumber-instruments",
    "pickanumber-cli",
    "pickanumber-render",
    "devserver",
    "xtask",
];

/// Runs every check in order, stopping at the first that fails, and prints which passed.
pub fn test(env: &Env) -> Result<(), Failure> {
    let started = Instant::now();
    let mut passed: Vec<&str> = Vec::new();
    let result = run_all(env, &mut passed);
    let took = human(started.elapsed());
    match &result {
        Ok(()) => println!(
            "\ncargo xtask test: all {} steps passed ({}) in {took}",
            passed.len(),
            passed.join(", ")
        ),
        Err(_) => println!(
            "\ncargo xtask test: FAILED after {took} ({} steps passed before: {})",
            passed.len(),
            if passed.is_empty() {
                "none".to_owned()
            } else {
                passed.join(", ")
            }
        ),
    }
    result
}

fn p_args(crates: &[&str]) -> Vec<String> {
    crates
        .iter()
        .flat_map(|c| ["-p".to_owned(), (*c).to_owned()])
        .collect()
}

fn run_all(env: &Env, passed: &mut Vec<&'static str>) -> Result<(), Failure> {
    setup::setup(env, Needs::Everything)?;
    passed.push("setup");

    step(
        "cargo fmt --all --check",
        env.command("cargo").args(["fmt", "--all", "--check"]),
    )?;
    passed.push("fmt");

    let mut lint: Vec<&str> = NATIVE.to_vec();
    lint.push("pickanumber-browser-tests");
    step(
        "cargo clippy (native crates, all targets)",
        env.command("cargo")
            .arg("clippy")
            .args(p_args(&lint))
            .args(["--all-targets", "--", "-D", "warnings"]),
    )?;
    passed.push("clippy");

    step(
        "cargo clippy (calculator, wasm32)",
        env.command("cargo").args([
            "clippy",
            "-p",
            "pickanumber-calculator",
            "--target",
            setup::WASM_TARGET,
            "--",
            "-D",
            "warnings",
        ]),
    )?;
    passed.push("clippy wasm");

    step(
        "cargo test (unit, property and golden tests)",
        env.command("cargo").arg("test").args(p_args(NATIVE)),
    )?;
    passed.push("unit tests");

    // The calculator's own tests (share links) are plain Rust: they run natively, in a cargo
    // invocation of their own so Leptos's `csr` feature is not unified with other crates'.
    step(
        "cargo test -p pickanumber-calculator (natively)",
        env.command("cargo")
            .args(["test", "-p", "pickanumber-calculator"]),
    )?;
    passed.push("calculator tests");

    // The install line the README and the home page give, into a throwaway root.
    let root = env.repo.join("target/install-test");
    step(
        "cargo install --locked --path site/cli (the README's install line)",
        env.command("cargo")
            .args(["install", "--locked", "--path", "site/cli", "--root"])
            .arg(&root)
            .env("CARGO_TARGET_DIR", env.repo.join("target")),
    )?;
    step(
        "pickanumber --version (the installed binary)",
        std::process::Command::new(root.join("bin/pickanumber")).arg("--version"),
    )?;
    passed.push("install");

    pipeline::build(env, Mode::Release { base_url: None })?;
    pipeline::subpath_pages(env)?;
    passed.push("build");

    let dist = pipeline::dist(env);
    step(
        "cargo test -p pickanumber-browser-tests (headless Chromium)",
        env.command("cargo")
            .args([
                "test",
                "-p",
                "pickanumber-browser-tests",
                "--",
                "--test-threads=1",
            ])
            .env("PICKANUMBER_DIST", &dist)
            .env("PICKANUMBER_SUBPATH_DIST", pipeline::subpath_dist(env))
            .env("PICKANUMBER_SUBPATH", pipeline::SUBPATH),
    )?;
    passed.push("browser tests");
    Ok(())
}
