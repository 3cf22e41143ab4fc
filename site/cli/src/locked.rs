//! One read-modify-write of a file that loses nothing when several processes do it at once.
//!
//! **path** → [`resolve`] (a symbolic link is followed to the file it names, so the link stays a
//! link and the target is what changes) → an exclusive advisory lock on a sidecar
//! `.NAME.lock` beside that file (std's [`File::lock`]: `flock` on Unix, `LockFileEx` on
//! Windows) → the file read again under the lock → `change` builds the new text → a temporary
//! file in the same folder, with the old file's permissions, written and flushed to disk →
//! renamed over the file → the folder flushed → the lock released.
//!
//! The lock is on a sidecar rather than on the file itself because the rename replaces the
//! file: a process waiting on the old file's lock would wake up holding a lock on a file no
//! longer in the folder. The sidecar is never removed (removing it would let two processes
//! hold locks on two different sidecars). A read-only file is refused, not replaced, and so is
//! a new text larger than the 64 MiB every reader accepts. While the sidecar does not exist
//! yet, the change is first tried once without the lock, so a change that is refused creates
//! no sidecar (through a symbolic link that would be a file outside the caller's folder).
//! Readers need no lock: they see the old file or the new one, never half of one.

use pickanumber_instruments::bounded::{read_file, size_text, Bounded, MAX_BYTES};
use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

/// How often the lock is taken again when the link being followed changed while waiting.
const RETRIES: usize = 8;

/// Where the bytes of `path` live: `path` itself, or the file a symbolic link at `path`
/// names (following every link in the chain).
///
/// # Errors
/// A message naming `path` when it is a link to nothing, or when it exists but is not a
/// regular file.
pub fn resolve(path: &Path) -> Result<PathBuf, String> {
    let shown = path.display();
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(format!("cannot read {shown}: {e}")),
    };
    let real = if meta.file_type().is_symlink() {
        match std::fs::canonicalize(path) {
            Ok(real) => real,
            Err(e) if e.kind() == ErrorKind::NotFound => {
                let to = std::fs::read_link(path).unwrap_or_default();
                return Err(format!(
                    "{shown} is a symbolic link to {}, which does not exist; create that file or remove the link",
                    to.display()
                ));
            }
            Err(e) => return Err(format!("cannot follow the symbolic link {shown}: {e}")),
        }
    } else {
        path.to_path_buf()
    };
    match std::fs::metadata(&real) {
        Ok(m) if !m.is_file() => Err(format!("{shown} is not a regular file")),
        _ => Ok(real),
    }
}

/// The sidecar whose lock guards `real`: `.NAME.lock` in the same folder.
pub fn lock_path(real: &Path) -> PathBuf {
    let name = real
        .file_name()
        .map_or_else(|| "file".to_string(), |n| n.to_string_lossy().into_owned());
    real.with_file_name(format!(".{name}.lock"))
}

/// Reads the file at `path` (`None` when there is none) under an exclusive lock, replaces it
/// with the text `change` returns (a final newline is added), and returns what `change`
/// returned beside the text. `change` may be called twice: once without the lock when the
/// sidecar does not exist yet (its answer is dropped), then under the lock.
///
/// # Errors
/// A message naming the file when it cannot be resolved, locked, read (or holds more than
/// 64 MiB), is read-only, or cannot be written, or when the new text would hold more than
/// 64 MiB; or `change`'s own message. The file on disk is then unchanged, and a sidecar that
/// did not exist before was not created.
pub fn update<T>(
    path: &Path,
    mut change: impl FnMut(Option<Vec<u8>>) -> Result<(String, T), String>,
) -> Result<T, String> {
    let shown = path.display().to_string();
    let real = resolve(path)?;
    if std::fs::symlink_metadata(lock_path(&real)).is_err() {
        prepare(&real, &shown, &mut change)?;
    }
    let (real, lock) = lock_resolved(path)?;
    let (text, out, permissions) = prepare(&real, &shown, &mut change)?;
    write_replacing(&real, &shown, &text, permissions)?;
    drop(lock);
    Ok(out)
}

