//! Entry point: find `#calculator`, take its static example as the starting input, replace it
//! with the live app, and mark the element `data-ready`.

use leptos::prelude::*;
use pickanumber_calculator::Calculator;
use wasm_bindgen::JsCast;

fn main() {
    console_error_panic_hook_free();
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(root) = document.get_element_by_id("calculator") else {
        return;
    };
    // The static example's textarea holds the starting input.
    let initial = root
        .query_selector("textarea")
        .ok()
        .flatten()
        .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        .map(|t| t.value())
        .unwrap_or_default();
    let Ok(root) = root.dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    root.set_inner_html("");
    leptos::mount::mount_to(
        root.clone(),
        move || view! { <Calculator initial=initial.clone() /> },
    )
    .forget();
    let _ = root.set_attribute("data-ready", "");
}

/// The release build aborts on panic; nothing to hook. Kept as a named step for clarity.
fn console_error_panic_hook_free() {}
