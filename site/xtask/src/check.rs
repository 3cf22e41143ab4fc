//! `cargo xtask test`: every check, in order, stopping at the first that fails.

use std::collections::BTreeMap;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
use std::time::Instant;

use crate::env::{beside, failed, human, logged, output, step, wait, Context, Env, Failure};
use crate::package::{python, release};
use crate::pipeline::{self, DIST, SUBPATH, SUBPATH_DIST};
use crate::tools;

/// The cargo steps after the tools' install, in order: what passed, then cargo's arguments. The
/// islands crate (Leptos, built for the browser by trunk) has no tests of its own: what it
/// decides without a browser lives in crates without Leptos (the share links' words in
/// `pickanumber-share-link`, the `## Pass:` scan in the formula crate), tested there. The unit
/// tests are the native crates' but the published ones ([`UNIT_TESTS`]). The formula crate
/// without its `combine` feature (as the wasm calculator builds it) has its own step.
pub const CARGO_STEPS: &str = "
fmt | fmt --all --check
clippy | clippy --workspace --exclude pickanumber-islands --all-targets -- -D warnings
clippy wasm | clippy -p pickanumber-islands -p pickanumber-calculator-on-demand -p pickanumber-rubric-reader --target wasm32-unknown-unknown -- -D warnings
unit tests | UNIT_TESTS
formula crate without combine | test -p pickanumber-score --no-default-features --test without_combine";

/// The unit tests' cargo arguments: the workspace without the crates the browser, trunk or
/// maturin build, and without the published crates ([`release::CRATES`]), whose tests the
/// release dry run runs inside each unpacked `.crate` (what a user who downloads it can run):
/// run here too, each would be compiled and run twice.
const UNIT_TESTS: &str =
    "test --workspace --exclude pickanumber-islands --exclude pickanumber-browser-tests --exclude pickanumber-python";