/// Reads `real`, checks that it may be replaced, and builds its new text with `change`: the
/// text, what `change` returned beside it, and the permissions a replacement keeps.
fn prepare<T>(
    real: &Path,
    shown: &str,
    change: &mut impl FnMut(Option<Vec<u8>>) -> Result<(String, T), String>,
) -> Result<(String, T, Option<std::fs::Permissions>), String> {
    let old = match read_file(real, MAX_BYTES) {
        Ok(bytes) => Some(bytes),
        Err(Bounded::Io(e)) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => return Err(e.message(shown)),
    };
    let permissions = match std::fs::metadata(real) {
        Ok(meta) => {
            refuse_read_only(real, &meta, shown)?;
            Some(meta.permissions())
        }
        Err(_) => None,
    };
    let (text, out) = change(old)?;
    // The final newline counts: the file read back must fit the limit.
    let size = text.len() as u64 + 1;
    if size > MAX_BYTES {
        return Err(format!(
            "{shown} would hold {} with this change, more than {}, the most pickanumber reads from one input; it was left unchanged (save under a new slug)",
            size_text(size),
            size_text(MAX_BYTES)
        ));
    }
    Ok((text, out, permissions))
}

/// Resolves `path`, takes the lock of its file, and checks that `path` still resolves to the
/// same file (a link may have been changed while this process waited).
fn lock_resolved(path: &Path) -> Result<(PathBuf, File), String> {
    for _ in 0..RETRIES {
        let real = resolve(path)?;
        let sidecar = lock_path(&real);
        let fail = |e: std::io::Error| {
            format!(
                "cannot write {}: cannot lock {}: {e}",
                path.display(),
                sidecar.display()
            )
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&sidecar)
            .map_err(fail)?;
        file.lock().map_err(fail)?;
        if resolve(path)? == real {
            return Ok((real, file));
        }
    }
    Err(format!(
        "{} kept changing to another file while waiting for its lock",
        path.display()
    ))
}

/// Refuses a file no one may write (mode without any write bit) or this process may not
/// open for writing: replacing it by a rename would defeat its permissions.
fn refuse_read_only(real: &Path, meta: &std::fs::Metadata, shown: &str) -> Result<(), String> {
    let writable = !meta.permissions().readonly()
        && match OpenOptions::new().write(true).open(real) {
            Ok(_) => true,
            Err(e) => e.kind() != ErrorKind::PermissionDenied,
        };
    if writable {
        Ok(())
    } else {
        Err(format!(
            "{shown} is read-only; it was left unchanged (make it writable to save a version)"
        ))
    }
}

/// Writes `text` and a final newline to a temporary file beside `real`, flushes it, renames
/// it over `real` and flushes the folder. `permissions`: the replaced file's, else those of
/// any new file (read-write for everyone the umask allows).
pub(crate) fn write_replacing(
    real: &Path,
    shown: &str,
    text: &str,
    permissions: Option<std::fs::Permissions>,
) -> Result<(), String> {
    let dir = match real.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = real.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    match permissions {
        Some(p) => {
            builder.permissions(p);
        }
        None => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                builder.permissions(std::fs::Permissions::from_mode(0o666));
            }
        }
    }
    let fail = |e: std::io::Error| format!("cannot write {shown}: {e}");
    let mut tmp = builder.tempfile_in(dir).map_err(fail)?;
    tmp.write_all(text.as_bytes()).map_err(fail)?;
    tmp.write_all(b"\n").map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(real).map_err(|e| fail(e.error))?;
    // The rename is durable once the folder's entry is on disk (Unix; elsewhere the folder
    // cannot be opened as a file, and the rename is as durable as the system makes it).
    #[cfg(unix)]
    File::open(dir).and_then(|d| d.sync_all()).map_err(fail)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sidecar_is_a_hidden_file_beside_the_target() {
        assert_eq!(
            lock_path(Path::new("/j/agent.json")),
            Path::new("/j/.agent.json.lock")
        );
    }

    #[test]
    fn a_missing_file_resolves_to_itself_and_a_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("a.json");
        assert_eq!(resolve(&missing).unwrap(), missing);
        assert_eq!(
            resolve(dir.path()).unwrap_err(),
            format!("{} is not a regular file", dir.path().display())
        );
    }

    #[test]
    fn an_error_of_the_change_leaves_the_file_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.json");
        std::fs::write(&file, "old").unwrap();
        let err = update(&file, |old| {
            assert_eq!(old.as_deref(), Some(&b"old"[..]));
            Err::<(String, ()), _>("no".to_string())
        });
        assert_eq!(err.unwrap_err(), "no");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
        let n = update(&file, |_| Ok(("new".to_string(), 7))).unwrap();
        assert_eq!(n, 7);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "new\n");
    }
}
