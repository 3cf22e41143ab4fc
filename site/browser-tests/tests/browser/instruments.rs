//! The probe and pairwise pages: each island mounts in place of its static box, reads pasted
//! input live, and shows the library's numbers under the ids the pages promise. Expected values
//! are worked out by hand from the rules (`/probe/`'s table; Beta(1, 1) plus half a point per
//! verdict on `/pairwise/`), in the comments.

use pickanumber_browser_tests::{
    expect_contains, expect_text, paste_into, serve_dist, wait_ready, with_browser, BrowserOptions,
    Client, Locator,
};
use serde_json::Value;

/// Clicks the button inside `#root` whose text is `label`.
async fn click(client: &Client, root: &str, label: &str) {
    let found = client
        .execute(
            "const b = [...document.querySelectorAll('#' + arguments[0] + ' button')]\
               .find(b => b.textContent.trim() === arguments[1]); \
             if (b) b.click(); return !!b;",
            vec![root.into(), label.into()],
        )
        .await
        .expect("click a button");
    assert_eq!(found, Value::Bool(true), "no button {label:?} in #{root}");
}

/// Opens `url` and waits until its island (`#id`) has mounted.
async fn open(client: &Client, url: &str, id: &str) {
    client.goto(url).await.expect("open the page");
    wait_ready(client).await;
    // The island's own root, not any element marked ready (the site's search box is too).
    let mounted = client
        .execute(
            "return document.querySelector('.isl[data-ready]')?.id;",
            vec![],
        )
        .await
        .expect("run a script in the page");
    assert_eq!(
        mounted,
        Value::String(id.into()),
        "the island mounted on {url}"
    );
}

/// One hand-written run set per regime (rows = runs, columns = items, scale 1–10).
const BY_HAND: [(&str, &str); 6] = [
    // Per item the ratings 1, 10, 1, 10 and 10, 1, 10, 1: sample std √27 ≈ 5.196 ≥ 2.5.
    ("JITTERY", "1 10\n10 1\n1 10\n10 1\n"),
    // 11 of 12 ratings are 9 or 10: ceiling 0.9167 ≥ 0.25, floor 0 < 0.05.
    ("INFLATION_LIKELY", "9 10 9 8\n10 9 9 9\n9 9 10 9\n"),
    // 11 of 12 ratings are 1 or 2: floor 0.9167, ceiling 0.
    ("DEFLATION_LIKELY", "1 2 1 3\n2 1 2 1\n1 1 2 2\n"),
    // Only 6 and 7: range 1 ≤ 2, no ceiling, no floor.
    ("PICKS_A_NUMBER", "6 7 6 6\n7 6 6 7\n6 6 7 6\n"),
    // JSON lines: ceiling 2/8 = 0.25 but floor 2/8 ≥ 0.05 (not inflation), range 9 ≥ 5,
    // ceiling < 0.35.
    ("CALIBRATED", "{\"scores\": [1, 4, 7, 10]}\n[2, 4, 6, 9]\n"),
    // Range 3: too wide to pick a number, too narrow to be calibrated; no ceiling or floor.
    ("AMBIGUOUS", "4 5 6 7\n4 5 6 7\n"),
];

#[tokio::test]
async fn probe_names_the_regime_of_each_pasted_run_set() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open(&client, &site.url("/probe/"), "probe").await;
        for (regime, runs) in BY_HAND {
            paste_into(&client, "probe-input", runs).await;
            expect_text(&client, "probe-regime", regime).await;
            expect_text(&client, "probe-errors", "").await;
        }
        // The inflating set's four metrics. Every item is rated {9, 9, 10} or {8, 9, 9}
        // (in some order): sample std √(1/3) = 0.5774 each.
        paste_into(&client, "probe-input", BY_HAND[1].1).await;
        expect_text(&client, "probe-ceiling-rate", "0.9167").await;
        expect_text(&client, "probe-floor-rate", "0.0000").await;
        expect_text(&client, "probe-range", "2").await;
        expect_text(&client, "probe-mean-std", "0.5774").await;
    })
    .await;
}

