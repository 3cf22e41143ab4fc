//! The setup page (`/setup/`): a rubric filled in on the form and copied gives,
//! through `pickanumber rubric schema`, exactly the schema the page shows; a judge's answer that
//! the schema accepts, pasted into the calculator opened by the page's "score with this rubric"
//! link, scores what `pickanumber score --rubric` prints for the same files. Errors stand beside
//! their fields, and the live form has no axe-core violation.
//!
//! The copies go through the real clipboard: the page's copy button writes it, Ctrl+V pastes it
//! into the page's own paste field, and the test reads that field. The command line's answers
//! come from the functions it prints through (`Rubric::parse(..).schema()` for `rubric schema`,
//! `pickanumber_result::evaluate` for `score --rubric`).

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use pickanumber_browser_tests::{
    repo, serve_dist, text, wait_ready, wait_until, with_browser, BrowserOptions, Client,
    UPDATE_TIMEOUT,
};
use pickanumber_result::{evaluate, Options};
use pickanumber_rubric::Rubric;
use serde_json::{json, Value};

/// Opens `/setup/` and waits until the island has taken over its static box.
async fn open_setup(client: &Client, url: &str) {
    client.goto(url).await.expect("open /setup/");
    wait_ready(client).await;
}

/// Sets field `#id` to `value` and fires `event` (`input` for text, `change` for a menu).
async fn set(client: &Client, id: &str, value: &str, event: &str) {
    let found = client
        .execute(
            "const f = document.getElementById(arguments[0]); if (!f) return false; \
             f.value = arguments[1]; f.dispatchEvent(new Event(arguments[2], { bubbles: true })); \
             return true;",
            vec![id.into(), value.into(), event.into()],
        )
        .await
        .expect("set a field");
    assert_eq!(found, Value::Bool(true), "no field #{id}");
}

/// Clicks the element `selector` as a reader would (a WebDriver click), after scrolling it to
/// the middle of the window at once (the page scrolls smoothly otherwise, and a click in the
/// middle of that scroll lands elsewhere) and once it has stayed in place for two frames, as a
/// reader aims at a button where it is: on a loaded machine the field's input event may still
/// be changing the page above it when the click comes.
async fn click(client: &Client, selector: &str) {
    client
        .execute_async(
            "const [sel, done] = arguments; const e = document.querySelector(sel); \
             if (!e) return done(false); \
             let last = '', same = 0; \
             const tick = () => { \
               const r = e.getBoundingClientRect(), at = r.top + ',' + r.left; \
               if (at === last && ++same >= 2) return done(true); \
               if (at !== last) { same = 0; last = at; \
                 e.scrollIntoView({ block: 'center', behavior: 'instant' }); } \
               requestAnimationFrame(tick); }; \
             e.scrollIntoView({ block: 'center', behavior: 'instant' }); \
             requestAnimationFrame(tick);",
            vec![selector.into()],
        )
        .await
        .expect("scroll to an element");
    client
        .find(fantoccini::Locator::Css(selector))
        .await
        .unwrap_or_else(|e| panic!("no {selector}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {selector}: {e}"));
}

/// The text of element `#id` as the page holds it (`textContent`, what the copy buttons copy).
async fn content(client: &Client, id: &str) -> String {
    let v = client
        .execute(
            "const e = document.getElementById(arguments[0]); return e ? e.textContent : null;",
            vec![id.into()],
        )
        .await
        .expect("read an element");
    v.as_str()
        .unwrap_or_else(|| panic!("no element #{id}"))
        .to_owned()
}

/// Presses Ctrl with `key` in the focused field.
async fn ctrl(client: &Client, key: char) {
    let control = char::from(Key::Control);
    let actions = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: control })
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key })
        .then(KeyAction::Up { value: control });
    client.perform_actions(actions).await.expect("press keys");
    client.release_actions().await.expect("release keys");
}

/// Clicks the copy button of output `#id`, waits for the page to say it copied, and returns
/// the clipboard as Ctrl+V pastes it into the page's paste field.
async fn copy_through_clipboard(client: &Client, id: &str) -> String {
    set(client, "paste", "", "input").await;
    click(client, &format!("button[data-copy=\"{id}\"]")).await;
    wait_until(
        || async {
            let said = text(client, "setup-status").await;
            if said == "Copied." {
                Ok(())
            } else {
                Err(format!("{said:?}"))
            }
        },
        UPDATE_TIMEOUT,
        "#setup-status to say the copy worked",
    )
    .await;
    click(client, "#paste").await;
    ctrl(client, 'v').await;
    wait_until(
        || async {
            let pasted = client
                .execute("return document.getElementById('paste').value;", vec![])
                .await
                .expect("read the paste field");
            match pasted.as_str() {
                Some(p) if !p.is_empty() => Ok(p.to_owned()),
                _ => Err("an empty paste field".to_owned()),
            }
        },
        UPDATE_TIMEOUT,
        "the clipboard to be pasted into #paste",
    )
    .await
}

