//! The release's dry run, as `cargo xtask test` and the release workflow run it: every artifact
//! a registry would serve is built and installed exactly as a user of that registry installs
//! it, in a fresh place under `target/release-check/`, and each install scores the same
//! example ([`EXAMPLE`]) and must print the same JSON as the others:
//!
//! - **crates** (`cargo package` of [`CRATES`], the publish dry run) → each `.crate` unpacked →
//!   `cargo test` inside each unpacked crate (its tests read only what it packages) →
//!   `cargo install` of the command line's unpacked crate, with its pickanumber dependencies
//!   patched to the other unpacked crates: what crates.io would resolve them to;
//! - **sdist** (`maturin sdist`) → `pip wheel` of it in a fresh build environment (pip fetches
//!   maturin as PyPI's users' pip does) → that **wheel** (abi3) installed into a fresh venv;
//! - **npm**: the package folder → `npm pack` → the tarball installed into a fresh Node project
//!   and imported by Node, and bundled for a browser by esbuild;
//! - **git routes** from a bare clone of the checkout's `HEAD`: `cargo install --git file://…`
//!   and `pip install "git+file://…#subdirectory=site/python"`;
//! - **the npm line from a clone**: a clone made inside a fresh project, the packed package where
//!   `cargo xtask package npm` writes it, then the documented line run in the project; the
//!   clone's `git status` must stay empty.
//!
//! Every build's binaries and libraries land in one folder of their own
//! (`target/release-check-target`), so none replaces a binary of the workspace's that another
//! step is running; what cargo compiles on the way (each registry crate, each build script) goes
//! to the workspace's build folder ([`share_build`]), so a registry crate the tests or the install
//! already compiled with the same settings is compiled once for the whole run. A second run
//! rebuilds only what changed; the artifacts themselves are made afresh each run.

use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::Value;

use crate::env::{failed, human, step, Context, Env, Failure};

/// The crates published to crates.io, each after the ones it depends on; the last is the
/// command line (`cargo install pickanumber-cli` installs `pickanumber`).
pub const CRATES: [&str; 7] = [
    "pickanumber-text",
    "pickanumber-score",
    "pickanumber-rubric",
    "pickanumber-instruments",
    "pickanumber-result-view",
    "pickanumber-result",
    "pickanumber-cli",
];

/// The example every install scores: the README's and the calculator's.
pub const EXAMPLE: &str = "examples/cua-bench-gui.txt";

/// The folder of the fresh places, below the target folder.
const DIR: &str = "release-check";

/// `cmd` (a cargo or pip build) with the workspace's build folder as its own (cargo's
/// `build.build-dir`), so it reuses what the workspace's steps compiled.
fn share_build<'a>(env: &Env, cmd: &'a mut std::process::Command) -> &'a mut std::process::Command {
    cmd.env("CARGO_BUILD_BUILD_DIR", env.target())
}

/// The workspace's profile for dependencies in development builds, which an unpacked crate (a
/// workspace of its own, without ours) would not have: its tests then reuse the dependencies
/// the workspace's tests compiled.
const DEV_DEPENDENCIES: [&str; 2] = [
    "--config",
    "profile.dev.package.\"*\".debug=\"line-tables-only\"",
];

