//! Every built page, in a real browser: nothing at error level in the console (script errors,
//! failed requests, Content-Security-Policy violations), no request to any host but the page's
//! own, and no accessibility violation found by axe-core.

use fantoccini::Client;
use pickanumber_browser_tests::{
    console_log, dist, expect_contains, format_log, open_calculator, repo, serve_dist, text,
    wait_loaded, wait_ready, wait_until, with_browser, BrowserOptions, UPDATE_TIMEOUT,
};
use serde_json::Value;

/// The URL paths of every page in the built site.
fn pages() -> Vec<String> {
    devserver::pages(&dist())
}

async fn axe_violations(client: &Client) -> Vec<Value> {
    let axe = std::fs::read_to_string(repo().join("node_modules/axe-core/axe.min.js"))
        .expect("node_modules/axe-core/axe.min.js (cargo xtask tools installs it)");
    let script = format!(
        "{axe}\nconst done = arguments[arguments.length - 1];\
         axe.run(document, {{ resultTypes: ['violations'] }})\
           .then(r => done(r.violations.map(v => ({{ id: v.id, impact: v.impact, help: v.help, \
             targets: v.nodes.slice(0, 5).map(n => n.target.join(' ')) }}))))\
           .catch(e => done([{{ id: 'axe-error', help: String(e) }}]));"
    );
    let result = client
        .execute_async(&script, vec![])
        .await
        .expect("run axe-core");
    result.as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn every_page_is_clean_private_and_accessible() {
    check_every_page(BrowserOptions::default()).await;
}

/// The same checks with `prefers-color-scheme: dark`, where the colours (and so the contrast)
/// are different.
#[tokio::test]
async fn every_page_is_accessible_in_dark_mode() {
    check_every_page(BrowserOptions {
        dark: true,
        ..BrowserOptions::default()
    })
    .await;
}

async fn check_every_page(options: BrowserOptions) {
    let site = serve_dist();
    let pages = pages();
    assert!(
        pages.len() >= 7,
        "expected at least 7 pages, found {pages:?}"
    );
    with_browser(options, move |client| async move {
        if options.dark {
            let dark = client
                .execute(
                    "return matchMedia('(prefers-color-scheme: dark)').matches;",
                    vec![],
                )
                .await;
            assert_eq!(
                dark.ok(),
                Some(Value::Bool(true)),
                "the browser did not switch to dark mode"
            );
        }
        let mut problems = Vec::new();
        for path in &pages {
            client.goto(&site.url(path)).await.expect("open the page");
            wait_loaded(&client).await;
            if path == "/" {
                wait_ready(&client).await;
            }
            let severe: Vec<_> = console_log(&client)
                .await
                .into_iter()
                .filter(|e| {
                    e.level == "SEVERE" && !(path == "/404.html" && e.message.contains("404"))
                })
                .collect();
            if !severe.is_empty() {
                problems.push(format!("{path}: console errors:\n{}", format_log(&severe)));
            }
            let foreign = client
                .execute(
                    "return performance.getEntriesByType('resource').map(e => e.name)\
                       .filter(n => !n.startsWith(location.origin));",
                    vec![],
                )
                .await
                .expect("list the page's requests");
            if foreign.as_array().is_some_and(|a| !a.is_empty()) {
                problems.push(format!("{path}: requests to other hosts: {foreign}"));
            }
            // The check above means something only if the list holds the page's own requests:
            // every page loads a stylesheet from its own origin.
            let own_css = client
                .execute(
                    "return performance.getEntriesByType('resource').map(e => e.name)\
                       .some(n => n.startsWith(location.origin) && new URL(n).pathname.endsWith('.css'));",
                    vec![],
                )
                .await
                .expect("list the page's requests");
            assert_eq!(
                own_css,
                Value::Bool(true),
                "{path}: the resource list does not show the page's own stylesheet"
            );
            let violations = axe_violations(&client).await;
            if !violations.is_empty() {
                problems.push(format!(
                    "{path}: axe-core violations:\n{}",
                    serde_json::to_string_pretty(&violations).unwrap_or_default()
                ));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    })
    .await;
}

/// The axe run above means something only if axe really finds problems: a page with an image
/// that has no text alternative must be reported.
#[tokio::test]
async fn axe_reports_a_planted_violation() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        client.goto(&site.url("/related/")).await.expect("open a page");
        client
            .execute(
                "const i = document.createElement('img'); i.src = '/favicon.svg'; document.querySelector('main').append(i);",
                vec![],
            )
            .await
            .expect("plant an image without alt text");
        let violations = axe_violations(&client).await;
        assert!(
            violations.iter().any(|v| v["id"] == "image-alt"),
            "axe did not report the planted image: {violations:?}"
        );
    })
    .await;
}

/// The calculator in every mode, with results, tables and warnings on screen, has no axe-core
/// violation either.
#[tokio::test]
async fn the_calculator_is_accessible_in_every_mode() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        let mut problems = Vec::new();
        for example in ["Matrix: hackathon", "Feedback: four buckets", "A: strong, ample", "cua-bench GUI agent"] {
            client
                .execute(
                    "[...document.querySelectorAll('button.example')].find(b => b.textContent === arguments[0]).click();",
                    vec![example.into()],
                )
                .await
                .expect("load the example");
            // Errors, warnings and a share link on screen too.
            client
                .execute(
                    "const t = document.getElementById('evidence-input'); t.value += '\\n+4 not an impact\\nhello'; \
                     t.dispatchEvent(new Event('input', { bubbles: true })); document.getElementById('copy-link').click();",
                    vec![],
                )
                .await
                .expect("add an error line");
            expect_contains(&client, "evidence-errors", "+4").await;
            let c = &client;
            wait_until(
                || async move {
                    let href = c.execute("return document.getElementById('share-link').getAttribute('href') || '';", vec![]).await;
                    match href {
                        Ok(Value::String(h)) if !h.is_empty() => Ok(()),
                        other => Err(format!("href {other:?}; #calc-status {:?}", text(c, "calc-status").await)),
                    }
                },
                UPDATE_TIMEOUT,
                "the share link after Copy share link",
            )
            .await;
            let violations = axe_violations(&client).await;
            if !violations.is_empty() {
                problems.push(format!("{example}: {}", serde_json::to_string_pretty(&violations).unwrap_or_default()));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    })
    .await;
}
