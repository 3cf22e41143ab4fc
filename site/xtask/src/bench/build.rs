//! Section 5, build times: rendering every page with nothing to compile, and edit-to-reload
//! under `cargo xtask serve`'s machinery.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::report::{Report, Row};
use crate::env::{failed, run, Context, Env, Failure};
use crate::pipeline::folders;
use crate::serve::Dev;

/// Render runs for the median.
const RENDER_RUNS: usize = 5;
/// Edits under `serve`: a newline added, then the exact bytes put back, three times.
const EDITS: usize = 6;
/// How long one rebuild may take, in seconds.
const REBUILD_S: u64 = 120;

/// The rows' measures, and what the edits' times are counted to.
pub(super) const RENDER: &str =
    "render all pages, nothing to compile (pickanumber-render, dev profile)";
pub(super) const RELOAD: &str = "edit → reload under serve (content/index.md)";
pub(super) const SERVED: &str =
    "edits to the new /__dev/version, which open pages poll every 0.5 s";

/// Measures both, adds the rows to `report` and returns the JSON.
pub fn build_times(env: &Env, _: &Path, report: &mut Report) -> Result<Value, Failure> {
    let (render_row, render_ms) = timings(RENDER, render_times(env), "runs");
    let (reload_row, reload_ms) = timings(RELOAD, edit_to_reload(env), SERVED);
    report.rows.extend([render_row, reload_row]);
    Ok(json!({"render_ms": render_ms, "edit_to_reload_ms": reload_ms}))
}

/// The row of `measure`'s median, min and max over `times` (`of` what), and their JSON.
pub(super) fn timings(measure: &str, times: Result<Vec<f64>, Failure>, of: &str) -> (Row, Value) {
    let (ours, json) = match times {
        Ok(mut runs) => {
            runs.sort_by(f64::total_cmp);
            let n = runs.len();
            // The middle value, or the mean of the two middle ones for an even count.
            let m = (runs[(n.max(1) - 1) / 2] + runs[n / 2]) / 2.0;
            let (min, max) = (runs[0], runs[n - 1]);
            let ours = format!("median {m:.0} ms (min {min:.0}, max {max:.0}) of {n} {of}");
            (ours, json!({"median": m, "runs": runs}))
        }
        Err(e) => (format!("not measured ({e})"), json!({"error": e.message})),
    };
    (Row::new(measure, ours), json)
}

/// Milliseconds of [`RENDER_RUNS`] runs of the generator into a scratch folder, in the dev
/// profile that `cargo xtask build` runs it in.
fn render_times(env: &Env) -> Result<Vec<f64>, Failure> {
    // Makes sure the binary is there and current (nothing to compile after the build).
    let mut build = env.command("cargo", "build -q -p pickanumber-render");
    run("cargo build -p pickanumber-render", &mut build)?;
    let bin = env.target().join("debug/pickanumber-render");
    let scratch = env.target().join("bench-render");
    let times = (0..RENDER_RUNS).map(|_| {
        let started = Instant::now();
        let mut render = env.command(&bin, "");
        folders(env, &mut render, &scratch.join("dist").to_string_lossy()).stdout(Stdio::null());
        run("pickanumber-render", &mut render).map(|()| started.elapsed().as_secs_f64() * 1000.0)
    });
    let times = times.collect();
    let _ = std::fs::remove_dir_all(scratch);
    times
}

/// Times [`EDITS`] edits of `content/index.md` under `serve`'s machinery until they are served;
/// after a failed one, the file's exact bytes are put back (unless someone else changed it).
fn edit_to_reload(env: &Env) -> Result<Vec<f64>, Failure> {
    println!("    serve's build, watch and server (port 0)");
    let mut dev = Dev::start(env, 0)?;
    let path = env.repo.join("content/index.md");
    let original = std::fs::read(&path).context(path.display())?;
    let edited = [original.as_slice(), b"\n"].concat();
    dev.rebuild(env, Duration::ZERO); // whatever the first build stirred up
    let mut edit = |before: &[u8], after: &[u8]| {
        if std::fs::read(&path).ok().as_deref() != Some(before) {
            let why = format!("someone else is editing {}", path.display());
            return Err(failed(why));
        }
        let started = Instant::now();
        std::fs::write(&path, after).context(path.display())?;
        match dev.rebuild(env, Duration::from_secs(REBUILD_S)) {
            Some(Ok(())) => Ok(started.elapsed().as_secs_f64() * 1000.0),
            Some(Err(e)) => Err(failed(format!("serve's rebuild failed: {e}"))),
            None => Err(failed(format!("no change seen within {REBUILD_S} s"))),
        }
    };
    let samples = (0..EDITS / 2).flat_map(|_| [(&original, &edited), (&edited, &original)]);
    let samples: Result<Vec<f64>, Failure> = samples.map(|(a, b)| edit(a, b)).collect();
    if std::fs::read(&path).is_ok_and(|now| now == edited) {
        std::fs::write(&path, &original).context(format!("cannot restore {}", path.display()))?;
    }
    samples
}
