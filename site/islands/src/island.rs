//! What the probe and pairwise islands share: the input box under their bar, and the work kept
//! in this browser's storage so a reload brings back what was on screen.

use crate::storage::{self, RECORD_PAUSE};
use leptos::leptos_dom::helpers::{set_timeout_with_handle, TimeoutHandle};
use leptos::prelude::*;
use std::cell::Cell;
use std::rc::Rc;

/// The labelled textarea `id` showing `text`, which hands each edit to `edited`, and the `hint`
/// line under it (what was read, or a note). With `tabs`, the Tab key types a tab into the box
/// ([`tab_key`]) rather than leaving it; Shift+Tab, or Escape then Tab, still leaves it.
pub(crate) fn input_box(
    id: &'static str,
    label: &'static str,
    text: RwSignal<String>,
    edited: impl Fn(String) + Clone + 'static,
    hint: impl Fn() -> String + Send + Sync + 'static,
    tabs: bool,
) -> impl IntoView {
    let typed = edited.clone();
    let escaped = Rc::new(Cell::new(false));
    let keydown = move |ev: leptos::ev::KeyboardEvent| {
        if tabs {
            if let Some(value) = tab_key(&ev, &escaped) {
                typed(value);
            }
        }
    };
    view! {
        <div class="isl-in">
            <label for=id class="calc-label">{label}</label>
            <textarea id=id class="calc-input" spellcheck="false" autocomplete="off"
                prop:value=move || text.get()
                on:keydown=keydown
                on:input=move |ev| edited(event_target_value(&ev))></textarea>
            <p class="calc-hint">{hint}</p>
        </div>
    }
}

/// A key pressed in a box that takes tabs: a Tab alone (no Shift, Control, Alt or Meta, and not
/// right after Escape) types a tab at the caret, replacing the selection, and gives the box's
/// new text; any other key gives nothing and is left to the browser, so Shift+Tab, and Tab
/// after Escape, move the focus out as usual. `escaped` remembers an Escape until the next key.
fn tab_key(ev: &web_sys::KeyboardEvent, escaped: &Cell<bool>) -> Option<String> {
    use wasm_bindgen::JsCast;
    let key = ev.key();
    if key == "Escape" {
        escaped.set(true);
        return None;
    }
    let leave = escaped.replace(false);
    let modified = ev.shift_key() || ev.ctrl_key() || ev.alt_key() || ev.meta_key();
    if key != "Tab" || leave || modified {
        return None;
    }
    let t: web_sys::HtmlTextAreaElement = ev.target()?.dyn_into().ok()?;
    let (start, end) = (t.selection_start().ok()??, t.selection_end().ok()??);
    ev.prevent_default();
    t.set_range_text_with_start_and_end_and_mode("\t", start, end, "end")
        .ok()?;
    Some(t.value())
}

/// Keeps `snapshot()` under `key` in this browser's localStorage once the visitor has paused
/// ([`RECORD_PAUSE`]) after a change of the signals it reads (not at the start:
/// a visitor who changed nothing keeps the page's example). When the browser refuses (no
/// storage, or the text is over its quota), `refused` gets `not_kept`, the note to show.
pub(crate) fn remember(
    key: &'static str,
    snapshot: impl Fn() -> String + 'static,
    refused: RwSignal<String>,
    not_kept: &'static str,
) {
    let pending: Rc<Cell<Option<TimeoutHandle>>> = Rc::new(Cell::new(None));
    Effect::new(move |started: Option<()>| {
        let value = snapshot();
        if started.is_none() {
            return;
        }
        if let Some(h) = pending.take() {
            h.clear();
        }
        let keep = move || {
            let kept = storage::set(key, &value);
            refused.set(if kept { "" } else { not_kept }.to_string());
        };
        pending.set(set_timeout_with_handle(keep, RECORD_PAUSE).ok());
    });
}
