//! A calculator that never dies silently: what once trapped its wasm (a hundred lines of
//! `+3×10000` with a long quotation, pasted or opened as a share link) shows a message and no
//! number, and when the wasm does stop (a trap, a panic, running out of memory), the message
//! takes the result's place, never beside the earlier result, and the next edit starts a fresh
//! instance from what is on screen.

use fantoccini::Client;
use pickanumber_browser_tests::{
    expect_contains, expect_text, open_calculator, paste, serve_dist, text, wait_ready, wait_until,
    with_browser, BrowserOptions, READY_TIMEOUT, UPDATE_TIMEOUT,
};
use serde_json::Value;

/// The input of the report: 100 lines of `+3×10000` with a quotation of about 6 KB each.
fn repeated_items() -> String {
    let quote = "the retry path can lose a write under load ".repeat(140);
    (0..100)
        .map(|i| format!("+3×10000 line {i} \"{quote}\""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The message the page shows in place of the result when the wasm stopped
/// (`[calculator] stopped`, its default in `site/render/src/calculator.rs`).
const STOPPED: &str = "The calculator stopped on this input";

async fn run(client: &Client, script: &str) -> Value {
    client
        .execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("run `{script}`: {e}"))
}

/// Waits (a page opened from a link scrolls smoothly to the calculator) until the element
/// `selector` is wholly inside the window with text in it, a font of at least 12 px and a
/// colour other than the page's background; fails after [`UPDATE_TIMEOUT`] with what it saw.
async fn assert_readable(client: &Client, selector: &str) {
    wait_until(
        || async {
            let v = client
                .execute(
                    "const e = document.querySelector(arguments[0]); if (!e) return null;
                     const r = e.getBoundingClientRect(), s = getComputedStyle(e);
                     return [r.top, r.bottom, r.left, r.right, innerHeight, innerWidth,
                             parseFloat(s.fontSize), s.color, getComputedStyle(document.body).backgroundColor,
                             e.textContent.trim().length];",
                    vec![selector.into()],
                )
                .await
                .expect("measure the message");
            let Some(a) = v.as_array() else {
                return Err(format!("no {selector} on the page"));
            };
            let n = |i: usize| a[i].as_f64().unwrap_or(f64::NAN);
            let inside = n(0) >= 0.0 && n(1) <= n(4) && n(2) >= 0.0 && n(3) <= n(5);
            if inside && n(6) >= 12.0 && a[7] != a[8] && n(9) > 0.0 {
                Ok(())
            } else {
                Err(format!(
                    "top, bottom, left, right, window height and width, font size, colour, background, text length: {a:?}"
                ))
            }
        },
        UPDATE_TIMEOUT,
        &format!("{selector} to be readable in the window"),
    )
    .await;
}

/// The numbers the panel shows, if any: the headline's final and confidence.
async fn no_number(client: &Client) {
    let v = run(
        client,
        "const f = document.querySelector('#calculator #out-final'); return f ? f.textContent : '';",
    )
    .await;
    let shown = v.as_str().unwrap_or_default();
    assert!(
        !shown.chars().any(|c| c.is_ascii_digit()),
        "the panel shows a final ({shown}) for an input that gives none"
    );
}

#[tokio::test]
async fn the_repeated_items_pasted_show_a_message_then_the_next_edit_a_result() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        paste(&client, &repeated_items()).await;
        expect_contains(&client, "evidence-errors", "line 1:").await;
        expect_contains(&client, "evidence-errors", "MiB").await;
        no_number(&client).await;
        assert_readable(&client, "#evidence-errors .error").await;
        paste(&client, "+5 a\n-3 b").await;
        expect_text(&client, "out-final", "59").await;
        expect_text(&client, "out-confidence", "0.10").await;
    })
    .await;
}

