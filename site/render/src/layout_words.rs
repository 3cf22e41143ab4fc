//! The site's words that no single page holds, from `content/layout.toml`: the navigation,
//! the footer (markdown), the layout's labels, the summary that opens `llms.txt`, and the
//! words the stages put around computed values: the islands' static boxes (`[calculator]`,
//! `[probe]`, `[pairwise]`), evidence figures (`[evidence]`), plots (`[plots]`), item
//! counts (`[items]`) and a computed result's labels (`[result]`, over the view crate's
//! defaults: [`crate::word_overrides`]). The links the navigation and footer make are recorded with their lines
//! in that file, so a broken one is reported there; an unknown key, a missing one or a slot a
//! sentence cannot use ([`crate::sentences`]; in the view crate's tables, a slot its default
//! word lacks) is an error at its line.

use crate::base::Base;
use crate::error::Error;
use crate::events;
use crate::instruments::{PairwiseWords, ProbeWords};
use crate::record::Record;
use crate::sentences::Count;
use crate::stages::links;
use crate::word_overrides::Overrides;
use crate::{calculator, chart, scoring};
use pickanumber_result_view::words::ResultView;
use std::path::{Path, PathBuf};

/// The file, relative to the site root.
pub const FILE: &str = "content/layout.toml";

/// One entry of the site navigation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavItem {
    /// The visible label.
    pub label: String,
    /// The target, from the site root.
    pub href: String,
}

/// The short labels of the layout.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Labels {
    /// The skip link to the main content.
    pub skip: String,
    /// The title of a page's table of contents.
    pub contents: String,
    /// The kicker above a case study's title.
    pub case_study: String,
    /// The title of the list of the other case studies.
    pub other_case_studies: String,
    /// The heading of a page's reference list.
    pub references: String,
    /// The accessible name of a heading's anchor link.
    pub anchor: String,
    /// The accessible name of the site navigation.
    pub site_nav: String,
    /// The label of a command's copy button (shown before `copy.js` runs).
    pub copy: String,
    /// The accessible name and title of the list of the docs pages.
    pub docs: String,
}

/// The keys of [`FILE`], for error messages.
const KEYS: &str = "nav, footer, llms, labels, search, items, evidence, plots, calculator, probe, pairwise, result, setup";

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    nav: Vec<toml::Spanned<NavItem>>,
    footer: Vec<toml::Spanned<String>>,
    llms: String,
    labels: Labels,
    search: crate::search::Words,
    items: Count,
    evidence: scoring::Words,
    plots: chart::Words,
    calculator: calculator::Words,
    probe: ProbeWords,
    pairwise: PairwiseWords,
    #[serde(default)]
    result: Overrides<ResultView<'static>>,
    setup: pickanumber_setup::Words,
}

/// The layout's words, ready for the template.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The navigation, in order.
    pub nav: Vec<NavItem>,
    /// The footer's paragraphs as markdown, each with its line in [`FILE`] ([`Layout::footer`]
    /// writes them).
    footer: Vec<(String, usize)>,
    /// The paragraph under the title of `llms.txt`.
    pub llms: String,
    /// The layout's labels.
    pub labels: Labels,
    /// The search box's words.
    pub search: crate::search::Words,
    /// How a number of items is written.
    pub items: Count,
    /// The words of evidence figures.
    pub evidence: scoring::Words,
    /// The words of plots.
    pub plots: chart::Words,
    /// The calculator's static box.
    pub calculator: calculator::Words,
    /// The probe's static box.
    pub probe: ProbeWords,
    /// The pairwise diagnostic's static box.
    pub pairwise: PairwiseWords,
    /// A computed result's labels (the calculator's static panel, the evidence blocks), over
    /// the view crate's defaults.
    pub result: Overrides<ResultView<'static>>,
    /// The setup page's form and results (the static box and the island).
    pub setup: pickanumber_setup::Words,
    /// The links of the navigation and the footer, with their lines in [`FILE`].
    pub record: Record,
}

impl Layout {
    /// The footer's paragraphs as HTML, their root links under `base`.
    pub fn footer(&self, base: Base) -> String {
        self.footer
            .iter()
            .map(|(md, line)| events::write(links::run(events::parse(md, *line), base)))
            .collect()
    }

    /// Reads [`FILE`] under `root`.
    ///
    /// # Errors
    /// A missing file, TOML that does not parse, or an unknown or missing key: with the line.
    pub fn load(root: &Path) -> Result<Layout, Error> {
        let file = PathBuf::from(FILE);
        let text = std::fs::read_to_string(root.join(&file)).map_err(|e| {
            Error::file(&file, format!("cannot read the navigation and footer: {e}"))
        })?;
        Layout::parse(&file, &text)
    }

