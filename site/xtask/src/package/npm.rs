//! The npm package: `site/npm` (crate `pickanumber-wasm`) → cargo, for wasm32 in the
//! size-tuned `wasm-release` profile → the pinned wasm-bindgen CLI (`--target web`) → wasm-opt
//! → with `site/npm/js/` (the entry that loads the wasm in Node and in browsers, and its types),
//! the package README and a written `package.json` → `target/npm/pickanumber/`, and that
//! folder packed by `npm pack` → `target/npm/pickanumber.tgz`, what a user's project installs.
//!
//! Everything is written into a fresh folder beside it first and moved into place at the end,
//! so a failed build never leaves a half-written package. [`super::node`] tests it.

use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{json, Value};

use crate::env::{failed, human, output, step, Context, Env, Failure};
use crate::tools::WASM_TARGET;

/// The package folder, below the repository.
pub const OUT: &str = "target/npm/pickanumber";
/// The crate, and the name wasm-bindgen gives its files.
const CRATE: &str = "pickanumber-wasm";
const STEM: &str = "pickanumber_wasm";
/// The package's name on npm.
pub const NAME: &str = "pickanumber";
/// The files the package publishes, besides `package.json`.
pub const FILES: [&str; 5] = [
    "index.js",
    "index.d.ts",
    "pickanumber_wasm.js",
    "pickanumber_wasm_bg.wasm",
    "README.md",
];

/// The folder where [`optimize`] keeps its last input and output, below the target folder.
const OPTIMIZED: &str = "npm/wasm-opt-last";

/// wasm-opt on the glue's wasm `bg`, in place. When `bg` is byte for byte the input of the
/// last run, with the same wasm-opt and flags, that run's output is copied instead: the release
/// dry run packs the same wasm the package's build optimized moments before.
fn optimize(env: &Env, bg: &Path) -> Result<(), Failure> {
    let opt = "-Oz --low-memory-unused --strip-producers --strip-target-features";
    let last = env.target().join(OPTIMIZED);
    let (input, output) = (last.join("input"), last.join("output.wasm"));
    let key = format!("binaryen {} {opt}\n", crate::tools::BINARYEN).into_bytes();
    let bytes = [key, std::fs::read(bg).context(bg.display())?].concat();
    if std::fs::read(&input).is_ok_and(|old| old == bytes) && output.is_file() {
        println!("==> wasm-opt -Oz (the npm package's wasm): the same input as the last run, its output reused");
        std::fs::copy(&output, bg).context(output.display())?;
        return Ok(());
    }
    let mut wasm_opt = env.command(crate::tools::npm_wasm_opt(env), opt);
    wasm_opt.arg(bg).arg("-o").arg(bg);
    step("wasm-opt -Oz (the npm package's wasm)", &mut wasm_opt)?;
    // The pair is written output first, input last: an interrupted write leaves an input
    // that matches no output, never an output taken for another input's.
    std::fs::create_dir_all(&last).context(last.display())?;
    let _ = std::fs::remove_file(&input);
    std::fs::copy(bg, &output).context(output.display())?;
    std::fs::write(&input, bytes).context(input.display())
}

/// Builds the package into [`OUT`].
pub fn build(env: &Env) -> Result<(), Failure> {
    let started = Instant::now();
    let cargo = format!("build -p {CRATE} --target {WASM_TARGET} --profile wasm-release");
    env.cargo(&cargo)?;
    let wasm = format!("{WASM_TARGET}/wasm-release/{STEM}.wasm");
    let wasm = env.target().join(wasm);
    let out = env.repo.join(OUT);
    let staging = out.with_file_name(".pickanumber.staging");
    fresh(&staging)?;
    let mut bindgen = env.command("wasm-bindgen", "--target web --no-typescript --out-name");
    bindgen.arg(STEM).arg("--out-dir").arg(&staging).arg(&wasm);
    step(
        "wasm-bindgen --target web (the npm package's glue)",
        &mut bindgen,
    )?;
    optimize(env, &staging.join(format!("{STEM}_bg.wasm")))?;
    let src = env.repo.join("site/npm");
    for from in ["js/index.js", "js/index.d.ts", "README.md"] {
        let to = staging.join(from.trim_start_matches("js/"));
        std::fs::copy(src.join(from), to).context(src.join(from).display())?;
    }
    let (cargo, site) = (
        read(&src.join("Cargo.toml"))?,
        read(&env.repo.join("site.toml"))?,
    );
    let manifest = package_json(&cargo, &site)?;
    let text = serde_json::to_string_pretty(&manifest).context("package.json")? + "\n";
    std::fs::write(staging.join("package.json"), text).context("package.json")?;
    if out.exists() {
        std::fs::remove_dir_all(&out).context(out.display())?;
    }
    std::fs::rename(&staging, &out).context(out.display())?;
    let tarball = pack(env, &out)?;
    let size = std::fs::metadata(out.join(format!("{STEM}_bg.wasm"))).map_or(0, |m| m.len());
    let (took, out, tarball) = (human(started.elapsed()), out.display(), tarball.display());
    println!("    npm package: {out} ({size} bytes of wasm) in {took}");
    println!("    packed: {tarball}; install it in your own project with `npm install {tarball}`");
    Ok(())
}

