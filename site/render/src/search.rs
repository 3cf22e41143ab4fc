//! The site's search: an index written at build time and a box in every page's header.
//!
//! **Index.** Every listed page ([`Entry`]: its address, title, description, the body's HTML
//! and its h2/h3 headings) → one record per page and per heading, each with the names a reader
//! may type to find it: the code identifiers of the section's tables and headings (`naive_scale`,
//! `--against`), every command-line flag its code shows and the words of its text, each once
//! (the script matches them by prefix and by stem, below the title's) → [`index_json`], written as
//! [`INDEX`] beside the pages. The builder takes whatever pages the site renders, so a new
//! section joins the index with no change here.
//!
//! **Box.** [`box_html`] writes a `<search>` landmark holding a labelled input and an empty
//! list. Nothing of the search is fetched with the page: `copy.js`, the one script every page
//! loads, imports [`SCRIPT`] on the box's first focus (or on `/` or Ctrl+K), and that script
//! fetches the index. The box keeps its place but stays invisible until `copy.js` marks it
//! ready, so showing it moves nothing; without JavaScript the pages read as before.

use crate::base::Base;
use crate::html::escape;
use crate::stages::headings::TocEntry;

/// The index's path from the site root.
pub const INDEX: &str = "/search-index.json";

/// The search script's path from the site root (in `static/`).
pub const SCRIPT: &str = "/search.js";

/// The search box's words, from `[search]` in `content/layout.toml`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Words {
    /// The input's accessible name.
    pub label: String,
    /// The hint shown in the empty input.
    pub placeholder: String,
    /// Shown when nothing matches.
    pub none: String,
    /// After the number of matches when there are several, for screen readers ("3 matches").
    pub matches: String,
    /// After the number when there is one match ("1 match"); the TOML key is `match`.
    #[serde(rename = "match")]
    pub one_match: String,
}

/// The default words: the site's, where `content/layout.toml` does not override them.
impl Default for Words {
    fn default() -> Words {
        Words {
            label: "Search the docs, the paper and the pages".into(),
            placeholder: "Search ( / )".into(),
            none: "Nothing matches.".into(),
            matches: "matches".into(),
            one_match: "match".into(),
        }
    }
}

/// One rendered page, as the index reads it.
pub struct Entry<'a> {
    /// The page's address from the site root (`/paper/formula/`).
    pub url: &'a str,
    /// The page's title.
    pub title: &'a str,
    /// The page's description.
    pub description: &'a str,
    /// The page's body HTML.
    pub body: &'a str,
    /// Its h2 and h3 headings, in order.
    pub toc: &'a [TocEntry],
}

/// The `<search>` landmark for the header; the script's and the index's addresses travel in
/// data attributes, under `base`.
pub fn box_html(words: &Words, base: Base) -> String {
    format!(
        "<search class=\"site-search\" data-script=\"{script}\" data-index=\"{index}\" data-none=\"{none}\" data-match=\"{one_match}\" data-matches=\"{matches}\">\
<label class=\"visually-hidden\" for=\"site-search\">{label}</label>\
<input id=\"site-search\" type=\"search\" placeholder=\"{placeholder}\" autocomplete=\"off\" spellcheck=\"false\" \
role=\"combobox\" aria-autocomplete=\"list\" aria-expanded=\"false\" aria-controls=\"site-search-results\">\
<ul id=\"site-search-results\" role=\"listbox\" aria-label=\"{label}\" hidden></ul>\
<p class=\"visually-hidden\" role=\"status\" aria-live=\"polite\"></p>\
</search>",
        script = escape(&base.url(SCRIPT)),
        index = escape(&base.url(INDEX)),
        none = escape(&words.none),
        matches = escape(&words.matches),
        one_match = escape(&words.one_match),
        label = escape(&words.label),
        placeholder = escape(&words.placeholder),
    )
}

/// A section of a page: the heading's anchor (`None` for the text above the first heading),
/// its text, the names its tables and headings define, the flags its other code mentions and
/// the words of its body.
struct Section {
    id: Option<String>,
    text: String,
    names: Names,
    words: String,
}

/// The names of a stretch of a page: `defined` in a table cell or a heading (where an option
/// is documented), `mentioned` only in other code (an example that uses a flag).
#[derive(Debug, Default, PartialEq)]
struct Names {
    defined: Vec<String>,
    mentioned: Vec<String>,
}

