//! Several judges' passes in the calculator: pasted with `## Pass:` headings, they
//! load the calculator's on-demand module, and the result leads with the combined headline and
//! its interval, then a row per pass. What it shows is checked against the CLI's `pickanumber
//! combine` of the same text (`target/debug/pickanumber`, built by `cargo build -p
//! pickanumber-cli`), so the wasm and the command line cannot drift.
//!
//! A saved pass keeps its items and its judge's name across a reload, reopens into the input,
//! and is stored as a judge store document that `pickanumber versions` reads. A judge store
//! document pasted in the input (the page's own export, or one the CLI wrote) is imported into
//! the list; saved passes the page cannot read are kept as they are and named, never written
//! over. When the browser's storage refuses the saved passes, the status line says so.

use pickanumber_browser_tests::{
    open_calculator, paste, repo, serve_dist, text, wait_ready, wait_shown, wait_until, wait_value,
    with_browser, BrowserOptions, Client, Locator,
};
use serde_json::Value;
use std::time::Duration;

/// Two judges' passes of one piece of work: one observation both found (counted once), and
/// one cell where they disagree in sign.
const TWO: &str = "## Pass: claude\n+3 the tests pass\n+2 the README states the limits\n-1 one warning at build time\n+1 the install step works\n\n## Pass: gpt\n+3 the tests pass\n-2 the install step fails on a clean machine\n-3 the migration loses rows\n";

/// `pickanumber combine` of `text` (one file with `## Pass:` headings): its JSON.
fn combine(text: &str) -> Value {
    let cli = repo().join("target/debug/pickanumber");
    assert!(
        cli.exists(),
        "{} is missing: build it with `cargo build -p pickanumber-cli`",
        cli.display()
    );
    let dir = tempfile::tempdir().expect("a scratch folder");
    let file = dir.path().join("passes.txt");
    std::fs::write(&file, text).expect("write the passes");
    let out = std::process::Command::new(&cli)
        .arg("combine")
        .arg(&file)
        .output()
        .expect("run pickanumber combine");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "pickanumber combine printed no JSON ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// A number of the CLI's JSON as the calculator prints a rounded headline.
fn whole(v: &Value) -> String {
    let x = v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"));
    format!("{x:.0}")
}

#[tokio::test]
async fn two_pasted_passes_show_the_combined_headline_of_pickanumber_combine() {
    let cli = combine(TWO);
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        paste(&client, TWO).await;
        // The on-demand module loads, then shows a row per pass.
        let rows = wait_shown(&client, "out-passes", &["claude", "gpt"]).await;
        assert_eq!(
            text(&client, "out-final").await,
            whole(&cli["final"]),
            "the combined headline against `pickanumber combine`: {cli}"
        );
        assert_eq!(
            text(&client, "out-confidence").await,
            format!("{:.2}", cli["confidence"].as_f64().unwrap()),
        );
        let interval = text(&client, "out-interval").await;
        let ends = cli["interval"]
            .as_array()
            .expect("combine prints an interval");
        let range = format!("{} to {}", whole(&ends[0]), whole(&ends[1]));
        assert!(
            interval.contains(&range),
            "{interval:?} should hold {range}"
        );
        for pass in cli["passes"].as_array().expect("combine prints passes") {
            let name = pass["name"].as_str().unwrap();
            let row = format!("{name}\t{}\t", whole(&pass["final"]));
            assert!(rows.contains(&row), "{rows:?} should hold the row {row:?}");
        }
        // The cell where the judges disagree in sign is listed with each pass's net.
        let disagreements = cli["disagreements"].as_array().unwrap();
        assert_eq!(disagreements.len(), 1, "{cli}");
        for p in disagreements[0]["passes"].as_array().unwrap() {
            let net = p["net"].as_i64().unwrap();
            let sign = if net > 0 { "+" } else { "" };
            let shown = format!("{} {sign}{net}", p["name"].as_str().unwrap());
            assert!(rows.contains(&shown), "{rows:?} should list {shown:?}");
        }
    })
    .await;
}

