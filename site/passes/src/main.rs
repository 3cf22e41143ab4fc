//! The exports of the calculator's second module (see the library's documentation): each a
//! function of text to text, called by the calculator through the glue the boot module
//! imports on first use. `main` does nothing: the module has no page of its own. Every message
//! it returns, and the saved passes' list (`store::panel`), is worded in `[calculator.passes]`
//! of `content/layout.toml`, compiled in by the view crate.

#[cfg(target_family = "wasm")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

use pickanumber_passes::site_words::CALCULATOR_PASSES as WORDS;
use pickanumber_passes::store::{self, Saved};
use pickanumber_passes::{report as markdown, view, Settings};
use wasm_bindgen::prelude::wasm_bindgen;

/// The message when the stored passes cannot be read: they are kept as they are, and `why`
/// says what is wrong with them.
fn unreadable(why: &str) -> String {
    pickanumber_view::plain(WORDS.unreadable, &[("why", why)])
}

/// The markup of several passes (`[diagnostics, panel]`, see [`view`]) for the calculator's
/// text and the five fields of its controls, in the order of [`Settings`].
#[wasm_bindgen]
pub fn combined(
    text: &str,
    mode: &str,
    preset: &str,
    weights: &str,
    denominator: &str,
    scale: &str,
) -> Vec<String> {
    let settings = Settings::new(mode, preset, weights, denominator, scale);
    view(text, &settings).into()
}

/// The ends of the headline's bootstrap interval under the settings (see
/// [`pickanumber_passes::interval`]); empty when there is no headline.
#[wasm_bindgen]
pub fn interval(
    text: &str,
    mode: &str,
    preset: &str,
    weights: &str,
    denominator: &str,
    scale: &str,
) -> String {
    let settings = Settings::new(mode, preset, weights, denominator, scale);
    pickanumber_passes::interval(text, &settings)
}

/// The markdown report of the text (one pass or several) under the settings: what "Copy
/// report" copies.
#[wasm_bindgen]
pub fn report(
    text: &str,
    mode: &str,
    preset: &str,
    weights: &str,
    denominator: &str,
    scale: &str,
) -> String {
    let settings = Settings::new(mode, preset, weights, denominator, scale);
    markdown(text, &settings)
}

/// What each saved-passes export returns: `[stored, panel, message, text]`: the text to store
/// (empty: remove the key), the list's markup, a message for the status line (or empty) and
/// the text to put in the input (or empty).
/// Stored passes that cannot be read are never written over: every export that would change
/// them returns them as they were, with the panel of [`store::unreadable_panel`].
fn answer(stored: String, message: &str, text: String) -> Vec<String> {
    let panel = match store::decode(&stored) {
        Ok(list) if list.is_empty() => String::new(),
        Ok(list) => store::panel(&list),
        Err(_) => store::unreadable_panel(),
    };
    vec![stored, panel, message.to_string(), text]
}

/// The answer when `stored` cannot be read: the same text, and a message saying why.
fn kept(stored: &str) -> Option<Vec<String>> {
    let why = store::decode(stored).err()?;
    Some(answer(stored.to_string(), &unreadable(&why), String::new()))
}

/// The saved passes of `stored` (see [`answer`]); unreadable ones are kept, with a message.
#[wasm_bindgen]
pub fn saved(stored: &str) -> Vec<String> {
    kept(stored).unwrap_or_else(|| answer(stored.to_string(), "", String::new()))
}

/// Saves `text` as a pass of `judge`, scored under the settings (see [`answer`]).
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn save(
    stored: &str,
    text: &str,
    judge: &str,
    mode: &str,
    preset: &str,
    weights: &str,
    denominator: &str,
    scale: &str,
) -> Vec<String> {
    if let Some(refused) = kept(stored) {
        return refused;
    }
    if judge.trim().is_empty() {
        return answer(stored.to_string(), WORDS.name_judge, String::new());
    }
    let request = Settings::new(mode, preset, weights, denominator, scale).request();
    let iso = String::from(js_sys::Date::new_0().to_iso_string());
    // To the second, as the judge store writes it: 2026-05-02T14:03:11Z.
    let now = format!("{}Z", iso.get(..19).unwrap_or(&iso));
    match store::save(stored, vec![Saved::new(judge, text, &request, &now)]) {
        Ok(s) => answer(s, WORDS.saved, String::new()),
        Err(why) => answer(stored.to_string(), &unreadable(&why), String::new()),
    }
}

/// Puts saved pass `index` back in the input (see [`answer`]).
#[wasm_bindgen]
pub fn reopen(stored: &str, index: usize) -> Vec<String> {
    match store::reopen(stored, index) {
        Some(text) => answer(stored.to_string(), WORDS.reopened, text),
        None => answer(stored.to_string(), WORDS.gone, String::new()),
    }
}

/// Puts every saved pass in the input under its own `## Pass:` heading (see [`answer`]), so
/// the calculator combines them.
#[wasm_bindgen]
pub fn gather(stored: &str) -> Vec<String> {
    let list = store::decode(stored).unwrap_or_default();
    answer(stored.to_string(), WORDS.gathered, store::gathered(&list))
}

/// Adds the passes of the judge store document `text` (see [`answer`]); a text that is not
/// one, or saved passes that cannot be read, leave the saved passes as they were and say why.
/// (Not `import`: wasm-bindgen exports a reserved word under another name.)
#[wasm_bindgen]
pub fn import_passes(stored: &str, text: &str) -> Vec<String> {
    if let Some(refused) = kept(stored) {
        return refused;
    }
    match store::import(stored, text) {
        Ok(s) => answer(s, WORDS.imported, String::new()),
        Err(why) => answer(
            stored.to_string(),
            &pickanumber_view::plain(WORDS.not_imported, &[("why", &why)]),
            String::new(),
        ),
    }
}

fn main() {}
