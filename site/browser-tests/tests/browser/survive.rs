//! Work that survives: what a visitor typed or chose on an island comes back, exactly as it was
//! on screen, after a reload, after leaving the page and coming back with the back button, and
//! (the calculator) from the address copied into another browser. The calculator keeps its
//! state in the address (the share link's checked format, replaced after a pause, never
//! pushed); input too large for a link is kept in the browser's storage, and the calculator
//! says so under the input. The probe, the pairwise page and the setup page keep their work in
//! the browser's storage.

use pickanumber_browser_tests::{
    expect_contains, paste, paste_into, serve_dist, text, type_items, wait_ready, wait_until,
    with_browser, BrowserOptions, Client, Served,
};
use serde_json::Value;
use std::time::Duration;

/// How long the address (or the storage) may take to follow an edit: the pause it waits for
/// and some.
const RECORDED: Duration = Duration::from_secs(5);

/// Runs `script` in the page; its result.
async fn eval(client: &Client, script: &str, args: Vec<Value>) -> Value {
    client
        .execute(script, args)
        .await
        .unwrap_or_else(|e| panic!("run `{script}`: {e}"))
}

/// The value of the field matching `selector`.
async fn value(client: &Client, selector: &str) -> String {
    let v = eval(
        client,
        "return document.querySelector(arguments[0])?.value ?? null;",
        vec![selector.into()],
    )
    .await;
    v.as_str()
        .unwrap_or_else(|| panic!("no field {selector}"))
        .replace("\r\n", "\n")
}

/// Waits until `script` returns true.
async fn until(client: &Client, script: &str, what: &str) {
    wait_until(
        || async {
            match eval(client, script, vec![]).await {
                Value::Bool(true) => Ok(()),
                other => Err(format!("{other}")),
            }
        },
        RECORDED,
        what,
    )
    .await;
}

/// Reloads the page and waits for its island.
async fn reload(client: &Client) {
    client.refresh().await.expect("reload the page");
    wait_ready(client).await;
}

/// Items whose headline differs from the example's.
const EDITED: &str = "+5 final state correct\n+3 the agent checked its work\n-2 wrong pane first\n-1 one retry\n+2 z";

#[tokio::test]
async fn the_calculators_edits_survive_a_reload_a_mode_change_and_the_back_button() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        client
            .goto(&site.url("/"))
            .await
            .expect("open the home page");
        wait_ready(&client).await;
        let example_final = text(&client, "out-final").await;
        type_items(&client, EDITED).await;
        wait_until(
            || async {
                let shown = text(&client, "out-final").await;
                if shown != example_final {
                    Ok(shown)
                } else {
                    Err(shown)
                }
            },
            RECORDED,
            "the headline to follow the edit",
        )
        .await;
        let edited_final = text(&client, "out-final").await;
        until(
            &client,
            "return location.hash.includes('&d=');",
            "the address to hold the text",
        )
        .await;
        // The address is replaced, never pushed: one history entry for all the typing.
        let entries = eval(&client, "return history.length;", vec![]).await;
        reload(&client).await;
        assert_eq!(
            value(&client, "#evidence-input").await,
            EDITED,
            "the text after a reload"
        );
        assert_eq!(
            text(&client, "out-final").await,
            edited_final,
            "the headline after a reload"
        );

        // A mode change keeps the text in the address.
        eval(
            &client,
            "document.querySelector('input[name=calc-mode][value=feedback]').click();",
            vec![],
        )
        .await;
        until(
            &client,
            "return location.hash.includes('mode=feedback') && location.hash.includes('&d=');",
            "the address to hold the mode and the text",
        )
        .await;
        let feedback_final = text(&client, "out-final").await;
        reload(&client).await;
        assert_eq!(
            value(&client, "#evidence-input").await,
            EDITED,
            "the text after a mode change and a reload"
        );
        assert_eq!(
            value(&client, "input[name=calc-mode]:checked").await,
            "feedback"
        );
        assert_eq!(text(&client, "out-final").await, feedback_final);
        assert_eq!(
            eval(&client, "return history.length;", vec![]).await,
            entries,
            "the edits pushed history entries"
        );

        // Away and back.
        let address = client.current_url().await.expect("the address").to_string();
        client
            .goto(&site.url("/paper/"))
            .await
            .expect("open another page");
        client.back().await.expect("go back");
        wait_ready(&client).await;
        assert_eq!(
            value(&client, "#evidence-input").await,
            EDITED,
            "the text after the back button"
        );
        assert_eq!(text(&client, "out-final").await, feedback_final);

        // The copied address in another browser: see the next test's fresh profile.
        std::fs::write(copied_address_file(), address).expect("keep the address for the check");
    })
    .await;
    // A fresh browser (its own profile, no storage) opens the copied address.
    let address = std::fs::read_to_string(copied_address_file()).expect("the copied address");
    with_browser(BrowserOptions::default(), move |client| async move {
        client
            .goto(&address)
            .await
            .expect("open the copied address");
        wait_ready(&client).await;
        assert_eq!(
            value(&client, "#evidence-input").await,
            EDITED,
            "the text from a copied address"
        );
        assert_eq!(
            value(&client, "input[name=calc-mode]:checked").await,
            "feedback"
        );
    })
    .await;
}

