//! The calculator says what it read, where the reader looks, and its share links check
//! themselves:
//!
//! - item errors stand right under the headline and name the line; the actions (Copy report,
//!   Copy share link, Save pass) are in view without scrolling the results pane; the matrix and
//!   feedback tables never break inside a word; at 390 and 1280 px;
//! - text with no item shows "No items read" and the lines not used, not a number;
//! - a share link carries a check: a damaged one, or one without its check, is refused with a
//!   message (the example stays), a leading BOM survives, and text over the 2,000,000 bytes a link
//!   can carry gets a message instead of a link.

use std::time::Duration;

use pickanumber_browser_tests::{
    expect_contains, expect_text, open_calculator, paste, serve_dist, text, wait_ready, wait_until,
    with_browser, BrowserOptions, Client, Locator, UPDATE_TIMEOUT,
};
use serde_json::{json, Value};

/// The rectangles of the results pane and of `selector` in it, after scrolling the pane to
/// its top: `[pane top, pane bottom, top, bottom]`.
async fn in_pane(client: &Client, selector: &str) -> Vec<f64> {
    let v = client
        .execute(
            "const pane = document.querySelector('#calculator .calc-results'); pane.scrollTo({top: 0, behavior: 'instant'});
             document.getElementById('calculator').scrollIntoView({block: 'start', behavior: 'instant'});
             const p = pane.getBoundingClientRect();
             const r = document.querySelector(arguments[0]).getBoundingClientRect();
             return [p.top, Math.min(p.bottom, innerHeight), r.top, r.bottom];",
            vec![json!(selector)],
        )
        .await
        .unwrap_or_else(|e| panic!("measure {selector}: {e}"));
    v.as_array()
        .expect("four numbers")
        .iter()
        .map(|x| x.as_f64().unwrap_or(f64::NAN))
        .collect()
}

/// Fails unless `selector` is wholly inside the results pane's visible part with the pane
/// scrolled to its top (and the calculator at the top of the window).
async fn assert_in_view(client: &Client, selector: &str, what: &str) {
    let r = in_pane(client, selector).await;
    assert!(
        r[2] >= r[0] - 1.0 && r[3] <= r[1] + 1.0,
        "{what}: {selector} spans {}–{} px but the results pane shows {}–{} px",
        r[2],
        r[3],
        r[0],
        r[1]
    );
}

/// The words of the result tables that the browser broke across lines (a break after a
/// hyphen, as in "sign-|up", is where a word may break).
async fn broken_words(client: &Client) -> Value {
    client
        .execute(
            "const broken = [];
             for (const t of document.querySelectorAll('#calculator table')) {
               const walk = document.createTreeWalker(t, NodeFilter.SHOW_TEXT);
               for (let n = walk.nextNode(); n; n = walk.nextNode()) {
                 for (const m of n.data.matchAll(/[^\\s-]+-?/g)) {
                   const r = document.createRange();
                   r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
                   const lines = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
                   if (lines.size > 1) broken.push(m[0]);
                 }
               }
             }
             return broken;",
            vec![],
        )
        .await
        .expect("look for broken words")
}

async fn load_example(client: &Client, label: &str) {
    client
        .find(Locator::XPath(&format!("//button[contains(., '{label}')]")))
        .await
        .unwrap_or_else(|e| panic!("the example button {label}: {e}"))
        .send_keys("\u{E007}")
        .await
        .expect("load the example with Enter");
}

async fn check_layout(width: u32) {
    let site = serve_dist();
    let options = BrowserOptions {
        width,
        height: 844,
        ..BrowserOptions::default()
    };
    with_browser(options, move |client| async move {
        let what = format!("{width} px");
        open_calculator(&client, &site).await;
        // Line 2 is not an item (+4 is not an allowed impact).
        paste(&client, "+5 a\n+4 b\n-3 c").await;
        expect_contains(&client, "evidence-errors", "line 2").await;
        let headline = in_pane(&client, "#calculator .calc-headline").await;
        let errors = in_pane(&client, "#evidence-errors li").await;
        assert!(
            errors[2] >= headline[3] - 1.0 && errors[2] - headline[3] < 60.0,
            "{what}: the first error starts at {} px, the headline ends at {} px",
            errors[2],
            headline[3]
        );
        assert_in_view(&client, "#evidence-errors li", &what).await;
        for button in ["#copy-report", "#copy-link", "#save-pass"] {
            assert_in_view(&client, button, &what).await;
        }
        for example in ["Matrix: hackathon", "Feedback: four buckets"] {
            load_example(&client, example).await;
            wait_until(
                || async {
                    let n = client
                        .execute(
                            "return document.querySelectorAll('#calculator table').length;",
                            vec![],
                        )
                        .await
                        .expect("count the tables");
                    if n.as_u64().unwrap_or(0) > 0 {
                        Ok(())
                    } else {
                        Err("no table".to_string())
                    }
                },
                UPDATE_TIMEOUT,
                &format!("the {example} example's table"),
            )
            .await;
            assert_eq!(broken_words(&client).await, json!([]), "{what}, {example}");
        }
    })
    .await;
}

