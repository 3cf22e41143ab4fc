//! The site's four live islands, compiled to wasm by trunk: the calculator (this library and
//! `src/bin/pickanumber-calculator-island.rs`), the probe and pairwise islands ([`probe`],
//! [`pairwise`], `src/bin/pickanumber-instruments.rs`) and the setup page's island
//! (`src/bin/pickanumber-setup-island.rs`).
//!
//! The calculator: the visitor's [`state::Inputs`] → one memo holding [`analyse`]'s
//! [`Analysis`] of the request they make (the settings read by the formula crate's
//! `SettingsText`, whose errors lead the analysis's diagnostics) → panels that render it, the
//! mode's headline first.
//!
//! Events: one handler for `input` (the text fields) and `change` (the radios and the menu),
//! one for `click`, both on the whole island. A control says what it is by its `name`
//! (`calc-mode`, `calc-preset`, `calc-weights`, `calc-text`, `calc-work`, …), read once into a
//! `Field`; a button by its `id` or `data-example` or `data-reopen` index, read once into an
//! `Action`; so the wasm carries one handler per kind of event rather than one per control,
//! and each handler matches on an enum.
//!
//! The island's own labels, buttons and status lines are `[calculator.live]` of
//! `content/layout.toml` over the view crate's defaults, compiled in by this crate's build
//! script ([`island_words::CALCULATOR_LIVE`], written by `pickanumber-island-words`). The two
//! sentences about an input too large for a share link are still written here, since filling
//! slots in this wasm costs more than its budget has left.
//!
//! Every number on screen comes from the formula crate, scored by `analyse`; the view crate
//! prints it (`pickanumber_result_view::working`, in the `[result]` words compiled in as
//! [`island_words::RESULT`]) and lays out the tables (`pickanumber_result_view::panel`,
//! `outcome`). This crate only wires signals to views, stores passes ([`judge_store`]) and
//! packs share links ([`share`], whose format is the crate `pickanumber-share-link`'s). What
//! most visits never use comes from a second module loaded on first use ([`on_demand`]:
//! several judges' passes, evidence checked against a judged work, the markdown report, the
//! saved passes' list, export and import). The app mounts into the page's `#calculator`
//! element, replacing the static example.
//!
//! Panels, top to bottom: controls (mode, preset, weights) · input · the results: what could
//! not be read (diagnostics, naming the lines) · actions and saved passes · the result panel
//! (the headline, the matrix or feedback table, the pool's outputs, picture and working: one
//! piece of markup from [`panel::calculator`]) · examples. The stylesheet shows the panel's
//! headline first (`display: contents` and `order`), so the errors and the actions stand
//! right under it without cutting the markup in the wasm.

/// The wasm builds allocate with talc: smaller in the module and faster than the default
/// dlmalloc.
#[cfg(target_family = "wasm")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// The site's words: `content/layout.toml`'s over the view crate's defaults, written by
/// `build.rs` (`pickanumber-island-words`). A table the file states whole leaves the defaults
/// nothing to add, which clippy would call a needless update.
#[allow(clippy::needless_update)]
pub mod island_words {
    include!(concat!(env!("OUT_DIR"), "/island_words.rs"));
}
mod island;
pub mod judge_store;
pub mod on_demand;
pub mod pairwise;
pub mod probe;
pub mod share;
pub mod state;
pub mod storage;

use island_words::{CALCULATOR_LIVE as WORDS, RESULT};
use leptos::prelude::*;
use on_demand::Question;
use pickanumber_result_view::{calculator, escape, outcome, panel};
use pickanumber_score::{analyse, with_setting_errors, Kind, Mode, Preset};
use state::Inputs;

fn copy_text(text: String, status: RwSignal<String>, done: &'static str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let promise = window.navigator().clipboard().write_text(&text);
    leptos::task::spawn_local(async move {
        let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        status.set(if ok {
            done.to_string()
        } else {
            WORDS.clipboard_refused.to_string()
        });
    });
}

