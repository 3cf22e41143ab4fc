//! The interval beside the confidence for a single list: the calculator's own wasm
//! computes none, so the cell shows "computing…" (no number) until its on-demand module, loaded
//! once the input rests, has computed it. What it then shows is checked against the
//! `"interval"` of the JSON `pickanumber score` prints for the same text (built here by
//! `pickanumber_result`, the code the CLI prints through), so the wasm and the command line
//! cannot drift. At start the static example's interval is shown without that module.

use pickanumber_browser_tests::{
    item_lines, open_calculator, serve_dist, text, type_items, wait_until, with_browser,
    BrowserOptions, Client,
};
use pickanumber_result::{evaluate, Options};
use std::time::Duration;

/// A single list with items of both signs: its interval has two different ends.
const LIST: &str = "+3 the tests pass\n+2 the README states the limits\n-1 one warning at build time\n+5 the migration is reversible\n-2 the install step fails on a clean machine\n+1 the logs are readable\n";

/// The interval `pickanumber score` prints for `text` (default settings), as the calculator
/// prints the ends of a rounded headline.
fn cli_interval(text: &str) -> String {
    let json = evaluate(text, &Options::default()).to_json();
    let ends = json["interval"]
        .as_array()
        .unwrap_or_else(|| panic!("score prints an interval for {text:?}: {json}"));
    let end = |i: usize| format!("{:.0}", ends[i].as_f64().expect("a number"));
    format!("{} to {}", end(0), end(1))
}

/// The text of `#out-interval`, or `None` when there is no such cell.
async fn interval_cell(client: &Client) -> Option<String> {
    let v = client
        .execute(
            "const e = document.getElementById('out-interval'); return e ? e.textContent : null;",
            vec![],
        )
        .await
        .expect("read #out-interval");
    v.as_str().map(str::to_string)
}

/// Whether the page has fetched the calculator's on-demand module.
async fn on_demand_fetched(client: &Client) -> bool {
    let v = client
        .execute(
            "return performance.getEntriesByType('resource').some(e => e.name.includes('pickanumber-calculator-on-demand'));",
            vec![],
        )
        .await
        .expect("read the resource entries");
    v.as_bool().expect("a boolean")
}

#[tokio::test]
async fn a_typed_list_shows_the_interval_of_pickanumber_score_beside_the_confidence() {
    let expected = cli_interval(LIST);
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        // The static example's interval is known at start: no on-demand module for it.
        let example = interval_cell(&client).await.expect("the example has an interval");
        assert!(example.contains(" to "), "{example:?}");
        assert!(
            !on_demand_fetched(&client).await,
            "the calculator fetched its on-demand module before any input changed"
        );
        type_items(&client, LIST).await;
        // Until the input has rested and the module answered: no number.
        let pending = interval_cell(&client).await;
        assert!(
            pending.as_deref() == Some("computing…") || pending.as_deref() == Some(&expected),
            "{pending:?} is neither pending nor {expected}"
        );
        let shown = wait_until(
            || async {
                match interval_cell(&client).await {
                    Some(t) if t != "computing…" => Ok(t),
                    other => Err(format!("#out-interval shows {other:?}")),
                }
            },
            Duration::from_secs(20),
            "the interval to be computed",
        )
        .await;
        assert_eq!(shown, expected, "the calculator's interval against pickanumber score's");
        // It stands in the headline, right after the confidence.
        let after = client
            .execute(
                "return document.getElementById('out-confidence').parentElement.nextElementSibling.contains(document.getElementById('out-interval'));",
                vec![],
            )
            .await
            .expect("read the headline");
        assert_eq!(after.as_bool(), Some(true));
        assert!(!text(&client, "out-confidence").await.is_empty());
        // No score, no interval: the cell is gone, not filled with a number.
        type_items(&client, "no items on this line").await;
        wait_until(
            || async {
                match interval_cell(&client).await {
                    None => Ok(()),
                    Some(t) => Err(format!("#out-interval still shows {t:?}")),
                }
            },
            Duration::from_secs(10),
            "the interval to disappear without a score",
        )
        .await;
    })
    .await;
}

/// No input found makes the on-demand module answer empty for a panel with a headline: its
/// `interval` is empty only without a headline, and it reads the same text and settings as
/// the calculator. The boot module must still never leave the cell busy, so the loader is
/// replaced by one whose module answers empty, as a module that finds no headline would;
/// the cell then shows "—" and drops `aria-busy`, as when the module fails to load.
#[tokio::test]
async fn a_module_that_answers_nothing_leaves_a_dash_not_a_busy_cell() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        client
            .execute(
                "globalThis.pickanumberOnDemand = async () => ({ answer: () => ({ interval: '' }) });",
                vec![],
            )
            .await
            .expect("replace the loader");
        type_items(&client, LIST).await;
        let settled = wait_until(
            || async {
                let v = client
                    .execute(
                        "const e = document.getElementById('out-interval');
                         return e ? [e.textContent, e.hasAttribute('aria-busy')] : null;",
                        vec![],
                    )
                    .await
                    .map_err(|e| e.to_string())?;
                match (v[0].as_str(), v[1].as_bool()) {
                    (Some(t), Some(false)) => Ok(t.to_string()),
                    _ => Err(format!("#out-interval is {v}")),
                }
            },
            Duration::from_secs(20),
            "the interval cell to settle",
        )
        .await;
        assert_eq!(settled, "—", "an empty answer shows a dash");
    })
    .await;
}

/// For `cargo xtask bench`-style figures (ignored by `cargo xtask test`): the time the on-demand
/// module's `interval` export takes in the page at 1,000 and 10,000 items (it reads and scores
/// the text, then draws the interval), the median of 7 calls after one call left out (the first loads the module), and its answer checked against
/// `pickanumber score`'s. It prints one line per size:
/// `INTERVAL {"items":1000,"median_ms":…,"max_ms":…}`.
#[tokio::test]
#[ignore = "a measurement: run with --ignored --nocapture"]
async fn interval_cost_in_the_page() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        for n in [1_000, 10_000] {
            let text = item_lines(n);
            let expected = cli_interval(&text);
            let v = client
                .execute_async(
                    "const [text, done] = arguments;
                     globalThis.pickanumberOnDemand().then((m) => {
                       // One call first: the engine compiles the module's code on its first runs.
                       const ask = { action: 'interval', text, mode: 'auto' };
                       m.answer(ask);
                       const times = []; let ends = '';
                       for (let k = 0; k < 7; k++) {
                         const t = performance.now();
                         ({ interval: ends } = m.answer(ask));
                         times.push(performance.now() - t);
                       }
                       times.sort((a, b) => a - b);
                       done({ ends, median: times[3], max: times[6] });
                     }, (e) => done({ error: String(e) }));",
                    vec![text.into()],
                )
                .await
                .expect("time the interval export");
            assert_eq!(v["ends"].as_str(), Some(expected.as_str()), "{v}");
            println!(
                "INTERVAL {{\"items\":{n},\"median_ms\":{:.1},\"max_ms\":{:.1}}}",
                v["median"].as_f64().unwrap_or(f64::NAN),
                v["max"].as_f64().unwrap_or(f64::NAN)
            );
        }
    })
    .await;
}
