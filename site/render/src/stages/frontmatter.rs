//! Front matter, the first stage: the TOML between `+++` lines at the top of a page is split
//! off the markdown. Unknown keys are errors.

use crate::error::Error;
use std::path::Path;

/// Which layout a page uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Template {
    /// The one-page overview.
    Home,
    /// An ordinary page.
    #[default]
    Page,
    /// The paper: table of contents, print styles.
    Paper,
    /// A case study.
    Example,
    /// A page of the documentation (`docs/`): the list of the docs pages beside it. Given by
    /// the page's folder, never by its front matter.
    #[serde(skip_deserializing)]
    Docs,
}

/// The allowed keys.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    /// The page title.
    pub title: String,
    /// One sentence for search results and link previews.
    pub description: String,
    /// The layout.
    #[serde(default)]
    pub template: Template,
    /// Position among pages of the same template.
    #[serde(default)]
    pub order: i64,
    /// A blurb for cards that link to the page.
    pub summary: Option<String>,
    /// The home page's hero: its cited figures and the problem and claim under the title.
    pub hero: Option<Hero>,
}

/// The words of the home page's hero, around its title.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hero {
    /// One line of markdown: the figures the method rests on, with a link to their sources.
    pub receipts: String,
    /// Two or three sentences under the title: the problem and the claim (plain text).
    pub lead: String,
    /// The file line of `receipts` (set by [`split`]), for the links it makes.
    #[serde(skip)]
    pub line: usize,
}

/// Splits `text` into front matter and body; returns the body and the line the body starts on.
///
/// # Errors
/// A missing or unclosed block, TOML that does not parse, a missing required key or an
/// unknown key, each with the file and line.
pub fn split<'a>(file: &Path, text: &'a str) -> Result<(FrontMatter, &'a str, usize), Error> {
    let rest = text
        .strip_prefix("+++\n")
        .or_else(|| text.strip_prefix("+++\r\n"))
        .ok_or_else(|| {
            Error::at(
                file,
                1,
                "a page must start with front matter: a line +++, TOML keys (title, description), and +++",
            )
        })?;
    let close = rest
        .match_indices("+++")
        .find(|(i, _)| *i == 0 || rest.as_bytes()[i - 1] == b'\n')
        .map(|(i, _)| i)
        .ok_or_else(|| {
            Error::at(
                file,
                1,
                "front matter is not closed: add a line +++ after it",
            )
        })?;
    let toml_text = &rest[..close];
    let mut fm: FrontMatter = toml::from_str(toml_text).map_err(|e| {
        let line = e
            .span()
            .map(|s| 2 + toml_text[..s.start].matches('\n').count())
            .unwrap_or(1);
        let msg = e.message().trim().to_string();
        Error::at(
            file,
            line,
            format!(
                "front matter: {msg} (allowed keys: title, description, template, order, summary, hero)"
            ),
        )
    })?;
    if let Some(hero) = &mut fm.hero {
        let before = toml_text
            .lines()
            .position(|l| l.trim_start().starts_with("receipts"))
            .unwrap_or(0);
        hero.line = 2 + before;
    }
    let after = &rest[close + 3..];
    let body = after.strip_prefix('\n').unwrap_or(after);
    let body_line = 2 + toml_text.matches('\n').count() + 1;
    Ok((fm, body, body_line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_starts_after_the_block_and_the_hero_knows_its_line() {
        let text = "+++\ntitle = \"T\"\ndescription = \"D\"\n[hero]\nlead = \"L\"\nreceipts = \"9 runs\"\n+++\nBody\n";
        let (fm, body, line) = split(Path::new("p.md"), text).unwrap();
        assert_eq!((body, line), ("Body\n", 8));
        let hero = fm.hero.unwrap();
        assert_eq!((hero.receipts.as_str(), hero.line), ("9 runs", 6));
    }

    #[test]
    fn an_unclosed_block_is_an_error() {
        let err = split(Path::new("p.md"), "+++\ntitle = \"T\"\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "p.md:1: front matter is not closed: add a line +++ after it"
        );
    }
}
