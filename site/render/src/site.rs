//! The whole build: check that the output folder may be written ([`crate::output::check`]),
//! find the pages, render each, write them with the static files into a temporary directory
//! marked as the build's own, check every link and anchor, then swap it in place of the
//! output. A failed build leaves the previous output untouched.

use crate::bibliography::Bibliography;
use crate::config::SiteConfig;
use crate::error::{Error, Errors};
use crate::layout_words::Layout;
use crate::link_check::{self, PageLinks};
use crate::output::{helper, MARKER, MARKER_TEXT};
use crate::page::{self, Rendered};
use crate::page_layout::{self, Context};
use crate::stages::frontmatter::Template;
use std::path::{Path, PathBuf};

/// What to build.
pub struct Options {
    /// The repository root holding content/, paper/, examples/ and static/.
    pub root: PathBuf,
    /// Where the finished site goes (replaced as a whole on success).
    pub out: PathBuf,
    /// Trunk's output for the calculator, when built.
    pub calc: Option<PathBuf>,
    /// Development mode: pages load the live-reload script.
    pub dev: bool,
    /// Serve under this base path instead of `site.toml`'s (`--base-url /name/`).
    pub base_url: Option<String>,
}

/// One source page.
struct Source {
    /// Path shown in errors, relative to the root.
    file: PathBuf,
    /// URL path.
    url: String,
    text: String,
}

/// What a successful build wrote.
#[derive(Debug)]
pub struct Summary {
    /// Number of HTML pages.
    pub pages: usize,
}

/// Builds the site.
///
/// # Errors
/// An output folder the build may not replace (see [`crate::output::check`]); every problem
/// found: unreadable files, bad front matter, invalid evidence blocks, unknown references or
/// citations, broken links and anchors. Nothing is written then.
pub fn build(opts: &Options) -> Result<Summary, Errors> {
    crate::output::check(&opts.root, &opts.out, opts.calc.as_deref())?;
    let mut config = SiteConfig::load(&opts.root)?;
    if let Some(base) = &opts.base_url {
        config = config
            .with_base(base)
            .map_err(|m| Error::file(Path::new("--base-url"), m))?;
    }
    let bib = Bibliography::load(
        &opts.root.join("content/references"),
        Path::new("content/references"),
    )?;
    let layout = Layout::load(&opts.root)?;
    let skills = crate::skills::read(&opts.root, &config).map_err(Errors)?;
    let sources = discover(&opts.root)?;
    let mut errors = Vec::new();
    let mut rendered: Vec<(&Source, Rendered)> = Vec::new();
    for s in &sources {
        let text = config.fill(&s.file, &s.text);
        match text
            .and_then(|text| page::render(&opts.root, &s.file, &text, &bib, &layout, config.base()))
            .and_then(|r| in_docs(s, r))
        {
            Ok(r) => rendered.push((s, r)),
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        return Err(Errors(errors));
    }
    let mut examples: Vec<(i64, String, String, String)> = rendered
        .iter()
        .filter(|(_, r)| r.meta.template == Template::Example)
        .map(|(s, r)| {
            (
                r.meta.order,
                s.url.clone(),
                r.meta.title.clone(),
                r.meta.summary.clone().unwrap_or_default(),
            )
        })
        .collect();
    examples.sort();
    let examples: Vec<(String, String, String)> =
        examples.into_iter().map(|(_, p, t, s)| (p, t, s)).collect();
    let docs = docs_list(&rendered);

    // Checked above: missing, empty, or a folder of an earlier build.
    let tmp = helper(&opts.out, "tmp");
    let _ = std::fs::remove_dir_all(&tmp);
    let result = mark(&tmp)
        .map_err(|e| Errors::from(Error::file(&tmp, e.to_string())))
        .and_then(|()| {
            let lists = Lists {
                examples: &examples,
                docs: &docs,
                skills: &skills,
            };
            write_all(opts, &config, &layout, &tmp, &rendered, &lists)
        });
    match result {
        Ok(summary) => {
            swap(&tmp, &opts.out)
                .map_err(|e| Error::file(&opts.out, format!("cannot replace: {e}")))?;
            Ok(summary)
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(&tmp);
            Err(e)
        }
    }
}

/// The lists of pages the layout links from other pages.
struct Lists<'a> {
    /// Case studies: (path, title, summary).
    examples: &'a [(String, String, String)],
    /// Docs pages in their order: (path, title).
    docs: &'a [(String, String)],
    /// The agent skills `site.toml` lists, read from their `SKILL.md`.
    skills: &'a [crate::skills::Skill],
}

