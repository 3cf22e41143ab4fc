//! The calculator's static box and the live island agree at mount: the generator
//! writes the box's results with the view crate's `panel::calculator` for the box's own
//! example, and the island renders the same function for the same text, so once it has mounted
//! (and its interval cell is filled) the results panel is what the page's HTML held. The probe's
//! and the pairwise diagnostic's counterpart is in `instruments.rs`.
//!
//! Both sides are serialised by the browser: the box from the page's HTML fetched again and
//! parsed, the island from the live document, less the empty comment Leptos leaves as a marker
//! after content set with `inner_html`.

use pickanumber_browser_tests::{
    open_calculator, serve_dist, wait_until, with_browser, BrowserOptions, UPDATE_TIMEOUT,
};
use serde_json::Value;

#[tokio::test]
async fn the_calculators_static_box_holds_what_the_island_renders_at_mount() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        wait_until(
            || async {
                match client
                    .execute(
                        "const c = document.getElementById('out-interval'); \
                         return !!c && !c.hasAttribute('aria-busy');",
                        vec![],
                    )
                    .await
                {
                    Ok(Value::Bool(true)) => Ok(()),
                    other => Err(format!("{other:?}")),
                }
            },
            UPDATE_TIMEOUT,
            "#out-interval to hold its ends",
        )
        .await;
        let pair = client
            .execute(
                "const sel = '#calculator .calc-panel'; \
                 const live = document.querySelector(sel).innerHTML.replaceAll('<!---->', ''); \
                 return fetch(location.pathname).then(r => r.text()).then(t => \
                   [new DOMParser().parseFromString(t, 'text/html').querySelector(sel).innerHTML, live]);",
                vec![],
            )
            .await
            .expect("read the static box and the island");
        let (static_box, live) = (
            pair[0].as_str().unwrap_or(""),
            pair[1].as_str().unwrap_or(""),
        );
        assert!(
            static_box.contains("id=\"out-final\"") && static_box.contains("id=\"out-interval\""),
            "the static box's results: {static_box}"
        );
        // On a difference, show where it starts rather than two long strings.
        let same = static_box
            .bytes()
            .zip(live.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        let at = |s: &str| {
            s.get(same.saturating_sub(80)..(same + 200).min(s.len()))
                .unwrap_or(s)
                .to_string()
        };
        assert!(
            static_box == live,
            "the static box and the island at mount differ at byte {same}:\nbox:  {}\nlive: {}",
            at(static_box),
            at(live)
        );
    })
    .await;
}
