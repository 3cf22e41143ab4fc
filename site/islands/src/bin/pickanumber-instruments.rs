//! The instruments' entry point: one wasm for the `/probe/` and `/pairwise/` pages, apart from
//! the calculator's so neither page type loads the other's code. It mounts whichever root the
//! page has (`#probe` or `#pairwise`), starting from its static example, in place of the static
//! box, and marks the root `data-ready`.

use leptos::prelude::*;
use pickanumber_islands::example_of;
use pickanumber_islands::pairwise::PairwiseIsland;
use pickanumber_islands::probe::ProbeIsland;
use wasm_bindgen::JsCast;

fn main() {
    wasm_bindgen_futures::spawn_local(start());
}

async fn start() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
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
