//! The pairwise page's island: pasted judgments → the instruments crate's [`analyse`] →
//! position bias, swap consistency and the ranking as a plot of p with its interval, each
//! beside the advice that applies to it. It mounts into `#pairwise`, replacing the static
//! example. The results' markup and words come from the view crate
//! ([`view::pairwise::results`] in [`PAIRWISE`]'s words; its controls are in
//! [`PAIRWISE_LIVE`]'s, the site's; both compiled from `content/layout.toml`;
//! the static box shows the same markup), set with `inner_html`.

use crate::island_words::{PAIRWISE, PAIRWISE_LIVE};
use leptos::prelude::*;
use pickanumber_instruments::pairwise::analyse;
use pickanumber_result_view::{self as view};

use crate::island::{input_box, remember};
use crate::storage;

/// How to leave the box, after the counts in its hint: Tab types a tab in it. (Written here
/// until the island's words are declared with the rest of `[pairwise.live]`.)
pub const KEYS: &str = " · Tab types a tab; Shift+Tab, or Esc then Tab, leaves the box";

/// The localStorage key of the judgments typed.
pub const KEY: &str = "pickanumber.pairwise";

/// The pairwise island, starting from the judgments this browser kept ([`KEY`]), else from
/// `example` (the static box's judgments).
#[component]
pub fn PairwiseIsland(
    /// The judgments to start from.
    example: String,
) -> impl IntoView {
    let text = RwSignal::new(storage::get(KEY).unwrap_or_else(|| example.clone()));
    let refused = RwSignal::new(String::new());
    remember(KEY, move || text.get(), refused, PAIRWISE_LIVE.not_kept);
    let analysis = Memo::new(move |_| text.with(|t| analyse(t)));
    view! {
        <div class="isl-body">
            <div class="isl-bar">
                <span class="calc-label">{PAIRWISE_LIVE.format}</span>
                <span class="isl-examples">
                    <button type="button" on:click=move |_| text.set(example.clone())>{PAIRWISE_LIVE.example}</button>
                    <button type="button" on:click=move |_| text.set(String::new())>{PAIRWISE_LIVE.clear}</button>
                </span>
            </div>
            {input_box("pairwise-input", PAIRWISE_LIVE.input, text,
                move |t| text.set(t),
                move || refused.with(|r| if r.is_empty() {
                    analysis.with(|a| view::plain(PAIRWISE_LIVE.counts, &[
                        ("judgments", &format!("{}", a.judgments)),
                        ("items", &format!("{}", a.items.len())),
                        ("errors", &format!("{}", a.errors.len())),
                    ])) + KEYS
                } else {
                    r.clone()
                }), true)}
            <div class="isl-results" role="region" tabindex="0" aria-live="polite" aria-label=PAIRWISE_LIVE.results
                inner_html=move || analysis.with(|a| view::pairwise::results(a, &PAIRWISE))></div>
        </div>
    }
}
