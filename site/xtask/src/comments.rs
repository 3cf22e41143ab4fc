//! Code comments say what is true now: git and the issues hold the history, `cargo xtask
//! bench` the figures. A unit test (run by `cargo xtask test`'s unit tests) reads every Rust
//! file of the repository, and the comment lines of its manifests, scripts and modules in other
//! languages ([`line_comments`]), and fails, naming `file:line`, on a comment that cites an
//! issue or states a measured figure. The rule, outside `` `code` `` spans and fenced examples in doc
//! comments (where example data such as `pull request #412` lives):
//!
//! - an issue cited by number: `issue 25`, `issues 6 and 10`, `Issue 10's`, or `#25`;
//! - a measured size: a number with a byte unit and a compression (`1,331 bytes brotli`,
//!   `4.7 KB gz`);
//! - a measured time or result: a number in a sentence that says it was measured, took or takes
//!   about so long, or counts CPU-seconds (`measured 68,562`, `took 13.8 s`).
//!
//! Limits and bounds the code states (`64 MiB`, `up to 60 s`, `at most twice … plus 0.3 s`)
//! are specifications, not measurements, and pass.

/// One comment line: where it is and its text (without the `//`, `///`, `//!` or `/*`).
#[derive(Debug, PartialEq, Eq)]
pub struct Comment {
    /// 1-based line in the file.
    pub line: usize,
    /// The comment's text on that line.
    pub text: String,
}

/// The comments of Rust source `src`, one entry a line, with literals (raw strings too) passed
/// over, so a `//` inside a string is not a comment.
pub fn comments(src: &str) -> Vec<Comment> {
    scan(src).0
}

/// The bytes of Rust source `src` with every comment and every literal (their delimiters
/// too) turned into spaces, line breaks kept: what is left is code, at the
/// same offsets, so a brace or a `//` found in it is the code's own.
pub fn code(src: &str) -> Vec<u8> {
    let mut out = src.as_bytes().to_vec();
    for range in scan(src).1 {
        for byte in &mut out[range] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    }
    out
}

/// One pass over Rust source `src` with rustc's own lexer (`ra_ap_rustc_lexer`, the copy
/// rust-analyzer publishes): its comments, one entry a line (see [`comments`]), and the byte
/// ranges of every comment and literal.
fn scan(src: &str) -> (Vec<Comment>, Vec<std::ops::Range<usize>>) {
    use ra_ap_rustc_lexer::{tokenize, FrontmatterAllowed, TokenKind};
    let (mut out, mut skipped, mut start, mut line) = (Vec::new(), Vec::new(), 0, 1);
    for token in tokenize(src, FrontmatterAllowed::No) {
        let range = start..start + token.len as usize;
        let text = &src[range.clone()];
        // A comment's text without its `//`, `///`, `//!`, or `/*` and `*/`.
        let body = text.get(2..).unwrap_or("");
        let comment = match token.kind {
            TokenKind::LineComment { .. } => Some(body.strip_prefix(['/', '!']).unwrap_or(body)),
            TokenKind::BlockComment { .. } => Some(body.strip_suffix("*/").unwrap_or(body)),
            _ => None,
        };
        for (k, text) in comment.into_iter().flat_map(|c| c.split('\n')).enumerate() {
            let text = text.to_owned();
            out.push(Comment {
                line: line + k,
                text,
            });
        }
        if comment.is_some() || matches!(token.kind, TokenKind::Literal { .. }) {
            skipped.push(range.clone());
        }
        start = range.end;
        line += text.matches('\n').count();
    }
    (out, skipped)
}

/// Why a comment's text breaks the rule (see the module doc), if it does. `text` is one line
/// with its code spans already removed.
pub fn refusal(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || "(),;:".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let number = |w: &str| {
        let w = w.trim_start_matches(['~', '≈']);
        w.starts_with(|c: char| c.is_ascii_digit())
            && w.trim_end_matches(['.', '\'', 's'])
                .chars()
                .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
    };
    for (k, w) in words.iter().enumerate() {
        let [next, packing] = [1, 2].map(|n| words.get(k + n).copied().unwrap_or_default());
        let hash = w.len() > 1 && w.starts_with('#') && w[1..].chars().all(|c| c.is_ascii_digit());
        if hash || matches!(*w, "issue" | "issues") && (number(next) || next.starts_with('#')) {
            return Some("cites an issue by number (git and the issues hold the history)");
        }
        if number(w)
            && matches!(next, "bytes" | "kb" | "mb" | "b")
            && matches!(packing, "brotli" | "gzip" | "gz" | "br")
        {
            return Some("states a measured size (`cargo xtask bench` prints the figures)");
        }
    }
    let measured = ["measured", "took", "takes about", "cpu-seconds"];
    if measured.iter().any(|m| lower.contains(m)) && lower.contains(|c: char| c.is_ascii_digit()) {
        return Some("states a measured figure (`cargo xtask bench` prints the figures)");
    }
    None
}

/// The whole-line comments of a source in another language than Rust: the lines whose first
/// characters (after white space) are `marker` (`#` for TOML, Python, YAML and shell, `//` for
/// JavaScript and TypeScript), without it; a `#!` line is a shebang, not a comment.
pub fn line_comments(src: &str, marker: &str) -> Vec<Comment> {
    src.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let l = l.trim_start();
            if l.starts_with("#!") {
                return None;
            }
            l.strip_prefix(marker).map(|text| Comment {
                line: i + 1,
                text: text.to_string(),
            })
        })
        .collect()
}

