//! The search box in every page's header: nothing of it is fetched until it is used; `/`
//! focuses it; typing a flag's first letters lists the section that documents it, in view;
//! the arrows and Enter open a result; at a phone's width the results stay in view too; the
//! results' box is drawn only while it holds results; a word finds a title by its stem and
//! ranks it above the pages that only use the word; one match is counted as "1 match".

use pickanumber_browser_tests::{
    eval, serve_dist, wait_idle, wait_until, with_browser, BrowserOptions, Client, Locator,
    READY_TIMEOUT,
};
use serde_json::Value;

/// The search files the page has fetched so far.
async fn fetched_search_files(client: &Client) -> Vec<String> {
    let v = client
        .execute(
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => /\\/search(-index\\.json|\\.js)$/.test(n));",
            vec![],
        )
        .await
        .expect("read the resource timings");
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x.as_str().map(str::to_string))
        .collect()
}

/// Waits until the list holds at least one result and returns the first one's address.
async fn first_result(client: &Client) -> String {
    wait_until(
        || async {
            match eval(
                client,
                "const a = document.querySelector('#site-search-results [role=option] a'); return a ? a.getAttribute('href') : null;",
            )
            .await
            {
                Value::String(href) => Ok(href),
                other => Err(format!("no result yet ({other})")),
            }
        },
        READY_TIMEOUT,
        "a search result",
    )
    .await
}

#[tokio::test]
async fn a_page_requests_nothing_of_the_search_until_the_box_is_used() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        client.goto(&site.url("/")).await.expect("open the home page");
        wait_idle(&client).await;
        assert_eq!(
            fetched_search_files(&client).await,
            Vec::<String>::new(),
            "neither the search script nor its index is fetched before the box is used"
        );
        assert_eq!(
            eval(&client, "return document.querySelector('search.site-search').hasAttribute('data-ready');").await,
            Value::Bool(true),
            "the box is shown once scripts run"
        );
        // `/` from the page focuses the box, which starts the loading.
        eval(
            &client,
            "document.body.dispatchEvent(new KeyboardEvent('keydown', {key: '/', bubbles: true, cancelable: true})); return null;",
        )
        .await;
        assert_eq!(
            eval(&client, "return document.activeElement && document.activeElement.id;").await,
            Value::String("site-search".into())
        );
        let c = &client;
        wait_until(
            || async move {
                let files = fetched_search_files(c).await;
                if files.len() == 2 {
                    Ok(())
                } else {
                    Err(format!("fetched {files:?}"))
                }
            },
            READY_TIMEOUT,
            "the search script and its index after the box is focused",
        )
        .await;
    })
    .await;
}

/// Types a flag's first letters and checks the first result: a section whose names include
/// the flag, shown inside the viewport; then the arrow and Enter open it.
async fn find_a_flag(client: &Client, site_url: String) {
    client.goto(&site_url).await.expect("open the quick start");
    let input = client
        .find(Locator::Id("site-search"))
        .await
        .expect("the search box");
    input.click().await.expect("focus the box");
    input.send_keys("--rub").await.expect("type a flag's start");
    let href = first_result(client).await;
    // The record behind the first result names the flag: read the index the page fetched.
    let script = format!(
        "const done = arguments[0]; fetch(document.querySelector('search.site-search').dataset.index)\
         .then(r => r.json()).then(ix => done(ix.some(r => r.u === {href:?} && (r.k.includes('--rubric') || r.m.includes('--rubric')))));"
    );
    let names_it = client
        .execute_async(&script, vec![])
        .await
        .expect("read the index");
    assert_eq!(
        names_it,
        Value::Bool(true),
        "the first result {href} names --rubric"
    );
    let in_view = eval(
        client,
        "const r = document.querySelector('#site-search-results [role=option]').getBoundingClientRect(); \
         return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;",
    )
    .await;
    assert_eq!(
        in_view,
        Value::Bool(true),
        "the first result lies in the viewport"
    );
    input.send_keys("\u{E015}").await.expect("arrow down");
    assert_eq!(
        eval(
            client,
            "return document.getElementById('site-search').getAttribute('aria-activedescendant');"
        )
        .await,
        Value::String("site-search-0".into())
    );
    input.send_keys("\u{E007}").await.expect("press Enter");
    let want = href.clone();
    wait_until(
        || {
            let want = want.clone();
            async move {
                let at = eval(client, "return location.pathname + location.hash;").await;
                if at == Value::String(want.clone()) {
                    Ok(())
                } else {
                    Err(format!("at {at}"))
                }
            }
        },
        READY_TIMEOUT,
        "Enter to open the chosen result",
    )
    .await;
}

