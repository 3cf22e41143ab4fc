//! The live calculator: pasted text → [`pickanumber_score::analysis::analyse`] → view.
//!
//! Every number on screen comes from the formula crate (scored there, formatted by
//! [`pickanumber_score::format`]); this crate only renders, stores passes and shares links.
//! The app mounts into the page's `#calculator` element, replacing the static example.

pub mod examples;
pub mod share;

use gloo_storage::{LocalStorage, Storage};
use leptos::prelude::*;
use pickanumber_score::analysis::{analyse, Analysis, Mode, Preset, Request};
use pickanumber_score::format::{
    criterion_cells, delta, fixed, percent_of_scale, working, PooledText,
};
use pickanumber_score::report::markdown;

const PASSES_KEY: &str = "pickanumber.passes";

/// A saved pass, for comparing versions of the same evaluation.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Pass {
    /// The headline score.
    pub score: f64,
    /// Its confidence.
    pub confidence: f64,
    /// The mode it was scored in.
    pub mode: String,
}

/// What the request widgets hold.
fn request(mode: Mode, preset: &str, weights: &str) -> (Request, Option<String>) {
    let mut r = Request {
        mode,
        preset: Preset::from_name(preset),
        weights: None,
    };
    let mut error = None;
    if !weights.trim().is_empty() {
        let p = pickanumber_score::parse(&format!("weights: {weights}"));
        match p.errors.first() {
            Some(e) => error = Some(format!("weights: {}", e.message)),
            None => r.weights = Some(p.weights),
        }
    }
    (r, error)
}

fn copy_text(text: String, status: WriteSignal<String>, done: &'static str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let promise = window.navigator().clipboard().write_text(&text);
    leptos::task::spawn_local(async move {
        let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        status.set(if ok {
            done.to_string()
        } else {
            "The browser refused the clipboard; select the text instead.".into()
        });
    });
}

