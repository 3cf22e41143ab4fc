//! Installs what is missing, each tool checked by version first: `checking trunk… 0.21.14 ok`.

use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use crate::env::{failed, human, missing, run, Env, Failure};

/// The pinned versions (trunk's and wasm-bindgen's must match `site/calculator/Trunk.toml`).
pub const TRUNK: &str = "0.21.14";
/// The wasm-bindgen CLI, pinned like the crate.
pub const WASM_BINDGEN: &str = "0.2.130";
/// The npm `binaryen` major version, for `wasm-opt`.
pub const BINARYEN: &str = "132";
/// The npm `esbuild` version that minifies the wasm-bindgen glue (pinned in `package.json`).
pub const ESBUILD: &str = "0.25.12";
/// The calculator's target.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// Debian's Chromium, for the browser tests and the bench.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// Debian's chromedriver.
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Checks and installs the build tools and, with `browser`, the linters and Chromium.
pub fn setup(env: &Env, browser: bool) -> Result<(), Failure> {
    println!("==> setup: checking tools");
    let started = Instant::now();
    let rustup = |args: &str| Ok(vec![env.command("rustup", args)]);
    // Targets rustup adds land in the toolchain's sysroot too.
    let sysroot = env
        .probe("rustc", &["--print", "sysroot"])
        .unwrap_or_default();
    let dir = Path::new(&sysroot).join("lib/rustlib").join(WASM_TARGET);
    let target = || {
        dir.is_dir()
            .then(|| "installed".to_owned())
            .ok_or("missing".to_owned())
    };
    ensure(env, WASM_TARGET, target, "rustup", "", || {
        rustup(&format!("target add {WASM_TARGET}"))
    })?;
    // Without --locked for wasm-bindgen-cli: its lock file pins a crate the registry mirror lacks.
    cargo_tool(env, "trunk", TRUNK, "trunk --locked", "about 10 minutes")?;
    cargo_tool(
        env,
        "wasm-bindgen",
        WASM_BINDGEN,
        "wasm-bindgen-cli",
        "about 5 minutes",
    )?;
    // wasm-opt and esbuild come from npm into node_modules/, both pinned in package.json.
    let bin = |name: &str| env.repo.join("node_modules/.bin").join(name);
    let want = format!("wasm-opt version {BINARYEN}, esbuild {ESBUILD}");
    let check = || {
        let wasm_opt = env
            .probe(bin("wasm-opt"), &["--version"])
            .unwrap_or_default();
        let esbuild = env
            .probe(bin("esbuild"), &["--version"])
            .unwrap_or_default();
        let ok = wasm_opt.contains(&format!("version {BINARYEN}")) && esbuild == ESBUILD;
        let found = format!("found wasm-opt `{wasm_opt}` and esbuild `{esbuild}` in node_modules/");
        ok.then(|| want.clone())
            .ok_or(format!("{found}, need {want}"))
    };
    let ci = if env.repo.join("package-lock.json").is_file() {
        "ci"
    } else {
        "install"
    };
    let npm = || {
        Ok(vec![
            env.command("npm", &format!("{ci} --no-audit --no-fund"))
        ])
    };
    ensure(
        env,
        "wasm-opt and esbuild",
        check,
        "npm",
        "under a minute",
        npm,
    )?;
    if browser {
        for (component, sub) in [("rustfmt", "fmt"), ("clippy", "clippy")] {
            let check = || {
                env.probe("cargo", &[sub, "--version"])
                    .ok_or("missing".to_owned())
            };
            let install = || rustup(&format!("component add {component}"));
            ensure(env, component, check, "rustup", "", install)?;
        }
        let both = || Path::new(CHROMIUM).is_file() && Path::new(CHROMEDRIVER).is_file();
        let version = || env.probe(CHROMEDRIVER, &["--version"]).unwrap_or_default();
        let check = || both().then(version).ok_or("missing".to_owned());
        let apt = ["update", "install -y chromium chromium-driver"].map(|args| {
            let mut c = env.command("apt-get", args);
            c.env("DEBIAN_FRONTEND", "noninteractive");
            c
        });
        let root = env.probe("id", &["-u"]).as_deref() == Some("0");
        let why = "it needs root: apt-get update && apt-get install -y chromium chromium-driver";
        let install = || root.then(|| apt.into()).ok_or(why.to_owned());
        ensure(
            env,
            "chromium and chromedriver",
            check,
            "apt-get",
            "a few minutes",
            install,
        )?;
    }
    println!("    setup: ok in {}", human(started.elapsed()));
    Ok(())
}

