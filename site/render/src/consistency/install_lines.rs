//! Every install line the README, CONTRIBUTING.md and the pages show is one that `site.toml`
//! gives
//! ([`crate::config::SiteConfig::install`], or cargo's `--git` route from the repository): the
//! pages quote them as `{{ install.NAME }}`, the README, read raw on a forge, writes them out.
//! Every skill line names a folder of the repository with a `SKILL.md` whose name is the
//! folder's (`skill_lines`).

use super::{fenced_blocks, markdown_files, repo};
use crate::config::{SiteConfig, INSTALL};
use std::path::Path;

/// The lines of `sh` blocks in `markdown` that install pickanumber: `git clone`, `cargo
/// install`, `pip install` or `npm install` of something named pickanumber or a path in this
/// repository, without a trailing comment.
fn shown(markdown: &str) -> Vec<String> {
    let installs = [
        "git clone",
        "cargo install",
        "pip install",
        "npm install",
        "npx skills add",
    ];
    let ours = ["pickanumber", "site/", "target/npm"];
    let mut out = Vec::new();
    for (info, body) in fenced_blocks(markdown) {
        if info != "sh" {
            continue;
        }
        for line in body.lines().map(str::trim) {
            if ours.iter().any(|w| line.contains(w)) && installs.iter().any(|i| line.starts_with(i))
            {
                out.push(
                    line.split(" #")
                        .next()
                        .unwrap_or(line)
                        .trim_end()
                        .to_string(),
                );
            }
        }
    }
    out
}

/// Every install line `config` gives.
fn given(config: &SiteConfig) -> Vec<String> {
    let mut lines: Vec<String> = INSTALL
        .iter()
        .map(|name| config.install(name).expect("an install line"))
        .flat_map(|text| text.lines().map(str::to_string).collect::<Vec<_>>())
        .collect();
    lines.retain(|l| !l.starts_with("cd "));
    if let Some(r) = &config.repository {
        lines.push(format!("cargo install --locked --git {r} pickanumber-cli"));
    }
    let skills = config.install("skills").expect("the skills' install lines");
    lines.extend(skills.lines().map(str::to_string));
    lines
}

#[test]
fn install_lines_on_the_pages_and_in_the_readme_are_site_tomls() {
    let config = SiteConfig::load(&repo()).expect("site.toml");
    let given = given(&config);
    let mut checked = Vec::new();
    for (file, text) in markdown_files() {
        // The renderer fills the pages' values; the README and CONTRIBUTING.md are read raw.
        let page = file.starts_with("content/") || file.starts_with("docs/");
        let text = if page {
            config
                .fill(Path::new(&file), &text)
                .expect("the page's values")
        } else {
            text
        };
        for line in shown(&text) {
            assert!(
                given.contains(&line),
                "{file}: `{line}` is not an install line site.toml gives:\n{}",
                given.join("\n")
            );
            checked.push(line);
        }
    }
    for name in INSTALL {
        let lines = config.install(name).expect("an install line");
        let last = lines.lines().last().unwrap_or_default();
        assert!(checked.iter().any(|l| l == last), "no page shows `{last}`");
    }
    for skill in config.install("skills").expect("the skills' lines").lines() {
        assert!(
            checked.iter().any(|l| l == skill),
            "no page shows `{skill}`"
        );
    }
}

#[test]
fn only_install_lines_of_pickanumber_in_sh_blocks_count() {
    let md = "```sh\ncargo install --locked --path site/cli   # the CLI\nnpm ci\npip install maturin\n```\n```text\nnpm install ./target/npm/pickanumber\n```\n";
    assert_eq!(shown(md), ["cargo install --locked --path site/cli"]);
}

/// The npm line from a clone is the one the release's dry run runs (xtask's `install::NPM`),
/// after going back to the folder the clone was made in, so the clone is never npm's project.
#[test]
fn the_npm_line_from_a_clone_is_the_one_the_release_dry_run_checks() {
    let config = SiteConfig {
        published: None,
        ..SiteConfig::load(&repo()).expect("site.toml")
    };
    let lines = config.install("npm").expect("the npm line");
    let lines: Vec<&str> = lines.lines().collect();
    let xtask = std::fs::read_to_string(repo().join("site/xtask/src/package/install.rs"))
        .expect("site/xtask/src/package/install.rs");
    let checked = xtask
        .split("pub const NPM: &str = \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("xtask's NPM line");
    assert_eq!(lines.last().copied(), Some(checked));
    assert_eq!(lines[lines.len() - 2], "cd ..", "{lines:?}");
}
