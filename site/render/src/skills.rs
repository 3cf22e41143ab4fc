//! The agent skills `site.toml` lists (`skills = [...]`) → each folder's `SKILL.md` at the
//! repository's top → its front matter's `name` and `description`, the two keys the skills
//! tools read. A skill whose folder or `SKILL.md` is missing, or whose `name` is not its
//! folder's, is an error naming the file: an install line never names a skill that is not
//! there. `llms.txt` lists every skill with its description.

use crate::config::SiteConfig;
use crate::error::Error;
use std::path::{Path, PathBuf};

/// One skill: its folder's name and what its front matter says it is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skill {
    /// The folder, the front matter's `name` and the last part of its install line.
    pub name: String,
    /// When an agent should use it (the front matter's `description`).
    pub description: String,
}

/// Reads the `SKILL.md` of every skill `config` lists, in its order.
///
/// # Errors
/// One error per skill whose folder or `SKILL.md` cannot be read, whose front matter is not
/// `---` lines around `name:` and `description:`, or whose `name` is not the folder's.
pub fn read(root: &Path, config: &SiteConfig) -> Result<Vec<Skill>, Vec<Error>> {
    let mut skills = Vec::new();
    let mut errors = Vec::new();
    for name in &config.skills {
        let file: PathBuf = Path::new(name).join("SKILL.md");
        match std::fs::read_to_string(root.join(&file)) {
            Ok(text) => match front_matter(&text, name) {
                Ok(skill) => skills.push(skill),
                Err((line, m)) => errors.push(Error::at(&file, line, m)),
            },
            Err(e) => errors.push(Error::file(
                &file,
                format!(
                    "site.toml lists the skill {name}, but {} cannot be read ({e}): each skill is a folder at the repository's top with a SKILL.md",
                    file.display()
                ),
            )),
        }
    }
    if errors.is_empty() {
        Ok(skills)
    } else {
        Err(errors)
    }
}

/// The `name` and `description` of a `SKILL.md` text whose folder is `folder`, or the line
/// and message of its first problem.
fn front_matter(text: &str, folder: &str) -> Result<Skill, (usize, String)> {
    let mut lines = text.lines().enumerate();
    if lines.next().map(|(_, l)| l) != Some("---") {
        return Err((
            1,
            "a SKILL.md starts with a --- line, then name: and description: lines, then ---".into(),
        ));
    }
    let (mut name, mut description) = (None, None);
    for (i, line) in lines {
        if line == "---" {
            let (at, name) =
                name.ok_or((i + 1, "the front matter has no name: line".to_string()))?;
            let description = description.ok_or((
                i + 1,
                "the front matter has no description: line".to_string(),
            ))?;
            if name != folder {
                return Err((
                    at,
                    format!("name: {name} is not the folder's name {folder}: the skills tools install a skill under its name"),
                ));
            }
            return Ok(Skill { name, description });
        }
        let Some((key, value)) = line.split_once(": ") else {
            return Err((i + 1, "a front matter line is key: value".into()));
        };
        let value = value.trim();
        // A plain YAML scalar on one line: no ": " or " #" inside, no quote or mark first.
        let plain = !value.is_empty()
            && !value.contains(": ")
            && !value.contains(" #")
            && !value.starts_with(['"', '\'', '[', '{', '>', '|', '&', '*', '!', '%', '@', '`']);
        if !plain {
            return Err((i + 1, format!("{key}: write the value as plain text on one line, without \": \" or \" #\" inside")));
        }
        match key {
            "name" => name = Some((i + 1, value.to_string())),
            "description" => description = Some(value.to_string()),
            _ => {
                return Err((
                    i + 1,
                    format!("unknown front matter key {key}: the keys are name and description"),
                ))
            }
        }
    }
    Err((1, "the front matter has no closing --- line".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_is_name_and_description() {
        let ok = "---\nname: probe\ndescription: Use it first.\n---\n# Probe\n";
        assert_eq!(
            front_matter(ok, "probe"),
            Ok(Skill {
                name: "probe".into(),
                description: "Use it first.".into()
            })
        );
        let err = |t: &str| front_matter(t, "probe").unwrap_err();
        assert_eq!(
            err("---\nname: other\ndescription: x\n---\n"),
            (2, "name: other is not the folder's name probe: the skills tools install a skill under its name".into())
        );
        assert_eq!(err("---\nname: probe\n---\n").0, 3);
        assert_eq!(
            err("---\nname: probe\ndescription: a: b\n---\n"),
            (3, "description: write the value as plain text on one line, without \": \" or \" #\" inside".into())
        );
        assert_eq!(err("# no front matter\n").0, 1);
        assert_eq!(
            err("---\nname: probe\nlicense: MIT\n---\n"),
            (
                3,
                "unknown front matter key license: the keys are name and description".into()
            )
        );
    }
}