/// Runs the whole dry run; the lines it returns say what each route took.
pub fn check(env: &Env) -> Result<Vec<String>, Failure> {
    let dir = env.target().join(DIR);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).context(dir.display())?;
    }
    std::fs::create_dir_all(&dir).context(dir.display())?;
    let shared = env.target().join("release-check-target");
    let example = env.repo.join(EXAMPLE);
    let mut lines = Vec::new();
    let mut outputs: Vec<(String, Value)> = Vec::new();

    let started = Instant::now();
    let cli = crates(env, &dir, &shared)?;
    let json = run_json(
        env.command(&cli, "score").arg(&example),
        "the packaged crates' CLI",
    )?;
    lines.push(format!(
        "crates: cargo package, cargo test in each unpacked crate, cargo install from the .crate files in {}",
        human(started.elapsed())
    ));
    outputs.push(("cargo install (.crate)".into(), json));

    let started = Instant::now();
    let (sdist, wheel) = python_dists(env, &dir, &shared)?;
    let python = fresh_venv(env, &dir.join("venv-wheel"))?;
    let mut pip = env.command(
        python.with_file_name("pip"),
        "install -q --disable-pip-version-check",
    );
    step("pip install the wheel, in a fresh venv", pip.arg(&wheel))?;
    outputs.push((
        "pip install (wheel)".into(),
        python_json(env, &python, &example)?,
    ));
    lines.push(format!(
        "python: {} ({} bytes) built into {} ({} bytes) and installed in {}",
        name(&sdist),
        size(&sdist),
        name(&wheel),
        size(&wheel),
        human(started.elapsed())
    ));

    let started = Instant::now();
    let tarball = npm_tarball(env, &dir)?;
    let json = node_json(env, &dir.join("node-project"), &tarball, &example)?;
    outputs.push(("npm install (tarball)".into(), json));
    lines.push(format!(
        "npm: {} ({} bytes) installed, imported and bundled in {}",
        name(&tarball),
        size(&tarball),
        human(started.elapsed())
    ));

    let started = Instant::now();
    let bare = dir.join("repo.git");
    let mut clone = env.command("git", "clone -q --bare");
    step(
        "git clone --bare (the git routes' remote)",
        clone.arg(&env.repo).arg(&bare),
    )?;
    let url = format!("file://{}", bare.display());
    let root = dir.join("git-cli");
    let mut install = env.command("cargo", "install --locked --quiet --git");
    install
        .arg(&url)
        .arg("pickanumber-cli")
        .arg("--root")
        .arg(&root);
    install.arg("--target-dir").arg(&shared);
    step(
        "cargo install --git file://… pickanumber-cli",
        share_build(env, &mut install),
    )?;
    let cli = root.join("bin/pickanumber");
    let json = run_json(
        env.command(&cli, "score").arg(&example),
        "the git route's CLI",
    )?;
    outputs.push(("cargo install --git".into(), json));
    let python = fresh_venv(env, &dir.join("venv-git"))?;
    let mut pip = env.command(
        python.with_file_name("pip"),
        "install -q --disable-pip-version-check",
    );
    pip.arg(format!("git+{url}#subdirectory=site/python"));
    pip.env("CARGO_TARGET_DIR", shared.join("python"));
    step(
        "pip install git+file://…#subdirectory=site/python",
        share_build(env, &mut pip),
    )?;
    outputs.push((
        "pip install git+file://".into(),
        python_json(env, &python, &example)?,
    ));
    lines.push(format!(
        "git routes: cargo and pip from a bare clone in {}",
        human(started.elapsed())
    ));

    let started = Instant::now();
    let json = npm_from_a_clone(env, &dir.join("npm-user"), &bare, &tarball, &example)?;
    outputs.push(("npm install from a clone".into(), json));
    lines.push(format!(
        "npm from a clone: installed into the project beside it, the clone left clean, in {}",
        human(started.elapsed())
    ));

    same(&outputs)?;
    lines.push(format!(
        "all {} installs print the same JSON for {EXAMPLE}",
        outputs.len()
    ));
    Ok(lines)
}

/// `cargo package` of [`CRATES`], each `.crate` unpacked into `dir/crates`, each unpacked
/// crate's tests run in it, then the command line installed from its unpacked crate with the
/// others patched in; the binary's path.
fn crates(env: &Env, dir: &Path, shared: &Path) -> Result<PathBuf, Failure> {
    // --no-verify: cargo's own check builds each crate from its package; the install below
    // builds them all from their unpacked packages, the same check once instead of twice.
    let mut package = env.command(
        "cargo",
        "package --quiet --allow-dirty --no-verify --target-dir",
    );
    package.arg(shared);
    for krate in CRATES {
        package.args(["-p", krate]);
    }
    step(
        "cargo package (the publish dry run of every crate)",
        &mut package,
    )?;
    let unpacked = dir.join("crates");
    std::fs::create_dir_all(&unpacked).context(unpacked.display())?;
    let mut patch = String::from("[patch.crates-io]\n");
    let mut cli = PathBuf::new();
    let mut paths = Vec::new();
    for krate in CRATES {
        let version = crate_version(env, krate)?;
        let file = shared.join(format!("package/{krate}-{version}.crate"));
        let mut tar = env.command("tar", "-xzf");
        step(
            &format!("unpack {krate}-{version}.crate"),
            tar.arg(&file).arg("-C").arg(&unpacked),
        )?;
        let path = unpacked.join(format!("{krate}-{version}"));
        paths.push((krate, path.clone()));
        if krate == "pickanumber-cli" {
            cli = path;
        } else {
            patch.push_str(&format!(
                "{krate} = {{ path = {:?} }}\n",
                path.display().to_string()
            ));
        }
    }
    let config = unpacked.join("patch.toml");
    std::fs::write(&config, patch).context(config.display())?;
    // Each crate's own tests, in its unpacked package: what a user who downloads the crate
    // can run. A test that reads a file the package lacks fails here, naming the crate. All
    // features: in the workspace a crate's tests turn on its features by a dev-dependency on
    // itself (`path = "."`), which `cargo package` leaves out as a path-only dependency.
    for (krate, path) in &paths {
        let mut test = env.command("cargo", "test --quiet --all-features --config");
        test.arg(&config).args(DEV_DEPENDENCIES);
        test.arg("--target-dir").arg(shared).current_dir(path);
        step(
            &format!("cargo test in the unpacked {krate}.crate"),
            share_build(env, &mut test),
        )?;
    }
    let root = dir.join("cli");
    let mut install = env.command("cargo", "install --locked --quiet --config");
    install
        .arg(&config)
        .arg("--path")
        .arg(&cli)
        .arg("--root")
        .arg(&root);
    install.arg("--target-dir").arg(shared);
    step(
        "cargo install --path <the unpacked pickanumber-cli.crate>",
        share_build(env, &mut install),
    )?;
    Ok(root.join("bin/pickanumber"))
}

