//! Checks on the site's words that the formula can settle: the plots' wording (in
//! `content/layout.toml`) follows the computed values, and each shared item list (the cua-bench GUI agent, profiles A–D) has
//! one definition that every page, CONTRIBUTING.md and the calculator use.
//!
//! The checks, by subject: `plot_wording` (the plots' descriptions), `shared_lists` (item
//! lists and blocks defined once), `formula_claims` (sentences about what the formula does,
//! derived from the pages' evidence blocks or from every reachable pool), `page_claims` (what
//! the instrument pages, the study and the home page say), `install_lines` (the install
//! commands follow `site.toml`), `skill_lines` (each skill line names a folder with its
//! `SKILL.md`). This file holds what they share:
//! reading the repository's files, their fenced blocks and evidence blocks.
//!
//! A test module of the crate (not a `tests/` file) because it uses the private modules.

mod formula_claims;
mod install_lines;
mod page_claims;
mod plot_wording;
mod shared_lists;
mod skill_lines;

use crate::layout_words::Layout;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A file of the repository; a page the site renders as the build reads it, with the site's
/// and the formula's settings filled in.
fn read(rel: &str) -> String {
    let text = std::fs::read_to_string(repo().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let page = ["content/", "paper/", "examples/", "docs/"]
        .iter()
        .any(|dir| rel.starts_with(dir));
    if !page || !rel.ends_with(".md") {
        return text;
    }
    let config = crate::config::SiteConfig::load(&repo()).expect("site.toml");
    config
        .fill(Path::new(rel), &text)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Every markdown file of the site (the docs too), the README and CONTRIBUTING.md.
fn markdown_files() -> Vec<(String, String)> {
    let mut out = vec![
        ("README.md".to_string(), read("README.md")),
        ("CONTRIBUTING.md".to_string(), read("CONTRIBUTING.md")),
    ];
    for dir in ["content", "docs", "paper", "examples"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(repo().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        paths.sort();
        for p in paths {
            let rel = format!("{dir}/{}", p.file_name().unwrap().to_string_lossy());
            out.push((rel.clone(), read(&rel)));
        }
    }
    out
}

/// The fenced code blocks of a markdown text: (info string, body without a trailing newline).
fn fenced_blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut open: Option<(String, String, Vec<&str>)> = None;
    for line in text.lines() {
        let t = line.trim_start();
        match &mut open {
            None => {
                if let Some(rest) = t.strip_prefix("```") {
                    let fence = "```".to_string()
                        + &rest.chars().take_while(|c| *c == '`').collect::<String>();
                    let info = rest.trim_start_matches('`').trim().to_string();
                    open = Some((fence, info, Vec::new()));
                }
            }
            Some((fence, info, body)) => {
                if t.starts_with(fence.as_str()) && t.trim_start_matches('`').trim().is_empty() {
                    out.push((std::mem::take(info), body.join("\n")));
                    open = None;
                } else {
                    body.push(line);
                }
            }
        }
    }
    // A block that shows markdown (CONTRIBUTING.md's example of an evidence block) is searched too.
    let nested: Vec<(String, String)> = out
        .iter()
        .filter(|(_, body)| body.contains("```"))
        .flat_map(|(_, body)| fenced_blocks(body))
        .collect();
    out.extend(nested);
    out
}

/// The site's words, as the build reads them.
fn layout() -> Layout {
    Layout::load(&repo()).unwrap_or_else(|e| panic!("{e}"))
}

fn id_of(info: &str) -> Option<&str> {
    info.split_whitespace().find_map(|o| o.strip_prefix("id="))
}

/// The compiled evidence block `id` of the markdown file `rel`.
fn block(rel: &str, id: &str) -> crate::scoring::Block {
    let text = read(rel);
    let (info, body) = fenced_blocks(&text)
        .into_iter()
        .find(|(info, _)| info.starts_with("evidence") && id_of(info) == Some(id))
        .unwrap_or_else(|| panic!("{rel}: no evidence block {id}"));
    crate::scoring::Block::compile(Path::new(rel), 1, &info, &(body + "\n"))
        .unwrap_or_else(|e| panic!("{rel}: block {id}: {e}"))
}

/// A computed field of a block, as a number.
fn field(rel: &str, id: &str, name: &str) -> f64 {
    let values = block(rel, id).values();
    let v = values
        .get(name)
        .unwrap_or_else(|| panic!("{rel}: block {id} has no field {name}"));
    v.trim_start_matches('+')
        .replace('−', "-")
        .parse()
        .unwrap_or_else(|e| panic!("{rel}: {id}.{name} = {v}: {e}"))
}

/// A page's text with its line breaks folded, so a sentence can be searched across lines.
fn prose(rel: &str) -> String {
    read(rel).split_whitespace().collect::<Vec<_>>().join(" ")
}
