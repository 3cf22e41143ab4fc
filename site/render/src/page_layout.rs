//! Page templates: the shared layout (landmarks, CSP, social meta) around a rendered body.
//! The template takes plain data ([`Page`], [`Context`]) and records the ids and links it
//! adds; every word it shows comes from the page's front matter or [`crate::layout_words`].

use crate::config::SiteConfig;
use crate::html::escape;
use crate::instruments::Island;
use crate::layout_words::Layout;
use crate::record::Record;
use crate::stages::frontmatter::{FrontMatter, Template};
use crate::stages::headings::TocEntry;
use std::path::Path;

/// The policy every built page carries: scripts only from the site itself (plus wasm
/// compilation), no inline scripts, no third-party anything.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

/// What the template shows of one rendered page.
pub struct Page<'a> {
    /// The source file, for the layout's links in reports.
    pub file: &'a Path,
    /// The front matter.
    pub meta: &'a FrontMatter,
    /// The hero's receipts as inline HTML (home pages with a hero).
    pub receipts: Option<&'a str>,
    /// The body HTML.
    pub body: &'a str,
    /// h2 and h3 headings, in order.
    pub toc: &'a [TocEntry],
    /// The island the page places, if any.
    pub island: Option<Island>,
}

/// What the layout needs besides the page.
pub struct Context<'a> {
    /// The URL path of the page, e.g. `/paper/`.
    pub path: &'a str,
    /// Case studies for the home page and example pages: (path, title, summary).
    pub examples: &'a [(String, String, String)],
    /// The docs pages in their order, for the docs layout's list: (path, title).
    pub docs: &'a [(String, String)],
    /// Add the development live-reload script.
    pub dev: bool,
    /// Whether the islands' wasm was built (otherwise pages keep the static examples only).
    pub calculator: bool,
    /// The navigation and footer.
    pub layout: &'a Layout,
    /// Where the site lives: every root link the layout writes is under its base path, and
    /// the canonical address is its origin's.
    pub config: &'a SiteConfig,
}

/// Wraps a rendered page in the layout; records the ids and links the layout adds.
pub fn page(p: &Page, cx: &Context, record: &mut Record) -> String {
    let title = format!("{} · pickanumber", p.meta.title);
    let base = cx.config.base();
    let mut scripts = String::new();
    let mut asset = |target: &str| {
        record.link(target, p.file, None);
        base.url(target).into_owned()
    };
    if matches!(
        p.island,
        Some(Island::Probe | Island::Pairwise | Island::Setup)
    ) {
        // The probe's and the pairwise diagnostic's styles, apart from the shared sheet.
        let sheet = asset("/islands.css");
        scripts.push_str(&format!("<link rel=\"stylesheet\" href=\"{sheet}\">\n"));
    }
    if p.island.is_some() && cx.calculator {
        let boot = asset("/calc/boot.js");
        scripts.push_str(&format!(
            "<script type=\"module\" src=\"{boot}\"></script>\n"
        ));
    }
    let copy = asset("/copy.js");
    scripts.push_str(&format!(
        "<script type=\"module\" src=\"{copy}\"></script>\n"
    ));
    if cx.dev {
        let reload = base.url("/__dev/reload.js");
        scripts.push_str(&format!(
            "<script type=\"module\" src=\"{reload}\"></script>\n"
        ));
    }
    let main = match p.meta.template {
        Template::Home => {
            record.id("top");
            home(p)
        }
        Template::Paper => paper(p, cx.layout.labels.lend().contents),
        Template::Example => example(p, cx, record),
        Template::Docs => docs(p, cx, record),
        Template::Page => format!(
            "<article class=\"prose\">\n<h1>{}</h1>\n{}</article>\n",
            escape(&p.meta.title),
            p.body
        ),
    };
    let shell = Shell {
        title: &title,
        description: &p.meta.description,
        path: cx.path,
        scripts: &scripts,
        file: p.file,
    };
    layout(&shell, cx, &main, record)
}

/// The document's head and landmarks, apart from `<main>`.
struct Shell<'a> {
    title: &'a str,
    description: &'a str,
    path: &'a str,
    scripts: &'a str,
    file: &'a Path,
}

/// The shared document around `main`.
fn layout(s: &Shell, cx: &Context, main: &str, record: &mut Record) -> String {
    let (words, base) = (cx.layout, cx.config.base());
    let path = s.path;
    let nav: String = words
        .nav
        .iter()
        .map(|item| {
            let href = &item.href;
            // The page itself is `page`; a section the page sits in (`/paper/` for a part of
            // the paper) is `true`.
            let section = href.len() > 1 && href.ends_with('/') && path.starts_with(href.as_str());
            let current = if path != "/" && href.starts_with(path) {
                " aria-current=\"page\""
            } else if section {
                " aria-current=\"true\""
            } else {
                ""
            };
            format!(
                "<li><a href=\"{}\"{current}>{}</a></li>",
                escape(&base.url(href)),
                escape(&item.label)
            )
        })
        .collect();
    record.id("main");
    record.links.extend(words.record.links.iter().cloned());
    for asset in ["/favicon.svg", "/style.css"] {
        record.link(asset, s.file, None);
    }
    let url = escape(&cx.config.canonical(path));
    let image = escape(&cx.config.canonical("/social.png"));
    let (icon, style, home) = (
        base.url("/favicon.svg"),
        base.url("/style.css"),
        base.url("/"),
    );
    let title = escape(s.title);
    let description = escape(s.description);
    let scripts = s.scripts;
    let footer = words.footer(base);
    let skip = escape(words.labels.lend().skip);
    record.link(crate::search::SCRIPT, s.file, None);
    record.link(crate::search::INDEX, s.file, None);
    let search = crate::search::box_html(&words.search, base);
    let site_nav = escape(words.labels.lend().site_nav);
    format!(
        "<!doctype html>
<html lang=\"en\">
<head>
<meta charset=\"utf-8\">
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">
<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">
<meta name=\"referrer\" content=\"no-referrer\">
<title>{title}</title>
<meta name=\"description\" content=\"{description}\">
<link rel=\"canonical\" href=\"{url}\">
<meta property=\"og:type\" content=\"website\">
<meta property=\"og:title\" content=\"{title}\">
<meta property=\"og:description\" content=\"{description}\">
<meta property=\"og:url\" content=\"{url}\">
<meta property=\"og:image\" content=\"{image}\">
<meta name=\"twitter:card\" content=\"summary_large_image\">
<meta name=\"twitter:title\" content=\"{title}\">
<meta name=\"twitter:description\" content=\"{description}\">
<meta name=\"twitter:image\" content=\"{image}\">
<meta name=\"color-scheme\" content=\"light dark\">
<link rel=\"icon\" href=\"{icon}\" type=\"image/svg+xml\">
<link rel=\"stylesheet\" href=\"{style}\">
{scripts}</head>
<body>
<a class=\"skip\" href=\"#main\">{skip}</a>
<header class=\"site-header\">
<a class=\"brand\" href=\"{home}\">pick<span>a</span>number</a>
<nav aria-label=\"{site_nav}\"><ul>{nav}</ul></nav>
{search}
</header>
<main id=\"main\">
{main}</main>
<footer class=\"site-footer\">
{footer}</footer>
</body>
</html>
"
    )
}

