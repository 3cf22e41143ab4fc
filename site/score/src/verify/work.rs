//! The judged work: one text, or a bounded tree of files, each kept normalised (see
//! [`normalise`]) with the offset where each of its lines starts.

use std::fmt;
use std::path::{Path, PathBuf};

/// The most bytes a work may hold, counted over every file read (64 MiB).
pub const MAX_WORK_BYTES: u64 = 64 << 20;
/// The most files a tree may hold (binary files skipped count too).
pub const MAX_WORK_FILES: usize = 10_000;
/// Directories a tree never enters: a repository's own store is not the work.
pub const SKIPPED_DIRS: [&str; 1] = [".git"];

/// One file of the work, normalised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkFile {
    /// The path relative to the tree's root, with `/` separators (a text's name for a text).
    pub path: String,
    /// The normalised text.
    pub(crate) norm: String,
    /// The normalised offset where each line starts; `line_starts[0]` is line 1.
    pub(crate) line_starts: Vec<usize>,
    /// The text as given, to show a passage as it is written.
    text: String,
    /// The byte offset in `text` where each line starts.
    text_starts: Vec<usize>,
}

impl WorkFile {
    /// A file from its path and text.
    pub fn new(path: impl Into<String>, text: &str) -> WorkFile {
        let (norm, line_starts, text_starts) = normalise_lines(text);
        WorkFile {
            path: path.into(),
            norm,
            line_starts,
            text: text.to_string(),
            text_starts,
        }
    }

    /// The text as it was given.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The passage as written (its white space runs one space) of the normalised range
    /// `start..end`: the text normalised again from the start of its line, to find where the
    /// range begins and ends.
    pub(crate) fn original(&self, start: usize, end: usize) -> String {
        let line = self.line_at(start);
        let from = self.text_starts[line - 1];
        // What normalising had written before this line: a line after the first starts one
        // past it (the space its line break becomes), unless nothing was written yet.
        let mut n = self.line_starts[line - 1].saturating_sub(usize::from(line > 1));
        // The line break before the line is white space.
        let mut pending = line > 1;
        let (mut begin, mut stop) = (None, self.text.len());
        let mut chars = self.text[from..].char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if escapes_quote(c, chars.peek().map(|&(_, d)| d)) {
                continue;
            }
            let Some(d) = norm_char(c) else {
                pending = true;
                continue;
            };
            if pending && n > 0 {
                n += 1;
            }
            pending = false;
            if begin.is_none() && n >= start {
                begin = Some(from + i);
            }
            n += if c == '\u{2026}' { 3 } else { d.len_utf8() };
            if n >= end {
                stop = from + i + c.len_utf8();
                break;
            }
        }
        let passage = begin.map_or("", |b| &self.text[b..stop]);
        passage.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// How many lines the file has (a final newline starts no line).
    pub fn lines(&self) -> usize {
        self.line_starts.len()
    }

    /// The 1-based line at a normalised offset.
    pub(crate) fn line_at(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= offset).max(1)
    }

    /// The normalised offsets of lines `first..=last`, widened by `near` lines each side and
    /// kept within the file.
    pub(crate) fn span(&self, first: usize, last: usize, near: usize) -> (usize, usize) {
        let a = first.saturating_sub(near).max(1);
        let b = last.saturating_add(near);
        let start = self
            .line_starts
            .get(a - 1)
            .copied()
            .unwrap_or(self.norm.len());
        let end = self.line_starts.get(b).copied().unwrap_or(self.norm.len());
        (start, end.max(start))
    }
}

/// The judged work: what the evidence must be found in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// The files, in path order (one, with the text's name, for a text).
    pub files: Vec<WorkFile>,
    /// What was not read, one sentence each (binary files, symlinks leading outside).
    pub skipped: Vec<String>,
    /// Whether the work is one text without file names, so that a place cannot name it.
    pub(crate) anonymous: bool,
    /// Whether the work is one file read from its path: a place whose file name is that
    /// file's names it, whatever folders it writes before the name.
    pub(crate) single_file: bool,
}