/// Runs every check in order, stopping at the first that fails, and prints which passed. The
/// last check: the checkout is as the run found it.
pub fn test(env: &Env) -> Result<(), Failure> {
    let started = Instant::now();
    let mut passed = vec![];
    let before = checkout(env)?;
    let result = run_all(env, &mut passed).and_then(|()| {
        unchanged(&before, &checkout(env)?)?;
        passed.push("clean checkout");
        Ok(())
    });
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
    // The Python venv's pinned tools install from PyPI beside the tools' install and the Rust
    // build (pip mostly waits on the network; about a minute on a fresh machine, nothing once
    // stamped).
    println!("==> python venv: checking the pinned tools in the background");
    let venv = beside(python::ensure_venv);
    // wasm-bindgen and the npm tools are needed from the packages' builds on, trunk and
    // Chromium from the site's build on: they install beside the first checks (trunk below their
    // priority), each group's output in its log under target/.
    std::fs::create_dir_all(env.target()).context(env.target().display())?;
    let log = |name: &str, what: &str| {
        let log = env.target().join(name);
        let shown = log.display();
        println!("==> {what}: checking them in the background (output in {shown})");
        std::fs::write(&log, "").context(shown).map(|()| log)
    };
    let packages = log("tools-for-packages.log", "tools for the packages")?;
    let for_packages = beside(move |env| tools::for_packages(env, Some(&packages)));
    let what = "tools for the build and the browser tests";
    let build = log("tools-for-build.log", what)?;
    let for_build = beside(move |env| tools::for_build(env, true, Some(&build)));
    tools::for_checks(env, true)?;
    passed.push("tools");
    let published = release::CRATES.map(|krate| format!("--exclude {krate}"));
    let unit_tests = format!("{UNIT_TESTS} {}", published.join(" "));
    for line in CARGO_STEPS.trim().lines() {
        let row = format!("check::CARGO_STEPS: the row `{line}` is not `what | cargo arguments`");
        let (what, args) = line.split_once(" | ").ok_or_else(|| failed(row))?;
        env.cargo(&args.replace("UNIT_TESTS", &unit_tests))?;
        passed.push(what);
    }
    // The Python package's tests run beside the install check and the site's build (the CLI
    // they compare with is built by now; npm ci, when promptfoo is missing, finishes first,
    // since the build runs tools from node_modules).
    println!("==> tools for the packages: waiting for them");
    wait(for_packages, "the tools' thread")?;
    // promptfoo and TypeScript for the npm package's tests and the skills CLI, before the Python tests start
    // using node_modules (an npm ci here replaces it).
    crate::package::node::tools(env)?;
    // The npm package before the Python tests start: their differential test of the judge loop
    // runs every panel through it too.
    crate::package::npm::build(env)?;
    println!("==> python package: pip install ./site/python and pytest, in the background (output in target/python-test.log)");
    let python = beside(move |env| {
        let venv = wait(venv, "the python venv's thread")?;
        python::test(env).map(|done| [vec![venv], done].concat())
    });
    // The install line the README and the home page give, into a throwaway root.
    env.cargo("install --locked --path site/cli --root target/install-test")?;
    let installed = env.repo.join("target/install-test/bin/pickanumber");
    let what = "pickanumber --version (the installed binary)";
    step(what, &mut env.command(installed, "--version"))?;
    passed.push("install");
    crate::package::node::test(env)?;
    passed.push("npm package");
    // The agent skills, installed from a clone by the pinned skills CLI (node::tools put it in
    // node_modules), their scripts against the CLI just built.
    crate::skills::test(env)?;
    passed.push("skills");
    println!("==> tools for the build and the browser tests: waiting for them");
    wait(for_build, "the tools' thread")?;
    pipeline::build(env, None)?;
    pipeline::pages(env, SUBPATH_DIST, &["--base-url", SUBPATH])?;
    passed.push("build");
    println!("==> python package: waiting for its tests");
    for line in wait(python, "the python tests' thread")? {
        println!("    {line}");
    }
    passed.push("python package");
    // The browser tests' binary is built while cargo is free: the release's dry run, started
    // next, holds cargo's build folder for minutes at a time.
    let browser = browser_tests(env)?;
    // The release's dry run (each artifact installed as its registry's users install it) runs
    // beside the examples and the browser tests, below their priority (`nice`): their waits on
    // the browser leave a core idle that it takes. Its output goes to its log.
    let log = env.target().join("release-check.log");
    std::fs::write(&log, "").context(log.display())?;
    println!(
        "==> release dry run: crates, sdist and wheel, npm tarball, git routes, in the background (output in {})",
        log.display()
    );
    let xtask = std::env::current_exe().context("the running xtask")?;
    let mut check = env.command("nice", "-n 10");
    check.arg(xtask).args(["release-check", "--npm-packed"]);
    let release = {
        let log = log.clone();
        beside(move |_| logged("release dry run", &mut check, &log))
    };
    // The README's and the docs' examples, with the venv and the npm package just tested; then
    // the browser tests. When either fails, the dry run is still waited for, and its failure
    // reported too.
    let mut beside_release = || -> Result<(), Failure> {
        println!("==> examples of the README and docs/*.md");
        crate::examples::run(env, false)?;
        passed.push("examples");
        let mut run = env.command(&browser, "--test-threads=1");
        run.current_dir(env.repo.join("site/browser-tests"));
        run.env("PICKANUMBER_DIST", env.repo.join(DIST));
        run.env("PICKANUMBER_SUBPATH", SUBPATH);
        run.env("PICKANUMBER_SUBPATH_DIST", env.repo.join(SUBPATH_DIST));
        step(
            "the browser tests, one at a time (headless Chromium)",
            &mut run,
        )?;
        passed.push("browser tests");
        Ok(())
    };
    let tested = beside_release();
    println!("==> release dry run: waiting for it");
    let released = wait(release, "the release dry run's thread");
    tested?;
    let done = released?;
    // What each route took and that all printed the same JSON: the indented lines after the
    // log's last heading, which `release-check` prints before them.
    let text = std::fs::read_to_string(&log).context(log.display())?;
    let last = text.rfind("\n==> ").map_or(0, |at| at + 1);
    let summary = text[last..]
        .lines()
        .skip(1)
        .filter(|l| l.starts_with("    "));
    for line in summary.chain(std::iter::once(done.as_str())) {
        println!("    {}", line.trim());
    }
    passed.push("release dry run");
    Ok(())
}

