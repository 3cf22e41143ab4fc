//! `site.toml` → [`SiteConfig`]: where the site lives (its canonical origin and the base path
//! under it), its title, the custom domain for static hosting, and the repository its source
//! is published in, which pages quote as `{{ site.repository }}` ([`SiteConfig::fill`], in
//! prose and code alike), the formula's settings, quoted as `{{ params.denominator }}` and the
//! like ([`crate::settings`]), and the version published on the package registries, if any,
//! which switches the install lines pages show as `{{ install.cli }}`, `{{ install.python }}`
//! and `{{ install.npm }}` ([`SiteConfig::install`]) between the registries' lines and the
//! routes from a clone, and the agent skills at the repository's top, whose install lines
//! pages show as `{{ install.skills }}` (every skill) or `{{ install.skill.NAME }}` (one).
//! Unknown keys are errors.

use crate::base::Base;
use crate::error::Error;
use std::path::Path;

/// The site's settings.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteConfig {
    /// The site's name.
    pub title: String,
    /// The canonical origin, scheme and host without a trailing slash:
    /// `https://pickanumber.codefi.io`.
    pub origin: String,
    /// The path the site is served under, `/` or `/name/`.
    #[serde(default = "root")]
    pub base_url: String,
    /// A custom domain for static hosting, written to `CNAME` when set.
    pub cname: Option<String>,
    /// Where the source is published (`https://github.com/owner/name`): the install lines
    /// are written from it.
    pub repository: Option<String>,
    /// The version of the packages on crates.io, PyPI and npm (`0.1.0`), absent while none is
    /// published: the install lines are the registries' once it is set, the clone's before.
    pub published: Option<String>,
    /// The agent skills this repository holds, each a folder with a `SKILL.md` at its top
    /// (`evidence-scoring`): installed with `npx skills add OWNER/NAME/SKILL` from the
    /// repository ([`SiteConfig::skill_line`]).
    #[serde(default)]
    pub skills: Vec<String>,
}

/// The names of the install lines a page may quote as `{{ install.NAME }}`.
pub const INSTALL: [&str; 3] = ["cli", "python", "npm"];

fn root() -> String {
    "/".into()
}

