//! Reading `## Pass:` headings costs memory in proportion to the text, not to the square of
//! the number of passes, checked without timing: 60,000 passes (1.2 MB of text) are read in a
//! process whose address space is capped at [`CAP_MIB`] MiB. Reading each pass with blank
//! lines in place of the text above it held the square: for these passes some 3.6 GB of
//! blank lines at once, so the capped process ran out of memory.

#![cfg(all(feature = "combine", unix))]

use std::process::Command;

use pickanumber_score::{analyse, Request};

/// The address space the reading process may use, in MiB: a test process's own (its code,
/// its threads' stacks, the allocator's arenas) and a few hundred bytes per byte of text.
const CAP_MIB: u64 = 1024;

/// The passes of the text: one item each, every pass under its own heading.
const PASSES: usize = 60_000;

/// `n` passes of one item each.
fn passes(n: usize) -> String {
    (0..n)
        .map(|k| format!("## Pass: j{k}\n+1 x {k}\n"))
        .collect()
}

/// Run by [`sixty_thousand_passes_are_read_in_a_capped_address_space`] in a process of its own.
#[test]
#[ignore = "run under a memory cap by sixty_thousand_passes_are_read_in_a_capped_address_space"]
fn read_sixty_thousand_passes() {
    let text = passes(PASSES);
    let request = Request {
        skip_interval: true,
        ..Request::default()
    };
    let a = analyse(&text, &request);
    let p = a.passes.as_ref().expect("passes");
    assert_eq!(p.passes.len(), PASSES);
    // Line numbers are the whole text's: the last heading is on line 119,999.
    assert_eq!(p.passes[PASSES - 1].line, Some(2 * PASSES - 1));
    assert_eq!(a.entries.last().map(|e| e.line), Some(2 * PASSES));
    assert!(!a.has_errors());
}

#[test]
fn sixty_thousand_passes_are_read_in_a_capped_address_space() {
    let me = std::env::current_exe().expect("the test binary");
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {} && exec \"$0\" \"$@\"",
            CAP_MIB * 1024
        ))
        .arg(me)
        .args([
            "--exact",
            "read_sixty_thousand_passes",
            "--ignored",
            "--test-threads=1",
        ])
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{PASSES} passes did not fit in {CAP_MIB} MiB: {}\n{stdout}\n{stderr}",
        out.status
    );
}