/// The index as JSON: a list of records `{"u": address, "t": title, "p": page title,
/// "d": description, "k": [names defined], "m": [flags mentioned], "w": "the body's words"}`,
/// the page's own record first, then one per heading (whose `u` ends with its anchor and whose
/// `d` is empty).
pub fn index_json(entries: &[Entry], base: Base) -> String {
    let mut records = Vec::new();
    for e in entries {
        let url = base.url(e.url).into_owned();
        for s in sections(e) {
            let (u, t, d) = match &s.id {
                None => (url.clone(), e.title, e.description),
                Some(id) => (format!("{url}#{id}"), s.text.as_str(), ""),
            };
            records.push(Record {
                u,
                t: t.to_string(),
                p: e.title,
                d: d.to_string(),
                k: s.names.defined,
                m: s.names.mentioned,
                w: s.words,
            });
        }
    }
    // Text and lists of text: serialising cannot fail.
    let mut out = serde_json::to_string(&records).expect("strings serialise");
    out.push('\n');
    out
}

/// One record of the index (see [`index_json`]).
#[derive(serde::Serialize)]
struct Record<'a> {
    u: String,
    t: String,
    p: &'a str,
    d: String,
    k: Vec<String>,
    m: Vec<String>,
    w: String,
}

/// The page cut at its headings' `id` attributes into sections, each with its names.
fn sections(e: &Entry) -> Vec<Section> {
    let mut cuts: Vec<(usize, &TocEntry)> = Vec::new();
    let mut from = 0;
    for t in e.toc {
        let marker = format!(" id=\"{}\"", t.id);
        if let Some(at) = e.body[from..].find(&marker) {
            // The section starts at the heading's tag, so the heading's own code counts.
            let tag = e.body[..from + at].rfind('<').unwrap_or(from + at);
            from += at + marker.len();
            cuts.push((tag, t));
        }
    }
    let mut out = Vec::new();
    let start = cuts.first().map_or(e.body.len(), |c| c.0);
    out.push(Section {
        id: None,
        text: e.title.to_string(),
        names: names(&e.body[..start]),
        words: words(&e.body[..start]),
    });
    for (k, (at, t)) in cuts.iter().enumerate() {
        let end = cuts.get(k + 1).map_or(e.body.len(), |c| c.0);
        out.push(Section {
            id: Some(t.id.clone()),
            text: t.text.clone(),
            names: names(&e.body[*at..end]),
            words: words(&e.body[*at..end]),
        });
    }
    out
}

/// The names of a stretch of HTML, in order of first appearance, once each: defined, each
/// `<code>` of a table cell or a heading that is one identifier (no space, 2 to 40 characters,
/// a letter among them) and each `--flag` in such code; mentioned, each other `--flag` inside
/// any code.
fn names(html: &str) -> Names {
    let mut out = Names::default();
    let add = |name: String, list: &mut Vec<String>| {
        if !list.contains(&name) {
            list.push(name);
        }
    };
    let mut rest = html;
    let mut offset = 0;
    while let Some(open) = rest.find("<code") {
        let Some(gt) = rest[open..].find('>') else {
            break;
        };
        let body_start = open + gt + 1;
        let Some(len) = rest[body_start..].find("</code>") else {
            break;
        };
        let code = unescape(&rest[body_start..body_start + len]);
        let before = &html[..offset + open];
        let defining = in_cell_or_heading(before);
        if defining {
            let word = code.trim();
            let one =
                !word.contains(char::is_whitespace) && (2..=40).contains(&word.chars().count());
            if one && word.chars().any(char::is_alphabetic) {
                add(word.to_string(), &mut out.defined);
            }
        }
        for flag in flags(&code) {
            if defining {
                add(flag, &mut out.defined);
            } else {
                add(flag, &mut out.mentioned);
            }
        }
        let next = body_start + len + "</code>".len();
        offset += next;
        rest = &rest[next..];
    }
    let defined = &out.defined;
    out.mentioned.retain(|m| !defined.contains(m));
    out
}

/// The words of a stretch of HTML's text, lowercase, in order of first appearance, once each,
/// joined by spaces: runs of letters and digits of 3 characters or more with a letter among them
/// (tags, entities and numbers are left out).
fn words(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        text.push_str(&rest[..lt]);
        text.push(' ');
        rest = rest[lt..].find('>').map_or("", |gt| &rest[lt + gt + 1..]);
    }
    text.push_str(rest);
    let text = unescape(&text).to_lowercase();
    let mut seen = std::collections::HashSet::new();
    let mut out = String::new();
    for w in text.split(|c: char| !c.is_alphanumeric()) {
        if w.chars().count() >= 3 && w.chars().any(char::is_alphabetic) && seen.insert(w) {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(w);
        }
    }
    out
}