#[tokio::test]
async fn probe_examples_are_one_synthetic_set_per_regime() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open(&client, &site.url("/probe/"), "probe").await;
        // The page starts from its static example, the inflating one.
        expect_text(&client, "probe-regime", "INFLATION_LIKELY").await;
        for regime in [
            "JITTERY",
            "INFLATION_LIKELY",
            "DEFLATION_LIKELY",
            "PICKS_A_NUMBER",
            "CALIBRATED",
            "AMBIGUOUS",
        ] {
            click(&client, "probe", regime).await;
            expect_text(&client, "probe-regime", regime).await;
            let lines = client
                .execute(
                    "return document.getElementById('probe-input').value.trim().split('\\n').length;",
                    vec![],
                )
                .await
                .expect("read the input");
            // 12 runs per example.
            assert_eq!(lines, serde_json::json!(12), "{regime}: the example fills the input");
        }
        let page = client.source().await.expect("page source");
        assert!(
            page.contains("synthetic"),
            "the examples are labelled synthetic"
        );
    })
    .await;
}

#[tokio::test]
async fn probe_scale_and_line_errors() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open(&client, &site.url("/probe/"), "probe").await;
        // On 1–10, ratings of 4 and 5 barely move: range 1.
        paste_into(&client, "probe-input", "4 5 4\n5 5 4\n").await;
        expect_text(&client, "probe-regime", "PICKS_A_NUMBER").await;
        // On 1–5 the same ratings are all on the top two points: ceiling 6/6.
        paste_into(&client, "probe-scale-max", "5").await;
        expect_text(&client, "probe-regime", "INFLATION_LIKELY").await;
        expect_text(&client, "probe-ceiling-rate", "1.0000").await;
        // An inverted scale is named, not computed.
        paste_into(&client, "probe-scale-min", "7").await;
        expect_contains(&client, "probe-errors", "scale_min 7 is above scale_max 5").await;
        paste_into(&client, "probe-scale-min", "1").await;
        paste_into(&client, "probe-scale-max", "10").await;
        // Per-line errors name the line; the good lines still count.
        paste_into(
            &client,
            "probe-input",
            "9 10 9\n[1, 2\n9 x 9\n{\"parse_failed\": true, \"error\": \"prose\"}\n10 9 9\n",
        )
        .await;
        expect_contains(
            &client,
            "probe-errors",
            "line 2, column 6: not valid JSON: expected ',' or ']' after a list element, found the end of the text",
        )
        .await;
        expect_contains(
            &client,
            "probe-errors",
            "line 3: score 2 is \"x\", not a number",
        )
        .await;
        expect_contains(&client, "probe-errors", "line 4: counted as a failed run").await;
        // Lines 1 and 5: five of six ratings are 9 or 10, the 9-9 pair too: ceiling 1. But
        // three of the five runs failed: no regime is announced, and the page says why.
        expect_text(&client, "probe-ceiling-rate", "1.0000").await;
        expect_text(&client, "probe-regime", "—").await;
        expect_contains(
            &client,
            "probe-withheld",
            "No regime: more than 25% of the runs failed (3 of 5).",
        )
        .await;
    })
    .await;
}

/// Five judgments over three items:
///
/// | line | first | second | verdict | real winner |
/// |---|---|---|---|---|
/// | 1 | x | y | A | x |
/// | 2 | y | x | A | y | ← x/y flips with the order
/// | 3 | x | z | A | x |
/// | 4 | z | x | B | x | ← x/z holds in both orders
/// | 5 | y | z | A | y |
const JUDGMENTS: &str = "x\ty\tA\ny\tx\tA\nx\tz\tA\nz\tx\tB\ny\tz\tA\n";

async fn row(client: &Client, item: &str) -> (String, String, String) {
    let v = client
        .execute(
            "const r = [...document.querySelectorAll('#pairwise-items [data-item]')]\
               .find(r => r.dataset.item === arguments[0]); \
             return r ? [r.dataset.alpha, r.dataset.beta, r.dataset.width] : null;",
            vec![item.into()],
        )
        .await
        .expect("read a row");
    let a = v.as_array().unwrap_or_else(|| panic!("no row for {item}"));
    let s = |i: usize| a[i].as_str().unwrap_or_default().to_string();
    (s(0), s(1), s(2))
}

