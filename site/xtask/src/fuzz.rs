//! `cargo xtask fuzz [--seconds N]`: the cargo-fuzz target `parse` (`fuzz/`), where it can run.
//! libFuzzer's own output passes through, down to its closing `Done N runs in S second(s)`.

use crate::env::{failed, step, Context, Env, Failure};

/// Runs the fuzz target for `seconds`, or says what is missing, how to install it, and skips.
pub fn fuzz(env: &Env, seconds: u64) -> Result<(), Failure> {
    // Inside `cargo xtask`, cargo's own variables point at the stable toolchain.
    let nightly = |args: &str| {
        let mut cmd = env.command("cargo", &format!("+nightly {args}"));
        for var in ["CARGO", "RUSTUP_TOOLCHAIN", "RUSTC", "RUSTC_WRAPPER"] {
            cmd.env_remove(var);
        }
        cmd
    };
    let nightly_ok = nightly("-V").output().is_ok_and(|o| o.status.success());
    let fuzz_ok = env.probe("cargo", &["fuzz", "--version"]).is_some();
    let missing = |what, how| println!("fuzz: {what} is missing; install it with: {how}");
    if !nightly_ok {
        missing(
            "a nightly toolchain",
            "rustup toolchain install nightly --profile minimal",
        );
    }
    if !fuzz_ok {
        missing("cargo-fuzz", "cargo install cargo-fuzz");
    }
    if !(nightly_ok && fuzz_ok) {
        println!("fuzz: skipped (the fuzz target needs a nightly toolchain and cargo-fuzz)");
        return Ok(());
    }
    let dir = env.repo.join("fuzz");
    std::fs::create_dir_all(dir.join("corpus/parse")).context("cannot create fuzz/corpus/parse")?;
    let mut run = nightly("fuzz run parse corpus/parse seeds/parse --");
    run.arg(format!("-max_total_time={seconds}"));
    let what = format!("cargo +nightly fuzz run parse for {seconds} s (corpus and seeds in fuzz/)");
    // cargo is there (it answered above): a failure is the target's (or its build's).
    let saved = "the crashing input is in fuzz/artifacts/parse/ (replay it with \
                 `cd fuzz && cargo +nightly fuzz run parse artifacts/parse/<file>`)";
    step(&what, run.current_dir(dir)).map_err(|e| failed(format!("{e}; {saved}")))
}
