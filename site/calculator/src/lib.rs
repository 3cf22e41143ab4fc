//! The live calculator: the visitor's [`state::Inputs`] → one memo for the [`Request`] → one
//! memo for [`analyse`]'s [`Analysis`] → panels that render it, the mode's headline first.
//!
//! Every number on screen comes from the formula crate: scored by `analyse`, printed by
//! `pickanumber_score::display`, tables laid out by `pickanumber_score::html`. This crate
//! only wires signals to views, stores passes ([`passes`]) and shares links ([`share`]). The
//! app mounts into the page's `#calculator` element, replacing the static example.
//!
//! Panels, top to bottom: controls (mode, preset, weights) · input · the result panel (the
//! headline, the matrix or feedback table, the pool's outputs, picture and working: one piece
//! of markup from [`html::calculator`]) · diagnostics · actions · saved passes · examples.

/// The wasm builds allocate with talc: smaller in the module and faster than the default
/// dlmalloc (measured in the closing note of issue 10).
#[cfg(target_family = "wasm")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

pub mod examples;
pub mod pairwise;
pub mod passes;
pub mod probe;
pub mod share;
pub mod state;

use leptos::prelude::*;
use pickanumber_score::report::markdown;
use pickanumber_score::{analyse, html, Analysis, Mode, Preset, Request};
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
            "The browser refused the clipboard; select the text instead.".into()
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
) -> impl IntoView {
    let inputs = Inputs::new(&initial);
    let (saved, storage_notice) = passes::load();
    let status = RwSignal::new(notice.or(storage_notice).unwrap_or_default());
    let saved = RwSignal::new(saved);

    let request = Memo::new(move |_| {
        inputs
            .weights
            .with(|w| state::request(inputs.mode.get(), inputs.preset.get(), w))
    });
    let analysis = Memo::new(move |_| request.with(|(r, _)| inputs.text.with(|t| analyse(t, r))));

    view! {
        <div class="calc-body">
            <Controls inputs=inputs />
            <InputPanel inputs=inputs analysis=analysis />
            <div class="calc-results" aria-live="polite" aria-label="Results">
                <div class="calc-panel" inner_html=move || analysis.with(html::calculator)></div>
                <Diagnostics analysis=analysis request=request />
                <Actions inputs=inputs analysis=analysis status=status saved=saved />
                <Passes saved=saved />
                <Examples inputs=inputs status=status />
            </div>
        </div>
    }
}

/// Mode radios, the preset menu and the weight field; each change is recorded in the address.
#[component]
fn Controls(inputs: Inputs) -> impl IntoView {
    let radio = move |m: Mode, label: &'static str| {
        view! {
            <label class="calc-mode">
                <input type="radio" name="calc-mode" value=m.name()
                    prop:checked=move || inputs.mode.get() == m
                    on:change=move |_| { inputs.mode.set(m); inputs.record_in_address(); } />
                {label}
            </label>
        }
    };
    view! {
        <div class="calc-bar">
            <fieldset class="calc-modes">
                <legend>"Mode"</legend>
                {radio(Mode::Auto, "Auto")}
                {radio(Mode::Pooled, "Pooled")}
                {radio(Mode::Matrix, "Matrix")}
                {radio(Mode::Feedback, "Feedback")}
            </fieldset>
            <label class="calc-field">"Preset "
                <select prop:value=move || inputs.preset.get().map_or("", Preset::name)
                    on:change=move |ev| {
                        inputs.preset.set(Preset::from_name(&event_target_value(&ev)));
                        inputs.record_in_address();
                    }>
                    <option value="">"none"</option>
                    <option value="generic">"generic"</option>
                    <option value="hackathon">"hackathon"</option>
                </select>
            </label>
            <label class="calc-field">"Weights "
                <input type="text" id="weights-input" placeholder="craft=0.6, depth=0.4" spellcheck="false"
                    prop:value=move || inputs.weights.get()
                    on:input=move |ev| {
                        inputs.weights.set(event_target_value(&ev));
                        inputs.record_in_address();
                    } />
            </label>
        </div>
    }
}

/// The evidence text and the line saying how it was read.
#[component]
fn InputPanel(inputs: Inputs, analysis: Memo<Analysis>) -> impl IntoView {
    view! {
        <div class="calc-in">
            <label for="evidence-input" class="calc-label">"Evidence items, one per line"</label>
            <textarea id="evidence-input" class="calc-input" spellcheck="false" autocomplete="off"
                prop:value=move || inputs.text.get()
                on:input=move |ev| inputs.text.set(event_target_value(&ev))></textarea>
            <p class="calc-hint" id="out-format">
                {move || analysis.with(|a| format!("Read as {} · {} mode · live", a.format, a.mode()))}
            </p>
        </div>
    }
}

