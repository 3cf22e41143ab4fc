//! Calculator latency, for `cargo xtask bench` (ignored by `cargo xtask test`): from the input
//! event of one keystroke to the changed text of `#out-total` / `#out-final`, at 10, 1,000 and
//! 10,000 items.
//!
//! ```sh
//! cargo xtask build
//! PICKANUMBER_DIST=$PWD/dist cargo test -p pickanumber-browser-tests --test browser -- --ignored --nocapture latency::
//! ```
//!
//! For each size the input is set to that many item lines; then each measured keystroke
//! follows a newline and a `+` (not measured, let settle for two animation frames): a `1` that
//! completes a new item line `+1`, so every measured keystroke changes the item count (a line
//! `1` alone is not an item: the reader fails closed on it). The time runs from just
//! before the `input` event is dispatched to the moment a `MutationObserver` sees the outputs'
//! text change (`performance.now()` inside the page, so WebDriver's round trips are not
//! counted), and on to the next animation frame (about when the change is painted). It prints
//! one line per size:
//!
//! ```text
//! LATENCY {"page":"calculator","items":1000,"keystrokes":30,"median_ms":…,"p95_ms":…,"frame_median_ms":…,"frame_p95_ms":…}
//! ```
//!
//! Then the physical limit, in the same run: a bare `<textarea>` page with no wasm (written to a
//! temporary folder and served), the same 1,000 and 10,000 lines and the same keystrokes, timed
//! from the keystroke to the next animation frame (`"page":"textarea"`; its "output" is the
//! keystroke itself).

use std::time::Duration;

use fantoccini::wd::TimeoutConfiguration;
use pickanumber_browser_tests::{
    console_log, format_log, item_lines, open_calculator, serve, serve_dist, text, wait_until,
    with_browser, BrowserOptions, Client, Site,
};
use serde_json::{json, Value};

/// The input sizes measured (the bare textarea: the last two).
const SIZES: [usize; 3] = [10, 1_000, 10_000];

/// The bare textarea page: the calculator's input alone, with no script.
const BARE: &str = "<!doctype html><html lang=en><meta charset=utf-8><link rel=icon href=\"data:,\"><title>bare textarea</title>\
                    <textarea id=evidence-input rows=20 cols=80></textarea></html>";
/// Measured keystrokes per size.
const KEYSTROKES: usize = 30;

/// Sets the input's value in one go (as a paste would) and waits until `#out-total` shows
/// `expected` items.
async fn set_input(client: &Client, value: &str, expected: usize) {
    client
        .execute(
            "const el = document.getElementById('evidence-input');
             el.value = arguments[0];
             el.dispatchEvent(new Event('input', { bubbles: true }));",
            vec![json!(value)],
        )
        .await
        .expect("set #evidence-input");
    wait_for_total(client, expected).await;
}

/// Waits up to 60 s for `#out-total` to show `expected` (digits only, so a thousands separator
/// would not matter).
async fn wait_for_total(client: &Client, expected: usize) {
    wait_until(
        || async {
            let shown = text(client, "out-total").await;
            let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
            if digits == expected.to_string() {
                Ok(())
            } else {
                Err(format!("{shown:?}"))
            }
        },
        Duration::from_secs(60),
        &format!("#out-total to show {expected} items"),
    )
    .await;
}

/// Runs `count` measured keystrokes in the page and returns, for each, the milliseconds to the
/// changed text and to the next animation frame after it.
const MEASURE: &str = r#"
const [count, done] = arguments;
const input = document.getElementById('evidence-input');
const root = document.getElementById('calculator');
const read = () => ['out-total', 'out-final']
  .map((id) => { const el = document.getElementById(id); return el ? el.textContent : ''; })
  .join('|');
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
const type = (ch) => {
  input.value += ch;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};
