//! Entry point: find `#calculator`, take the starting state (a share link's fragment, else the
//! static example), replace the example with the live app, and mark the element `data-ready`.

use leptos::prelude::*;
use pickanumber_calculator::{share, Calculator};
use wasm_bindgen::JsCast;

fn main() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let Some(root) = document.get_element_by_id("calculator") else {
        return;
    };
    let example = root
        .query_selector("textarea")
        .ok()
        .flatten()
        .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        .map(|t| t.value())
        .unwrap_or_default();
    let fragment = window.location().hash().unwrap_or_default();
    let (state, notice) = match share::State::decode(&fragment) {
        Ok(Some(s)) => (s, None),
        Ok(None) => (share::State::default(), None),
        Err(message) => (share::State::default(), Some(message)),
    };
    let from_link = state.text.is_some();
    let state = share::State {
        text: Some(state.text.clone().unwrap_or(example)),
        ..state
    };
    let Ok(root) = root.dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    root.set_inner_html("");
    let notice = notice.or_else(|| from_link.then(|| "Restored from the link.".to_string()));
    leptos::mount::mount_to(root.clone(), move || {
        view! { <Calculator initial=state.clone() notice=notice.clone().unwrap_or_default() /> }
    })
    .forget();
    let _ = root.set_attribute("data-ready", "");
    if from_link {
        root.scroll_into_view();
    }
}