/// The calculator's input as the page holds it.
async fn input_value(client: &Client) -> String {
    let v = client
        .execute(
            "return document.getElementById('evidence-input').value;",
            vec![],
        )
        .await
        .expect("read the input");
    v.as_str().unwrap_or_default().to_string()
}

/// Presses the button `selector` with Enter, as a keyboard user does.
async fn click(client: &Client, selector: &str) {
    client
        .find(Locator::Css(selector))
        .await
        .unwrap_or_else(|e| panic!("no {selector}: {e}"))
        .send_keys("\u{E007}")
        .await
        .unwrap_or_else(|e| panic!("press {selector}: {e}"));
}

/// A pass saved while the browser's storage refuses it (over its quota): the status line says
/// the saved passes will not survive a reload, rather than letting the list look kept.
#[tokio::test]
async fn a_pass_the_storage_refuses_is_named_in_the_status_line() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        client
            .execute(
                "const set = Storage.prototype.setItem;
                 Storage.prototype.setItem = function (key, value) {
                     if (key === 'pickanumber.passes') {
                         throw new DOMException('over the quota', 'QuotaExceededError');
                     }
                     return set.call(this, key, value);
                 };",
                vec![],
            )
            .await
            .expect("make the storage refuse the passes");
        paste(&client, "+3 the tests pass").await;
        let judge = client
            .find(Locator::Id("judge-input"))
            .await
            .expect("a judge field beside Save pass");
        judge.send_keys("claude").await.expect("type the judge");
        click(&client, "#save-pass").await;
        wait_shown(
            &client,
            "calc-status",
            &["storage refused the saved passes: they will not survive a reload"],
        )
        .await;
        let stored = client
            .execute("return localStorage.getItem('pickanumber.passes');", vec![])
            .await
            .expect("read localStorage");
        assert_eq!(stored, Value::Null, "nothing was stored");
    })
    .await;
}

#[tokio::test]
async fn a_saved_pass_survives_a_reload_and_reopens_with_the_same_items() {
    const ITEMS: &str =
        "+3 the tests pass\n(-2, depth) the \"edge\" cases are thin\n+1 ü in the README";
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        paste(&client, ITEMS).await;
        let judge = client
            .find(Locator::Id("judge-input"))
            .await
            .expect("a judge field beside Save pass");
        judge.send_keys("claude").await.expect("type the judge");
        click(&client, "#save-pass").await;
        wait_shown(&client, "saved-passes", &["claude:"]).await;
        let headline = text(&client, "out-final").await;

        client.refresh().await.expect("reload the page");
        wait_ready(&client).await;
        let list = wait_shown(&client, "saved-passes", &["claude:"]).await;
        assert!(list.contains(&format!("claude: {headline} ")), "{list:?}");
        paste(&client, "+1 something else").await;
        click(&client, "button[data-reopen='0']").await;
        wait_value(
            &client,
            "return document.getElementById('evidence-input').value;",
            ITEMS,
            Duration::from_secs(10),
            "the reopened pass's items in the input",
        )
        .await;

        // A second judge's pass, saved the same way; then both combined, one at a time.
        paste(&client, "-2 the install step fails").await;
        let judge = client
            .find(Locator::Id("judge-input"))
            .await
            .expect("the judge field");
        judge.send_keys("gpt").await.expect("type the judge");
        click(&client, "#save-pass").await;
        wait_shown(&client, "saved-passes", &["claude:", "gpt:"]).await;
        click(&client, "#combine-passes").await;
        wait_shown(&client, "out-passes", &["claude", "gpt"]).await;
        assert!(input_value(&client)
            .await
            .starts_with("## Pass: claude\n+3 the tests pass"));

        // The stored document is a judge store document the CLI lists.
        let stored = client
            .execute("return localStorage.getItem('pickanumber.passes');", vec![])
            .await
            .expect("read localStorage");
        let doc: Value = serde_json::from_str(stored.as_str().expect("a stored document"))
            .expect("the stored passes are JSON");
        let pass = &doc["versions"][0];
        assert_eq!(
            (pass["judge"].as_str(), pass["text"].as_str()),
            (Some("claude"), Some(ITEMS))
        );
        let dir = tempfile::tempdir().expect("a scratch folder");
        std::fs::write(dir.path().join("calc.json"), doc.to_string()).expect("write it");
        let out = std::process::Command::new(repo().join("target/debug/pickanumber"))
            .args(["versions", "--slug", "calc", "--json"])
            .env("JUDGE_DIR", dir.path())
            .output()
            .expect("run pickanumber versions");
        let listed: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
        assert_eq!(
            listed["versions"][0]["final"].to_string(),
            headline,
            "{listed}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_passes_module_that_does_not_load_is_reported_never_blank() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        // The boot module's loader, made to fail as a lost connection would.
        client
            .execute(
                "globalThis.pickanumberOnDemand = () => Promise.reject('the network is down');",
                vec![],
            )
            .await
            .expect("replace the loader");
        paste(&client, TWO).await;
        let error = wait_shown(&client, "out-second-error", &["the network is down"]).await;
        assert!(error.contains("nothing is scored"), "{error:?}");
        let headline = client
            .execute("return !!document.getElementById('out-final');", vec![])
            .await
            .expect("look for a headline");
        assert_eq!(headline, Value::Bool(false), "no number beside the failure");
    })
    .await;
}

