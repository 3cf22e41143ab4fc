//! `cargo xtask fuzz [--seconds N]`: the cargo-fuzz target `parse` (`fuzz/`), where it can run.

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::Instant;

use crate::env::{failed, human, Context, Env, Failure};

/// Runs the fuzz target for `seconds`, or says what is missing, how to install it, and skips.
pub fn fuzz(env: &Env, seconds: u64) -> Result<(), Failure> {
    let mut nightly = env.command("cargo", "+nightly --version");
    let nightly_ok = nightly.env_remove("RUSTUP_TOOLCHAIN").output();
    let nightly_ok = nightly_ok.is_ok_and(|o| o.status.success());
    let fuzz_ok = env.probe("cargo", &["fuzz", "--version"]).is_some();
    let tools = [
        (nightly_ok, "a nightly toolchain", "rustup toolchain install nightly --profile minimal"),
        (fuzz_ok, "cargo-fuzz", "cargo install cargo-fuzz"),
    ];
    for (_, what, install) in tools.iter().filter(|(ok, ..)| !ok) {
        println!("fuzz: {what} is missing; install it with: {install}");
    }
    if tools.iter().any(|(ok, ..)| !ok) {
        println!("fuzz: skipped (the fuzz target needs a nightly toolchain and cargo-fuzz)");
        return Ok(());
    }
    let dir = env.repo.join("fuzz");
    std::fs::create_dir_all(dir.join("corpus/parse")).context("cannot create fuzz/corpus/parse")?;
    println!("==> cargo +nightly fuzz run parse for {seconds} s (corpus fuzz/corpus/parse, seeds fuzz/seeds/parse)");
    let started = Instant::now();
    let mut cmd = env.command("cargo", "+nightly fuzz run parse corpus/parse seeds/parse --");
    cmd.arg(format!("-max_total_time={seconds}")).current_dir(&dir).stderr(Stdio::piped());
    // Inside `cargo xtask`, cargo's own variables point at the stable toolchain.
    for var in ["CARGO", "RUSTUP_TOOLCHAIN", "RUSTC", "RUSTC_WRAPPER"] {
        cmd.env_remove(var);
    }
    let mut child = cmd.spawn().context("cannot start cargo +nightly fuzz")?;
    // libFuzzer reports on stderr: pass it through without the line per new input and the
    // dictionary it recommends, and keep its closing `Done N runs` line.
    let (mut done, mut in_dictionary) = (None, false);
    for line in BufReader::new(child.stderr.take().expect("piped")).lines().map_while(Result::ok) {
        in_dictionary |= line.starts_with("###### Recommended dictionary");
        if !in_dictionary && !is_progress(&line) {
            eprintln!("{line}");
        }
        in_dictionary &= !line.starts_with("###### End of recommended dictionary");
        done = runs_done(&line).or(done);
    }
    let status = child.wait().context("cargo +nightly fuzz")?;
    let took = human(started.elapsed());
    if !status.success() {
        return Err(failed(format!(
            "fuzz: the parse target failed after {took} ({status}); the crashing input is in fuzz/artifacts/parse/ \
             (replay it with `cd fuzz && cargo +nightly fuzz run parse artifacts/parse/<file>`)"
        )));
    }
    let clean = "no panic, every error named a line of its input";
    match done {
        Some(runs) => println!("fuzz: {runs} inputs ran in {took}, {clean}"),
        None => println!("fuzz: finished in {took} (libFuzzer did not report its run count)"),
    }
    Ok(())
}

/// libFuzzer's line for each input that found new coverage (`#1234\tNEW    cov: …`, `REDUCE`)
/// and the functions it reached (`\tNEW_FUNC[1/2]: …`); `pulse` and every other line stay.
fn is_progress(line: &str) -> bool {
    let numbered =
        line.strip_prefix('#').is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
    (numbered && (line.contains("\tNEW ") || line.contains("\tREDUCE ")))
        || line.trim_start().starts_with("NEW_FUNC[")
}

/// The run count in libFuzzer's closing line, `Done 123456 runs in 61 second(s)`.
fn runs_done(line: &str) -> Option<u64> {
    let (count, after) = line.trim().strip_prefix("Done ")?.split_once(' ')?;
    after.starts_with("runs").then(|| count.parse().ok())?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_run_count_is_read_from_libfuzzers_last_line() {
        assert_eq!(runs_done("Done 123456 runs in 61 second(s)"), Some(123456));
        assert_eq!(runs_done("#1024 pulse cov: 10"), None);
        assert_eq!(runs_done("Done soon"), None);
        assert!(is_progress("#9\tNEW    cov: 1632 ft: 2599 corp: 7/945b"));
        assert!(is_progress("#83\tREDUCE cov: 1870 ft: 3685"));
        assert!(is_progress("\tNEW_FUNC[1/16]: 0x5568 in serde_json"));
        assert!(!is_progress("#16384\tpulse  cov: 2500 ft: 6000"));
        assert!(!is_progress("INFO: Seed: 248040032"));
    }
}