/// The weight field's error, then the analysis' errors, warnings and notes (at most 200).
#[component]
fn Diagnostics(
    analysis: Memo<Analysis>,
    request: Memo<(Request, Option<String>)>,
) -> impl IntoView {
    view! {
        <div id="evidence-errors" class="calc-diag">
            {move || request.with(|(_, e)| e.clone().map(|e| view! { <p class="error">{e}</p> }))}
            <div inner_html=move || analysis.with(|a| html::diagnostics(&a.diagnostics, 200))></div>
        </div>
    }
}

/// Copy report, copy share link, save pass, and the status line they report to.
#[component]
fn Actions(
    inputs: Inputs,
    analysis: Memo<Analysis>,
    status: RwSignal<String>,
    saved: RwSignal<Vec<passes::Pass>>,
) -> impl IntoView {
    let share_url = RwSignal::new(String::new());
    let copy_report = move |_| {
        copy_text(
            analysis.with(markdown),
            status,
            "Report copied as markdown.",
        )
    };
    let copy_link = move |_| {
        let settings = inputs.settings();
        let text = inputs.text.get_untracked();
        leptos::task::spawn_local(async move {
            let packed = match share::pack(&text).await {
                Ok(p) => p,
                Err(message) => return status.set(message),
            };
            let fragment = settings.encode(Some(&packed));
            if fragment.len() > share::MAX_FRAGMENT {
                status.set(format!(
                    "This input is too large for a link ({} characters, limit {}); copy the report instead.",
                    fragment.len(),
                    share::MAX_FRAGMENT
                ));
                return;
            }
            let base = web_sys::window()
                .and_then(|w| w.location().href().ok())
                .map(|h| h.split('#').next().unwrap_or_default().to_string())
                .unwrap_or_default();
            let url = format!("{base}#{fragment}");
            share_url.set(url.clone());
            copy_text(url, status, "Share link copied.");
        });
    };
    let save_pass = move |_| {
        let Some(h) = analysis.with(Analysis::headline) else {
            status.set("There is no score to save: fix the weights first.".into());
            return;
        };
        let mode = analysis.with(Analysis::mode);
        saved.update(|list| list.push(passes::Pass::new(h.score, h.confidence, mode)));
        saved.with_untracked(|list| passes::store(list));
        status.set("Pass saved in this browser.".into());
    };
    view! {
        <div class="calc-actions">
            <button type="button" id="copy-report" on:click=copy_report>"Copy report"</button>
            <button type="button" id="copy-link" on:click=copy_link>"Copy share link"</button>
            <button type="button" id="save-pass" on:click=save_pass>"Save pass"</button>
            <p class="calc-status" id="calc-status" role="status">{move || status.get()}</p>
            <a id="share-link" class:hidden=move || share_url.with(String::is_empty) href=move || share_url.get()>"The share link"</a>
        </div>
    }
}

/// The saved passes with the change from each to the next.
#[component]
fn Passes(saved: RwSignal<Vec<passes::Pass>>) -> impl IntoView {
    let forget = move |_| {
        saved.set(Vec::new());
        passes::store(&[]);
    };
    view! {
        <div class="calc-passes" id="passes" class:hidden=move || saved.with(Vec::is_empty)>
            <p class="calc-label">"Saved passes (this browser only)"</p>
            <ol inner_html=move || saved.with(|list| passes::list_items(list))></ol>
            <button type="button" on:click=forget>"Forget passes"</button>
        </div>
    }
}

/// Buttons that load an example input with its mode and preset: one listener on the group
/// reads the button's `data-example` index.
#[component]
fn Examples(inputs: Inputs, status: RwSignal<String>) -> impl IntoView {
    let load = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let chosen = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.get_attribute("data-example"))
            .and_then(|i| i.parse::<usize>().ok())
            .and_then(|i| examples::EXAMPLES.get(i));
        let Some(&(_, m, p, t)) = chosen else {
            return;
        };
        inputs.mode.set(Mode::from_name(m).unwrap_or_default());
        inputs.preset.set(Preset::from_name(p));
        inputs.weights.set(String::new());
        inputs.text.set(t.to_string());
        inputs.record_in_address();
        status.set(String::new());
    };
    let buttons: String = examples::EXAMPLES
        .iter()
        .enumerate()
        .map(|(i, e)| {
            format!(
                "<button type=\"button\" class=\"example\" data-example=\"{i}\">{}</button>",
                html::escape(e.0)
            )
        })
        .collect();
    view! {
        <div class="calc-examples" on:click=load>
            <p class="calc-label">"Load an example"</p>
            <div inner_html=buttons></div>
        </div>
    }
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