/// The calculator, starting from `initial` (the static example, or a share link's state).
#[component]
pub fn Calculator(
    /// Mode, preset, weights and input to start from.
    initial: share::State,
    /// A message to show at start (a share link restored or rejected).
    #[prop(optional)]
    notice: Option<String>,
) -> impl IntoView {
    let (input, set_input) = signal(initial.text.clone().unwrap_or_default());
    let (mode, set_mode) = signal(
        initial
            .mode
            .as_deref()
            .and_then(Mode::from_name)
            .unwrap_or_default(),
    );
    let (preset, set_preset) = signal(initial.preset.clone().unwrap_or_default());
    let (weights, set_weights) = signal(initial.weights.clone().unwrap_or_default());
    let (status, set_status) = signal(notice.unwrap_or_default());
    let (share_url, set_share_url) = signal(String::new());
    let (passes, set_passes) =
        signal(LocalStorage::get::<Vec<Pass>>(PASSES_KEY).unwrap_or_default());

    let analysis = Memo::new(move |_| {
        let (req, _) = request(mode.get(), &preset.get(), &weights.get());
        input.with(|t| analyse(t, &req))
    });
    let weight_error = Memo::new(move |_| request(mode.get(), &preset.get(), &weights.get()).1);
    let text = Memo::new(move |_| analysis.with(|a| PooledText::new(&a.pooled, &a.params)));

    // Keep mode, preset and weights in the URL fragment.
    Effect::new(move |_| {
        let state = share::State {
            mode: Some(mode.get().name().to_string()),
            preset: Some(preset.get()).filter(|p| !p.is_empty()),
            weights: Some(weights.get()).filter(|w| !w.trim().is_empty()),
            text: None,
        };
        if let Some(w) = web_sys::window() {
            if let Ok(h) = w.history() {
                let _ = h.replace_state_with_url(
                    &wasm_bindgen::JsValue::NULL,
                    "",
                    Some(&format!("#{}", state.encode())),
                );
            }
        }
    });

    let cell = move |f: fn(&PooledText) -> String| move || text.with(f);
    let mode_radio = move |m: Mode, label: &'static str| {
        view! {
            <label class="calc-mode">
                <input type="radio" name="calc-mode" value=m.name()
                    prop:checked=move || mode.get() == m
                    on:change=move |_| set_mode.set(m) />
                {label}
            </label>
        }
    };
    let load_example =
        move |(_, m, p, t): (&'static str, &'static str, &'static str, &'static str)| {
            set_mode.set(Mode::from_name(m).unwrap_or_default());
            set_preset.set(p.to_string());
            set_weights.set(String::new());
            set_input.set(t.to_string());
            set_status.set(String::new());
        };
    let copy_report = move |_| {
        copy_text(
            analysis.with(markdown),
            set_status,
            "Report copied as markdown.",
        )
    };
    let copy_link = move |_| {
        let state = share::State {
            mode: Some(mode.get_untracked().name().to_string()),
            preset: Some(preset.get_untracked()).filter(|p| !p.is_empty()),
            weights: Some(weights.get_untracked()).filter(|w| !w.trim().is_empty()),
            text: Some(input.get_untracked()),
        };
        let fragment = state.encode();
        if fragment.len() > share::MAX_FRAGMENT {
            set_status.set(format!("This input is too large for a link ({} characters, limit {}); copy the report instead.", fragment.len(), share::MAX_FRAGMENT));
            return;
        }
        let base = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .map(|h| h.split('#').next().unwrap_or_default().to_string())
            .unwrap_or_default();
        let url = format!("{base}#{fragment}");
        set_share_url.set(url.clone());
        copy_text(url, set_status, "Share link copied.");
    };
    let save_pass = move |_| {
        let (score, confidence) = analysis.with(Analysis::headline);
        let mut list = passes.get_untracked();
        list.push(Pass {
            score,
            confidence,
            mode: analysis.with(|a| a.mode.name().to_string()),
        });
        let _ = LocalStorage::set(PASSES_KEY, &list);
        set_passes.set(list);
        set_status.set("Pass saved in this browser.".into());
    };
    let clear_passes = move |_| {
        LocalStorage::delete(PASSES_KEY);
        set_passes.set(Vec::new());
    };

    view! {
        <div class="calc-body">
            <div class="calc-bar">
                <fieldset class="calc-modes">
                    <legend>"Mode"</legend>
                    {mode_radio(Mode::Auto, "Auto")}
                    {mode_radio(Mode::Pooled, "Pooled")}
                    {mode_radio(Mode::Matrix, "Matrix")}
                    {mode_radio(Mode::Feedback, "Feedback")}
                </fieldset>
                <label class="calc-field">"Preset "
                    <select prop:value=move || preset.get() on:change=move |ev| set_preset.set(event_target_value(&ev))>
                        <option value="">"none"</option>
                        <option value="generic">"generic"</option>
                        <option value="hackathon">"hackathon"</option>
                    </select>
                </label>
                <label class="calc-field">"Weights "
                    <input type="text" id="weights-input" placeholder="craft=0.6, depth=0.4" spellcheck="false"
                        prop:value=move || weights.get() on:input=move |ev| set_weights.set(event_target_value(&ev)) />
                </label>
            </div>
            <div class="calc-in">
                <label for="evidence-input" class="calc-label">"Evidence items, one per line"</label>
                <textarea id="evidence-input" class="calc-input" spellcheck="false" autocomplete="off"
                    prop:value=move || input.get()
                    on:input=move |ev| set_input.set(event_target_value(&ev))></textarea>
                <p class="calc-hint" id="out-format">
                    {move || analysis.with(|a| format!("Read as {} · {} mode · live", a.format, a.mode))}
                </p>
            </div>
            <div class="calc-results" aria-live="polite" aria-label="Results">
                <dl class="calc-out">
                    <div class="calc-cell calc-final"><dt>"Final"</dt><dd id="out-final">{cell(|t| t.final_score.clone())}</dd></div>
                    <div class="calc-cell calc-final"><dt>"Confidence"</dt><dd id="out-confidence">{cell(|t| t.confidence.clone())}</dd></div>
                    <div class="calc-cell"><dt>"Net impact"</dt><dd id="out-net">{cell(|t| t.net.clone())}</dd></div>
                    <div class="calc-cell"><dt>"Items"</dt><dd id="out-total">{cell(|t| t.total.clone())}</dd></div>
                    <div class="calc-cell"><dt>"Normalized"</dt><dd id="out-normalized">{cell(|t| t.normalized.clone())}</dd></div>
                    <div class="calc-cell"><dt>"Raw"</dt><dd id="out-raw">{cell(|t| t.raw.clone())}</dd></div>
                    <div class="calc-cell"><dt>"Density"</dt><dd id="out-density">{cell(|t| t.density.clone())}</dd></div>
                    <div class="calc-cell"><dt>"Multiplier"</dt><dd id="out-multiplier">{cell(|t| t.multiplier.clone())}</dd></div>
                    <div class="calc-cell"><dt>"Final, unrounded"</dt><dd id="out-final-unrounded">{cell(|t| t.final_unrounded.clone())}</dd></div>
                </dl>
                <Picture analysis=analysis />
                <p class="working" id="out-working">{move || analysis.with(|a| working(&a.pooled, &a.params))}</p>
                <MatrixPanel analysis=analysis />
                <FeedbackPanel analysis=analysis />
                <div id="evidence-errors" class="calc-diag">
                    {move || weight_error.get().map(|e| view! { <p class="error">{e}</p> })}
                    {move || analysis.with(|a| {
                        let mut lines: Vec<(String, &'static str)> = a.parsed.errors.iter().map(|e| (e.to_string(), "error")).collect();
                        if let Some(Err(e)) = &a.matrix { lines.push((format!("weights: {e}"), "error")); }
                        lines.extend(a.warnings.iter().map(|w| (format!("warning: {w}"), "warning")));
                        lines.extend(a.notes.iter().map(|n| (format!("note: {n}"), "note")));
                        let more = lines.len().saturating_sub(200);
                        lines.truncate(200);
                        let mut v: Vec<_> = lines.into_iter().map(|(l, c)| view! { <p class=c>{l}</p> }).collect();
                        if more > 0 { v.push(view! { <p class="note">{format!("… and {more} more")}</p> }); }
                        v
                    })}
                </div>
                <div class="calc-actions">
                    <button type="button" id="copy-report" on:click=copy_report>"Copy report"</button>
                    <button type="button" id="copy-link" on:click=copy_link>"Copy share link"</button>
                    <button type="button" id="save-pass" on:click=save_pass>"Save pass"</button>
                    <p class="calc-status" id="calc-status" role="status">{move || status.get()}</p>
                    <a id="share-link" class:hidden=move || share_url.with(String::is_empty) href=move || share_url.get()>"The share link"</a>
                </div>
                <Passes passes=passes clear=clear_passes />
                <div class="calc-examples">
                    <p class="calc-label">"Load an example"</p>
                    {examples::EXAMPLES.iter().map(|e| {
                        let e = *e;
                        view! { <button type="button" class="example" on:click=move |_| load_example(e)>{e.0}</button> }
                    }).collect::<Vec<_>>()}
                </div>
            </div>
        </div>
    }
}

