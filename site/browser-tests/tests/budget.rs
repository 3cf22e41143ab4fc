//! The byte budget issue 6 allows asserting: reading the home page (HTML, CSS, fonts, images,
//! icons, as the browser fetches them on first view) costs at most 12 KB brotli in at most 3
//! requests. Bytes are deterministic, so this is a test, not a benchmark.

use pickanumber_browser_tests::dist;
use xtask::weight::{part_weight, Part};

#[test]
fn reading_the_home_page_fits_the_byte_budget() {
    let (requests, sizes) = part_weight(&dist(), "/", Part::Reading);
    assert!(
        requests >= 2,
        "the home page and its stylesheet were not found in {}",
        dist().display()
    );
    assert!(
        requests <= 3,
        "reading the home page takes {requests} requests; the budget is 3"
    );
    assert!(
        sizes.brotli <= 12_000,
        "reading the home page is {} bytes brotli; the budget is 12,000",
        sizes.brotli
    );
}