/// The calculator, starting from `initial` (the static example, or a share link's state).
#[component]
pub fn Calculator(
    /// Mode, preset, weights and input to start from.
    initial: share::State,
    /// A message to show at start (a share link restored or rejected).
    #[prop(optional)]
    notice: Option<String>,
    /// Why the input came from this browser's storage rather than the address, if it did.
    #[prop(optional)]
    kept: Option<String>,
) -> impl IntoView {
    let inputs = Inputs::new(&initial);
    let status = RwSignal::new(notice.unwrap_or_default());
    let saved = RwSignal::new(String::new());
    let shown = judge_store::Shown {
        panel: saved,
        status,
        inputs,
    };
    if !judge_store::stored().is_empty() {
        judge_store::run(Question::Saved, shown);
    }
    let share_url = RwSignal::new(String::new());
    // Why the address does not hold the input, shown under it (empty when it does).
    let kept = RwSignal::new(kept.unwrap_or_default());

    // The settings that do not read lead the analysis's diagnostics, saying what is used
    // in their place.
    let scored = Memo::new(move |_| {
        let (request, errors) = inputs.weights.with(|w| {
            let (den, scale) = (inputs.den.get(), inputs.scale.get());
            state::request(inputs.mode.get(), inputs.preset.get(), w, [&den, &scale])
        });
        inputs
            .text
            .with(|t| with_setting_errors(analyse(t, &request), &errors))
    });

    // Several judges' passes and a judged work go to the second module, loaded on first use.
    let combined = on_demand::watch(inputs);

    // Text fields report every keystroke (`input`); radios and the menu report a choice made
    // (`change`, which every browser and WebDriver fire for them).
    let changed = move |ev: leptos::ev::Event| {
        let Some(field) = Field::of(&ev) else {
            return;
        };
        let value = event_target_value(&ev);
        match field {
            Field::Text => inputs.text.set(value),
            Field::Weights => inputs.weights.set(value),
            Field::Denominator => inputs.den.set(value),
            Field::Scale => inputs.scale.set(value),
            Field::Work => inputs.work.set(value),
            Field::Mode => inputs.mode.set(Mode::from_name(&value).unwrap_or_default()),
            Field::Preset => inputs.preset.set(Preset::from_name(&value)),
        }
        inputs.record_in_address(kept);
    };
    let clicked = move |ev: leptos::ev::MouseEvent| {
        let Some(action) = Action::of(&ev) else {
            return;
        };
        match action {
            Action::Example(index) => load_example(inputs, status, kept, &index),
            Action::Reopen(index) => judge_store::run(Question::Reopen(index), shown),
            Action::CopyReport => {
                let asked = on_demand::ask(&Question::Report, inputs);
                leptos::task::spawn_local(async move {
                    match on_demand::call(asked)
                        .await
                        .map(|v| on_demand::field(&v, "report"))
                    {
                        Ok(Some(report)) => copy_text(report, status, WORDS.report_copied),
                        _ => status.set(WORDS.report_failed.into()),
                    }
                })
            }
            Action::CopyLink => copy_link(inputs, status, share_url),
            Action::SavePass => judge_store::run(Question::Save(judge_name()), shown),
            Action::CombinePasses => judge_store::run(Question::Gather, shown),
            Action::ImportPasses => judge_store::run(Question::Import, shown),
            Action::ExportPasses => copy_text(judge_store::stored(), status, WORDS.passes_copied),
            Action::ForgetPasses => {
                saved.set(String::new());
                // Removing the key cannot lose anything the visitor wants kept.
                let _ = judge_store::store("");
            }
        }
    };

    view! {
        <div class="calc-body" on:input=changed on:change=changed on:click=clicked>
            {controls(inputs)}
            <div class="calc-in">
                <label for="evidence-input" class="calc-label">{WORDS.input}</label>
                <textarea id="evidence-input" name="calc-text" class="calc-input" spellcheck="false" autocomplete="off"
                    prop:value=move || inputs.text.get()></textarea>
                <p class="calc-hint" id="out-format">
                    {move || scored.with(|a| format!("Read as {} · {} mode · live", a.format, a.mode()))}
                </p>
                <p class="calc-kept" id="calc-kept" role="status">{move || kept.get()}</p>
            </div>
            <div class="calc-results" aria-live="polite" aria-label=WORDS.results>
                <div id="evidence-errors" class="calc-diag" tabindex="0" role="region" aria-label=WORDS.diagnostics inner_html=move || combined.with(|v| match v {
                    on_demand::View::Off => scored.with(|a| outcome::diagnostics(&a.diagnostics, 200)),
                    // The module's diagnostics lead with the same settings' errors.
                    on_demand::View::Ready(d, _) => d.clone(),
                    // Until the module answers (or when it cannot), the settings' errors
                    // still show: they lead this analysis's diagnostics.
                    _ => scored.with(|a| {
                        let settings: Vec<_> = a.diagnostics.iter()
                            .filter(|d| matches!(d.kind, Kind::Params | Kind::Weights))
                            .cloned()
                            .collect();
                        outcome::diagnostics(&settings, 200)
                    }),
                })></div>
                <div class="calc-actions">
                    <div class="calc-buttons" inner_html=calculator::actions(&WORDS, true)></div>
                    <p class="calc-status" id="calc-status" role="status">{move || status.get()}</p>
                    <div inner_html=move || share_url.with(|u| if u.is_empty() {
                        String::new()
                    } else {
                        format!("<a id=\"share-link\" href=\"{}\">{}</a>", escape(u), escape(WORDS.share_link))
                    })></div>
                    <div class="calc-passes" id="passes" inner_html=move || saved.get()></div>
                </div>
                <div class="calc-panel" inner_html=move || combined.with(|v| match v {
                    on_demand::View::Off => scored.with(|a| panel::calculator(a, &RESULT)),
                    on_demand::View::Ready(_, panel) => panel.clone(),
                    v => on_demand::placeholder(v),
                })></div>
                <div inner_html=calculator::examples_and_settings(
                    &WORDS,
                    [
                        &inputs.den.get_untracked(),
                        &inputs.scale.get_untracked(),
                        &inputs.work.get_untracked(),
                    ],
                    true,
                )></div>
            </div>
        </div>
    }
}

