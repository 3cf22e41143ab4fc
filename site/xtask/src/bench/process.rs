//! Child processes the bench starts in their own process group (Lighthouse and the Chromium it
//! starts, `cargo xtask serve`): wait with a time limit, and end the whole group.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::env::human;

/// the group. Returns whether it succeeded and its stderr.
pub fn wait_with_timeout(mut child: Child, limit: Duration) -> Result<(bool, String), String> {
    let stderr = child.stderr.take();
    let reader = thread::spawn(move || {
        let mut text = String::new();
        if let Some(s) = stderr {
            for line in BufReader::new(s).lines().map_while(Result::ok) {
                text.push_str(&line);
                text.push('\n');
            }
        }
        text
    });
    let deadline = Instant::now() + limit;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let text = reader.join().unwrap_or_default();
                return Ok((status.success(), text));
            }
            Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(100)),
            Ok(None) => {
                kill_group(&child);
                let _ = child.wait();
                return Err(format!("timed out after {}", human(limit)));
            }
            Err(e) => return Err(format!("waiting: {e}")),
        }
    }
}

/// Ends the process group led by `child` (one this bench started with `process_group(0)`).
pub fn kill_group(child: &Child) {
    let _ = Command::new("kill")
        .args(["-TERM", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
    thread::sleep(Duration::from_millis(500));
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
}
