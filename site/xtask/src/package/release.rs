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
//! step is running; what cargo compiles on the way (each registry crate, each build script)
//! goes to the workspace's build folder ([`Run::share_build`]), so a registry crate the tests
//! or the install already compiled with the same settings is compiled once for the whole run.
//! A second run rebuilds only what changed; the artifacts themselves are made afresh each run.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

use super::install::{NPM, TARBALL};
use crate::env::{failed, human, output, step, Context, Env, Failure};

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

/// The workspace's development profile, which an unpacked crate (a workspace of its own,
/// without ours) would not have: its tests then reuse the dependencies the workspace's tests
/// compiled, and compile as fast.
const DEV_PROFILE: [&str; 2] = ["--config", "profile.dev.debug=\"line-tables-only\""];

/// The Node script that prints `analyse` of the file it is given, as JSON.
const SCORE_MJS: &str = "import { readFileSync } from \"node:fs\";\n\
                         import { analyse } from \"pickanumber\";\n\
                         console.log(JSON.stringify(analyse(readFileSync(process.argv[2], \"utf8\"))));\n";

/// One run: its fresh folder under `target/release-check/`, the build folder every route's
/// binaries land in (`target/release-check-target`), so none replaces a binary of the
/// workspace's that another step is running, and what the routes printed and took so far.
struct Run<'a> {
    env: &'a Env,
    dir: PathBuf,
    shared: PathBuf,
    example: PathBuf,
    outputs: Vec<(&'static str, Value)>,
    lines: Vec<String>,
    clock: Instant,
}

/// Runs the whole dry run; the lines it returns say what each route took. With `packed`, the
/// npm package is the one already packed at [`TARBALL`] (`cargo xtask test` builds it before
/// from the same checkout, and its examples read the package folder while this runs);
/// otherwise it is built afresh.
pub fn check(env: &Env, packed: bool) -> Result<Vec<String>, Failure> {
    let dir = env.target().join("release-check");
    super::npm::fresh(&dir)?;
    let mut run = Run {
        env,
        dir: dir.clone(),
        shared: env.target().join("release-check-target"),
        example: env.repo.join(EXAMPLE),
        outputs: Vec::new(),
        lines: Vec::new(),
        clock: Instant::now(),
    };
    let cli = run.crates()?;
    run.score_cli("cargo install (.crate)", &cli)?;
    run.took("crates: cargo package, cargo test in each unpacked crate, cargo install from the .crate files");

    let (sdist, wheel) = run.python_dists()?;
    run.score_venv("pip install <the wheel>", "venv-wheel", wheel.as_ref())?;
    let (sdist, wheel) = (sized(&sdist), sized(&wheel));
    run.took(&format!("python: {sdist} built into {wheel} and installed"));

    if !packed {
        crate::tools::npm_tools(env, None)?;
        super::npm::build(env)?;
    }
    let tarball = dir.join(name(Path::new(TARBALL)));
    let built = env.repo.join(TARBALL);
    std::fs::copy(&built, &tarball).context(built.display())?;
    run.node_json(&tarball)?;
    let packed = sized(&tarball);
    run.took(&format!("npm: {packed} installed, imported and bundled"));

    let bare = dir.join("repo.git");
    let mut clone = env.command("git", "clone -q --bare");
    let what = "git clone --bare (the git routes' remote)";
    step(what, clone.arg(&env.repo).arg(&bare))?;
    let url = format!("file://{}", bare.display());
    let mut install = env.command("cargo", "install --locked --quiet --git");
    install.arg(&url).arg("pickanumber-cli");
    let what = "cargo install --git file://… pickanumber-cli";
    let cli = run.install(what, install, "git-cli")?;
    run.score_cli("cargo install --git", &cli)?;
    let source = format!("git+{url}#subdirectory=site/python");
    let route = "pip install git+file://…#subdirectory=site/python";
    run.score_venv(route, "venv-git", source.as_ref())?;
    run.took("git routes: cargo and pip from a bare clone");

    run.npm_from_a_clone(&bare, &tarball)?;
    run.took("npm from a clone: installed into the project beside it, the clone left clean,");

    same(&run.outputs)?;
    let n = run.outputs.len();
    run.lines.push(format!(
        "all {n} installs print the same JSON for {EXAMPLE}"
    ));
    Ok(run.lines)
}

