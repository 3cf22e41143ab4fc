//! `## Pass: <name>` headings, which start one judge's pass, and the headings that look like
//! one but are not (`### Pass: b`, `## Pass b`): the one rule every front end asks, so that
//! no heading is read as a pass by one and as an ordinary heading by another.
//!
//! A heading that starts with the word `pass` but is not a pass heading is an error on its
//! line, never an ordinary heading: read as one, it would put the items under it into the
//! judge above it (or, in a text with no pass heading, every judge into one list), which is
//! the merge the headings exist to prevent.

/// The name of a `## Pass: name` heading (two `#`, the word `pass` in any case, a colon;
/// spaces around each), trimmed and possibly empty, if `line` (one line, its break allowed) is
/// one.
///
/// ```
/// use pickanumber_score::pass_heading;
/// assert_eq!(pass_heading("## Pass: claude\n"), Some("claude"));
/// assert_eq!(pass_heading("  ##pass:x"), Some("x"));
/// assert_eq!(pass_heading("### Pass: claude"), None);
/// assert_eq!(pass_heading("## Passing grade"), None);
/// ```
pub fn pass_heading(line: &str) -> Option<&str> {
    // The break is only at the end: most lines are turned away before it is looked for.
    let rest = line.trim_start().strip_prefix("##")?;
    let rest = crate::lines::without_break(rest).trim();
    let (word, name) = rest.split_at_checked(5)?;
    word.eq_ignore_ascii_case("pass:").then(|| name.trim())
}

/// Whether a line of `text` is a `## Pass:` heading: the text holds several judges' passes.
///
/// ```
/// use pickanumber_score::has_pass_headings;
/// assert!(has_pass_headings("intro\r## Pass: claude\r+3 a"));
/// assert!(has_pass_headings("  ##pass:x"));
/// assert!(has_pass_headings("## PASS: x"));
/// assert!(!has_pass_headings("+3 a\n## Passing grade\n# Pass: x"));
/// assert!(!has_pass_headings("## Pas"));
/// assert!(!has_pass_headings(""));
/// ```
pub fn has_pass_headings(text: &str) -> bool {
    crate::lines::lines(text).any(|l| pass_heading(l).is_some())
}

/// The error for a heading line (trimmed, starting with `#`) that starts with the word `pass`
/// but is not a `## Pass:` heading: another number of `#`, or no colon after the word.
pub(super) fn near_miss(line: &str) -> Option<String> {
    if pass_heading(line).is_some() {
        return None;
    }
    let title = line.trim_start_matches('#').trim_start();
    let (word, after) = title.split_at_checked(4)?;
    let looks_like = word.eq_ignore_ascii_case("pass")
        && (after.is_empty() || after.starts_with(':') || after.starts_with(char::is_whitespace));
    if !looks_like {
        return None;
    }
    let name = after.trim_start().strip_prefix(':').unwrap_or(after).trim();
    let name = if name.is_empty() { "<name>" } else { name };
    Some(format!(
        "\"{line}\" is not a pass heading, and its items would join another judge's: write ## Pass: {name} (two #, a colon), or word it without Pass first"
    ))
}