#[tokio::test]
async fn typing_a_flags_start_lists_its_section_and_enter_opens_it() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        find_a_flag(&client, site.url("/quick-start/")).await;
    })
    .await;
}

#[tokio::test]
async fn at_a_phones_width_in_dark_mode_the_results_stay_in_view() {
    let site = serve_dist();
    let options = BrowserOptions {
        width: 360,
        height: 740,
        dark: true,
        ..BrowserOptions::default()
    };
    with_browser(options, move |client| async move {
        find_a_flag(&client, site.url("/quick-start/")).await;
    })
    .await;
}

#[tokio::test]
async fn every_flag_is_listed_two_keystrokes_after_its_dashes() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        client.goto(&site.url("/")).await.expect("open the home page");
        // The page's own search module, ranking as the box does, for every flag the index
        // holds: `--` and the flag's first two letters must list a record that has the flag.
        let missed = client
            .execute_async(
                "const done = arguments[0]; const box = document.querySelector('search.site-search'); \
                 import(box.dataset.script).then(async (m) => { \
                   const ix = await (await fetch(box.dataset.index)).json(); \
                   const flags = [...new Set(ix.flatMap(r => r.k.concat(r.m)).filter(k => k.startsWith('--')))]; \
                   const missed = flags.filter(f => !m.rank(f.slice(0, 4)).some(r => \
                     ix.some(x => x.u === r.u && (x.k.includes(f) || x.m.includes(f))))); \
                   done([flags.length, missed]); })",
                vec![],
            )
            .await
            .expect("rank every flag");
        let flags = missed[0].as_u64().unwrap_or(0);
        assert!(flags >= 10, "only {flags} flags in the index");
        assert_eq!(missed[1], Value::Array(Vec::new()), "flags not listed after two letters");
    })
    .await;
}

#[tokio::test]
async fn escape_closes_the_results_then_clears_the_box() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        client
            .goto(&site.url("/quick-start/"))
            .await
            .expect("open the quick start");
        let input = client
            .find(Locator::Id("site-search"))
            .await
            .expect("the search box");
        input.click().await.expect("focus the box");
        input.send_keys("glossary").await.expect("type a word");
        first_result(&client).await;
        let state = "const i = document.getElementById('site-search'); \
                     return [i.getAttribute('aria-expanded'), i.value, document.getElementById('site-search-results').hidden];";
        input.send_keys("\u{E00C}").await.expect("press Escape");
        assert_eq!(
            eval(&client, state).await,
            serde_json::json!(["false", "glossary", true]),
            "the first Escape closes the results and keeps the words"
        );
        input.send_keys("\u{E00C}").await.expect("press Escape again");
        assert_eq!(
            eval(&client, state).await,
            serde_json::json!(["false", "", true]),
            "the second Escape clears the box"
        );
    })
    .await;
}

/// What the results' list draws: its computed `display` and its box's width and height.
const DRAWN: &str = "const l = document.getElementById('site-search-results'); const r = l.getBoundingClientRect(); \
                     return [getComputedStyle(l).display, Math.round(r.width), Math.round(r.height)];";

