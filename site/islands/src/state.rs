//! The calculator's state: what the visitor set (mode, preset, weights, the formula's settings)
//! and typed, the one [`Request`] it makes, and the address that records it.

use leptos::leptos_dom::helpers::{set_timeout_with_handle, TimeoutHandle};
use leptos::prelude::*;
use pickanumber_score::{Mode, Preset, Request, SettingError, SettingsText};

use crate::share;

/// Every input of the calculator, each a signal.
#[derive(Clone, Copy)]
pub struct Inputs {
    /// Auto, pooled, matrix or feedback.
    pub mode: RwSignal<Mode>,
    /// A preset's criteria and weights, if any.
    pub preset: RwSignal<Option<Preset>>,
    /// The weight field as typed (`craft=0.6, depth=0.4`).
    pub weights: RwSignal<String>,
    /// The evidence text.
    pub text: RwSignal<String>,
    /// The density denominator as typed (empty: the canonical one).
    pub den: RwSignal<String>,
    /// The scale as typed (empty: the canonical one).
    pub scale: RwSignal<String>,
    /// The judged work the items' evidence is checked against (empty: none), kept in this
    /// browser's storage only ([`work`]).
    pub work: RwSignal<String>,
}

impl Inputs {
    /// Signals holding `initial` (a link's settings read before it is opened), its mode and
    /// preset read by the formula crate's reader of the settings.
    pub fn new(initial: &share::State) -> Inputs {
        let (read, _) = initial.settings().read();
        Inputs {
            mode: RwSignal::new(read.mode),
            preset: RwSignal::new(read.preset),
            weights: RwSignal::new(initial.weights.clone().unwrap_or_default()),
            text: RwSignal::new(initial.text.clone().unwrap_or_default()),
            den: RwSignal::new(initial.den.clone().unwrap_or_default()),
            scale: RwSignal::new(initial.scale.clone().unwrap_or_default()),
            work: RwSignal::new(work::kept().unwrap_or_default()),
        }
    }

    /// The settings a share link and the address record (the text travels packed, apart).
    pub fn settings(&self) -> share::State {
        let typed = |s: RwSignal<String>| Some(s.get_untracked()).filter(|w| !w.trim().is_empty());
        share::State {
            mode: Some(self.mode.get_untracked().name().to_string()),
            preset: self.preset.get_untracked().map(|p| p.name().to_string()),
            weights: typed(self.weights),
            den: typed(self.den),
            scale: typed(self.scale),
            text: None,
        }
    }

    /// Records what is on screen (mode, preset, weights, settings and the text) in the address
    /// once the visitor has paused ([`crate::storage::RECORD_PAUSE`]), replacing the current entry rather than
    /// adding one, so a reload, the back button and a copied address bring it back. Text a
    /// link cannot carry is kept in this browser's storage instead ([`draft`]), and `kept`
    /// says so. Called only after the visitor changed something, so an address opened with a
    /// section anchor (`/#formula`) keeps it until then.
    ///
    /// The record is this instance's only while the input box it drew is on the page: once
    /// the instance stopped, the recovery put a copy in its place (then a fresh instance its
    /// own), and a record it had scheduled writes nothing, where it would have written the
    /// text that stopped it over the fresh instance's address.
    pub fn record_in_address(&self, kept: RwSignal<String>) {
        let inputs = *self;
        // An edit of this instance's markup called this, so the box on the page is its own.
        let own = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("evidence-input"));
        PENDING.with(|p| {
            if let Some(h) = p.take() {
                h.clear();
            }
            let record = move || leptos::task::spawn_local(inputs.record(kept, own));
            p.set(set_timeout_with_handle(record, crate::storage::RECORD_PAUSE).ok());
        });
    }

    async fn record(self, kept: RwSignal<String>, own: Option<web_sys::Element>) {
        let (settings, text) = (self.settings(), self.text.get_untracked());
        let fragment = crate::link_fragment(&settings, &text).await;
        // A later edit schedules its own record; an instance that stopped records nothing.
        if self.text.with_untracked(|t| *t != text) || !own.is_some_and(|b| b.is_connected()) {
            return;
        }
        self.work.with_untracked(|w| work::keep(w));
        let fragment = match fragment {
            Ok(f) => {
                draft::forget();
                kept.set(String::new());
                f
            }
            Err(why) => {
                let words = &crate::island_words::CALCULATOR_LIVE;
                kept.set(if draft::keep(&text) {
                    format!("{why}: {}", words.kept)
                } else {
                    format!("{why}, {}", words.not_kept)
                });
                settings.encode(None)
            }
        };
        if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
            let _ = h.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("#{fragment}")),
            );
        }
    }
}

thread_local! {
    /// The record waiting for the visitor's pause, if any.
    static PENDING: std::cell::Cell<Option<TimeoutHandle>> = const { std::cell::Cell::new(None) };
}

/// The input a link could not carry, kept in this browser's localStorage: an address with
/// settings and no text restores it (see `main.rs`).
pub mod draft {
    /// The localStorage key.
    pub const KEY: &str = "pickanumber.calculator.text";

    /// The kept input, if any.
    pub fn kept() -> Option<String> {
        crate::storage::get(KEY)
    }

    /// Keeps `text`; false when the browser refuses (no storage, or over its quota).
    pub fn keep(text: &str) -> bool {
        crate::storage::set(KEY, text)
    }

    /// Drops the kept input: the address holds the text again.
    pub fn forget() {
        crate::storage::set(KEY, "");
    }
}

/// The judged work, kept in this browser's localStorage only: a share link and the address
/// never carry it (the box's hint says so), and a reload brings it back.
pub mod work {
    /// The localStorage key.
    pub const KEY: &str = "pickanumber.calculator.work";

    /// The kept work, if any.
    pub fn kept() -> Option<String> {
        crate::storage::get(KEY)
    }

    /// Keeps `work` (empty removes the key). When the browser refuses (no storage, or the work
    /// is over its quota), the box's hint says the work will not survive a reload.
    pub fn keep(work: &str) {
        if !crate::storage::set(KEY, work) {
            refused();
        }
    }

    /// Puts the refusal in the box's hint.
    fn refused() {
        if let Some(hint) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("work-hint"))
        {
            hint.set_text_content(Some(crate::island_words::CALCULATOR_LIVE.work_refused));
        }
    }
}

/// The request the controls make, by the formula crate's one reader of the settings as typed
/// ([`SettingsText::read`]), with its errors: a field that does not read is left at its
/// default (the canonical value of a setting, which the field's placeholder shows).
pub fn request(
    mode: Mode,
    preset: Option<Preset>,
    weights: &str,
    [denominator, scale]: [&str; 2],
) -> (Request, Vec<SettingError>) {
    SettingsText {
        mode: mode.name(),
        preset: preset.map_or("", Preset::name),
        weights,
        denominator,
        scale,
    }
    .read()
}
