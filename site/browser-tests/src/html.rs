//! HTML as sent, read without a browser: visible text, elements, ids.

/// The text of an HTML fragment as a reader sees it: tags removed, common entities decoded,
/// typographic quotes made plain, whitespace collapsed.
pub fn visible_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    let decoded = out
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
        .replace(['\u{2018}', '\u{2019}'], "'")
        .replace(['\u{201C}', '\u{201D}'], "\"");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The part of `html` from the first `<tag` to the matching-by-name last `</tag>`, if any.
pub fn element<'a>(html: &'a str, tag: &str) -> Option<&'a str> {
    let start = html.find(&format!("<{tag}"))?;
    let end = html.rfind(&format!("</{tag}>"))? + tag.len() + 3;
    (end > start).then(|| &html[start..end])
}

/// Every `id` attribute value in `html`, in order (quoted with `"` or `'`, or bare).
pub fn ids(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = html.as_bytes();
    let mut i = 0;
    while let Some(pos) = html[i..].find("id=") {
        let at = i + pos;
        i = at + 3;
        // Only a whole attribute name: preceded by whitespace inside a tag.
        if at == 0 || !bytes[at - 1].is_ascii_whitespace() {
            continue;
        }
        let rest = &html[i..];
        let value = match rest.chars().next() {
            Some(q @ ('"' | '\'')) => rest[1..].split(q).next().unwrap_or(""),
            _ => rest
                .split(|c: char| c.is_whitespace() || c == '>')
                .next()
                .unwrap_or(""),
        };
        found.push(value.to_owned());
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_text_strips_tags_and_decodes() {
        assert_eq!(
            visible_text("<h1>Don&#39;t <em>let</em>\n the LLM</h1><p>a &amp; b</p>"),
            "Don't let the LLM a & b"
        );
        assert_eq!(visible_text("Don\u{2019}t"), "Don't");
    }

    #[test]
    fn ids_are_found_in_all_quotings() {
        let html = r#"<div id="calculator" data-id="x"><p id='a'>x</p><dd id=b>1</dd></div>"#;
        assert_eq!(ids(html), vec!["calculator", "a", "b"]);
    }

    #[test]
    fn element_spans_the_outermost_tag() {
        let html = "<body><main class=x><p>a</p></main><footer>f</footer></body>";
        assert_eq!(element(html, "main"), Some("<main class=x><p>a</p></main>"));
        assert_eq!(element(html, "nav"), None);
    }
}
