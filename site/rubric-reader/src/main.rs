//! The export of the setup page's on-demand module (see the library's documentation): one
//! function, [`answer`], called by the setup island through the glue the boot module imports
//! on first use. `main` does nothing: the module has no page of its own.

#[cfg(target_family = "wasm")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

/// Reads the `text` field of `ask` (a plain object, as the calculator's on-demand module takes
/// its questions) as a rubric file: `[json, errors]`, see
/// [`pickanumber_rubric_reader::rubric_as_json`].
#[wasm_bindgen]
pub fn answer(ask: JsValue) -> Vec<String> {
    let text = js_sys::Reflect::get(&ask, &"text".into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    pickanumber_rubric_reader::rubric_as_json(&text).into()
}

fn main() {}
