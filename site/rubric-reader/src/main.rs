//! The export of the setup page's on-demand module (see the library's documentation): one
//! function, [`answer`], called by the setup island through the glue the boot module imports
//! on first use. `main` does nothing: the module has no page of its own.

#[cfg(target_family = "wasm")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

/// Reads the `text` field of `ask` (a plain object, as the calculator's on-demand module takes
/// its questions) as a rubric file: a plain object of the named fields of
/// [`pickanumber_rubric_reader::Answer`] (`json`, or `errors`).
#[wasm_bindgen]
pub fn answer(ask: JsValue) -> JsValue {
    let text = js_sys::Reflect::get(&ask, &"text".into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    let o = js_sys::Object::new();
    for (name, value) in pickanumber_rubric_reader::rubric_as_json(&text).fields() {
        let _ = js_sys::Reflect::set(&o, &name.into(), &value.into());
    }
    o.into()
}

fn main() {}
