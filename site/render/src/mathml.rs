//! TeX math → MathML at build time, so pages ship no math JavaScript.

use pulldown_latex::config::DisplayMode;
use pulldown_latex::{push_mathml, Parser, RenderConfig, Storage};

/// What pulldown-latex writes for a control space (`\ `) and a tie (`~`): it gives them the
/// text `&nbsp;`, which its writer escapes like any other text, so the page would show the
/// entity's letters.
const ESCAPED_SPACE: &str = "&amp;nbsp;";

/// Renders `tex` as a `<math>` element.
///
/// # Errors
/// The parser's message when the TeX is invalid.
pub fn to_mathml(tex: &str, display: bool) -> Result<String, String> {
    let storage = Storage::new();
    let events: Vec<_> = Parser::new(tex, &storage).collect();
    if let Some(Err(e)) = events.iter().find(|e| e.is_err()) {
        return Err(format!("math ${tex}$ does not parse: {e}"));
    }
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        ..RenderConfig::default()
    };
    let mut out = String::new();
    push_mathml(&mut out, events.into_iter(), config).map_err(|e| e.to_string())?;
    Ok(out.replace(ESCAPED_SPACE, "\u{a0}"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_control_space_and_a_tie_are_no_break_spaces_not_the_entitys_letters() {
        let math = super::to_mathml(r"\min(1,\ d)~x", false).unwrap();
        assert!(!math.contains("&amp;"), "{math}");
        assert_eq!(math.matches("<mtext>\u{a0}</mtext>").count(), 2, "{math}");
    }
}
