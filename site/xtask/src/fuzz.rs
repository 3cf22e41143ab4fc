//! `cargo xtask fuzz [--seconds N | --runs N] [--target NAME]`: the coverage-guided fuzz targets
//! of `fuzz/` (libFuzzer, through the crates.io crate libfuzzer-sys), built and run on the
//! stable toolchain.
//!
//! cargo-fuzz is not needed: it only builds the target with SanitizerCoverage flags and runs
//! the binary. Those flags are stable `-C` options when no sanitizer is asked for, so this
//! command passes them to a plain `cargo build` itself ([`RUSTFLAGS`]) and runs the binary with
//! libFuzzer's own options. libfuzzer-sys compiles libFuzzer's C++ sources, so a C++ compiler
//! must be present (Debian's `g++`, installed here when missing and running as root).
//! libFuzzer's output passes through, down to its closing `Done N runs in S second(s)`.

use std::num::NonZeroU64;
use std::path::Path;

use crate::env::{failed, missing, step, Context, Env, Failure};
use crate::tools::ensure;

/// The fuzz targets (`fuzz/fuzz_targets/NAME.rs`), in the order they run.
pub const TARGETS: [&str; 3] = ["parse", "instruments", "evidence"];

/// What cargo-fuzz passes to rustc when no sanitizer is asked for (coverage counters, the PC
/// table, comparison tracing, `cfg(fuzzing)`; stack depth is added on Linux), plus debug
/// assertions and overflow checks, so arithmetic that would overflow is a crash the fuzzer
/// reports. One codegen unit, as cargo-fuzz uses for release builds, keeps inlining across the
/// instrumented code.
pub const RUSTFLAGS: &str = "-Cpasses=sancov-module \
     -Cllvm-args=-sanitizer-coverage-level=4 \
     -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
     -Cllvm-args=-sanitizer-coverage-pc-table \
     -Cllvm-args=-sanitizer-coverage-trace-compares \
     --cfg fuzzing -Cdebug-assertions -Coverflow-checks -Ccodegen-units=1";

/// Builds and runs each of `targets` (all when empty) for `seconds` (60 when neither is given)
/// or on `runs` inputs, one after the other.
pub fn fuzz(
    env: &Env,
    seconds: Option<NonZeroU64>,
    runs: Option<NonZeroU64>,
    targets: &[String],
) -> Result<(), Failure> {
    // The triple to build for: naming it makes cargo keep the flags away from build scripts and
    // proc macros.
    let host = env.probe("rustc", &["--print", "host-tuple"]);
    let host = host.ok_or_else(|| failed("`rustc --print host-tuple` printed no host"))?;
    if !(host.contains("-linux-") || host.contains("-apple-")) {
        return Err(missing(format!(
            "fuzz: libFuzzer runs on Linux and macOS; this host is {host}"
        )));
    }
    cxx_compiler(env)?;
    let dir = env.repo.join("fuzz");
    // A folder of its own under target/, so these instrumented builds never replace the normal
    // ones and are reused from one run to the next.
    let target_dir = env.target().join("fuzz");
    let budget = match (seconds, runs) {
        (_, Some(n)) => (format!("-runs={n}"), format!("on {n} inputs")),
        (s, None) => {
            let s = s.map_or(60, NonZeroU64::get);
            (format!("-max_total_time={s}"), format!("for {s} s"))
        }
    };
    for name in TARGETS
        .iter()
        .filter(|t| targets.is_empty() || targets.iter().any(|n| n == *t))
    {
        build(env, &dir, &target_dir, &host, name)?;
        let binary = target_dir.join(&host).join("release").join(name);
        run(&dir, &binary, name, &budget)?;
    }
    Ok(())
}

