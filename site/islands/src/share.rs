//! Share links in the browser: the format (the check, the escapes, the parts, the size limits
//! and the typed read of the settings) is the crate `pickanumber-share-link`'s, re-exported
//! here; what stays is the packing of the input, which the browser's own
//! `CompressionStream("deflate-raw")` does through the page's boot module ([`pack`] and
//! [`unpack`]), so the wasm carries no compressor.

pub use pickanumber_share_link::{unpack_failure, Fragment, State, MAX_FRAGMENT, MAX_TEXT};

mod browser {
    //! Calls into the boot module's `globalThis.pickanumberShare.{pack, unpack}`.
    use wasm_bindgen::{JsCast, JsValue};

    pub async fn call(name: &str, arg: &str) -> Result<String, String> {
        let global = js_sys::global();
        let share = js_sys::Reflect::get(&global, &JsValue::from_str("pickanumberShare"))
            .map_err(|_| "missing".to_string())?;
        let f: js_sys::Function = js_sys::Reflect::get(&share, &JsValue::from_str(name))
            .ok()
            .and_then(|f| f.dyn_into().ok())
            .ok_or_else(|| "missing".to_string())?;
        let promise: js_sys::Promise = f
            .call1(&share, &JsValue::from_str(arg))
            .ok()
            .and_then(|p| p.dyn_into().ok())
            .ok_or_else(|| "missing".to_string())?;
        match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(v) => v.as_string().ok_or_else(|| "missing".to_string()),
            Err(e) => Err(e.as_string().unwrap_or_default()),
        }
    }
}

/// The input raw-deflated and base64url-encoded by the browser.
///
/// # Errors
/// A message when the browser cannot compress (no `CompressionStream`).
pub async fn pack(text: &str) -> Result<String, String> {
    browser::call("pack", text)
        .await
        .map_err(|_| "this browser cannot compress the link; copy the report instead".to_string())
}

/// The input a link's `d` parameter holds, inflated by the browser (at most [`MAX_TEXT`]
/// bytes).
///
/// # Errors
/// The message for data that is not base64url, does not inflate, is too large, or is not
/// UTF-8 text.
pub async fn unpack(packed: &str) -> Result<String, String> {
    browser::call("unpack", packed)
        .await
        .map_err(|code| unpack_failure(&code).to_string())
}