/// The harness keeps a Chromium between tests; the copied-address test above needs its second
/// browser to be another browser, with nothing in its storage.
#[tokio::test]
async fn a_second_browser_in_one_test_has_nothing_of_the_firsts_storage() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        client
            .goto(&site.url("/"))
            .await
            .expect("open the home page");
        eval(
            &client,
            "localStorage.setItem('kept', 'by the first'); return null;",
            vec![],
        )
        .await;
    })
    .await;
    with_browser(BrowserOptions::default(), move |client| async move {
        client
            .goto(&site.url("/"))
            .await
            .expect("open the home page");
        let kept = eval(&client, "return localStorage.getItem('kept');", vec![]).await;
        assert_eq!(
            kept,
            serde_json::Value::Null,
            "the second browser's storage"
        );
    })
    .await;
}

/// Where the first browser leaves the address it had, for the second.
fn copied_address_file() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("pickanumber-copied-address-{}", std::process::id()))
}

/// Text that compresses badly: a link cannot carry 60,000 characters of it.
fn incompressible(lines: usize) -> String {
    let mut state = 0x2545_f491_u64;
    (0..lines)
        .map(|i| {
            let word: String = (0..40)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    char::from(b'a' + (state % 26) as u8)
                })
                .collect();
            format!("+1 item {i} {word}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn input_too_large_for_the_address_is_kept_in_storage_and_said_so_under_the_input() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        client.goto(&site.url("/")).await.expect("open the home page");
        wait_ready(&client).await;
        let big = incompressible(1500);
        paste(&client, &big).await;
        expect_contains(&client, "calc-kept", "it is kept in this browser's storage, not in the address").await;
        expect_contains(&client, "calc-kept", "too large for a link").await;
        // The message stands right under the input.
        let gap = eval(
            &client,
            "return document.getElementById('calc-kept').getBoundingClientRect().top - document.getElementById('evidence-input').getBoundingClientRect().bottom;",
            vec![],
        )
        .await;
        assert!(
            gap.as_f64().is_some_and(|g| (0.0..40.0).contains(&g)),
            "the message is {gap} px below the input"
        );
        until(&client, "return location.hash.includes('mode=') && !location.hash.includes('&d=');", "the address to hold the settings only").await;
        reload(&client).await;
        assert_eq!(value(&client, "#evidence-input").await, big, "the text after a reload");
        expect_contains(&client, "calc-kept", "from this browser's storage").await;
        // Back under the limit: the address holds the text again, and the storage lets go.
        paste(&client, EDITED).await;
        until(&client, "return location.hash.includes('&d=') && localStorage.getItem('pickanumber.calculator.text') === null;", "the address to hold the text again").await;
        assert_eq!(text(&client, "calc-kept").await, "");
    })
    .await;
}

/// Opens `path`, fills `#id` with `typed`, waits until the island has kept it and reloads:
/// `#id` holds `typed` again and `#shown` shows what it showed before the reload.
async fn survives(
    site: Served,
    path: &'static str,
    id: &'static str,
    typed: &'static str,
    shown: &'static str,
) {
    with_browser(BrowserOptions::default(), move |client| async move {
        client.goto(&site.url(path)).await.expect("open the page");
        wait_ready(&client).await;
        paste_into(&client, id, typed).await;
        let before = text(&client, shown).await;
        // The island keeps its work after a pause.
        tokio::time::sleep(Duration::from_millis(1200)).await;
        reload(&client).await;
        assert_eq!(
            value(&client, &format!("#{id}")).await,
            typed,
            "#{id} on {path} after a reload"
        );
        assert_eq!(
            text(&client, shown).await,
            before,
            "#{shown} on {path} after a reload"
        );
        client.goto(&site.url("/")).await.expect("leave");
        client.back().await.expect("come back");
        wait_ready(&client).await;
        assert_eq!(
            value(&client, &format!("#{id}")).await,
            typed,
            "#{id} on {path} after the back button"
        );
    })
    .await;
}

#[tokio::test]
async fn the_probes_runs_survive_a_reload() {
    survives(
        serve_dist(),
        "/probe/",
        "probe-input",
        "6 7 6 6\n7 6 6 7\n6 6 7 6",
        "probe-regime",
    )
    .await;
}

#[tokio::test]
async fn the_pairwise_judgments_survive_a_reload() {
    survives(
        serve_dist(),
        "/pairwise/",
        "pairwise-input",
        "a\tb\tfirst\nb\ta\tsecond\na\tc\tfirst",
        "pairwise-items",
    )
    .await;
}

#[tokio::test]
async fn the_setup_form_survives_a_reload() {
    survives(
        serve_dist(),
        "/setup/",
        "subject",
        "the onboarding flow of our app",
        "setup-toml",
    )
    .await;
}