impl SiteConfig {
    /// Reads `site.toml` under `root`; a missing file gives [`SiteConfig::default`].
    ///
    /// # Errors
    /// Invalid TOML, an unknown key, an origin that is not `http(s)://host`, or a base path
    /// that does not start with `/`: with `site.toml` and the line.
    pub fn load(root: &Path) -> Result<SiteConfig, Error> {
        let file = Path::new("site.toml");
        let Ok(text) = std::fs::read_to_string(root.join(file)) else {
            return Ok(SiteConfig::default());
        };
        let config: SiteConfig = toml::from_str(&text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            Error {
                file: file.to_path_buf(),
                line,
                message: e.message().to_string(),
            }
        })?;
        config.checked().map_err(|m| Error::file(file, m))
    }

    /// The same settings served under `base` instead (`--base-url`).
    ///
    /// # Errors
    /// A base path that does not start with `/`.
    pub fn with_base(self, base: &str) -> Result<SiteConfig, String> {
        SiteConfig {
            base_url: base.to_string(),
            ..self
        }
        .checked()
    }

    /// Validates and normalises: the origin loses a trailing `/`, the base gains one.
    fn checked(mut self) -> Result<SiteConfig, String> {
        let host = self
            .origin
            .strip_prefix("https://")
            .or_else(|| self.origin.strip_prefix("http://"))
            .unwrap_or_default()
            .trim_end_matches('/');
        if host.is_empty() || host.contains('/') {
            return Err(format!(
                "origin \"{}\" is not a scheme and host such as https://example.org",
                self.origin
            ));
        }
        self.origin = self.origin.trim_end_matches('/').to_string();
        if !self.base_url.starts_with('/')
            || self.base_url.contains("//")
            || self.base_url.contains(['"', '<', '>', ' ', '#', '?'])
        {
            return Err(format!(
                "base_url \"{}\" must be a path from the host's root, such as / or /pickanumber/",
                self.base_url
            ));
        }
        if !self.base_url.ends_with('/') {
            self.base_url.push('/');
        }
        if let Some(v) = &self.published {
            let parts: Vec<&str> = v.split('.').collect();
            let number = |p: &&str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
            if parts.len() != 3 || !parts.iter().all(number) {
                return Err(format!(
                    "published \"{v}\" is not a version such as 0.1.0 (leave the key out while nothing is published)"
                ));
            }
        }
        if let Some(r) = &self.repository {
            let ok = r.starts_with("https://") && !r.ends_with('/');
            if !ok || r.contains(|c: char| c.is_whitespace() || "\"'<>`".contains(c)) {
                return Err(format!(
                    "repository \"{r}\" is not an https address without a trailing slash, such as https://github.com/owner/name"
                ));
            }
        }
        Ok(self)
    }

    /// The install line(s) of `name` (one of [`INSTALL`]), one command a line: the registry's
    /// once a version is [`published`](SiteConfig::published), else the route from a clone of
    /// the repository, run at its top folder; npm's route then goes back to the folder the
    /// clone was made in (the user's project) and installs the packed package there, so that
    /// nothing in the clone changes.
    ///
    /// # Errors
    /// Another name, or a clone route while `site.toml` has no repository.
    pub fn install(&self, name: &str) -> Result<String, String> {
        // The skills' lines: every skill's (`skills`) or one (`skill.NAME`).
        if name == "skills" || name.starts_with("skill.") {
            return self.skill_lines(name);
        }
        let published = self.published.is_some();
        let clone = || {
            self.repository
                .as_ref()
                .map(|r| format!("git clone {r} pickanumber\ncd pickanumber\n"))
                .ok_or(
                    "the install lines from a clone need repository = \"https://…\" in site.toml",
                )
        };
        Ok(match (name, published) {
            ("cli", true) => "cargo install --locked pickanumber-cli".into(),
            ("cli", false) => clone()? + "cargo install --locked --path site/cli",
            ("python", true) => "pip install pickanumber".into(),
            ("python", false) => clone()? + "pip install ./site/python",
            ("npm", true) => "npm install pickanumber".into(),
            ("npm", false) => {
                clone()?
                    + "cargo xtask package npm\ncd ..\nnpm install ./pickanumber/target/npm/pickanumber.tgz"
            }
            _ => {
                return Err(format!(
                    "unknown install line {{{{ install.{name} }}}}: the names are {}, skills, skill.NAME",
                    INSTALL.join(", ")
                ))
            }
        })
    }

    /// `npx skills add OWNER/NAME/SKILL`: the skills CLI's line for the folder `skill` of the
    /// GitHub repository `https://github.com/OWNER/NAME`. Skills install from the repository
    /// whether or not a version is published.
    ///
    /// # Errors
    /// A skill `site.toml` does not list, or a repository that is not on github.com.
    pub fn skill_line(&self, skill: &str) -> Result<String, String> {
        if !self.skills.iter().any(|s| s == skill) {
            return Err(format!(
                "unknown skill {skill}: site.toml's skills are {}",
                self.skills.join(", ")
            ));
        }
        let repo = self.repository.as_deref().unwrap_or_default();
        match repo.strip_prefix("https://github.com/") {
            Some(path) if path.split('/').count() == 2 => {
                Ok(format!("npx skills add {path}/{skill}"))
            }
            _ => Err(format!(
                "the skills' install lines need repository = \"https://github.com/OWNER/NAME\" in site.toml (found \"{repo}\")"
            )),
        }
    }

    /// `skills`: every skill's line in `site.toml`'s order; `skill.NAME`: that skill's.
    fn skill_lines(&self, name: &str) -> Result<String, String> {
        match name.strip_prefix("skill.") {
            Some(skill) => self.skill_line(skill),
            None => {
                let lines: Result<Vec<String>, String> =
                    self.skills.iter().map(|s| self.skill_line(s)).collect();
                Ok(lines?.join("\n"))
            }
        }
    }

    /// `text` with every `{{ site.repository }}` replaced by the repository, every
    /// `{{ params.NAME }}` by the formula's setting ([`crate::settings::value`]), every
    /// `{{ verify.NAME }}` by the verifier's (`quotation-rule`, `min-quote-chars`), every
    /// `{{ options.cli }}`, `python` or `npm` by the list of the scoring options, and every
    /// `{{ install.NAME }}` by [`SiteConfig::install`], code blocks included; other `{{ … }}`
    /// are left to the page's references.
    ///
    /// # Errors
    /// `{{ site.NAME }}` for another name, the repository quoted while `site.toml` has none,
    /// `{{ params.NAME }}` for a name the formula does not have, or an install line that
    /// cannot be written: with `file` and the line.
    pub fn fill(&self, file: &Path, text: &str) -> Result<String, Error> {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find("{{") {
            let after = &rest[start..];
            let Some(len) = after.find("}}") else { break };
            let name = after[2..len].trim();
            out.push_str(&rest[..start]);
            rest = &after[len + 2..];
            let line = text[..text.len() - after.len()].matches('\n').count() + 1;
            if let Some(key) = name.strip_prefix("params.") {
                let value = crate::settings::value(key)
                    .ok_or_else(|| Error::at(file, line, crate::settings::unknown(key)))?;
                out.push_str(&value);
                continue;
            }
            if let Some(key) = name.strip_prefix("options.") {
                let list = options_list(key).ok_or_else(|| {
                    Error::at(
                        file,
                        line,
                        format!("unknown option list {{{{ {name} }}}}: the lists are options.cli, options.python, options.npm, options.kinds"),
                    )
                })?;
                out.push_str(list.trim_end());
                continue;
            }
            if let Some(key) = name.strip_prefix("verify.") {
                let value = verify_value(key).ok_or_else(|| {
                    Error::at(
                        file,
                        line,
                        format!("unknown verifier value {{{{ {name} }}}}: the names are quotation-rule, min-quote-chars"),
                    )
                })?;
                out.push_str(&value);
                continue;
            }
            if let Some(tool) = name.strip_prefix("install.") {
                let lines = self.install(tool).map_err(|m| Error::at(file, line, m))?;
                out.push_str(&lines);
                continue;
            }
            let Some(key) = name.strip_prefix("site.") else {
                out.push_str(&after[..len + 2]);
                continue;
            };
            let value = match (key, &self.repository) {
                ("repository", Some(r)) => r,
                ("repository", None) => {
                    let m = "{{ site.repository }} needs repository = \"https://…\" in site.toml";
                    return Err(Error::at(file, line, m));
                }
                _ => {
                    let m =
                        format!("unknown site value {{{{ {name} }}}}: site.toml gives repository");
                    return Err(Error::at(file, line, m));
                }
            };
            out.push_str(value);
        }
        out.push_str(rest);
        Ok(out)
    }

    /// The canonical address of a site path (`/paper/` → `https://host/base/paper/`).
    pub fn canonical(&self, path: &str) -> String {
        format!(
            "{}{}{}",
            self.origin,
            self.base_url,
            path.trim_start_matches('/')
        )
    }

    /// The base path, to write root links under ([`Base::url`]).
    pub fn base(&self) -> Base<'_> {
        Base::new(&self.base_url)
    }
}

