//! The setup page's island, a wasm of its own: the static box's form, enabled, and its results
//! following every keystroke.
//!
//! Data flow: the static box (`#setup`) → the words (`data-words`) and the example rubric
//! (`data-rubric`, JSON) → a [`Form`] signal → [`Form::rubric`] (the rubric crate's checks,
//! without its TOML reader) → [`html::outputs`], the very function the site generator used for
//! the static box; the errors go beside their fields (`#err-ID`). The form's markup is
//! [`html::form`], re-rendered only when its shape changes (mode, rows added or removed, a rubric
//! loaded), so typing never loses focus. One handler per kind of event, on the island.

use leptos::prelude::*;
// Linked for its global allocator (talc, smaller than the default dlmalloc in wasm).
use pickanumber_calculator as _;
use pickanumber_rubric::Rubric;
use pickanumber_setup::form::{field_id, CriterionRow, TrapRow};
use pickanumber_setup::{html, Form, Words};
use wasm_bindgen::JsCast;

fn main() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(root) = document.get_element_by_id("setup") else {
        return;
    };
    let attr = |name: &str| root.get_attribute(name).unwrap_or_default();
    // Markup from another build, or an example that does not read: the static box stays.
    let Some(words) = Words::from_lines(&attr("data-words")) else {
        return;
    };
    let Ok(example) = Rubric::from_json(&attr("data-rubric")) else {
        return;
    };
    // The calculator's address as the site wrote it (its base path included).
    let calculator = document
        .get_element_by_id("setup-score")
        .and_then(|a| a.get_attribute("href"))
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_else(|| "/".into());
    let Ok(root) = root.dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    root.set_inner_html("");
    leptos::mount::mount_to(root.clone(), move || {
        island(Form::from_rubric(&example), words, calculator)
    })
    .forget();
    let _ = root.set_attribute("data-ready", "");
}

/// What a form change asks of the next render: which element to focus once the form's markup
/// is written again.
type Focus = StoredValue<Option<String>>;

fn island(start: Form, words: Words, calculator: String) -> impl IntoView {
    let form = RwSignal::new(start);
    // Bumped when the form's markup must be written again (its shape changed).
    let shape = RwSignal::new(0u32);
    let focus: Focus = StoredValue::new(None);
    let status = RwSignal::new(String::new());
    let result = Memo::new(move |_| form.with(Form::rubric));
    let words = StoredValue::new(words);

    // After each render: every error beside its field, then the focus the change asked for.
    Effect::new(move |_| {
        shape.track();
        result.with(|r| show_errors(r.as_ref().err().map_or(&[][..], Vec::as_slice)));
        if let Some(selector) = focus.write_value().take() {
            focus_on(&selector);
        }
    });

    let changed = move |ev: leptos::ev::Event| {
        let Some(name) = attribute(&ev, "name") else {
            return;
        };
        let value = event_target_value(&ev);
        status.set(String::new());
        if name == "mode" {
            focus.set_value(Some(format!("input[name=mode][value={value}]")));
            form.update(|f| f.matrix = value == "matrix");
            shape.update(|n| *n += 1);
        } else {
            form.maybe_update(|f| f.set(&name, value));
        }
    };
    let clicked = move |ev: leptos::ev::MouseEvent| {
        if let Some(list) = attribute(&ev, "data-add") {
            form.update(|f| {
                let n = if list == "criteria" {
                    f.criteria.push(CriterionRow::default());
                    f.criteria.len()
                } else {
                    f.traps.push(TrapRow {
                        impact: "-3".into(),
                        ..TrapRow::default()
                    });
                    f.traps.len()
                };
                let first = if list == "criteria" {
                    "name"
                } else {
                    "description"
                };
                focus.set_value(Some(format!("#{list}-{n}-{first}")));
            });
            shape.update(|n| *n += 1);
        } else if let Some(row) = attribute(&ev, "data-remove") {
            let Some((list, i)) = row.split_once('-') else {
                return;
            };
            let Some(i) = i.parse::<usize>().ok().and_then(|i| i.checked_sub(1)) else {
                return;
            };
            form.update(|f| {
                if list == "criteria" && i < f.criteria.len() {
                    f.criteria.remove(i);
                } else if list == "traps" && i < f.traps.len() {
                    f.traps.remove(i);
                }
            });
            focus.set_value(Some(format!("[data-add={list}]")));
            shape.update(|n| *n += 1);
        } else if let Some(id) = attribute(&ev, "data-copy") {
            let text = document()
                .get_element_by_id(&id)
                .and_then(|e| e.text_content())
                .unwrap_or_default();
            let (done, failed) = words.with_value(|w| (w.copied.clone(), w.copy_failed.clone()));
            copy(text, status, done, failed);
        } else if attribute(&ev, "id").as_deref() == Some("load") {
            load(form, shape, focus);
        }
    };

    let (lead, results) = words.with_value(|w| (w.example.clone(), w.results.clone()));
    view! {
        <p class="setup-lead">{lead}</p>
        <div class="setup-live" on:input=changed on:change=changed on:click=clicked
            inner_html=move || {
                shape.track();
                form.with_untracked(|f| words.with_value(|w| html::form(f, w, true)))
            }></div>
        <p class="setup-status" id="setup-status" role="status">{move || status.get()}</p>
        <div class="setup-results" id="setup-results" role="region" aria-label=results on:click=clicked
            inner_html=move || result.with(|r| words.with_value(|w| html::outputs(r, w, &calculator)))></div>
    }
}