/// The version in `site/<crate>/Cargo.toml` (the crate's folder is its name without
/// `pickanumber-`).
fn crate_version(env: &Env, krate: &str) -> Result<String, Failure> {
    let folder = krate.trim_start_matches("pickanumber-");
    let manifest = env.repo.join(format!("site/{folder}/Cargo.toml"));
    let text = std::fs::read_to_string(&manifest).context(manifest.display())?;
    super::npm::toml_string(&text, "version")
        .ok_or_else(|| failed(format!("{}: no version = \"…\" line", manifest.display())))
}

/// The sdist, and the wheel pip builds from it in an isolated build environment (the abi3
/// wheel a release ships for this platform).
fn python_dists(env: &Env, dir: &Path, shared: &Path) -> Result<(PathBuf, PathBuf), Failure> {
    let dist = dir.join("dist");
    std::fs::create_dir_all(&dist).context(dist.display())?;
    let sdist = super::python::sdist(env, &dist)?;
    let builder = fresh_venv(env, &dir.join("venv-build"))?;
    let mut pip = env.command(
        builder.with_file_name("pip"),
        "wheel -q --disable-pip-version-check --no-deps -w",
    );
    pip.arg(&dist)
        .arg(&sdist)
        .env("CARGO_TARGET_DIR", shared.join("python"));
    step(
        "pip wheel <the sdist> (Rust and Python only)",
        share_build(env, &mut pip),
    )?;
    let built = std::fs::read_dir(&dist).context(dist.display())?.flatten();
    let wheel = built.map(|e| e.path()).find(|p| name(p).ends_with(".whl"));
    let wheel = wheel.ok_or_else(|| failed("pip built no wheel from the sdist"))?;
    if !name(&wheel).contains("-abi3-") {
        return Err(failed(format!("{} is not an abi3 wheel", name(&wheel))));
    }
    Ok((sdist, wheel))
}

/// A new venv at `dir`; its `python`.
fn fresh_venv(env: &Env, dir: &Path) -> Result<PathBuf, Failure> {
    let mut venv = env.command("python3", "-m venv --clear");
    step(&format!("python3 -m venv {}", name(dir)), venv.arg(dir))?;
    Ok(dir.join("bin/python"))
}

/// What `pickanumber.analyse` of `example` gives in the venv of `python`, as JSON.
fn python_json(env: &Env, python: &Path, example: &Path) -> Result<Value, Failure> {
    let script = "import json, sys, pickanumber\n\
                  text = open(sys.argv[1], encoding='utf-8').read()\n\
                  print(json.dumps(pickanumber.analyse(text).to_dict()))";
    let mut run = env.command(python, "-c");
    run.arg(script)
        .arg(example)
        .current_dir(python.parent().unwrap_or(Path::new("/")));
    run_json(&mut run, "pickanumber.analyse in a fresh venv")
}

/// The npm package built and packed (`npm pack`, by `cargo xtask package npm`), copied into
/// `dir`: the tarball's path.
fn npm_tarball(env: &Env, dir: &Path) -> Result<PathBuf, Failure> {
    crate::tools::npm_tools(env)?;
    super::npm::build(env)?;
    let packed = env.repo.join(super::install::TARBALL);
    let tarball = dir.join(name(&packed));
    std::fs::copy(&packed, &tarball).context(packed.display())?;
    Ok(tarball)
}

