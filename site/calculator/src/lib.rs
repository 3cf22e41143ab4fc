//! The live calculator: pasted text → [`pickanumber_score::parse`] → score → view.
//!
//! Every number on screen comes from the formula crate (scored there, formatted by
//! [`pickanumber_score::format`]); this crate only renders. The app mounts into the page's
//! `#calculator` element, replacing the static example the site generator put there.

use leptos::prelude::*;
use pickanumber_score::format::PooledText;
use pickanumber_score::{parse, LineError, Params, Pooled};

/// What the view shows for one state of the input.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The formatted outputs of the pooled formula.
    pub text: PooledText,
    /// Lines that are errors, excluded from the score.
    pub errors: Vec<LineError>,
    /// Lines that were neither items nor headings.
    pub ignored: Vec<usize>,
}

impl Outcome {
    /// Parses and scores `input` with the canonical parameters.
    pub fn of(input: &str) -> Outcome {
        let params = Params::default();
        let parsed = parse(input);
        let score = Pooled::from_impacts(parsed.entries.iter().map(|e| e.item.impact), &params);
        Outcome {
            text: PooledText::new(&score, &params),
            errors: parsed.errors,
            ignored: parsed.ignored,
        }
    }
}

/// One labelled output: the number alone sits in the element with the given id.
#[component]
fn Output(
    label: &'static str,
    id: &'static str,
    value: Signal<String>,
    #[prop(optional)] class: &'static str,
) -> impl IntoView {
    view! {
        <div class=format!("calc-cell {class}")>
            <dt>{label}</dt>
            <dd id=id>{move || value.get()}</dd>
        </div>
    }
}

/// The calculator, starting from `initial` as its input.
#[component]
pub fn Calculator(initial: String) -> impl IntoView {
    let (input, set_input) = signal(initial);
    let outcome = Memo::new(move |_| input.with(|text| Outcome::of(text)));
    let field =
        move |f: fn(&PooledText) -> String| Signal::derive(move || outcome.with(|o| f(&o.text)));
    let diagnostics = move || {
        outcome.with(|o| {
            let mut lines: Vec<String> = o.errors.iter().map(ToString::to_string).collect();
            if !o.ignored.is_empty() {
                let list: Vec<String> = o.ignored.iter().map(ToString::to_string).collect();
                lines.push(format!(
                    "ignored (not an item): line{} {}",
                    if list.len() == 1 { "" } else { "s" },
                    list.join(", ")
                ));
            }
            lines
        })
    };
    view! {
        <div class="calc-body">
            <div class="calc-in">
                <label for="evidence-input" class="calc-label">
                    "Evidence items, one per line"
                </label>
                <textarea
                    id="evidence-input"
                    class="calc-input"
                    spellcheck="false"
                    autocomplete="off"
                    prop:value=move || input.get()
                    on:input=move |ev| set_input.set(event_target_value(&ev))
                ></textarea>
                <p class="calc-hint">"Impacts: +5 +3 +2 +1 −1 −2 −3 −5, then the text. Live."</p>
            </div>
            <dl class="calc-out" aria-live="polite" aria-label="Score">
                <Output label="Final" id="out-final" value=field(|t| t.final_score.clone()) class="calc-final" />
                <Output label="Confidence" id="out-confidence" value=field(|t| t.confidence.clone()) class="calc-final" />
                <Output label="Net impact" id="out-net" value=field(|t| t.net.clone()) />
                <Output label="Items" id="out-total" value=field(|t| t.total.clone()) />
                <Output label="Normalized" id="out-normalized" value=field(|t| t.normalized.clone()) />
                <Output label="Raw" id="out-raw" value=field(|t| t.raw.clone()) />
                <Output label="Density" id="out-density" value=field(|t| t.density.clone()) />
                <Output label="Multiplier" id="out-multiplier" value=field(|t| t.multiplier.clone()) />
                <Output label="Final, unrounded" id="out-final-unrounded" value=field(|t| t.final_unrounded.clone()) />
            </dl>
            <div id="evidence-errors" class="calc-diag" role="status" aria-label="Problems with the input">
                <For each=move || diagnostics().into_iter().enumerate() key=|(i, l)| (*i, l.clone()) let((_, line))>
                    <p>{line}</p>
                </For>
            </div>
        </div>
    }
}
