//! The site's words that no single page holds, from `content/layout.toml`: the navigation,
//! the footer (markdown) and the summary that opens `llms.txt`, which the file must state, and
//! the tables it may state over the code's defaults. Two kinds: the word tables declared by
//! `words_table!` (the layout's labels, `[labels]`: [`Labels`]; `[result]`; the islands'
//! `view` and `live` tables; the setup page's `[setup]`), each read and checked by
//! [`pickanumber_island_words::read::Overrides`] (an unknown key is refused with the table's
//! keys, a slot its default word lacks with the default's slots); and the renderer's own
//! structs, whose `Default` holds the default words beside the fields and which serde reads
//! (refusing an unknown key, with the keys): the tables with markdown or typed sentences
//! ([`crate::sentences`]) among their words (the islands' static boxes `[calculator]`,
//! `[probe]`, `[pairwise]`; evidence figures, `[evidence]`; plots, `[plots]`; item counts,
//! `[items]`) and the search box (`[search]`, whose key `match` is no Rust field name). A key
//! the file leaves out keeps its default. The links the navigation and footer make are
//! recorded with their lines in that file, so a broken one is reported there; every refusal is
//! an error at its line.

use crate::base::Base;
use crate::error::Error;
use crate::events;
use crate::instruments::{PairwiseWords, ProbeWords};
use crate::record::Record;
use crate::sentences::Count;
use crate::stages::links;
use crate::{calculator, chart, scoring};
use pickanumber_island_words::read::Overrides;
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

pickanumber_result_view::words_table! {
    /// The short labels of the layout, the `[labels]` table.
    pub struct Labels, "labels", markup_free: false;
    /// The default words: the site's, where `content/layout.toml` does not override them.
    pub const LABELS {
        /// The skip link to the main content.
        skip: "Skip to the content",
        /// The title of a page's table of contents.
        contents: "Contents",
        /// The kicker above a case study's title.
        case_study: "Case study",
        /// The title of the list of the other case studies.
        other_case_studies: "Other case studies",
        /// The heading of a page's reference list.
        references: "References",
        /// The accessible name of a heading's anchor link.
        anchor: "Link to this section",
        /// The accessible name of the site navigation.
        site_nav: "Site",
        /// The label of a command's copy button (shown before `copy.js` runs).
        copy: "Copy",
        /// The accessible name and title of the list of the docs pages.
        docs: "Documentation",
    }
}