/// The browser tests' binary (`tests/browser/`), built by `cargo test --no-run`: its path, from
/// cargo's JSON messages. The crate's own unit tests and doc tests, which need no browser and
/// no site, run first: the unit-test step leaves the crate out.
fn browser_tests(env: &Env) -> Result<std::path::PathBuf, Failure> {
    env.cargo("test -p pickanumber-browser-tests --lib")?;
    env.cargo("test -p pickanumber-browser-tests --doc")?;
    let args = "test -p pickanumber-browser-tests --test browser --no-run --message-format=json";
    let what = format!("cargo {args}");
    println!("==> {what}");
    let json = output(&what, &mut env.command("cargo", args))?;
    let messages = json
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok());
    let executable = messages
        .filter_map(|m| m["executable"].as_str().map(str::to_owned))
        .next_back();
    executable
        .map(Into::into)
        .ok_or_else(|| failed(format!("{what} named no test binary")))
}

/// What `git status --porcelain` lists, each path with its status and a hash of its content
/// (`None` for a path that is not a readable file); `None` outside a git checkout.
type Checkout = Option<BTreeMap<String, (String, Option<u64>)>>;

/// The checkout's changes as `git status --porcelain -z --untracked-files=all` lists them.
///
/// # Errors
/// When git is installed but cannot list them.
fn checkout(env: &Env) -> Result<Checkout, Failure> {
    let inside = env.probe("git", &["rev-parse", "--is-inside-work-tree"]);
    if inside.as_deref() != Some("true") {
        return Ok(None);
    }
    let args = "status --porcelain=v1 -z --untracked-files=all";
    let out = output(&format!("git {args}"), &mut env.command("git", args))?;
    let mut listed = BTreeMap::new();
    for (status, path) in porcelain(&out) {
        let content = std::fs::read(env.repo.join(path)).ok();
        let hash =
            content.map(|bytes| BuildHasherDefault::<DefaultHasher>::default().hash_one(bytes));
        listed.insert(path.to_owned(), (status.to_owned(), hash));
    }
    Ok(Some(listed))
}

/// The `(status, path)` entries of `git status --porcelain=v1 -z`: `XY path`, each ended by
/// NUL; a rename or copy is followed by its source path, which is skipped.
fn porcelain(text: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut fields = text.split('\0').filter(|f| !f.is_empty());
    while let Some(entry) = fields.next() {
        let (status, path) = entry.split_at(entry.len().min(2));
        if status.contains(['R', 'C']) {
            fields.next();
        }
        out.push((status, path.get(1..).unwrap_or("")));
    }
    out
}

/// Fails naming every path whose status or content differs between the two listings.
fn unchanged(before: &Checkout, after: &Checkout) -> Result<(), Failure> {
    let (Some(before), Some(after)) = (before, after) else {
        println!("==> clean checkout: not a git checkout, not checked");
        return Ok(());
    };
    let mut changed = Vec::new();
    for (path, now) in after {
        match before.get(path) {
            None => changed.push(format!("{path} ({})", now.0.trim())),
            Some(was) if was != now => changed.push(format!("{path} (changed during the run)")),
            Some(_) => {}
        }
    }
    for path in before.keys().filter(|p| !after.contains_key(*p)) {
        changed.push(format!("{path} (restored or removed during the run)"));
    }
    if changed.is_empty() {
        println!("==> clean checkout: git status --porcelain is as the run found it");
        return Ok(());
    }
    Err(failed(format!(
        "cargo xtask test changed the checkout (git status --porcelain): {}; a step must not write into the repository",
        changed.join(", ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn porcelain_entries_are_read_with_renames_and_spaces() {
        let text = " M package-lock.json\0?? new file.txt\0R  to.rs\0from.rs\0";
        let listed = [
            (" M", "package-lock.json"),
            ("??", "new file.txt"),
            ("R ", "to.rs"),
        ];
        assert_eq!(porcelain(text), listed);
    }

    #[test]
    fn a_file_the_run_changed_is_named() {
        let listing = |entries: &[(&str, &str, u64)]| -> Checkout {
            let entry = |&(path, status, hash): &(&str, &str, u64)| {
                (path.into(), (status.into(), Some(hash)))
            };
            Some(entries.iter().map(entry).collect())
        };
        let before = listing(&[("README.md", " M", 1)]);
        assert!(unchanged(&before, &before).is_ok());
        let after = listing(&[("README.md", " M", 2), ("package-lock.json", " M", 3)]);
        assert_eq!(
            unchanged(&before, &after).unwrap_err().message,
            "cargo xtask test changed the checkout (git status --porcelain): README.md (changed during the run), package-lock.json (M); a step must not write into the repository"
        );
        assert!(unchanged(&None, &after).is_ok());
    }
}