/// Whether `line` (a tool's `--version` output) names `version` as a whole word.
fn reports_version(line: &str, version: &str) -> bool {
    line.split(|c: char| c.is_whitespace() || "(),".contains(c))
        .any(|w| w.trim_start_matches('v') == version)
}

/// A tool from `cargo install`, with `--force`: when the binary is missing or the wrong
/// version, cargo may still record it as installed and would skip it otherwise.
fn cargo_tool(env: &Env, tool: &str, want: &str, krate: &str, time: &str) -> Result<(), Failure> {
    let check = || match env.probe(tool, &["--version"]) {
        Some(line) if reports_version(&line, want) => Ok(want.to_owned()),
        Some(line) => Err(format!("found `{line}`, need {want}")),
        None => Err("not installed".into()),
    };
    let install = env.command(
        "cargo",
        &format!("install --force --version {want} {krate}"),
    );
    ensure(env, tool, check, "cargo", time, || Ok(vec![install]))
}

/// Prints `checking tool… ` and `check`'s answer; when that is an `Err`, runs what `install` gives
/// (with `installer`, which must be on `PATH`) and checks again.
pub fn ensure(
    env: &Env,
    tool: &str,
    check: impl Fn() -> Result<String, String>,
    installer: &str,
    time: &str,
    install: impl FnOnce() -> Result<Vec<Command>, String>,
) -> Result<(), Failure> {
    print!("checking {tool}… ");
    let _ = std::io::stdout().flush();
    let found = check();
    println!(
        "{}",
        found
            .as_ref()
            .map_or_else(String::clone, |v| format!("{v} ok"))
    );
    if found.is_ok() {
        return Ok(());
    }
    let cannot = |why: String| missing(format!("{tool} is missing and cannot be installed: {why}"));
    if env.probe(installer, &["--version"]).is_none() {
        return Err(cannot(format!(
            "{installer} is not on PATH; install it and run again"
        )));
    }
    let commands = install().map_err(cannot)?;
    let time = if time.is_empty() {
        String::new()
    } else {
        format!(" ({time})")
    };
    println!("installing {tool} with {installer}{time}…");
    let started = Instant::now();
    for mut command in commands {
        run(&format!("installing {tool}"), &mut command)?;
    }
    println!(
        "    installing {tool}: done in {}",
        human(started.elapsed())
    );
    check().map(drop).map_err(|found| {
        failed(format!(
            "{tool}: {found} after installing it; is another one earlier on PATH?"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_match_whole_words_only() {
        assert!(reports_version("trunk 0.21.14", "0.21.14"));
        assert!(reports_version("tool v0.2.130 (abc)", "0.2.130"));
        assert!(!reports_version("trunk 0.21.140", "0.21.14"));
        assert!(!reports_version("wasm-bindgen 0.2.13", "0.2.130"));
    }

    #[test]
    fn pins_match_the_trunk_config_and_the_crate() {
        let toml = include_str!("../../calculator/Trunk.toml");
        assert!(toml.contains(&format!("\"={TRUNK}\"")), "trunk-version pin");
        assert!(toml.contains(&format!("wasm_bindgen = \"{WASM_BINDGEN}\"")));
        assert!(toml.contains(&format!("version_{BINARYEN}")));
        let cargo = include_str!("../../calculator/Cargo.toml");
        assert!(
            cargo.contains(&format!("wasm-bindgen = \"={WASM_BINDGEN}\"")),
            "crate pin"
        );
        let npm = include_str!("../../../package.json");
        assert!(
            npm.contains(&format!("\"binaryen\": \"{BINARYEN}.")),
            "binaryen pin"
        );
        assert!(
            npm.contains(&format!("\"esbuild\": \"{ESBUILD}\"")),
            "esbuild pin"
        );
    }
}
