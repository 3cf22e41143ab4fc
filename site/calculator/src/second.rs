//! The calculator's second module (the crate `site/passes`), loaded on first use: several
//! judges' passes, which the calculator's own wasm leaves out for its byte budget.
//!
//! Data flow: the input changes → [`has_passes`] (a scan for a `## Pass:` heading, the one
//! rule of the formula crate's `combine`) → if it has one, the boot module's
//! `globalThis.pickanumberPasses()` imports the module once → its `combined` export turns the
//! text and the settings into `[diagnostics, panel]` markup → [`View::Ready`], which the
//! calculator shows in place of its own. Inputs without a heading never reach this module,
//! so their keystrokes cost one scan of the text more than before.

use leptos::prelude::*;
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

/// Follows `args` (the text, then mode, preset, weights, denominator and scale, as the
/// module's `combined` takes them): the view of the passes, kept in the returned signal.
pub fn watch(args: impl Fn() -> Option<Vec<String>> + 'static) -> RwSignal<View> {
    let view = RwSignal::new(View::Off);
    // Each request is numbered so a slow first load cannot overwrite a later answer.
    let latest = std::rc::Rc::new(std::cell::Cell::new(0u32));
    // Whether the view is `Off`, kept beside it so a keystroke without passes reads no signal.
    let off = std::cell::Cell::new(true);
    Effect::new(move |_| {
        let Some(args) = args() else {
            // Only a change notifies: a keystroke without passes re-renders nothing more.
            if !off.replace(true) {
                view.set(View::Off);
            }
            return;
        };
        off.set(false);
        let n = latest.get() + 1;
        latest.set(n);
        let latest = latest.clone();
        if !matches!(view.get_untracked(), View::Ready(..)) {
            view.set(View::Loading);
        }
        leptos::task::spawn_local(async move {
            let shown = match call("combined", &args).await {
                Ok(v) => markup(&v),
                Err(why) => View::Failed(why),
            };
            if latest.get() == n {
                view.set(shown);
            }
        });
    });
    view
}

/// The module's `[diagnostics, panel]` as a view.
fn markup(v: &JsValue) -> View {
    let array: js_sys::Array = v.clone().unchecked_into();
    match (array.get(0).as_string(), array.get(1).as_string()) {
        (Some(d), Some(p)) => View::Ready(d, p),
        _ => View::Failed("no markup".into()),
    }
}

/// Calls the module's export `name` with `args`, loading the module first if needed.
///
/// # Errors
/// Why the module could not be loaded or called.
pub async fn call(name: &str, args: &[String]) -> Result<JsValue, String> {
    let global = js_sys::global();
    let load: js_sys::Function = js_sys::Reflect::get(&global, &"pickanumberPasses".into())
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
    let f: js_sys::Function = js_sys::Reflect::get(&module, &name.into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or("an older version: reload the page")?;
    let list: js_sys::Array = args.iter().map(|a| JsValue::from_str(a)).collect();
    f.apply(&JsValue::NULL, &list)
        .map_err(|_| "it stopped".to_string())
}

/// The panel markup of a view that is not [`View::Ready`]: the loading line or the failure.
pub fn placeholder(view: &View) -> String {
    match view {
        View::Loading => "<p class=\"calc-loading\" id=\"out-loading\">Loading the passes module…</p>".into(),
        View::Failed(why) => format!(
            "<p class=\"error\" id=\"out-passes-error\">The passes module failed ({}): nothing is scored.</p>",
            pickanumber_view::escape(why)
        ),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_heading_is_found_as_the_formula_crate_splits() {
        assert!(has_passes("intro\n## Pass: claude\n+3 a"));
        assert!(has_passes("  ##pass:x"));
        assert!(has_passes("## PASS: x"));
        assert!(!has_passes("+3 a\n## Passing grade\n# Pass: x"));
        assert!(!has_passes("## Pas"));
        assert!(!has_passes(""));
    }
}
