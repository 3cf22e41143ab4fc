//! `cargo xtask serve`: build once, serve `dist/` on loopback, and rebuild on changes found by
//! polling modification times. Words (`content/`, `paper/`, `examples/`, `static/`) and the
//! generator re-render the pages only; the calculator and the formula crate rebuild the wasm
//! first. After a good rebuild the version behind `/__dev/version` goes up and open pages
//! reload; after a failed one the previous `dist/` stays served.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use xtask::static_server::{self, Reload, Site};

use crate::env::{human, Env, Failure};
use crate::pipeline::{self, Mode};
use crate::setup::{self, Needs};

/// Changes here re-run only the generator.
const PAGE_DIRS: &[&str] = &["content", "paper", "examples", "static", "site/render"];
/// Changes here rebuild the wasm, then the pages (the formula crate's tests do not).
const WASM_DIRS: &[&str] = &["site/calculator", "site/score/src", "site/score/Cargo.toml"];
const POLL: Duration = Duration::from_millis(300);

pub fn serve(env: &Env, port: u16) -> Result<(), Failure> {
    let reload = Reload::new();
    let site = Site::new(pipeline::dist(env)).with_reload(reload.clone());
    let addr = static_server::start(site, ("127.0.0.1", port)).map_err(|e| {
        Failure::Failed(format!(
            "cannot listen on 127.0.0.1:{port}: {e} (another server there? try --port {})",
            port.wrapping_add(1)
        ))
    })?;

    setup::setup(env, Needs::Build)?;
    pipeline::fetch(env)?;
    let mut wasm_ok = report_initial(pipeline::wasm(env));
    if wasm_ok {
        report_initial(pipeline::pages(env, Mode::Dev));
    }

    println!(
        "\nserving {} at http://{addr}/",
        pipeline::dist(env).display()
    );
    println!(
        "watching {} and {}; Ctrl-C stops",
        PAGE_DIRS.join(", "),
        WASM_DIRS.join(", ")
    );

    let mut pages = snapshot(&env.repo, PAGE_DIRS);
    let mut wasm = snapshot(&env.repo, WASM_DIRS);
    loop {
        thread::sleep(POLL);
        let new_pages = snapshot(&env.repo, PAGE_DIRS);
        let new_wasm = snapshot(&env.repo, WASM_DIRS);
        let wasm_changed = changes(&wasm, &new_wasm);
        let mut changed = wasm_changed.clone();
        changed.extend(changes(&pages, &new_pages));
        if changed.is_empty() {
            continue;
        }
        pages = new_pages;
        wasm = new_wasm;
        let started = Instant::now();
        let rebuild_wasm = !wasm_changed.is_empty() || !wasm_ok;
        let result = if rebuild_wasm {
            let r = pipeline::wasm(env);
            wasm_ok = r.is_ok();
            r.and_then(|()| pipeline::pages(env, Mode::Dev))
        } else {
            pipeline::pages(env, Mode::Dev)
        };
        let what = describe(&changed, &env.repo);
        let rebuilt = if rebuild_wasm {
            "calculator and pages rebuilt"
        } else {
            "pages rebuilt"
        };
        match result {
            Ok(()) => {
                reload.bump();
                println!("{what} changed → {rebuilt} in {}", human(started.elapsed()));
            }
            Err(e) => println!(
                "{what} changed → rebuild FAILED after {}: {e}\n    still serving the previous dist/; fix it and save again",
                human(started.elapsed())
            ),
        }
    }
}

/// A first build that fails does not stop the server: the message says so, and saving a fix
/// rebuilds. Returns whether it worked.
fn report_initial(result: Result<(), Failure>) -> bool {
    match result {
        Ok(()) => true,
        Err(e) => {
            println!("the first build failed: {e}\n    serving whatever dist/ holds; fix it and save to rebuild");
            false
        }
    }
}

/// Modification times of the files under `dirs`, skipping build output, dependencies and
/// hidden or backup files (editors' swap files change all the time).
fn snapshot(repo: &Path, dirs: &[&str]) -> BTreeMap<PathBuf, SystemTime> {
    let mut files = BTreeMap::new();
    let mut stack: Vec<PathBuf> = Vec::new();
    for path in dirs.iter().map(|d| repo.join(d)) {
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_file() => {
                if let Ok(modified) = meta.modified() {
                    files.insert(path, modified);
                }
            }
            Ok(_) => stack.push(path),
            Err(_) => {}
        }
    }
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.')
                || name.ends_with('~')
                || name.ends_with(".swp")
                || matches!(name.as_ref(), "target" | "dist" | "node_modules")
            {
                continue;
            }
            let Ok(meta) = entry.metadata() else { continue };
            if meta.is_dir() {
                stack.push(entry.path());
            } else if let Ok(modified) = meta.modified() {
                files.insert(entry.path(), modified);
            }
        }
    }
    files
}

/// Files added, removed or modified between two snapshots.
fn changes(
    before: &BTreeMap<PathBuf, SystemTime>,
    after: &BTreeMap<PathBuf, SystemTime>,
) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = after
        .iter()
        .filter(|(path, time)| before.get(*path) != Some(time))
        .map(|(path, _)| path.clone())
        .collect();
    out.extend(before.keys().filter(|p| !after.contains_key(*p)).cloned());
    out
}

/// `content/index.md`, `content/a.md, static/style.css` or `content/a.md, content/b.md and 2 more`.
fn describe(changed: &[PathBuf], repo: &Path) -> String {
    let names: Vec<String> = changed
        .iter()
        .take(2)
        .map(|p| p.strip_prefix(repo).unwrap_or(p).display().to_string())
        .collect();
    match changed.len() {
        0..=2 => names.join(", "),
        n => format!("{} and {} more", names.join(", "), n - 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshots_see_edits_additions_and_removals_but_not_build_output() {
        let root = std::env::temp_dir().join(format!("xtask-watch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("content/target")).unwrap();
        std::fs::write(root.join("content/index.md"), "a").unwrap();
        std::fs::write(root.join("content/.index.md.swp"), "x").unwrap();
        std::fs::write(root.join("content/target/out"), "x").unwrap();
        std::fs::write(root.join("Cargo.toml"), "c").unwrap();
        assert_eq!(
            snapshot(&root, &["Cargo.toml"]).len(),
            1,
            "a single file can be watched"
        );
        let before = snapshot(&root, &["content", "missing-dir"]);
        assert_eq!(before.len(), 1);

        std::fs::write(root.join("content/new.md"), "b").unwrap();
        let after = snapshot(&root, &["content"]);
        assert_eq!(changes(&before, &after), vec![root.join("content/new.md")]);

        std::fs::remove_file(root.join("content/index.md")).unwrap();
        let last = snapshot(&root, &["content"]);
        assert_eq!(changes(&after, &last), vec![root.join("content/index.md")]);
        let three = [
            root.join("content/a.md"),
            root.join("b.md"),
            root.join("c.md"),
        ];
        assert_eq!(describe(&three[..2], &root), "content/a.md, b.md");
        assert_eq!(describe(&three, &root), "content/a.md, b.md and 1 more");
    }
}