#[tokio::test]
async fn the_repeated_items_as_a_share_link_show_a_message_then_the_next_edit_a_result() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        paste(&client, &repeated_items()).await;
        // The address records what is on screen once the input rests: that is the share link.
        let link = wait_until(
            || async {
                let href = run(&client, "return location.href;").await;
                match href.as_str() {
                    Some(h) if h.contains("#check=") => Ok(h.to_string()),
                    other => Err(format!("address {other:?}")),
                }
            },
            UPDATE_TIMEOUT,
            "the address to hold the input's share link",
        )
        .await;
        assert!(link.len() < 4000, "a link of {} characters", link.len());
        client.goto("about:blank").await.expect("leave the page");
        client.goto(&link).await.expect("open the share link");
        wait_ready(&client).await;
        expect_contains(&client, "evidence-errors", "line 1:").await;
        no_number(&client).await;
        assert_readable(&client, "#evidence-errors .error").await;
        paste(&client, "+5 a\n-3 b").await;
        expect_text(&client, "out-final", "59").await;
    })
    .await;
}

/// While the input holds `trap-here`, makes every change of markup trap the calculator's
/// wasm from inside its update of the panel: the hook calls the instance's own allocator with
/// an alignment no layout has, which aborts (a real `unreachable` trap of that instance, as a
/// panic or an exhausted memory ends). The test's own hook, so the shipped wasm holds no test
/// code. `false` removes the hook.
async fn trap_on_marker(client: &Client, on: bool) {
    let script = if on {
        "const done = arguments[0];
         const glue = performance.getEntriesByType('resource').map((e) => e.name)
           .find((n) => /pickanumber-calculator-island-[^/]*\\.js$/.test(n));
         import(glue).then((m) => m.default()).then((wasm) => {
           const d = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
           window.__innerHTML = d;
           Object.defineProperty(Element.prototype, 'innerHTML', { configurable: true, get: d.get,
             set(v) {
               if (document.getElementById('evidence-input')?.value.includes('trap-here')) wasm.__wbindgen_malloc(1, 3);
               d.set.call(this, v);
             } });
           done(true);
         }, (e) => done(String(e)));"
    } else {
        "const done = arguments[0];
         Object.defineProperty(Element.prototype, 'innerHTML', window.__innerHTML); done(true);"
    };
    let v = client
        .execute_async(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("the trap hook: {e}"));
    assert_eq!(v, Value::Bool(true), "the trap hook");
}

/// Whether the address's packed text is the input box's text (packed by the page's own
/// `pickanumberShare.pack`), and the address.
async fn address_holds(client: &Client) -> (bool, String) {
    let v = client
        .execute_async(
            "const done = arguments[0], box = document.getElementById('evidence-input');
             const now = location.hash;
             if (!box) return done([false, now]);
             pickanumberShare.pack(box.value).then(
               (d) => done([now.endsWith('&d=' + d), now]),
               (e) => done([false, now + ' (' + e + ')']));",
            vec![],
        )
        .await
        .unwrap_or_else(|e| panic!("read the address: {e}"));
    (
        v[0].as_bool().unwrap_or(false),
        v[1].as_str().unwrap_or_default().to_string(),
    )
}