impl Run<'_> {
    /// Runs `command` (the route's last step) and keeps its standard output, as JSON, to compare
    /// with the other routes'.
    fn score(&mut self, route: &'static str, command: &mut Command) -> Result<(), Failure> {
        let json = serde_json::from_str(&output(route, command)?);
        let json = json.map_err(|e| failed(format!("{route} printed no JSON object: {e}")))?;
        self.outputs.push((route, json));
        Ok(())
    }

    /// Adds the line `what in <the time since the last line>`.
    fn took(&mut self, what: &str) {
        let took = human(std::mem::replace(&mut self.clock, Instant::now()).elapsed());
        self.lines.push(format!("{what} in {took}"));
    }

    /// `cmd` (a cargo or pip build) with the workspace's build folder as its own (cargo's
    /// `build.build-dir`), so what cargo compiles on the way (each registry crate, each build
    /// script) is compiled once for the whole run, and a second run rebuilds only what changed.
    fn share_build<'c>(&self, cmd: &'c mut Command) -> &'c mut Command {
        cmd.env("CARGO_BUILD_BUILD_DIR", self.env.target())
    }

    /// `cargo package` of [`CRATES`], each `.crate` unpacked into `crates/`, each unpacked
    /// crate's tests run in it, then the command line installed from its unpacked crate with
    /// the others patched in (what crates.io would resolve them to); the binary's path.
    fn crates(&self) -> Result<PathBuf, Failure> {
        let (env, shared) = (self.env, &self.shared);
        // --no-verify: cargo's own check builds each crate from its package; the install below
        // builds them all from their unpacked packages, the same check once instead of twice.
        let args = "package --quiet --allow-dirty --no-verify --target-dir";
        let mut package = env.command("cargo", args);
        package.arg(shared);
        for krate in CRATES {
            package.args(["-p", krate]);
        }
        let what = "cargo package (the publish dry run of every crate)";
        step(what, &mut package)?;
        let unpacked = self.dir.join("crates");
        std::fs::create_dir_all(&unpacked).context(unpacked.display())?;
        let mut patch = String::from("[patch.crates-io]\n");
        let mut paths = Vec::new();
        for krate in CRATES {
            let version = crate_version(env, krate)?;
            let file = shared.join(format!("package/{krate}-{version}.crate"));
            let mut tar = env.command("tar", "-xzf");
            let what = format!("unpack {krate}-{version}.crate");
            step(&what, tar.arg(&file).arg("-C").arg(&unpacked))?;
            let path = unpacked.join(format!("{krate}-{version}"));
            if krate != "pickanumber-cli" {
                let path = path.display().to_string();
                patch.push_str(&format!("{krate} = {{ path = {path:?} }}\n"));
            }
            paths.push((krate, path));
        }
        let config = unpacked.join("patch.toml");
        std::fs::write(&config, patch).context(config.display())?;
        // Each crate's own tests, in its unpacked package: what a user who downloads the crate
        // can run. A test that reads a file the package lacks fails here, naming the crate. All
        // features: in the workspace a crate's tests turn on its features by a dev-dependency
        // on itself (`path = "."`), which `cargo package` leaves out as a path-only dependency.
        for (krate, path) in &paths {
            let mut test = env.command("cargo", "test --quiet --all-features --config");
            test.arg(&config).args(DEV_PROFILE);
            test.arg("--target-dir").arg(shared).current_dir(path);
            let what = format!("cargo test in the unpacked {krate}.crate");
            step(&what, self.share_build(&mut test))?;
        }
        let mut install = env.command("cargo", "install --locked --quiet --config");
        let (_, cli) = paths.last().ok_or_else(|| failed("no crate to install"))?;
        install.arg(&config).arg("--path").arg(cli);
        let what = "cargo install --path <the unpacked pickanumber-cli.crate>";
        self.install(what, install, "cli")
    }

    /// `install` (a `cargo install`) into the fresh root `root`, building in the shared
    /// folders; the installed `pickanumber`.
    fn install(&self, what: &str, mut install: Command, root: &str) -> Result<PathBuf, Failure> {
        let root = self.dir.join(root);
        install.arg("--root").arg(&root);
        install.arg("--target-dir").arg(&self.shared);
        step(what, self.share_build(&mut install))?;
        Ok(root.join("bin/pickanumber"))
    }

    /// What the installed command line `cli` prints for `score` of the example.
    fn score_cli(&mut self, route: &'static str, cli: &Path) -> Result<(), Failure> {
        let mut score = self.env.command(cli, "score");
        self.score(route, score.arg(&self.example))
    }

    /// A new venv in `name`; its `python`.
    fn venv(&self, name: &str) -> Result<PathBuf, Failure> {
        let dir = self.dir.join(name);
        let mut venv = self.env.command("python3", "-m venv --clear");
        step(&format!("python3 -m venv {name}"), venv.arg(&dir))?;
        Ok(dir.join("bin/python"))
    }

    /// `pip args` of the venv of `python`, building where the workspace's steps build.
    fn pip(&self, python: &Path, args: &str) -> Command {
        let mut pip = self.env.command(python.with_file_name("pip"), args);
        pip.env("CARGO_TARGET_DIR", self.shared.join("python"));
        self.share_build(&mut pip);
        pip
    }

    /// The sdist, and the wheel pip builds from it in an isolated build environment (the abi3
    /// wheel a release ships for this platform; pip fetches maturin as PyPI's users' pip does).
    fn python_dists(&self) -> Result<(PathBuf, PathBuf), Failure> {
        let dist = self.dir.join("dist");
        std::fs::create_dir_all(&dist).context(dist.display())?;
        let sdist = super::python::sdist(self.env, &dist)?;
        let builder = self.venv("venv-build")?;
        let args = "wheel -q --disable-pip-version-check --no-deps -w";
        let mut pip = self.pip(&builder, args);
        let what = "pip wheel <the sdist> (Rust and Python only)";
        step(what, pip.arg(&dist).arg(&sdist))?;
        let built = std::fs::read_dir(&dist).context(dist.display())?.flatten();
        let wheel = built.map(|e| e.path()).find(|p| name(p).ends_with(".whl"));
        let wheel = wheel.ok_or_else(|| failed("pip built no wheel from the sdist"))?;
        if !name(&wheel).contains("-abi3-") {
            return Err(failed(format!("{} is not an abi3 wheel", name(&wheel))));
        }
        Ok((sdist, wheel))
    }

    /// `source` installed by pip (the step `what`) into a fresh venv `name`, and what
    /// `pickanumber.analyse` of the example gives there, as JSON.
    fn score_venv(
        &mut self,
        route: &'static str,
        name: &str,
        source: &OsStr,
    ) -> Result<(), Failure> {
        let python = self.venv(name)?;
        let mut pip = self.pip(&python, "install -q --disable-pip-version-check");
        step(&format!("{route}, in a fresh venv"), pip.arg(source))?;
        let script = "import json, sys, pickanumber\n\
                      text = open(sys.argv[1], encoding='utf-8').read()\n\
                      print(json.dumps(pickanumber.analyse(text).to_dict()))";
        let mut run = self.env.command(&python, "-c");
        run.arg(script).arg(&self.example);
        run.current_dir(self.dir.join(name));
        self.score(route, &mut run)
    }

    /// A fresh Node project in `name` (a `package.json` of its own and [`SCORE_MJS`]); its path.
    fn project(&self, name: &str) -> Result<PathBuf, Failure> {
        let project = self.dir.join(name);
        std::fs::create_dir_all(&project).context(project.display())?;
        let manifest =
            format!("{{ \"name\": \"{name}\", \"private\": true, \"type\": \"module\" }}\n");
        std::fs::write(project.join("package.json"), manifest).context("package.json")?;
        std::fs::write(project.join("score.mjs"), SCORE_MJS).context("score.mjs")?;
        Ok(project)
    }

    /// What `analyse` of the example gives when Node runs [`SCORE_MJS`] in `project`.
    fn score_node(&mut self, route: &'static str, project: &Path) -> Result<(), Failure> {
        let mut node = self.env.command("node", "score.mjs");
        self.score(route, node.arg(&self.example).current_dir(project))
    }

    /// The tarball installed into a fresh Node project (with esbuild from the npm registry, at
    /// the repository's pin), bundled for a browser by esbuild, and `analyse` of the example
    /// run by Node.
    fn node_json(&mut self, tarball: &Path) -> Result<(), Failure> {
        let project = self.project("node-project")?;
        let page = "import { analyse } from \"pickanumber\";\n\
                    document.body.textContent = JSON.stringify(analyse(\"+3 a\"));\n";
        std::fs::write(project.join("page.mjs"), page).context("page.mjs")?;
        let env = self.env;
        let mut install = env.command("npm", "install --no-audit --no-fund --silent");
        let esbuild = format!("esbuild@{}", crate::tools::ESBUILD);
        install.arg(tarball).arg(&esbuild).current_dir(&project);
        let what = "npm install <the tarball> and esbuild, in a fresh Node project";
        step(what, &mut install)?;
        let args = "page.mjs --bundle --format=esm --platform=browser --log-level=warning --outfile=page.js";
        let mut bundle = env.command(project.join("node_modules/.bin/esbuild"), args);
        let what = "esbuild --bundle --platform=browser (the package in a page)";
        step(what, bundle.current_dir(&project))?;
        let route = "npm install <the tarball>, in a fresh Node project";
        self.score_node(route, &project)
    }

    /// The documented npm route from a clone, as a user runs it: the repository cloned (from
    /// `bare`) into a fresh project of the user's; the packed package where `cargo xtask
    /// package npm` writes it in the clone (`tarball`, this run's); then [`NPM`] run in the
    /// project. The clone's `git status` must list nothing, and the project's Node scores the
    /// example: its JSON.
    fn npm_from_a_clone(&mut self, bare: &Path, tarball: &Path) -> Result<(), Failure> {
        let project = self.project("npm-user")?;
        let clone = project.join("pickanumber");
        let mut git = self.env.command("git", "clone -q");
        let what = "git clone (the clone a user builds the npm package in)";
        step(what, git.arg(bare).arg(&clone))?;
        let packed = clone.join(TARBALL);
        std::fs::create_dir_all(packed.parent().unwrap_or(&clone)).context(packed.display())?;
        std::fs::copy(tarball, &packed).context(packed.display())?;
        let mut install = self.env.command("sh", "-c");
        install.arg(NPM).current_dir(&project);
        let quiet = [("npm_config_audit", "false"), ("npm_config_fund", "false")];
        let what = format!("{NPM} (in the project the clone was made in)");
        step(&what, install.envs(quiet))?;
        let args = "status --porcelain --untracked-files=all";
        let mut status = self.env.command("git", args);
        let changed = output("git status in the clone", status.current_dir(&clone))?;
        if !changed.trim().is_empty() {
            return Err(failed(format!(
                "`{NPM}` changed the clone it was built in (git status --porcelain):\n{changed}"
            )));
        }
        let route = "npm install from a clone, in the project beside it";
        self.score_node(route, &project)
    }
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