/// `text` without its `` `code` `` spans.
fn prose(text: &str) -> String {
    text.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// Every comment line that breaks the rule, as `(line, why)`; fenced examples in doc comments
/// (between two ```` ``` ```` lines) are passed over.
pub fn refusals_of(comments: Vec<Comment>) -> Vec<(usize, &'static str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for c in comments {
        if c.text.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if let Some(why) = refusal(&prose(&c.text)).filter(|_| !fenced) {
            out.push((c.line, why));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn comments_are_found_outside_literals_only() {
        let src = "let a = \"// not \\\na comment\"; // one\nlet r = r#\"/* no \"# ; /* two\nthree */\nlet c = '\"'; let l: &'a str = x; // four\n/// five\n";
        let found = comments(src).into_iter();
        let found = found.map(|c| format!("{}:{}", c.line, c.text.trim()));
        let found = found.collect::<Vec<_>>().join(" ");
        assert_eq!(found, "2:one 3:two 4:three 5:four 6:five", "{src}");
    }

    #[test]
    fn code_keeps_only_the_code_at_its_offsets() {
        let src = "f(\"{\", '}', r#\"}\"#) { // }\n  /* { */ g::<'a>() }\n";
        let code = String::from_utf8(code(src)).unwrap();
        assert_eq!(code.len(), src.len());
        assert_eq!(code, "f(   ,    ,       ) {     \n          g::<'a>() }\n");
    }

    #[test]
    fn issue_numbers_and_measured_figures_are_refused() {
        for text in [
            "The gate (issue 25): exits 3.",
            "against issues 6 and 10's targets",
            "Issue 10's row: the slowest LCP",
            "as asked in #41",
            "measured 1,331 bytes brotli instead of 1,558",
            "its budget has left (0.4 KB brotli).",
            "one copy (85 bytes brotli less)",
            "0.21.14: 530 CPU-seconds with these settings",
            "lines took 13.8 s in release",
            "a cold release build takes about 3 minutes",
        ] {
            assert!(refusal(&prose(text)).is_some(), "passed: {text}");
        }
    }

    #[test]
    fn limits_examples_and_code_pass() {
        for text in [
            "The most bytes read from one input: 64 MiB.",
            "Waits up to 60 s for the total",
            "at most twice the bare time plus 0.3 s (10,000) or 1 s (100,000)",
            "One line about a rubric: `a matrix rubric for \"pull request #412\"`",
            "`3 req · 10.1 KB raw · 4.0 KB gz · 3.5 KB br` (1 KB = 1,000 bytes).",
            "Items written as impacts with counts: `+5×3 −1 +2`",
            "the issues a judge raises are items",
        ] {
            assert_eq!(refusal(&prose(text)), None, "refused: {text}");
        }
        let fenced = "//! ```\n//! subject = \"pull request #412\"\n//! ```\n";
        assert!(refusals_of(comments(fenced)).is_empty());
    }

    #[test]
    fn no_comment_cites_an_issue_or_a_measured_figure() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut found = Vec::new();
        for (path, marker) in source_files(&root) {
            let src = std::fs::read_to_string(&path).expect("a source file reads as UTF-8");
            let shown = path
                .strip_prefix(&root)
                .unwrap_or(&path)
                .display()
                .to_string();
            let comments = match marker {
                None => comments(&src),
                Some(m) => line_comments(&src, m),
            };
            for (line, why) in refusals_of(comments) {
                found.push(format!("{shown}:{line}: a comment {why}"));
            }
        }
        assert!(found.is_empty(), "\n{}", found.join("\n"));
    }

    #[test]
    fn comments_of_other_languages_are_read_by_their_marker() {
        let toml = "#!/bin/sh\n# cost 23.5 KB brotli\nkey = 1 # trailing\n  # issue 25\n";
        let found = refusals_of(line_comments(toml, "#"));
        assert_eq!(found.iter().map(|(l, _)| *l).collect::<Vec<_>>(), [2, 4]);
        let js = "const a = 1; // took 3 s\n// took 13.8 s to load\n";
        assert_eq!(refusals_of(line_comments(js, "//")).len(), 1);
    }

    /// Every source file the repository holds, outside `target/`, `node_modules/`, `dist/`,
    /// hidden folders (but `.ci` and `.github`) and the third-party crate under
    /// `examples/verify/`, each with its comment marker (`None`: Rust, read by [`comments`]).
    fn source_files(root: &Path) -> Vec<(std::path::PathBuf, Option<&'static str>)> {
        let skipped = |e: &walkdir::DirEntry| {
            let name = e.file_name().to_string_lossy();
            let hidden = name.starts_with('.') && !matches!(name.as_ref(), ".ci" | ".github");
            let other = matches!(name.as_ref(), "target" | "node_modules" | "dist" | "cfg-if");
            e.depth() > 0 && e.file_type().is_dir() && (hidden || other)
        };
        let walk = walkdir::WalkDir::new(root).sort_by_file_name().into_iter();
        let files = walk.filter_entry(|e| !skipped(e)).flatten();
        let files = files
            .filter(|e| e.file_type().is_file())
            .map(|e| e.into_path());
        // `Some(None)`: Rust, read by [`comments`].
        let marker = |path: &Path| match path.extension().and_then(|x| x.to_str()) {
            Some("rs") => Some(None),
            Some("toml" | "py" | "pyi" | "yml" | "yaml" | "sh") => Some(Some("#")),
            Some("js" | "mjs" | "cjs" | "ts") => Some(Some("//")),
            _ if path.parent()?.file_name()? == ".ci" => Some(Some("#")),
            _ => None,
        };
        files
            .filter_map(|path| Some((marker(&path)?, path)))
            .map(|(m, p)| (p, m))
            .collect()
    }
}
