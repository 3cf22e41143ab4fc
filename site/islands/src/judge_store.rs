//! The judge store: the saved passes (each one judge's list: the judge's name, the items as
//! typed and the headline), kept in this browser's localStorage as one judge store document
//! (the `_judge/<slug>.json` shape the CLI writes). Reading, writing and listing them is the
//! on-demand module's work (`site/calculator-on-demand`, its `judge_store` module), loaded when the page starts
//! with saved passes or when a visitor saves one: this module only moves text between the
//! storage, the module and the page.
//!
//! Data flow: a click (save, reopen, import) or the start → [`crate::on_demand::call`] with a
//! [`Question`] and the stored text → its named fields `stored`, `panel`, `message` and `text`
//! → [`apply`]: the stored
//! text written back, the list shown, the message in the status line, and a reopened pass's
//! items in the input.

use leptos::prelude::*;

use crate::island_words::CALCULATOR_LIVE as WORDS;
use crate::on_demand::Question;
use crate::state::Inputs;

/// The localStorage key of the judge store document (its saved passes).
pub const KEY: &str = "pickanumber.passes";

/// The stored document (empty when there is none).
pub fn stored() -> String {
    crate::storage::get(KEY).unwrap_or_default()
}

/// Stores `text` (empty removes the key); false when the browser refuses.
pub fn store(text: &str) -> bool {
    crate::storage::set(KEY, text)
}

/// The page's pieces a saved-passes answer changes.
#[derive(Clone, Copy)]
pub struct Shown {
    /// The list's markup.
    pub panel: RwSignal<String>,
    /// The status line.
    pub status: RwSignal<String>,
    /// The calculator's inputs (a reopened pass fills the text).
    pub inputs: Inputs,
}

/// Asks the on-demand module `question` about the saved passes (with the stored text) and
/// applies its answer; a module that cannot be loaded is named in the status line.
pub fn run(question: Question, shown: Shown) {
    let asked = crate::on_demand::ask(&question, shown.inputs);
    let _ = js_sys::Reflect::set(&asked, &"stored".into(), &stored().into());
    leptos::task::spawn_local(async move {
        match crate::on_demand::call(asked).await {
            Ok(answer) => apply(&answer, shown),
            Err(why) => shown.status.set(format!("Saved passes: {why}.")),
        }
    });
}

/// Applies an answer's `stored`, `panel`, `message` and `text`.
fn apply(answer: &wasm_bindgen::JsValue, shown: Shown) {
    let part = |name| crate::on_demand::field(answer, name).unwrap_or_default();
    let stored = part("stored");
    let kept = store(&stored) || stored.is_empty();
    shown.panel.set(part("panel"));
    let (message, text) = (part("message"), part("text"));
    if !kept {
        shown.status.set(WORDS.passes_refused.into());
    } else if !message.is_empty() {
        shown.status.set(message);
    }
    if !text.is_empty() {
        shown.inputs.text.set(text);
    }
}