/// The home page: the title and the problem and claim (the hero's `lead`, else the
/// description) first, so that the body's worked example follows within the first screen; the
/// receipts line closes the page's main content.
fn home(p: &Page) -> String {
    let receipts = p
        .receipts
        .map(|r| format!("<p class=\"receipts\">{r}</p>\n"))
        .unwrap_or_default();
    let lead = p
        .meta
        .hero
        .as_ref()
        .map_or(&p.meta.description, |h| &h.lead);
    format!(
        "<section class=\"hero\" aria-labelledby=\"top\">
<h1 id=\"top\">{}</h1>
<p class=\"lead\">{}</p>
</section>
<div class=\"prose home\">
{}{receipts}</div>
",
        escape(&p.meta.title),
        escape(lead),
        p.body
    )
}

fn toc(entries: &[TocEntry], title: &str) -> String {
    let title = escape(title);
    let mut h = format!(
        "<nav class=\"toc\" aria-label=\"{title}\"><h2 class=\"toc-title\">{title}</h2><ol>"
    );
    let mut in_sub = false;
    for (i, e) in entries.iter().enumerate() {
        let link = format!("<a href=\"#{}\">{}</a>", e.id, escape(&e.text));
        if e.level == 3 && i > 0 {
            if !in_sub {
                h.push_str("<ol>");
                in_sub = true;
            }
            h.push_str(&format!("<li>{link}</li>"));
        } else {
            if in_sub {
                h.push_str("</ol>");
                in_sub = false;
            }
            if i > 0 {
                h.push_str("</li>");
            }
            h.push_str(&format!("<li>{link}"));
        }
    }
    if in_sub {
        h.push_str("</ol>");
    }
    if !entries.is_empty() {
        h.push_str("</li>");
    }
    h.push_str("</ol></nav>\n");
    h
}

fn paper(p: &Page, contents: &str) -> String {
    format!(
        "<article class=\"prose paper\">\n<h1>{}</h1>\n<p class=\"lead\">{}</p>\n{}{}</article>\n",
        escape(&p.meta.title),
        escape(&p.meta.description),
        toc(p.toc, contents),
        p.body
    )
}

fn example(p: &Page, cx: &Context, record: &mut Record) -> String {
    let others: String = cx
        .examples
        .iter()
        .filter(|(path, _, _)| path != cx.path)
        .map(|(path, t, _)| {
            record.link(path.as_str(), p.file, None);
            let href = cx.config.base().url(path);
            format!("<li><a href=\"{href}\">{}</a></li>", escape(t))
        })
        .collect();
    let kicker = escape(cx.layout.labels.lend().case_study);
    let more = escape(cx.layout.labels.lend().other_case_studies);
    format!(
        "<article class=\"prose\">\n<p class=\"kicker\">{kicker}</p>\n<h1>{}</h1>\n<p class=\"lead\">{}</p>\n{}<nav class=\"more\" aria-label=\"{more}\"><h2 class=\"toc-title\">{more}</h2><ul>{others}</ul></nav>\n</article>\n",
        escape(&p.meta.title),
        escape(&p.meta.description),
        p.body
    )
}

/// A docs page: the list of every docs page (the current one marked) after the article (beside
/// it on wide screens), so a reader moves between pages with the keyboard and without
/// JavaScript, and a phone shows the page's own words first.
fn docs(p: &Page, cx: &Context, record: &mut Record) -> String {
    let pages: String = cx
        .docs
        .iter()
        .map(|(path, t)| {
            record.link(path.as_str(), p.file, None);
            let href = escape(&cx.config.base().url(path));
            let current = if path == cx.path {
                " aria-current=\"page\""
            } else {
                ""
            };
            format!("<li><a href=\"{href}\"{current}>{}</a></li>", escape(t))
        })
        .collect();
    let name = escape(cx.layout.labels.lend().docs);
    format!(
        "<div class=\"docs\">\n<article class=\"prose\">\n<h1>{}</h1>\n{}</article>\n<nav class=\"docs-nav\" aria-label=\"{name}\"><h2 class=\"toc-title\">{name}</h2><ol>{pages}</ol></nav>\n</div>\n",
        escape(&p.meta.title),
        p.body
    )
}
