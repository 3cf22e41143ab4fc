//! One markdown page → HTML, in small passes over pulldown-cmark events:
//!
//! 1. front matter is split off ([`crate::frontmatter`]);
//! 2. evidence blocks are scored first ([`crate::evidence`]), so prose anywhere on the page can
//!    quote them;
//! 3. text gets inline references `{{ id.field }}` and citations `[@key]`
//!    ([`crate::citations`]); a paragraph holding only `{{ calculator }}`, `{{ probe }}` or
//!    `{{ pairwise }}` becomes that island's place ([`crate::instruments::Island`]);
//! 4. headings get stable, de-duplicated ids and a visible anchor link; h2/h3 feed the table
//!    of contents;
//! 5. `$…$` and `$$…$$` become MathML at build time;
//! 6. the events are written as HTML, and the reference list is appended.

use crate::citations::{Bibliography, Cited};
use crate::error::{Error, Lines};
use crate::evidence::Block;
use crate::frontmatter::{self, FrontMatter};
use crate::html::{escape, slug};
use crate::instruments::Island;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The markdown extensions every page gets.
pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_MATH
        | Options::ENABLE_SMART_PUNCTUATION
}

/// A heading kept for the table of contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TocEntry {
    /// 2 or 3.
    pub level: u8,
    /// The anchor.
    pub id: String,
    /// The heading text.
    pub text: String,
}

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
}

/// Renders one page. `file` is the path shown in errors.
///
/// # Errors
/// The first problem found, with file and line.
pub fn render(file: &Path, text: &str, bib: &Bibliography) -> Result<Rendered, Error> {
    let (meta, body, first_line) = frontmatter::split(file, text)?;
    let lines = Lines::new(body, first_line);
    let events: Vec<(Event, usize)> = merge_text(
        Parser::new_ext(body, options())
            .into_offset_iter()
            .map(|(e, r)| (e, lines.line(r.start))),
    );

    let blocks = evidence_blocks(file, &events)?;
    let mut state = Pass {
        file,
        blocks: &blocks,
        bib,
        cited: Cited::default(),
        ids: BTreeSet::new(),
        toc: Vec::new(),
        island: None,
    };
    let out = state.run(events)?;
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, out.into_iter());
    if !state.cited.is_empty() {
        html.push_str(&state.cited.section(bib));
        state.toc.push(TocEntry {
            level: 2,
            id: "references".into(),
            text: "References".into(),
        });
    }
    let markdown = format!("# {}\n\n{}", meta.title, with_values(body, &blocks));
    Ok(Rendered {
        meta,
        body: html,
        toc: state.toc,
        island: state.island,
        markdown,
    })
}

/// Joins runs of text events (pulldown-cmark splits text at `[`, `]`, entities…), so that
/// `{{ id.field }}` and `[@key]` arrive whole.
fn merge_text<'a>(events: impl Iterator<Item = (Event<'a>, usize)>) -> Vec<(Event<'a>, usize)> {
    let mut out: Vec<(Event<'a>, usize)> = Vec::new();
    for (e, line) in events {
        if let (Event::Text(t), Some((Event::Text(prev), _))) = (&e, out.last_mut()) {
            let joined = format!("{prev}{t}");
            *prev = CowStr::from(joined);
            continue;
        }
        out.push((e, line));
    }
    out
}

fn evidence_blocks(
    file: &Path,
    events: &[(Event, usize)],
) -> Result<BTreeMap<String, Block>, Error> {
    let mut blocks = BTreeMap::new();
    let mut i = 0;
    while i < events.len() {
        if let (Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))), line) = &events[i] {
            if is_evidence(info) {
                let mut body = String::new();
                i += 1;
                while let Some((Event::Text(t), _)) = events.get(i) {
                    body.push_str(t);
                    i += 1;
                }
                let block = Block::compile(file, *line, info, &body)?;
                if blocks.contains_key(&block.id) {
                    return Err(Error::at(
                        file,
                        *line,
                        format!("evidence id \"{}\" is used twice in this page", block.id),
                    ));
                }
                blocks.insert(block.id.clone(), block);
            }
        }
        i += 1;
    }
    Ok(blocks)
}

fn is_evidence(info: &str) -> bool {
    info.split_whitespace().next() == Some("evidence")
}

struct Pass<'p> {
    file: &'p Path,
    blocks: &'p BTreeMap<String, Block>,
    bib: &'p Bibliography,
    cited: Cited,
    ids: BTreeSet<String>,
    toc: Vec<TocEntry>,
    island: Option<Island>,
}

