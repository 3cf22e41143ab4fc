//! Page weight, from what the browser fetched (`page_weight`: the Performance API's navigation
//! and resource entries, those exact files compressed).
//!
//! The byte budgets: reading the home page (HTML, CSS, fonts, images, as the browser fetches
//! them on first view) costs at most [`READING_MAX_BROTLI`] in at most
//! [`READING_MAX_REQUESTS`] requests; the calculator's code, once started, at most
//! [`CALCULATOR_MAX_BROTLI`]; its second module at most [`SECOND_MAX_BROTLI`]; the setup page's
//! rubric reader at most [`READER_MAX_BROTLI`]; the probe's and
//! the pairwise page's island at most [`ISLAND_MAX_BROTLI`] each; the setup page's at most
//! [`SETUP_MAX_BROTLI`]. Each budget follows a measured size with a small margin (the sizes
//! themselves are `cargo xtask bench`'s, their history git's).
//! Bytes are deterministic, so this is a test, not a benchmark. `cargo xtask bench` runs the
//! ignored `every_page_weight`, which prints one `WEIGHT {json}` line per page, each page
//! opened in a fresh browser.

use pickanumber_browser_tests::{
    dist, page_weight, paste, serve_dist, wait_until, with_browser, BrowserOptions, Client,
    FileWeight, PageWeight, Part, Served, Sizes,
};
use std::time::Duration;

const READING_MAX_BROTLI: u64 = 12_000;
const READING_MAX_REQUESTS: usize = 3;

/// The calculator's code as the browser fetches it (boot module, glue, wasm): the formula, the
/// fail-closed reader with its exact messages, self-checking share links, the formula's
/// settings read by the one rule every front end shares (with its messages), the work kept in
/// the address across a reload, and the judged work's box kept in
/// this browser (the boot module also names the setup page's rubric reader). Anything a single
/// list does not need (passes, evidence checked against a work, the report, saved passes) is
/// in the second module, loaded on first use.
const CALCULATOR_MAX_BROTLI: u64 = 91_000;

/// The code of the probe's and the pairwise page's island (boot module, glue, wasm).
const ISLAND_MAX_BROTLI: u64 = 80_000;

/// The code of the setup page's island (boot module, glue, wasm). It is written against
/// web-sys alone: a Leptos island of the same shape weighed more than this budget.
const SETUP_MAX_BROTLI: u64 = 60_000;

/// The calculator's second module (glue and wasm: several judges' passes, evidence checked
/// against a judged work with the verifier's searches, the report, the saved passes), loaded
/// only when an input has a `## Pass:` heading, a judged work is given, or a visitor copies
/// the report or saves a pass.
const SECOND_MAX_BROTLI: u64 = 128_600;

/// The setup page's rubric reader (glue and wasm: the rubric crate's TOML reader, whose
/// `[params]` keys are the formula crate's one list of settings), loaded only when a visitor
/// loads a pasted rubric that is not JSON.
const READER_MAX_BROTLI: u64 = 56_400;

/// Two passes: what makes the calculator load its second module.
const TWO_PASSES: &str =
    "## Pass: a\n+3 the tests pass\n-1 one warning\n## Pass: b\n+2 the tests pass\n";

/// Opens the calculator (checking that it did not fetch its second module), pastes two passes
/// and weighs the module files the browser then fetched, as the page `/ (second module)`.
async fn second_module_weight(client: &Client, site: &Served) -> PageWeight {
    let first = page_weight(client, site, "/#try").await;
    let early: Vec<&str> = first.files.iter().map(|f| f.path.as_str()).collect();
    assert!(
        !early.iter().any(|p| p.contains("pickanumber-second")),
        "the calculator fetched its second module before any input had passes: {early:?}"
    );
    paste(client, TWO_PASSES).await;
    let paths = wait_until(
        || async {
            let names = client
                .execute(
                    "return document.getElementById('out-passes') ? performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.includes('pickanumber-second')) : [];",
                    vec![],
                )
                .await
                .map_err(|e| e.to_string())?;
            let list: Vec<String> = names
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str().map(String::from))
                .collect();
            if list.len() == 2 { Ok(list) } else { Err(format!("{list:?}")) }
        },
        Duration::from_secs(20),
        "the second module's glue and wasm",
    )
    .await;
    let files = paths
        .into_iter()
        .map(|path| FileWeight {
            sizes: Sizes::of(site.get(&path).as_bytes()),
            part: Part::of(&path),
            path,
        })
        .collect();
    PageWeight {
        page: "/ (second module)".into(),
        files,
        ..PageWeight::default()
    }
}

#[tokio::test]
async fn reading_the_home_page_fits_the_byte_budget() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        let weight = page_weight(&client, &site, "/").await;
        let (requests, sizes) = weight.part(Part::Reading);
        let paths: Vec<&str> = weight.files.iter().map(|f| f.path.as_str()).collect();
        assert!(
            requests >= 2 && paths.iter().any(|p| p.ends_with(".css")),
            "the browser fetched no stylesheet for the home page: {paths:?}"
        );
        assert!(
            requests <= READING_MAX_REQUESTS,
            "reading the home page takes {requests} requests ({paths:?}); the budget is {READING_MAX_REQUESTS}"
        );
        assert!(
            sizes.brotli <= READING_MAX_BROTLI,
            "reading the home page is {} bytes brotli; the budget is {READING_MAX_BROTLI}",
            sizes.brotli
        );
        assert!(weight.missing.is_empty(), "missing files: {:?}", weight.missing);
    })
    .await;
}

