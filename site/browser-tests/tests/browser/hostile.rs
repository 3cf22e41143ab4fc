//! Hostile input: script-shaped text pasted into every mode and put into the share-link
//! fragment never runs and never becomes markup; a very large paste is scored in full.

use fantoccini::{Client, Locator};
use pickanumber_browser_tests::{
    expect_text, open_calculator, paste, serve_dist, text, wait_ready, wait_until, with_browser,
    BrowserOptions, UPDATE_TIMEOUT,
};

/// Payloads in the styles attackers use; each would set `window.__pwned` if it ran.
fn payloads() -> Vec<String> {
    let mut p = vec![
        "<script>window.__pwned=1</script>".to_string(),
        "<img src=x onerror=\"window.__pwned=1\">".into(),
        "<svg onload=\"window.__pwned=1\"></svg>".into(),
        "<svg><script>window.__pwned=1</script></svg>".into(),
        "<iframe src=\"javascript:window.top.__pwned=1\"></iframe>".into(),
        "<a href=\"javascript:window.__pwned=1\">click</a>".into(),
        "<body onload=window.__pwned=1>".into(),
        "<input autofocus onfocus=window.__pwned=1>".into(),
        "<details open ontoggle=window.__pwned=1>".into(),
        "<video><source onerror=\"window.__pwned=1\"></video>".into(),
        "<audio src=x onerror=window.__pwned=1>".into(),
        "<object data=\"javascript:window.__pwned=1\"></object>".into(),
        "<embed src=\"javascript:window.__pwned=1\">".into(),
        "<math><mtext><table><mglyph><style><img src=x onerror=window.__pwned=1>".into(),
        "\"><script>window.__pwned=1</script>".into(),
        "'><img src=x onerror=window.__pwned=1>".into(),
        "</textarea><script>window.__pwned=1</script>".into(),
        "</title><script>window.__pwned=1</script>".into(),
        "<scr<script>ipt>window.__pwned=1</scr</script>ipt>".into(),
        "<IMG SRC=JaVaScRiPt:window.__pwned=1>".into(),
        "<img src=\"x\" onerror=\"&#119;indow.__pwned=1\">".into(),
        "<img src=x:alert(1) onerror=eval('window.__pwned=1')>".into(),
        "<div style=\"background:url(javascript:window.__pwned=1)\">".into(),
        "<meta http-equiv=\"refresh\" content=\"0;url=javascript:window.__pwned=1\">".into(),
        "<base href=\"javascript:window.__pwned=1//\">".into(),
        "<form><button formaction=javascript:window.__pwned=1>x</button></form>".into(),
        "<marquee onstart=window.__pwned=1>".into(),
        "<select autofocus onfocus=window.__pwned=1>".into(),
        "<textarea autofocus onfocus=window.__pwned=1>".into(),
        "<keygen autofocus onfocus=window.__pwned=1>".into(),
        "<x contenteditable onblur=window.__pwned=1>lose focus".into(),
        "<svg><animate onbegin=window.__pwned=1 attributeName=x dur=1s>".into(),
        "<svg><a xlink:href=\"javascript:window.__pwned=1\"><text x=20 y=20>x</text></a></svg>"
            .into(),
        "<img src=x onerror=window['__pw'+'ned']=1>".into(),
        "\u{202e}<img src=x onerror=window.__pwned=1>".into(),
        "＜script＞window.__pwned=1＜/script＞".into(),
        "<img src=x onerror=\u{200b}window.__pwned=1>".into(),
        "javascript:window.__pwned=1".into(),
        "data:text/html,<script>window.__pwned=1</script>".into(),
        "{{constructor.constructor('window.__pwned=1')()}}".into(),
        "${window.__pwned=1}".into(),
        "<!--<img src=\"--><img src=x onerror=window.__pwned=1//\">".into(),
        "<noscript><p title=\"</noscript><img src=x onerror=window.__pwned=1>\">".into(),
        "<style>@import 'javascript:window.__pwned=1';</style>".into(),
        "<link rel=import href=\"data:text/html,<script>window.__pwned=1</script>\">".into(),
        "<isindex type=image src=1 onerror=window.__pwned=1>".into(),
        "<table background=\"javascript:window.__pwned=1\">".into(),
        "<frameset onload=window.__pwned=1>".into(),
        "<svg><foreignObject><img src=x onerror=window.__pwned=1></foreignObject></svg>".into(),
        "<template><img src=x onerror=window.__pwned=1></template>".into(),
    ];
    // The same payloads as item text, as labels, and inside JSON.
    let base = p.clone();
    p.extend(base.iter().take(10).map(|x| format!("+3 {x}")));
    p.extend(base.iter().take(5).map(|x| format!("(+3, {x}) text")));
    p.extend(base.iter().take(5).map(|x| {
        format!(
            "[{{\"impact\": 3, \"text\": {}}}]",
            serde_json::Value::String(x.clone())
        )
    }));
    p
}

