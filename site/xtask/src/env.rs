//! Where things are, how child commands run, and how failures are reported.

use std::ffi::OsStr;
use std::fmt::{self, Display};
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Why a command stopped, and the exit code (1 a step failed, 2 a missing tool or a usage error).
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A step that ran and failed (exit 1).
pub fn failed(message: impl Into<String>) -> Failure {
    let message = message.into();
    Failure { code: 1, message }
}

/// A missing tool, or a usage error (exit 2).
pub fn missing(message: impl Into<String>) -> Failure {
    let message = message.into();
    Failure { code: 2, message }
}

/// Turns any error into a step [`failed`] with `what: the error`.
pub trait Context<T> {
    fn context(self, what: impl Display) -> Result<T, Failure>;
}

impl<T, E: Display> Context<T> for Result<T, E> {
    fn context(self, what: impl Display) -> Result<T, Failure> {
        self.map_err(|e| failed(format!("{what}: {e}")))
    }
}

/// The repository, and the `PATH` of child commands: `node_modules/.bin` and cargo's `bin` first.
pub struct Env {
    /// The repository root.
    pub repo: PathBuf,
    /// Cargo's home (`$CARGO_HOME`, else `~/.cargo`): its `bin` and its registry sources.
    pub cargo_home: PathBuf,
    /// The `PATH` of child commands.
    pub path: std::ffi::OsString,
}

impl Env {
    /// Finds the repository from this crate's folder.
    pub fn new() -> Result<Env, Failure> {
        let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let repo = repo.canonicalize().context("no repository root")?;
        let var = |name| std::env::var_os(name).map(PathBuf::from);
        let home = var("HOME").unwrap_or_default().join(".cargo");
        let cargo_home = var("CARGO_HOME").unwrap_or(home);
        let mut dirs = vec![repo.join("node_modules/.bin"), cargo_home.join("bin")];
        dirs.extend(std::env::split_paths(&var("PATH").unwrap_or_default()));
        let path = std::env::join_paths(dirs).context("cannot build PATH")?;
        Ok(Env {
            repo,
            cargo_home,
            path,
        })
    }

    /// Cargo's target folder (`$CARGO_TARGET_DIR` or `target/`).
    pub fn target(&self) -> PathBuf {
        let dir = std::env::var_os("CARGO_TARGET_DIR");
        self.repo.join(dir.unwrap_or("target".into()))
    }

    /// `program` with `args` (split at spaces), the prefixed `PATH`, no input, in the repository.
    pub fn command(&self, program: impl AsRef<OsStr>, args: &str) -> Command {
        let mut c = Command::new(program);
        c.args(args.split_whitespace()).env("PATH", &self.path);
        c.current_dir(&self.repo).stdin(Stdio::null());
        c
    }

    /// `cargo args` as a [`step`].
    pub fn cargo(&self, args: &str) -> Result<(), Failure> {
        step(&format!("cargo {args}"), &mut self.command("cargo", args))
    }

    /// The first line a tool prints for `args` (stdout, else stderr), trimmed: its version, say;
    /// `None` when it cannot run or fails.
    pub fn probe(&self, program: impl AsRef<OsStr>, args: &[&str]) -> Option<String> {
        let out = self.command(program, "").args(args).output().ok()?;
        let text = [out.stdout, out.stderr].concat();
        let text = String::from_utf8_lossy(&text);
        let line = text.lines().map(str::trim).find(|l| !l.is_empty());
        line.filter(|_| out.status.success()).map(str::to_owned)
    }
}

