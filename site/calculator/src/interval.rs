//! The bootstrap interval beside the confidence, for a single list. The calculator's own wasm
//! leaves the interval out for its byte budget, so the formula crate's panel shows the cell as
//! [`html::INTERVAL_PENDING`] ("computing…", no number) and this module fills it in.
//!
//! Data flow: the analysis changes → [`follow`] waits until the input has rested for [`REST`]
//! → if the input is still the same single list with a headline, the second module
//! (`site/passes`, loaded on first use by [`crate::second::call`]) computes the interval of
//! that text under the same settings with the formula crate's `combine` feature, as
//! `pickanumber score` does → if the input is still the same, the ends replace the pending
//! text of `#out-interval`. Any later change of the analysis renders the panel again, pending.
//! At start, the static box's interval (computed at build time for the same example under the
//! default settings) is shown at once, so reading the page loads no second module.

use std::time::Duration;

use leptos::prelude::*;
use pickanumber_score::Analysis;

/// How long the input must rest before the interval is computed: typing never waits for it.
pub const REST: Duration = Duration::from_millis(250);

/// After each change of `scored`, computes the interval of the input `args` give (the text,
/// then mode, preset, weights, denominator and scale: the second module's arguments) once the
/// input rests, and shows it; `known` is the static box's interval for the starting input.
pub fn follow(
    scored: Memo<(Analysis, Option<String>)>,
    args: impl Fn() -> Vec<String> + 'static,
    known: Option<String>,
) {
    // Each analysis is numbered: an answer is shown only for the latest one.
    let latest = std::rc::Rc::new(std::cell::Cell::new(0u32));
    let args = std::rc::Rc::new(args);
    Effect::new(move |first: Option<()>| {
        let headline = scored.with(|(a, _)| a.headline().is_some());
        let n = latest.get() + 1;
        latest.set(n);
        if first.is_none() {
            if let Some(ends) = &known {
                return show(ends);
            }
        }
        let (latest, args) = (latest.clone(), args.clone());
        set_timeout(
            move || {
                let args = args();
                if latest.get() != n || !headline || crate::second::has_passes(&args[0]) {
                    return;
                }
                leptos::task::spawn_local(async move {
                    let ends = crate::second::call("interval", &args).await;
                    if latest.get() == n {
                        // An input the module could not score shows no number.
                        show(&ends.ok().and_then(|v| v.as_string()).unwrap_or("—".into()));
                    }
                });
            },
            REST,
        );
    });
}

/// Puts `ends` in the pending `#out-interval` (nothing when there is none, or no ends).
fn show(ends: &str) {
    let cell = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("out-interval"));
    if let Some(cell) = cell.filter(|_| !ends.is_empty()) {
        cell.set_text_content(Some(ends));
        let _ = cell.remove_attribute("aria-busy");
        let _ = cell.remove_attribute("class");
    }
}