/// Starts loading a missing image outside the calculator and waits for its `error` event: by
/// then, the error events of any image a payload put into the page (requested earlier) have
/// fired too, so a payload that could run has run.
async fn let_error_handlers_run(client: &Client) {
    client
        .execute(
            "window.__probe = 0; const i = new Image(); i.onerror = () => { window.__probe = 1; }; \
             i.src = '/no-such-file.png?' + Math.random();",
            vec![],
        )
        .await
        .expect("start the probe image");
    wait_until(
        || async {
            match client.execute("return window.__probe;", vec![]).await {
                Ok(v) if v == 1 => Ok(()),
                other => Err(format!("{other:?}")),
            }
        },
        UPDATE_TIMEOUT,
        "the probe image's error event",
    )
    .await;
}

async fn assert_untouched(client: &Client, context: &str) {
    let_error_handlers_run(client).await;
    let state = client
        .execute(
            "const c = document.getElementById('calculator'); return { pwned: window.__pwned || 0, \
             injected: c.querySelectorAll('script, img, iframe, object, embed, video, audio, form, style, link, meta, base, marquee, frameset, template, math').length, \
             svgs: [...c.querySelectorAll('svg')].filter(s => !s.closest('figure.calc-picture')).length };",
            vec![],
        )
        .await
        .expect("inspect the page");
    assert_eq!(state["pwned"], 0, "{context}: a payload ran");
    assert_eq!(
        state["injected"], 0,
        "{context}: markup was injected into the calculator"
    );
    // The calculator's own picture (absent when no item was read) is the only svg.
    assert_eq!(
        state["svgs"], 0,
        "{context}: an svg outside the calculator's own picture"
    );
}

#[tokio::test]
async fn pasted_payloads_show_as_text_in_every_mode() {
    let site = serve_dist();
    let payloads = payloads();
    assert!(payloads.len() >= 50);
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        for mode in ["auto", "pooled", "matrix", "feedback"] {
            let radio = client
                .find(Locator::Css(&format!(
                    "input[name=calc-mode][value={mode}]"
                )))
                .await
                .expect("mode radio");
            // A person would press Space on the focused radio; so does this test.
            radio.send_keys(" ").await.expect("choose the mode");
            let hint = text(&client, "out-format").await;
            assert!(
                mode == "auto" || hint.contains(&format!("{mode} mode")),
                "{mode}: {hint}"
            );
            for (i, p) in payloads.iter().enumerate() {
                paste(&client, &format!("## Working\n{p}\n+2 {p}")).await;
                assert_untouched(&client, &format!("{mode} mode, payload {i}: {p}")).await;
            }
            // The text itself is shown as text where the page echoes it (errors, lists).
            paste(&client, "(+3, <b>bold</b>) x").await;
            let errors = text(&client, "evidence-errors").await;
            assert!(
                errors.contains("label \"<b>bold</b>\" is not a name"),
                "{mode}: {errors}"
            );
        }
    })
    .await;
}

#[tokio::test]
async fn payloads_in_the_share_fragment_never_run() {
    let site = serve_dist();
    let payloads = payloads();
    with_browser(BrowserOptions::default(), move |client| async move {
        for (i, p) in payloads.iter().enumerate().step_by(3) {
            let enc: String = p.bytes().map(|b| format!("%{b:02X}")).collect();
            for fragment in [
                format!("mode={enc}"),
                format!("preset={enc}&w={enc}"),
                format!("d={enc}"),
            ] {
                client
                    .goto(&site.url(&format!("/?x={i}#{fragment}")))
                    .await
                    .expect("open");
                wait_ready(&client).await;
                assert_untouched(&client, &format!("fragment {fragment}")).await;
            }
        }
    })
    .await;
}

#[tokio::test]
async fn a_hundred_thousand_items_are_scored_and_the_page_stays_responsive() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        let big: String = (0..100_000)
            .map(|i| {
                if i % 4 == 3 {
                    "-1 small flaw\n"
                } else {
                    "+1 small win\n"
                }
            })
            .collect();
        assert!(big.len() > 1_000_000);
        let started = std::time::Instant::now();
        paste(&client, &big).await;
        expect_text(&client, "out-total", "100000").await;
        // 75,000 × +1 and 25,000 × −1: net +50,000 → normalized 158.1 → raw clamped at 100 → 100.
        expect_text(&client, "out-net", "+50000").await;
        expect_text(&client, "out-final", "100").await;
        let elapsed = started.elapsed();
        // Responsive afterwards: a small edit still updates.
        paste(&client, "+5 a\n-3 b").await;
        expect_text(&client, "out-final", "59").await;
        println!(
            "100,000 items scored and shown in {} ms",
            elapsed.as_millis()
        );
    })
    .await;
}
