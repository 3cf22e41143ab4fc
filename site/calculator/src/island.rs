//! What the probe and pairwise islands share: the input box under their bar.

use leptos::prelude::*;

/// The labelled textarea `id` showing `text`, which hands each edit to `edited`, and the `hint`
/// line under it (what was read, or a note).
pub(crate) fn input_box(
    id: &'static str,
    label: &'static str,
    text: RwSignal<String>,
    edited: impl Fn(String) + 'static,
    hint: impl Fn() -> String + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <div class="isl-in">
            <label for=id class="calc-label">{label}</label>
            <textarea id=id class="calc-input" spellcheck="false" autocomplete="off"
                prop:value=move || text.get()
                on:input=move |ev| edited(event_target_value(&ev))></textarea>
            <p class="calc-hint">{hint}</p>
        </div>
    }
}
