//! Each mode leads with its own answer: the overall in matrix mode (never the pool of all
//! items), the four buckets pooled in feedback mode; auto mode pools a minority of labels and
//! says so; the page keeps the address it was opened with. Expected values are worked out by
//! hand from the published formula (facts file §1), in the comments.

use fantoccini::Locator;
use pickanumber_browser_tests::{
    expect_contains, expect_text, open_calculator, paste, serve_dist, text, wait_ready, wait_until,
    with_browser, BrowserOptions, Client, UPDATE_TIMEOUT,
};
use std::time::{Duration, Instant};

async fn choose_preset(client: &Client, preset: &str) {
    client
        .find(Locator::Css(".calc-bar select"))
        .await
        .expect("the preset menu")
        .select_by_value(preset)
        .await
        .expect("choose a preset");
}

async fn hash(client: &Client) -> String {
    client
        .execute("return location.hash;", vec![])
        .await
        .expect("read the address")
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test]
async fn matrix_headline_is_the_overall_with_a_preset_and_with_weights() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        // Hackathon preset. problem_fit: +5 alone → raw 90, m 0.7625 → 80.5 → 81; craft: +3
        // alone → raw 74 → 68.3 → 68; depth, innovation, completeness: no items → 50, conf 0.
        // Overall .3·81 + .2·68 + .2·50 + .15·50 + .15·50 = 62.9 → 63; confidence 0.
        // The pool of both items: net 8, n 2 → raw 95.25, m 0.775 → 85.07 → 85.
        paste(
            &client,
            "(+5, problem_fit) solves the brief\n(+3, craft) tidy modules",
        )
        .await;
        choose_preset(&client, "hackathon").await;
        expect_contains(&client, "out-format", "matrix mode").await;
        expect_text(&client, "out-final", "63").await;
        expect_text(&client, "out-final-label", "Overall").await;
        expect_text(&client, "out-confidence", "0.00").await;
        expect_text(&client, "out-overall", "63").await;
        expect_text(&client, "out-pool-final", "85").await;

        // Weights: a +5 alone → 81, b −5 alone → 20; equal weights → 50.5 → 51, conf 0.05.
        // The pool: net 0 → 50.
        choose_preset(&client, "").await;
        paste(
            &client,
            "weights: a=0.5, b=0.5\n(+5, a) strong\n(−5, b) critical",
        )
        .await;
        expect_text(&client, "out-final", "51").await;
        expect_text(&client, "out-confidence", "0.05").await;
        expect_text(&client, "out-pool-final", "50").await;

        // Weights that cannot be used leave no headline rather than showing the pool.
        paste(&client, "weights: a=1\n(+5, a) strong\n(−5, b) critical").await;
        expect_text(&client, "out-final", "—").await;
        expect_contains(&client, "evidence-errors", "add a weight for b").await;
    })
    .await;
}

#[tokio::test]
async fn feedback_headline_is_the_buckets_pooled() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        // +3 and −2: net +1, n 2 → raw 55.66, m 0.775 → 54.38 → 54, confidence 0.10.
        paste(&client, "## Working\n+3 fast\n## Missing\n−2 no docs").await;
        expect_contains(&client, "out-format", "feedback mode").await;
        expect_text(&client, "out-final-label", "Feedback score").await;
        expect_text(&client, "out-final", "54").await;
        expect_text(&client, "out-confidence", "0.10").await;
        expect_contains(&client, "out-buckets", "Add").await;
    })
    .await;
}

#[tokio::test]
async fn auto_mode_pools_a_minority_of_labels_and_names_them() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        // +5, −3, +1: net 3, n 3 → raw 63.86, m 0.7875 → 60.91 → 61, confidence 0.15.
        paste(
            &client,
            "[{\"impact\": 5, \"text\": \"a\", \"criterion\": \"craft\"},\n{\"impact\": -3, \"text\": \"b\"},\n{\"impact\": 1, \"text\": \"c\"}]",
        )
        .await;
        expect_contains(&client, "out-format", "pooled mode").await;
        expect_text(&client, "out-final", "61").await;
        expect_text(&client, "out-final-label", "Final").await;
        expect_contains(&client, "evidence-errors", "1 of 3 items name a criterion").await;
        expect_contains(&client, "evidence-errors", "line 1").await;
        assert!(
            !text(&client, "evidence-errors").await.contains("error:"),
            "a minority of labels is a warning, not an error"
        );
    })
    .await;
}

#[tokio::test]
async fn a_section_anchor_survives_the_mount() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        client
            .goto(&site.url("/#formula"))
            .await
            .expect("open the home page at #formula");
        wait_ready(&client).await;
        // Mounting leaves the address alone.
        assert_eq!(hash(&client).await, "#formula");
        // Typing is the visitor's work, recorded in the address once they pause.
        paste(&client, "+3 typing is recorded").await;
        expect_text(&client, "out-total", "1").await;
        // Changing the mode is a visitor's choice, recorded in the address.
        client
            .find(Locator::Css("input[name=calc-mode][value=pooled]"))
            .await
            .expect("radio")
            .send_keys(" ")
            .await
            .expect("choose pooled with the keyboard");
        let c = &client;
        wait_until(
            || async move {
                let address = hash(c).await;
                if address.contains("mode=pooled") && address.contains("&d=") {
                    Ok(())
                } else {
                    Err(format!("address {address}"))
                }
            },
            UPDATE_TIMEOUT,
            "the address to record mode=pooled and the text",
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn a_hundred_thousand_unlabelled_lines_with_a_preset() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        let text_in: String = (0..100_000).map(|i| format!("+1 finding {i}\n")).collect();
        paste(&client, &text_in).await;
        expect_text(&client, "out-total", "100000").await;
        // Choosing a preset makes every line an error, one per line (this pass was once
        // quadratic): 100,000 errors, 200 listed, 99,800 counted, and no number (that no item
        // is left to score is said once, by the headline, not again in the list).
        let started = Instant::now();
        choose_preset(&client, "generic").await;
        expect_contains(&client, "evidence-errors", "… and 99800 more").await;
        let took = started.elapsed();
        println!("100,000 unlabelled lines re-scored with a preset and shown in {took:?}");
        assert!(took < Duration::from_secs(2), "took {took:?}");
        expect_text(&client, "out-final", "—").await;
        expect_text(&client, "out-final-label", "No items read").await;
    })
    .await;
}
