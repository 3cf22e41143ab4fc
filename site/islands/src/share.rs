//! Share links in the browser: the format (the check, the escapes, the parts, the size limits
//! and the typed read of the settings) is the crate `pickanumber-share-link`'s, re-exported
//! here; what stays is the packing of the input, which the browser's own
//! `CompressionStream("deflate-raw")` does through the page's boot module ([`pack`] and
//! [`unpack`]), so the wasm carries no compressor.

pub use pickanumber_share_link::{Fragment, State, MAX_FRAGMENT, MAX_TEXT};

/// Why packed data could not be unpacked, from the boot module's code.
fn unpack_error(code: &str) -> String {
    match code {
        "base64" => "the link's data is not valid base64url; it was ignored",
        "utf8" => "the link's data is not UTF-8 text; it was ignored",
        _ => "the link's data does not decompress (or is too large); it was ignored",
    }
    .to_string()
}

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
        .map_err(|code| unpack_error(&code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_boot_modules_failures_are_named() {
        assert_eq!(
            unpack_error("utf8"),
            "the link's data is not UTF-8 text; it was ignored"
        );
        assert_eq!(
            unpack_error("inflate"),
            "the link's data does not decompress (or is too large); it was ignored"
        );
    }

    #[test]
    fn a_link_the_site_writes_opens_with_its_check() {
        // The fragment the site generator writes for the items `+3 a` (its unit test in
        // site/render/src/share.rs pins the same text), read as a visitor's click reads it.
        let f = Fragment::read("#check=04905503&d=0zZWSAQA")
            .unwrap()
            .unwrap();
        assert_eq!(f.packed.as_deref(), Some("0zZWSAQA"));
        assert_eq!(f.state, State::default());
    }
}