/// A judge's answer for `rubric`: three items in every perspective × criterion cell, impacts
/// taken in turn from the set, as the schema asks for.
fn answer(rubric: &Rubric) -> String {
    const IMPACTS: [i64; 8] = [5, 3, 2, 1, -1, -2, -3, -5];
    let mut items = Vec::new();
    for (p, perspective) in rubric.perspectives.iter().enumerate() {
        for (c, criterion) in rubric.criteria.iter().enumerate() {
            for k in 0..3 {
                let impact = IMPACTS[(p * 3 + c * 5 + k) % IMPACTS.len()];
                items.push(json!({
                    "perspective": perspective,
                    "criterion": criterion.name,
                    "text": format!("observation {k} of {perspective} on {}", criterion.name),
                    "evidence": format!("src/lib.rs:{}", 10 + k),
                    "impact": impact,
                }));
            }
        }
    }
    serde_json::to_string_pretty(&json!({ "items": items })).expect("JSON")
}

#[tokio::test]
async fn a_rubric_filled_in_gives_the_commands_schema_and_score() {
    let site = serve_dist();
    let setup = site.url("/setup/");
    with_browser(BrowserOptions::default(), move |client| async move {
        open_setup(&client, &setup).await;

        // Fill in the form: a subject, a criterion's weight (first unusable, then usable), the
        // density denominator, and a third trap.
        set(&client, "subject", "pull request #500", "input").await;
        set(&client, "criteria-2-weight", "heavy", "input").await;
        wait_until(
            || async {
                let beside = content(&client, "err-criteria-2-weight").await;
                let listed = content(&client, "setup-results").await;
                if beside == "must be a number, not a string"
                    && listed.contains("criteria[2].weight")
                {
                    Ok(())
                } else {
                    Err(format!("beside {beside:?}, results {listed:?}"))
                }
            },
            UPDATE_TIMEOUT,
            "the weight's error beside the field and in the results",
        )
        .await;
        let invalid = client
            .execute(
                "return document.getElementById('criteria-2-weight').getAttribute('aria-invalid');",
                vec![],
            )
            .await
            .expect("read aria-invalid");
        assert_eq!(invalid, json!("true"));
        set(&client, "criteria-2-weight", "0.5", "input").await;
        set(&client, "denominator", "12", "input").await;
        click(&client, "button[data-add=\"traps\"]").await;
        set(
            &client,
            "traps-3-description",
            "a flaky test marked as skipped",
            "input",
        )
        .await;
        set(&client, "traps-3-impact", "-2", "change").await;
        wait_until(
            || async {
                let toml = content(&client, "setup-toml").await;
                if toml.contains("a flaky test marked as skipped")
                    && toml.contains("impact = -2")
                    && toml.contains("denominator = 12")
                    && toml.contains("weight = 0.5")
                {
                    Ok(())
                } else {
                    Err(toml)
                }
            },
            UPDATE_TIMEOUT,
            "the rubric file to show the form's values",
        )
        .await;
        assert_eq!(content(&client, "err-criteria-2-weight").await, "");

        // The copied rubric file, read as `pickanumber rubric schema` reads it, gives the schema
        // the page shows and copies.
        let file = copy_through_clipboard(&client, "setup-toml").await;
        assert_eq!(file, content(&client, "setup-toml").await);
        let rubric = Rubric::parse(&file).unwrap_or_else(|e| panic!("the copied rubric: {e:?}"));
        assert_eq!(rubric.subject, "pull request #500");
        assert_eq!(rubric.params.density_denominator, 12.0);
        let schema = copy_through_clipboard(&client, "setup-schema").await;
        assert_eq!(schema, rubric.schema());
        assert_eq!(content(&client, "setup-prompt").await, rubric.prompt());

        // A judge's answer the schema accepts (a standard validator says so).
        let output = answer(&rubric);
        let schema: Value = serde_json::from_str(&schema).expect("the schema is JSON");
        let validator = jsonschema::draft202012::new(&schema).expect("a valid JSON Schema");
        let parsed: Value = serde_json::from_str(&output).expect("the answer is JSON");
        assert!(validator.is_valid(&parsed), "the answer does not validate");

        // "Score with this rubric" opens the calculator with the rubric's settings; the answer
        // pasted there scores what `pickanumber score --rubric` prints.
        let href = client
            .execute(
                "return document.getElementById('setup-score').href;",
                vec![],
            )
            .await
            .expect("read the link");
        let href = href.as_str().expect("the link's address").to_owned();
        client.goto(&href).await.expect("follow the link");
        wait_ready(&client).await;
        let weights = client
            .execute(
                "return document.getElementById('weights-input').value;",
                vec![],
            )
            .await
            .expect("read the weights");
        assert_eq!(weights, json!("craft=0.6,depth=0.5"));
        let den = client
            .execute(
                "return document.querySelector('input[name=calc-den]').value;",
                vec![],
            )
            .await
            .expect("read the denominator");
        assert_eq!(den, json!("12"));
        pickanumber_browser_tests::paste(&client, &output).await;
        let cli = evaluate(&output, &Options::from_rubric(rubric)).to_json();
        let expected_final = cli["final"].as_f64().expect("a final");
        let expected_confidence = cli["confidence"].as_f64().expect("a confidence");
        wait_until(
            || async {
                let shown: Option<f64> = text(&client, "out-final").await.parse().ok();
                let conf: Option<f64> = text(&client, "out-confidence").await.parse().ok();
                match (shown, conf) {
                    (Some(f), Some(c))
                        if f == expected_final && (c - expected_confidence).abs() < 0.005 =>
                    {
                        Ok(())
                    }
                    other => Err(format!("{other:?}")),
                }
            },
            UPDATE_TIMEOUT,
            &format!(
                "the calculator to show final {expected_final}, confidence {expected_confidence}"
            ),
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn the_live_form_has_no_axe_violation_and_says_why_a_paste_is_refused() {
    let site = serve_dist();
    let setup = site.url("/setup/");
    with_browser(BrowserOptions::default(), move |client| async move {
        open_setup(&client, &setup).await;
        // A pasted TOML rubric that does not read: the TOML reader's error beside the field,
        // naming the line and column.
        set(&client, "paste", "subject = \"x\"\nmode = \"pooled\nperspectives = []\n", "input").await;
        click(&client, "#load").await;
        let said = wait_until(
            || async {
                let said = content(&client, "err-paste").await;
                if said.is_empty() { Err("no error yet".to_string()) } else { Ok(said) }
            },
            UPDATE_TIMEOUT * 4,
            "the TOML error beside the paste field",
        )
        .await;
        assert_eq!(
            said,
            "line 2, column 15: TOML syntax: invalid basic string, expected `\"`"
        );
        // A pasted JSON rubric replaces the form.
        set(
            &client,
            "paste",
            r#"{"subject": "the spring landing page", "mode": "pooled", "perspectives": ["visitor"]}"#,
            "input",
        )
        .await;
        click(&client, "#load").await;
        assert_eq!(
            client
                .execute("return document.getElementById('subject').value;", vec![])
                .await
                .expect("read the subject"),
            json!("the spring landing page")
        );
        assert!(content(&client, "setup-toml").await.contains("mode = \"pooled\""));
        // An error on screen, then axe.
        set(&client, "perspectives", "visitor\nnot a name", "input").await;
        assert!(!content(&client, "err-perspectives").await.is_empty());
        let axe = std::fs::read_to_string(repo().join("node_modules/axe-core/axe.min.js"))
            .expect("node_modules/axe-core/axe.min.js (cargo xtask tools installs it)");
        let script = format!(
            "{axe}\nconst done = arguments[arguments.length - 1];\
             axe.run(document, {{ resultTypes: ['violations'] }})\
               .then(r => done(r.violations.map(v => ({{ id: v.id, help: v.help, \
                 targets: v.nodes.slice(0, 5).map(n => n.target.join(' ')) }}))))\
               .catch(e => done([{{ id: 'axe-error', help: String(e) }}]));"
        );
        let violations = client.execute_async(&script, vec![]).await.expect("run axe-core");
        assert_eq!(violations, json!([]), "axe-core violations on the live form");
    })
    .await;
}

/// The form as this browser keeps it (`pickanumber.setup`, the island's own record of every
/// field as typed).
async fn form_state(client: &Client) -> Value {
    client
        .execute("return localStorage.getItem('pickanumber.setup');", vec![])
        .await
        .expect("read the kept form")
}

/// The setup page reads back what it writes: its TOML file, and the same rubric as JSON, each
/// pasted into its paste field and loaded, give the form that wrote them (the TOML through the
/// rubric reader, the page's on-demand module, loaded on first use; the JSON through the page's own).
#[tokio::test]
async fn the_toml_and_the_json_the_page_writes_read_back_to_the_same_form() {
    let site = serve_dist();
    let setup = site.url("/setup/");
    with_browser(BrowserOptions::default(), move |client| async move {
        open_setup(&client, &setup).await;
        set(&client, "subject", "a pull request \"as sent\"", "input").await;
        set(&client, "denominator", "12", "input").await;
        let written = form_state(&client).await;
        let toml = content(&client, "setup-toml").await;
        assert!(toml.contains("denominator = 12"), "{toml}");
        // The same rubric as JSON, as the rubric crate writes it (the structure of the TOML).
        let json = Rubric::parse(&toml)
            .expect("the page's TOML reads")
            .to_json();
        for (file, what) in [(toml, "TOML"), (json, "JSON")] {
            // Something else in the form, then the file read back over it.
            set(&client, "subject", "something else", "input").await;
            set(&client, "denominator", "", "input").await;
            set(&client, "paste", &file, "input").await;
            click(&client, "#load").await;
            let read = wait_until(
                || async {
                    let now = form_state(&client).await;
                    if now == written {
                        Ok(now)
                    } else {
                        Err(format!("{now}"))
                    }
                },
                UPDATE_TIMEOUT * 4,
                &format!("the {what} read back to the form that wrote it"),
            )
            .await;
            assert_eq!(read, written, "{what}");
            assert_eq!(content(&client, "err-paste").await, "", "{what}");
        }
    })
    .await;
}