/// The documented npm route from a clone, as a user runs it: the repository cloned (from
/// `bare`) into `project`, a fresh project of the user's; the packed package where `cargo
/// xtask package npm` writes it in the clone (`tarball`, this run's); then
/// [`super::install::NPM`] run in the project. The clone's `git status` must list nothing, and
/// the project's Node scores `example`: its JSON.
fn npm_from_a_clone(
    env: &Env,
    project: &Path,
    bare: &Path,
    tarball: &Path,
    example: &Path,
) -> Result<Value, Failure> {
    std::fs::create_dir_all(project).context(project.display())?;
    let manifest = "{ \"name\": \"users-project\", \"private\": true, \"type\": \"module\" }\n";
    std::fs::write(project.join("package.json"), manifest).context("package.json")?;
    let clone = project.join("pickanumber");
    let mut git = env.command("git", "clone -q");
    step(
        "git clone (the clone a user builds the npm package in)",
        git.arg(bare).arg(&clone),
    )?;
    let packed = clone.join(super::install::TARBALL);
    std::fs::create_dir_all(packed.parent().unwrap_or(&clone)).context(packed.display())?;
    std::fs::copy(tarball, &packed).context(packed.display())?;
    let mut install = env.command("sh", "-c");
    install
        .arg(super::install::NPM)
        .env("npm_config_audit", "false")
        .env("npm_config_fund", "false")
        .current_dir(project);
    step(
        &format!(
            "{} (in the project the clone was made in)",
            super::install::NPM
        ),
        &mut install,
    )?;
    let status = env
        .command("git", "status --porcelain --untracked-files=all")
        .current_dir(&clone)
        .output()
        .context("git status in the clone")?;
    let changed = String::from_utf8_lossy(&status.stdout).into_owned();
    if !status.status.success() || !changed.trim().is_empty() {
        return Err(failed(format!(
            "`{}` changed the clone it was built in (git status --porcelain):\n{changed}",
            super::install::NPM
        )));
    }
    let script = "import { readFileSync } from \"node:fs\";\n\
                  import { analyse } from \"pickanumber\";\n\
                  console.log(JSON.stringify(analyse(readFileSync(process.argv[2], \"utf8\"))));\n";
    std::fs::write(project.join("score.mjs"), script).context("score.mjs")?;
    let mut node = env.command("node", "score.mjs");
    node.arg(example).current_dir(project);
    run_json(&mut node, "analyse in the project the clone was made in")
}

/// The tarball installed into a fresh Node project at `project` (with esbuild from the npm
/// registry, at the repository's pin), `analyse` of `example` run by Node, and the project
/// bundled for a browser by esbuild.
fn node_json(env: &Env, project: &Path, tarball: &Path, example: &Path) -> Result<Value, Failure> {
    std::fs::create_dir_all(project).context(project.display())?;
    let manifest = "{ \"name\": \"fresh\", \"private\": true, \"type\": \"module\" }\n";
    std::fs::write(project.join("package.json"), manifest).context("package.json")?;
    let script = "import { readFileSync } from \"node:fs\";\n\
                  import { analyse } from \"pickanumber\";\n\
                  console.log(JSON.stringify(analyse(readFileSync(process.argv[2], \"utf8\"))));\n";
    std::fs::write(project.join("score.mjs"), script).context("score.mjs")?;
    let page = "import { analyse } from \"pickanumber\";\n\
                document.body.textContent = JSON.stringify(analyse(\"+3 a\"));\n";
    std::fs::write(project.join("page.mjs"), page).context("page.mjs")?;
    let mut install = env.command("npm", "install --no-audit --no-fund --silent");
    let esbuild = format!("esbuild@{}", crate::tools::ESBUILD);
    install.arg(tarball).arg(&esbuild).current_dir(project);
    step(
        "npm install <the tarball> and esbuild in a fresh Node project",
        &mut install,
    )?;
    let mut bundle = env.command(
        project.join("node_modules/.bin/esbuild"),
        "page.mjs --bundle --format=esm --platform=browser --log-level=warning --outfile=page.js",
    );
    step(
        "esbuild --bundle --platform=browser (the package in a page)",
        bundle.current_dir(project),
    )?;
    let mut node = env.command("node", "score.mjs");
    node.arg(example).current_dir(project);
    run_json(&mut node, "analyse in a fresh Node project")
}