/// The docs pages (those under `docs/`), ordered by their front matter's `order`, then by
/// address: (path, title).
fn docs_list(rendered: &[(&Source, Rendered)]) -> Vec<(String, String)> {
    let mut docs: Vec<(i64, String, String)> = rendered
        .iter()
        .filter(|(_, r)| r.meta.template == Template::Docs)
        .map(|(s, r)| (r.meta.order, s.url.clone(), r.meta.title.clone()))
        .collect();
    docs.sort();
    docs.into_iter().map(|(_, p, t)| (p, t)).collect()
}

/// A page under `docs/` takes the docs layout: its front matter may not name another template.
fn in_docs(source: &Source, mut r: Rendered) -> Result<Rendered, Error> {
    if !source.file.starts_with(DOCS) {
        return Ok(r);
    }
    if r.meta.template != Template::Page {
        return Err(Error::at(
            &source.file,
            1,
            "a page under docs/ takes the docs layout: remove its `template` key (allowed keys there: title, description, order)",
        ));
    }
    r.meta.template = Template::Docs;
    Ok(r)
}

fn write_all(
    opts: &Options,
    config: &SiteConfig,
    layout: &Layout,
    tmp: &Path,
    rendered: &[(&Source, Rendered)],
    lists: &Lists,
) -> Result<Summary, Errors> {
    let io = |p: &Path, e: std::io::Error| Errors::from(Error::file(p, e.to_string()));
    copy_static(&opts.root.join("static"), tmp).map_err(|e| io(Path::new("static"), e))?;
    let calculator = match &opts.calc {
        Some(dir) => {
            crate::calculator::install_assets(dir, tmp, &layout.calculator.stopped)
                .map_err(|m| Error::file(dir, m))?;
            true
        }
        None => false,
    };
    let mut records = Vec::new();
    for (source, r) in rendered {
        let cx = Context {
            path: &source.url,
            examples: lists.examples,
            docs: lists.docs,
            dev: opts.dev,
            calculator,
            layout,
            config,
        };
        let page = page_layout::Page {
            file: &source.file,
            meta: &r.meta,
            receipts: r.receipts.as_deref(),
            body: &r.body,
            toc: &r.toc,
            island: r.island,
        };
        let mut record = r.record.clone();
        let html = page_layout::page(&page, &cx, &mut record);
        records.push(record);
        if source.url.ends_with(".html") {
            // A page with a file name of its own (`/404.html`) has no markdown twin.
            let file = tmp.join(&source.url[1..]);
            write(&file, &html).map_err(|e| io(&file, e))?;
            continue;
        }
        let dir = tmp.join(&source.url[1..]);
        let file = dir.join("index.html");
        write(&file, &html).map_err(|e| io(&file, e))?;
        // The page's words for language models and readers of source: its markdown, with
        // every computed value written in.
        let md = dir.join("index.md");
        write(&md, &r.markdown).map_err(|e| io(&md, e))?;
    }
    let mut sitemap = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (s, _) in listed(rendered) {
        sitemap.push_str(&format!(
            "<url><loc>{}</loc></url>\n",
            config.canonical(&s.url)
        ));
    }
    sitemap.push_str("</urlset>\n");
    write(&tmp.join("sitemap.xml"), &sitemap).map_err(|e| io(Path::new("sitemap.xml"), e))?;
    write(
        &tmp.join("llms.txt"),
        &llms_txt(config, layout, rendered, lists.skills),
    )
    .map_err(|e| io(Path::new("llms.txt"), e))?;
    let entries: Vec<crate::search::Entry> = listed(rendered)
        .map(|(s, r)| crate::search::Entry {
            url: &s.url,
            title: &r.meta.title,
            description: &r.meta.description,
            body: &r.body,
            toc: &r.toc,
        })
        .collect();
    let index = crate::search::index_json(&entries, config.base());
    let index_file = &crate::search::INDEX[1..];
    write(&tmp.join(index_file), &index).map_err(|e| io(Path::new(index_file), e))?;
    if let Some(domain) = &config.cname {
        write(&tmp.join("CNAME"), &format!("{domain}\n")).map_err(|e| io(Path::new("CNAME"), e))?;
    }

    let pages: Vec<PageLinks> = rendered
        .iter()
        .zip(&records)
        .map(|((s, _), record)| PageLinks {
            path: &s.url,
            record,
        })
        .collect();
    let broken = link_check::check(tmp, &pages);
    if !broken.is_empty() {
        return Err(Errors(broken));
    }
    Ok(Summary {
        pages: rendered.len(),
    })
}

