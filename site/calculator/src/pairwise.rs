//! The pairwise page's island: pasted judgments → the instruments crate's [`analyse`] →
//! position bias, swap consistency and the ranking as a plot of p with its interval, each
//! beside the advice that applies to it. It mounts into `#pairwise`, replacing the static
//! example. The results' markup comes from [`html::pairwise_results`], set with `inner_html`.

use leptos::prelude::*;
use pickanumber_instruments::html;
use pickanumber_instruments::pairwise::analyse;

use crate::island::input_box;

/// The pairwise island, starting from `example` (the static box's judgments).
#[component]
pub fn PairwiseIsland(
    /// The judgments to start from.
    example: String,
) -> impl IntoView {
    let text = RwSignal::new(example.clone());
    let analysis = Memo::new(move |_| text.with(|t| analyse(t)));
    view! {
        <div class="isl-body">
            <div class="isl-bar">
                <span class="calc-label">"One judgment per line: first, second, verdict (A, B or NEITHER)"</span>
                <span class="isl-examples">
                    <button type="button" on:click=move |_| text.set(example.clone())>"Synthetic example"</button>
                    <button type="button" on:click=move |_| text.set(String::new())>"Clear"</button>
                </span>
            </div>
            {input_box("pairwise-input", "Judgments: first<TAB>second<TAB>verdict, or JSON lines", text,
                move |t| text.set(t),
                move || analysis.with(|a| format!(
                    "{} judgments · {} items · {} errors · live", a.judgments, a.items.len(), a.errors.len()
                )))}
            <div class="isl-results" role="region" tabindex="0" aria-live="polite" aria-label="Pairwise results"
                inner_html=move || analysis.with(html::pairwise_results)></div>
        </div>
    }
}