impl<'p> Pass<'p> {
    fn run<'a>(&mut self, events: Vec<(Event<'a>, usize)>) -> Result<Vec<Event<'a>>, Error> {
        let mut out = Vec::with_capacity(events.len());
        let mut i = 0;
        let mut in_code = false;
        while i < events.len() {
            let (event, line) = &events[i];
            let line = *line;
            match event {
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) if is_evidence(info) => {
                    let id = info
                        .split_whitespace()
                        .find_map(|o| o.strip_prefix("id="))
                        .unwrap_or_default();
                    out.push(Event::Html(self.blocks[id].html().into()));
                    while !matches!(events[i].0, Event::End(TagEnd::CodeBlock)) {
                        i += 1;
                    }
                }
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                    if info.split_whitespace().next() == Some("plot") =>
                {
                    let svg =
                        crate::plot::render(info).map_err(|m| Error::at(self.file, line, m))?;
                    out.push(Event::Html(svg.into()));
                    while !matches!(events[i].0, Event::End(TagEnd::CodeBlock)) {
                        i += 1;
                    }
                }
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                    if matches!(info.split_whitespace().next(), Some("sh" | "prompt")) =>
                {
                    // Shell commands and prompt fragments get a copy button (hidden without
                    // JavaScript, where the text stays selectable).
                    let mut cmd = String::new();
                    i += 1;
                    while let Some((Event::Text(t), _)) = events.get(i) {
                        cmd.push_str(t);
                        i += 1;
                    }
                    out.push(Event::Html(
                        crate::template::copy_block(cmd.trim_end()).into(),
                    ));
                }
                Event::Start(Tag::CodeBlock(kind)) => {
                    // A code block may scroll sideways: it takes keyboard focus so it can be
                    // scrolled without a mouse.
                    in_code = true;
                    let lang = match kind {
                        CodeBlockKind::Fenced(info) => info.split_whitespace().next().unwrap_or(""),
                        CodeBlockKind::Indented => "",
                    };
                    let class = if lang.is_empty() {
                        String::new()
                    } else {
                        format!(" class=\"language-{}\"", escape(lang))
                    };
                    out.push(Event::Html(
                        format!("<pre tabindex=\"0\"><code{class}>").into(),
                    ));
                }
                Event::End(TagEnd::CodeBlock) => {
                    in_code = false;
                    out.push(Event::Html("</code></pre>\n".into()));
                }
                Event::Start(Tag::Paragraph)
                    if matches!(events.get(i + 1), Some((Event::Text(t), _)) if island(t).is_some())
                        && matches!(
                            events.get(i + 2),
                            Some((Event::End(TagEnd::Paragraph), _))
                        ) =>
                {
                    let Some((Event::Text(t), _)) = events.get(i + 1) else {
                        unreachable!("checked by the guard");
                    };
                    if self.island.is_some() {
                        return Err(Error::at(
                            self.file,
                            line,
                            "a page holds at most one island ({{ calculator }}, {{ probe }} or {{ pairwise }})",
                        ));
                    }
                    self.island = island(t);
                    let placeholder = self.island.map(Island::placeholder).unwrap_or_default();
                    out.push(Event::Html(placeholder.into()));
                    i += 2;
                }
                Event::Start(Tag::Heading { level, id, .. }) => {
                    let end = (i..events.len())
                        .find(|&j| matches!(events[j].0, Event::End(TagEnd::Heading(_))))
                        .unwrap_or(events.len());
                    let inner: Vec<Event<'a>> = self.run(events[i + 1..end].to_vec())?;
                    let text = plain_text(&events[i + 1..end]);
                    let id = self.unique_id(
                        id.as_deref()
                            .map(str::to_string)
                            .unwrap_or_else(|| slug(&text)),
                    );
                    let n = heading_number(*level);
                    if n == 2 || n == 3 {
                        self.toc.push(TocEntry {
                            level: n,
                            id: id.clone(),
                            text: text.clone(),
                        });
                    }
                    out.push(Event::Html(format!("<h{n} id=\"{id}\">").into()));
                    out.extend(inner);
                    out.push(Event::Html(
                        format!("<a class=\"anchor\" href=\"#{id}\" aria-label=\"Link to this section\">#</a></h{n}>\n").into(),
                    ));
                    i = end;
                }
                Event::Text(t) if !in_code && (t.contains("{{") || t.contains("[@")) => {
                    out.push(Event::InlineHtml(self.inline(t, line)?.into()));
                }
                Event::InlineMath(tex) => {
                    out.push(Event::InlineHtml(self.math(tex, false, line)?.into()))
                }
                // Wide formulas and tables scroll sideways on narrow screens; a scrollable
                // region must be reachable by keyboard, hence the tabindex.
                Event::DisplayMath(tex) => out.push(Event::InlineHtml(
                    format!(
                        "<span class=\"scroll-x\" tabindex=\"0\">{}</span>",
                        self.math(tex, true, line)?
                    )
                    .into(),
                )),
                Event::Start(Tag::Table(_)) => {
                    out.push(Event::Html(
                        "<div class=\"scroll-x\" tabindex=\"0\">".into(),
                    ));
                    out.push(event.clone());
                }
                Event::End(TagEnd::Table) => {
                    out.push(event.clone());
                    out.push(Event::Html("</div>\n".into()));
                }
                _ => out.push(event.clone()),
            }
            i += 1;
        }
        Ok(out)
    }

    fn unique_id(&mut self, base: String) -> String {
        let mut id = base.clone();
        let mut n = 1;
        while !self.ids.insert(id.clone()) {
            id = format!("{base}-{n}");
            n += 1;
        }
        id
    }

    /// Text with references and citations replaced, as HTML.
    fn inline(&mut self, text: &str, line: usize) -> Result<String, Error> {
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find("{{") {
            out.push_str(&escape(&rest[..start]));
            let Some(len) = rest[start..].find("}}") else {
                return Err(Error::at(
                    self.file,
                    line,
                    "a reference {{ is not closed with }}",
                ));
            };
            let name = rest[start + 2..start + len].trim();
            out.push_str(&escape(&self.reference(name, line)?));
            rest = &rest[start + len + 2..];
        }
        out.push_str(&escape(rest));
        self.cited
            .rewrite(&out, self.bib)
            .map_err(|m| Error::at(self.file, line, m))
    }

    fn reference(&self, name: &str, line: usize) -> Result<String, Error> {
        if Island::from_marker(name).is_some() {
            return Err(Error::at(
                self.file,
                line,
                format!("{{{{ {name} }}}} must be alone in its paragraph"),
            ));
        }
        let (id, field) = name.split_once('.').unwrap_or((name, ""));
        let Some(block) = self.blocks.get(id) else {
            let known: Vec<&str> = self.blocks.keys().map(String::as_str).collect();
            return Err(Error::at(
                self.file,
                line,
                format!(
                    "unknown reference {{{{ {name} }}}}: no evidence block \"{id}\" in this page (blocks: {})",
                    if known.is_empty() { "none".to_string() } else { known.join(", ") }
                ),
            ));
        };
        let values = block.values();
        values.get(field).cloned().ok_or_else(|| {
            let fields: Vec<&str> = values.keys().map(String::as_str).filter(|k| !k.contains('.')).collect();
            Error::at(
                self.file,
                line,
                format!("unknown reference {{{{ {name} }}}}: block \"{id}\" has no field \"{field}\" (fields: {})", fields.join(", ")),
            )
        })
    }

    fn math(&self, tex: &str, display: bool, line: usize) -> Result<String, Error> {
        crate::math::to_mathml(tex, display).map_err(|m| Error::at(self.file, line, m))
    }
}