/// The scoring options as a page lists them, `{{ options.cli }}`, `{{ options.python }}` or
/// `{{ options.npm }}`: one bullet an option, from the API's table, spelled as that front end
/// spells them; `{{ options.kinds }}` lists the option errors' kinds.
fn options_list(key: &str) -> Option<String> {
    use pickanumber_result::Spelling;
    let spelling = match key {
        "kinds" => return Some(pickanumber_result::table::docs_kinds()),
        "cli" => Spelling::Cli,
        "python" => Spelling::Python,
        "npm" => Spelling::Npm,
        _ => return None,
    };
    Some(pickanumber_result::table::docs_list(spelling))
}

/// The verifier's settings a page quotes as `{{ verify.NAME }}`, from the code that applies them.
fn verify_value(key: &str) -> Option<String> {
    use pickanumber_score::verify;
    match key {
        "quotation-rule" => Some(verify::QUOTATION_RULE.to_string()),
        "min-quote-chars" => Some(verify::MIN_QUOTE_CHARS.to_string()),
        _ => None,
    }
}

/// The canonical origin of the published site: the default [`SiteConfig`] origin.
pub const SITE_URL: &str = "https://pickanumber.codefi.io";

impl Default for SiteConfig {
    fn default() -> SiteConfig {
        SiteConfig {
            title: "pickanumber".into(),
            origin: SITE_URL.into(),
            base_url: root(),
            cname: None,
            repository: None,
            published: None,
            skills: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(base: &str) -> SiteConfig {
        SiteConfig::default().with_base(base).unwrap()
    }

    #[test]
    fn canonical_addresses_are_under_the_origin_and_base() {
        assert_eq!(
            at("/pickanumber/").canonical("/paper/"),
            "https://pickanumber.codefi.io/pickanumber/paper/"
        );
        assert_eq!(at("/").base().url("/paper/"), "/paper/");
        assert_eq!(
            at("/pickanumber").base().url("/paper/"),
            "/pickanumber/paper/"
        );
    }

    #[test]
    fn the_repository_fills_prose_and_code_and_nothing_else() {
        let c = SiteConfig {
            repository: Some("https://github.com/o/n".into()),
            ..SiteConfig::default()
        };
        let page = Path::new("p.md");
        let text = "See {{ site.repository }}.\n```sh\ngit clone {{site.repository}} x\n```\n{{ ex.final }}";
        assert_eq!(
            c.fill(page, text).unwrap(),
            "See https://github.com/o/n.\n```sh\ngit clone https://github.com/o/n x\n```\n{{ ex.final }}"
        );
        let err = |c: &SiteConfig, t: &str| c.fill(page, t).unwrap_err().to_string();
        assert_eq!(
            err(&c, "a\n{{ site.origin }}"),
            "p.md:2: unknown site value {{ site.origin }}: site.toml gives repository"
        );
        assert_eq!(
            SiteConfig::default()
                .fill(
                    page,
                    "n / {{ params.denominator }}\n```\n{{params.scale}}\n```"
                )
                .unwrap(),
            "n / 20\n```\n8\n```"
        );
        assert_eq!(
            err(&c, "a\n\n{{ params.density }}"),
            "p.md:3: unknown setting {{ params.density }}: the formula's settings are denominator, scale, center, max, floor, gain, normalize, rounding, impacts, span"
        );
        assert_eq!(
            err(&SiteConfig::default(), "{{ site.repository }}"),
            "p.md:1: {{ site.repository }} needs repository = \"https://…\" in site.toml"
        );
        let slash = SiteConfig {
            repository: Some("https://github.com/o/n/".into()),
            ..SiteConfig::default()
        };
        assert_eq!(
            slash.checked().unwrap_err(),
            "repository \"https://github.com/o/n/\" is not an https address without a trailing slash, such as https://github.com/owner/name"
        );
    }

    #[test]
    fn install_lines_follow_the_published_version() {
        let clone = SiteConfig {
            repository: Some("https://github.com/o/n".into()),
            ..SiteConfig::default()
        };
        let page = Path::new("p.md");
        let text = "```sh\n{{ install.python }}\n```";
        assert_eq!(
            clone.fill(page, text).unwrap(),
            "```sh\ngit clone https://github.com/o/n pickanumber\ncd pickanumber\npip install ./site/python\n```"
        );
        // npm's route installs the packed package into the folder the clone was made in, so
        // that npm writes no package.json, lock or node_modules into the clone.
        assert_eq!(
            clone.install("npm").unwrap(),
            "git clone https://github.com/o/n pickanumber\ncd pickanumber\ncargo xtask package npm\ncd ..\nnpm install ./pickanumber/target/npm/pickanumber.tgz"
        );
        let registry = SiteConfig {
            published: Some("0.1.0".into()),
            ..clone.clone()
        };
        assert_eq!(
            registry.fill(page, text).unwrap(),
            "```sh\npip install pickanumber\n```"
        );
        assert_eq!(
            registry.install("cli").unwrap(),
            "cargo install --locked pickanumber-cli"
        );
        assert_eq!(registry.install("npm").unwrap(), "npm install pickanumber");
        assert_eq!(
            clone
                .fill(page, "a\n{{ install.go }}")
                .unwrap_err()
                .to_string(),
            "p.md:2: unknown install line {{ install.go }}: the names are cli, python, npm, skills, skill.NAME"
        );
        assert_eq!(
            SiteConfig::default().install("cli").unwrap_err(),
            "the install lines from a clone need repository = \"https://…\" in site.toml"
        );
        let bad = SiteConfig {
            published: Some("1.0".into()),
            ..clone
        };
        assert_eq!(
            bad.checked().unwrap_err(),
            "published \"1.0\" is not a version such as 0.1.0 (leave the key out while nothing is published)"
        );
    }

    #[test]
    fn skill_lines_name_the_repository_and_a_listed_skill() {
        let c = SiteConfig {
            repository: Some("https://github.com/o/n".into()),
            skills: vec!["evidence-scoring".into(), "calibration-probe".into()],
            ..SiteConfig::default()
        };
        let page = Path::new("p.md");
        assert_eq!(
            c.fill(page, "```sh\n{{ install.skills }}\n```").unwrap(),
            "```sh\nnpx skills add o/n/evidence-scoring\nnpx skills add o/n/calibration-probe\n```"
        );
        assert_eq!(
            c.install("skill.calibration-probe").unwrap(),
            "npx skills add o/n/calibration-probe"
        );
        let published = SiteConfig {
            published: Some("0.1.0".into()),
            ..c.clone()
        };
        assert_eq!(
            published.install("skill.evidence-scoring").unwrap(),
            "npx skills add o/n/evidence-scoring"
        );
        assert_eq!(
            c.fill(page, "a\n{{ install.skill.hackathon-judge }}")
                .unwrap_err()
                .to_string(),
            "p.md:2: unknown skill hackathon-judge: site.toml's skills are evidence-scoring, calibration-probe"
        );
        let gitlab = SiteConfig {
            repository: Some("https://gitlab.com/o/n".into()),
            ..c
        };
        assert_eq!(
            gitlab.install("skills").unwrap_err(),
            "the skills' install lines need repository = \"https://github.com/OWNER/NAME\" in site.toml (found \"https://gitlab.com/o/n\")"
        );
    }

    #[test]
    fn bad_settings_are_refused() {
        assert_eq!(
            SiteConfig::default().with_base("pickanumber/").unwrap_err(),
            "base_url \"pickanumber/\" must be a path from the host's root, such as / or /pickanumber/"
        );
        let c = SiteConfig {
            origin: "pickanumber.codefi.io".into(),
            ..SiteConfig::default()
        };
        assert_eq!(
            c.checked().unwrap_err(),
            "origin \"pickanumber.codefi.io\" is not a scheme and host such as https://example.org"
        );
    }
}
