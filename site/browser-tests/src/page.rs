//! What a reader does and sees on a page: open it, wait for it to load and for the calculator
//! to mount, type or paste items, read the outputs. Every wait goes through [`wait_until`] with
//! one of the time-outs below.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::Value;

use crate::console::{console_log, format_log};
use crate::site::Served;
use crate::wait::{poll, wait_until};

/// How long a page may take to load and the live calculator to mount.
pub const READY_TIMEOUT: Duration = Duration::from_secs(20);
/// How long an output may take to show the result of an input.
pub const UPDATE_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a panel of the calculator's on-demand module may take to show, the module's first
/// load included.
pub const MODULE_TIMEOUT: Duration = Duration::from_secs(20);

/// The trimmed visible text of the element with id `id`.
///
/// # Panics
///
/// When there is no such element.
pub async fn text(client: &Client, id: &str) -> String {
    let el = client
        .find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("no element #{id}: {e}"));
    el.text()
        .await
        .unwrap_or_else(|e| panic!("text of #{id}: {e}"))
        .trim()
        .to_owned()
}

/// The value of a script's `return` in the page, as JSON.
///
/// # Panics
///
/// When the script cannot run.
pub async fn eval(client: &Client, script: &str) -> Value {
    client
        .execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("run `{script}` in the page: {e}"))
}

/// Waits until the page has loaded: `document.readyState` is `complete`, so every script,
/// stylesheet and image the page asked for has arrived or failed.
///
/// # Panics
///
/// After [`READY_TIMEOUT`].
pub async fn wait_loaded(client: &Client) {
    let what = "the page to load (document.readyState complete)";
    let script = "return document.readyState;";
    wait_value(client, script, "complete", READY_TIMEOUT, what).await;
}

/// Waits until the page has loaded and the browser has then gone idle (two animation frames,
/// then `requestIdleCallback`): work a page schedules at load (fonts, copy buttons, an eager
/// loader) has started or run.
///
/// # Panics
///
/// After [`READY_TIMEOUT`].
pub async fn wait_idle(client: &Client) {
    wait_loaded(client).await;
    let script = format!(
        "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => \
         requestIdleCallback(() => done(true), {{ timeout: {} }})));",
        READY_TIMEOUT.as_millis()
    );
    client
        .execute_async(&script, vec![])
        .await
        .unwrap_or_else(|e| panic!("wait for the browser to go idle: {e}"));
}

/// Scrolls the page's island (`div.calc`: `#calculator`, `#probe` or `#pairwise`, or `div.setup`; a heading may
/// have the id `probe` too) into view, as a reader
/// arrives at it (the page loads the wasm only when the island comes near), and waits until it
/// has mounted (`data-ready`).
///
/// # Panics
///
/// After [`READY_TIMEOUT`], with the browser's console log in the message.
pub async fn wait_ready(client: &Client) {
    const SCRIPT: &str = "const c = document.querySelector('div.calc[id], div.setup[id]'); \
                          if (c && !c.hasAttribute('data-ready')) c.scrollIntoView({block: 'center'}); \
                          return !!(c && c.hasAttribute('data-ready'));";
    let ready = poll(
        || async {
            eval(client, SCRIPT)
                .await
                .as_bool()
                .filter(|&r| r)
                .ok_or(String::new())
        },
        READY_TIMEOUT,
    )
    .await;
    if ready.is_err() {
        panic!(
            "waited {} s for the island (#calculator, #probe, #pairwise or #setup) to be data-ready; the console said:\n{}",
            READY_TIMEOUT.as_secs(),
            format_log(&console_log(client).await)
        );
    }
}

/// Opens the home page and waits for the live calculator.
///
/// # Panics
///
/// When the page does not open or the calculator does not mount.
pub async fn open_calculator(client: &Client, site: &Served) {
    client
        .goto(&site.url("/"))
        .await
        .expect("open the home page");
    wait_ready(client).await;
}

