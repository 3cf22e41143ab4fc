//! The home page loads and runs with nothing in the console at error level: no script error,
//! no failed request (a missing file is logged as a 404), no Content-Security-Policy violation,
//! no panic from the wasm app.

use pickanumber_browser_tests::{
    console_log, expect_text, format_log, open_calculator, serve_dist, type_items, with_browser,
    BrowserOptions,
};

#[tokio::test]
async fn the_home_page_logs_no_errors() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        type_items(
            &client,
            "+5 final state correct\nhello there\n+4 nope\n\u{2212}2 wrong pane first",
        )
        .await;
        // Two items count (+5 and −2): the page has handled the input.
        expect_text(&client, "out-total", "2").await;

        let log = console_log(&client).await;
        let errors: Vec<_> = log
            .iter()
            .filter(|e| e.level == "SEVERE")
            .cloned()
            .collect();
        assert!(
            errors.is_empty(),
            "the console has errors after loading the page and typing:\n{}",
            format_log(&errors)
        );

        // The check above means something only if the log is really read: log an error and
        // expect to see it.
        client
            .execute("console.error('pickanumber-log-probe');", vec![])
            .await
            .expect("run a script");
        let probe = console_log(&client).await;
        assert!(
            probe
                .iter()
                .any(|e| e.level == "SEVERE" && e.message.contains("pickanumber-log-probe")),
            "the console log cannot be read (a probe error was not seen): {}",
            format_log(&probe)
        );
    })
    .await;
}