/// The saved passes as this browser stores them (`null` when there are none).
async fn stored(client: &Client) -> Value {
    client
        .execute("return localStorage.getItem('pickanumber.passes');", vec![])
        .await
        .expect("read localStorage")
}

/// The judges of the saved-passes list, in order.
async fn listed_judges(client: &Client) -> Vec<String> {
    let list = wait_shown(client, "saved-passes", &[":"]).await;
    list.lines()
        .filter_map(|l| l.split_once(':').map(|(judge, _)| judge.trim().to_string()))
        .collect()
}

#[tokio::test]
async fn passes_pasted_in_the_input_are_imported_into_the_list() {
    // A document `pickanumber score --save` wrote: its passes have evidence and no text.
    const CLI: &str = r#"{"id": "x", "title": "X", "created": "t", "passes": [{"version": 1, "timestamp": "2026-05-02T14:03:11Z", "summary": "first", "evidence": {"working": [{"value": 3, "text": "ok"}], "not_working": [], "missing": [{"value": -1, "text": "docs"}], "confusing": []}, "scores": {"final": 56, "confidence": 0.1}}]}"#;
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        paste(&client, "+3 the tests pass\n-1 one warning").await;
        let judge = client
            .find(Locator::Id("judge-input"))
            .await
            .expect("the judge field");
        judge.send_keys("claude").await.expect("type the judge");
        click(&client, "#save-pass").await;
        assert_eq!(listed_judges(&client).await, ["claude"]);

        // The page's own export, pasted back: its pass is added again.
        let export = stored(&client).await;
        let export = export.as_str().expect("a stored document").to_string();
        paste(&client, &export).await;
        click(&client, "#import-passes").await;
        wait_shown(&client, "calc-status", &["Passes imported from the input."]).await;
        assert_eq!(listed_judges(&client).await, ["claude", "claude"]);

        // A document the CLI wrote: its pass is listed under its summary, with its stored score.
        paste(&client, CLI).await;
        click(&client, "#import-passes").await;
        let list = wait_shown(&client, "saved-passes", &["first: 56 "]).await;
        assert_eq!(
            listed_judges(&client).await,
            ["claude", "claude", "first"],
            "{list}"
        );
        let doc: Value = serde_json::from_str(stored(&client).await.as_str().unwrap())
            .expect("the stored passes are JSON");
        assert_eq!(doc["versions"].as_array().map(Vec::len), Some(3), "{doc}");

        // Text that is not a judge document imports nothing and says why.
        paste(&client, "+1 not a document").await;
        click(&client, "#import-passes").await;
        wait_shown(
            &client,
            "calc-status",
            &["Nothing imported from the input (not a judge document: "],
        )
        .await;
        assert_eq!(listed_judges(&client).await, ["claude", "claude", "first"]);
    })
    .await;
}

