//! Running the built `pickanumber` binary the way a user (or the judge skill) does.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// One invocation: arguments, standard input, and where the judge store is.
pub struct Run<'a> {
    args: Vec<String>,
    stdin: &'a [u8],
    judge_dir: Option<PathBuf>,
    cwd: Option<PathBuf>,
}

/// Starts an invocation with these arguments.
pub fn pick(args: &[&str]) -> Run<'static> {
    Run {
        args: args.iter().map(|s| s.to_string()).collect(),
        stdin: b"",
        judge_dir: None,
        cwd: None,
    }
}

impl<'a> Run<'a> {
    /// Feeds `text` (or any bytes) on standard input.
    pub fn stdin<T: AsRef<[u8]> + ?Sized>(self, text: &'a T) -> Run<'a> {
        Run {
            stdin: text.as_ref(),
            ..self
        }
    }

    /// Sets `JUDGE_DIR`.
    pub fn judge_dir(mut self, dir: &Path) -> Run<'a> {
        self.judge_dir = Some(dir.to_path_buf());
        self
    }

    /// Runs in `dir` (with `JUDGE_DIR` unset unless [`Run::judge_dir`] was called).
    pub fn cwd(mut self, dir: &Path) -> Run<'a> {
        self.cwd = Some(dir.to_path_buf());
        self
    }

    /// Runs the binary and waits for it.
    pub fn output(self) -> Output {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_pickanumber"));
        cmd.args(&self.args)
            .env_remove("JUDGE_DIR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(d) = &self.judge_dir {
            cmd.env("JUDGE_DIR", d);
        }
        if let Some(d) = &self.cwd {
            cmd.current_dir(d);
        }
        let mut child = cmd.spawn().unwrap();
        // A command that fails before reading its input closes the pipe early.
        let _ = child.stdin.take().unwrap().write_all(self.stdin);
        child.wait_with_output().unwrap()
    }
}

/// Runs the binary with these arguments and `stdin`, and waits for it.
pub fn run(args: &[&str], stdin: &str) -> Output {
    pick(args).stdin(stdin).output()
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// Standard output as one JSON value.
pub fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}\nstderr: {}",
            stdout(out),
            stderr(out)
        )
    })
}

/// Asserts a failure with exit `code`, nothing on stdout and exactly `message` on stderr.
#[track_caller]
pub fn assert_fails(out: &Output, code: i32, message: &str) {
    assert_eq!(out.status.code(), Some(code), "stderr: {}", stderr(out));
    assert!(out.stdout.is_empty(), "stdout: {}", stdout(out));
    assert_eq!(stderr(out), message);
}

/// Asserts a usage-style failure: exit 2, nothing on stdout.
pub fn assert_exit_2(out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(2),
        "stdout: {}\nstderr: {}",
        stdout(out),
        stderr(out)
    );
    assert!(out.stdout.is_empty(), "stdout: {}", stdout(out));
}

/// The files in a folder, sorted (hidden ones too).
pub fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|r| {
            r.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The fixture shaped like a document the skill's score.py writes.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/_judge")
        .join(name)
}
