//! The live calculator: wait for it to mount, type evidence items, read the outputs.
//!
//! Expected values come from the reference brief (`shared/reference/pickanumber-facts.md`
//! §4.2, §1.6 and §5), not from the formula crate, so a wrong formula or a wrong view fails.

use pickanumber_browser_tests::{
    expect_text, open_calculator, serve_dist, text, type_items, wait_ready, with_browser,
    BrowserOptions, Client,
};

/// The outputs shown for one input; `None` means "not checked".
struct Expected {
    final_score: &'static str,
    confidence: &'static str,
    raw: Option<&'static str>,
    net: Option<&'static str>,
    total: Option<&'static str>,
}

async fn check(client: &Client, items: &str, want: &Expected) {
    type_items(client, items).await;
    // The final score settles last only if the view were inconsistent; check all after it.
    expect_text(client, "out-final", want.final_score).await;
    let mut pairs = vec![("out-confidence", Some(want.confidence))];
    pairs.push(("out-raw", want.raw));
    pairs.push(("out-net", want.net));
    pairs.push(("out-total", want.total));
    for (id, expected) in pairs {
        if let Some(expected) = expected {
            assert_eq!(
                text(client, id).await,
                expected,
                "#{id} for input {items:?}"
            );
        }
    }
}

#[tokio::test]
async fn typing_items_updates_the_score() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;

        // §4.2, the GUI agent: +5, +3, +2, +1, −2 → net +9, 5 items, raw 50 + 8·9/√5 = 82.1997.
        check(
            &client,
            "+5 final state correct\n+3 opened Settings\n+2 found the right pane\n+1 closed Settings\n-2 wrong pane first",
            &Expected {
                final_score: "76",
                confidence: "0.25",
                raw: Some("82.20"),
                net: Some("+9"),
                total: Some("5"),
            },
        )
        .await;

        // §4.2, the shell shortcut: +5, −3 → 59, raw 61.31, confidence 0.10.
        check(
            &client,
            "+5 final state correct\n-3 bypassed the GUI",
            &Expected {
                final_score: "59",
                confidence: "0.10",
                raw: Some("61.31"),
                net: Some("+2"),
                total: Some("2"),
            },
        )
        .await;

        // §1.6: a single +5 is 80.5 unrounded, and rounds half away from zero to 81.
        check(
            &client,
            "+5 x",
            &Expected {
                final_score: "81",
                confidence: "0.05",
                raw: Some("90.00"),
                net: Some("+5"),
                total: Some("1"),
            },
        )
        .await;
        assert_eq!(text(&client, "out-final-unrounded").await, "80.50");

        // §5 C: net 0 over 20 items → 50 with full confidence.
        let alternating: Vec<&str> = (0..20).map(|i| if i % 2 == 0 { "+1 x" } else { "-1 x" }).collect();
        check(
            &client,
            &alternating.join("\n"),
            &Expected {
                final_score: "50",
                confidence: "1.00",
                raw: Some("50.00"),
                net: Some("0"),
                total: Some("20"),
            },
        )
        .await;

        // The Unicode minus and bold impacts are items too: +3 and −2 (U+2212) → net +1,
        // raw 50 + 8/√2 = 55.66, final 50 + 5.66·0.775 = 54.38 → 54. (An unsigned "3" is an
        // error: prose that starts with a count is not evidence.)
        check(
            &client,
            "**+3** opened Settings\n\u{2212}2 wrong pane first",
            &Expected {
                final_score: "54",
                confidence: "0.10",
                raw: Some("55.66"),
                net: Some("+1"),
                total: Some("2"),
            },
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn invalid_and_ignored_lines_are_reported_and_left_out() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        client.goto(&site.url("/index.html")).await.expect("open the home page");
        wait_ready(&client).await;

        // Line 3 is an error (there is no ±4), line 2 is not an item. Only +5 and −2 count:
        // net +3 over 2 items, raw 50 + 8·3/√2 = 66.97, final 50 + 16.97·0.775 = 63.15 → 63.
        check(
            &client,
            "+5 final state correct\nhello there\n+4 nope\n-2 wrong pane first",
            &Expected {
                final_score: "63",
                confidence: "0.10",
                raw: Some("66.97"),
                net: Some("+3"),
                total: Some("2"),
            },
        )
        .await;
        let report = text(&client, "evidence-errors").await;
        assert!(
            report.contains("line 3: impact +4 is not one of +5, +3, +2, +1, \u{2212}1, \u{2212}2, \u{2212}3, \u{2212}5"),
            "#evidence-errors does not name the invalid line 3: {report:?}"
        );
        let ignored = report
            .lines()
            .find(|l| l.to_lowercase().contains("ignored"))
            .unwrap_or_else(|| panic!("#evidence-errors does not report the ignored line: {report:?}"));
        let numbers: Vec<&str> = ignored.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).collect();
        assert_eq!(numbers, ["2"], "the ignored line is line 2: {ignored:?}");

        // Fixing the input clears the report.
        check(
            &client,
            "+5 final state correct",
            &Expected { final_score: "81", confidence: "0.05", raw: None, net: None, total: Some("1") },
        )
        .await;
        assert_eq!(text(&client, "evidence-errors").await, "", "a valid input leaves no report");
    })
    .await;
}
