//! The setup page's island, a wasm of its own: the static box's form, enabled, and its results
//! following every keystroke.
//!
//! Data flow: the static box (`#setup`) → the words (`data-words`) and the example rubric
//! (`data-rubric`, JSON) → the [`Form`] → [`Form::rubric`] (the rubric crate's checks, without
//! its TOML reader) → [`html::outputs`], the very function the site generator used for the
//! static box; the errors go beside their fields (`#err-ID`). The form's markup is
//! [`html::form`], written again only when its shape changes (mode, rows added or removed, a
//! rubric loaded), so typing never loses focus. One listener per kind of event, on the island.
//! A pasted rubric that is not JSON (the TOML file the page writes) is read by the page's
//! rubric reader, a module of its own loaded on first use ([`load_toml`]).
//!
//! No Leptos here, unlike the other islands: every view of this page is markup from
//! `pickanumber-setup` set with `innerHTML`, so a reactive runtime had nothing to do but cost
//! bytes: the same island in Leptos went over the page's budget (`cargo xtask bench` prints
//! the figures of this one).

use pickanumber_islands::{on_demand, storage};
use pickanumber_rubric::Rubric;
use pickanumber_setup::form::{field_id, CriterionRow, TrapRow};
use pickanumber_setup::{html, Form, Words};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Event};

// Linked for its global allocator (talc, smaller than the default dlmalloc in wasm).
use pickanumber_islands as _;

/// The island's state and the elements it writes into.
struct Island {
    form: Form,
    words: Words<'static>,
    /// The calculator's address as the site wrote it (its base path included).
    calculator: String,
    doc: Document,
    live: Element,
    results: Element,
    status: Element,
    /// The results' markup last written, so an edit that changes nothing keeps the scroll.
    shown: String,
}

fn main() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(root) = doc.get_element_by_id("setup") else {
        return;
    };
    let attr = |name: &str| root.get_attribute(name).unwrap_or_default();
    // Markup from another build, or an example that does not read: the static box stays.
    // The words live as long as the page: borrowed from the attribute's text, kept for good.
    let Some(words) = Words::from_lines(attr("data-words").leak()) else {
        return;
    };
    let Ok(example) = Rubric::from_json(&attr("data-rubric")) else {
        return;
    };
    let calculator = doc
        .get_element_by_id("setup-score")
        .and_then(|a| a.get_attribute("href"))
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_else(|| "/".into());
    let (Some(live), Some(results), Some(status)) = (
        root.query_selector(".setup-live").ok().flatten(),
        doc.get_element_by_id("setup-results"),
        doc.get_element_by_id("setup-status"),
    ) else {
        return;
    };
    // The form as this browser kept it, else the example.
    let kept = storage::get(KEY).and_then(|k| Form::from_kept(&k));
    let island = Rc::new(RefCell::new(Island {
        form: kept.unwrap_or_else(|| Form::from_rubric(&example)),
        words,
        calculator,
        doc,
        live,
        results,
        status,
        shown: String::new(),
    }));
    island.borrow_mut().render(true, None);
    for kind in ["input", "change", "click"] {
        let island = island.clone();
        let listener = Closure::<dyn Fn(Event)>::new(move |ev: Event| {
            if let Some(text) = toml_to_load(&ev) {
                return load_toml(island.clone(), text);
            }
            if let Ok(mut island) = island.try_borrow_mut() {
                island.event(&ev);
                island.keep();
            }
        });
        let _ = root.add_event_listener_with_callback(kind, listener.as_ref().unchecked_ref());
        listener.forget();
    }
    let _ = root.set_attribute("data-ready", "");
}

/// The localStorage key of the form as typed ([`Form::to_kept`]).
const KEY: &str = "pickanumber.setup";

/// The text of the paste field when `ev` is a click on "Load" and the text is not JSON: a
/// TOML rubric, which this wasm cannot read ([`load_toml`] has the rubric reader read it).
fn toml_to_load(ev: &Event) -> Option<String> {
    if ev.type_() != "click" || attribute(ev, "id").as_deref() != Some("load") {
        return None;
    }
    let text = web_sys::window()?
        .document()?
        .get_element_by_id("paste")
        .and_then(|t| js_sys::Reflect::get(&t, &JsValue::from_str("value")).ok())
        .and_then(|v| v.as_string())?;
    (!text.trim_start().starts_with('{')).then_some(text)
}

