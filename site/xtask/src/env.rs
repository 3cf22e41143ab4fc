//! Where things are, how child commands run, and how failures are reported.

use std::ffi::OsString;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Why a command stopped; each kind has its exit code.
#[derive(Debug)]
pub enum Failure {
    /// A step ran and failed (exit 1).
    Failed(String),
    /// A tool is missing and cannot be installed from here (exit 2).
    Missing(String),
    /// The command line was wrong (exit 2).
    Usage(String),
}

impl Failure {
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Failed(_) => 1,
            Failure::Missing(_) | Failure::Usage(_) => 2,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Failed(m) | Failure::Missing(m) | Failure::Usage(m) => f.write_str(m),
        }
    }
}

/// The repository and the `PATH` every child command gets: `<repo>/node_modules/.bin` and
/// cargo's `bin` folder first, so pinned tools win over any others.
pub struct Env {
    pub repo: PathBuf,
    path: OsString,
}

impl Env {
    pub fn new() -> Result<Env, Failure> {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        let repo = manifest
            .join("../..")
            .canonicalize()
            .map_err(|e| Failure::Failed(format!("cannot find the repository root: {e}")))?;
        let cargo_bin = match std::env::var_os("CARGO_HOME") {
            Some(home) => PathBuf::from(home).join("bin"),
            None => PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cargo/bin"),
        };
        let mut dirs = vec![repo.join("node_modules/.bin"), cargo_bin];
        dirs.extend(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        ));
        let path = std::env::join_paths(dirs)
            .map_err(|e| Failure::Failed(format!("cannot build PATH: {e}")))?;
        Ok(Env { repo, path })
    }

    /// `program` with the prefixed `PATH`, run from the repository root.
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = Command::new(program);
        c.env("PATH", &self.path).current_dir(&self.repo);
        c
    }

    /// The first line a tool prints for `args` (stdout, else stderr), or `None` when it cannot
    /// run or fails.
    pub fn probe(&self, program: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> Option<String> {
        let out = self
            .command(program)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .ok()?;
        if !out.status.success() {
            return None;
        }
        let text = if out.stdout.is_empty() {
            out.stderr
        } else {
            out.stdout
        };
        let text = String::from_utf8_lossy(&text).into_owned();
        Some(
            text.lines()
                .find(|l| !l.trim().is_empty())?
                .trim()
                .to_owned(),
        )
    }

    /// All of stdout of a tool that succeeded, or `None`.
    pub fn stdout(&self, program: &str, args: &[&str]) -> Option<String> {
        let out = self
            .command(program)
            .args(args)
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

/// Runs `cmd` with inherited output; a tool that cannot start or that fails becomes a
/// [`Failure`] naming `what`.
pub fn run(what: &str, cmd: &mut Command) -> Result<(), Failure> {
    let program = cmd.get_program().to_string_lossy().into_owned();
    match cmd.stdin(Stdio::null()).status() {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(Failure::Failed(format!(
            "{what} failed ({})",
            match status.code() {
                Some(code) => format!("`{program}` exited with {code}"),
                None => format!("`{program}` was killed by a signal"),
            }
        ))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(Failure::Missing(format!(
            "{what}: `{program}` is not installed or not on PATH; `cargo xtask setup` installs it"
        ))),
        Err(e) => Err(Failure::Failed(format!(
            "{what}: cannot start `{program}`: {e}"
        ))),
    }
}

/// [`run`] as a named step: prints the step, then its result and duration.
pub fn step(what: &str, cmd: &mut Command) -> Result<Duration, Failure> {
    println!("==> {what}");
    let started = Instant::now();
    let result = run(what, cmd);
    let took = started.elapsed();
    match &result {
        Ok(()) => println!("    {what}: ok in {}", human(took)),
        Err(_) => println!("    {what}: FAILED after {}", human(took)),
    }
    result.map(|()| took)
}

/// A duration for people: `0.4 s`, `75 s`, `9 min 03 s`.
pub fn human(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 10.0 {
        format!("{s:.1} s")
    } else if s < 120.0 {
        format!("{s:.0} s")
    } else {
        let whole = d.as_secs();
        format!("{} min {:02} s", whole / 60, whole % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_naturally() {
        assert_eq!(human(Duration::from_millis(420)), "0.4 s");
        assert_eq!(human(Duration::from_secs(75)), "75 s");
        assert_eq!(human(Duration::from_secs(543)), "9 min 03 s");
    }

    #[test]
    fn path_puts_node_modules_and_cargo_first() {
        let env = Env::new().unwrap();
        let dirs: Vec<PathBuf> = std::env::split_paths(&env.path).collect();
        assert_eq!(dirs[0], env.repo.join("node_modules/.bin"));
        assert!(dirs[1].ends_with("bin"));
        assert!(env.repo.join("Cargo.toml").is_file());
    }

    #[test]
    fn a_missing_tool_is_reported_not_panicked() {
        let env = Env::new().unwrap();
        let err = run("probe", &mut env.command("no-such-tool-xtask")).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        assert!(err
            .to_string()
            .contains("`no-such-tool-xtask` is not installed"));
        assert_eq!(env.probe("no-such-tool-xtask", &["--version"]), None);
    }
}