/// `body` with each `{{ id.field }}` that names a block's value replaced by it; anything
/// else between braces (the calculator marker, an example in a code span) stays as written.
fn with_values(body: &str, blocks: &BTreeMap<String, Block>) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start..];
        let Some(len) = after.find("}}") else {
            out.push_str(after);
            rest = "";
            break;
        };
        let name = after[2..len].trim();
        let value = name
            .split_once('.')
            .and_then(|(id, field)| blocks.get(id)?.values().get(field).cloned());
        match value {
            Some(v) => out.push_str(&v),
            None => out.push_str(&after[..len + 2]),
        }
        rest = &after[len + 2..];
    }
    out.push_str(rest);
    out
}

/// The island a paragraph's whole text names: `{{ calculator }}`, `{{ probe }}`,
/// `{{ pairwise }}`.
fn island(t: &str) -> Option<Island> {
    t.trim()
        .strip_prefix("{{")
        .and_then(|s| s.strip_suffix("}}"))
        .map(str::trim)
        .and_then(Island::from_marker)
}

fn heading_number(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

fn plain_text(events: &[(Event, usize)]) -> String {
    events
        .iter()
        .filter_map(|(e, _)| match e {
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) => Some(t.to_string()),
            _ => None,
        })
        .collect::<String>()
        .trim()
        .to_string()
}
