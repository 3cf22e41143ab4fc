//! The calculator's entry point: find `#calculator`, take the starting state (a share link's
//! fragment, its input unpacked by the browser, else the static example), replace the static
//! box with the live app and mark the root `data-ready`. The probe and pairwise islands have
//! their own wasm (`src/bin/pickanumber-instruments.rs`), so this page loads none of their code.

use leptos::prelude::*;
use pickanumber_islands::example_of;
use pickanumber_islands::{share, state, Calculator};
use wasm_bindgen::JsCast;

fn main() {
    wasm_bindgen_futures::spawn_local(start());
}

async fn start() {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("calculator"))
    else {
        return;
    };
    start_calculator(root).await;
}

async fn start_calculator(root: web_sys::Element) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let example = example_of(&root);
    let fragment = window.location().hash().unwrap_or_default();
    let mut kept = None;
    let (mut state, mut notice) = match share::Fragment::read(&fragment) {
        Ok(Some(f)) => match f.packed {
            Some(packed) => match share::unpack(&packed).await {
                Ok(text) => (
                    share::State {
                        text: Some(text),
                        ..f.state
                    },
                    Some(
                        pickanumber_islands::island_words::CALCULATOR_LIVE
                            .restored
                            .to_string(),
                    ),
                ),
                Err(message) => (share::State::default(), Some(message)),
            },
            // An address with settings and no text: the text was too large for it and is
            // kept in this browser's storage, if anywhere.
            None => {
                let text = state::draft::kept();
                let words = &pickanumber_islands::island_words::CALCULATOR_LIVE;
                kept = text.as_ref().map(|_| words.from_storage.to_string());
                (share::State { text, ..f.state }, None)
            }
        },
        Ok(None) => (share::State::default(), None),
        Err(message) => (share::State::default(), Some(message)),
    };
    let from_link = state.text.is_some();
    if !from_link {
        state.text = Some(example);
    }
    let Ok(root) = root.dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    root.set_inner_html("");
    let notice = notice.take().unwrap_or_default();
    leptos::mount::mount_to(root.clone(), move || {
        view! { <Calculator initial=state.clone() notice=notice.clone() kept=kept.clone().unwrap_or_default() /> }
    })
    .forget();
    let _ = root.set_attribute("data-ready", "");
    if from_link {
        root.scroll_into_view();
    }
}