/// Runs `command` and reads its standard output as JSON.
fn run_json(command: &mut std::process::Command, what: &str) -> Result<Value, Failure> {
    let out = command.output().context(what)?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(failed(format!("{what}: {}; {}", out.status, err.trim())));
    }
    serde_json::from_slice(&out.stdout)
        .map_err(|e| failed(format!("{what} printed no JSON object: {e}")))
}

/// Fails unless every output equals the first, numbers compared by value (`76` and `76.0`
/// alike, since Python and JavaScript print whole floats their own way).
fn same(outputs: &[(String, Value)]) -> Result<(), Failure> {
    let Some((first_name, first)) = outputs.first() else {
        return Ok(());
    };
    let first = numbers(first);
    for (name, value) in &outputs[1..] {
        if numbers(value) != first {
            return Err(failed(format!(
                "{name} printed other JSON than {first_name}:\n{value}\n---\n{first}"
            )));
        }
    }
    Ok(())
}

/// `value` with every number as a float.
fn numbers(value: &Value) -> Value {
    match value {
        Value::Number(n) => n.as_f64().map_or(Value::Null, |f| serde_json::json!(f)),
        Value::Array(list) => Value::Array(list.iter().map(numbers).collect()),
        Value::Object(map) => {
            Value::Object(map.iter().map(|(k, v)| (k.clone(), numbers(v))).collect())
        }
        other => other.clone(),
    }
}

