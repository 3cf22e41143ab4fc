//! The export of the calculator's on-demand module (see the library's documentation): one
//! function, [`answer`], of a question to an object of named strings ([`Answer`]), called by the calculator through
//! the glue the boot module imports on first use. `main` does nothing: the module has no page of its own. Every message
//! it returns, and the saved passes' list (`store::panel`), is worded in `[calculator.passes]`
//! of `content/layout.toml`, compiled in by the view crate.

#[cfg(target_family = "wasm")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

use pickanumber_calculator_on_demand::ask::{Action, Answer, Ask};
use pickanumber_calculator_on_demand::island_words::CALCULATOR_PASSES as WORDS;
use pickanumber_calculator_on_demand::judge_store::{self as store, Saved};
use pickanumber_calculator_on_demand::{report as markdown, view, Settings};
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

/// The message when the stored passes cannot be read: they are kept as they are, and `why`
/// says what is wrong with them.
fn unreadable(why: &str) -> String {
    pickanumber_result_view::plain(WORDS.unreadable, &[("why", why)])
}

/// The one export: answers the calculator's [`Ask`] (a plain object with named fields; see
/// [`pickanumber_calculator_on_demand::ask`]) with a plain object of the [`Answer`]'s named fields, as each
/// [`Action`] says. An action this module does not answer throws, naming it.
#[wasm_bindgen]
pub fn answer(ask: JsValue) -> Result<JsValue, String> {
    let ask = Ask::read(|name| {
        js_sys::Reflect::get(&ask, &name.into())
            .ok()
            .and_then(|v| v.as_string())
    });
    let settings = ask.settings();
    let answer = match ask.action()? {
        Action::View => view(&ask.text, &settings),
        Action::Interval => Answer::Interval {
            interval: pickanumber_calculator_on_demand::interval(&ask.text, &settings),
        },
        Action::Report => Answer::Report {
            report: markdown(&ask.text, &settings),
        },
        Action::Saved => saved(&ask.stored),
        Action::Save => save(&ask.stored, &ask.text, &ask.judge, &settings),
        Action::Reopen => reopen(&ask.stored, ask.index.parse().unwrap_or(usize::MAX)),
        Action::Gather => gather(&ask.stored),
        Action::Import => import(&ask.stored, &ask.text),
    };
    let o = js_sys::Object::new();
    for (name, value) in answer.fields() {
        let _ = js_sys::Reflect::set(&o, &name.into(), &value.into());
    }
    Ok(o.into())
}

/// What each saved-passes question answers: [`Answer::Passes`], the text to store (empty:
/// remove the key), the list's markup, a message for the status line (or empty) and the text
/// to put in the input (or empty).
/// Stored passes that cannot be read are never written over: every export that would change
/// them returns them as they were, with the panel of [`store::unreadable_panel`].
fn reply(stored: String, message: &str, text: String) -> Answer {
    let panel = match store::decode(&stored) {
        Ok(list) if list.is_empty() => String::new(),
        Ok(list) => store::panel(&list),
        Err(_) => store::unreadable_panel(),
    };
    Answer::Passes {
        stored,
        panel,
        message: message.to_string(),
        text,
    }
}

/// The answer when `stored` cannot be read: the same text, and a message saying why.
fn kept(stored: &str) -> Option<Answer> {
    let why = store::decode(stored).err()?;
    Some(reply(stored.to_string(), &unreadable(&why), String::new()))
}

/// The saved passes of `stored` (see [`reply`]); unreadable ones are kept, with a message.
fn saved(stored: &str) -> Answer {
    kept(stored).unwrap_or_else(|| reply(stored.to_string(), "", String::new()))
}

/// Saves `text` as a pass of `judge`, scored under the settings (see [`reply`]); settings
/// that do not read save nothing, and the message names them.
fn save(stored: &str, text: &str, judge: &str, settings: &Settings) -> Answer {
    if let Some(refused) = kept(stored) {
        return refused;
    }
    if judge.trim().is_empty() {
        return reply(stored.to_string(), WORDS.name_judge, String::new());
    }
    // A pass keeps the settings it was scored with: never ones the visitor did not type.
    let (request, errors) = settings.request();
    if let Some(e) = errors.first() {
        return reply(
            stored.to_string(),
            &format!("Not saved: {e}."),
            String::new(),
        );
    }
    let iso = String::from(js_sys::Date::new_0().to_iso_string());
    // To the second, as the judge store writes it: 2026-05-02T14:03:11Z.
    let now = format!("{}Z", iso.get(..19).unwrap_or(&iso));
    match store::save(stored, vec![Saved::new(judge, text, &request, &now)]) {
        Ok(s) => reply(s, WORDS.saved, String::new()),
        Err(why) => reply(stored.to_string(), &unreadable(&why), String::new()),
    }
}

/// Puts saved pass `index` back in the input (see [`reply`]).
fn reopen(stored: &str, index: usize) -> Answer {
    match store::reopen(stored, index) {
        Some(text) => reply(stored.to_string(), WORDS.reopened, text),
        None => reply(stored.to_string(), WORDS.gone, String::new()),
    }
}

/// Puts every saved pass in the input under its own `## Pass:` heading (see [`reply`]), so
/// the calculator combines them.
fn gather(stored: &str) -> Answer {
    let list = store::decode(stored).unwrap_or_default();
    reply(stored.to_string(), WORDS.gathered, store::gathered(&list))
}

/// Adds the passes of the judge store document `text` (see [`reply`]); a text that is not
/// one, or saved passes that cannot be read, leave the saved passes as they were and say why.
fn import(stored: &str, text: &str) -> Answer {
    if let Some(refused) = kept(stored) {
        return refused;
    }
    match store::import(stored, text) {
        Ok(s) => reply(s, WORDS.imported, String::new()),
        Err(why) => reply(
            stored.to_string(),
            &pickanumber_result_view::plain(WORDS.not_imported, &[("why", &why)]),
            String::new(),
        ),
    }
}

fn main() {}