#[tokio::test]
async fn a_trapped_calculator_shows_a_message_in_place_of_its_result_and_starts_afresh() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        // A setting the fresh instance must keep: the density denominator.
        run(
            &client,
            "const d = document.querySelector('[name=calc-den]'); d.value = '10';
             d.dispatchEvent(new Event('input', { bubbles: true }));",
        )
        .await;
        paste(&client, "+5 a\n-3 b").await;
        expect_text(&client, "out-confidence", "0.20").await;
        trap_on_marker(&client, true).await;
        paste(&client, "+5 trap-here\n+3 c").await;
        let shown = wait_until(
            || async {
                match run(&client, "const m = document.getElementById('out-stopped'); return m ? m.textContent : '';").await {
                    Value::String(s) if !s.is_empty() => Ok(s),
                    other => Err(format!("no message: {other}")),
                }
            },
            UPDATE_TIMEOUT,
            "the message of a stopped calculator",
        )
        .await;
        assert!(shown.starts_with(STOPPED), "{shown}");
        // In place of the result: no number, no earlier diagnostics, the input as typed.
        no_number(&client).await;
        assert_eq!(text(&client, "evidence-errors").await, "");
        let input = run(&client, "return document.getElementById('evidence-input').value;").await;
        assert_eq!(input, "+5 trap-here\n+3 c");
        let ready = run(&client, "return document.getElementById('calculator').hasAttribute('data-ready');").await;
        assert_eq!(ready, Value::Bool(false), "a stopped calculator is not ready");
        assert_readable(&client, "#out-stopped").await;
        // The next edit starts a fresh instance, which scores what is on screen with the
        // settings as typed: +5 −3 at a denominator of 10 gives 59 with confidence 0.20.
        trap_on_marker(&client, false).await;
        paste(&client, "+5 a\n-3 b").await;
        wait_until(
            || async {
                match run(&client, "return document.getElementById('calculator').hasAttribute('data-ready');").await {
                    Value::Bool(true) => Ok(()),
                    other => Err(format!("data-ready {other}")),
                }
            },
            READY_TIMEOUT,
            "a fresh instance of the calculator",
        )
        .await;
        expect_text(&client, "out-final", "59").await;
        expect_text(&client, "out-confidence", "0.20").await;
        let gone = run(&client, "return !document.getElementById('out-stopped');").await;
        assert_eq!(gone, Value::Bool(true), "the message outlives the fresh start");
        let den = run(&client, "return document.querySelector('[name=calc-den]').value;").await;
        assert_eq!(den, "10");
        // And the fresh instance keeps working, and records what is on screen in the address:
        // a reload brings back its text and settings, not the text that stopped the old one.
        paste(&client, "+5 a\n+3 b\n-1 c").await;
        expect_text(&client, "out-confidence", "0.30").await;
        wait_until(
            || async {
                let now = address_holds(&client).await;
                if now.0 && now.1.contains("den=10") {
                    Ok(())
                } else {
                    Err(format!("address {}", now.1))
                }
            },
            UPDATE_TIMEOUT,
            "the fresh instance to record its input in the address",
        )
        .await;
        client.refresh().await.expect("reload the page");
        wait_ready(&client).await;
        expect_text(&client, "out-final", "77").await;
        expect_text(&client, "out-confidence", "0.30").await;
    })
    .await;
}

/// The record of the address that an instance schedules after an edit
/// (`site/islands/src/state.rs`, once the visitor has paused) may still fire after the instance
/// stopped on that edit, even once a fresh instance is on screen: it must write nothing, or a
/// reload brings back the text that stopped the calculator. The test holds back the timers the
/// page sets while the input holds `trap-here` and runs them once the fresh instance has
/// recorded its own input, so the late record always comes last.
#[tokio::test]
async fn a_stopped_instance_s_late_record_leaves_the_fresh_instance_s_address_alone() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        run(
            &client,
            "const set = window.setTimeout; window.__set = set; window.__held = [];
             window.setTimeout = function (f, ms, ...rest) {
               if (ms > 0 && document.getElementById('evidence-input')?.value.includes('trap-here')) {
                 window.__held.push(f);
                 return 0;
               }
               return set.call(this, f, ms, ...rest);
             };",
        )
        .await;
        trap_on_marker(&client, true).await;
        paste(&client, "+5 trap-here\n+3 c").await;
        wait_until(
            || async {
                match run(&client, "return !!document.getElementById('out-stopped');").await {
                    Value::Bool(true) => Ok(()),
                    other => Err(format!("no message: {other}")),
                }
            },
            UPDATE_TIMEOUT,
            "the message of a stopped calculator",
        )
        .await;
        trap_on_marker(&client, false).await;
        run(&client, "window.setTimeout = window.__set;").await;
        let held = run(&client, "return window.__held.length;").await;
        assert!(
            held.as_u64().is_some_and(|n| n > 0),
            "the stopped instance scheduled no record of the address: {held}"
        );
        paste(&client, "+5 a\n-3 b").await;
        wait_ready(&client).await;
        expect_text(&client, "out-final", "59").await;
        wait_until(
            || async {
                match address_holds(&client).await {
                    (true, _) => Ok(()),
                    (false, now) => Err(format!("address {now}")),
                }
            },
            UPDATE_TIMEOUT,
            "the fresh instance to record its input in the address",
        )
        .await;
        // The stopped instance's record, late: it packs its text (a promise) before it writes.
        run(&client, "for (const f of window.__held) f();").await;
        tokio::time::sleep(std::time::Duration::from_secs(2)).await;
        let (holds, now) = address_holds(&client).await;
        assert!(
            holds,
            "the address {now} no longer holds the text on screen (+5 a / -3 b)"
        );
        client.refresh().await.expect("reload the page");
        wait_ready(&client).await;
        expect_text(&client, "out-final", "59").await;
    })
    .await;
}