/// A path's file name.
fn name(p: &Path) -> String {
    p.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// A file's size in bytes (0 when it cannot be read).
fn size(p: &Path) -> u64 {
    std::fs::metadata(p).map_or(0, |m| m.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_agree_when_only_the_spelling_of_numbers_differs() {
        let cli = serde_json::json!({"final": 76, "interval": [50, 91], "mode": "pooled"});
        let py = serde_json::json!({"final": 76.0, "interval": [50.0, 91.0], "mode": "pooled"});
        let other = serde_json::json!({"final": 75, "interval": [50, 91], "mode": "pooled"});
        assert!(same(&[("cli".into(), cli.clone()), ("py".into(), py)]).is_ok());
        let err = same(&[("cli".into(), cli), ("npm".into(), other)]).unwrap_err();
        assert!(err.message.contains("npm printed other JSON than cli"));
    }

    /// The files under `dir` whose name ends with `.rs`.
    fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, out);
            } else if name(&path).ends_with(".rs") {
                out.push(path);
            }
        }
    }

    /// `path` with its `.` and `..` parts resolved by name, links not followed.
    fn lexical(path: &Path) -> PathBuf {
        let mut out = PathBuf::new();
        for part in path.components() {
            match part {
                std::path::Component::ParentDir => {
                    out.pop();
                }
                std::path::Component::CurDir => {}
                other => out.push(other),
            }
        }
        out
    }

    /// The length of the block `code` starts with (at its `{`), its braces counted in the
    /// code alone ([`crate::comments::code`]: not in literals or comments); `None` when it
    /// does not close.
    fn block_end(code: &str) -> Option<usize> {
        let mut depth = 0usize;
        for (i, byte) in crate::comments::code(code).into_iter().enumerate() {
            match byte {
                b'{' => depth += 1,
                b'}' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// `text` without its `#[cfg(test)]` items (each up to its closing brace, braces counted),
    /// so what follows a test module is still read.
    fn without_test_items(text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find("#[cfg(test)]") {
            out.push_str(&rest[..at]);
            let item = &rest[at..];
            let Some(open) = item.find(['{', ';']) else {
                return out;
            };
            if item.as_bytes()[open] == b';' {
                rest = &item[open + 1..];
                continue;
            }
            let end = open + block_end(&item[open..]).unwrap_or(item.len() - open);
            rest = &item[end..];
        }
        out.push_str(rest);
        out
    }

    #[test]
    fn a_test_module_hides_only_itself() {
        let text =
            "a\n#[cfg(test)]\nmod tests { fn f() { g(\"{x}\") } }\nb\n#[cfg(test)]\nuse x;\nc";
        assert_eq!(without_test_items(text), "a\n\nb\n\nc");
    }

    /// What the packages are built from (the published crates, the Python extension and the
    /// npm core) compiles from its own folder: no build script, and no `include_str!`,
    /// `include_bytes!` or `#[path]` in its sources names a file outside it, so editing the
    /// site (content/layout.toml, static/, examples/) cannot change their output. The
    /// published crates are read whole, their test modules included, since their tests run
    /// from the unpacked `.crate`; the Python extension and the npm core are built and tested
    /// from the repository only, so their test modules may read its examples (and whatever
    /// follows a test module is read).
    #[test]
    fn the_packages_sources_stay_inside_their_crates() {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let folders = CRATES.map(|k| k.trim_start_matches("pickanumber-").to_string());
        let mut checked = 0;
        for folder in folders.iter().map(String::as_str).chain(["python", "npm"]) {
            let root = repo.join("site").join(folder);
            assert!(
                !root.join("build.rs").exists(),
                "site/{folder} has a build script"
            );
            let mut files = Vec::new();
            sources(&root.join("src"), &mut files);
            for file in files {
                let whole = std::fs::read_to_string(&file).unwrap();
                let text = if ["python", "npm"].contains(&folder) {
                    without_test_items(&whole)
                } else {
                    whole
                };
                for macro_ in ["include_str!(\"", "include_bytes!(\"", "#[path = \""] {
                    for (at, _) in text.match_indices(macro_) {
                        let rest = &text[at + macro_.len()..];
                        let target = &rest[..rest.find('"').unwrap()];
                        // By the path's own `..`s: a link inside the crate to a file outside
                        // it (or the other way round) is judged by where the path points.
                        let resolved = lexical(&file.parent().unwrap().join(target));
                        let inside = lexical(&root);
                        assert!(
                            resolved.starts_with(&inside),
                            "{}: {macro_}{target}\" is outside site/{folder}",
                            file.display()
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(
            checked >= 1,
            "no include found: is the scan reading the sources?"
        );
    }

    #[test]
    fn a_test_module_is_left_out_whole_whatever_braces_its_literals_hold() {
        let code = concat!(
            "fn kept() {}\n#[cfg(test)]\nmod tests {\n",
            "    const A: &str = \"\\\"}\\n\"; // a } in a comment\n",
            "    const B: &str = r#\"{\"path\": {}}}\"#;\n",
            "    const C: char = '}';\n",
            "    fn t() { let _ = include_str!(\"../../x\"); }\n",
            "}\nfn also_kept() {}\n"
        );
        assert_eq!(
            without_test_items(code),
            "fn kept() {}\n\nfn also_kept() {}\n"
        );
    }

    #[test]
    fn every_published_crate_is_in_the_workspace_and_publishable() {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        for krate in CRATES {
            let folder = krate.trim_start_matches("pickanumber-");
            let text = std::fs::read_to_string(repo.join(format!("site/{folder}/Cargo.toml")))
                .unwrap_or_else(|e| panic!("{krate}: {e}"));
            assert!(text.contains(&format!("name = \"{krate}\"")), "{krate}");
            assert!(
                text.contains("publish = true"),
                "{krate} is not publishable"
            );
        }
    }
}

#[cfg(test)]
mod packaged {
    use super::CRATES;
    use std::path::{Path, PathBuf};

    /// What a test writes to reach a file outside its own crate.
    const OUTSIDE: [&str; 5] = [
        "include_str!(\"../../",
        "include_bytes!(\"../../",
        "\"/../",
        "join(\"../",
        "join(\"..\")",
    ];

    fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// The quick form of the dry run's `cargo test` in each unpacked crate: every test and
    /// bench file a published crate packages reads only files inside the crate (a check that
    /// needs the repository is in the manifest's `exclude`), and the crate carries LICENSE.
    #[test]
    fn published_crates_test_only_what_they_package() {
        let site = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut found = Vec::new();
        for krate in CRATES {
            let dir = site.join(krate.trim_start_matches("pickanumber-"));
            let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
            let excluded: Vec<&str> = manifest
                .lines()
                .filter_map(|l| l.strip_prefix("exclude = ["))
                .flat_map(|l| l.split('"').skip(1).step_by(2))
                .collect();
            assert!(
                std::fs::read(dir.join("LICENSE")).is_ok_and(|b| !b.is_empty()),
                "{krate}: no LICENSE in the crate's folder (link ../../LICENSE)"
            );
            let mut files = Vec::new();
            rust_files(&dir.join("tests"), &mut files);
            rust_files(&dir.join("benches"), &mut files);
            for file in files {
                let rel = file
                    .strip_prefix(&dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                if excluded.contains(&rel.as_str()) {
                    continue;
                }
                let text = std::fs::read_to_string(&file).unwrap();
                for (n, line) in text.lines().enumerate() {
                    if OUTSIDE.iter().any(|p| line.contains(p)) {
                        found.push(format!("{krate}: {rel}:{}: {}", n + 1, line.trim()));
                    }
                }
            }
        }
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}