/// Why a work could not be read: never a partial check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkError(pub String);

impl fmt::Display for WorkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WorkError {}

impl Work {
    /// One text with no file name: quotes are checked, places cannot be.
    pub fn text(text: &str) -> Work {
        Work {
            files: vec![WorkFile::new("", text)],
            skipped: Vec::new(),
            anonymous: true,
            single_file: false,
        }
    }

    /// Files given as path and text (a package's `{path: text}`), each path relative, with
    /// `/` separators.
    ///
    /// # Errors
    /// More than [`MAX_WORK_FILES`] files or [`MAX_WORK_BYTES`] bytes, an empty or absolute
    /// path, or a path with `..`.
    pub fn files<'a>(
        files: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Work, WorkError> {
        let mut out = Work::default();
        let mut bytes = 0u64;
        for (path, text) in files {
            let clean = path.replace('\\', "/");
            let clean = clean.trim_start_matches("./");
            if clean.is_empty() || clean.starts_with('/') || clean.split('/').any(|c| c == "..") {
                return Err(WorkError(format!("the work's file name \"{path}\" is not a relative path inside the work: give paths like src/api.rs")));
            }
            bytes += text.len() as u64;
            check_limits(out.files.len() + 1, bytes, "given")?;
            out.files.push(WorkFile::new(clean, text));
        }
        out.files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(out)
    }

