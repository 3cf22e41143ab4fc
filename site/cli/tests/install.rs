//! The README's install line, `cargo install --locked --path site/cli`, run from the
//! repository into a temporary root, and the installed binary run once.
//!
//! Ignored by default: it builds the CLI cold in release, which is slow on a shared machine. Run it with
//! `cargo test -p pickanumber-cli --test install -- --ignored`. Its build directory,
//! `target/install-test`, is kept, so a second run rebuilds only what changed.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "a cold release build of the CLI (`cargo xtask test` runs the same line as its install step); run with --ignored"]
fn the_install_line_installs_a_working_binary() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = tempfile::tempdir().unwrap();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // Its own build directory: the one `cargo test` is using stays locked while tests run.
    let target = repo.join("target/install-test");
    let install = |offline: bool| {
        let mut cmd = Command::new(&cargo);
        cmd.current_dir(&repo)
            .args(["install", "--locked", "--path", "site/cli", "--root"])
            .arg(root.path())
            .arg("--target-dir")
            .arg(&target);
        if offline {
            cmd.arg("--offline");
        }
        cmd.output().unwrap()
    };
    let started = std::time::Instant::now();
    // Offline first (every crate is already in the local registry after `cargo test`), then
    // with the network if some crate is missing.
    let mut out = install(true);
    if !out.status.success() {
        out = install(false);
    }
    assert!(
        out.status.success(),
        "cargo install failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("cargo install took {:.1?}", started.elapsed());

    let bin = root
        .path()
        .join("bin")
        .join(format!("pickanumber{}", std::env::consts::EXE_SUFFIX));
    let out = Command::new(&bin).arg("--version").output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("pickanumber {}\n", env!("CARGO_PKG_VERSION"))
    );
}
