//! Page templates: the shared layout (landmarks, CSP, social meta) around a rendered body.

use crate::frontmatter::Template;
use crate::html::escape;
use crate::instruments::Island;
use crate::page::{Rendered, TocEntry};

/// The canonical origin of the published site.
pub const SITE_URL: &str = "https://pickanumber.codefi.io";

/// The policy every built page carries: scripts only from the site itself (plus wasm
/// compilation), no inline scripts, no third-party anything.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

/// The skill the hero offers first: the quickest way to try the method.
pub const DEFAULT_INSTALL: &str = "npx skills add CodefiLabs/pickanumber/what-works-feedback-judge";

/// What the layout needs besides the rendered page.
pub struct Context<'a> {
    /// The URL path of the page, e.g. `/paper/`.
    pub path: &'a str,
    /// Case studies for the home page and example pages: (path, title, summary).
    pub examples: &'a [(String, String, String)],
    /// Add the development live-reload script.
    pub dev: bool,
    /// Whether the islands' wasm was built (otherwise pages keep the static examples only).
    pub calculator: bool,
}

const NAV: [(&str, &str); 7] = [
    ("/#principles", "Principles"),
    ("/#formula", "Formula"),
    ("/#try", "Calculator"),
    ("/probe/", "Probe"),
    ("/pairwise/", "Pairwise"),
    ("/paper/", "Paper"),
    ("/related/", "Related"),
];

/// Wraps a rendered page in the layout.
pub fn page(r: &Rendered, cx: &Context) -> String {
    let title = format!("{} · pickanumber", r.meta.title);
    let mut scripts = String::new();
    if matches!(r.island, Some(Island::Probe | Island::Pairwise)) {
        // The probe's and the pairwise diagnostic's styles, apart from the shared sheet.
        scripts.push_str("<link rel=\"stylesheet\" href=\"/islands.css\">\n");
    }
    if r.island.is_some() && cx.calculator {
        scripts.push_str("<script type=\"module\" src=\"/calc/boot.js\"></script>\n");
    }
    scripts.push_str("<script type=\"module\" src=\"/copy.js\"></script>\n");
    if cx.dev {
        scripts.push_str("<script type=\"module\" src=\"/__dev/reload.js\"></script>\n");
    }
    let main = match r.meta.template {
        Template::Home => home(r),
        Template::Paper => paper(r),
        Template::Example => example(r, cx),
        Template::Page => format!(
            "<article class=\"prose\">\n<h1>{}</h1>\n{}</article>\n",
            escape(&r.meta.title),
            r.body
        ),
    };
    layout(&title, &r.meta.description, cx.path, &scripts, &main)
}

/// The shared document around `main`.
pub fn layout(title: &str, description: &str, path: &str, scripts: &str, main: &str) -> String {
    let nav: String = NAV
        .iter()
        .map(|(href, label)| {
            let current = if path != "/" && href.starts_with(path) {
                " aria-current=\"page\""
            } else {
                ""
            };
            format!("<li><a href=\"{href}\"{current}>{label}</a></li>")
        })
        .collect();
    let url = format!("{SITE_URL}{path}");
    let title = escape(title);
    let description = escape(description);
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
<meta property=\"og:image\" content=\"{SITE_URL}/social.png\">
<meta name=\"twitter:card\" content=\"summary_large_image\">
<meta name=\"twitter:title\" content=\"{title}\">
<meta name=\"twitter:description\" content=\"{description}\">
<meta name=\"twitter:image\" content=\"{SITE_URL}/social.png\">
<meta name=\"color-scheme\" content=\"light dark\">
<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">
<link rel=\"stylesheet\" href=\"/style.css\">
{scripts}</head>
<body>
<a class=\"skip\" href=\"#main\">Skip to the content</a>
<header class=\"site-header\">
<a class=\"brand\" href=\"/\">pick<span>a</span>number</a>
<nav aria-label=\"Site\"><ul>{nav}</ul></nav>
</header>
<main id=\"main\">
{main}</main>
<footer class=\"site-footer\">
<p>The method: Kevin Kirchner, <i>Don't Let the LLM Pick a Number</i>, v0.8.0 (2026). This site rewrites it in its own words and computes every figure that follows from the formula at build time.</p>
<p><a href=\"/paper/\">Paper</a> · <a href=\"/#case-studies\">Case studies</a> · <a href=\"/related/\">Related approaches</a> · No cookies, no trackers, no third-party requests.</p>
</footer>
</body>
</html>
"
    )
}

/// A command in a code block with a copy button (shown only when JavaScript runs).
pub fn copy_block(command: &str) -> String {
    format!(
        "<div class=\"command\"><pre><code>{}</code></pre><button type=\"button\" class=\"copy\" data-copy data-pending>Copy</button></div>\n",
        escape(command)
    )
}

fn home(r: &Rendered) -> String {
    format!(
        "<section class=\"hero\" aria-labelledby=\"top\">
<p class=\"receipts\">125 hackathon submissions · 342 occupations × 9 models · a 6-model held-out grid · <a href=\"/paper/\">sources in the paper</a></p>
<h1 id=\"top\">{}</h1>
<p class=\"lead\">{}</p>
{}</section>
<div class=\"prose home\">
{}</div>
",
        escape(&r.meta.title),
        escape(&r.meta.description),
        copy_block(DEFAULT_INSTALL),
        r.body
    )
}

fn toc(entries: &[TocEntry]) -> String {
    let mut h = String::from(
        "<nav class=\"toc\" aria-label=\"Contents\"><h2 class=\"toc-title\">Contents</h2><ol>",
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

fn paper(r: &Rendered) -> String {
    format!(
        "<article class=\"prose paper\">\n<h1>{}</h1>\n<p class=\"lead\">{}</p>\n{}{}</article>\n",
        escape(&r.meta.title),
        escape(&r.meta.description),
        toc(&r.toc),
        r.body
    )
}

fn example(r: &Rendered, cx: &Context) -> String {
    let others: String = cx
        .examples
        .iter()
        .filter(|(p, _, _)| p != cx.path)
        .map(|(p, t, _)| format!("<li><a href=\"{p}\">{}</a></li>", escape(t)))
        .collect();
    format!(
        "<article class=\"prose\">\n<p class=\"kicker\">Case study</p>\n<h1>{}</h1>\n<p class=\"lead\">{}</p>\n{}<nav class=\"more\" aria-label=\"Other case studies\"><h2 class=\"toc-title\">Other case studies</h2><ul>{others}</ul></nav>\n</article>\n",
        escape(&r.meta.title),
        escape(&r.meta.description),
        r.body
    )
}
