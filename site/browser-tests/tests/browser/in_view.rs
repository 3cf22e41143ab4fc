//! Every result in view: on each island (the calculator with one list and with several judges'
//! passes, the probe, the pairwise page, the setup page), at a phone width and a desktop width,
//! each result a reader came for is seen once the page is scrolled to it: in the viewport and
//! cut off by no box around it ([`unseen`]: no inner pane scrolls it out of sight, no box clips
//! it). A table wider than the phone keeps its first column in view; on the desktop the passes
//! table shows every column, the interval included.

use pickanumber_browser_tests::{
    paste, paste_into, serve_dist, unseen, wait_ready, wait_until, with_browser, BrowserOptions,
    Client, Served,
};
use std::time::Duration;

const WIDTHS: [u32; 2] = [390, 1280];

/// Opens `path` at `width` and waits for its island.
async fn open(client: &Client, site: &Served, path: &str) {
    client.goto(&site.url(path)).await.expect("open the page");
    wait_ready(client).await;
}

/// Waits until every one of `selectors` is seen; the failure lists what was not and why.
async fn all_seen(client: &Client, what: &str, selectors: &[&str]) {
    wait_until(
        || async {
            let mut problems = Vec::new();
            for s in selectors {
                problems.extend(unseen(client, s).await);
            }
            if problems.is_empty() {
                Ok(())
            } else {
                Err(problems.join("\n"))
            }
        },
        Duration::from_secs(20),
        &format!("every result of {what} to be seen"),
    )
    .await;
}

/// A test body: the browser, the site, the window's width.
type Body = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// Runs `check` in a fresh browser at each of [`WIDTHS`].
async fn each_width(check: fn(Client, Served, u32) -> Body) {
    let site = serve_dist();
    for width in WIDTHS {
        let options = BrowserOptions {
            width,
            height: 800,
            ..BrowserOptions::default()
        };
        with_browser(options, move |client| check(client, site, width)).await;
    }
}