#[tokio::test]
async fn errors_and_actions_are_in_view_and_tables_keep_words_whole_at_390_px() {
    check_layout(390).await;
}

#[tokio::test]
async fn errors_and_actions_are_in_view_and_tables_keep_words_whole_at_1280_px() {
    check_layout(1280).await;
}

#[tokio::test]
async fn text_with_no_item_has_no_number() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        paste(&client, "hello\nI'd give it 7/10.").await;
        expect_text(&client, "out-final-label", "No items read").await;
        expect_text(&client, "out-final", "—").await;
        expect_contains(&client, "out-nothing", "the text is not JSON").await;
        expect_contains(&client, "out-nothing", "not used").await;
        assert_in_view(&client, "#out-nothing", "1280 px").await;
    })
    .await;
}

/// Presses Copy share link and returns the link the page shows.
async fn share_link(client: &Client) -> String {
    client
        .find(Locator::Id("copy-link"))
        .await
        .expect("the Copy share link button")
        .send_keys("\u{E007}")
        .await
        .expect("press Enter on Copy share link");
    wait_until(
        || async {
            let href = client
                .execute(
                    "const a = document.getElementById('share-link'); return a ? a.href : '';",
                    vec![],
                )
                .await
                .expect("read #share-link");
            match href.as_str() {
                Some(h) if !h.is_empty() => Ok(h.to_string()),
                _ => Err(format!(
                    "no link; #calc-status {:?}",
                    text(client, "calc-status").await
                )),
            }
        },
        UPDATE_TIMEOUT,
        "#share-link after Copy share link",
    )
    .await
}

async fn open(client: &Client, url: &str) {
    client.goto("about:blank").await.expect("leave the page");
    client.goto(url).await.expect("open the link");
    wait_ready(client).await;
}

async fn input_value(client: &Client) -> String {
    client
        .find(Locator::Id("evidence-input"))
        .await
        .expect("the input")
        .prop("value")
        .await
        .expect("its value")
        .unwrap_or_default()
}

#[tokio::test]
async fn share_links_check_themselves() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        let example = input_value(&client).await;
        let bom = "\u{feff}+5 a\n-3 b";
        paste(&client, bom).await;
        let link = share_link(&client).await;
        assert!(link.contains("#check="), "{link}");

        // The link restores the text, its BOM included.
        open(&client, &link).await;
        expect_contains(&client, "calc-status", "Restored from the link").await;
        assert_eq!(input_value(&client).await, bom);

        // One character of the data changed: refused, and the example stays.
        let at = link.rfind("d=").expect("a d= part") + 4;
        let swapped = if &link[at..=at] == "A" { "B" } else { "A" };
        let damaged = format!("{}{swapped}{}", &link[..at], &link[at + 1..]);
        open(&client, &damaged).await;
        expect_contains(
            &client,
            "calc-status",
            "the link is damaged (its check does not match its data); it was ignored",
        )
        .await;
        assert_eq!(input_value(&client).await, example);

        // The same link with its check cut off, and a link without one: refused, the
        // example stays (an unknown mode or damaged data is never reached).
        let (start, rest) = link.split_once("#check=").expect("a check");
        let (_, body) = rest.split_once('&').expect("a body after the check");
        for unchecked in [format!("{start}#{body}"), site.url("/?m#mode=bogus&d=fcnB")] {
            open(&client, &unchecked).await;
            expect_contains(
                &client,
                "calc-status",
                "the link has no check (`check=` first), so it cannot be told from a damaged one; it was ignored",
            )
            .await;
            assert_eq!(input_value(&client).await, example, "{unchecked}");
        }

        // Text a link cannot carry gets a message, and no link.
        let big = "+1 x\n".repeat(400_001);
        paste(&client, &big).await;
        client
            .find(Locator::Id("copy-link"))
            .await
            .expect("the Copy share link button")
            .click()
            .await
            .expect("press Copy share link");
        expect_text(
            &client,
            "calc-status",
            "This input is 2000005 bytes, over the 2,000,000 a link can carry; copy the report instead.",
        )
        .await;
        let links = client
            .execute("return document.querySelectorAll('#share-link').length;", vec![])
            .await
            .expect("count the links");
        assert_eq!(links, json!(0));
        tokio::time::sleep(Duration::from_millis(10)).await;
    })
    .await;
}
