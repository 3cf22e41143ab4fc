//! The views: computed results → escaped HTML and markdown, in the words of [`words`]. The
//! static box the site generator writes and the live island that replaces it call the same
//! function on the same input, so the two show the same markup; the words are a parameter
//! ([`words`] structs of borrowed text): the command line and the packages pass the crate's
//! defaults ([`words::RESULT`], [`words::REPORT`], [`words::PROBE`], [`words::PAIRWISE`], …),
//! the site generator the words it read from its `--root`'s `content/layout.toml`, and the
//! islands those words compiled in over the defaults.
//!
//! **a score** [`Analysis`](pickanumber_score::Analysis) → [`working`] (each output's digits,
//! the working lines) → [`panel::calculator`] (the calculator's result panel, live and in its
//! static box), [`outcome::outcome`] and [`outcome::diagnostics`] (the evidence blocks),
//! [`judges::passes`] (several judges' passes, with the `combine` feature) and
//! [`report::markdown`] (the markdown report the command line, the Python and npm packages
//! and the calculator's on-demand module print); **probe** [`TextProbe`](pickanumber_instruments::probe::TextProbe) → [`probe::results`];
//! **pairwise** [`Pairwise`](pickanumber_instruments::pairwise::Pairwise) →
//! [`pairwise::results`]; each island's static box around them → [`probe::static_box`],
//! [`pairwise::static_box`]. The probe's `REPORT.md`, which the command line writes, is
//! [`probe_report::markdown`], in the words of `[probe.report]` ([`words::PROBE_REPORT`]).
//! The islands set the markup with `inner_html`: one string per update instead of one
//! reactive node per cell keeps their wasm small. The crate holds no serde, no TOML parser
//! and no regex, so it costs the wasm only its markup and words. The `combine` feature (the
//! formula crate's passes) adds [`judges`] and the report's passes section; the calculator's
//! own wasm leaves it out, as it leaves out the formula crate's.

pub mod frame;
#[cfg(feature = "combine")]
pub mod judges;
pub mod markup_free;
pub mod outcome;
pub mod pairwise;
pub mod panel;
pub mod probe;
pub mod probe_report;
pub mod report;
pub mod table;
pub mod words;
pub mod working;

/// Escapes text for HTML element content and attribute values.
///
/// ```
/// use pickanumber_result_view::escape;
/// assert_eq!(escape("<a href=\"x\">&'</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
/// ```
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `template` escaped, with each `{name}` replaced by the escaped value of `name` (a slot not
/// in `values` is left as written, so a missing value shows rather than vanishes): markup.
///
/// ```
/// use pickanumber_result_view::fill;
/// assert_eq!(fill("{n} of <{m}>", &[("n", "3"), ("m", "a&b")]), "3 of &lt;a&amp;b&gt;");
/// ```
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    slots(template, values, true)
}

/// As [`fill`], without escaping: text for a text node.
///
/// ```
/// assert_eq!(pickanumber_result_view::plain("{n} < {m}", &[("n", "3")]), "3 < {m}");
/// ```
pub fn plain(template: &str, values: &[(&str, &str)]) -> String {
    slots(template, values, false)
}

fn slots(template: &str, values: &[(&str, &str)], escaped: bool) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut put = |s: &str| {
        if escaped {
            out.push_str(&escape(s));
        } else {
            out.push_str(s);
        }
    };
    // A byte scan and `get` rather than slicing at found indices: a slice that could fail
    // would bring core's panic message, with its Unicode tables, into the islands. `{` and `}` are ASCII, so the pieces are whole characters.
    let bytes = template.as_bytes();
    let (mut from, mut open) = (0, None);
    for (i, &b) in bytes.iter().enumerate() {
        match (b, open) {
            (b'{', _) => open = Some(i),
            (b'}', Some(o)) => {
                let name = template.get(o + 1..i).unwrap_or_default();
                put(template.get(from..o).unwrap_or_default());
                match values.iter().find(|(n, _)| *n == name) {
                    Some((_, value)) => put(value),
                    None => put(template.get(o..=i).unwrap_or_default()),
                }
                (from, open) = (i + 1, None);
            }
            _ => {}
        }
    }
    put(template.get(from..).unwrap_or_default());
    out
}

/// `<ul class="diagnostics">` with one `<li class="error">` per message, escaped markup (the first
/// [`MESSAGES_SHOWN`], then `more`, filled with how many are not listed); nothing when none.
pub(crate) fn list(h: &mut String, messages: &[String], more: &str) {
    if messages.is_empty() {
        return;
    }
    h.push_str("<ul class=\"diagnostics\">");
    for m in messages.iter().take(MESSAGES_SHOWN) {
        h.push_str("<li class=\"error\">");
        h.push_str(m);
        h.push_str("</li>");
    }
    if messages.len() > MESSAGES_SHOWN {
        let left = format!("{}", messages.len() - MESSAGES_SHOWN);
        h.push_str("<li class=\"note\">");
        h.push_str(&fill(more, &[("more", &left)]));
        h.push_str("</li>");
    }
    h.push_str("</ul>");
}

/// The most messages a results view lists.
pub const MESSAGES_SHOWN: usize = 200;