#[tokio::test]
async fn pairwise_position_bias_swap_and_posteriors() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open(&client, &site.url("/pairwise/"), "pairwise").await;
        paste_into(&client, "pairwise-input", JUDGMENTS).await;
        // Four A verdicts and one B: the first shown won 4 of 5 decided verdicts.
        expect_text(&client, "pairwise-first-share", "80.0%").await;
        // Two-sided exact binomial: P(X ≥ 4) = 6/32, doubled 0.375.
        expect_contains(&client, "pairwise", "p = 0.375").await;
        // x/y and x/z were judged in both orders; only x/z kept its winner.
        expect_text(&client, "pairwise-consistent-share", "50.0%").await;
        expect_text(&client, "pairwise-errors", "").await;
        // x: wins on lines 1, 3, 4, a loss on line 2 → α 1 + 1.5, β 1 + 0.5; p = 0.625,
        //    width 3.92 · √(0.625 · 0.375 / 4) = 0.94888.
        // y: wins on lines 2, 5, a loss on line 1 → α 2, β 1.5; p = 4/7,
        //    width 3.92 · √((4/7)(3/7) / 3.5) = 1.03692.
        // z: losses on lines 3, 4, 5 → α 1, β 2.5; p = 2/7,
        //    width 3.92 · √((2/7)(5/7) / 3.5) = 0.94657.
        assert_eq!(row(&client, "x").await, ("2.5".into(), "1.5".into(), "0.9489".into()));
        assert_eq!(row(&client, "y").await, ("2".into(), "1.5".into(), "1.0369".into()));
        assert_eq!(row(&client, "z").await, ("1".into(), "2.5".into(), "0.9466".into()));
        // Ranked by p: x, y, z, one row each.
        let order = client
            .execute(
                "return [...document.querySelectorAll('#pairwise-items [data-item]')].map(r => r.dataset.item);",
                vec![],
            )
            .await
            .expect("read the ranking");
        assert_eq!(order, serde_json::json!(["x", "y", "z"]));
    })
    .await;
}

/// The id of the element that has the keyboard's focus.
async fn focused(client: &Client) -> String {
    let id = client
        .execute("return document.activeElement?.id ?? '';", vec![])
        .await
        .expect("read the focused element");
    id.as_str().unwrap_or_default().to_string()
}

/// Tab types a tab into the pairwise box, so judgments can be typed as tab-separated lines;
/// Shift+Tab, and Escape then Tab, still move the focus out, and the hint says so.
#[tokio::test]
async fn the_tab_key_types_a_tab_in_the_pairwise_box_and_keyboard_users_can_leave() {
    const TAB: &str = "\u{E004}";
    const SHIFT: &str = "\u{E008}";
    const ESCAPE: &str = "\u{E00C}";
    const RELEASE: &str = "\u{E000}";
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open(&client, &site.url("/pairwise/"), "pairwise").await;
        paste_into(&client, "pairwise-input", "").await;
        let input = client
            .find(Locator::Id("pairwise-input"))
            .await
            .expect("the pairwise box");
        input
            .send_keys(&format!("a{TAB}b{TAB}A"))
            .await
            .expect("type a judgment with tabs");
        let value = input.prop("value").await.expect("read the box");
        assert_eq!(value.as_deref(), Some("a\tb\tA"));
        assert_eq!(
            focused(&client).await,
            "pairwise-input",
            "Tab stayed in the box"
        );
        // What was typed is read: one judgment of two items.
        expect_contains(&client, "pairwise", "1 judgments · 2 items · 0 errors").await;
        expect_contains(
            &client,
            "pairwise",
            "Shift+Tab, or Esc then Tab, leaves the box",
        )
        .await;

        input
            .send_keys(&format!("{SHIFT}{TAB}{RELEASE}"))
            .await
            .expect("press Shift+Tab");
        assert_ne!(
            focused(&client).await,
            "pairwise-input",
            "Shift+Tab left the box"
        );

        input.click().await.expect("back into the box");
        input
            .send_keys(&format!("{ESCAPE}{TAB}"))
            .await
            .expect("press Escape, then Tab");
        assert_ne!(
            focused(&client).await,
            "pairwise-input",
            "Escape then Tab left the box"
        );
        let value = input.prop("value").await.expect("read the box");
        assert_eq!(value.as_deref(), Some("a\tb\tA"), "leaving typed nothing");
    })
    .await;
}

#[tokio::test]
async fn pairwise_line_errors_name_the_line() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open(&client, &site.url("/pairwise/"), "pairwise").await;
        paste_into(
            &client,
            "pairwise-input",
            "x\ty\tA\nnot a judgment\n{\"first\": \"y\", \"second\": \"x\", \"verdict\": \"b\"}\n",
        )
        .await;
        expect_contains(
            &client,
            "pairwise-errors",
            "line 2: verdict \"judgment\" is not one of A, B, NEITHER, TIE",
        )
        .await;
        // The two readable lines: x won both (A as first, B as second): consistent. x: α 2,
        // β 1, p = 2/3, width 3.92 · √((2/3)(1/3) / 3) = 1.06689.
        expect_text(&client, "pairwise-first-share", "50.0%").await;
        expect_text(&client, "pairwise-consistent-share", "100.0%").await;
        assert_eq!(
            row(&client, "x").await,
            ("2".into(), "1".into(), "1.0669".into())
        );
    })
    .await;
}

