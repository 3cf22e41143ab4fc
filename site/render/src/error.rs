//! Build errors that name the file and line, so a writer can go straight to the problem.

use std::fmt;
use std::path::{Path, PathBuf};

/// One problem in one input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The file, relative to the site root where possible.
    pub file: PathBuf,
    /// 1-based line, when the problem has one.
    pub line: Option<usize>,
    /// What is wrong and what to do.
    pub message: String,
}

impl Error {
    /// An error at a line of a file.
    pub fn at(file: &Path, line: usize, message: impl Into<String>) -> Error {
        Error {
            file: file.to_path_buf(),
            line: Some(line),
            message: message.into(),
        }
    }

    /// An error about a whole file (unreadable, missing).
    pub fn file(file: &Path, message: impl Into<String>) -> Error {
        Error {
            file: file.to_path_buf(),
            line: None,
            message: message.into(),
        }
    }
}

/// `content/index.md:12: unknown reference {{ ex-z.final }}`.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file.display(), line, self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl std::error::Error for Error {}

/// Every error of a build, so all can be fixed in one go.
#[derive(Debug, Default)]
pub struct Errors(pub Vec<Error>);

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.0 {
            writeln!(f, "{e}")?;
        }
        write!(
            f,
            "{} error{}; nothing was written",
            self.0.len(),
            if self.0.len() == 1 { "" } else { "s" }
        )
    }
}

impl std::error::Error for Errors {}

impl From<Error> for Errors {
    fn from(e: Error) -> Errors {
        Errors(vec![e])
    }
}

/// Maps byte offsets of a source file to 1-based line numbers.
pub struct Lines {
    starts: Vec<usize>,
    first_line: usize,
}

impl Lines {
    /// Indexes `text`, whose first line is line `first_line` of the file.
    pub fn new(text: &str, first_line: usize) -> Lines {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines { starts, first_line }
    }

    /// The line holding byte `offset`.
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1 + self.first_line
    }
}