    /// Parses the text of [`FILE`]; `file` is the path shown in errors and link reports.
    ///
    /// # Errors
    /// TOML that does not parse, or an unknown or missing key, with the line.
    pub fn parse(file: &Path, text: &str) -> Result<Layout, Error> {
        let line_of = |offset: usize| 1 + text[..offset.min(text.len())].matches('\n').count();
        let raw: Raw = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(1, |s| line_of(s.start));
            let message = e.message().trim();
            if message.contains(" field `") {
                Error::at(file, line, format!("{message} (keys: {KEYS})"))
            } else {
                Error::at(file, line, message)
            }
        })?;
        // The setup words travel one a line to the island; its worked example must read.
        let setup_line = line_of(text.find("[setup]").unwrap_or(0));
        if let Some(key) = raw.setup.unusable() {
            let m = format!("setup.{key} must be one line of text, not empty");
            return Err(Error::at(file, setup_line, m));
        }
        crate::setup::example().map_err(|m| Error::at(file, setup_line, m))?;
        crate::setup::generic_prompt().map_err(|m| Error::at(file, setup_line, m))?;
        let mut record = Record::default();
        let mut nav = Vec::new();
        for item in raw.nav {
            let line = line_of(item.span().start);
            let item = item.into_inner();
            record.link(item.href.clone(), file, Some(line));
            nav.push(item);
        }
        let mut footer = Vec::new();
        for paragraph in raw.footer {
            let line = line_of(paragraph.span().start);
            record.authored(file, &events::parse(paragraph.get_ref(), line));
            footer.push((paragraph.into_inner(), line));
        }
        Ok(Layout {
            nav,
            footer,
            llms: raw.llms.trim().to_string(),
            labels: raw.labels,
            search: raw.search,
            items: raw.items,
            evidence: raw.evidence,
            plots: raw.plots,
            calculator: raw.calculator,
            probe: raw.probe,
            pairwise: raw.pairwise,
            result: raw.result,
            setup: raw.setup,
            record,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables of the test site's layout file, from `[labels]` on.
    fn tables() -> String {
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures/site")
                .join(FILE),
        )
        .unwrap();
        text[text.find("[labels]").unwrap()..].to_string()
    }

    #[test]
    fn nav_and_footer_links_carry_their_lines() {
        let text = "llms = \"A site.\"\nnav = [\n  { label = \"Paper\", href = \"/paper/\" },\n]\nfooter = [\n  \"Read *the* [paper](/paper/#top).\",\n]\n".to_string() + &tables();
        let l = Layout::parse(Path::new(FILE), &text).unwrap();
        assert_eq!(l.nav[0].label, "Paper");
        assert_eq!(
            l.footer(Base::ROOT),
            "<p>Read <em>the</em> <a href=\"/paper/#top\">paper</a>.</p>\n"
        );
        let links: Vec<(&str, Option<usize>)> = l
            .record
            .links
            .iter()
            .map(|k| (k.target.as_str(), k.line))
            .collect();
        assert_eq!(links, [("/paper/", Some(3)), ("/paper/#top", Some(6))]);
    }

    #[test]
    fn an_unknown_key_is_an_error_with_its_line() {
        let err = Layout::parse(
            Path::new(FILE),
            "llms = \"x\"\nnav = []\nfooter = []\ncolour = \"red\"\n",
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "content/layout.toml:4: unknown field `colour`, expected one of `nav`, `footer`, `llms`, `labels`, `search`, `items`, `evidence`, `plots`, `calculator`, `probe`, `pairwise`, `result`, `setup` (keys: nav, footer, llms, labels, search, items, evidence, plots, calculator, probe, pairwise, result, setup)"
        );
    }

    #[test]
    fn a_mistyped_slot_of_a_setup_word_is_an_error_at_its_line() {
        let text = "llms = \"x\"\nnav = []\nfooter = []\n".to_string()
            + &tables().replacen("empty for {canonical}", "empty for {canonicl}", 1);
        let line = 1 + text[..text.find("{canonicl}").unwrap()]
            .matches('\n')
            .count();
        let err = Layout::parse(Path::new(FILE), &text)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            format!("content/layout.toml:{line}: [setup] denominator: \"Density denominator (items for full confidence; empty for {{canonicl}})\": {{canonicl}} is not a slot here (slots: {{canonical}})")
        );
        let text = "llms = \"x\"\nnav = []\nfooter = []\n".to_string()
            + &tables().replacen("An empty field keeps", "{canonical} keeps", 1);
        let err = Layout::parse(Path::new(FILE), &text)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("[setup] settings_hint: \"Tune the denominator first, then the scale. {canonical} keeps the canonical value.\": {canonical} is not a slot (this sentence has none)"),
            "{err}"
        );
    }

    #[test]
    fn a_slot_a_sentence_cannot_use_is_an_error_at_its_line() {
        let text = "llms = \"x\"\nnav = []\nfooter = []\n".to_string()
            + &tables().replace("{floor} with no items", "{floor} with {n} items");
        let err = Layout::parse(Path::new(FILE), &text)
            .unwrap_err()
            .to_string();
        let line = 1 + text[..text.find("{n} items, rises").unwrap()]
            .matches('\n')
            .count();
        assert!(
            err.starts_with(&format!("content/layout.toml:{line}: ")),
            "{err}"
        );
        assert!(
            err.contains("{n} is not a slot here (slots: {floor}, {ceiling}, {full}, {center})"),
            "{err}"
        );
    }
}
