//! Installs what is missing, each tool checked by version first, so a second run installs
//! nothing. One line per tool: `checking trunk… 0.21.14 ok`.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use crate::env::{human, run, Env, Failure};

/// The pinned versions (trunk's and wasm-bindgen's must match `site/calculator/Trunk.toml`).
pub const TRUNK: &str = "0.21.14";
pub const WASM_BINDGEN: &str = "0.2.130";
pub const BINARYEN: &str = "132";
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// What the caller is about to do.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Build and serve: the wasm target, trunk, wasm-bindgen, wasm-opt.
    Build,
    /// Also test: rustfmt, clippy, chromium and chromedriver.
    Everything,
}

pub fn setup(env: &Env, needs: Needs) -> Result<(), Failure> {
    println!("==> setup: checking tools");
    let started = Instant::now();
    wasm_target(env)?;
    cargo_tool(
        env,
        "trunk",
        TRUNK,
        &["install", "trunk", "--version", TRUNK, "--locked"],
        "about 10 minutes",
    )?;
    // Without --locked: wasm-bindgen-cli's lock file pins a crate the registry mirror lacks.
    cargo_tool(
        env,
        "wasm-bindgen",
        WASM_BINDGEN,
        &["install", "wasm-bindgen-cli", "--version", WASM_BINDGEN],
        "about 5 minutes",
    )?;
    wasm_opt(env)?;
    if needs == Needs::Everything {
        rust_component(env, "rustfmt", "fmt")?;
        rust_component(env, "clippy", "clippy")?;
        chromium(env)?;
    }
    println!("    setup: ok in {}", human(started.elapsed()));
    Ok(())
}

fn checking(tool: &str) {
    print!("checking {tool}… ");
    let _ = std::io::stdout().flush();
}

/// Whether `line` (a tool's `--version` output) names `version` as a whole word.
fn reports_version(line: &str, version: &str) -> bool {
    line.split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',')
        .any(|w| w.trim_start_matches('v') == version)
}

fn wasm_target(env: &Env) -> Result<(), Failure> {
    checking(WASM_TARGET);
    if let Some(list) = env.stdout("rustup", &["target", "list", "--installed"]) {
        if list.lines().any(|l| l.trim() == WASM_TARGET) {
            println!("installed ok");
            return Ok(());
        }
        println!("missing");
        println!("installing {WASM_TARGET} with rustup…");
        return timed("rustup target add", || {
            run(
                "rustup target add",
                env.command("rustup").args(["target", "add", WASM_TARGET]),
            )
        });
    }
    // No rustup: the target may still be in the toolchain's sysroot.
    let sysroot = env
        .stdout("rustc", &["--print", "sysroot"])
        .unwrap_or_default();
    let dir = Path::new(sysroot.trim())
        .join("lib/rustlib")
        .join(WASM_TARGET);
    if !sysroot.trim().is_empty() && dir.is_dir() {
        println!("installed ok");
        return Ok(());
    }
    println!("missing");
    Err(Failure::Missing(format!(
        "the {WASM_TARGET} target is missing and rustup is not available to add it; \
         install rustup (https://rustup.rs) or a toolchain that includes {WASM_TARGET}"
    )))
}

fn cargo_tool(
    env: &Env,
    tool: &str,
    version: &str,
    install_args: &[&str],
    how_long: &str,
) -> Result<(), Failure> {
    checking(tool);
    match env.probe(tool, &["--version"]) {
        Some(line) if reports_version(&line, version) => {
            println!("{version} ok");
            return Ok(());
        }
        Some(line) => println!("found `{line}`, need {version}"),
        None => println!("not installed"),
    }
    if env.probe("cargo", &["--version"]).is_none() {
        return Err(Failure::Missing(format!(
            "cannot install {tool} {version}: cargo is not on PATH"
        )));
    }
    println!("installing {tool} {version} with cargo install ({how_long})…");
    // `--force`: the tool is missing or the wrong version, yet cargo may still record it as
    // installed (a deleted binary), and would then skip the install.
    timed(&format!("installing {tool}"), || {
        run(
            &format!("cargo install {tool}"),
            env.command("cargo").args(install_args).arg("--force"),
        )
    })?;
    match env.probe(tool, &["--version"]) {
        Some(line) if reports_version(&line, version) => Ok(()),
        other => Err(Failure::Failed(format!(
            "{tool} reports `{}` after installing {version}; is another {tool} earlier on PATH?",
            other.unwrap_or_else(|| "nothing".into())
        ))),
    }
}

