//! The build: `cargo fetch`, then trunk builds the wasm, then the generator writes the pages.

use std::process::Command;
use std::time::Instant;

use crate::env::{failed, human, logged, step, Context, Env, Failure};

/// The base path of the sub-path copy the browser tests serve.
pub const SUBPATH: &str = "/pickanumber/";

/// The finished site.
pub const DIST: &str = "dist";
/// `cargo xtask serve`'s site: its pages load `/__dev/reload.js`, so it is never a release.
pub const DEV_DIST: &str = "target/serve-dist";
/// The copy under [`SUBPATH`] that a browser test serves there.
pub const SUBPATH_DIST: &str = "target/dist-subpath";
/// The calculator's glue and wasm (`site/islands/Trunk.toml` says so).
pub const CALC_DIST: &str = "target/islands-dist";

/// `cargo xtask build`: the tools (without the browser), fetch, wasm, then the pages into `dist/`.
pub fn build(env: &Env, base_url: Option<&str>) -> Result<(), Failure> {
    let started = Instant::now();
    crate::tools::install(env, false)?;
    env.cargo("fetch")?; // trunk's cargo then finds every crate it needs
    wasm(env)?;
    let base = base_url.map(|b| ["--base-url", b]);
    pages(env, DIST, base.as_ref().map_or(&[], |b| b))?;
    let (dist, took) = (env.repo.join(DIST), human(started.elapsed()));
    println!("built the site into {} in {took}", dist.display());
    Ok(())
}

/// The trunk builds, in order: each one's page (`<page>.html` in `site/islands`), the binary
/// whose glue and wasm are staged beside the calculator's, and what it builds.
const BUILDS: &str = "
index | - | the calculator's wasm
instruments | pickanumber-instruments | the probe and pairwise wasm
setup | pickanumber-setup-island | the setup page's wasm
calculator-on-demand | pickanumber-calculator-on-demand | the calculator's module loaded on first use
rubric-reader | pickanumber-rubric-reader | the setup page's rubric reader";

/// `trunk build --release` of the calculator into [`CALC_DIST`], then of the other builds:
/// the probe and pairwise islands (`instruments.html`), the setup page's island (`setup.html`)
/// the calculator's module loaded on first use (`calculator-on-demand.html`, the crate
/// `site/calculator-on-demand`) and the setup page's rubric reader (`rubric-reader.html`, the
/// crate `site/rubric-reader`), whose glue and wasm are staged beside the calculator's; last,
/// the wasm-split stamp ([`crate::stamp`]) of each staged wasm is set to its fixed value.
///
/// Two builds run at a time: cargo lets one compile at a time in the target folder, so while
/// one build's cargo runs, the other's wasm-bindgen, wasm-opt and esbuild passes (one core
/// each) run beside it. Each build's output goes to its own log (`target/trunk-<name>.log`),
/// whose end a failure shows.
pub fn wasm(env: &Env) -> Result<(), Failure> {
    let calculator = env.repo.join("site/islands");
    let remap = registry_remap(env);
    let row = |l: &'static str| l.split(" | ").collect::<Vec<_>>().try_into().ok();
    let builds: Vec<[&str; 3]> = BUILDS.lines().skip(1).filter_map(row).collect();
    if builds.len() + 1 != BUILDS.lines().count() {
        return Err(failed(
            "pipeline::BUILDS: a row is not `page | binary | what`",
        ));
    }
    // The calculator's into CALC_DIST, each other one into `target/<page>-dist`.
    let dist = |page: &str| match page {
        "index" => env.repo.join(CALC_DIST),
        page => env.repo.join(format!("target/{page}-dist")),
    };
    let next = std::sync::atomic::AtomicUsize::new(0);
    let run = || -> Result<(), Failure> {
        loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let Some([page, _, what]) = builds.get(i) else {
                return Ok(());
            };
            let mut c = env.command("trunk", &format!("build {page}.html --release --dist"));
            c.arg(dist(page)).current_dir(&calculator);
            if let Some(flags) = &remap {
                c.env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS", flags);
            }
            let log = env.target().join(format!("trunk-{page}.log"));
            std::fs::write(&log, "").context(log.display())?;
            let what = format!("trunk build {page}.html --release ({what})");
            println!("==> {what}, output in {}", log.display());
            println!("    {}", logged(&what, &mut c, &log)?);
        }
    };
    std::thread::scope(|scope| {
        let beside = scope.spawn(run);
        let here = run();
        let beside = beside
            .join()
            .unwrap_or_else(|_| Err(failed("a trunk build's thread panicked")));
        here.and(beside)
    })?;
    for [page, bin, _] in &builds[1..] {
        stage(env, &dist(page), bin)?;
    }
    crate::stamp::fix_all(&env.repo.join(CALC_DIST))
}

/// The wasm builds' rustflags that write the crates' sources as `/crates/…` instead of their
/// folder under this machine's cargo home. The wasm keeps the file names of a few panic
/// locations in dependencies; with the machine's path in them, its size (and so the budget test)
/// depended on where cargo's home is: `/root/.cargo` and a longer home differ by the length
/// difference, and the calculator's budget has less room than that to spare (the other
/// machine-dependent bytes are [`crate::stamp`]'s). `None` (no remap, sizes as before) when the
/// path has white space, which the flags variable cannot carry.
fn registry_remap(env: &Env) -> Option<String> {
    let sources = env.cargo_home.join("registry/src");
    let mut flags = Vec::new();
    for index in std::fs::read_dir(&sources).ok()?.flatten() {
        let path = index.path();
        let text = path.to_str()?;
        if text.contains(char::is_whitespace) {
            return None;
        }
        flags.push(format!("--remap-path-prefix={text}=/crates"));
    }
    Some(flags.join(" "))
}

/// Copies the glue and wasm of `bin` that trunk wrote into `built` beside the calculator's.
fn stage(env: &Env, built: &std::path::Path, bin: &str) -> Result<(), Failure> {
    let staged = std::fs::read_dir(built).context(built.display())?;
    for entry in staged.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let staged = name.ends_with(".js") || name.ends_with(".wasm");
        if staged && name.starts_with(bin) {
            std::fs::copy(entry.path(), env.repo.join(CALC_DIST).join(&name)).context(&name)?;
        }
    }
    Ok(())
}

/// The generator: markdown → `out`, with `extra` options (`--dev`, `--base-url /name/`), then
/// the boot module minified ([`crate::minify`]). The generator runs in the dev profile: its
/// pages are the same in either, and the tests have compiled its dependencies in that profile
/// already, where a release build would compile them all a second time.
pub fn pages(env: &Env, out: &str, extra: &[&str]) -> Result<(), Failure> {
    let mut cmd = env.command("cargo", "run -q -p pickanumber-render --");
    let what = format!("render the pages into {out} (pickanumber-render)");
    step(&what, folders(env, &mut cmd, out).args(extra))?;
    crate::minify::boot(env, out)
}

/// Adds the generator's `--root`, `--out` (`out`, below the repository or absolute) and `--calc`.
pub fn folders<'a>(env: &Env, cmd: &'a mut Command, out: &str) -> &'a mut Command {
    let (out, calc) = (env.repo.join(out), env.repo.join(CALC_DIST));
    cmd.arg("--root").arg(&env.repo).arg("--out").arg(out);
    cmd.arg("--calc").arg(calc)
}