/// Raw and final on the 0–100 scale around the anchor, and the confidence as a bar.
#[component]
fn Picture(analysis: Memo<Analysis>) -> impl IntoView {
    let pos =
        move |f: fn(&Analysis) -> f64| move || analysis.with(|a| percent_of_scale(f(a), &a.params));
    let center = move || analysis.with(|a| percent_of_scale(a.params.center, &a.params));
    let conf = move || analysis.with(|a| fixed(a.pooled.confidence * 100.0, 1));
    view! {
        <figure class="calc-picture">
            <svg viewBox="0 0 100 14" role="img" aria-labelledby="picture-title" preserveAspectRatio="none">
                <title id="picture-title">{move || analysis.with(|a| format!(
                    "Raw {} is pulled toward the anchor {} to give the final {}; confidence {}",
                    fixed(a.pooled.raw, 2), a.params.center, fixed(a.pooled.final_score, 2), fixed(a.pooled.confidence, 2)))}</title>
                <line x1="0" y1="4" x2="100" y2="4" class="axis" />
                <line x1=center y1="0.5" x2=center y2="7.5" class="anchor-tick" />
                <line x1=pos(|a| a.pooled.raw) y1="4" x2=pos(|a| a.pooled.final_score) y2="4" class="pull" />
                <circle cx=pos(|a| a.pooled.raw) cy="4" r="1.6" class="raw-dot" />
                <circle cx=pos(|a| a.pooled.final_score) cy="4" r="1.6" class="final-dot" />
                <rect x="0" y="10" width="100" height="3" class="conf-track" />
                <rect x="0" y="10" width=conf height="3" class="conf-bar" />
            </svg>
            <figcaption>"○ raw · ● final · | anchor 50 · bar: confidence"</figcaption>
        </figure>
    }
}