/// The package folder `out` packed by `npm pack` into [`super::install::TARBALL`]: `npm pack`
/// names its tarball with the version, which the install line cannot know, so it is renamed.
fn pack(env: &Env, out: &Path) -> Result<PathBuf, Failure> {
    let dir = out.parent().unwrap_or(out);
    let mut pack = env.command("npm", "pack --silent --pack-destination");
    pack.arg(dir).current_dir(out);
    // npm pack prints the tarball's name as its last line.
    let stdout = output(&format!("npm pack {}", out.display()), &mut pack)?;
    let name = stdout.split_whitespace().last().unwrap_or_default();
    let tarball = env.repo.join(super::install::TARBALL);
    std::fs::rename(dir.join(name), &tarball).context(format!("{name} → {}", tarball.display()))?;
    Ok(tarball)
}

/// An empty folder at `dir`.
pub fn fresh(dir: &Path) -> Result<(), Failure> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).context(dir.display())?;
    }
    std::fs::create_dir_all(dir).context(dir.display())
}

fn read(path: &PathBuf) -> Result<String, Failure> {
    std::fs::read_to_string(path).context(path.display())
}

/// The value of `key = "…"` on a line of its own in a TOML file's top table or `[package]`.
pub fn toml_string(text: &str, key: &str) -> Option<String> {
    let mut table = "";
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            table = line;
        } else if table.is_empty() || table == "[package]" {
            let (k, v) = line.split_once('=').unwrap_or_default();
            let v = v.trim().strip_prefix('"').and_then(|v| v.strip_suffix('"'));
            if let Some(v) = v.filter(|_| k.trim() == key) {
                return Some(v.to_owned());
            }
        }
    }
    None
}

/// The package's `package.json`: the crate's version and the repository `site.toml` names.
pub fn package_json(cargo_toml: &str, site_toml: &str) -> Result<Value, Failure> {
    let version = toml_string(cargo_toml, "version")
        .ok_or_else(|| failed("site/npm/Cargo.toml has no version = \"…\" line"))?;
    let repository = toml_string(site_toml, "repository")
        .ok_or_else(|| failed("site.toml has no repository = \"…\" line"))?;
    Ok(json!({
        "name": NAME,
        "version": version,
        "description": "Score signed evidence items with the pickanumber formula: the same JSON object as the pickanumber CLI, from WebAssembly, in Node 18+ and browsers.",
        "license": "MIT",
        "repository": { "type": "git", "url": format!("git+{repository}.git"), "directory": "site/npm" },
        "keywords": ["llm", "evaluation", "llm-as-judge", "scoring", "promptfoo"],
        "type": "module",
        "main": "./index.js",
        "types": "./index.d.ts",
        "exports": {
            ".": { "types": "./index.d.ts", "default": "./index.js" },
            "./package.json": "./package.json"
        },
        "engines": { "node": ">=18" },
        "files": FILES,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manifest_takes_the_crates_version_and_the_sites_repository() {
        let cargo = include_str!("../../../npm/Cargo.toml");
        let site = include_str!("../../../../site.toml");
        let m = package_json(cargo, site).unwrap();
        assert_eq!(m["version"], toml_string(cargo, "version").unwrap());
        let repo = toml_string(site, "repository").unwrap();
        assert_eq!(m["repository"]["url"], format!("git+{repo}.git"));
        assert_eq!(m["exports"]["."]["default"], "./index.js");
        // Only the [package] table's version, not a dependency's.
        let t = "[package]\nname = \"x\"\nversion = \"1.2.3\"\n[dependencies]\nversion = \"9\"\n";
        assert_eq!(toml_string(t, "version").as_deref(), Some("1.2.3"));
        assert_eq!(toml_string("[x]\nversion = \"1\"", "version"), None);
        let err = package_json("name = \"x\"", site).unwrap_err();
        assert_eq!(
            err.message,
            "site/npm/Cargo.toml has no version = \"…\" line"
        );
    }
}