/// Loads the rubric pasted into `#paste` (JSON; a TOML text gets the rubric crate's message
/// that this build reads JSON only), or shows why not beside the field.
fn load(form: RwSignal<Form>, shape: RwSignal<u32>, focus: Focus) {
    let text = document()
        .get_element_by_id("paste")
        .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        .map(|t| t.value())
        .unwrap_or_default();
    match Rubric::parse(&text) {
        Ok(r) => {
            form.set(Form::from_rubric(&r));
            focus.set_value(Some("#subject".into()));
            shape.update(|n| *n += 1);
        }
        Err(errors) => {
            let message: Vec<String> = errors.iter().map(ToString::to_string).collect();
            set_error("paste", &message.join("; "));
        }
    }
}

/// Clears every error slot, then writes each error into its field's slot and marks the field
/// invalid (errors about a whole table stand in the results' list only).
fn show_errors(errors: &[pickanumber_rubric::Error]) {
    let doc = document();
    if let Ok(slots) = doc.query_selector_all(".setup-live .setup-err") {
        for i in 0..slots.length() {
            let Some(slot) = slots
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            else {
                continue;
            };
            if slot.id() != "err-paste" {
                slot.set_text_content(None);
            }
            let field = slot.id().trim_start_matches("err-").to_string();
            if let Some(f) = doc.get_element_by_id(&field) {
                let _ = f.remove_attribute("aria-invalid");
            }
        }
    }
    for e in errors {
        if let Some(id) = field_id(&e.key) {
            set_error(&id, &e.message);
        }
    }
}

/// Writes `message` into field `id`'s error slot (after what is there) and marks it invalid.
fn set_error(id: &str, message: &str) {
    let doc = document();
    if let Some(slot) = doc.get_element_by_id(&format!("err-{id}")) {
        let before = slot.text_content().unwrap_or_default();
        let text = if before.is_empty() {
            message.to_string()
        } else {
            format!("{before} {message}")
        };
        slot.set_text_content(Some(&text));
    }
    if let Some(f) = doc.get_element_by_id(id) {
        let _ = f.set_attribute("aria-invalid", "true");
    }
}

fn focus_on(selector: &str) {
    if let Some(e) = document()
        .query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = e.focus();
    }
}

fn copy(text: String, status: RwSignal<String>, done: String, failed: String) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let promise = window.navigator().clipboard().write_text(&text);
    leptos::task::spawn_local(async move {
        let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        status.set(if ok { done } else { failed });
    });
}

/// The value of attribute `name` on the element an event started from.
fn attribute(ev: &web_sys::Event, name: &str) -> Option<String> {
    ev.target()?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .get_attribute(name)
}