/// Reads a pasted TOML rubric with the page's rubric reader (the crate `site/rubric-reader`),
/// loaded on first use (its answer, in named fields: the rubric as `json`, or the `errors`
/// with their lines), and
/// loads it into the form as a pasted JSON rubric is; the errors, or why the module could not be loaded, go
/// beside the paste field.
fn load_toml(island: Rc<RefCell<Island>>, text: String) {
    let ask = js_sys::Object::new();
    for (key, value) in [("action", "rubric"), ("text", text.as_str())] {
        let _ = js_sys::Reflect::set(&ask, &key.into(), &value.into());
    }
    wasm_bindgen_futures::spawn_local(async move {
        let answer = on_demand::call_module("pickanumberRubricReader", ask.into()).await;
        let Ok(mut island) = island.try_borrow_mut() else {
            return;
        };
        if let Some(slot) = island.doc.get_element_by_id("err-paste") {
            slot.set_text_content(None);
        }
        // The reader answers in named fields (`pickanumber_rubric_reader::Answer`).
        let (json, errors) = match &answer {
            Ok(a) => (
                on_demand::field(a, "json").unwrap_or_default(),
                on_demand::field(a, "errors").unwrap_or_default(),
            ),
            Err(why) => (
                String::new(),
                format!("the TOML reader could not be loaded ({why}): paste the rubric as JSON"),
            ),
        };
        let read = match errors.is_empty() {
            true => Rubric::from_json(&json).map_err(|e| {
                let all: Vec<String> = e.iter().map(ToString::to_string).collect();
                all.join("; ")
            }),
            false => Err(errors),
        };
        match read {
            Ok(r) => {
                island.form = Form::from_rubric(&r);
                island.status.set_text_content(None);
                island.render(true, Some("#subject".into()));
                island.keep();
            }
            Err(message) => island.set_error("paste", &message),
        }
    });
}

/// Attribute `name` of the element an event started from.
fn attribute(ev: &Event, name: &str) -> Option<String> {
    ev.target()?.dyn_into::<Element>().ok()?.get_attribute(name)
}

