//! The probe page's island: pasted runs and a scale → the instruments crate's
//! [`probe_text`] → the regime with its advice, the four metrics, the rule trace, a histogram
//! and the most variable items. It mounts into `#probe`, replacing the static example.
//!
//! Every number shown comes from the library; the view only lays out its results (the
//! histogram's bar heights are counts scaled to the tallest bar).

use leptos::prelude::*;
use pickanumber_instruments::numbers::{four, short};
use pickanumber_instruments::probe::examples::synthetic_runs;
use pickanumber_instruments::probe::metrics::Histogram;
use pickanumber_instruments::probe::report::MOST_VARIABLE;
use pickanumber_instruments::probe::{probe_text, Regime, Scale, Status, TextProbe};

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
            <div class="isl-in">
                <label for="probe-input" class="calc-label">"Runs: one JSON run per line, or a grid (rows = runs)"</label>
                <textarea id="probe-input" class="calc-input" spellcheck="false" autocomplete="off"
                    prop:value=move || text.get()
                    on:input=move |ev| { loaded.set(String::new()); text.set(event_target_value(&ev)); }></textarea>
                <p class="calc-hint">{move || {
                    let note = loaded.get();
                    if note.is_empty() { computed.with(counts) } else { note }
                }}</p>
            </div>
            <div class="isl-results" role="region" tabindex="0" aria-live="polite" aria-label="Probe results">
                {move || computed.with(results)}
            </div>
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

fn results(c: &Computed) -> AnyView {
    let t = match c {
        Ok(t) => t,
        Err(message) => {
            return view! {
                <p class="probe-regime"><strong id="probe-regime">"—"</strong></p>
                <div id="probe-errors" class="calc-diag"><p class="error">{message.clone()}</p></div>
            }
            .into_any();
        }
    };
    let p = &t.probe;
    let regime = p.regime();
    let m = p.metrics();
    let metric = |v: Option<String>| v.unwrap_or_else(|| "—".to_string());
    let ceiling = metric(m.map(|m| four(m.ceiling_rate)));
    let floor = metric(m.map(|m| four(m.floor_rate)));
    let range = metric(m.map(|m| m.range.to_string()));
    let std = metric(m.and_then(|m| m.mean_per_item_std.map(four)));
    let mut problems: Vec<String> = t.parsed.errors.iter().map(ToString::to_string).collect();
    for f in &p.failures {
        if !t
            .parsed
            .errors
            .iter()
            .any(|e| format!("line {}", e.line) == f.label)
        {
            problems.push(format!(
                "{}: counted as a failed run ({})",
                f.label, f.reason
            ));
        }
    }
    let errors = if problems.is_empty() {
        view! { <div id="probe-errors" class="calc-diag"></div> }.into_any()
    } else {
        view! {
            <div id="probe-errors" class="calc-diag">
                <ul class="diagnostics">{problems.into_iter().map(|e| view! { <li class="error">{e}</li> }).collect_view()}</ul>
            </div>
        }
        .into_any()
    };
    let trace = p
        .classification
        .trace
        .iter()
        .map(|r| {
            let matched = r.status == Status::Matched;
            view! {
                <tr class:matched=matched>
                    <td>{r.order}</td><td>{r.rule.regime.name()}</td>
                    <td>{r.status.label()}</td><td>{r.why()}</td>
                </tr>
            }
        })
        .collect_view();
    let variable = p
        .most_variable(MOST_VARIABLE)
        .into_iter()
        .map(|item| {
            let s = item.stats.as_ref();
            let std = s.map_or_else(String::new, |s| short(s.std));
            let spread = s.map_or_else(String::new, |s| format!("{}–{}", s.min, s.max));
            let scores: Vec<String> = item.scores.iter().map(ToString::to_string).collect();
            view! {
                <tr><td>{item.item_text.clone()}</td><td>{std}</td><td>{spread}</td><td class="mono">{scores.join(" ")}</td></tr>
            }
        })
        .collect_view();
    let histogram = p
        .statistics
        .across_runs
        .as_ref()
        .map(|a| histogram_svg(&a.histogram));
    view! {
        <div class="probe-verdict">
            <p class="probe-regime">"Regime "<strong id="probe-regime">{regime.name()}</strong></p>
            <p class="probe-looks">{regime.looks_like()}</p>
            <p class="probe-advice"><strong>"What to do: "</strong>{regime.advice()}</p>
        </div>
        <dl class="calc-out isl-metrics">
            <div class="calc-cell"><dt>"Ceiling rate (top two points)"</dt><dd id="probe-ceiling-rate">{ceiling}</dd></div>
            <div class="calc-cell"><dt>"Floor rate (bottom two points)"</dt><dd id="probe-floor-rate">{floor}</dd></div>
            <div class="calc-cell"><dt>"Range"</dt><dd id="probe-range">{range}</dd></div>
            <div class="calc-cell"><dt>"Mean per-item std"</dt><dd id="probe-mean-std">{std}</dd></div>
        </dl>
        {errors}
        <figure class="isl-figure">
            {histogram}
            <figcaption>"Every rating on the scale, counted (ratings off the scale are left out of the bars but count in the rates)."</figcaption>
        </figure>
        <h2 class="isl-h">"Rule trace, first match wins"</h2>
        <table class="isl-table"><thead><tr><th>"#"</th><th>"Regime"</th><th>"Result"</th><th>"Why"</th></tr></thead>
            <tbody>{trace}</tbody></table>
        <h2 class="isl-h">"Most variable items"</h2>
        <table class="isl-table"><thead><tr><th>"Item"</th><th>"Std"</th><th>"Span"</th><th>"Ratings"</th></tr></thead>
            <tbody>{variable}</tbody></table>
    }
    .into_any()
}

/// One bar per point of the scale, as SVG (no inline styles: the CSP forbids them).
fn histogram_svg(h: &Histogram) -> impl IntoView {
    let tallest = h.counts.iter().copied().max().unwrap_or(0).max(1);
    let n = h.counts.len().max(1);
    let width = 20 * n;
    let bars = h
        .bars()
        .enumerate()
        .map(|(k, (point, count))| {
            let height = (count * 40).div_ceil(tallest);
            let x = 20 * k;
            view! {
                <g>
                    <title>{format!("{point}: {count}")}</title>
                    <rect class="bar" x=x + 2 y=40 - height width=16 height=height></rect>
                    <text x=x + 10 y=49 text-anchor="middle">{point.to_string()}</text>
                </g>
            }
        })
        .collect_view();
    view! {
        <svg class="isl-histogram" viewBox=format!("0 0 {width} 50") role="img"
            aria-label="Histogram of all ratings">{bars}</svg>
    }
}