/// Runs `cmd` with inherited output; a tool that cannot start or fails is a [`Failure`] of `what`.
pub fn run(what: &str, cmd: &mut Command) -> Result<(), Failure> {
    let program = cmd.get_program().to_string_lossy().into_owned();
    match cmd.status() {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(failed(format!("{what} failed (`{program}`: {status})"))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(missing(format!(
            "{what}: `{program}` is not installed or not on PATH; `cargo xtask tools` installs it"
        ))),
        Err(e) => Err(failed(format!("{what}: cannot start `{program}`: {e}"))),
    }
}

/// [`run`] as a named step: prints the step, then its result and duration.
pub fn step(what: &str, cmd: &mut Command) -> Result<(), Failure> {
    println!("==> {what}");
    let started = Instant::now();
    let result = run(what, cmd);
    let verdict = result.as_ref().map_or("FAILED after", |()| "ok in");
    println!("    {what}: {verdict} {}", human(started.elapsed()));
    result
}

/// Runs `cmd` (the step `what`) for its standard output, read as text; a [`Failure`] with the
/// end of its standard error when it cannot start or fails.
pub fn output(what: &str, cmd: &mut Command) -> Result<String, Failure> {
    let out = cmd.output().context(what)?;
    let err = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(failed(format!("{what}: {}; {}", out.status, err.trim())));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs `cmd` with its output appended to `log` (a step beside others, whose output would mix
/// with theirs); what it took, or a [`Failure`] that ends with the end of the log.
pub fn logged(what: &str, cmd: &mut Command, log: &Path) -> Result<String, Failure> {
    let started = Instant::now();
    let file = OpenOptions::new().create(true).append(true).open(log);
    let file = file.context(log.display())?;
    let err = file.try_clone().context(log.display())?;
    let status = cmd.stdout(file).stderr(err).status();
    let took = human(started.elapsed());
    match status {
        Ok(s) if s.success() => Ok(format!("{what}: ok in {took}")),
        result => {
            let text = std::fs::read_to_string(log).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            let tail = lines[lines.len().saturating_sub(40)..].join("\n");
            let how = result.map_or_else(|e| e.to_string(), |s| s.to_string());
            Err(failed(format!(
                "{what} FAILED after {took} ({how}); the end of {}:\n{tail}",
                log.display()
            )))
        }
    }
}

/// Runs `f` on a thread of its own, with an [`Env`] of its own, beside the steps that follow;
/// [`wait`] gives its result.
pub fn beside<T: Send + 'static>(
    f: impl FnOnce(&Env) -> Result<T, Failure> + Send + 'static,
) -> JoinHandle<Result<T, Failure>> {
    std::thread::spawn(move || f(&Env::new()?))
}

/// The result of `thread` (one of [`beside`]), or a [`Failure`] saying `what` panicked.
pub fn wait<T>(thread: JoinHandle<Result<T, Failure>>, what: &str) -> Result<T, Failure> {
    let panicked = |_| failed(format!("{what} panicked"));
    thread.join().map_err(panicked)?
}

/// A duration for people: `0.4 s`, `75 s`, `9 min 03 s`.
pub fn human(d: Duration) -> String {
    match d.as_secs_f64() {
        s if s < 10.0 => format!("{s:.1} s"),
        s if s < 120.0 => format!("{s:.0} s"),
        _ => format!("{} min {:02} s", d.as_secs() / 60, d.as_secs() % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tools_run_with_pinned_folders_first_and_failures_read_naturally() {
        let env = Env::new().unwrap();
        let first = std::env::split_paths(&env.path).next();
        assert_eq!(first, Some(env.repo.join("node_modules/.bin")));
        let err = run("probe", &mut env.command("no-such-tool-xtask", "--version")).unwrap_err();
        assert_eq!(err.code, 2);
        assert!(err.message.contains("`no-such-tool-xtask` is not"));
        // The first line that says something, from stdout else stderr; nothing when it fails.
        let scripts = [
            "echo; echo ' v1 '; echo x",
            "echo v2 >&2",
            "echo v3; exit 1",
        ];
        let found = scripts.map(|script| env.probe("sh", &["-c", script]));
        assert_eq!(found, [Some("v1".into()), Some("v2".into()), None]);
        // A command's output, or what it said on failing.
        let mut sh = env.command("sh", "-c");
        assert_eq!(output("ok", sh.arg("echo out")).unwrap(), "out\n");
        let mut sh = env.command("sh", "-c");
        let err = output("x", sh.arg("echo out; echo why >&2; exit 3")).unwrap_err();
        assert_eq!(err.message, "x: exit status: 3; why");
        let secs = [0.42, 75.0, 543.0].map(|s| human(Duration::from_secs_f64(s)));
        assert_eq!(secs, ["0.4 s", "75 s", "9 min 03 s"]);
    }

    #[test]
    fn a_logged_step_says_how_it_ended_and_shows_the_log_when_it_fails() {
        let env = Env::new().unwrap();
        let dir = env.target().join("xtask-logged-test");
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("log.txt");
        let mut ok = env.command("sh", "-c");
        let done = logged("ok step", ok.arg("echo fine"), &log).unwrap();
        assert!(done.starts_with("ok step: ok in "), "{done}");
        let mut bad = env.command("sh", "-c");
        let err = logged("bad step", bad.arg("echo the reason; exit 3"), &log).unwrap_err();
        assert!(err.message.starts_with("bad step FAILED after "), "{err}");
        assert!(err.message.ends_with("fine\nthe reason"), "{err}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
