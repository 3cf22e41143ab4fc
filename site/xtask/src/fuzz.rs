//! `cargo xtask fuzz [--seconds N]`: runs the cargo-fuzz target `parse` (`fuzz/`) for N
//! seconds where a nightly toolchain and cargo-fuzz are installed; otherwise says what is
//! missing, how to install it, and exits 0 with `fuzz: skipped`.

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::Instant;

use crate::env::{human, Env, Failure};

/// Runs the fuzz target for `seconds`, or says what is missing and skips.
pub fn fuzz(env: &Env, seconds: u64) -> Result<(), Failure> {
    let missing = missing_tools(env);
    if !missing.is_empty() {
        for (what, install) in &missing {
            println!("fuzz: {what} is missing; install it with: {install}");
        }
        println!("fuzz: skipped (the fuzz target needs a nightly toolchain and cargo-fuzz)");
        return Ok(());
    }
    let dir = env.repo.join("fuzz");
    let seeds = dir.join("seeds/parse");
    let corpus = dir.join("corpus/parse");
    std::fs::create_dir_all(&corpus)
        .map_err(|e| Failure::Failed(format!("cannot create {}: {e}", corpus.display())))?;
    println!("==> cargo +nightly fuzz run parse for {seconds} s (corpus fuzz/corpus/parse, seeds fuzz/seeds/parse)");
    let started = Instant::now();
    let mut cmd = env.command("cargo");
    cmd.args(["+nightly", "fuzz", "run", "parse"])
        .arg(&corpus)
        .arg(&seeds)
        .arg("--")
        .arg(format!("-max_total_time={seconds}"))
        .current_dir(&dir)
        // Inside `cargo xtask`, cargo's own variables point at the stable toolchain.
        .env_remove("CARGO")
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("RUSTC")
        .env_remove("RUSTC_WRAPPER")
        .stdin(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .map_err(|e| Failure::Failed(format!("cannot start cargo +nightly fuzz: {e}")))?;
    // libFuzzer reports on stderr: pass it through without the line per new input and the
    // dictionary it recommends, and keep its closing `Done N runs` line.
    let mut done = None;
    let mut in_dictionary = false;
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if line.starts_with("###### Recommended dictionary") {
                in_dictionary = true;
            }
            if !in_dictionary && !is_progress(&line) {
                eprintln!("{line}");
            }
            if line.starts_with("###### End of recommended dictionary") {
                in_dictionary = false;
            }
            if let Some(runs) = runs_done(&line) {
                done = Some(runs);
            }
        }
    }
    let status = child
        .wait()
        .map_err(|e| Failure::Failed(format!("cargo +nightly fuzz: {e}")))?;
    let took = human(started.elapsed());
    if !status.success() {
        return Err(Failure::Failed(format!(
            "fuzz: the parse target failed after {took} ({status}); the crashing input is in fuzz/artifacts/parse/ \
             (replay it with `cd fuzz && cargo +nightly fuzz run parse artifacts/parse/<file>`)"
        )));
    }
    match done {
        Some(runs) => println!(
            "fuzz: {runs} inputs ran in {took}, no panic, every error named a line of its input"
        ),
        None => println!("fuzz: finished in {took} (libFuzzer did not report its run count)"),
    }
    Ok(())
}

/// What is missing, each with the command that installs it.
fn missing_tools(env: &Env) -> Vec<(&'static str, &'static str)> {
    let mut missing = Vec::new();
    let nightly = env
        .command("cargo")
        .args(["+nightly", "--version"])
        .env_remove("RUSTUP_TOOLCHAIN")
        .stdin(Stdio::null())
        .output()
        .is_ok_and(|o| o.status.success());
    if !nightly {
        missing.push((
            "a nightly toolchain",
            "rustup toolchain install nightly --profile minimal",
        ));
    }
    if env.probe("cargo", &["fuzz", "--version"]).is_none() {
        missing.push(("cargo-fuzz", "cargo install cargo-fuzz"));
    }
    missing
}

/// libFuzzer's line for each input that found new coverage (`#1234\tNEW    cov: …`, `REDUCE`)
/// and the functions it reached (`\tNEW_FUNC[1/2]: …`); `pulse` and every other line stay.
fn is_progress(line: &str) -> bool {
    let numbered = line
        .strip_prefix('#')
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
    (numbered && (line.contains("\tNEW ") || line.contains("\tREDUCE ")))
        || line.trim_start().starts_with("NEW_FUNC[")
}

/// The run count in libFuzzer's closing line, `Done 123456 runs in 61 second(s)`.
fn runs_done(line: &str) -> Option<u64> {
    let rest = line.trim().strip_prefix("Done ")?;
    let (count, after) = rest.split_once(' ')?;
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