/// Mode radios, the preset menu and the weight field, each showing its signal.
fn controls(inputs: Inputs) -> impl IntoView {
    let radio = move |m: Mode, label: &'static str| {
        view! {
            <label class="calc-mode">
                <input type="radio" name="calc-mode" value=m.name()
                    prop:checked=move || inputs.mode.get() == m />
                {label}
            </label>
        }
    };
    view! {
        <div class="calc-bar">
            <fieldset class="calc-modes">
                <legend>{WORDS.mode}</legend>
                {radio(Mode::Auto, WORDS.modes[0])}
                {radio(Mode::Pooled, WORDS.modes[1])}
                {radio(Mode::Matrix, WORDS.modes[2])}
                {radio(Mode::Feedback, WORDS.modes[3])}
            </fieldset>
            <label class="calc-field">{WORDS.preset}" "
                <select name="calc-preset" prop:value=move || inputs.preset.get().map_or("", Preset::name)>
                    <option value="">{WORDS.no_preset}</option>
                    <option value="generic">"generic"</option>
                    <option value="hackathon">"hackathon"</option>
                </select>
            </label>
            <label class="calc-field">{WORDS.weights}" "
                <input type="text" id="weights-input" name="calc-weights" placeholder="craft=0.6, depth=0.4" spellcheck="false"
                    prop:value=move || inputs.weights.get() />
            </label>
        </div>
    }
}

/// Loads example number `index` (a `data-example` value) with its mode and preset (the
/// formula's settings stay as set).
fn load_example(inputs: Inputs, status: RwSignal<String>, kept: RwSignal<String>, index: &str) {
    let Some(&(_, m, p, t)) = index
        .parse::<usize>()
        .ok()
        .and_then(|i| calculator::EXAMPLES.get(i))
    else {
        return;
    };
    inputs.mode.set(Mode::from_name(m).unwrap_or_default());
    inputs.preset.set(Preset::from_name(p));
    inputs.weights.set(String::new());
    inputs.text.set(t.to_string());
    inputs.record_in_address(kept);
    status.set(String::new());
}

/// Packs the input into a share link (the browser compresses it), shows it as `#share-link`
/// and copies it; input a link could not restore gets a message and no link.
fn copy_link(inputs: Inputs, status: RwSignal<String>, share_url: RwSignal<String>) {
    let settings = inputs.settings();
    let text = inputs.text.get_untracked();
    leptos::task::spawn_local(async move {
        let fragment = match link_fragment(&settings, &text).await {
            Ok(f) => f,
            Err(why) => return status.set(format!("{why}; copy the report instead.")),
        };
        let base = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .map(|h| h.split('#').next().unwrap_or_default().to_string())
            .unwrap_or_default();
        let url = format!("{base}#{fragment}");
        share_url.set(url.clone());
        copy_text(url, status, WORDS.link_copied);
    });
}