/// Replaces the calculator's input with `items`, typed key by key as a person would.
///
/// # Panics
///
/// When there is no `#evidence-input`.
pub async fn type_items(client: &Client, items: &str) {
    let input = client
        .find(Locator::Id("evidence-input"))
        .await
        .expect("the live calculator has #evidence-input");
    input.clear().await.expect("clear #evidence-input");
    // `clear` may leave text behind if the app re-renders the old value; select all and delete.
    input
        .send_keys("\u{E009}a\u{E009}\u{E017}")
        .await
        .expect("select all and delete");
    input
        .send_keys(items)
        .await
        .expect("type into #evidence-input");
    let typed = input.prop("value").await.expect("read the input back");
    assert_eq!(
        typed.as_deref().map(|v| v.replace("\r\n", "\n")),
        Some(items.to_owned()),
        "#evidence-input does not hold what was typed"
    );
}

/// Puts `value` into the calculator's input at once, as a paste does, and fires the input
/// event (typing 100,000 lines key by key would take hours).
///
/// # Panics
///
/// When the script cannot run.
pub async fn paste(client: &Client, value: &str) {
    paste_into(client, "evidence-input", value).await;
}

/// Puts `value` into the text box with id `id` at once, as a paste does, and fires the input
/// event.
///
/// # Panics
///
/// When the script cannot run.
pub async fn paste_into(client: &Client, id: &str, value: &str) {
    client
        .execute(
            "const t = document.getElementById(arguments[0]); t.value = arguments[1]; \
             t.dispatchEvent(new Event('input', { bubbles: true }));",
            vec![id.into(), value.into()],
        )
        .await
        .unwrap_or_else(|e| panic!("paste into #{id}: {e}"));
}

/// Waits up to [`UPDATE_TIMEOUT`] for the element `id` to contain `needle`.
///
/// # Panics
///
/// With the text it showed instead.
pub async fn expect_contains(client: &Client, id: &str, needle: &str) {
    expect_shown(client, id, needle, false).await;
}

/// Waits up to [`UPDATE_TIMEOUT`] for the element `id` to show `expected`.
///
/// # Panics
///
/// With the text it showed instead.
pub async fn expect_text(client: &Client, id: &str, expected: &str) {
    expect_shown(client, id, expected, true).await;
}

/// Waits for the element `id` to show `want` (`whole`) or to contain it.
async fn expect_shown(client: &Client, id: &str, want: &str, whole: bool) {
    let verb = if whole { "show" } else { "contain" };
    wait_until(
        || async {
            let shown = text(client, id).await;
            let seen = if whole {
                shown == want
            } else {
                shown.contains(want)
            };
            seen.then_some(()).ok_or(format!("{shown:?}"))
        },
        UPDATE_TIMEOUT,
        &format!("#{id} to {verb} {want:?}"),
    )
    .await;
}

/// Waits up to [`MODULE_TIMEOUT`] until the element `id` exists and its text contains every
/// one of `needles`, and returns its text: for panels that only appear once the calculator's
/// on-demand module has loaded.
///
/// # Panics
///
/// With what the element showed instead (or that there was none).
pub async fn wait_shown(client: &Client, id: &str, needles: &[&str]) -> String {
    wait_until(
        || async {
            let t = client
                .execute(
                    "const e = document.getElementById(arguments[0]); return e ? e.innerText : null;",
                    vec![id.into()],
                )
                .await
                .map_err(|e| e.to_string())?;
            match t.as_str() {
                Some(t) if needles.iter().all(|n| t.contains(n)) => Ok(t.to_string()),
                other => Err(format!("#{id} shows {other:?}")),
            }
        },
        MODULE_TIMEOUT,
        &format!("#{id} to contain {needles:?}"),
    )
    .await
}

/// Waits up to `timeout` until `script`'s `return` in the page is `want`; `what` says what
/// that means in the failure message.
///
/// # Panics
///
/// With the last value the script returned (or why it could not run).
pub async fn wait_value(
    client: &Client,
    script: &str,
    want: impl Into<Value>,
    timeout: Duration,
    what: &str,
) {
    let want = want.into();
    wait_until(
        || async {
            let got = client.execute(script, vec![]).await;
            let got = got.map_err(|e| e.to_string())?;
            (got == want).then_some(()).ok_or(got.to_string())
        },
        timeout,
        what,
    )
    .await;
}