#[tokio::test]
async fn saved_passes_the_page_cannot_read_are_kept_and_named() {
    const OLD: &str = "v2 76 250 pooled";
    const START: &str = "The passes saved in this browser cannot be read (not a judge document: ";
    const END: &str = "), so nothing was saved over them: copy them as JSON to keep them, or forget them to start again.";
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        open_calculator(&client, &site).await;
        client
            .execute(
                "localStorage.setItem('pickanumber.passes', arguments[0]);",
                vec![OLD.into()],
            )
            .await
            .expect("store passes of another format");
        client.refresh().await.expect("reload the page");
        wait_ready(&client).await;
        let status = wait_shown(&client, "calc-status", &[START, END]).await;
        assert!(
            status.starts_with(START) && status.ends_with(END),
            "{status:?}"
        );
        assert_eq!(stored(&client).await, Value::from(OLD), "kept at the start");
        // Only the buttons that copy or forget them, no list.
        let buttons = client
            .execute(
                "return [...document.querySelectorAll('#passes button')].map(b => b.id);",
                vec![],
            )
            .await
            .expect("list the buttons");
        assert_eq!(
            buttons,
            serde_json::json!(["export-passes", "forget-passes"])
        );

        // Saving a pass does not write over them either.
        paste(&client, "+3 the tests pass").await;
        let judge = client
            .find(Locator::Id("judge-input"))
            .await
            .expect("the judge field");
        judge.send_keys("claude").await.expect("type the judge");
        // Copy them first (the status then says copied, or that the clipboard was refused),
        // so the message after Save pass is the save's own.
        click(&client, "#export-passes").await;
        wait_until(
            || async {
                let t = text(&client, "calc-status").await;
                if t.starts_with(START) {
                    Err(t)
                } else {
                    Ok(())
                }
            },
            Duration::from_secs(10),
            "the status to say the passes were copied",
        )
        .await;
        click(&client, "#save-pass").await;
        wait_shown(&client, "calc-status", &[START, END]).await;
        assert_eq!(
            stored(&client).await,
            Value::from(OLD),
            "kept after Save pass"
        );

        // Forget passes, asked for, removes them; then a pass saves.
        click(&client, "#forget-passes").await;
        click(&client, "#save-pass").await;
        assert_eq!(listed_judges(&client).await, ["claude"]);
    })
    .await;
}

/// A setting that does not read is named while the on-demand module loads and when it cannot
/// load: its error does not wait for the module's answer.
#[tokio::test]
async fn a_bad_setting_is_named_while_the_on_demand_module_loads_and_when_it_fails() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        for (loader, panel, panel_says) in [
            ("() => new Promise(() => {})", "out-loading", "Loading"),
            (
                "() => Promise.reject('the network is down')",
                "out-second-error",
                "the network is down",
            ),
        ] {
            open_calculator(&client, &site).await;
            client
                .execute(
                    &format!(
                        "globalThis.pickanumberOnDemand = {loader};
                         const den = document.querySelector('input[name=calc-den]');
                         den.value = 'abc';
                         den.dispatchEvent(new Event('input', {{ bubbles: true }}));"
                    ),
                    vec![],
                )
                .await
                .expect("replace the loader and type a bad denominator");
            paste(&client, TWO).await;
            wait_shown(&client, panel, &[panel_says]).await;
            let diagnostics = wait_shown(
                &client,
                "evidence-errors",
                &["denominator must be a number greater than 0, not \"abc\""],
            )
            .await;
            assert!(
                diagnostics.contains("so the canonical"),
                "the error says what is used instead: {diagnostics:?}"
            );
        }
    })
    .await;
}