/// Fails unless every output equals the first, numbers compared by value (`76` and `76.0`
/// alike, since Python and JavaScript print whole floats their own way).
fn same(outputs: &[(&'static str, Value)]) -> Result<(), Failure> {
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
    let name = p.file_name().unwrap_or_default();
    name.to_string_lossy().into_owned()
}

/// A file's name and size: `name (N bytes)` (0 when it cannot be read).
fn sized(p: &Path) -> String {
    let size = std::fs::metadata(p).map_or(0, |m| m.len());
    format!("{} ({size} bytes)", name(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_agree_when_only_the_spelling_of_numbers_differs() {
        let cli = serde_json::json!({"final": 76, "interval": [50, 91], "mode": "pooled"});
        let py = serde_json::json!({"final": 76.0, "interval": [50.0, 91.0], "mode": "pooled"});
        let other = serde_json::json!({"final": 75, "interval": [50, 91], "mode": "pooled"});
        assert!(same(&[("cli", cli.clone()), ("py", py)]).is_ok());
        let err = same(&[("cli", cli), ("npm", other)]).unwrap_err();
        assert!(err.message.contains("npm printed other JSON than cli"));
    }

    /// The files under `dir` whose name ends with `.rs`.
    fn sources(dir: &Path) -> impl Iterator<Item = PathBuf> {
        let files = walkdir::WalkDir::new(dir).into_iter().flatten();
        let rust = |p: &PathBuf| name(p).ends_with(".rs");
        files.map(|e| e.into_path()).filter(rust)
    }

    /// `path` with its `.` and `..` parts resolved by name, links not followed.
    fn lexical(path: &Path) -> PathBuf {
        let mut out = PathBuf::new();
        for part in path.components() {
            match part {
                std::path::Component::ParentDir => drop(out.pop()),
                std::path::Component::CurDir => {}
                other => out.push(other),
            }
        }
        out
    }

    /// `text` without its `#[cfg(test)]` items (each up to its closing brace, its braces
    /// counted in the code alone, [`crate::comments::code`]: not in literals or comments), so
    /// what follows a test module is still read.
    fn without_test_items(text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find("#[cfg(test)]") {
            out.push_str(&rest[..at]);
            let item = &rest[at..];
            let code = crate::comments::code(item);
            let mut depth = 0usize;
            let end = code.iter().position(|&byte| {
                match byte {
                    b'{' => depth += 1,
                    b'}' => depth = depth.saturating_sub(1),
                    b';' => return depth == 0,
                    _ => return false,
                }
                depth == 0
            });
            rest = end.map_or("", |end| &item[end + 1..]);
        }
        out.push_str(rest);
        out
    }

    #[test]
    fn a_test_item_is_left_out_whole_whatever_braces_its_literals_hold() {
        let text =
            "a\n#[cfg(test)]\nmod tests { fn f() { g(\"{x}\") } }\nb\n#[cfg(test)]\nuse x;\nc";
        assert_eq!(without_test_items(text), "a\n\nb\n\nc");
        let code = concat!(
            "fn kept() {}\n#[cfg(test)]\nmod tests {\n",
            "    const A: &str = \"\\\"}\\n\"; // a } in a comment\n",
            "    const B: &str = r#\"{\"path\": {}}}\"#;\n",
            "    const C: char = '}';\n",
            "    fn t() { let _ = include_str!(\"../../x\"); }\n",
            "}\nfn also_kept() {}\n"
        );
        let kept = "fn kept() {}\n\nfn also_kept() {}\n";
        assert_eq!(without_test_items(code), kept);
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
        let folders = CRATES.map(|k| k.trim_start_matches("pickanumber-"));
        let mut checked = 0;
        for folder in folders.into_iter().chain(["python", "npm"]) {
            let root = repo.join("site").join(folder);
            let build = root.join("build.rs");
            assert!(!build.exists(), "site/{folder} has a build script");
            for file in sources(&root.join("src")) {
                let mut text = std::fs::read_to_string(&file).unwrap();
                if ["python", "npm"].contains(&folder) {
                    text = without_test_items(&text);
                }
                for macro_ in ["include_str!(\"", "include_bytes!(\"", "#[path = \""] {
                    for (at, _) in text.match_indices(macro_) {
                        let rest = &text[at + macro_.len()..];
                        let target = &rest[..rest.find('"').unwrap()];
                        // By the path's own `..`s: a link inside the crate to a file outside
                        // it (or the other way round) is judged by where the path points.
                        let resolved = lexical(&file.parent().unwrap().join(target));
                        assert!(
                            resolved.starts_with(lexical(&root)),
                            "{}: {macro_}{target}\" is outside site/{folder}",
                            file.display()
                        );
                        checked += 1;
                    }
                }
            }
        }
        let none = "no include found: is the scan reading the sources?";
        assert!(checked >= 1, "{none}");
    }

    /// What a test writes to reach a file outside its own crate.
    const OUTSIDE: [&str; 5] = [
        "include_str!(\"../../",
        "include_bytes!(\"../../",
        "\"/../",
        "join(\"../",
        "join(\"..\")",
    ];

    /// The quick form of the dry run's `cargo test` in each unpacked crate: every published
    /// crate is in the workspace and publishable, carries LICENSE, and every test and bench
    /// file it packages reads only files inside the crate (a check that needs the repository
    /// is in the manifest's `exclude`).
    #[test]
    fn published_crates_test_only_what_they_package() {
        let site = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut found = Vec::new();
        for krate in CRATES {
            let dir = site.join(krate.trim_start_matches("pickanumber-"));
            let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
            assert!(manifest.contains(&format!("name = \"{krate}\"")), "{krate}");
            let publishable = manifest.contains("publish = true");
            assert!(publishable, "{krate} is not publishable");
            let excluded: Vec<&str> = manifest
                .lines()
                .filter_map(|l| l.strip_prefix("exclude = ["))
                .flat_map(|l| l.split('"').skip(1).step_by(2))
                .collect();
            let license = std::fs::read(dir.join("LICENSE")).is_ok_and(|b| !b.is_empty());
            let no_license = "no LICENSE in the crate's folder (link ../../LICENSE)";
            assert!(license, "{krate}: {no_license}");
            for file in sources(&dir.join("tests")).chain(sources(&dir.join("benches"))) {
                let rel = file.strip_prefix(&dir).unwrap().to_string_lossy();
                if excluded.contains(&&*rel) {
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