    /// Reads a path: a file is one text named by its file name; a folder is a tree of files
    /// (relative paths), read without following a symlink that leads outside it, skipping
    /// binary files (a NUL byte or not UTF-8) and the folders of [`SKIPPED_DIRS`], each with
    /// a note in [`Work::skipped`].
    ///
    /// # Errors
    /// A path that cannot be read, or a work over [`MAX_WORK_FILES`] or [`MAX_WORK_BYTES`]
    /// (named in the message): the work is then not checked at all.
    pub fn read(path: &Path) -> Result<Work, WorkError> {
        let shown = path.display();
        let meta = std::fs::metadata(path)
            .map_err(|e| WorkError(format!("cannot read the work {shown}: {e}")))?;
        let mut out = Work::default();
        if meta.is_file() {
            let name = path
                .file_name()
                .map_or_else(|| shown.to_string(), |n| n.to_string_lossy().into_owned());
            check_limits(1, meta.len(), &shown.to_string())?;
            let file = std::fs::File::open(path)
                .map_err(|e| WorkError(format!("cannot read the work {shown}: {e}")))?;
            match read_text(file, &shown.to_string())? {
                Some(text) => out.files.push(WorkFile::new(name, &text)),
                None => return Err(WorkError(format!("the work {shown} is a binary file (it has a NUL byte or is not UTF-8): give a text or a folder"))),
            }
            out.single_file = true;
            return Ok(out);
        }
        let root = path
            .canonicalize()
            .map_err(|e| WorkError(format!("cannot read the work {shown}: {e}")))?;
        let mut bytes = 0u64;
        let mut stack: Vec<(PathBuf, String)> = vec![(root.clone(), String::new())];
        while let Some((dir, rel)) = stack.pop() {
            let cannot = |e: std::io::Error| {
                WorkError(format!("cannot read the folder {}: {e}", dir.display()))
            };
            // The folder is listed through a handle checked to stand inside the tree, so a
            // folder swapped for a link while the tree is walked cannot lead outside.
            let handle = std::fs::File::open(&dir).map_err(cannot)?;
            if !handle_inside(&handle, &dir, &root) {
                let shown = if rel.is_empty() { "." } else { rel.as_str() };
                out.skipped.push(format!(
                    "{shown}: changed into a link that leads outside the work while it was read (not read)"
                ));
                continue;
            }
            let mut names: Vec<String> = Vec::new();
            for entry in std::fs::read_dir(listing(&handle, &dir)).map_err(cannot)? {
                // A folder of millions of entries is refused before it is listed whole.
                check_limits(names.len(), 0, &shown.to_string())?;
                names.push(
                    entry
                        .map_err(cannot)?
                        .file_name()
                        .to_string_lossy()
                        .into_owned(),
                );
            }
            names.sort();
            for name in names {
                let full = dir.join(&name);
                let relpath = if rel.is_empty() {
                    name.clone()
                } else {
                    format!("{rel}/{name}")
                };
                // Every entry counts towards the files' limit, whatever it turns out to be.
                check_limits(
                    out.files.len() + out.skipped.len() + 1,
                    bytes,
                    &shown.to_string(),
                )?;
                let link = std::fs::symlink_metadata(&full)
                    .map_err(|e| WorkError(format!("cannot read {}: {e}", full.display())))?;
                if link.file_type().is_symlink() {
                    match full.canonicalize() {
                        Ok(t) if t.starts_with(&root) && t.is_file() => {}
                        Ok(t) if t.starts_with(&root) && t.is_dir() => {
                            out.skipped
                                .push(format!("{relpath}: a symlink to a folder (not followed)"));
                            continue;
                        }
                        Ok(t) if t.starts_with(&root) => {
                            out.skipped
                                .push(format!("{relpath}: not a regular file (not read)"));
                            continue;
                        }
                        Ok(_) => {
                            out.skipped.push(format!(
                                "{relpath}: a symlink that leads outside the work (not followed)"
                            ));
                            continue;
                        }
                        Err(_) => {
                            out.skipped.push(format!(
                                "{relpath}: a symlink that leads nowhere (not followed)"
                            ));
                            continue;
                        }
                    }
                } else if link.is_dir() {
                    if SKIPPED_DIRS.contains(&name.as_str()) {
                        out.skipped
                            .push(format!("{relpath}: a repository's own store (not read)"));
                    } else {
                        stack.push((full, relpath));
                    }
                    continue;
                } else if !link.is_file() {
                    out.skipped
                        .push(format!("{relpath}: not a regular file (not read)"));
                    continue;
                }
                // Opened by its name, then checked: what was opened is a regular file inside
                // the tree, whatever was swapped in since it was listed.
                let file = std::fs::File::open(&full)
                    .map_err(|e| WorkError(format!("cannot read {relpath}: {e}")))?;
                let meta = file
                    .metadata()
                    .map_err(|e| WorkError(format!("cannot read {relpath}: {e}")))?;
                if !meta.is_file() || !handle_inside(&file, &full, &root) {
                    out.skipped.push(format!(
                        "{relpath}: changed into a link that leads outside the work while it was read (not read)"
                    ));
                    continue;
                }
                bytes += meta.len();
                check_limits(
                    out.files.len() + out.skipped.len() + 1,
                    bytes,
                    &shown.to_string(),
                )?;
                match read_text(file, &relpath)? {
                    Some(text) => out.files.push(WorkFile::new(relpath, &text)),
                    None => out
                        .skipped
                        .push(format!("{relpath}: a binary file (not read)")),
                }
            }
        }
        if out.files.is_empty() {
            // Nothing to check against: every item would be "not found" as if checked.
            return Err(WorkError(match out.skipped.first() {
                None => format!("the work {shown} is a folder with no file: there is nothing to check the evidence against; give the folder of the judged files"),
                Some(first) => format!(
                    "the work {shown} holds no text file to check the evidence against ({} skipped, such as {first}); give the folder of the judged files",
                    match out.skipped.len() {
                        1 => "1 entry".to_string(),
                        n => format!("{n} entries"),
                    }
                ),
            }));
        }
        out.files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(out)
    }
}

