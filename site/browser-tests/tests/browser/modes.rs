//! The calculator in every mode and format, with expected values worked out by hand from the
//! published formula (see shared/reference/pickanumber-facts.md §1), not from our code.

use fantoccini::Locator;
use pickanumber_browser_tests::{
    expect_contains, expect_text, open_calculator, paste, serve_dist, text, wait_ready, wait_until,
    with_browser, BrowserOptions, UPDATE_TIMEOUT,
};

/// `(final, confidence, raw)` for +5 and −3: net +2, 2 items → normalized 1.414, raw 61.31,
/// multiplier 0.775 → 58.77 → 59, confidence 2/20.
const TWO_ITEMS: (&str, &str, &str) = ("59", "0.10", "61.31");
/// For +5, +3 and −1: net +7, 3 items → normalized 7/√3 = 4.041, raw 50 + 8 · 4.041 = 82.33,
/// multiplier 0.7875 → 50 + 32.33 · 0.7875 = 75.46 → 75, confidence 3/20.
const THREE_ITEMS: (&str, &str, &str) = ("75", "0.15", "82.33");

#[tokio::test]
async fn every_format_reads_its_items() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        // Each case shows other figures or another format than the one before it, so a case
        // whose input changed nothing on the page cannot pass on the previous case's outputs.
        for (input, format, (final_score, confidence, raw)) in [
            ("+5 a\n-3 b", "Read as item lines", TWO_ITEMS),
            ("[{\"impact\": 5, \"text\": \"a\"}, {\"impact\": -3, \"text\": \"b\"}]", "Read as JSON items", TWO_ITEMS),
            ("text,impact\na,+5\nb,-3", "Read as spreadsheet rows", TWO_ITEMS),
            ("text\timpact\nc\t5\nd\t3\ne\t-1", "Read as spreadsheet rows", THREE_ITEMS),
            ("| Impact | Text |\n|---|---|\n| +5 | a |\n| −3 | b |", "Read as markdown table", TWO_ITEMS),
            ("{\"working\": [{\"value\": 5, \"text\": \"a\"}], \"confusing\": [{\"value\": -3, \"text\": \"b\"}]}", "Read as feedback JSON", TWO_ITEMS),
        ] {
            paste(&client, input).await;
            expect_contains(&client, "out-format", format).await;
            expect_text(&client, "out-final", final_score).await;
            expect_text(&client, "out-confidence", confidence).await;
            expect_text(&client, "out-raw", raw).await;
        }
    })
    .await;
}

