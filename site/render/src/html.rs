//! Small HTML helpers shared by the stages.

/// Escapes text for HTML element content and attribute values (the formula crate's, so
/// one function escapes everything the site prints).
pub use pickanumber_result_view::escape;

/// A heading id from its text: lowercase words joined by `-`, e.g. `The formula, step 1` →
/// `the-formula-step-1`.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let trimmed = out.trim_end_matches('-');
    if trimmed.is_empty() {
        "section".to_string()
    } else {
        trimmed.to_string()
    }
}
