//! The npm package's tests: `node --test site/npm/tests/*.test.mjs` (run by Node 22) against `target/npm/pickanumber/` and
//! the debug CLI, with the pinned promptfoo and TypeScript (root `package.json`, installed by
//! `npm ci` when missing); promptfoo runs on Node 22 from npm (the pinned one refuses Node 20), as
//! the Lighthouse bench runs its Node, and the installed package is imported by Node 18 from
//! npm too, the oldest its `engines` field allows.

use std::path::PathBuf;

use crate::env::{step, Context, Env, Failure};
use crate::tools::{ensure, npm_node, npm_pin, NODE22};

/// The oldest Node the package supports (`engines.node`), to import it with.
pub const NODE18: &str = "18.20.8";

/// Installs promptfoo, TypeScript and the skills CLI with `npm ci` when `node_modules` lacks
/// the version the root `package.json` pins.
pub fn tools(env: &Env) -> Result<(), Failure> {
    let mut pins = Vec::new();
    for name in ["promptfoo", "typescript", "skills"] {
        pins.push((name, npm_pin(env, name)?));
    }
    let check = || {
        let mut found = Vec::new();
        for (name, want) in &pins {
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
    let install = || Ok(vec![env.command("npm", crate::tools::NPM_INSTALL)]);
    ensure(env, "promptfoo, typescript and skills", check, install)
}

/// Runs the package's tests against the built package, the debug CLI and promptfoo.
pub fn test(env: &Env) -> Result<(), Failure> {
    tools(env)?;
    let (node22, node18) = (npm_node(env, NODE22)?, npm_node(env, NODE18)?);
    env.cargo("build -p pickanumber-cli")?;
    let dir = env.repo.join("site/npm/tests");
    let listed = std::fs::read_dir(&dir).context(dir.display())?.flatten();
    let is_test = |p: &PathBuf| p.to_string_lossy().ends_with(".test.mjs");
    let mut files: Vec<PathBuf> = listed.map(|e| e.path()).filter(is_test).collect();
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
    let what = "node --test site/npm/tests (the npm package, promptfoo)";
    step(what, &mut run)
}
