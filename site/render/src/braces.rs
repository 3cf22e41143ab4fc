//! The one scanner of the `{{ … }}` syntax: prose holds inline references
//! (`{{ id.field }}`, filled by `stages::references`) and paragraphs that are only an island
//! marker (`{{ calculator }}`, placed by `stages::islands`). Both stages, and the page's
//! published markdown, read the text through [`scan`], so `{{`, `}}` and the trimming of the
//! name are decided here once.

/// A piece of text, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Text outside braces.
    Text(&'a str),
    /// `{{ name }}`: the trimmed name and the text as written, braces included.
    Marker {
        /// The name between the braces, trimmed.
        name: &'a str,
        /// The whole marker as written.
        raw: &'a str,
    },
    /// A `{{` with no `}}` after it: the rest of the text, from the braces on.
    Unclosed(&'a str),
}

/// The pieces of `text`: text and markers in order, and at most one unclosed rest at the end.
pub fn scan(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        if start > 0 {
            out.push(Piece::Text(&rest[..start]));
        }
        let after = &rest[start..];
        let Some(len) = after.find("}}") else {
            out.push(Piece::Unclosed(after));
            return out;
        };
        out.push(Piece::Marker {
            name: after[2..len].trim(),
            raw: &after[..len + 2],
        });
        rest = &after[len + 2..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    out
}

/// The name of a text that is one marker and nothing else but white space around it.
pub fn only_marker(text: &str) -> Option<&str> {
    match scan(text.trim()).as_slice() {
        [Piece::Marker { name, .. }] => Some(name),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_markers_and_an_unclosed_rest_come_in_order() {
        assert_eq!(
            scan("a {{ x.final }} b {{y}}{{ z"),
            [
                Piece::Text("a "),
                Piece::Marker {
                    name: "x.final",
                    raw: "{{ x.final }}"
                },
                Piece::Text(" b "),
                Piece::Marker {
                    name: "y",
                    raw: "{{y}}"
                },
                Piece::Unclosed("{{ z"),
            ]
        );
        assert_eq!(scan("no braces"), [Piece::Text("no braces")]);
        assert_eq!(scan(""), []);
    }

    #[test]
    fn only_marker_takes_a_whole_trimmed_text() {
        assert_eq!(only_marker("  {{ probe }}\n"), Some("probe"));
        assert_eq!(only_marker("See {{ probe }}"), None);
        assert_eq!(only_marker("{{ a }} {{ b }}"), None);
        assert_eq!(only_marker("{{ a"), None);
    }
}