/// The keys of [`FILE`], for error messages.
const KEYS: &str = "nav, footer, llms, labels, search, items, evidence, plots, calculator, probe, pairwise, result, setup";

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    nav: Vec<toml::Spanned<NavItem>>,
    footer: Vec<toml::Spanned<String>>,
    llms: String,
    #[serde(default)]
    labels: Overrides<Labels<'static>>,
    #[serde(default)]
    search: crate::search::Words,
    #[serde(default)]
    items: Count,
    #[serde(default)]
    evidence: scoring::Words,
    #[serde(default)]
    plots: chart::Words,
    #[serde(default)]
    calculator: calculator::Words,
    #[serde(default)]
    probe: ProbeWords,
    #[serde(default)]
    pairwise: PairwiseWords,
    #[serde(default)]
    result: Overrides<ResultView<'static>>,
    #[serde(default)]
    setup: Overrides<pickanumber_setup::Words<'static>>,
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
    pub labels: Overrides<Labels<'static>>,
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
    /// The setup page's form and results (the static box and the island), over the setup
    /// crate's defaults.
    pub setup: Overrides<pickanumber_setup::Words<'static>>,
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
        if let Some(key) = raw.setup.lend().unusable() {
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

    /// The keys a layout file must state: the site's own navigation, footer and summary.
    const OWN: &str = "llms = \"x\"\nnav = []\nfooter = []\n";

    /// `text` read as [`FILE`], or its error as written.
    fn parse(text: &str) -> Result<Layout, String> {
        Layout::parse(Path::new(FILE), text).map_err(|e| e.to_string())
    }

    /// The line of `needle` in `text`.
    fn line_of(text: &str, needle: &str) -> usize {
        1 + text[..text.find(needle).unwrap()].matches('\n').count()
    }

    #[test]
    fn nav_and_footer_links_carry_their_lines() {
        let text = "llms = \"A site.\"\nnav = [\n  { label = \"Paper\", href = \"/paper/\" },\n]\nfooter = [\n  \"Read *the* [paper](/paper/#top).\",\n]\n";
        let l = parse(text).unwrap();
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
    fn a_word_the_file_leaves_out_is_the_code_s_default() {
        let defaults = parse(OWN).unwrap();
        assert_eq!(defaults.labels.lend(), LABELS);
        assert_eq!(defaults.labels.lend().skip, "Skip to the content");
        assert_eq!(defaults.search, crate::search::Words::default());
        assert_eq!(defaults.items, Count::default());
        assert_eq!(defaults.evidence, scoring::Words::default());
        assert_eq!(defaults.plots, chart::Words::default());
        assert_eq!(defaults.calculator, calculator::Words::default());
        assert_eq!(defaults.setup.lend(), pickanumber_setup::form_words::SETUP);
        assert_eq!(
            defaults.setup.lend().paste,
            "Or paste a rubric file, TOML or JSON (what this page or pickanumber rubric writes)"
        );
        assert!(defaults
            .probe
            .noscript
            .as_written()
            .starts_with("The live probe needs"));
        assert!(defaults
            .pairwise
            .noscript
            .as_written()
            .starts_with("The live diagnostic needs"));
        // One word stated in a table: that word changes, its neighbours keep their defaults.
        let text = format!(
            "{OWN}[labels]\nskip = \"Jump to the text\"\n\n[plots.multiplier]\ny_axis = \"factor\"\n\n[setup]\ncopy = \"Copy it\"\n\n[probe]\nnoscript = \"No script.\"\n"
        );
        let l = parse(&text).unwrap();
        assert_eq!(l.labels.lend().skip, "Jump to the text");
        assert_eq!(l.labels.lend().contents, LABELS.contents);
        assert_eq!(l.plots.multiplier.y_axis, "factor");
        assert_eq!(l.plots.multiplier.title, defaults.plots.multiplier.title);
        assert_eq!(l.plots.final_vs_net, defaults.plots.final_vs_net);
        assert_eq!(l.setup.lend().copy, "Copy it");
        assert_eq!(l.setup.lend().paste, defaults.setup.lend().paste);
        assert_eq!(l.probe.noscript.as_written(), "No script.");
        assert_eq!(l.pairwise.noscript, defaults.pairwise.noscript);
    }

    /// The code's default sentences pass the checks the site's words pass: only their own
    /// `{slots}`, and no link in a markdown one.
    #[test]
    fn every_default_sentence_passes_the_site_s_checks() {
        use crate::sentences::{Slots, Text};
        fn check<S: Slots>(key: &str, text: &Text<S>) {
            if let Err(e) = Text::<S>::new(text.as_written()) {
                panic!("the default of {key}: {e}");
            }
        }
        let l = parse(OWN).unwrap();
        check("items.one", &l.items.one);
        check("items.other", &l.items.other);
        let e = &l.evidence;
        check("evidence.caption", &e.caption);
        check("evidence.items", &e.items);
        check("evidence.lead_result", &e.lead_result);
        check("evidence.interval", &e.interval);
        let f = &l.plots.final_vs_net;
        check("series", &f.series);
        check("lines", &f.lines);
        check("fewer_steeper", &f.fewer_steeper);
        check("more_steeper", &f.more_steeper);
        check("mixed", &f.mixed);
        check("final_with", &f.final_with);
        check("finals_column", &f.finals_column);
        check("multiplier.description", &l.plots.multiplier.description);
        check("calculator.noscript", &l.calculator.noscript);
        check("probe.noscript", &l.probe.noscript);
        check("pairwise.noscript", &l.pairwise.noscript);
    }

    #[test]
    fn an_unknown_key_is_an_error_with_its_line() {
        let err = parse("llms = \"x\"\nnav = []\nfooter = []\ncolour = \"red\"\n").unwrap_err();
        assert_eq!(
            err,
            "content/layout.toml:4: unknown field `colour`, expected one of `nav`, `footer`, `llms`, `labels`, `search`, `items`, `evidence`, `plots`, `calculator`, `probe`, `pairwise`, `result`, `setup` (keys: nav, footer, llms, labels, search, items, evidence, plots, calculator, probe, pairwise, result, setup)"
        );
        // In a table the file states only in part, an unknown key is still refused at its line.
        let err = parse(&format!(
            "{OWN}\n[labels]\nskip = \"Jump\"\nskipp = \"Jump\"\n"
        ))
        .unwrap_err();
        assert_eq!(
            err,
            "content/layout.toml:7: [labels] skipp is not a key here (keys: skip, contents, case_study, other_case_studies, references, anchor, site_nav, copy, docs)"
        );
        let err = parse(&format!(
            "{OWN}\n[setup]\ncopy = \"Copy it\"\ncopy_all = \"All\"\n"
        ))
        .unwrap_err();
        assert_eq!(
            err,
            "content/layout.toml:7: [setup] copy_all is not a key here (keys: region, example, noscript, subject, mode, pooled, matrix, criteria, name, weight, plus5, minus5, add_criterion, remove, perspectives, perspectives_hint, traps, description, impact, add_trap, advanced, denominator, scale, settings_hint, paste, load, toml, prompt, schema, copy, copied, copy_failed, not_kept, score, results, errors)"
        );
    }

    #[test]
    fn a_mistyped_slot_of_a_setup_word_is_an_error_at_its_line() {
        let text = format!("{OWN}\n[setup]\ncopy = \"Copy\"\ndenominator = \"Density denominator (items for full confidence; empty for {{canonicl}})\"\n");
        assert_eq!(
            parse(&text).unwrap_err(),
            format!("content/layout.toml:{}: [setup] denominator: \"Density denominator (items for full confidence; empty for {{canonicl}})\": {{canonicl}} is not a slot here (slots: {{canonical}})", line_of(&text, "{canonicl}"))
        );
        let text = format!("{OWN}\n[setup]\nsettings_hint = \"Tune the denominator first, then the scale. {{canonical}} keeps the canonical value.\"\n");
        assert_eq!(
            parse(&text).unwrap_err(),
            "content/layout.toml:6: [setup] settings_hint: \"Tune the denominator first, then the scale. {canonical} keeps the canonical value.\": {canonical} is not a slot (this sentence has none)"
        );
    }

    #[test]
    fn a_slot_a_sentence_cannot_use_is_an_error_at_its_line() {
        let text = format!("{OWN}\n[plots.multiplier]\ndescription = \"The multiplier starts at {{floor}} with {{n}} items.\"\n");
        let err = parse(&text).unwrap_err();
        assert!(
            err.starts_with(&format!(
                "content/layout.toml:{}: ",
                line_of(&text, "{n} items")
            )),
            "{err}"
        );
        assert!(
            err.contains("{n} is not a slot here (slots: {floor}, {ceiling}, {full}, {center})"),
            "{err}"
        );
    }
}
