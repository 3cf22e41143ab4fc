//! Inputs that once took quadratic time ([`shapes`]), read whole at `LINES` lines: what they
//! give is checked here (every criterion kept, the cells sorted, every duplicate found). Their
//! time is not: `cargo xtask bench` times the same shapes at 10,000 and 100,000 lines and judges
//! the growth, where a busy machine cannot fail a test.

use pickanumber_score::{analyse, Mode, Request};

mod shapes;

/// Lines of each shape.
const LINES: usize = 100_000;

#[test]
fn a_hundred_thousand_distinct_criteria_in_matrix_mode() {
    let text = shapes::distinct_criteria(LINES);
    let a = analyse(&text, &Request::default());
    assert_eq!(a.mode(), Mode::Matrix);
    let m = a.matrix().unwrap().result.as_ref().unwrap();
    assert_eq!(m.criteria.len(), LINES);
    assert_eq!(m.criteria[LINES - 1].name, format!("crit{}", LINES - 1));
    assert!(!a.has_errors());
    // Every cell holds one item: one "fewer than 3" warning lists them all.
    let thin = a
        .diagnostics
        .iter()
        .find(|d| {
            d.message
                .starts_with("perspective × criterion cells with fewer than 3")
        })
        .unwrap();
    assert!(
        thin.message
            .contains(": judge0 × crit0 (1), judge10 × crit10 (1), judge100 × crit100 (1), "),
        "cells sorted by name"
    );
}

/// Two passes of `LINES / 2` items each, every observation found by both judges
/// (the duplicate rule sorts every item's key once), with criteria and perspectives.
#[cfg(feature = "combine")]
#[test]
fn two_passes_of_fifty_thousand_shared_items() {
    let text = shapes::shared_passes(LINES);
    let a = analyse(&text, &Request::default());
    assert_eq!(a.mode(), Mode::Matrix);
    assert_eq!(
        a.entries.len(),
        LINES / 2,
        "every item of b repeats one of a"
    );
    assert_eq!(a.passes.as_ref().unwrap().duplicates.len(), LINES / 2);
    assert!(a.interval.is_some());
}
