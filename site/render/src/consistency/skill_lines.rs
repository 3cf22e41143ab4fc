//! Every skill `site.toml` lists, and so every `npx skills add` line the pages and the README
//! show, names a folder at the repository's top with a `SKILL.md` whose `name` is the folder's
//! ([`crate::skills::read`]); renaming a folder fails here, as it fails the build.

use super::repo;
use crate::config::SiteConfig;
use std::path::Path;

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