const measure = (ch) => new Promise((resolve) => {
  if (!root) {
    const start = performance.now();
    type(ch);
    requestAnimationFrame(() => { const t = performance.now() - start; resolve([t, t]); });
    return;
  }
  const before = read();
  let start = 0;
  const observer = new MutationObserver(() => {
    if (read() === before) return;
    const changed = performance.now() - start;
    observer.disconnect();
    clearTimeout(timer);
    requestAnimationFrame(() => resolve([changed, performance.now() - start]));
  });
  const timer = setTimeout(() => { observer.disconnect(); resolve(null); }, 20000);
  observer.observe(root, { subtree: true, childList: true, characterData: true });
  start = performance.now();
  type(ch);
});
(async () => {
  const out = [];
  for (let i = 0; i < count; i++) {
    type('\n');
    type('+');
    await frame();
    await frame();
    out.push(await measure('1'));
  }
  return out;
})().then((out) => done({ ok: out }), (e) => done({ error: String(e) }));
"#;

/// The value at quantile `q` (0–1) of sorted `values`, nearest rank.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Rounds to 0.01 ms for the printed line.
fn ms(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

async fn measure(client: &Client, size: usize, calculator: bool) -> Value {
    if calculator {
        set_input(client, &item_lines(size), size).await;
    } else {
        client
            .execute(
                "document.getElementById('evidence-input').value = arguments[0];",
                vec![json!(item_lines(size))],
            )
            .await
            .expect("fill the bare textarea");
    }
    let result = client
        .execute_async(MEASURE, vec![json!(KEYSTROKES)])
        .await
        .expect("run the keystroke script");
    if let Some(error) = result.get("error") {
        panic!("the keystroke script failed at {size} items: {error}");
    }
    let samples = result["ok"].as_array().expect("a list of samples");
    let mut changed = Vec::new();
    let mut framed = Vec::new();
    for (i, sample) in samples.iter().enumerate() {
        let pair = sample.as_array().unwrap_or_else(|| {
            panic!("keystroke {i} at {size} items: the outputs did not change within 20 s")
        });
        changed.push(pair[0].as_f64().expect("a number"));
        framed.push(pair[1].as_f64().expect("a number"));
    }
    // Every measured keystroke added one item.
    if calculator {
        wait_for_total(client, size + KEYSTROKES).await;
    }
    changed.sort_by(f64::total_cmp);
    framed.sort_by(f64::total_cmp);
    json!({
        "page": if calculator { "calculator" } else { "textarea" },
        "items": size,
        "keystrokes": KEYSTROKES,
        "median_ms": ms(quantile(&changed, 0.5)),
        "p95_ms": ms(quantile(&changed, 0.95)),
        "max_ms": ms(quantile(&changed, 1.0)),
        "frame_median_ms": ms(quantile(&framed, 0.5)),
        "frame_p95_ms": ms(quantile(&framed, 0.95)),
    })
}

#[tokio::test]
#[ignore = "a benchmark: `cargo xtask bench` runs it"]
async fn keystroke_to_output_latency() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        client
            .update_timeouts(TimeoutConfiguration::new(
                Some(Duration::from_secs(300)),
                Some(Duration::from_secs(60)),
                Some(Duration::from_secs(0)),
            ))
            .await
            .expect("raise the script timeout");
        for size in SIZES {
            let line = measure(&client, size, true).await;
            println!("LATENCY {line}");
        }
        let errors: Vec<_> = console_log(&client)
            .await
            .into_iter()
            .filter(|e| e.level == "SEVERE")
            .collect();
        assert!(
            errors.is_empty(),
            "console errors while measuring:\n{}",
            format_log(&errors)
        );
        let dir = tempfile::tempdir().expect("create the bare textarea's folder");
        std::fs::write(dir.path().join("index.html"), BARE).expect("write the bare textarea page");
        let bare = serve(Site::new(dir.path()));
        client
            .goto(&bare.url("/"))
            .await
            .expect("open the bare textarea");
        for size in &SIZES[1..] {
            let line = measure(&client, *size, false).await;
            println!("LATENCY {line}");
        }
    })
    .await;
}

#[test]
fn quantiles_use_the_nearest_rank() {
    let v: Vec<f64> = (1..=20).map(f64::from).collect();
    assert_eq!(quantile(&v, 0.5), 10.0);
    assert_eq!(quantile(&v, 0.95), 19.0);
    assert_eq!(quantile(&v, 1.0), 20.0);
    assert_eq!(quantile(&[3.0], 0.95), 3.0);
    assert_eq!(
        item_lines(3),
        "+5 evidence item 0\n+3 evidence item 1\n+2 evidence item 2"
    );
}