/// The size of the first element matching `selector`: `(width, height)` from
/// `getBoundingClientRect`, and the viewport width it was measured in.
///
/// # Panics
///
/// When nothing matches.
pub async fn box_size(client: &Client, selector: &str) -> (f64, f64, f64) {
    let el = client
        .find(Locator::Css(selector))
        .await
        .unwrap_or_else(|e| panic!("no element {selector}: {e}"));
    let (_, _, width, height) = el
        .rectangle()
        .await
        .unwrap_or_else(|e| panic!("size of {selector}: {e}"));
    let viewport = eval(client, "return document.documentElement.clientWidth;")
        .await
        .as_f64()
        .unwrap_or(f64::NAN);
    (width, height, viewport)
}

/// `n` item lines with varied impacts (`+5 evidence item 0`, `+3 evidence item 1`, …) and no
/// trailing newline: the input the latency and interval measurements type or paste.
pub fn item_lines(n: usize) -> String {
    const IMPACTS: [&str; 8] = ["+5", "+3", "+2", "+1", "-1", "-2", "-3", "-5"];
    (0..n)
        .map(|i| format!("{} evidence item {i}", IMPACTS[i % IMPACTS.len()]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Why the element matching `selector` is not seen, or `None` when it is: after the page (and
/// only the page, never a box inside it) is scrolled to bring the element's top near the
/// viewport's top, the element has a size, its box lies within the viewport's width and its
/// top within the viewport's height, and no ancestor that clips its content (any `overflow`
/// but `visible`) cuts any of it off. An element taller than the viewport is seen from its top.
///
/// # Panics
///
/// When the script cannot run.
pub async fn unseen(client: &Client, selector: &str) -> Option<String> {
    const SCRIPT: &str = "
        const el = document.querySelector(arguments[0]);
        if (!el) return 'there is no such element';
        const name = (e) => e.nodeName.toLowerCase() + (e.id ? '#' + e.id : '') +
            (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
        const top = el.getBoundingClientRect().top + window.scrollY;
        window.scrollTo({ top: Math.max(0, top - 8), behavior: 'instant' });
        const r = el.getBoundingClientRect();
        const vw = document.documentElement.clientWidth, vh = window.innerHeight;
        const problems = [];
        if (r.width < 1 || r.height < 1) problems.push(`it has no size (${r.width}x${r.height})`);
        if (r.left < -0.5 || r.right > vw + 0.5) problems.push(`it spans x ${r.left.toFixed(1)} to ${r.right.toFixed(1)}, beyond the viewport's 0 to ${vw}`);
        if (r.top < -0.5 || r.top > vh - 1) problems.push(`its top is at ${r.top.toFixed(1)}, outside the viewport's 0 to ${vh}`);
        for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
            const s = getComputedStyle(a);
            const clipX = s.overflowX !== 'visible', clipY = s.overflowY !== 'visible';
            if (!clipX && !clipY) continue;
            const b = a.getBoundingClientRect();
            const left = b.left + a.clientLeft, right = left + a.clientWidth;
            const up = b.top + a.clientTop, down = up + a.clientHeight;
            if (clipX && (r.left < left - 0.5 || r.right > right + 0.5))
                problems.push(`${name(a)} (overflow-x ${s.overflowX}) cuts it sideways: it spans x ${r.left.toFixed(1)} to ${r.right.toFixed(1)}, the box shows ${left.toFixed(1)} to ${right.toFixed(1)}`);
            if (clipY && (r.top < up - 0.5 || r.bottom > down + 0.5))
                problems.push(`${name(a)} (overflow-y ${s.overflowY}) cuts it: it spans y ${r.top.toFixed(1)} to ${r.bottom.toFixed(1)}, the box shows ${up.toFixed(1)} to ${down.toFixed(1)} (${a.scrollHeight} px of content in ${a.clientHeight})`);
        }
        return problems.length ? problems.join('; ') : null;";
    let seen = client
        .execute(SCRIPT, vec![selector.into()])
        .await
        .unwrap_or_else(|e| panic!("measure {selector}: {e}"));
    seen.as_str().map(|why| format!("{selector}: {why}"))
}