#[component]
fn MatrixPanel(analysis: Memo<Analysis>) -> impl IntoView {
    move || {
        analysis.with(|a| {
            let Some(Ok(m)) = &a.matrix else { return None };
            let rows: Vec<_> = m.criteria.iter().map(|c| {
                let [name, cells @ ..] = criterion_cells(c, &a.params);
                view! { <tr><th scope="row">{name}</th>{cells.into_iter().map(|v| view! { <td>{v}</td> }).collect::<Vec<_>>()}</tr> }
            }).collect();
            let check = if m.self_check {
                format!("passes: span {} ≥ {}", m.span, a.params.self_check_span)
            } else {
                format!("fails: span {} < {}; the criteria may not have been scored separately", m.span, a.params.self_check_span)
            };
            Some(view! {
                <div class="calc-matrix">
                    <p>"Overall "<strong id="out-overall">{m.overall.to_string()}</strong>
                       ", confidence "<strong id="out-overall-confidence">{fixed(m.overall_confidence, 2)}</strong>
                       ", span "<strong id="out-span">{m.span.to_string()}</strong>
                       "; self-check "<strong id="out-self-check">{check}</strong></p>
                    <table><thead><tr><th scope="col">"Criterion"</th><th scope="col">"Weight"</th><th scope="col">"Items"</th><th scope="col">"Net"</th><th scope="col">"Raw"</th><th scope="col">"Final"</th><th scope="col">"Conf."</th></tr></thead>
                    <tbody>{rows}</tbody></table>
                </div>
            })
        })
    }
}

#[component]
fn FeedbackPanel(analysis: Memo<Analysis>) -> impl IntoView {
    move || {
        analysis.with(|a| {
            if a.buckets.is_empty() {
                return None;
            }
            let rows: Vec<_> = a.buckets.iter().map(|b| {
                let t = PooledText::new(&b.running, &a.params);
                let actions: Vec<_> = b.items.iter().map(|i| view! { <li>{i.text.clone()}</li> }).collect();
                view! {
                    <tr><th scope="row">{b.bucket.to_string()}</th><td>{b.items.len()}</td><td class="running">{t.final_score}</td><td>{t.confidence}</td>
                    <td><strong>{b.bucket.action()}</strong><ul>{actions}</ul></td></tr>
                }
            }).collect();
            Some(view! {
                <div class="calc-feedback">
                    <table id="out-buckets"><thead><tr><th scope="col">"Bucket"</th><th scope="col">"Items"</th><th scope="col">"Score so far"</th><th scope="col">"Conf."</th><th scope="col">"Action list"</th></tr></thead>
                    <tbody>{rows}</tbody></table>
                </div>
            })
        })
    }
}

#[component]
fn Passes(
    passes: ReadSignal<Vec<Pass>>,
    clear: impl Fn(leptos::ev::MouseEvent) + 'static,
) -> impl IntoView {
    view! {
        <div class="calc-passes" id="passes" class:hidden=move || passes.with(Vec::is_empty)>
            <p class="calc-label">"Saved passes (this browser only)"</p>
            <ol>
                {move || passes.with(|list| list.iter().enumerate().map(|(i, p)| {
                    let delta = if i > 0 {
                        let prev = &list[i - 1];
                        format!(" ({})", delta((prev.score, prev.confidence), (p.score, p.confidence)))
                    } else {
                        String::new()
                    };
                    view! { <li>{format!("v{}: {} · confidence {} · {}{delta}", i + 1, p.score, fixed(p.confidence, 2), p.mode)}</li> }
                }).collect::<Vec<_>>())}
            </ol>
            <button type="button" on:click=clear>"Forget passes"</button>
        </div>
    }
}
