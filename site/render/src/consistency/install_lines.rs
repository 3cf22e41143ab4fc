//! Every install line the README, CONTRIBUTING.md and the pages show is one that `site.toml`
//! gives
//! ([`crate::config::SiteConfig::install`], or cargo's `--git` route from the repository): the
//! pages quote them as `{{ install.NAME }}`, the README, read raw on a forge, writes them out.
//! Every skill line names a folder of the repository with a `SKILL.md` whose name is the
//! folder's ([`crate::skills::read`]).

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

/// The skills' folders of a checkout at `root`, as [`crate::skills::read`] finds them: one
/// message per skill line that names no folder with a `SKILL.md` of that name.
fn skill_problems(root: &Path) -> Vec<String> {
    let config = SiteConfig::load(root).expect("site.toml");
    match crate::skills::read(root, &config) {
        Ok(skills) => {
            assert_eq!(skills.len(), config.skills.len());
            Vec::new()
        }
        Err(errors) => errors.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn every_skill_line_names_a_folder_with_its_skill_md() {
    let root = repo();
    assert_eq!(skill_problems(&root), Vec::<String>::new());
    let config = SiteConfig::load(&root).expect("site.toml");
    assert_eq!(config.skills.len(), 4, "{:?}", config.skills);
    // A copy of the checkout's site.toml and skills with one folder renamed fails, naming it.
    let copy = tempfile::tempdir().expect("a scratch folder");
    std::fs::copy(root.join("site.toml"), copy.path().join("site.toml")).expect("site.toml");
    for skill in &config.skills {
        let to = copy.path().join(skill);
        std::fs::create_dir(&to).expect("a skill folder");
        std::fs::copy(root.join(skill).join("SKILL.md"), to.join("SKILL.md")).expect("SKILL.md");
    }
    assert_eq!(skill_problems(copy.path()), Vec::<String>::new());
    let renamed = &config.skills[0];
    std::fs::rename(copy.path().join(renamed), copy.path().join("renamed")).expect("rename");
    assert_eq!(
        skill_problems(copy.path()),
        [format!(
            "{renamed}/SKILL.md: site.toml lists the skill {renamed}, but {renamed}/SKILL.md cannot be read (No such file or directory (os error 2)): each skill is a folder at the repository's top with a SKILL.md"
        )]
    );
    // A SKILL.md whose name is not its folder's fails too.
    std::fs::rename(copy.path().join("renamed"), copy.path().join(renamed)).expect("rename");
    let file = copy.path().join(renamed).join("SKILL.md");
    let text = std::fs::read_to_string(&file).expect("SKILL.md");
    std::fs::write(
        &file,
        text.replacen(&format!("name: {renamed}"), "name: other", 1),
    )
    .expect("SKILL.md");
    assert_eq!(
        skill_problems(copy.path()),
        [format!(
            "{renamed}/SKILL.md:2: name: other is not the folder's name {renamed}: the skills tools install a skill under its name"
        )]
    );
}

#[test]
fn only_install_lines_of_pickanumber_in_sh_blocks_count() {
    let md = "```sh\ncargo install --locked --path site/cli   # the CLI\nnpm ci\npip install maturin\n```\n```text\nnpm install ./target/npm/pickanumber\n```\n";
    assert_eq!(shown(md), ["cargo install --locked --path site/cli"]);
}