/// The `value` of the element an event started from (inputs, text areas and menus alike).
fn value(ev: &Event) -> String {
    ev.target()
        .and_then(|t| js_sys::Reflect::get(&t, &JsValue::from_str("value")).ok())
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

impl Island {
    /// Writes the form again when `shape` (its shape changed), then the results when they
    /// changed, the errors beside their fields, and focuses `focus` (a selector) if given.
    fn render(&mut self, shape: bool, focus: Option<String>) {
        if shape {
            self.live
                .set_inner_html(&html::form(&self.form, &self.words, true));
        }
        let result = self.form.rubric();
        let out = html::outputs(&result, &self.words, &self.calculator);
        if out != self.shown {
            self.results.set_inner_html(&out);
            self.shown = out;
        }
        self.show_errors(result.as_ref().err().map_or(&[][..], Vec::as_slice));
        if let Some(e) = focus
            .and_then(|s| self.doc.query_selector(&s).ok().flatten())
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = e.focus();
        }
    }

    /// One event of the island: a field typed in or chosen, or a button.
    fn event(&mut self, ev: &Event) {
        if ev.type_() == "click" {
            return self.click(ev);
        }
        let Some(name) = attribute(ev, "name") else {
            return;
        };
        self.status.set_text_content(None);
        let v = value(ev);
        if name == "mode" {
            let focus = format!("input[name=mode][value={v}]");
            self.form.matrix = v == "matrix";
            self.render(true, Some(focus));
        } else if self.form.set(&name, v) {
            self.render(false, None);
        }
    }

    fn click(&mut self, ev: &Event) {
        let f = &mut self.form;
        let focus = if let Some(list) = attribute(ev, "data-add") {
            let (n, first) = if list == "criteria" {
                f.criteria.push(CriterionRow::default());
                (f.criteria.len(), "name")
            } else {
                f.traps.push(TrapRow {
                    impact: "-3".into(),
                    ..TrapRow::default()
                });
                (f.traps.len(), "description")
            };
            format!("#{list}-{n}-{first}")
        } else if let Some(row) = attribute(ev, "data-remove") {
            let Some((list, i)) = row.split_once('-') else {
                return;
            };
            let i = i.parse::<usize>().unwrap_or(0).wrapping_sub(1);
            if list == "criteria" && i < f.criteria.len() {
                f.criteria.remove(i);
            } else if list == "traps" && i < f.traps.len() {
                f.traps.remove(i);
            }
            format!("[data-add={list}]")
        } else if let Some(id) = attribute(ev, "data-copy") {
            return self.copy(&id);
        } else if attribute(ev, "id").as_deref() == Some("load") {
            let text = self
                .doc
                .get_element_by_id("paste")
                .and_then(|t| js_sys::Reflect::get(&t, &JsValue::from_str("value")).ok())
                .and_then(|v| v.as_string())
                .unwrap_or_default();
            // JSON here; a TOML text was handed to the rubric reader before this event
            // reached the island (see `toml_to_load`).
            if let Some(slot) = self.doc.get_element_by_id("err-paste") {
                slot.set_text_content(None);
            }
            match Rubric::parse(&text) {
                Ok(r) => *f = Form::from_rubric(&r),
                Err(errors) => {
                    let message: Vec<String> = errors.iter().map(ToString::to_string).collect();
                    return self.set_error("paste", &message.join("; "));
                }
            }
            "#subject".to_string()
        } else {
            return;
        };
        self.status.set_text_content(None);
        self.render(true, Some(focus));
    }

    /// Keeps the form as typed in this browser's storage, so a reload brings it back; says so
    /// in the status line when the browser refuses.
    fn keep(&self) {
        if !storage::set(KEY, &self.form.to_kept()) {
            self.status.set_text_content(Some(self.words.not_kept));
        }
    }

    /// Copies the text of element `id` and says whether the browser let it.
    fn copy(&self, id: &str) {
        let text = self
            .doc
            .get_element_by_id(id)
            .and_then(|e| e.text_content())
            .unwrap_or_default();
        let Some(window) = web_sys::window() else {
            return;
        };
        let promise = window.navigator().clipboard().write_text(&text);
        let said = |word: &'static str| {
            let status = self.status.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |_| status.set_text_content(Some(word)))
        };
        let (done, failed) = (said(self.words.copied), said(self.words.copy_failed));
        let _ = promise.then2(&done, &failed);
        // The promise settles once, later: the two callbacks live on in JavaScript.
        done.forget();
        failed.forget();
    }

    /// Clears the error slots of the fields, then writes each error into its field's slot and
    /// marks the field invalid (errors about a whole table stand in the results' list only).
    fn show_errors(&self, errors: &[pickanumber_rubric::Error]) {
        if let Ok(slots) = self.live.query_selector_all(".setup-err") {
            for i in 0..slots.length() {
                let Some(slot) = slots.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                    continue;
                };
                let id = slot.id();
                if id != "err-paste" {
                    slot.set_text_content(None);
                }
                let field = id.strip_prefix("err-").unwrap_or_default();
                if let Some(f) = self.doc.get_element_by_id(field) {
                    let _ = f.remove_attribute("aria-invalid");
                }
            }
        }
        for e in errors {
            if let Some(id) = field_id(&e.key) {
                self.set_error(&id, &e.message);
            }
        }
    }

    /// Adds `message` to field `id`'s error slot and marks the field invalid.
    fn set_error(&self, id: &str, message: &str) {
        if let Some(slot) = self.doc.get_element_by_id(&format!("err-{id}")) {
            let before = slot.text_content().unwrap_or_default();
            let text = if before.is_empty() {
                message.to_string()
            } else {
                format!("{before} {message}")
            };
            slot.set_text_content(Some(&text));
        }
        if let Some(f) = self.doc.get_element_by_id(id) {
            let _ = f.set_attribute("aria-invalid", "true");
        }
    }
}
