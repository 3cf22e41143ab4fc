//! Entry point: one wasm build for every island. It mounts whichever root the page has:
//! `#calculator` (the starting state is a share link's fragment, its input unpacked by the
//! browser, else the static example), `#probe` or `#pairwise` (each starts from its static
//! example). The island replaces the static box and marks its root `data-ready`.

use leptos::prelude::*;
use pickanumber_calculator::pairwise::PairwiseIsland;
use pickanumber_calculator::probe::ProbeIsland;
use pickanumber_calculator::{share, Calculator};
use wasm_bindgen::JsCast;

fn main() {
    wasm_bindgen_futures::spawn_local(start());
}

/// The text of the first textarea under `root`: the static box's example.
fn example_of(root: &web_sys::Element) -> String {
    root.query_selector("textarea")
        .ok()
        .flatten()
        .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        .map(|t| t.value())
        .unwrap_or_default()
}

async fn start() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(root) = document.get_element_by_id("calculator") {
        start_calculator(root).await;
        return;
    }
    for id in ["probe", "pairwise"] {
        let Some(root) = document.get_element_by_id(id) else {
            continue;
        };
        let example = example_of(&root);
        let Ok(root) = root.dyn_into::<web_sys::HtmlElement>() else {
            return;
        };
        root.set_inner_html("");
        if id == "probe" {
            leptos::mount::mount_to(root.clone(), move || {
                view! { <ProbeIsland example=example.clone() /> }
            })
            .forget();
        } else {
            leptos::mount::mount_to(root.clone(), move || {
                view! { <PairwiseIsland example=example.clone() /> }
            })
            .forget();
        }
        let _ = root.set_attribute("data-ready", "");
        return;
    }
}

async fn start_calculator(root: web_sys::Element) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let example = example_of(&root);
    let fragment = window.location().hash().unwrap_or_default();
    let (mut state, mut notice) = match share::Fragment::read(&fragment) {
        Ok(Some(f)) => match f.packed {
            Some(packed) => match share::unpack(&packed).await {
                Ok(text) => (
                    share::State {
                        text: Some(text),
                        ..f.state
                    },
                    Some("Restored from the link.".to_string()),
                ),
                Err(message) => (share::State::default(), Some(message)),
            },
            None => (f.state, None),
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
        view! { <Calculator initial=state.clone() notice=notice.clone() /> }
    })
    .forget();
    let _ = root.set_attribute("data-ready", "");
    if from_link {
        root.scroll_into_view();
    }
}
