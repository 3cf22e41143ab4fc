//! The output folder cannot eat the sources: `pickanumber-render` refuses an `--out` that is,
//! contains or lies inside the project root or a source folder, and replaces only a folder an
//! earlier build wrote (holding `.pickanumber-build`), never another folder or a file. Each
//! refusal is an exact message with exit status 2, and every source byte is as it was.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A scratch folder holding a copy of the fixture site as `root/` (with a `site/` folder of
/// code, as the repository has).
fn project(name: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("pickanumber-out-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let root = dir.join("root");
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/site"),
        &root,
    );
    std::fs::create_dir_all(root.join("site/cli")).unwrap();
    std::fs::write(root.join("site/cli/main.rs"), "fn main() {}\n").unwrap();
    (dir, root)
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let t = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &t);
        } else {
            std::fs::copy(e.path(), t).unwrap();
        }
    }
}

/// Every file under `dir` with its bytes, sorted (links as their target).
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let ty = e.file_type().unwrap();
            let rel = e.path().strip_prefix(dir).unwrap().to_path_buf();
            if ty.is_symlink() {
                let to = std::fs::read_link(e.path()).unwrap();
                out.push((rel, to.to_string_lossy().as_bytes().to_vec()));
            } else if ty.is_dir() {
                stack.push(e.path());
            } else {
                out.push((rel, std::fs::read(e.path()).unwrap()));
            }
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

const OWN: &str = "a build replaces its output folder as a whole, so --out must be a folder of its own outside content/, paper/, examples/, static/ and site/, such as dist/";

/// The generator's whole standard error for a refusal.
fn refused(message: String) -> String {
    format!("--out: {message}\n1 error; nothing was written\n")
}

#[test]
fn an_output_in_the_sources_is_refused_and_nothing_changes() {
    let (dir, root) = project("sources");
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
    let (dir, root) = project("replace");
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
