//! TeX math → MathML at build time, so pages ship no math JavaScript.

use pulldown_latex::config::DisplayMode;
use pulldown_latex::{push_mathml, Parser, RenderConfig, Storage};

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
    Ok(out)
}
