//! The output folder: where a build may write, and what it may replace.
//!
//! A build writes a new tree beside the output, then swaps it in and deletes the old one
//! ([`crate::site`]), so `--out` must never be or hold the sources. [`check`] runs before
//! anything is read or written:
//!
//! **`--out`, `--root`, `--calc`** → absolute paths with links resolved ([`resolved`]) → refused
//! when the output is the project root, contains it, or is, contains or lies inside a source
//! folder (`content/`, `paper/`, `examples/`, `static/`, `site/`, and the `--calc` folder) →
//! refused when it exists and is not a folder this renderer wrote: a regular file, a link, or
//! a non-empty folder without the [`MARKER`] file every build writes into its output. The two
//! helper folders beside the output (`.NAME-tmp`, `.NAME-old`) obey the same marker rule.

use crate::error::Error;
use std::path::{Component, Path, PathBuf};

/// The file every build writes at the top of its output: only a folder holding it is ever
/// replaced.
pub const MARKER: &str = ".pickanumber-build";

/// What [`MARKER`] says to whoever opens it.
pub const MARKER_TEXT: &str = "Written by pickanumber-render. The next build replaces this whole folder; keep nothing else here.\n";

/// The folders of the project root that hold sources.
pub const SOURCES: [&str; 6] = ["content", "docs", "paper", "examples", "static", "site"];

/// What every refusal of a place in the sources ends with.
const OWN_FOLDER: &str = "a build replaces its output folder as a whole, so --out must be a folder of its own outside content/, docs/, paper/, examples/, static/ and site/, such as dist/";

/// Checks that the build may write `out` for the sources at `root` (and the calculator's
/// assets at `calc`).
///
/// # Errors
/// One error, filed under `--out` (or the helper folder in the way), with the reason.
pub fn check(root: &Path, out: &Path, calc: Option<&Path>) -> Result<(), Error> {
    let refuse = |message: String| Err(Error::file(Path::new("--out"), message));
    let shown = out.display();
    let (out_abs, root_abs) = (resolved(out), resolved(root));
    if out_abs == root_abs {
        return refuse(format!("{shown} is the project root; {OWN_FOLDER}"));
    }
    if root_abs.starts_with(&out_abs) {
        return refuse(format!(
            "{shown} contains the project root {}; {OWN_FOLDER}",
            root_abs.display()
        ));
    }
    let sources = SOURCES
        .iter()
        .map(|s| (format!("{s}/"), resolved(&root.join(s))));
    let calc = calc.map(|c| {
        (
            format!("the calculator's assets {}", c.display()),
            resolved(c),
        )
    });
    for (name, source) in sources.chain(calc) {
        let relation = if out_abs == source {
            "is"
        } else if source.starts_with(&out_abs) {
            "contains"
        } else if out_abs.starts_with(&source) {
            "lies inside"
        } else {
            continue;
        };
        let folder = if name.ends_with('/') {
            format!("the source folder {name}")
        } else {
            name
        };
        return refuse(format!("{shown} {relation} {folder}; {OWN_FOLDER}"));
    }
    replaceable(out, &shown.to_string())?;
    for helper in [helper(out, "tmp"), helper(out, "old")] {
        replaceable(&helper, &helper.display().to_string())?;
    }
    Ok(())
}

/// `.NAME-tag` beside `out`: where a build writes first (`tmp`) or moves the old output
/// (`old`).
pub fn helper(out: &Path, tag: &str) -> PathBuf {
    let name = out.file_name().and_then(|n| n.to_str()).unwrap_or("dist");
    out.with_file_name(format!(".{name}-{tag}"))
}

/// Whether a build may delete or replace `path`: it does not exist, or it is an empty folder,
/// or a folder holding [`MARKER`]. `shown` names it in the error.
fn replaceable(path: &Path, shown: &str) -> Result<(), Error> {
    let refuse = |message: String| Err(Error::file(Path::new("--out"), message));
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(_) => return Ok(()),
    };
    if meta.file_type().is_symlink() {
        return refuse(format!(
            "{shown} is a symbolic link; give the folder itself, one this build wrote before or a new one"
        ));
    }
    if !meta.is_dir() {
        return refuse(format!(
            "{shown} is a file; a build writes a folder, and replaces only one it wrote before (holding {MARKER})"
        ));
    }
    let marked = std::fs::symlink_metadata(path.join(MARKER)).is_ok_and(|m| m.is_file());
    let empty = std::fs::read_dir(path).is_ok_and(|mut d| d.next().is_none());
    if marked || empty {
        return Ok(());
    }
    refuse(format!(
        "{shown} is a folder this build did not write (it has no {MARKER}) and it is not empty; remove or empty it, or choose another --out"
    ))
}

/// `p` as an absolute path with every link resolved, one component at a time: a part that
/// exists is canonicalised (so a later `..` leaves the folder a link points to, as the
/// system would), a part that does not is appended as it is, and `.` is dropped.
pub fn resolved(p: &Path) -> PathBuf {
    let absolute = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let mut out = PathBuf::new();
    for c in absolute.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(name) => {
                out.push(name);
                if let Ok(real) = std::fs::canonicalize(&out) {
                    out = real;
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_resolve_through_links_and_dots() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        std::fs::create_dir_all(dir.join("root/content")).unwrap();
        let real = std::fs::canonicalize(dir).unwrap();
        assert_eq!(
            resolved(&dir.join("root/new/../content")),
            real.join("root/content")
        );
        assert_eq!(resolved(&dir.join("root/a/b/../..")), real.join("root"));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.join("root/content"), dir.join("link")).unwrap();
            assert_eq!(resolved(&dir.join("link/x")), real.join("root/content/x"));
        }
    }

    #[test]
    fn helpers_sit_beside_the_output() {
        assert_eq!(
            helper(Path::new("/a/dist"), "tmp"),
            Path::new("/a/.dist-tmp")
        );
        assert_eq!(helper(Path::new("out"), "old"), Path::new(".out-old"));
    }
}
