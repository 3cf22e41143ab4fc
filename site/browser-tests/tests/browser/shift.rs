//! Nothing moves: on every built page, at a phone width and a desktop width, the Layout
//! Instability API records no layout shift from loading to a settled page, including the
//! copy buttons appearing and, on the home page, the calculator mounting in place of the
//! static box.

use pickanumber_browser_tests::{
    dist, serve_dist, wait_idle, wait_ready, with_browser, BrowserOptions, Client,
};

/// The URL paths of every page in the built site.
fn pages() -> Vec<String> {
    devserver::pages(&dist())
}

/// Starts recording layout shifts (buffered, so shifts before this call count too).
async fn record(client: &Client) {
    client
        .execute(
            "window.__shifts = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ value: e.value, sources: (e.sources || []).map(s => s.node ? (s.node.nodeName + (s.node.id ? '#' + s.node.id : '') + (s.node.className ? '.' + String(s.node.className).split(' ').join('.') : '')) : '?') }); }).observe({ type: 'layout-shift', buffered: true });",
            vec![],
        )
        .await
        .expect("observe layout shifts");
}

async fn shifts(client: &Client) -> serde_json::Value {
    client
        .execute("return window.__shifts;", vec![])
        .await
        .expect("read the layout shifts")
}

async fn check_every_page(width: u32, height: u32) {
    let site = serve_dist();
    let options = BrowserOptions {
        width,
        height,
        ..BrowserOptions::default()
    };
    with_browser(options, move |client| async move {
        for page in pages() {
            client.goto(&site.url(&page)).await.expect("open the page");
            record(&client).await;
            // Let late work (fonts, copy buttons) run.
            wait_idle(&client).await;
            if page == "/" {
                // Bring the calculator in: it mounts into the static box's place.
                wait_ready(&client).await;
                wait_idle(&client).await;
            }
            let seen = shifts(&client).await;
            assert_eq!(
                seen,
                serde_json::json!([]),
                "{page} at {width} px: layout shifts recorded"
            );
        }
    })
    .await;
}

#[tokio::test]
async fn no_page_shifts_at_phone_width() {
    check_every_page(360, 780).await;
}

#[tokio::test]
async fn no_page_shifts_at_desktop_width() {
    check_every_page(1280, 900).await;
}
