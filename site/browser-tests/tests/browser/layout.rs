//! No layout shift: the calculator's box has the same size before the wasm app mounts (the
//! static example, seen with the wasm blocked and with JavaScript off) as after, at a phone
//! width and a desktop width; and the box never cuts off what it holds, also after typing
//! (its results grow with the page then: growth after input is not a shift).

use pickanumber_browser_tests::{
    box_size, expect_text, serve_dist, serve_dist_without_calculator, type_items, wait_loaded,
    wait_ready, with_browser, BrowserOptions, Client, Served,
};
use std::sync::{Arc, Mutex};

const WIDTHS: [u32; 2] = [360, 1280];

/// `(width, height, viewport width)`, as [`box_size`] gives it.
type Size = (f64, f64, f64);

/// Which state of the page to measure.
#[derive(Clone, Copy, PartialEq)]
enum State {
    /// The live app, after `data-ready`.
    Live,
    /// The static example: the wasm is blocked, or JavaScript is off.
    Static,
}

/// Fails when `#calculator` hides part of its content.
async fn assert_nothing_cut_off(client: &Client, what: &str) {
    let overflow = client
        .execute(
            "const c = document.getElementById('calculator'); return [c.scrollHeight, c.clientHeight];",
            vec![],
        )
        .await
        .expect("run a script");
    let content = overflow[0].as_f64().expect("scrollHeight");
    let room = overflow[1].as_f64().expect("clientHeight");
    assert!(
        content <= room + 1.0,
        "#calculator's content is {content} px tall but the box shows {room} px ({what})"
    );
}

/// The size of `#calculator` on `site`'s home page in `state`; for the live app, also checks
/// that nothing is cut off after typing an input with an error and an ignored line.
async fn measure(site: Served, options: BrowserOptions, state: State) -> Size {
    let result = Arc::new(Mutex::new(None));
    let slot = Arc::clone(&result);
    let what = format!(
        "{} page, window {}, JavaScript {}",
        if state == State::Live {
            "live"
        } else {
            "static"
        },
        options.width,
        if options.javascript { "on" } else { "off" }
    );
    with_browser(options, move |client| async move {
        client.goto(&site.url("/")).await.expect("open the home page");
        if state == State::Live {
            wait_ready(&client).await;
        } else {
            // Once the page has loaded, every script it asked for has run or failed: a
            // calculator that should not mount would have had its chance.
            wait_loaded(&client).await;
            let seen = client
                .execute(
                    "const c = document.getElementById('calculator');
                     const n = c.querySelector('noscript');
                     return [c.hasAttribute('data-ready'), n ? n.children.length > 0 : null];",
                    vec![],
                )
                .await
                .expect("run a script");
            assert_eq!(seen[0], false, "the calculator mounted ({what})");
            // With scripting off the parser builds <noscript>'s content as elements; with it
            // on, as text. This proves which of the two the page really had.
            assert_eq!(seen[1], !options.javascript, "<noscript> disagrees ({what})");
        }
        assert_nothing_cut_off(&client, &what).await;
        let size = box_size(&client, "#calculator").await;
        if state == State::Live {
            type_items(&client, "+5 final state correct\nhello there\n+4 nope\n-2 wrong pane first\n+1 x\n+1 y\n+2 z").await;
            // Five items count (+5, −2, +1, +1, +2): the outputs show the typed input.
            expect_text(&client, "out-total", "5").await;
            assert_nothing_cut_off(&client, &format!("{what}, after typing")).await;
        }
        *slot.lock().unwrap() = Some(size);
    })
    .await;
    let size = result.lock().unwrap().take();
    size.expect("measured")
}

fn assert_same(before: Size, live: Size, what: &str, width: u32) {
    assert_eq!(
        before.2, live.2,
        "the pages were measured at different viewport widths ({what}, window {width})"
    );
    assert!(
        (before.0 - live.0).abs() <= 1.0 && (before.1 - live.1).abs() <= 1.0,
        "at window width {width} (viewport {} px) #calculator is {:.1}×{:.1} {what} but {:.1}×{:.1} once the live app has mounted",
        live.2,
        before.0,
        before.1,
        live.0,
        live.1
    );
}

#[tokio::test]
async fn mounting_does_not_change_the_calculator_box() {
    let site = serve_dist();
    let blocked = serve_dist_without_calculator();
    for width in WIDTHS {
        let options = BrowserOptions {
            width,
            height: 900,
            ..BrowserOptions::default()
        };
        let no_js = BrowserOptions {
            javascript: false,
            ..options
        };
        let live = measure(site, options, State::Live).await;
        let before_wasm = measure(blocked, options, State::Static).await;
        let without_js = measure(site, no_js, State::Static).await;
        println!("window {width}: live {live:?}, before the wasm {before_wasm:?}, without JavaScript {without_js:?}");
        assert!(
            live.2 <= f64::from(width) && live.2 >= f64::from(width) - 20.0,
            "window {width} gave a viewport {} px wide",
            live.2
        );
        assert_same(before_wasm, live, "before the wasm loads", width);
        assert_same(without_js, live, "with JavaScript off", width);
    }
}
