//! The pairwise page's island: pasted judgments → the instruments crate's [`analyse`] →
//! position bias, swap consistency and the ranking as a plot of p with its interval, each
//! beside the advice that applies to it. It mounts into `#pairwise`, replacing the static
//! example.

use leptos::prelude::*;
use pickanumber_instruments::numbers::{percent, short};
use pickanumber_instruments::pairwise::{analyse, Pairwise, ADVICE};
use pickanumber_score::display::trim_number;

fn advice(key: &str) -> &'static str {
    ADVICE
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, text)| text)
}

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
            <div class="isl-in">
                <label for="pairwise-input" class="calc-label">"Judgments: first<TAB>second<TAB>verdict, or JSON lines"</label>
                <textarea id="pairwise-input" class="calc-input" spellcheck="false" autocomplete="off"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))></textarea>
                <p class="calc-hint">{move || analysis.with(|a| format!(
                    "{} judgments · {} items · {} errors · live", a.judgments, a.items.len(), a.errors.len()
                ))}</p>
            </div>
            <div class="isl-results" role="region" tabindex="0" aria-live="polite" aria-label="Pairwise results">
                {move || analysis.with(results)}
            </div>
        </div>
    }
}

fn results(a: &Pairwise) -> AnyView {
    let b = &a.position_bias;
    let first_share = b.share.map_or("—".to_string(), |_| {
        percent(b.first_wins as usize, b.decided as usize)
    });
    let bias_detail = match b.p_value {
        Some(p) => format!(
            "{} of {} decided verdicts went to the item shown first; two-sided binomial p = {} against 50 %.",
            b.first_wins,
            b.decided,
            short(p)
        ),
        None => "No decided verdict yet.".to_string(),
    };
    let s = &a.swap;
    let consistent_share = s.share.map_or("—".to_string(), |_| {
        percent(s.consistent, s.pairs_both_orders)
    });
    let swap_detail = if s.pairs_both_orders == 0 {
        "No pair was judged in both orders.".to_string()
    } else {
        let mut d = format!(
            "{} of {} pairs judged in both orders kept the same real winner.",
            s.consistent, s.pairs_both_orders
        );
        if !s.inconsistent_pairs.is_empty() {
            let pairs: Vec<String> = s
                .inconsistent_pairs
                .iter()
                .map(|(x, y)| format!("{x} / {y}"))
                .collect();
            d.push_str(&format!(" Flipped with the order: {}.", pairs.join(", ")));
        }
        d
    };
    let rows = a
        .items
        .iter()
        .map(|item| {
            let (lo, hi) = item.interval();
            let again = item.judge_again();
            // Plot coordinates as text from the formula crate (an f64 attribute would pull the
            // standard float formatter into the wasm).
            let at = |x: f64| trim_number(x * 100.0);
            view! {
                <tr data-item=item.name.clone() data-alpha=short(item.alpha())
                    data-beta=short(item.beta()) data-width=short(item.width())
                    class:judge-again=again>
                    <th scope="row">{item.name.clone()}</th>
                    <td class="mono">{format!("{} / {}", short(item.alpha()), short(item.beta()))}</td>
                    <td class="mono">{short(item.p())}</td>
                    <td class="isl-plot-cell">
                        <svg viewBox="0 0 100 10" preserveAspectRatio="none" class="isl-interval" role="img"
                            aria-label=format!("p {}, interval {} to {}", short(item.p()), short(lo), short(hi))>
                            <line class="axis" x1="0" y1="5" x2="100" y2="5" vector-effect="non-scaling-stroke"></line>
                            <line class="mid" x1="50" y1="0" x2="50" y2="10" vector-effect="non-scaling-stroke"></line>
                            <line class="span" x1=at(lo) y1="5" x2=at(hi) y2="5" vector-effect="non-scaling-stroke"></line>
                            <line class="dot" x1=at(item.p()) y1="0" x2=at(item.p()) y2="10" vector-effect="non-scaling-stroke"></line>
                        </svg>
                    </td>
                    <td class="mono">{short(item.width())}{if again { " · judge again" } else { "" }}</td>
                </tr>
            }
        })
        .collect_view();
    let errors: Vec<String> = a.errors.iter().map(ToString::to_string).collect();
    view! {
        <div id="pairwise-errors" class="calc-diag">
            {(!errors.is_empty()).then(|| view! {
                <ul class="diagnostics">{errors.into_iter().map(|e| view! { <li class="error">{e}</li> }).collect_view()}</ul>
            })}
        </div>
        <div class="isl-pair">
            <dl class="isl-dl"><div class="calc-cell calc-final"><dt>"First-shown wins"</dt><dd id="pairwise-first-share">{first_share}</dd></div></dl>
            <p class="isl-detail">{bias_detail}</p>
            <p class="isl-advice"><strong>"Position: "</strong>{advice("position")}</p>
        </div>
        <div class="isl-pair">
            <dl class="isl-dl"><div class="calc-cell calc-final"><dt>"Swap-consistent pairs"</dt><dd id="pairwise-consistent-share">{consistent_share}</dd></div></dl>
            <p class="isl-detail">{swap_detail}</p>
            <p class="isl-advice"><strong>"Swap: "</strong>{advice("swap")}</p>
        </div>
        <h2 class="isl-h">"Ranking by posterior mean p, with its interval"</h2>
        <table class="isl-table isl-ranking">
            <thead><tr><th scope="col">"Item"</th><th scope="col">"α / β"</th><th scope="col">"p"</th>
                <th scope="col">"p ± width / 2 (0 to 1)"</th><th scope="col">"Width"</th></tr></thead>
            <tbody id="pairwise-items">{rows}</tbody>
        </table>
        <p class="isl-detail">"Each item starts from Beta(1, 1); a win adds 0.5 to α, a loss 0.5 to β, NEITHER nothing. Judge again where the width is still 0.3 or more."</p>
        <p class="isl-advice"><strong>"Length: "</strong>{advice("length")}</p>
        <p class="isl-advice"><strong>"Self-preference: "</strong>{advice("self-preference")}</p>
    }
    .into_any()
}
