//! The probe page's island: pasted runs and a scale → the instruments crate's
//! [`probe_text`] → the regime with its advice, the four metrics, the rule trace, a histogram
//! and the most variable items. It mounts into `#probe`, replacing the static example.
//!
//! Every number shown comes from the library, and the results' markup and words from the
//! view crate ([`view::probe::results`] in [`PROBE`]'s words; its controls are in [`PROBE_LIVE`]'s,
//! the site's; both compiled from `content/layout.toml`; the static box shows the same markup), set with `inner_html`: one
//! string per update rather than one reactive node per cell; the view only wires the inputs.

use crate::island_words::{PROBE, PROBE_LIVE};
use leptos::prelude::*;
use pickanumber_instruments::probe::examples::synthetic_runs;
use pickanumber_instruments::probe::{probe_text, Regime, Scale, TextProbe};
use pickanumber_result_view::{self as view};

use crate::island::{input_box, remember};
use crate::storage;

/// The localStorage key of the probe's work: the scale's two ends and the runs, a line each
/// for the ends, then the text.
pub const KEY: &str = "pickanumber.probe";

/// What the island computes from its inputs: the probe, or why the scale cannot be used.
type Computed = Result<TextProbe, String>;

/// The probe island, starting from the work this browser kept ([`KEY`]), else from `example`
/// (the static box's runs) on the scale 1 to 10.
#[component]
pub fn ProbeIsland(
    /// The runs text to start from.
    example: String,
) -> impl IntoView {
    let kept = storage::get(KEY);
    let mut kept = kept
        .as_deref()
        .map(|k| k.splitn(3, '\n'))
        .into_iter()
        .flatten();
    let (low, high, runs) = (kept.next(), kept.next(), kept.next());
    let text = RwSignal::new(runs.map_or(example, str::to_string));
    let min = RwSignal::new(low.filter(|_| runs.is_some()).unwrap_or("1").to_string());
    let max = RwSignal::new(high.filter(|_| runs.is_some()).unwrap_or("10").to_string());
    let loaded = RwSignal::new(String::new());
    remember(
        KEY,
        move || format!("{}\n{}\n{}", min.get(), max.get(), text.get()),
        loaded,
        PROBE_LIVE.not_kept,
    );
    let computed: Memo<Computed> = Memo::new(move |_| {
        let read =
            |s: &str, message: &str| s.trim().parse::<i64>().map_err(|_| message.to_string());
        let scale = min.with(|lo| read(lo, PROBE_LIVE.low_not_whole))?;
        let top = max.with(|hi| read(hi, PROBE_LIVE.high_not_whole))?;
        let scale = Scale::new(scale, top).map_err(|e| e.to_string())?;
        Ok(text.with(|t| probe_text(t, scale)))
    });
    let example_button = move |r: Regime| {
        view! {
            <button type="button" on:click=move |_| {
                min.set("1".into());
                max.set("10".into());
                text.set(synthetic_runs(r));
                loaded.set(view::plain(PROBE_LIVE.loaded, &[("regime", r.name())]));
            }>{r.name()}</button>
        }
    };
    view! {
        <div class="isl-body">
            <div class="isl-bar">
                <label class="calc-field">{PROBE_LIVE.scale_from}" "
                    <input type="number" id="probe-scale-min" inputmode="numeric"
                        prop:value=move || min.get()
                        on:input=move |ev| min.set(event_target_value(&ev)) /></label>
                <label class="calc-field">" "{PROBE_LIVE.scale_to}" "
                    <input type="number" id="probe-scale-max" inputmode="numeric"
                        prop:value=move || max.get()
                        on:input=move |ev| max.set(event_target_value(&ev)) /></label>
                <span class="isl-examples" role="group" aria-label=PROBE_LIVE.examples>
                    <span class="isl-examples-label">{PROBE_LIVE.examples}": "</span>
                    {Regime::ALL.into_iter().map(example_button).collect_view()}
                </span>
            </div>
            {input_box("probe-input", PROBE_LIVE.input, text,
                move |t| { loaded.set(String::new()); text.set(t); },
                move || {
                    let note = loaded.get();
                    if note.is_empty() { computed.with(counts) } else { note }
                }, false)}
            <div class="isl-results" role="region" tabindex="0" aria-live="polite" aria-label=PROBE_LIVE.results
                inner_html=move || computed.with(results)></div>
        </div>
    }
}

/// `12 runs read · 10 items · 0 failed · live`, in [`PROBE_LIVE`]'s words (text, not markup).
fn counts(c: &Computed) -> String {
    match c {
        Ok(t) => {
            let st = &t.probe.statistics;
            view::plain(
                PROBE_LIVE.counts,
                &[
                    ("runs", &format!("{}", st.successful_runs)),
                    ("items", &format!("{}", st.n_items)),
                    ("failed", &format!("{}", st.failed_runs)),
                ],
            )
        }
        Err(_) => PROBE_LIVE.scale_unusable.to_string(),
    }
}

/// The results as markup from the view crate.
fn results(c: &Computed) -> String {
    match c {
        Ok(t) => view::probe::results(t, &PROBE),
        Err(message) => view::probe::scale_error(message),
    }
}
