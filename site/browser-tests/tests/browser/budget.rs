//! Page weight, from what the browser fetched (`page_weight`: the Performance API's navigation
//! and resource entries, those exact files compressed), against the byte budgets of
//! `pickanumber-byte-budgets`: reading the home page, and each module of the site's code (the
//! calculator, its on-demand module, the probe's and the pairwise page's island, the setup page's
//! island and its rubric reader), each where a visitor first loads it.
//!
//! `cargo xtask bench` runs the ignored `every_page_weight`, which prints one `WEIGHT {json}`
//! line per page and one per module loaded on first use.

use pickanumber_browser_tests::{
    dist, page_weight, paste, serve_dist, wait_until, with_browser, BrowserOptions, Client,
    FileWeight, PageWeight, Part, Served, Sizes, MODULE_TIMEOUT,
};
use pickanumber_byte_budgets::{self as budgets, Module};
use std::future::Future;

/// Two passes: what makes the calculator load its on-demand module.
const TWO_PASSES: &str =
    "## Pass: a\n+3 the tests pass\n-1 one warning\n## Pass: b\n+2 the tests pass\n";

/// Fails unless `weight`'s code includes `module`'s wasm in `files` files and weighs at most
/// `module`'s budget; prints the size.
fn assert_fits(module: &Module, weight: &PageWeight, files: usize) {
    let (requests, sizes) = weight.part(Part::Calculator);
    let paths: Vec<&str> = weight.files.iter().map(|f| f.path.as_str()).collect();
    let (name, page) = (module.name, &weight.page);
    assert!(
        requests == files && paths.iter().any(|p| module.owns(p) && p.ends_with(".wasm")),
        "{page} should load the {name}'s code in {files} files (its wasm among them): {paths:?}"
    );
    assert!(
        sizes.brotli <= module.budget,
        "{page}: the {name} is {} bytes brotli; its budget is {}",
        sizes.brotli,
        module.budget
    );
    println!("{page}: the {name} is {} bytes brotli", sizes.brotli);
}

/// Opens `page` (checking that it did not fetch `module`), runs `first_use`, waits until the
/// browser has fetched the module's glue and wasm and weighs them, as the page
/// `budgets::loaded_later(page, module)`.
async fn loaded_on_first_use(
    client: &Client,
    site: &Served,
    page: &str,
    module: &Module,
    first_use: impl Future<Output = ()>,
) -> PageWeight {
    let first = page_weight(client, site, page).await;
    let early: Vec<&str> = first.files.iter().map(|f| f.path.as_str()).collect();
    assert!(
        !early.iter().any(|p| module.owns(p)),
        "{page} fetched its {} before its first use: {early:?}",
        module.name
    );
    first_use.await;
    let paths = wait_until(
        || async {
            let names = client
                .execute(
                    "return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname);",
                    vec![],
                )
                .await
                .map_err(|e| e.to_string())?;
            let list: Vec<String> = names
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str().map(String::from))
                .filter(|p| module.owns(p))
                .collect();
            if list.len() == 2 { Ok(list) } else { Err(format!("{list:?}")) }
        },
        MODULE_TIMEOUT,
        &format!("the {}'s glue and wasm", module.name),
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
        page: budgets::loaded_later(page, module),
        files,
        ..PageWeight::default()
    }
}

/// The calculator's on-demand module, loaded when two passes are pasted.
async fn on_demand_weight(client: &Client, site: &Served) -> PageWeight {
    let first_use = paste(client, TWO_PASSES);
    loaded_on_first_use(client, site, "/#try", &budgets::ON_DEMAND, first_use).await
}

/// The setup page's rubric reader, loaded when a TOML rubric is pasted and loaded.
async fn rubric_reader_weight(client: &Client, site: &Served) -> PageWeight {
    let first_use = async {
        client
            .execute(
                "const t = document.getElementById('paste'); t.value = 'subject = \"x\"'; \
                 t.dispatchEvent(new Event('input', { bubbles: true })); document.getElementById('load').click();",
                vec![],
            )
            .await
            .expect("load a TOML rubric");
    };
    loaded_on_first_use(client, site, "/setup/", &budgets::READER, first_use).await
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
        let most = budgets::READING_REQUESTS;
        assert!(
            requests <= most,
            "reading the home page takes {requests} requests ({paths:?}); the budget is {most}"
        );
        assert!(
            sizes.brotli <= budgets::READING,
            "reading the home page is {} bytes brotli; the budget is {}",
            sizes.brotli,
            budgets::READING
        );
        assert!(
            weight.missing.is_empty(),
            "missing files: {:?}",
            weight.missing
        );
    })
    .await;
}

#[tokio::test]
async fn the_calculator_fits_its_byte_budget() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        // `#try` starts the calculator at once; `page_weight` waits until it has mounted.
        let weight = page_weight(&client, &site, "/#try").await;
        // A boot module, the glue and the wasm.
        assert_fits(&budgets::CALCULATOR, &weight, 3);
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
            assert_fits(&budgets::INSTRUMENTS, &weight, 3);
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
        assert_fits(&budgets::SETUP, &weight, 3);
    })
    .await;
}

#[tokio::test]
async fn the_calculator_on_demand_loads_on_first_use_and_fits_its_byte_budget() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        let weight = on_demand_weight(&client, &site).await;
        assert_fits(&budgets::ON_DEMAND, &weight, 2);
    })
    .await;
}

#[tokio::test]
async fn the_rubric_reader_loads_on_first_use_and_fits_its_byte_budget() {
    let site = serve_dist();
    with_browser(BrowserOptions::default(), move |client| async move {
        let weight = rubric_reader_weight(&client, &site).await;
        assert_fits(&budgets::READER, &weight, 2);
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
        for weight in [
            on_demand_weight(&client, &site).await,
            rubric_reader_weight(&client, &site).await,
        ] {
            println!("WEIGHT {}", weight.to_json());
        }
    })
    .await;
}
