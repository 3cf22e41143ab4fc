//! The one rule for `[result]`'s words: no `<`, `>` or `&`, since the HTML views put them in
//! their markup as written (see [`crate::words::ResultView`]). The renderer checks the file of its
//! `--root` and the islands' build (`pickanumber-island-words`) the file it compiles in, with the
//! same message; the defaults in [`crate::words`] follow it too (a test).

/// Why the `[result]` word `key` cannot stand in the result's markup: the first of `texts` (the
/// word, or each entry of a list) that holds `<`, `>` or `&`, in a message naming the key, or
/// `None` when every text is free of them.
///
/// ```
/// use pickanumber_result_view::markup_free::refusal;
/// assert_eq!(refusal("raw", ["Raw"]), None);
/// assert_eq!(
///     refusal("raw", ["R&D"]).unwrap(),
///     "result.raw: \"R&D\" holds '&', which the result's markup would read as HTML; write the \
///      words without <, > or &"
/// );
/// ```
pub fn refusal<'a>(key: &str, texts: impl IntoIterator<Item = &'a str>) -> Option<String> {
    texts.into_iter().find_map(|text| {
        let c = text.chars().find(|c| matches!(c, '<' | '>' | '&'))?;
        Some(format!(
            "result.{key}: \"{text}\" holds '{c}', which the result's markup would read as HTML; \
             write the words without <, > or &"
        ))
    })
}