/// libfuzzer-sys builds libFuzzer (C++) with the `cc` crate, which calls `c++`.
fn cxx_compiler(env: &Env) -> Result<(), Failure> {
    let check = || {
        env.probe("c++", &["--version"])
            .ok_or_else(|| "no C++ compiler (`c++`)".to_owned())
    };
    let why = "it needs root: apt-get update && apt-get install -y g++";
    let root = env.probe("id", &["-u"]).as_deref() == Some("0");
    let install = || {
        let apt = ["update", "install -y g++"].map(|args| {
            let mut c = env.command("apt-get", args);
            c.env("DEBIAN_FRONTEND", "noninteractive");
            c
        });
        root.then(|| apt.into()).ok_or(why.to_owned())
    };
    ensure(env, "a C++ compiler for libFuzzer", check, install)
}

fn build(env: &Env, dir: &Path, target_dir: &Path, host: &str, name: &str) -> Result<(), Failure> {
    let args = format!("build --release --bin {name} --target {host} --target-dir");
    let mut cargo = env.command("cargo", &args);
    cargo.arg(target_dir).current_dir(dir);
    // A caller's flags come after ours, as cargo-fuzz appends them; cargo would prefer the
    // encoded form over RUSTFLAGS, so that one is folded in and removed.
    let mut flags = vec![RUSTFLAGS.to_owned()];
    if host.contains("-linux-") {
        flags.push("-Cllvm-args=-sanitizer-coverage-stack-depth".into());
    }
    for var in ["RUSTFLAGS", "CARGO_ENCODED_RUSTFLAGS"] {
        let more = std::env::var_os(var).unwrap_or_default();
        flags.push(more.to_string_lossy().replace('\u{1f}', " "));
    }
    cargo.env_remove("CARGO_ENCODED_RUSTFLAGS");
    cargo.env("RUSTFLAGS", flags.join(" ").trim());
    let what = format!("building the fuzz target {name} (stable, SanitizerCoverage)");
    step(&what, &mut cargo)
}

fn run(dir: &Path, binary: &Path, name: &str, budget: &(String, String)) -> Result<(), Failure> {
    let corpus = dir.join("corpus").join(name);
    let artifacts = dir.join("artifacts").join(name);
    for d in [&corpus, &artifacts] {
        std::fs::create_dir_all(d).context(format!("cannot create {}", d.display()))?;
    }
    let mut cmd = std::process::Command::new(binary);
    // New inputs go to the first folder (fuzz/corpus/NAME, not committed); the seeds are read.
    cmd.arg(&corpus)
        .arg(dir.join("seeds").join(name))
        .arg(&budget.0)
        .arg(format!("-artifact_prefix={}/", artifacts.display()))
        .arg("-print_final_stats=1")
        .current_dir(dir);
    let what = format!(
        "fuzzing {name} {} (corpus fuzz/corpus/{name}, seeds fuzz/seeds/{name})",
        budget.1
    );
    // libFuzzer exits with 77 for a crash and 70 for a timeout, both saving the input, and
    // with 72 when interrupted.
    step(&what, &mut cmd).map_err(|e| {
        let replay = format!("{} fuzz/artifacts/{name}/<file>", binary.display());
        failed(format!("{e}; a crash or a timeout leaves its input in fuzz/artifacts/{name}/: replay it with `{replay}`"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_need_no_nightly() {
        // Every flag is a stable -C option or --cfg: no -Z, no sanitizer.
        for flag in RUSTFLAGS.split_whitespace() {
            assert!(
                flag.starts_with("-C") || flag == "--cfg" || flag == "fuzzing",
                "{flag}"
            );
        }
    }

    #[test]
    fn every_target_has_a_source_and_seeds() {
        let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
        let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).unwrap();
        for name in TARGETS {
            assert!(
                fuzz.join(format!("fuzz_targets/{name}.rs")).is_file(),
                "{name}"
            );
            assert!(manifest.contains(&format!("name = \"{name}\"")), "{name}");
            let seeds = std::fs::read_dir(fuzz.join("seeds").join(name)).unwrap();
            assert!(seeds.count() > 0, "{name}");
        }
    }
}
