//! The exports of the calculator's second module (see the library's documentation): each a
//! function of text to text, called by the calculator through the glue the boot module
//! imports on first use. `main` does nothing: the module has no page of its own.

#[cfg(target_family = "wasm")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

use pickanumber_passes::{view, Settings};
use wasm_bindgen::prelude::wasm_bindgen;

/// The markup of several passes (`[diagnostics, panel]`, see [`view`]) for the calculator's
/// text and the five fields of its controls, in the order of [`Settings`].
#[wasm_bindgen]
pub fn combined(
    text: &str,
    mode: &str,
    preset: &str,
    weights: &str,
    denominator: &str,
    scale: &str,
) -> Vec<String> {
    let settings = Settings {
        mode,
        preset,
        weights,
        denominator,
        scale,
    };
    view(text, &settings).into()
}

fn main() {}