/// Whether an opened file or folder stands inside `root`. On Linux, the kernel's own record of
/// what the handle opened (`/proc/self/fd`); elsewhere, the handle's device and inode compared
/// with those of the path resolved now.
fn handle_inside(handle: &std::fs::File, path: &Path, root: &Path) -> bool {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        if let Ok(real) = std::fs::read_link(format!("/proc/self/fd/{}", handle.as_raw_fd())) {
            return real.starts_with(root);
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let (Ok(opened), Ok(resolved)) = (handle.metadata(), path.canonicalize()) else {
            return false;
        };
        let now = std::fs::metadata(&resolved);
        resolved.starts_with(root)
            && now.is_ok_and(|m| m.dev() == opened.dev() && m.ino() == opened.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = handle;
        path.canonicalize().is_ok_and(|p| p.starts_with(root))
    }
}

/// The path that lists an opened folder: on Linux the handle itself (`/proc/self/fd/N`), so
/// the listing is of the folder that was checked; elsewhere its path.
fn listing(handle: &std::fs::File, dir: &Path) -> PathBuf {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let fd = PathBuf::from(format!("/proc/self/fd/{}", handle.as_raw_fd()));
        if fd.exists() {
            return fd;
        }
    }
    let _ = handle;
    dir.to_path_buf()
}

/// The error of a work of `files` files and `bytes` bytes over either limit.
fn check_limits(files: usize, bytes: u64, what: &str) -> Result<(), WorkError> {
    if files > MAX_WORK_FILES {
        return Err(WorkError(format!("the work {what} has more than {MAX_WORK_FILES} files, the most a work may hold: give a smaller folder")));
    }
    if bytes > MAX_WORK_BYTES {
        return Err(WorkError(format!("the work {what} holds more than {} MiB, the most a work may hold: give a smaller folder", MAX_WORK_BYTES >> 20)));
    }
    Ok(())
}

impl Work {
    /// The files whose path is `path` or ends with `/path`: one when the place names a
    /// file, several when it is ambiguous, none when no file has it.
    pub(crate) fn by_path(&self, path: &str) -> Vec<&WorkFile> {
        if let Some(f) = self.files.iter().find(|f| f.path == path) {
            return vec![f];
        }
        if let [only] = self.files.as_slice() {
            let name = |p: &str| p.rsplit('/').next().unwrap_or("").to_string();
            if self.single_file && name(path) == name(&only.path) {
                return vec![only];
            }
        }
        self.files
            .iter()
            .filter(|f| {
                f.path.len() > path.len()
                    && f.path.ends_with(path)
                    && f.path.as_bytes()[f.path.len() - path.len() - 1] == b'/'
            })
            .collect()
    }
}

/// A file's text, or `None` for a binary file (a NUL byte or not UTF-8). Reads at most
/// [`MAX_WORK_BYTES`] + 1 bytes, so a file that grows while read is still refused.
fn read_text(file: std::fs::File, shown: &str) -> Result<Option<String>, WorkError> {
    use std::io::Read;
    let mut bytes = Vec::new();
    file.take(MAX_WORK_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| WorkError(format!("cannot read {shown}: {e}")))?;
    if bytes.len() as u64 > MAX_WORK_BYTES {
        return Err(WorkError(format!(
            "the work {shown} holds more than {} MiB, the most a work may hold",
            MAX_WORK_BYTES >> 20
        )));
    }
    if bytes.contains(&0) {
        return Ok(None);
    }
    Ok(String::from_utf8(bytes).ok())
}

/// Whether `c` is a backslash before a quotation mark: left out of a normalised text, so that
/// `\"` and `"` match each other.
fn escapes_quote(c: char, next: Option<char>) -> bool {
    c == '\\' && next.is_some_and(|n| matches!(n, '"' | '\u{201c}' | '\u{201d}'))
}

/// The character a normalised text has in place of `c`: typographic quotes as straight ones,
/// dashes and the minus sign as `-`, ASCII letters in lower case; `None` for white space.
fn norm_char(c: char) -> Option<char> {
    Some(match c {
        // White space, and the line breaks that are not (the file, group and record separators).
        c if c.is_whitespace() || matches!(c, '\u{1c}'..='\u{1e}') => return None,
        '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{201b}' | '\u{2032}' => '\'',
        '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{201f}' | '\u{2033}' => '"',
        '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
        c => c.to_ascii_lowercase(),
    })
}

