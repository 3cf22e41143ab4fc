//! **Runs folder + items file** → [`Probe`] → **`aggregate.json` + `REPORT.md`**: what
//! `pickanumber probe --runs-dir DIR --items FILE --out DIR` needs (feature `fs`).
//!
//! Run files are the folder's `run-*.json` regular files in byte order of their names, each
//! read as a judge's output is (`run::outcome_from_file_text`: the JSON alone, or in a fenced
//! block with sentences around it). A file that is not valid JSON, or not a run, is a failed
//! run named by its file name; it never stops the probe. What does stop it is a [`ProbeFsError`]: a missing folder, a missing or invalid
//! items file, no run files, a file larger than [`MAX_BYTES`] (64 MiB: `--items /dev/zero`
//! is refused after 64 MiB, not read forever), or a file that cannot be read or written.
//! Outputs are written to
//! a temporary file in the output folder and renamed into place, so a reader never sees half
//! a file.

use super::items::{ItemsError, ItemsSpec};
use super::run::{outcome_from_file_text, Outcome, Run, RunError};
use super::{probe, report, Probe};
use crate::bounded::{read_file, Bounded, MAX_BYTES};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// Why the probe could not run or write its outputs.
#[derive(Debug)]
pub enum ProbeFsError {
    /// The runs folder does not exist.
    RunsDirMissing(PathBuf),
    /// The runs path exists but is not a folder.
    RunsDirNotAFolder(PathBuf),
    /// The items file does not exist.
    ItemsFileMissing(PathBuf),
    /// The items file is not a usable items file.
    ItemsFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        error: ItemsError,
    },
    /// The runs folder has no `run-*.json` file.
    NoRunFiles(PathBuf),
    /// A file holds more than the most the probe reads from one file ([`MAX_BYTES`]).
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit in bytes.
        limit: u64,
    },
    /// A file or folder could not be read.
    Read {
        /// The path.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// An output could not be written.
    Write {
        /// The path.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
}

impl fmt::Display for ProbeFsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeFsError::RunsDirMissing(p) => write!(f, "runs folder not found: {}", p.display()),
            ProbeFsError::RunsDirNotAFolder(p) => {
                write!(f, "runs folder {} is not a folder", p.display())
            }
            ProbeFsError::ItemsFileMissing(p) => {
                write!(f, "items file not found: {}", p.display())
            }
            ProbeFsError::ItemsFile { path, error } => {
                write!(f, "items file {}: {error}", path.display())
            }
            ProbeFsError::NoRunFiles(p) => {
                write!(f, "no run-*.json files in {}", p.display())
            }
            ProbeFsError::TooLarge { path, limit } => {
                let name = path.display().to_string();
                f.write_str(&Bounded::TooLarge(*limit).message(&name))
            }
            ProbeFsError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            ProbeFsError::Write { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for ProbeFsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ProbeFsError::Read { source, .. } | ProbeFsError::Write { source, .. } => Some(source),
            ProbeFsError::ItemsFile { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Reads the runs folder and the items file and computes the probe. The folder is checked
/// first, then the items file, then the run files (the original's order).
///
/// # Errors
/// [`ProbeFsError::RunsDirMissing`], [`ProbeFsError::RunsDirNotAFolder`],
/// [`ProbeFsError::ItemsFileMissing`], [`ProbeFsError::ItemsFile`],
/// [`ProbeFsError::NoRunFiles`], or [`ProbeFsError::Read`] when a file exists but cannot be
/// read. A run file with bad content is a failed run, not an error.
pub fn probe_dir(runs_dir: &Path, items_file: &Path) -> Result<Probe, ProbeFsError> {
    check_runs_dir(runs_dir)?;
    let spec = read_items_file(items_file)?;
    let runs = read_runs_dir(runs_dir)?;
    Ok(probe(&runs, &spec))
}

fn check_runs_dir(dir: &Path) -> Result<(), ProbeFsError> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(ProbeFsError::RunsDirNotAFolder(dir.to_path_buf())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            Err(ProbeFsError::RunsDirMissing(dir.to_path_buf()))
        }
        Err(source) => Err(ProbeFsError::Read {
            path: dir.to_path_buf(),
            source,
        }),
    }
}

/// Reads and checks an items file.
///
/// # Errors
/// [`ProbeFsError::ItemsFileMissing`], [`ProbeFsError::ItemsFile`] (invalid content, including
/// text that is not UTF-8), [`ProbeFsError::TooLarge`] or [`ProbeFsError::Read`].
pub fn read_items_file(path: &Path) -> Result<ItemsSpec, ProbeFsError> {
    let bytes = read_file(path, MAX_BYTES).map_err(|e| match e {
        Bounded::Io(source) if source.kind() == io::ErrorKind::NotFound => {
            ProbeFsError::ItemsFileMissing(path.to_path_buf())
        }
        e => bounded_error(path, e),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| ProbeFsError::ItemsFile {
        path: path.to_path_buf(),
        error: ItemsError::InvalidJson("not UTF-8 text".to_string()),
    })?;
    ItemsSpec::from_json_str(&text).map_err(|error| ProbeFsError::ItemsFile {
        path: path.to_path_buf(),
        error,
    })
}

/// Reads every `run-*.json` regular file of `dir`, in byte order of the names, as runs
/// labelled by file name.
///
/// # Errors
/// [`ProbeFsError::RunsDirMissing`] / [`ProbeFsError::RunsDirNotAFolder`],
/// [`ProbeFsError::NoRunFiles`], [`ProbeFsError::TooLarge`] for a run file over
/// [`MAX_BYTES`], or [`ProbeFsError::Read`] for a folder or file the system will not read.
pub fn read_runs_dir(dir: &Path) -> Result<Vec<Run>, ProbeFsError> {
    check_runs_dir(dir)?;
    let read_err = |source| ProbeFsError::Read {
        path: dir.to_path_buf(),
        source,
    };
    let mut files: Vec<(Vec<u8>, String, PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(read_err)? {
        let entry = entry.map_err(read_err)?;
        let name = entry.file_name();
        let label = name.to_string_lossy().into_owned();
        if !(label.starts_with("run-") && label.ends_with(".json")) {
            continue;
        }
        let path = entry.path();
        // Follows links, as opening the file would.
        if !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
            continue;
        }
        files.push((name.as_encoded_bytes().to_vec(), label, path));
    }
    if files.is_empty() {
        return Err(ProbeFsError::NoRunFiles(dir.to_path_buf()));
    }
    files.sort();
    files
        .into_iter()
        .map(|(_, label, path)| {
            let bytes = read_file(&path, MAX_BYTES).map_err(|e| bounded_error(&path, e))?;
            let outcome = match String::from_utf8(bytes) {
                Ok(text) => outcome_from_file_text(&text),
                Err(_) => Outcome::Unreadable(RunError::NotText),
            };
            Ok(Run { label, outcome })
        })
        .collect()
}

/// The probe's error for a failed bounded read of `path`.
fn bounded_error(path: &Path, e: Bounded) -> ProbeFsError {
    match e {
        Bounded::TooLarge(limit) => ProbeFsError::TooLarge {
            path: path.to_path_buf(),
            limit,
        },
        Bounded::Io(source) => ProbeFsError::Read {
            path: path.to_path_buf(),
            source,
        },
    }
}

/// Where [`write_outputs`] put the two files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// `OUT/aggregate.json`.
    pub aggregate_json: PathBuf,
    /// `OUT/REPORT.md`.
    pub report_md: PathBuf,
}

/// Writes `aggregate.json` (of `p`) and `REPORT.md` (the text `report_md`, which the view
/// crate's `probe_report::markdown` writes for `p`) into `out_dir` (created when missing),
/// each through a temporary file renamed into place.
///
/// # Errors
/// [`ProbeFsError::Write`] naming the folder or file that could not be created or written.
pub fn write_outputs(p: &Probe, report_md: &str, out_dir: &Path) -> Result<Written, ProbeFsError> {
    std::fs::create_dir_all(out_dir).map_err(|source| ProbeFsError::Write {
        path: out_dir.to_path_buf(),
        source,
    })?;
    let aggregate_json = out_dir.join("aggregate.json");
    let report_path = out_dir.join("REPORT.md");
    write_atomically(&aggregate_json, &report::aggregate_json(p))?;
    write_atomically(&report_path, report_md)?;
    Ok(Written {
        aggregate_json,
        report_md: report_path,
    })
}

fn write_atomically(path: &Path, content: &str) -> Result<(), ProbeFsError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let err = |source| ProbeFsError::Write {
        path: path.to_path_buf(),
        source,
    };
    std::fs::write(&tmp, content).map_err(err)?;
    std::fs::rename(&tmp, path).map_err(|source| {
        let _ = std::fs::remove_file(&tmp);
        err(source)
    })
}