/// Thirty lines the reader cannot read: every diagnostic is listed, and the last one is seen.
fn unreadable(n: usize) -> String {
    (0..n)
        .map(|i| format!("line {i} is not an item"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn the_calculators_results_are_seen() {
    each_width(|client, site, width| {
        Box::pin(async move {
            open(&client, &site, "/").await;
            let what = format!("the calculator at {width} px");
            all_seen(
                &client,
                &what,
                &[
                    "#out-final",
                    "#out-confidence",
                    "#out-working",
                    ".calc-picture",
                    ".calc-examples button:last-child",
                    "input[name=calc-scale]",
                ],
            )
            .await;
            // A matrix: its table's first column stays in view, whatever its width.
            client
                .execute(
                    "document.querySelector('[data-example=\"5\"]').click();",
                    vec![],
                )
                .await
                .expect("load the matrix example");
            all_seen(
                &client,
                &format!("{what}, the matrix example"),
                &[
                    "#out-overall",
                    ".calc-matrix tbody tr:last-child th",
                    ".calc-matrix tfoot th",
                ],
            )
            .await;
            paste(&client, &(unreadable(30) + "\n+3 one item")).await;
            all_seen(
                &client,
                &format!("{what}, thirty unreadable lines"),
                &["#evidence-errors li:last-child", "#out-final", "#copy-link"],
            )
            .await;
        })
    })
    .await;
}

/// Two judges' passes with long names: the passes table and its interval column.
const TWO: &str = "## Pass: claude-opus-first-reading\n+3 the tests pass\n+2 the README states the limits\n-1 one warning at build time\n+1 the install step works\n\n## Pass: gpt-second-reading\n+3 the tests pass\n-2 the install step fails on a clean machine\n-3 the migration loses rows\n";

#[tokio::test]
async fn the_passes_table_is_seen_with_its_interval_column() {
    each_width(|client, site, width| {
        Box::pin(async move {
            open(&client, &site, "/").await;
            paste(&client, TWO).await;
            let mut wanted = vec![
                "#out-passes table tbody tr:last-child th",
                "#out-passes table thead th:first-child",
                "#out-final",
            ];
            // On the desktop every column is seen; on a phone the table may scroll its other
            // columns sideways under the first.
            if width >= 1000 {
                wanted.extend([
                    "#out-passes table thead th:nth-child(4)",
                    "#out-passes table tbody tr:last-child td:nth-child(4)",
                    "#out-passes table tbody tr:last-child td:last-child",
                ]);
            }
            all_seen(&client, &format!("the passes at {width} px"), &wanted).await;
        })
    })
    .await;
}

#[tokio::test]
async fn the_probes_results_are_seen() {
    each_width(|client, site, width| {
        Box::pin(async move {
            open(&client, &site, "/probe/").await;
            all_seen(
                &client,
                &format!("the probe at {width} px"),
                &[
                    "#probe-regime",
                    "#probe-ceiling-rate",
                    ".isl-histogram",
                    // The rule trace's last rule and the most variable items' last row.
                    ".isl-results table:nth-of-type(1) tbody tr:last-child td:last-child",
                    ".isl-results table:last-of-type tbody tr:last-child td:last-child",
                ],
            )
            .await;
        })
    })
    .await;
}

#[tokio::test]
async fn the_pairwise_ranking_is_seen() {
    each_width(|client, site, width| {
        Box::pin(async move {
            open(&client, &site, "/pairwise/").await;
            all_seen(
                &client,
                &format!("the pairwise page at {width} px"),
                &[
                    "#pairwise-first-share",
                    ".isl-ranking tbody tr:last-child th",
                    ".isl-ranking tbody tr:last-child td:last-child",
                ],
            )
            .await;
        })
    })
    .await;
}

#[tokio::test]
async fn the_setup_pages_outputs_are_seen_to_their_last_line() {
    each_width(|client, site, width| {
        Box::pin(async move {
            open(&client, &site, "/setup/").await;
            // A long subject: the outputs grow with it, nothing scrolls inside them.
            paste_into(&client, "subject", &"a long subject ".repeat(40)).await;
            let ids: Vec<String> = client
                .execute(
                    "return [...document.querySelectorAll('.setup-out pre')].map(p => p.id);",
                    vec![],
                )
                .await
                .expect("list the outputs")
                .as_array()
                .cloned()
                .unwrap_or_default()
                .iter()
                .filter_map(|v| v.as_str().map(|s| format!("#{s}")))
                .collect();
            assert!(ids.len() >= 3, "the setup page shows {ids:?}");
            // Each output's box is as tall as its text: nothing inside it is scrolled away.
            for id in &ids {
                let cut = client
                    .execute(
                        "const p = document.querySelector(arguments[0]); return p.scrollHeight - p.clientHeight;",
                        vec![id.as_str().into()],
                    )
                    .await
                    .expect("measure an output");
                assert!(
                    cut.as_f64().unwrap_or(f64::NAN) <= 1.0,
                    "{id} at {width} px hides {cut} px of its text in a scrolling box"
                );
            }
            let selectors: Vec<&str> = ids.iter().map(String::as_str).collect();
            all_seen(&client, &format!("the setup page at {width} px"), &selectors).await;
        })
    })
    .await;
}

#[tokio::test]
async fn each_setting_stands_on_its_own_line_beside_its_own_label() {
    each_width(|client, site, width| {
        Box::pin(async move {
            open(&client, &site, "/").await;
            let layout = client
                .execute(
                    "const labels = [...document.querySelectorAll('.calc-advanced label')];
                     return labels.map(l => {
                         const r = l.getBoundingClientRect(), i = l.querySelector('input').getBoundingClientRect();
                         return { text: l.textContent.trim(), top: r.top, bottom: r.bottom,
                                  input_inside: i.top >= r.top - 0.5 && i.bottom <= r.bottom + 0.5 && i.left >= r.left - 0.5 && i.right <= r.right + 0.5 };
                     });",
                    vec![],
                )
                .await
                .expect("measure the settings");
            let labels = layout.as_array().cloned().unwrap_or_default();
            assert_eq!(labels.len(), 2, "the settings at {width} px: {layout}");
            for l in &labels {
                assert_eq!(l["input_inside"], true, "at {width} px a field is outside its label's box: {layout}");
            }
            let (first_bottom, second_top) = (labels[0]["bottom"].as_f64(), labels[1]["top"].as_f64());
            assert!(
                matches!((first_bottom, second_top), (Some(b), Some(t)) if t >= b - 0.5),
                "at {width} px the second setting's label shares a line with the first field: {layout}"
            );
        })
    })
    .await;
}

#[tokio::test]
async fn a_copy_button_is_never_a_bar_down_a_long_command() {
    each_width(|client, site, width| {
        Box::pin(async move {
            // Every page with a command: the tallest block's button stays as tall as a
            // one-line command's, at its top.
            let mut tallest = (0.0, String::new(), 0.0, 0.0);
            for page in devserver::pages(&pickanumber_browser_tests::dist()) {
                client.goto(&site.url(&page)).await.expect("open the page");
                let found = client
                    .execute(
                        "return [...document.querySelectorAll('.command')].map(c => {
                             const p = c.querySelector('pre').getBoundingClientRect(), b = c.querySelector('.copy').getBoundingClientRect();
                             return [p.height, b.height, b.top - p.top];
                         });",
                        vec![],
                    )
                    .await
                    .expect("measure the commands");
                for c in found.as_array().cloned().unwrap_or_default() {
                    let n = |i: usize| c[i].as_f64().unwrap_or(f64::NAN);
                    if n(0) > tallest.0 {
                        tallest = (n(0), page.clone(), n(1), n(2));
                    }
                }
            }
            let (block, page, button, offset) = tallest;
            assert!(block > 100.0, "no command block over 100 px tall at {width} px (the tallest: {block} on {page})");
            assert!(
                button <= 50.0 && offset.abs() <= 1.0,
                "on {page} at {width} px the copy button beside a {block:.0} px command is {button:.0} px tall, {offset:.0} px below its top"
            );
        })
    })
    .await;
}
