//! The install lines: `site.toml`'s `repository` → [`lines`], every command that installs
//! pickanumber (the CLI with cargo, the Python package with pip, the npm package with npm, and
//! the clone they start from). The site's pages quote the repository as
//! `{{ site.repository }}` (the renderer fills it); the README, read raw on a forge, writes
//! it out, and the test here checks every install line of both (the docs pages too) against
//! [`lines`].

/// The install lines built from the repository's address. Only the clone and cargo's `--git`
/// need the address; the others run in a clone, since no registry has the packages yet. (The
/// test below is what reads them: the pages and the README hold the lines themselves.)
#[cfg(test)]
pub fn lines(repository: &str) -> Vec<String> {
    vec![
        format!("git clone {repository} pickanumber"),
        "cargo install --locked --path site/cli".into(),
        format!("cargo install --locked --git {repository} pickanumber-cli"),
        "pip install ./site/python".into(),
        NPM.into(),
    ]
}

/// The npm package's install line, from a clone after `cargo xtask package`.
pub const NPM: &str = "npm install ./target/npm/pickanumber";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::package::npm::toml_string;
    use std::path::Path;

    /// The lines of `sh` code blocks in `markdown` that install pickanumber: `git clone`,
    /// `cargo install`, `pip install` or `npm install` of something named pickanumber or a path
    /// in this repository.
    fn shown(markdown: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut in_sh = false;
        for line in markdown.lines() {
            let t = line.trim();
            if t.starts_with("```") {
                in_sh = !in_sh && t == "```sh";
                continue;
            }
            let installs = ["git clone", "cargo install", "pip install", "npm install"];
            let ours = ["pickanumber", "site/", "target/npm"]
                .iter()
                .any(|w| t.contains(w));
            if in_sh && ours && installs.iter().any(|i| t.starts_with(i)) {
                // A comment after the command is not part of it.
                out.push(t.split(" #").next().unwrap_or(t).trim_end().to_string());
            }
        }
        out
    }

    #[test]
    fn install_lines_on_the_site_and_in_the_readme_are_built_from_site_toml() {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let site = std::fs::read_to_string(repo.join("site.toml")).unwrap();
        let repository = toml_string(&site, "repository").expect("site.toml has a repository");
        let built = lines(&repository);
        let mut files = vec![repo.join("README.md")];
        for dir in ["content", "docs"] {
            let pages = std::fs::read_dir(repo.join(dir)).unwrap();
            files.extend(
                pages
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "md")),
            );
        }
        let mut checked = Vec::new();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            // What the renderer writes for the site's pages.
            let text = text.replace("{{ site.repository }}", &repository);
            for line in shown(&text) {
                assert!(
                    built.contains(&line),
                    "{}: `{line}` is not one of the install lines built from site.toml:\n{}",
                    file.display(),
                    built.join("\n")
                );
                checked.push(line);
            }
        }
        // The README and the quick start show the CLI's and the npm package's lines.
        for line in [&built[0], &built[1], &built[2], &built[4]] {
            assert!(checked.contains(line), "nothing shows `{line}`");
        }
    }

    #[test]
    fn only_install_lines_of_pickanumber_in_sh_blocks_count() {
        let md = "```sh\ncargo install --locked --path site/cli   # the CLI\nnpm ci\npip install maturin\n```\n```text\nnpm install ./target/npm/pickanumber\n```\n";
        assert_eq!(shown(md), ["cargo install --locked --path site/cli"]);
    }
}
