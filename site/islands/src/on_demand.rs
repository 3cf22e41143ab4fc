//! The calculator's second module (the crate `site/calculator-on-demand`), loaded on first use: several
//! judges' passes and evidence checked against a judged work, which the calculator's own wasm
//! leaves out for its byte budget.
//!
//! Data flow: the input or the judged work changes → [`has_passes`] (a scan for a `## Pass:`
//! heading, the one rule of the formula crate's `combine`) or a work that is not blank → the
//! boot module's `globalThis.pickanumberOnDemand()` imports the module once → its one export,
//! `answer`, turns the [`ask`] object (the question, the text, the work and the settings) into
//! an object of named fields (`diagnostics` and `panel` markup, read by [`field`]) →
//! [`View::Ready`], which the calculator shows in place of its
//! own. Inputs without a heading and without a work never reach this module, so their
//! keystrokes cost one scan of the text more than before.

use crate::state::Inputs;
use leptos::prelude::*;
use pickanumber_score::Preset;
use wasm_bindgen::{JsCast, JsValue};

/// What the results show for an input with passes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum View {
    /// The input has no `## Pass:` heading: the calculator's own view.
    Off,
    /// The module is being fetched.
    Loading,
    /// The module's markup: diagnostics, then the panel.
    Ready(String, String),
    /// The module could not be loaded or called: why.
    Failed(String),
}

/// Whether a line of `text` is a `## Pass:` heading (`pass` in any case), as the formula
/// crate's `combine` splits passes.
pub fn has_passes(text: &str) -> bool {
    pickanumber_score::has_pass_headings(text)
}

/// What the calculator asks the second module (the module's own list is its `ask::Action`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// The markup of several passes, or of items checked against a work.
    View,
    /// The markdown report.
    Report,
    /// The saved passes' list.
    Saved,
    /// Save the input as a pass of this judge.
    Save(String),
    /// Put the saved pass at this index (a `data-reopen` value) back in the input.
    Reopen(String),
    /// Put every saved pass in the input.
    Gather,
    /// Add the passes of the judge store document in the input.
    Import,
}

impl Question {
    /// The name the module reads in the `action` field.
    fn name(&self) -> &'static str {
        match self {
            Question::View => "view",
            Question::Report => "report",
            Question::Saved => "saved",
            Question::Save(_) => "save",
            Question::Reopen(_) => "reopen",
            Question::Gather => "gather",
            Question::Import => "import",
        }
    }
}

/// The one argument of the module's `answer`: a plain object holding the question, the
/// calculator's input, judged work and settings (read from the signals, so an effect that asks
/// follows them), and the judge or index a question carries; the judge store adds the saved
/// passes to the questions about them ([`crate::judge_store::run`]).
pub fn ask(question: &Question, inputs: Inputs) -> JsValue {
    let o = js_sys::Object::new();
    let set = |key: &str, value: &str| {
        let _ = js_sys::Reflect::set(&o, &key.into(), &value.into());
    };
    set("action", question.name());
    set("text", &inputs.text.get());
    set("work", &inputs.work.get());
    set("mode", inputs.mode.get().name());
    set("preset", inputs.preset.get().map_or("", Preset::name));
    set("weights", &inputs.weights.get());
    set("denominator", &inputs.den.get());
    set("scale", &inputs.scale.get());
    match question {
        Question::Save(judge) => set("judge", judge),
        Question::Reopen(index) => set("index", index),
        _ => {}
    }
    o.into()
}

/// Follows the calculator's inputs: while the text has passes or a judged work is given, the
/// module's view of them, kept in the returned signal.
pub fn watch(inputs: Inputs) -> RwSignal<View> {
    let view = RwSignal::new(View::Off);
    // Each request is numbered so a slow first load cannot overwrite a later answer.
    let latest = std::rc::Rc::new(std::cell::Cell::new(0u32));
    // Whether the view is `Off`, kept beside it so a keystroke without passes reads no signal.
    let off = std::cell::Cell::new(true);
    // A render effect (the kind every reactive part of the view already is) rather than an
    // `Effect`, so no second kind of effect is compiled in; it lives as long as the page.
    let effect = RenderEffect::new(move |_| {
        let needed =
            inputs.text.with(|t| has_passes(t)) || inputs.work.with(|w| !w.trim().is_empty());
        if !needed {
            // Only a change notifies: a keystroke without passes re-renders nothing more.
            if !off.replace(true) {
                view.set(View::Off);
            }
            return;
        }
        let asked = ask(&Question::View, inputs);
        off.set(false);
        let n = latest.get() + 1;
        latest.set(n);
        let latest = latest.clone();
        if !matches!(view.get_untracked(), View::Ready(..)) {
            view.set(View::Loading);
        }
        leptos::task::spawn_local(async move {
            let shown = match call(asked).await {
                Ok(v) => match (field(&v, "diagnostics"), field(&v, "panel")) {
                    (Some(d), Some(p)) => View::Ready(d, p),
                    _ => View::Failed("no markup".into()),
                },
                Err(why) => View::Failed(why),
            };
            if latest.get() == n {
                view.set(shown);
            }
        });
    });
    std::mem::forget(effect);
    view
}

/// Calls the module's `answer` with `asked` (see [`ask`]), loading the module first if needed:
/// its answer is an object of named fields ([`field`]).
///
/// # Errors
/// Why the module could not be loaded or did not answer.
pub async fn call(asked: JsValue) -> Result<JsValue, String> {
    call_module("pickanumberOnDemand", asked).await
}

/// The text of the answer's field `name` (the module's `ask::Answer` names them), `None`
/// when the answer has no such text.
pub fn field(answer: &JsValue, name: &str) -> Option<String> {
    js_sys::Reflect::get(answer, &name.into())
        .ok()
        .and_then(|v| v.as_string())
}

/// Calls the `answer` export of the module that the boot module's `loader` (a global function)
/// imports, loading it first if needed: the calculator's second module, or the setup page's
/// rubric reader (`pickanumberRubricReader`).
///
/// # Errors
/// Why the module could not be loaded or did not answer.
pub async fn call_module(loader: &str, asked: JsValue) -> Result<JsValue, String> {
    let global = js_sys::global();
    let load: js_sys::Function = js_sys::Reflect::get(&global, &loader.into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or("no boot module")?;
    let promise: js_sys::Promise = load
        .call0(&global)
        .ok()
        .and_then(|p| p.dyn_into().ok())
        .ok_or("no download")?;
    let module = wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|e| {
            e.as_string()
                .unwrap_or_else(|| "the download failed".into())
        })?;
    let f: js_sys::Function = js_sys::Reflect::get(&module, &"answer".into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or("an older version: reload the page")?;
    f.call1(&JsValue::NULL, &asked)
        .map_err(|e| e.as_string().unwrap_or_else(|| "it stopped".into()))
}

/// The panel markup of a view that is not [`View::Ready`]: the loading line or the failure.
pub fn placeholder(view: &View) -> String {
    match view {
        View::Loading => "<p class=\"calc-loading\" id=\"out-loading\">Loading the second module…</p>".into(),
        View::Failed(why) => format!(
            "<p class=\"error\" id=\"out-second-error\">The second module failed ({}): nothing is scored.</p>",
            pickanumber_result_view::escape(why)
        ),
        _ => String::new(),
    }
}
