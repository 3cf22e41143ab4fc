//! The home page's first screen argues: at a phone size (390 × 844) and a desktop size
//! (1280 × 900) the problem and the claim, and the worked example's score, are inside the first
//! viewport, without scrolling. The score shown is the one the formula gives for the example's
//! items, which are read from `content/index.md` and scored again here. The example's link opens
//! the same items in the calculator, which shows the same final.

use pickanumber_browser_tests::{
    expect_text, repo, serve_dist, wait_loaded, wait_ready, with_browser, BrowserOptions,
};
use pickanumber_score::{analyse, Request};

const SIZES: [(u32, u32); 2] = [(390, 844), (1280, 900)];

/// The items of the home page's `show=lead` evidence block, as written.
fn lead_items() -> String {
    let home = std::fs::read_to_string(repo().join("content/index.md")).expect("content/index.md");
    let start = home
        .find("```evidence id=lead show=lead\n")
        .expect("the home page has an evidence block id=lead show=lead");
    let body = &home[start..];
    let body = &body[body.find('\n').unwrap() + 1..];
    body[..body.find("```").expect("the block is closed")]
        .trim_end()
        .to_string()
}

/// The final the formula gives for the example, as the page prints it.
fn lead_final() -> String {
    let a = analyse(&lead_items(), &Request::default());
    let h = a.headline().expect("the example has a headline");
    h.score_text()
}

#[tokio::test]
async fn the_worked_example_and_its_score_are_in_the_first_viewport() {
    let want = lead_final();
    for (width, height) in SIZES {
        let site = serve_dist();
        let want = want.clone();
        let options = BrowserOptions {
            width,
            height,
            ..BrowserOptions::default()
        };
        with_browser(options, move |client| async move {
            client.goto(&site.url("/")).await.expect("open the home page");
            wait_loaded(&client).await;
            let seen = client
                .execute(
                    "window.scrollTo(0, 0);
                     const box = (s) => { const e = document.querySelector(s);
                       if (!e) return null; const r = e.getBoundingClientRect();
                       return [r.top, r.bottom, r.left, r.right, e.textContent.trim()]; };
                     return [window.innerWidth, window.innerHeight, box('.hero .lead'),
                             box('.lead-example .lead-result strong'), box('.lead-example .lead-open a')];",
                    vec![],
                )
                .await
                .expect("run a script");
            let at = format!("{width} × {height}");
            let (vw, vh) = (seen[0].as_f64().unwrap(), seen[1].as_f64().unwrap());
            // The viewport is the size asked for, not a taller one that would make this easy.
            assert!(vw <= f64::from(width) && vh <= f64::from(height), "{at}: viewport {vw} × {vh}");
            for (i, what) in [(2, "the problem and claim"), (3, "the example's score"), (4, "the calculator link")] {
                let b = seen[i].as_array().unwrap_or_else(|| panic!("{at}: no element for {what}"));
                let (top, bottom) = (b[0].as_f64().unwrap(), b[1].as_f64().unwrap());
                let (left, right) = (b[2].as_f64().unwrap(), b[3].as_f64().unwrap());
                assert!(
                    top >= 0.0 && bottom <= vh && left >= 0.0 && right <= vw,
                    "{at}: {what} is at {top}–{bottom} (x {left}–{right}), outside the first {vw} × {vh} viewport"
                );
            }
            assert_eq!(seen[3][4], want.as_str(), "{at}: the score shown is not the formula's");
        })
        .await;
    }
}

#[tokio::test]
async fn the_example_link_opens_its_items_in_the_calculator() {
    let site = serve_dist();
    let (items, want) = (lead_items(), lead_final());
    with_browser(BrowserOptions::default(), move |client| async move {
        client
            .goto(&site.url("/"))
            .await
            .expect("open the home page");
        wait_loaded(&client).await;
        client
            .execute(
                "document.querySelector('.lead-example .lead-open a').click();",
                vec![],
            )
            .await
            .expect("follow the link");
        wait_ready(&client).await;
        let input = client
            .execute(
                "return document.getElementById('evidence-input').value;",
                vec![],
            )
            .await
            .expect("read the input");
        assert_eq!(
            input.as_str(),
            Some(items.as_str()),
            "the calculator holds other items"
        );
        expect_text(&client, "out-final", &want).await;
    })
    .await;
}
