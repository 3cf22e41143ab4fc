//! The markdown report read back, and the calculator's panel when nothing was read: a report
//! pasted back gives the same items and the same score (the formula crate's line grammar
//! written by [`Item::line`] and read by `analyse`), in the words compiled from
//! `content/layout.toml`.

use pickanumber_result_view::report::markdown;
use pickanumber_result_view::{panel, words::RESULT};
use pickanumber_score::{analyse, Impact, Item, Request};
use proptest::prelude::*;

#[test]
fn reports_read_back_to_the_same_items_and_score() {
    for text in [
        "+5 a\n-2 b\n+1×3 c",
        "weights: craft=0.7, depth=0.3\n(+3, craft) a\n(+5, sme × craft) b\n(−3, depth) c",
        "## Working\n+3 fast\n## Missing\n-2 docs\n## Confusing\n-1 naming",
        "weights: craft=0.123456789, depth=2.50, ux=.5, ops=1e-3\n(+3, craft) a\n(-1, depth) b\n(+2, ux) c\n(+1, ops) d",
    ] {
        let a = analyse(text, &Request::default());
        let back = analyse(&markdown(&a), &Request::default());
        assert_eq!(back.items(), a.items(), "{text}");
        assert_eq!(back.outcome, a.outcome);
        assert_eq!(back.headline(), a.headline());
    }
}

#[test]
fn report_prints_weights_as_typed_values() {
    let a = analyse(
        "weights: craft=0.123456789, depth=2.50, ux=.5, ops=1e-3\n(+3, craft) a\n(-1, depth) b\n(+2, ux) c\n(+1, ops) d",
        &Request::default(),
    );
    assert!(markdown(&a).contains("\nweights: craft=0.123456789, depth=2.5, ux=0.5, ops=0.001\n"));
}

/// The calculator's panel shows no number when nothing was read: the reason and the lines.
#[test]
fn the_calculator_panel_has_no_number_when_nothing_was_read() {
    let a = analyse("hello\n+4 nope\n", &Request::default());
    let html = panel::calculator(&a, &RESULT);
    assert!(
        html.contains("<dt id=\"out-final-label\">No items read</dt><dd id=\"out-final\">—</dd>"),
        "{html}"
    );
    assert!(html.contains("<p class=\"error\" id=\"out-nothing\">every line that starts like an item has an error; there is no score; not used: lines 1, 2.</p>"), "{html}");
    assert!(!html.contains("out-net"), "{html}");
}

/// The calculator's page and an evidence block say "no items read" once: in the result's
/// headline, not again before the reason nor in the list of diagnostics beside it.
#[test]
fn no_items_read_is_said_once() {
    use pickanumber_result_view::outcome;
    for text in ["hello\nI'd give it 7/10.", "hello\n+4 nope\n"] {
        let a = analyse(text, &Request::default());
        for page in [
            panel::calculator(&a, &RESULT) + &outcome::diagnostics(&a.diagnostics, 200),
            outcome::outcome(&a, &RESULT) + &outcome::diagnostics(&a.diagnostics, usize::MAX),
        ] {
            assert_eq!(
                page.to_lowercase().matches("no items read").count(),
                1,
                "{page}"
            );
        }
        assert!(
            outcome::diagnostics(&a.diagnostics, 200).contains("ignored"),
            "{text}"
        );
    }
}

fn labelled() -> impl Strategy<Value = Item> {
    (
        proptest::sample::select(Impact::ALL.to_vec()),
        "[a-z][a-z ]{0,20}[a-z]",
        proptest::option::of(proptest::sample::select(vec![
            "craft",
            "depth",
            "box_model",
        ])),
        proptest::option::of(proptest::sample::select(vec!["sme", "end_user"])),
    )
        .prop_map(|(impact, text, c, p)| {
            let mut i = Item::new(impact, text);
            i.criterion = c.map(str::to_string);
            i.perspective = if i.criterion.is_some() {
                p.map(str::to_string)
            } else {
                None
            };
            i
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    /// A report pasted back gives the same items and the same score.
    #[test]
    fn report_parses_back_to_the_same_items(items in proptest::collection::vec(labelled(), 1..40)) {
        let all_labelled = items.iter().all(|i| i.criterion.is_some());
        let text: String = items.iter().map(|i| i.line() + "\n").collect();
        let a = analyse(&text, &Request::default());
        let back = analyse(&markdown(&a), &Request::default());
        prop_assert_eq!(back.items(), a.items());
        prop_assert_eq!(back.pool(), a.pool());
        prop_assert_eq!(back.mode(), a.mode());
        if all_labelled {
            prop_assert_eq!(&back.outcome, &a.outcome);
        }
    }

}
