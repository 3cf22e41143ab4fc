//! The probe page's island: pasted runs and a scale → the instruments crate's
//! [`probe_text`] → the regime with its advice, the four metrics, the rule trace, a histogram
//! and the most variable items. It mounts into `#probe`, replacing the static example.
//!
//! Every number shown comes from the library, and so does the results' markup
//! ([`html::probe_results`], set with `inner_html`: one string per update rather than one
//! reactive node per cell); the view only wires the inputs.

use leptos::prelude::*;
use pickanumber_instruments::html;
use pickanumber_instruments::probe::examples::synthetic_runs;
use pickanumber_instruments::probe::{probe_text, Regime, Scale, TextProbe};

use crate::island::input_box;

/// What the island computes from its inputs: the probe, or why the scale cannot be used.
type Computed = Result<TextProbe, String>;

/// The probe island, starting from `example` (the static box's runs).
#[component]
pub fn ProbeIsland(
    /// The runs text to start from.
    example: String,
) -> impl IntoView {
    let text = RwSignal::new(example);
    let min = RwSignal::new("1".to_string());
    let max = RwSignal::new("10".to_string());
    let loaded = RwSignal::new(String::new());
    let computed: Memo<Computed> = Memo::new(move |_| {
        let read = |s: &str, which: &str| {
            s.trim()
                .parse::<i64>()
                .map_err(|_| format!("the scale's {which} must be a whole number"))
        };
        let scale = min.with(|lo| read(lo, "lowest point"))?;
        let top = max.with(|hi| read(hi, "highest point"))?;
        let scale = Scale::new(scale, top).map_err(|e| e.to_string())?;
        Ok(text.with(|t| probe_text(t, scale)))
    });
    let example_button = move |r: Regime| {
        view! {
            <button type="button" on:click=move |_| {
                min.set("1".into());
                max.set("10".into());
                text.set(synthetic_runs(r));
                loaded.set(format!("Loaded a synthetic {} run set: generated, not measured.", r.name()));
            }>{r.name()}</button>
        }
    };
    view! {
        <div class="isl-body">
            <div class="isl-bar">
                <label class="calc-field">"Scale from "
                    <input type="number" id="probe-scale-min" inputmode="numeric"
                        prop:value=move || min.get()
                        on:input=move |ev| min.set(event_target_value(&ev)) /></label>
                <label class="calc-field">" to "
                    <input type="number" id="probe-scale-max" inputmode="numeric"
                        prop:value=move || max.get()
                        on:input=move |ev| max.set(event_target_value(&ev)) /></label>
                <span class="isl-examples" role="group" aria-label="Synthetic examples">
                    <span class="isl-examples-label">"Synthetic examples: "</span>
                    {Regime::ALL.into_iter().map(example_button).collect_view()}
                </span>
            </div>
            {input_box("probe-input", "Runs: one JSON run per line, or a grid (rows = runs)", text,
                move |t| { loaded.set(String::new()); text.set(t); },
                move || {
                    let note = loaded.get();
                    if note.is_empty() { computed.with(counts) } else { note }
                })}
            <div class="isl-results" role="region" tabindex="0" aria-live="polite" aria-label="Probe results"
                inner_html=move || computed.with(results)></div>
        </div>
    }
}

/// `12 runs · 10 items · 0 failed · live`.
fn counts(c: &Computed) -> String {
    match c {
        Ok(t) => {
            let st = &t.probe.statistics;
            format!(
                "{} runs read · {} items · {} failed · live",
                st.successful_runs, st.n_items, st.failed_runs
            )
        }
        Err(_) => "The scale cannot be used · live".to_string(),
    }
}

/// The results as markup from the instruments crate.
fn results(c: &Computed) -> String {
    match c {
        Ok(t) => html::probe_results(t),
        Err(message) => html::probe_scale_error(message),
    }
}
