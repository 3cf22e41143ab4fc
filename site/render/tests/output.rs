//! The output folder cannot eat the sources: `pickanumber-render` refuses an `--out` that is,
//! contains or lies inside the project root or a source folder, and replaces only a folder an
//! earlier build wrote (holding `.pickanumber-build`), never another folder or a file. Each
//! refusal is an exact message with exit status 2, and every source byte is as it was.

mod common;

use common::{copy_tree, fixture};
use std::path::{Path, PathBuf};
use std::process::Command;
use tempfile::TempDir;

/// A scratch folder (removed when dropped) holding a copy of the fixture site as `root/` (with
/// a `site/` folder of code, as the repository has).
fn project() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("root");
    copy_tree(&fixture(), &root);
    std::fs::create_dir_all(root.join("site/cli")).unwrap();
    std::fs::write(root.join("site/cli/main.rs"), "fn main() {}\n").unwrap();
    (dir, root)
}

/// Every file under `dir` with its bytes, sorted (links as their target).
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for e in walkdir::WalkDir::new(dir).min_depth(1) {
        let e = e.unwrap();
        let rel = e.path().strip_prefix(dir).unwrap().to_path_buf();
        if e.path_is_symlink() {
            let to = std::fs::read_link(e.path()).unwrap();
            out.push((rel, to.to_string_lossy().as_bytes().to_vec()));
        } else if e.file_type().is_file() {
            out.push((rel, std::fs::read(e.path()).unwrap()));
        }
    }
    out.sort();
    out
}

/// Runs the generator; its exit status and standard error.
fn render(root: &Path, out: &Path) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_pickanumber-render"))
        .arg("--root")
        .arg(root)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    (o.status.code(), String::from_utf8(o.stderr).unwrap())
}

const OWN: &str = "a build replaces its output folder as a whole, so --out must be a folder of its own outside content/, docs/, paper/, examples/, static/ and site/, such as dist/";

/// The generator's whole standard error for a refusal.
fn refused(message: String) -> String {
    format!("--out: {message}\n1 error; nothing was written\n")
}

#[test]
fn an_output_in_the_sources_is_refused_and_nothing_changes() {
    let (scratch, root) = project();
    let dir = scratch.path().to_path_buf();
    let r = root.display();
    let mut cases = vec![
        (root.clone(), format!("{r} is the project root; {OWN}")),
        (
            root.join("site/.."),
            format!("{r}/site/.. is the project root; {OWN}"),
        ),
        (
            dir.clone(),
            format!("{} contains the project root {r}; {OWN}", dir.display()),
        ),
    ];
    for s in ["content", "paper", "examples", "static", "site"] {
        cases.push((
            root.join(s),
            format!("{r}/{s} is the source folder {s}/; {OWN}"),
        ));
        cases.push((
            root.join(s).join("out"),
            format!("{r}/{s}/out lies inside the source folder {s}/; {OWN}"),
        ));
    }
    #[cfg(unix)]
    {
        // A link is followed: the folder it names is what would be replaced.
        let link = dir.join("styles");
        std::os::unix::fs::symlink(root.join("static"), &link).unwrap();
        cases.push((
            link.clone(),
            format!("{} is the source folder static/; {OWN}", link.display()),
        ));
    }
    let before = snapshot(&dir);
    for (out, message) in cases {
        assert_eq!(
            render(&root, &out),
            (Some(2), refused(message)),
            "{}",
            out.display()
        );
        assert_eq!(snapshot(&dir), before, "--out {}", out.display());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn only_a_folder_an_earlier_build_wrote_is_replaced() {
    let (scratch, root) = project();
    let dir = scratch.path().to_path_buf();
    let sources = snapshot(&root);

    // An unrelated folder with something in it, and a regular file: refused, untouched.
    let mine = dir.join("mine");
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(mine.join("notes.txt"), "keep me").unwrap();
    let file = dir.join("out.html");
    std::fs::write(&file, "keep me too").unwrap();
    for (out, message) in [
        (&mine, format!("{} is a folder this build did not write (it has no .pickanumber-build) and it is not empty; remove or empty it, or choose another --out", mine.display())),
        (&file, format!("{} is a file; a build writes a folder, and replaces only one it wrote before (holding .pickanumber-build)", file.display())),
    ] {
        assert_eq!(render(&root, out), (Some(2), refused(message)));
    }
    assert_eq!(
        std::fs::read_to_string(mine.join("notes.txt")).unwrap(),
        "keep me"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me too");

    // A new folder, then the same folder again: it holds the marker, so it is replaced whole.
    let dist = dir.join("dist");
    assert_eq!(render(&root, &dist).0, Some(0));
    assert_eq!(
        std::fs::read_to_string(dist.join(".pickanumber-build")).unwrap(),
        "Written by pickanumber-render. The next build replaces this whole folder; keep nothing else here.\n"
    );
    std::fs::write(dist.join("stale.txt"), "from an earlier build").unwrap();
    assert_eq!(render(&root, &dist).0, Some(0));
    assert!(dist.join("index.html").is_file());
    assert!(
        !dist.join("stale.txt").exists(),
        "the old output is replaced as a whole"
    );
    // An empty folder is taken too.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    assert_eq!(render(&root, &empty).0, Some(0));

    // A helper folder in the way that the build did not write is refused by name.
    let other = dir.join("site-out");
    let in_the_way = dir.join(".site-out-tmp");
    std::fs::create_dir_all(&in_the_way).unwrap();
    std::fs::write(in_the_way.join("draft.md"), "mine").unwrap();
    assert_eq!(
        render(&root, &other),
        (Some(2), refused(format!("{} is a folder this build did not write (it has no .pickanumber-build) and it is not empty; remove or empty it, or choose another --out", in_the_way.display())))
    );
    assert_eq!(
        std::fs::read_to_string(in_the_way.join("draft.md")).unwrap(),
        "mine"
    );
    assert!(!other.exists());

    assert_eq!(snapshot(&root), sources, "the sources are untouched");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_usage_error_names_the_argument_and_exits_2() {
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_pickanumber-render"))
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8(o.stderr).unwrap();
        (
            o.status.code(),
            err.lines().next().unwrap_or("").to_string(),
        )
    };
    assert_eq!(
        run(&["--colour"]),
        (
            Some(2),
            "pickanumber-render: invalid option '--colour'".into()
        )
    );
    assert_eq!(
        run(&["--root"]),
        (
            Some(2),
            "pickanumber-render: missing argument for option '--root'".into()
        )
    );
    assert_eq!(
        run(&["--root=."]),
        (
            Some(2),
            "pickanumber-render: --root and --out are required".into()
        )
    );
}
