//! One markdown page → HTML: the [`crate::stages`] in order, each over the event stream the
//! one before returned. The data flow is the body of [`render`].

use crate::base::Base;
use crate::bibliography::Bibliography;
use crate::error::Error;
use crate::events;
use crate::instruments::Island;
use crate::layout_words::Layout;
use crate::record::Record;
use crate::stages::frontmatter::{self, FrontMatter};
use crate::stages::headings::TocEntry;
use crate::stages::{
    citations, code, evidence, headings, islands, links, math, plots, references, retest, tables,
};
use std::path::Path;

/// A rendered page, before the template.
#[derive(Debug)]
pub struct Rendered {
    /// The front matter.
    pub meta: FrontMatter,
    /// The body HTML.
    pub body: String,
    /// h2 and h3 headings, in order.
    pub toc: Vec<TocEntry>,
    /// The live island the page places (the calculator, the probe or the pairwise
    /// diagnostic), if any: such a page loads the boot module.
    pub island: Option<Island>,
    /// The page as markdown for readers of source and language models: the title, then the
    /// body with every `{{ id.field }}` replaced by its computed value.
    pub markdown: String,
    /// The hero's receipts line as inline HTML, when the front matter has a hero.
    pub receipts: Option<String>,
    /// The ids the body defines and the links it makes, with their source lines.
    pub record: Record,
}

/// Renders one page. `file` is the path shown in errors and link reports, `root` the
/// repository's top folder (a retest block's runs file is read from it); the words the
/// stages add around computed values (figure captions, plot text, the islands' static boxes,
/// anchors, the reference list's heading) are `layout`'s; root links are written under `base`.
///
/// # Errors
/// The first problem found, with file and line.
pub fn render(
    root: &Path,
    file: &Path,
    text: &str,
    bib: &Bibliography,
    layout: &Layout,
    base: Base,
) -> Result<Rendered, Error> {
    let (meta, body, first_line) = frontmatter::split(file, text)?;
    let mut record = Record::default();
    let events = events::parse(body, first_line);
    record.authored(file, &events);
    let events = links::run(events, base);
    let (events, blocks) = evidence::run(file, events, &mut record, layout, base)?;
    let events = plots::run(file, events, &mut record, layout)?;
    let (events, figures) = retest::run(file, root, events, &mut record)?;
    let values = references::values(&blocks, figures);
    let (events, island) = islands::run(file, events, &mut record, layout, base)?;
    let (events, mut toc) = headings::run(events, &mut record, layout.labels.lend().anchor);
    let events = references::run(file, events, &values)?;
    let (events, reference_list) =
        citations::run(file, events, bib, &mut record, &layout.labels.lend())?;
    toc.extend(reference_list);
    let events = math::run(file, events)?;
    let events = code::run(events, layout.labels.lend().copy);
    let events = tables::run(events);
    let receipts = meta.hero.as_ref().map(|h| {
        let events = events::parse(&h.receipts, h.line);
        record.authored(file, &events);
        let html = events::write(links::run(events, base));
        let inline = html
            .trim_end()
            .strip_prefix("<p>")
            .and_then(|h| h.strip_suffix("</p>"));
        inline.unwrap_or(&html).to_string()
    });
    let markdown = format!("# {}\n\n{}", meta.title, references::fill(body, &values));
    let mut body = events::write(events);
    if island.is_some() {
        body = without_closed_details(&body);
    }
    Ok(Rendered {
        meta,
        body,
        toc,
        island,
        markdown,
        receipts,
        record,
    })
}

/// A page with an island shows its disclosures open, as plain blocks: while a closed
/// `<details>` is anywhere in the document, Chromium's editing code (replace-selection and
/// delete in a textarea) does work per edited line for each of them, so a 10,000-line paste
/// over the calculator's example, and a select-all + Delete of it, were many times slower
/// than without them. `<details><summary>X</summary>` becomes
/// `<div class="disclosure"><p class="summary">X</p>` and `</details>` becomes `</div>`.
/// A body with any other form of `<details` (attributes, no summary first) is left as it is.
fn without_closed_details(body: &str) -> String {
    if body.matches("<details").count() != body.matches("<details><summary>").count() {
        return body.to_string();
    }
    body.replace(
        "<details><summary>",
        "<div class=\"disclosure\"><p class=\"summary\">",
    )
    .replace("</summary>", "</p>")
    .replace("</details>", "</div>")
}

#[cfg(test)]
mod tests {
    use super::without_closed_details;

    #[test]
    fn disclosures_open_into_plain_blocks_unless_some_other_details_form_is_there() {
        assert_eq!(
            without_closed_details("<details><summary>The 3 items</summary>\n<ul></ul></details>"),
            "<div class=\"disclosure\"><p class=\"summary\">The 3 items</p>\n<ul></ul></div>"
        );
        let other = "<details open><summary>x</summary></details>";
        assert_eq!(without_closed_details(other), other);
    }
}
