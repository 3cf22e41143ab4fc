//! Evidence checked against a judged work in the calculator: a work typed in its second box
//! loads the on-demand module, which marks every item with its status and leaves out the items
//! whose quote the work lacks, as `pickanumber score --against FILE` does. What it shows is
//! checked against the CLI on the same items and work (`target/debug/pickanumber`, built by
//! `cargo build -p pickanumber-cli`). The work is kept in this browser's storage, never in the
//! address: a reload brings it back, and the box's hint says a share link does not carry it.

use pickanumber_browser_tests::{
    open_calculator, paste, paste_into, repo, serve_dist, text, wait_ready, wait_until, wait_value,
    with_browser, BrowserOptions, Client, MODULE_TIMEOUT,
};
use serde_json::Value;
use std::time::Duration;

/// The judged work: two sentences a judge may quote.
const WORK: &str = "The parser rejects empty input.\nRetries are capped at three.\n";

/// One quote found, one invented, one with a word changed, one item citing nothing and one
/// citing a URL.
const ITEMS: &str = "+3 \"rejects empty input\"\n+5 \"all inputs are validated\"\n-1 \"Retries are capped at four\"\n+2 looks tidy\n+1 see https://example.org/report\n";

/// `pickanumber score FILE --against WORK` of the items and the work: its JSON.
fn score_against(items: &str, work: &str) -> Value {
    let cli = repo().join("target/debug/pickanumber");
    assert!(
        cli.exists(),
        "{} is missing: build it with `cargo build -p pickanumber-cli`",
        cli.display()
    );
    let dir = tempfile::tempdir().expect("a scratch folder");
    let (file, against) = (dir.path().join("items.txt"), dir.path().join("work.txt"));
    std::fs::write(&file, items).expect("write the items");
    std::fs::write(&against, work).expect("write the work");
    let out = std::process::Command::new(&cli)
        .arg("score")
        .arg(&file)
        .arg("--against")
        .arg(&against)
        .output()
        .expect("run pickanumber score --against");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "pickanumber score printed no JSON ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// Puts `work` into the judged work's box at once and fires the input event, as a paste does.
async fn paste_work(client: &Client, work: &str) {
    paste_into(client, "work-input", work).await;
}

/// Each row of the evidence table as `(status, counted)`, once it has `n` rows (the on-demand
/// module's first load included).
async fn rows(client: &Client, n: usize) -> Vec<(String, String)> {
    wait_until(
        || async {
            let rows = client
                .execute(
                    "return [...document.querySelectorAll('#out-evidence tr[data-status]')].map(r => [r.dataset.status, r.cells[3].textContent]);",
                    vec![],
                )
                .await
                .map_err(|e| e.to_string())?;
            let rows: Vec<(String, String)> = rows
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| (r[0].as_str().unwrap_or("").into(), r[1].as_str().unwrap_or("").into()))
                .collect();
            if rows.len() == n { Ok(rows) } else { Err(format!("{rows:?}")) }
        },
        MODULE_TIMEOUT,
        &format!("{n} rows in #out-evidence"),
    )
    .await
}

/// The CLI's `(status, counted)` of each item.
fn cli_rows(cli: &Value) -> Vec<(String, String)> {
    cli["evidence"]["items"]
        .as_array()
        .expect("score --against lists the items")
        .iter()
        .map(|i| {
            let counted = if i["counted"] == Value::Bool(true) {
                "yes"
            } else {
                "no"
            };
            (i["status"].as_str().unwrap_or("").into(), counted.into())
        })
        .collect()
}

#[tokio::test]
async fn a_judged_work_marks_each_item_and_scores_as_score_against() {
    let cli = score_against(ITEMS, WORK);
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        paste(&client, ITEMS).await;
        paste_work(&client, WORK).await;
        let shown = rows(&client, 5).await;
        assert_eq!(
            shown,
            cli_rows(&cli),
            "each item's status against the CLI's: {cli}"
        );
        assert_eq!(
            text(&client, "out-final").await,
            cli["final"].to_string(),
            "the headline without the items not found, as the CLI's: {cli}"
        );
        assert_eq!(
            text(&client, "out-confidence").await,
            format!("{:.2}", cli["confidence"].as_f64().unwrap()),
        );
        let counts = text(&client, "out-evidence-counts").await;
        let left_out = format!("{} left out of the score", cli["evidence"]["left_out"]);
        assert!(
            counts.contains(&left_out),
            "{counts:?} should say {left_out:?}"
        );
        // The closest passage of the work is named beside the changed quote.
        let table = text(&client, "out-evidence").await;
        assert!(
            table.contains("closest: \"Retries are capped at three.\""),
            "{table}"
        );

        // Without the work, every item counts again: the calculator's own view.
        paste_work(&client, "").await;
        wait_value(
            &client,
            "return !document.getElementById('out-evidence');",
            true,
            Duration::from_secs(10),
            "#out-evidence to go with the work",
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn the_judged_work_survives_a_reload_in_this_browser_and_stays_out_of_the_address() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        paste(&client, ITEMS).await;
        paste_work(&client, WORK).await;
        rows(&client, 5).await;
        // The address follows the screen after the visitor's pause; the work is kept then.
        wait_value(
            &client,
            "return localStorage.getItem('pickanumber.calculator.work');",
            WORK,
            Duration::from_secs(10),
            "the work in localStorage",
        )
        .await;
        let address = client.current_url().await.expect("the address").to_string();
        assert!(
            !address.contains("Retries"),
            "the work is not in the address: {address}"
        );
        client.refresh().await.expect("reload the page");
        wait_ready(&client).await;
        let work = client
            .execute(
                "return document.getElementById('work-input').value;",
                vec![],
            )
            .await
            .expect("read the work box");
        assert_eq!(work.as_str(), Some(WORK));
        // The items came back from the address, the work from storage: both checked again.
        rows(&client, 5).await;
        let hint = text(&client, "work-hint").await;
        assert!(
            hint.contains("Kept in this browser only, not in links."),
            "{hint:?}"
        );
    })
    .await;
}
