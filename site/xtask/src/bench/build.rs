//! Section 5, build times: rendering every page with nothing to compile (the generator's
//! release binary, several runs), and edit-to-reload under `cargo xtask serve` (an edit to
//! `content/index.md` until serve reports the rebuild, which is when `/__dev/version` changes).

use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::report::Report;
use super::run::{kill_group, median, target_dir};
use super::table::Row;
use crate::env::Env;
use crate::pipeline::{self, Mode};

/// Render runs for the median.
const RENDER_RUNS: usize = 5;
/// Edit-and-restore rounds under `serve` (two edits each).
const RELOAD_ROUNDS: usize = 3;
/// How long `serve`'s first build (nothing to compile after `cargo xtask build`) may take.
const FIRST_BUILD: Duration = Duration::from_secs(900);
/// How long one rebuild may take.
const REBUILD: Duration = Duration::from_secs(120);

/// Measures both and adds the rows and JSON to `report`.
pub fn build_times(env: &Env, report: &mut Report) {
    let mut json = serde_json::Map::new();
    let render = render_times(env);
    let reload = edit_to_reload(env);
    // `serve` wrote development pages (with the reload script) into dist/: put the release
    // pages back.
    if let Err(e) = pipeline::pages(env, Mode::Release { base_url: None }) {
        report.notes.push(format!(
            "re-rendering the release pages after serve failed: {e}"
        ));
    }
    for (key, measure, result) in [
        ("render_ms", "render all pages, nothing to compile", render),
        ("edit_to_reload_ms", "edit → reload under serve", reload),
    ] {
        match result {
            Ok(mut runs) => {
                let m = median(&mut runs);
                let (min, max) = (runs[0], runs[runs.len() - 1]);
                let (measure, ours) = if key == "render_ms" {
                    (
                        format!("{measure} (pickanumber-render)"),
                        format!(
                            "median {m:.0} ms of {} runs (min {min:.0}, max {max:.0})",
                            runs.len()
                        ),
                    )
                } else {
                    (
                        format!("{measure} (content/index.md)"),
                        format!("median {m:.0} ms of {} edits (max {max:.0}) to the new /__dev/version; open pages poll it every 0.5 s", runs.len()),
                    )
                };
                report.rows.push(Row::new("build", measure, ours));
                let mut figures = json!({"median": m, "runs": runs});
                if key == "edit_to_reload_ms" {
                    figures["page_poll_ms"] = json!(500);
                }
                json.insert(key.into(), figures);
            }
            Err(reason) => {
                report.rows.push(Row::new(
                    "build",
                    measure,
                    format!("not measured ({reason})"),
                ));
                json.insert(key.into(), json!({"error": reason}));
            }
        }
    }
    report.json.insert("build".into(), Value::Object(json));
}

/// Milliseconds of [`RENDER_RUNS`] runs of the generator's release binary into a scratch folder.
fn render_times(env: &Env) -> Result<Vec<f64>, String> {
    // Make sure the binary is there and current (nothing to compile after the build).
    let built = env
        .command("cargo")
        .args(["build", "-q", "--release", "-p", "pickanumber-render"])
        .stdin(Stdio::null())
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !built.success() {
        return Err("cargo build -p pickanumber-render failed".into());
    }
    let bin = target_dir(env).join("release/pickanumber-render");
    let out = target_dir(env).join("bench-render/dist");
    let mut times = Vec::new();
    for _ in 0..RENDER_RUNS {
        let started = Instant::now();
        let status = Command::new(&bin)
            .arg("--root")
            .arg(&env.repo)
            .arg("--out")
            .arg(&out)
            .arg("--calc")
            .arg(pipeline::calculator_dist(env))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .status()
            .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
        if !status.success() {
            return Err(format!("{} failed ({status})", bin.display()));
        }
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    let _ = std::fs::remove_dir_all(target_dir(env).join("bench-render"));
    Ok(times)
}

/// A `cargo xtask serve` this bench started; dropping it ends its process group.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        kill_group(&self.0);
        let _ = self.0.wait();
    }
}

/// Puts a file's exact bytes back on drop, unless someone else changed it meanwhile.
struct Restore {
    path: PathBuf,
    original: Vec<u8>,
    edited: Vec<u8>,
}

impl Drop for Restore {
    fn drop(&mut self) {
        match std::fs::read(&self.path) {
            Ok(now) if now == self.edited => {
                if let Err(e) = std::fs::write(&self.path, &self.original) {
                    eprintln!("bench: cannot restore {}: {e}", self.path.display());
                }
            }
            Ok(now) if now == self.original => {}
            _ => eprintln!(
                "bench: {} changed during the measurement (someone else edited it); left as it is",
                self.path.display()
            ),
        }
    }
}

/// Starts `cargo xtask serve` on a free port, then edits `content/index.md` (a newline added,
/// then the exact bytes back) and times each edit until serve prints that it rebuilt.
fn edit_to_reload(env: &Env) -> Result<Vec<f64>, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find xtask itself: {e}"))?;
    println!("    cargo xtask serve --port 0 (in the background)");
    let mut child = env
        .command(&exe)
        .args(["serve", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start serve: {e}"))?;
    let stdout = child.stdout.take();
    // Declared before the server, so dropped after it: the file is put back once serve is gone.
    let restore: Restore;
    let _server = Server(child);
    let (tx, lines) = mpsc::channel::<String>();
    thread::spawn(move || {
        for line in stdout
            .into_iter()
            .flat_map(|o| BufReader::new(o).lines().map_while(Result::ok))
        {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    // Waits for the first line for which `done` says `Some`.
    let wait_for = |limit: Duration, done: &dyn Fn(&str) -> Option<Result<(), String>>| {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match lines.recv_timeout(left) {
                Ok(line) => match done(&line) {
                    Some(result) => return result,
                    None => continue,
                },
                Err(_) => {
                    return Err(format!(
                        "serve printed nothing that ends the wait within {} s",
                        limit.as_secs()
                    ))
                }
            }
        }
    };
    wait_for(FIRST_BUILD, &|line| {
        if line.starts_with("the first build failed") {
            Some(Err(format!("serve's first build failed: {line}")))
        } else {
            line.starts_with("watching ").then_some(Ok(()))
        }
    })?;
    let path = env.repo.join("content/index.md");
    let original =
        std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut edited = original.clone();
    edited.push(b'\n');
    restore = Restore {
        path,
        original,
        edited,
    };
    let mut samples = Vec::new();
    for round in 0..RELOAD_ROUNDS * 2 {
        let (expect, next) = if round % 2 == 0 {
            (&restore.original, &restore.edited)
        } else {
            (&restore.edited, &restore.original)
        };
        if std::fs::read(&restore.path).ok().as_ref() != Some(expect) {
            return Err(format!(
                "{} changed during the measurement (someone else is editing it)",
                restore.path.display()
            ));
        }
        let started = Instant::now();
        std::fs::write(&restore.path, next)
            .map_err(|e| format!("cannot write {}: {e}", restore.path.display()))?;
        // serve prints `content/index.md changed → pages rebuilt in …` right after the new
        // version is up.
        wait_for(REBUILD, &|line| {
            if line.contains("changed → rebuild FAILED") {
                Some(Err(format!("serve's rebuild failed: {line}")))
            } else {
                line.contains(" changed → ").then_some(Ok(()))
            }
        })?;
        samples.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    Ok(samples)
}