#[tokio::test]
async fn matrix_mode_shows_overall_span_and_self_check() {
    // a: +5 alone → 80.5 → 81; b: −5 alone → 19.5 → 20; equal weights → 50.5 → 51; span 61.
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        paste(
            &client,
            "weights: a=0.5, b=0.5\n(+5, a) strong\n(−5, b) critical",
        )
        .await;
        expect_contains(&client, "out-format", "matrix mode").await;
        expect_text(&client, "out-overall", "51").await;
        expect_text(&client, "out-overall-confidence", "0.05").await;
        expect_text(&client, "out-span", "61").await;
        expect_contains(&client, "out-self-check", "passes").await;
        // An unlabelled item is an error in matrix mode; a zero weight is an error naming it.
        paste(&client, "weights: a=0.5, b=0\n(+5, a) strong\n+3 loose").await;
        expect_contains(
            &client,
            "evidence-errors",
            "line 3: in matrix mode every item needs a criterion",
        )
        .await;
        expect_contains(
            &client,
            "evidence-errors",
            "weights must be greater than 0: check b",
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn preset_and_mode_switch_by_keyboard_and_stay_in_the_url() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        paste(&client, "(+3, craft) tidy").await;
        let select = client
            .find(Locator::Css(".calc-bar select"))
            .await
            .expect("the preset menu");
        select
            .select_by_value("hackathon")
            .await
            .expect("choose the hackathon preset");
        expect_contains(&client, "out-format", "matrix mode").await;
        let rows = client
            .find_all(Locator::Css(".calc-matrix tbody tr"))
            .await
            .expect("criteria rows");
        assert_eq!(rows.len(), 5, "the hackathon preset has five criteria");
        expect_contains(
            &client,
            "evidence-errors",
            "criterion problem_fit has no items",
        )
        .await;
        // Keyboard: focus the Pooled radio and press space.
        let pooled = client
            .find(Locator::Css("input[name=calc-mode][value=pooled]"))
            .await
            .expect("radio");
        pooled
            .send_keys(" ")
            .await
            .expect("select with the keyboard");
        expect_contains(&client, "out-format", "pooled mode").await;
        // The address follows once the visitor pauses.
        let c = &client;
        wait_until(
            || async move {
                let hash = c
                    .execute("return location.hash;", vec![])
                    .await
                    .map_err(|e| e.to_string())?;
                let hash = hash.as_str().unwrap_or_default().to_string();
                if hash.contains("mode=pooled") && hash.contains("preset=hackathon") {
                    Ok(())
                } else {
                    Err(format!("URL fragment: {hash}"))
                }
            },
            UPDATE_TIMEOUT,
            "the address to record mode=pooled and preset=hackathon",
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn feedback_example_shows_running_scores_and_actions() {
    // Items +3 +2 −3 −2 −1: after Working (+3, +2): net 5, n 2 → raw 78.28, m 0.775 → 71.92 → 72;
    // after Not working (−3): net 2, n 3 → raw 59.24, m 0.7875 → 57.27 → 57; after Missing (−2): 50.
    // All five: net −1 → normalized −0.447, raw 46.42, m 0.8125 → 47.09 → 47, confidence 0.25.
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        let button = client
            .find(Locator::XPath("//button[contains(., 'Feedback: four buckets')]"))
            .await
            .expect("the feedback example button");
        // Keyboard: Enter on the focused button, as a person without a mouse would.
        button.send_keys("\u{E007}").await.expect("load the example");
        expect_contains(&client, "out-format", "feedback mode").await;
        expect_text(&client, "out-final", "47").await;
        expect_text(&client, "out-confidence", "0.25").await;
        let running = client
            .execute("return [...document.querySelectorAll('#out-buckets td.running')].map(e => e.textContent);", vec![])
            .await
            .expect("read the running scores");
        assert_eq!(running, serde_json::json!(["72", "57", "50", "47"]));
        expect_contains(&client, "out-buckets", "Clarify").await;
    })
    .await;
}

#[tokio::test]
async fn share_link_restores_the_calculation_and_bad_links_are_ignored() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        paste(&client, "+5 a\n-3 b\n<img src=x onerror=alert(1)>").await;
        client
            .find(Locator::Id("copy-link"))
            .await
            .expect("button")
            .send_keys("\u{E007}")
            .await
            .expect("press Enter on Copy share link");
        let c = &client;
        let link = wait_until(
            || async move {
                // The link is added to the page once it has been made.
                let href = match c.find(Locator::Id("share-link")).await {
                    Ok(link) => link.attr("href").await.expect("href").unwrap_or_default(),
                    Err(_) => String::new(),
                };
                if !href.is_empty() {
                    return Ok(href);
                }
                Err(format!(
                    "no href; #calc-status {:?}",
                    text(c, "calc-status").await
                ))
            },
            UPDATE_TIMEOUT,
            "#share-link to get an href after Copy share link",
        )
        .await;
        // The check (a CRC-32 of the rest) comes first, then the settings and the data.
        assert!(
            link.contains("#check=") && link.contains("&mode=auto&d="),
            "{link}"
        );
        client.goto("about:blank").await.expect("leave");
        client.goto(&link).await.expect("open the share link");
        wait_ready(&client).await;
        expect_text(&client, "out-final", "59").await;
        expect_contains(&client, "calc-status", "Restored from the link").await;
        let value = client
            .find(Locator::Id("evidence-input"))
            .await
            .expect("input")
            .prop("value")
            .await
            .expect("value");
        assert_eq!(
            value.as_deref(),
            Some("+5 a\n-3 b\n<img src=x onerror=alert(1)>")
        );

        client
            .goto(&site.url("/?again#d=%%%"))
            .await
            .expect("open a broken link");
        wait_ready(&client).await;
        expect_contains(&client, "calc-status", "it was ignored").await;
        expect_text(&client, "out-final", "76").await;
    })
    .await;
}
