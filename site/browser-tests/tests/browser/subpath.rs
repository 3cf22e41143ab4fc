//! The site served under a sub-path (`/pickanumber/`, as a project page or a fork would serve
//! it): every page opens with nothing at error level in the console and no request outside the
//! base, and the calculator loads and scores there. `cargo xtask test` renders that copy into
//! `$PICKANUMBER_SUBPATH_DIST` with `--base-url $PICKANUMBER_SUBPATH`.

use pickanumber_browser_tests::{
    console_log, expect_text, format_log, paste, serve, wait_ready, with_browser, BrowserOptions,
    Site,
};
use std::path::PathBuf;

fn subpath() -> (PathBuf, String) {
    let (Some(dir), Some(base)) = (
        std::env::var_os("PICKANUMBER_SUBPATH_DIST"),
        std::env::var("PICKANUMBER_SUBPATH").ok(),
    ) else {
        panic!(
            "PICKANUMBER_SUBPATH_DIST and PICKANUMBER_SUBPATH are not set: run `cargo xtask test`, \
             which renders the site under /pickanumber/ and sets them"
        );
    };
    (PathBuf::from(dir), base)
}

#[tokio::test]
async fn every_page_works_under_the_sub_path() {
    let (dir, base) = subpath();
    let pages = devserver::pages(&dir);
    assert!(pages.len() >= 8, "pages found: {pages:?}");
    let site = serve(Site::new(dir).under(&base));
    with_browser(BrowserOptions::default(), move |client| async move {
        for page in &pages {
            let url = site.url(&format!("{}{}", base, page.trim_start_matches('/')));
            client.goto(&url).await.expect("open the page");
            let fetched = client
                .execute(
                    "return [location.origin, performance.getEntriesByType('resource').map(e => e.name), [...document.querySelectorAll('a[href], link[href], script[src], img[src]')].map(e => e.getAttribute('href') || e.getAttribute('src'))];",
                    vec![],
                )
                .await
                .expect("read the page's requests and links");
            let origin = fetched[0].as_str().unwrap_or_default().to_string();
            let inside = format!("{origin}{base}");
            for name in fetched[1].as_array().into_iter().flatten() {
                let name = name.as_str().unwrap_or_default();
                assert!(
                    name.starts_with(&inside),
                    "{page}: {name} is fetched outside {inside}"
                );
            }
            for link in fetched[2].as_array().into_iter().flatten() {
                let link = link.as_str().unwrap_or_default();
                assert!(
                    !link.starts_with('/') || link.starts_with(&base) || link.starts_with("//"),
                    "{page}: the link {link} leaves the base {base}"
                );
            }
            let severe: Vec<_> = console_log(&client)
                .await
                .into_iter()
                .filter(|e| e.level == "SEVERE")
                .collect();
            assert!(severe.is_empty(), "{page}:\n{}", format_log(&severe));
        }
        // The calculator under the sub-path: +5 and −3 → net +2, 2 items → raw 61.31,
        // multiplier 0.775 → 58.77 → 59.
        client
            .goto(&site.url(&base))
            .await
            .expect("open the home page under the base");
        wait_ready(&client).await;
        paste(&client, "+5 a\n−3 b").await;
        expect_text(&client, "out-final", "59").await;
    })
    .await;
}