/// Whether the last table cell or heading opened before the end of `before` is still open.
fn in_cell_or_heading(before: &str) -> bool {
    let last_open = ["<td", "<th>", "<th ", "<h2", "<h3", "<h4"]
        .iter()
        .filter_map(|t| before.rfind(t))
        .max();
    let last_close = ["</td>", "</th>", "</h2>", "</h3>", "</h4>"]
        .iter()
        .filter_map(|t| before.rfind(t))
        .max();
    match (last_open, last_close) {
        (Some(o), Some(c)) => o > c,
        (Some(_), None) => true,
        _ => false,
    }
}

/// Every `--name` in `code` (a double dash, then a letter, then letters, digits and dashes),
/// where the dashes start a word.
fn flags(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i + 2 < chars.len() {
        let starts_word = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '-');
        if starts_word
            && chars[i] == '-'
            && chars[i + 1] == '-'
            && chars[i + 2].is_ascii_lowercase()
        {
            let mut j = i + 2;
            while j < chars.len() && (chars[j].is_ascii_alphanumeric() || chars[j] == '-') {
                j += 1;
            }
            out.push(
                chars[i..j]
                    .iter()
                    .collect::<String>()
                    .trim_end_matches('-')
                    .to_string(),
            );
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// The text of escaped HTML (the five entities [`escape`] writes).
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toc(id: &str, text: &str) -> TocEntry {
        TocEntry {
            level: 2,
            id: id.into(),
            text: text.into(),
        }
    }

    #[test]
    fn headings_table_identifiers_and_flags_are_indexed_per_section() {
        let body = "<p>Use <code>pickanumber score</code>.</p>\
<h2 id=\"opts\">Options<a class=\"anchor\" href=\"#opts\">#</a></h2>\
<table><tr><th>Option</th></tr><tr><td><code>--against FILE</code></td><td><code>fail_under</code> and <code>a b</code></td></tr></table>\
<pre><code>pickanumber score --level 90 x.md\n  --no-interval  skip it</code></pre>\
<p>In prose <code>prose_word</code> is not a name.</p>\
<h2 id=\"more\">More <code>--json</code></h2>";
        let toc = [toc("opts", "Options"), toc("more", "More --json")];
        let e = Entry {
            url: "/docs/score/",
            title: "score",
            description: "The score command \"quoted\"",
            body,
            toc: &toc,
        };
        let json = index_json(&[e], Base::ROOT);
        assert_eq!(
            json,
            "[{\"u\":\"/docs/score/\",\"t\":\"score\",\"p\":\"score\",\"d\":\"The score command \\\"quoted\\\"\",\"k\":[],\"m\":[],\"w\":\"use pickanumber score\"},\
{\"u\":\"/docs/score/#opts\",\"t\":\"Options\",\"p\":\"score\",\"d\":\"\",\"k\":[\"--against\",\"fail_under\"],\"m\":[\"--level\",\"--no-interval\"],\"w\":\"options option against file fail under and pickanumber score level interval skip prose word not name\"},\
{\"u\":\"/docs/score/#more\",\"t\":\"More --json\",\"p\":\"score\",\"d\":\"\",\"k\":[\"--json\"],\"m\":[],\"w\":\"more json\"}]\n"
        );
    }

    #[test]
    fn flags_start_a_word() {
        assert_eq!(
            flags("a--b --c-d -e --9 x --fail-under=3"),
            ["--c-d", "--fail-under"]
        );
    }

    #[test]
    fn the_box_is_a_hidden_search_landmark_under_the_base() {
        let words = Words {
            label: "Search".into(),
            placeholder: "Search /".into(),
            none: "None".into(),
            matches: "matches".into(),
            one_match: "match".into(),
        };
        let html = box_html(&words, Base::new("/p/"));
        assert!(html.starts_with("<search class=\"site-search\" data-script=\"/p/search.js\" data-index=\"/p/search-index.json\""));
        assert!(html.contains("data-match=\"match\" data-matches=\"matches\"><label"));
        assert!(html.contains("role=\"combobox\""));
    }
}