#[test]
fn both_pages_are_readable_without_scripts() {
    let site = serve_dist();
    for (path, id, regime_or_share) in [
        ("/probe/", "probe", "INFLATION_LIKELY"),
        ("/pairwise/", "pairwise", "72.7%"),
    ] {
        let page = site.get(path);
        assert_eq!(page.status_code, 200, "GET {path}");
        let html = page.as_str().expect("the page is UTF-8").to_string();
        assert_eq!(
            html.matches(&format!("id=\"{id}\"")).count(),
            1,
            "{path}: one island root"
        );
        assert!(
            html.contains("<noscript>"),
            "{path}: a note without JavaScript"
        );
        assert!(
            html.contains(regime_or_share),
            "{path}: the example's result is in the HTML"
        );
        assert!(html.contains("/calc/boot.js"), "{path}: the boot module");
        let sitemap = site
            .get("/sitemap.xml")
            .as_str()
            .expect("UTF-8")
            .to_string();
        assert!(
            sitemap.contains(&format!("{path}</loc>")),
            "{path} is in the sitemap"
        );
    }
}

/// The static box and the island render the results through the same function
/// (`pickanumber_result_view`), so at mount, for the box's own example, the island shows exactly
/// the results the box in `dist/` holds. Both sides are serialised by the browser: the box
/// from the page's HTML fetched again and parsed, the island from the live document, less the
/// empty comment Leptos leaves as a marker after content set with `inner_html`.
#[tokio::test]
async fn the_static_box_holds_what_the_island_renders_at_mount() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        for (path, id) in [("/probe/", "probe"), ("/pairwise/", "pairwise")] {
            open(&client, &site.url(path), id).await;
            let pair = client
                .execute(
                    "const sel = '#' + arguments[0] + ' .isl-results'; \
                     const live = document.querySelector(sel).innerHTML.replaceAll('<!---->', ''); \
                     return fetch(location.pathname).then(r => r.text()).then(t => \
                       [new DOMParser().parseFromString(t, 'text/html').querySelector(sel).innerHTML, live]);",
                    vec![id.into()],
                )
                .await
                .expect("read the static box and the island");
            let (static_box, live) = (pair[0].as_str().unwrap_or(""), pair[1].as_str().unwrap_or(""));
            assert!(static_box.len() > 1000, "{path}: the static box's results: {static_box}");
            // On a difference, show where it starts rather than two long strings.
            let same = static_box
                .bytes()
                .zip(live.bytes())
                .take_while(|(a, b)| a == b)
                .count();
            let at = |s: &str| s.get(same.saturating_sub(80)..(same + 200).min(s.len())).unwrap_or(s).to_string();
            assert!(
                static_box == live,
                "{path}: the static box and the island at mount differ at byte {same}:\nbox:  {}\nlive: {}",
                at(static_box),
                at(live)
            );
        }
    })
    .await;
}

/// For the probe's input: how many rows it holds, how many of them take more than one line
/// (each measured alone in a copy of the box, same width and styles), and whether the longest
/// row needs a sideways scroll.
const ROWS_WRAPPED: &str = "const t = document.getElementById('probe-input'); \
    const rows = t.value.split('\\n').filter(r => r.trim()); \
    const c = t.cloneNode(false); c.removeAttribute('id'); \
    Object.assign(c.style, { height: '0', minHeight: '0', flex: 'none' }); t.parentNode.append(c); \
    const s = getComputedStyle(c); \
    const one = parseFloat(s.lineHeight) * 1.5 + parseFloat(s.paddingTop) + parseFloat(s.paddingBottom); \
    let wrapped = 0; for (const r of rows) { c.value = r; if (c.scrollHeight > one) wrapped++; } \
    c.remove(); return [rows.length, wrapped, t.scrollWidth > t.clientWidth];";

#[tokio::test]
async fn at_1280_px_each_row_of_the_probes_grid_stays_one_line() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open(&client, &site.url("/probe/"), "probe").await;
        let seen = client
            .execute(ROWS_WRAPPED, vec![])
            .await
            .expect("measure the rows");
        assert!(seen[0].as_u64().unwrap_or(0) >= 10, "rows: {seen}");
        assert_eq!(
            (&seen[1], &seen[2]),
            (&Value::from(0), &Value::Bool(false)),
            "rows of ten ratings that wrap, and whether the box scrolls sideways: {seen}"
        );
    })
    .await;
}