/// The pages a sitemap and `llms.txt` list: all but those with a file name of their own
/// (`/404.html`).
fn listed<'r, 's>(
    rendered: &'r [(&'s Source, Rendered)],
) -> impl Iterator<Item = &'r (&'s Source, Rendered)> {
    rendered.iter().filter(|(s, _)| s.url.ends_with('/'))
}

/// `/llms.txt`: what the site is, and a link to the markdown of every page, grouped as the
/// site is (the overview and pages, the paper, the case studies), then one line per agent
/// skill: its `SKILL.md` in the repository, its description and its install line.
fn llms_txt(
    config: &SiteConfig,
    layout: &Layout,
    rendered: &[(&Source, Rendered)],
    skills: &[crate::skills::Skill],
) -> String {
    let mut out = format!("# {}\n\n> {}\n", config.title, layout.llms);
    for (heading, template) in [
        ("Pages", None),
        ("Docs", Some(Template::Docs)),
        ("Paper", Some(Template::Paper)),
        ("Case studies", Some(Template::Example)),
    ] {
        let mut lines = String::new();
        for (s, r) in listed(rendered) {
            let is_other = !matches!(
                r.meta.template,
                Template::Paper | Template::Example | Template::Docs
            );
            if template.map_or(is_other, |t| r.meta.template == t) {
                lines.push_str(&format!(
                    "- [{}]({}index.md): {}\n",
                    r.meta.title,
                    config.canonical(&s.url),
                    r.meta.description
                ));
            }
        }
        if !lines.is_empty() {
            out.push_str(&format!("\n## {heading}\n\n{lines}"));
        }
    }
    let mut lines = String::new();
    for skill in skills {
        // Listed skills have a line: `read` checked them against site.toml.
        let (Some(repo), Ok(install)) = (&config.repository, config.skill_line(&skill.name)) else {
            continue;
        };
        lines.push_str(&format!(
            "- [{name}]({repo}/blob/main/{name}/SKILL.md): {} Install: `{install}`\n",
            skill.description,
            name = skill.name
        ));
    }
    if !lines.is_empty() {
        out.push_str(&format!("\n## Skills\n\n{lines}"));
    }
    out
}

/// The folder of the documentation's pages, each published under `/docs/`.
const DOCS: &str = "docs";

fn discover(root: &Path) -> Result<Vec<Source>, Errors> {
    let mut out = Vec::new();
    for (dir, prefix) in [
        ("content", "/"),
        ("paper", "/paper/"),
        ("examples", "/examples/"),
        (DOCS, "/docs/"),
    ] {
        let Ok(read) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut files: Vec<PathBuf> = read
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        files.sort();
        for path in files {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string();
            let file = Path::new(dir).join(path.file_name().unwrap_or_default());
            let url = match (dir, stem.as_str()) {
                ("content", "index") => "/".to_string(),
                ("content", "404") => "/404.html".to_string(),
                ("paper", "paper") => "/paper/".to_string(),
                (DOCS, "index") => "/docs/".to_string(),
                _ => format!("{prefix}{stem}/"),
            };
            let text = std::fs::read_to_string(&path)
                .map_err(|e| Error::file(&file, format!("cannot read: {e}")))?;
            out.push(Source { file, url, text });
        }
    }
    Ok(out)
}

/// Creates `dir` with the build's marker in it, first of all, so that even a folder left by
/// an interrupted build is recognised as the build's own.
fn mark(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join(MARKER), MARKER_TEXT)
}

/// Replaces `out` with `tmp`: the old output is moved aside first and removed last (both
/// checked by [`crate::output::check`] to be the build's own).
fn swap(tmp: &Path, out: &Path) -> std::io::Result<()> {
    let old = helper(out, "old");
    let _ = std::fs::remove_dir_all(&old);
    if out.exists() {
        std::fs::rename(out, &old)?;
    }
    std::fs::rename(tmp, out)?;
    let _ = std::fs::remove_dir_all(&old);
    Ok(())
}

fn write(file: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(file, text)
}

/// Copies `static/` as it is (walked in name order), except stylesheets, which are minified
/// (comments and spaces cost bytes on every page). A site without `static/` copies nothing.
fn copy_static(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    if !from.is_dir() {
        return Ok(());
    }
    for entry in walkdir::WalkDir::new(from).min_depth(1).sort_by_file_name() {
        let entry = entry?;
        let target = to.join(entry.path().strip_prefix(from).unwrap_or(entry.path()));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target)?;
        } else if target.extension().is_some_and(|x| x == "css") {
            let css = std::fs::read_to_string(entry.path())?;
            let small = minifier::css::minify(&css).map_err(|m| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("cannot minify the stylesheet: {m}"),
                )
            })?;
            std::fs::write(target, small.to_string())?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}
