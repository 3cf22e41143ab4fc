//! The formula crate without its default features (`--no-default-features`, as the wasm
//! calculator builds it), so without `combine`: several judges' passes are not combined, and
//! the line reader stops at the first `## Pass:` heading with an error rather than score the
//! passes as one list. Run with
//! `cargo test -p pickanumber-score --no-default-features --test without_combine`.

#![cfg(not(feature = "combine"))]

use pickanumber_score::{analyse, Request, Severity};

#[test]
fn without_combine_the_reader_stops_at_the_first_pass_heading() {
    let a = analyse("## Pass: a\n+3 x\n## Pass: b\n+3 x\n", &Request::default());
    assert_eq!(a.headline(), None);
    assert_eq!(
        a.messages(Severity::Error),
        [
            "no items read: every line that starts like an item has an error; there is no score",
            "line 1: passes under ## Pass: headings are combined by `pickanumber combine`, not here; reading stopped here",
        ]
    );
}
