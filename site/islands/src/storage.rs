//! This browser's localStorage, by key: what the islands keep across a reload (the calculator's
//! input a link could not carry, its judged work, the saved passes, the probe's and pairwise's
//! work, the setup page's form). Any write may be refused (no storage, or over its quota); the
//! caller says so on the page.

/// How long the visitor must pause before what is on screen is recorded (in the address, or
/// in storage).
pub const RECORD_PAUSE: std::time::Duration = std::time::Duration::from_millis(400);

/// This browser's localStorage, if it offers one.
pub fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// What is kept under `key`, if anything.
pub fn get(key: &str) -> Option<String> {
    local()?.get_item(key).ok().flatten()
}

/// Keeps `text` under `key` (empty removes the key); false when the browser refuses.
pub fn set(key: &str, text: &str) -> bool {
    local().is_some_and(|s| {
        if text.is_empty() {
            s.remove_item(key).is_ok()
        } else {
            s.set_item(key, text).is_ok()
        }
    })
}
