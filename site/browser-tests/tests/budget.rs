//! Page weight, from what the browser fetched (`page_weight`: the Performance API's navigation
//! and resource entries, those exact files compressed).
//!
//! The byte budgets issues 6 and 10 allow asserting: reading the home page (HTML, CSS, fonts,
//! images, as the browser fetches them on first view) costs at most 12 KB brotli in at most 3
//! requests; the calculator's code, once started, at most [`CALCULATOR_MAX_BROTLI`]; the probe's
//! and the pairwise page's island at most [`ISLAND_MAX_BROTLI`] each (issue 11).
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

/// The calculator's code as the browser fetches it (boot module, glue, wasm). Issue 10 set
/// 80 KB brotli (79.2 KB then, from 149.9 KB when it was filed). Issue 21's fail-closed reader
/// (fenced answers, structured-output objects, impacts in emphasis and brackets, report
/// tables, "no items read", strict reading, the item cap, with their exact messages) and
/// issue 22's self-checking share links took the wasm from 73,968 to 81,416 bytes brotli;
/// a pass of byte-size work on the formula crate brought it back to 79,225, and the whole
/// calculator measured 84,779 bytes. The budget followed the measured size with 0.2 KB of
/// margin rather than dropping any of that reading: 85,000. Issue 24 then asked for the
/// formula's settings (density denominator, scale) in the calculator, kept by share links,
/// and issue 25 for a judge's name on saved passes: with everything else of issue 25 (the
/// passes view, the report, saved passes, export and import) moved into a second module loaded
/// on first use, the calculator measured 85,881 bytes. The budget is 86,000: the settings stay
/// where the paper tells readers to find them. A single list's interval beside the confidence
/// (issue 25) is computed by the second module and filled in by the boot module; with the boot
/// module minified and wasm-streams' unused exports dropped, the calculator measured 85,348
/// (85,473 after the formula crate's split merged). Issue 36 asked for work that survives a
/// reload: the text, mode, weights and settings follow into the address after a pause, text
/// too large for a link is kept in localStorage and said so under the input, in words of
/// `content/layout.toml` (the measured size: the README's calculator section).
const CALCULATOR_MAX_BROTLI: u64 = 87_200;

/// Issue 11: the code of the probe's and the pairwise page's island (boot module, glue, wasm).
const ISLAND_MAX_BROTLI: u64 = 80_000;

/// Issue 24: the code of the setup page's island (boot module, glue, wasm). The island in
/// Leptos measured 68,562 bytes brotli before the boot module (a Leptos island of the same
/// shape with no rubric code: 33,212), so it is written against web-sys alone.
const SETUP_MAX_BROTLI: u64 = 60_000;

/// Issue 25: the calculator's second module (glue and wasm: several judges' passes, the
/// report, the saved passes), loaded only when an input has a `## Pass:` heading or a visitor
/// copies the report or saves a pass. It measured 77,426 bytes brotli.
const PASSES_MAX_BROTLI: u64 = 80_000;

/// Two passes: what makes the calculator load its second module.
const TWO_PASSES: &str =
    "## Pass: a\n+3 the tests pass\n-1 one warning\n## Pass: b\n+2 the tests pass\n";

/// Opens the calculator (checking that it did not fetch its second module), pastes two passes
/// and weighs the module files the browser then fetched, as the page `/ (passes module)`.
async fn passes_module_weight(client: &Client, site: &Served) -> PageWeight {
    let first = page_weight(client, site, "/#try").await;
    let early: Vec<&str> = first.files.iter().map(|f| f.path.as_str()).collect();
    assert!(
        !early.iter().any(|p| p.contains("pickanumber-passes")),
        "the calculator fetched its passes module before any input had passes: {early:?}"
    );
    paste(client, TWO_PASSES).await;
    let paths = wait_until(
        || async {
            let names = client
                .execute(
                    "return document.getElementById('out-passes') ? performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.includes('pickanumber-passes')) : [];",
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
        "the passes module's glue and wasm",
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
        page: "/ (passes module)".into(),
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
async fn the_passes_module_loads_on_first_use_and_fits_its_byte_budget() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        let weight = passes_module_weight(&client, &site).await;
        let (requests, sizes) = weight.part(Part::Calculator);
        assert!(
            requests == 2 && sizes.brotli <= PASSES_MAX_BROTLI,
            "the passes module is {} bytes brotli in {requests} files; the budget is {PASSES_MAX_BROTLI}",
            sizes.brotli
        );
        println!("passes module: {} bytes brotli", sizes.brotli);
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
        let passes = passes_module_weight(&client, &site).await;
        println!("WEIGHT {}", passes.to_json());
    })
    .await;
}