/// The share link's fragment (without `#`) for `settings` and `text`, or why a link cannot
/// carry them: text over [`share::MAX_TEXT`] bytes, a fragment over [`share::MAX_FRAGMENT`]
/// characters, or a browser that cannot compress.
pub(crate) async fn link_fragment(settings: &share::State, text: &str) -> Result<String, String> {
    if text.len() > share::MAX_TEXT {
        return Err(format!(
            "This input is {} bytes, over the 2,000,000 a link can carry",
            text.len()
        ));
    }
    let fragment = settings.encode(Some(&share::pack(text).await?));
    if fragment.len() > share::MAX_FRAGMENT {
        return Err(format!(
            "This input is too large for a link ({} characters, limit {})",
            fragment.len(),
            share::MAX_FRAGMENT
        ));
    }
    Ok(fragment)
}

/// A field of the calculator that an `input` or `change` event reports, known by its `name`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    /// The items (`calc-text`, typed).
    Text,
    /// The weight field (`calc-weights`, typed).
    Weights,
    /// The density denominator (`calc-den`, typed).
    Denominator,
    /// The scale (`calc-scale`, typed).
    Scale,
    /// The judged work (`calc-work`, typed).
    Work,
    /// A mode radio (`calc-mode`, chosen).
    Mode,
    /// The preset menu (`calc-preset`, chosen).
    Preset,
}

impl Field {
    /// The field an event reports: text fields on `input`, radios and the menu on `change`.
    fn of(ev: &web_sys::Event) -> Option<Field> {
        let typed = ev.type_() == "input";
        let field = match target_attribute(ev, "name")?.as_str() {
            "calc-text" => Field::Text,
            "calc-weights" => Field::Weights,
            "calc-den" => Field::Denominator,
            "calc-scale" => Field::Scale,
            "calc-work" => Field::Work,
            "calc-mode" => Field::Mode,
            "calc-preset" => Field::Preset,
            _ => return None,
        };
        let chosen = matches!(field, Field::Mode | Field::Preset);
        (typed != chosen).then_some(field)
    }
}

/// What a click on the calculator asks for, known by the clicked element's `data-example` or
/// `data-reopen` index or its `id`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Action {
    /// Load the example at this index.
    Example(String),
    /// Reopen the saved pass at this index.
    Reopen(String),
    /// Copy the markdown report (`#copy-report`).
    CopyReport,
    /// Copy a share link (`#copy-link`).
    CopyLink,
    /// Save the input as a pass (`#save-pass`).
    SavePass,
    /// Put every saved pass in the input (`#combine-passes`).
    CombinePasses,
    /// Import a judge store document from the input (`#import-passes`).
    ImportPasses,
    /// Copy the saved passes (`#export-passes`).
    ExportPasses,
    /// Forget the saved passes (`#forget-passes`).
    ForgetPasses,
}

impl Action {
    /// The action of the element a click started from, if it has one.
    fn of(ev: &web_sys::Event) -> Option<Action> {
        if let Some(index) = target_attribute(ev, "data-example") {
            return Some(Action::Example(index));
        }
        if let Some(index) = target_attribute(ev, "data-reopen") {
            return Some(Action::Reopen(index));
        }
        Some(match target_attribute(ev, "id")?.as_str() {
            "copy-report" => Action::CopyReport,
            "copy-link" => Action::CopyLink,
            "save-pass" => Action::SavePass,
            "combine-passes" => Action::CombinePasses,
            "import-passes" => Action::ImportPasses,
            "export-passes" => Action::ExportPasses,
            "forget-passes" => Action::ForgetPasses,
            _ => return None,
        })
    }
}

/// The judge's name typed beside "Save pass".
fn judge_name() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("judge-input"))
        .and_then(|e| js_sys::Reflect::get(&e, &"value".into()).ok())
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// The value of attribute `name` on the element an event started from.
fn target_attribute(ev: &web_sys::Event, name: &str) -> Option<String> {
    use wasm_bindgen::JsCast;
    ev.target()?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .get_attribute(name)
}

/// The text of the first textarea under `root`: the static box's example, which an island
/// starts from when it replaces the box.
pub fn example_of(root: &web_sys::Element) -> String {
    use wasm_bindgen::JsCast;
    root.query_selector("textarea")
        .ok()
        .flatten()
        .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        .map(|t| t.value())
        .unwrap_or_default()
}