#[tokio::test]
async fn the_calculator_fits_its_byte_budget() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        // `#try` starts the calculator at once; `page_weight` waits until it has mounted.
        let weight = page_weight(&client, &site, "/#try").await;
        let (requests, sizes) = weight.part(Part::Calculator);
        let paths: Vec<&str> = weight.files.iter().map(|f| f.path.as_str()).collect();
        assert!(
            requests == 3 && paths.iter().any(|p| p.ends_with(".wasm")),
            "the calculator should load a boot module, its glue and its wasm: {paths:?}"
        );
        assert!(
            sizes.brotli <= CALCULATOR_MAX_BROTLI,
            "the calculator's code is {} bytes brotli; the budget is {CALCULATOR_MAX_BROTLI}",
            sizes.brotli
        );
        println!("calculator: {} bytes brotli", sizes.brotli);
    })
    .await;
}

#[tokio::test]
async fn each_instrument_island_fits_its_byte_budget() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        for page in ["/probe/", "/pairwise/"] {
            // `page_weight` scrolls the island into view and waits until it has mounted.
            let weight = page_weight(&client, &site, page).await;
            let (_, sizes) = weight.part(Part::Calculator);
            let paths: Vec<&str> = weight.files.iter().map(|f| f.path.as_str()).collect();
            assert!(
                paths
                    .iter()
                    .any(|p| p.contains("pickanumber-instruments") && p.ends_with(".wasm")),
                "{page} did not load the instruments' wasm: {paths:?}"
            );
            assert!(
                sizes.brotli <= ISLAND_MAX_BROTLI,
                "{page}'s island is {} bytes brotli; the budget is {ISLAND_MAX_BROTLI}",
                sizes.brotli
            );
            println!("{page} island: {} bytes brotli", sizes.brotli);
        }
    })
    .await;
}

#[tokio::test]
async fn the_setup_island_fits_its_byte_budget() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        // `page_weight` scrolls the island into view and waits until it has mounted.
        let weight = page_weight(&client, &site, "/setup/").await;
        let (requests, sizes) = weight.part(Part::Calculator);
        let paths: Vec<&str> = weight.files.iter().map(|f| f.path.as_str()).collect();
        assert!(
            requests == 3
                && paths
                    .iter()
                    .any(|p| p.contains("pickanumber-setup-island") && p.ends_with(".wasm")),
            "/setup/ should load a boot module, its glue and its wasm: {paths:?}"
        );
        assert!(
            sizes.brotli <= SETUP_MAX_BROTLI,
            "the setup island is {} bytes brotli; the budget is {SETUP_MAX_BROTLI}",
            sizes.brotli
        );
        println!("setup island: {} bytes brotli", sizes.brotli);
    })
    .await;
}

#[tokio::test]
async fn the_second_module_loads_on_first_use_and_fits_its_byte_budget() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        let weight = second_module_weight(&client, &site).await;
        let (requests, sizes) = weight.part(Part::Calculator);
        assert!(
            requests == 2 && sizes.brotli <= SECOND_MAX_BROTLI,
            "the second module is {} bytes brotli in {requests} files; the budget is {SECOND_MAX_BROTLI}",
            sizes.brotli
        );
        println!("second module: {} bytes brotli", sizes.brotli);
    })
    .await;
}

#[tokio::test]
async fn the_rubric_reader_loads_on_first_use_and_fits_its_byte_budget() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        let first = page_weight(&client, &site, "/setup/").await;
        let early: Vec<&str> = first.files.iter().map(|f| f.path.as_str()).collect();
        assert!(
            !early.iter().any(|p| p.contains("pickanumber-rubric-reader")),
            "the setup page fetched its rubric reader before a TOML rubric was loaded: {early:?}"
        );
        client
            .execute(
                "const t = document.getElementById('paste'); t.value = 'subject = \"x\"'; \
                 t.dispatchEvent(new Event('input', { bubbles: true })); document.getElementById('load').click();",
                vec![],
            )
            .await
            .expect("load a TOML rubric");
        let paths = wait_until(
            || async {
                let names = client
                    .execute(
                        "return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.includes('pickanumber-rubric-reader'));",
                        vec![],
                    )
                    .await
                    .map_err(|e| e.to_string())?;
                let list: Vec<String> = names
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect();
                if list.len() == 2 { Ok(list) } else { Err(format!("{list:?}")) }
            },
            Duration::from_secs(20),
            "the rubric reader's glue and wasm",
        )
        .await;
        let brotli: u64 = paths
            .iter()
            .map(|p| Sizes::of(site.get(p).as_bytes()).brotli)
            .sum();
        assert!(
            brotli <= READER_MAX_BROTLI,
            "the rubric reader is {brotli} bytes brotli; the budget is {READER_MAX_BROTLI}"
        );
        println!("rubric reader: {brotli} bytes brotli");
    })
    .await;
}

#[tokio::test]
#[ignore = "a benchmark: `cargo xtask bench` runs it"]
async fn every_page_weight() {
    let site = serve_dist();
    let pages = devserver::pages(&dist());
    with_browser(BrowserOptions::default(), move |client| async move {
        for page in &pages {
            println!(
                "WEIGHT {}",
                page_weight(&client, &site, page).await.to_json()
            );
        }
        let passes = second_module_weight(&client, &site).await;
        println!("WEIGHT {}", passes.to_json());
    })
    .await;
}