/// A text normalised for matching: every run of white space one space, none at the ends;
/// typographic quotes straight; a backslash before a quotation mark left out; dashes `-`; the ellipsis `…` as `...`; ASCII letters in
/// lower case.
///
/// ```
/// use pickanumber_score::verify::normalise;
/// assert_eq!(normalise("  \u{201c}All\u{201d}  inputs \u{2014}\n checked\u{2026} "), "\"all\" inputs - checked...");
/// ```
pub fn normalise(text: &str) -> String {
    normalise_lines(text).0
}

/// [`normalise`], with the normalised offset and the byte offset in `text` where each line
/// starts.
fn normalise_lines(text: &str) -> (String, Vec<usize>, Vec<usize>) {
    let mut norm = String::with_capacity(text.len());
    let mut starts = vec![0];
    let mut text_starts = vec![0];
    let mut pending = false;
    let mut offset = 0;
    // Lines end where every reader of pasted text ends them (a lone CR too).
    for (k, line) in pickanumber_text::lines::lines_with_ends(text).enumerate() {
        if k > 0 {
            // The line's first character follows the space its break becomes.
            starts.push(norm.len() + usize::from(!norm.is_empty()));
            text_starts.push(offset);
        }
        offset += line.len();
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if escapes_quote(c, chars.peek().copied()) {
                continue;
            }
            match norm_char(c) {
                None => pending = true,
                Some(n) => {
                    if pending && !norm.is_empty() {
                        norm.push(' ');
                    }
                    pending = false;
                    if c == '\u{2026}' {
                        norm.push_str("...");
                    } else {
                        norm.push(n);
                    }
                }
            }
        }
    }
    // A line start past the end (blank lines at the end) is the end.
    for s in &mut starts {
        *s = (*s).min(norm.len());
    }
    (norm, starts, text_starts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_found_at_their_offsets() {
        let f = WorkFile::new("a.rs", "fn a() {}\n\n  let b = 2;\nlast\n");
        assert_eq!(f.lines(), 4);
        let at = f.norm.find("let b").unwrap();
        assert_eq!(f.line_at(at), 3);
        assert_eq!(f.line_at(f.norm.find("last").unwrap()), 4);
        let (s, e) = f.span(3, 3, 0);
        assert_eq!(f.norm[s..e].trim(), "let b = 2;");
    }

    #[test]
    fn a_normalised_range_is_shown_as_written() {
        let f = WorkFile::new(
            "a.md",
            "\n  Hello  \u{201c}World\u{201d}\n\n  Second \u{2014} LINE\u{2026} end\n",
        );
        for (needle, written) in [
            ("second - line... end", "Second \u{2014} LINE\u{2026} end"),
            (
                "hello \"world\" second",
                "Hello \u{201c}World\u{201d} Second",
            ),
            ("\"world\"", "\u{201c}World\u{201d}"),
        ] {
            let at = f.norm.find(needle).unwrap();
            assert_eq!(f.original(at, at + needle.len()), written);
        }
    }

    #[test]
    fn a_path_names_a_file_exactly_or_by_a_unique_suffix() {
        let w = Work::files([
            ("src/api.rs", "x"),
            ("lib/api.rs", "y"),
            ("src/main.rs", "z"),
        ])
        .unwrap();
        assert_eq!(w.by_path("main.rs").len(), 1);
        assert_eq!(w.by_path("api.rs").len(), 2);
        assert_eq!(w.by_path("ain.rs").len(), 0);
        assert_eq!(w.by_path("src/api.rs")[0].path, "src/api.rs");
    }

    #[test]
    fn a_path_outside_the_work_is_refused() {
        let e = Work::files([("../etc/passwd", "x")]).unwrap_err();
        assert_eq!(e.0, "the work's file name \"../etc/passwd\" is not a relative path inside the work: give paths like src/api.rs");
    }
}