#[tokio::test]
async fn nothing_is_drawn_under_the_box_until_there_are_results() {
    let site = serve_dist();
    for width in [1280, 390] {
        let site_url = site.url("/docs/");
        let options = BrowserOptions {
            width,
            ..BrowserOptions::default()
        };
        with_browser(options, move |client| async move {
            client.goto(&site_url).await.expect("open the docs");
            wait_idle(&client).await;
            assert_eq!(
                eval(&client, DRAWN).await,
                serde_json::json!(["none", 0, 0]),
                "at {width} px the empty results' list is drawn on a page just opened"
            );
            let input = client
                .find(Locator::Id("site-search"))
                .await
                .expect("the search box");
            input.click().await.expect("focus the box");
            assert_eq!(
                eval(&client, DRAWN).await,
                serde_json::json!(["none", 0, 0]),
                "at {width} px the list is drawn when the empty box takes the focus"
            );
            input.send_keys("glossary").await.expect("type a word");
            first_result(&client).await;
            let shown = eval(&client, DRAWN).await;
            assert_eq!(
                shown[0], "block",
                "at {width} px the results' list: {shown}"
            );
            assert!(shown[2].as_i64().unwrap_or(0) > 0, "{shown}");
            input.send_keys("\u{E00C}").await.expect("press Escape");
            assert_eq!(
                eval(&client, DRAWN).await,
                serde_json::json!(["none", 0, 0]),
                "at {width} px the closed list is still drawn"
            );
        })
        .await;
    }
}

/// The ranked records for `query`, by the page's own search module: (address, title).
async fn ranked(client: &Client, query: &str) -> Vec<(String, String)> {
    let script = format!(
        "const done = arguments[0]; const box = document.querySelector('search.site-search'); \
         import(box.dataset.script).then((m) => done(m.rank({query:?}).map(r => [r.u, r.t])));"
    );
    let v = client
        .execute_async(&script, vec![])
        .await
        .expect("rank a query");
    v.as_array()
        .into_iter()
        .flatten()
        .map(|pair| {
            let s = |k: usize| pair[k].as_str().unwrap_or_default().to_string();
            (s(0), s(1))
        })
        .collect()
}

#[tokio::test]
async fn a_word_finds_the_title_it_stems_from_above_the_pages_that_only_use_it() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        client.goto(&site.url("/")).await.expect("open the home page");
        // Its stem and its first letters find the title; the titles that hold the word itself
        // ("Calibration probe") may come first.
        for (query, within) in [("calibrate", 3), ("calib", 3), ("calibration", 8)] {
            let found = ranked(&client, query).await;
            let at = found.iter().position(|(u, _)| u == "/docs/calibrate/");
            assert!(
                at.is_some_and(|k| k < within),
                "\"{query}\" lists \"Calibrating a judge against people\" among its first {within}: {found:?}"
            );
        }
        // A word the pages' text holds finds them too, each below every title that holds it.
        let found = ranked(&client, "krippendorff").await;
        let titled: Vec<bool> = found
            .iter()
            .map(|(_, t)| t.to_lowercase().contains("krippendorff"))
            .collect();
        assert!(
            titled.iter().filter(|t| !**t).count() > 0,
            "no page found by its text alone: {found:?}"
        );
        assert!(
            titled.windows(2).all(|w| w[0] || !w[1]),
            "a title holding the word ranks below a page that only uses it: {found:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn one_match_is_counted_as_one_match() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        client.goto(&site.url("/")).await.expect("open the home page");
        // A query with exactly one result, found from the index itself.
        let query = client
            .execute_async(
                "const done = arguments[0]; const box = document.querySelector('search.site-search'); \
                 import(box.dataset.script).then((m) => { \
                   for (const q of ['cfg-if', 'wallpaper', 'apostrophe', 'kendall', 'lighthouse', 'cua-bench', 'occupations']) \
                     if (m.rank(q).length === 1) return done(q); \
                   done(null); })",
                vec![],
            )
            .await
            .expect("find a query with one result");
        let Value::String(query) = query else {
            panic!("no query of the list has exactly one result");
        };
        let input = client
            .find(Locator::Id("site-search"))
            .await
            .expect("the search box");
        input.click().await.expect("focus the box");
        input.send_keys(&query).await.expect("type the query");
        first_result(&client).await;
        let status = eval(
            &client,
            "return document.querySelector('search.site-search [role=status]').textContent;",
        )
        .await;
        assert_eq!(status, Value::String("1 match".into()), "for \"{query}\"");
    })
    .await;
}