fn wasm_opt(env: &Env) -> Result<(), Failure> {
    let bin = env.repo.join("node_modules/.bin/wasm-opt");
    let wanted = format!("version {BINARYEN}");
    let ok = |line: &Option<String>| line.as_deref().is_some_and(|l| l.contains(&wanted));
    checking("wasm-opt");
    let found = env.probe(&bin, &["--version"]);
    if ok(&found) {
        println!("{wanted} ok");
        return Ok(());
    }
    match &found {
        Some(line) => println!("found `{line}`, need {wanted}"),
        None => println!("not installed in node_modules/"),
    }
    if env.probe("npm", &["--version"]).is_none() {
        return Err(Failure::Missing(format!(
            "wasm-opt (npm package binaryen@{BINARYEN}) is missing and npm is not installed; \
             install npm (Debian: apt-get install npm) and run again"
        )));
    }
    let args: &[&str] = if env.repo.join("package-lock.json").is_file() {
        &["ci", "--no-audit", "--no-fund"]
    } else {
        &["install", "--no-audit", "--no-fund"]
    };
    println!(
        "installing binaryen {BINARYEN} with npm {} (under a minute)…",
        args[0]
    );
    timed("installing wasm-opt", || {
        run(&format!("npm {}", args[0]), env.command("npm").args(args))
    })?;
    let found = env.probe(&bin, &["--version"]);
    if ok(&found) {
        Ok(())
    } else {
        Err(Failure::Failed(format!(
            "node_modules/.bin/wasm-opt reports `{}` after npm; package.json must pin binaryen {BINARYEN}",
            found.unwrap_or_else(|| "nothing".into())
        )))
    }
}

fn rust_component(env: &Env, component: &str, subcommand: &str) -> Result<(), Failure> {
    checking(component);
    if let Some(line) = env.probe("cargo", &[subcommand, "--version"]) {
        println!("{line} ok");
        return Ok(());
    }
    println!("missing");
    if env.probe("rustup", &["--version"]).is_none() {
        return Err(Failure::Missing(format!(
            "{component} is missing and rustup is not available to add it"
        )));
    }
    println!("installing {component} with rustup…");
    timed(&format!("installing {component}"), || {
        run(
            "rustup component add",
            env.command("rustup").args(["component", "add", component]),
        )
    })
}

fn chromium(env: &Env) -> Result<(), Failure> {
    checking("chromium and chromedriver");
    if Path::new(CHROMIUM).is_file() && Path::new(CHROMEDRIVER).is_file() {
        let version = env
            .probe(CHROMEDRIVER, &["--version"])
            .unwrap_or_else(|| "chromedriver (version unknown)".into());
        println!("{version} ok");
        return Ok(());
    }
    println!("missing");
    let fix = "apt-get update && apt-get install -y chromium chromium-driver";
    if env.probe("apt-get", &["--version"]).is_none() {
        return Err(Failure::Missing(format!(
            "{CHROMIUM} or {CHROMEDRIVER} is missing and apt-get is not available; \
             install Debian's chromium and chromium-driver packages"
        )));
    }
    if env.stdout("id", &["-u"]).as_deref().map(str::trim) != Some("0") {
        return Err(Failure::Missing(format!(
            "{CHROMIUM} or {CHROMEDRIVER} is missing and installing needs root; run as root: {fix}"
        )));
    }
    println!("installing chromium and chromium-driver with apt-get (a few minutes)…");
    timed("installing chromium", || {
        run(
            "apt-get update",
            env.command("apt-get")
                .arg("update")
                .env("DEBIAN_FRONTEND", "noninteractive"),
        )?;
        run(
            "apt-get install",
            env.command("apt-get")
                .args(["install", "-y", "chromium", "chromium-driver"])
                .env("DEBIAN_FRONTEND", "noninteractive"),
        )
    })?;
    if Path::new(CHROMIUM).is_file() && Path::new(CHROMEDRIVER).is_file() {
        Ok(())
    } else {
        Err(Failure::Failed(format!(
            "apt-get finished but {CHROMIUM} or {CHROMEDRIVER} is still missing"
        )))
    }
}

fn timed(what: &str, f: impl FnOnce() -> Result<(), Failure>) -> Result<(), Failure> {
    let started = Instant::now();
    f()?;
    println!("    {what}: done in {}", human(started.elapsed()));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::reports_version;

    #[test]
    fn versions_match_whole_words_only() {
        assert!(reports_version("trunk 0.21.14", "0.21.14"));
        assert!(reports_version("wasm-bindgen 0.2.130", "0.2.130"));
        assert!(reports_version("tool v0.2.130 (abc)", "0.2.130"));
        assert!(!reports_version("trunk 0.21.140", "0.21.14"));
        assert!(!reports_version("wasm-bindgen 0.2.13", "0.2.130"));
    }

    #[test]
    fn pins_match_the_trunk_config() {
        let toml = include_str!("../../calculator/Trunk.toml");
        assert!(
            toml.contains(&format!("\"={}\"", super::TRUNK)),
            "trunk-version pin"
        );
        assert!(toml.contains(&format!("wasm_bindgen = \"{}\"", super::WASM_BINDGEN)));
        assert!(toml.contains(&format!("version_{}", super::BINARYEN)));
        let cargo = include_str!("../../calculator/Cargo.toml");
        let crate_pin = format!("wasm-bindgen = \"={}\"", super::WASM_BINDGEN);
        assert!(
            cargo.contains(&crate_pin),
            "the wasm-bindgen crate must be pinned like the CLI"
        );
    }
}
