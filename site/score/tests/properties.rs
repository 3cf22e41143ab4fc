//! Properties of the formula and the parser that must hold for every input.

use pickanumber_score::{read_as, Format, Impact, Item, Params, Parsed, Pooled};
use proptest::prelude::*;

/// The line grammar alone, without format detection.
fn parse(text: &str) -> Parsed {
    read_as(Format::Lines, text)
}

fn impact() -> impl Strategy<Value = Impact> {
    proptest::sample::select(Impact::ALL.to_vec())
}

fn items(max: usize) -> impl Strategy<Value = Vec<Item>> {
    proptest::collection::vec(impact().prop_map(|i| Item::new(i, "x")), 0..max)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn outputs_stay_in_their_ranges(v in items(120)) {
        let s = Pooled::score(&v, &Params::default());
        prop_assert!((0.0..=100.0).contains(&s.final_score));
        prop_assert!((0.0..=100.0).contains(&s.raw));
        prop_assert!((0.75..=1.0).contains(&s.multiplier));
        prop_assert!((0.0..=1.0).contains(&s.confidence));
        prop_assert_eq!(s.final_score, s.final_unrounded.round());
        prop_assert!((s.final_score - s.final_unrounded).abs() <= 0.5);
    }

    #[test]
    fn zero_net_scores_the_centre(v in items(60)) {
        // Add the mirror image of every item: net 0.
        let mut all = v.clone();
        all.extend(v.iter().map(|i| Item::new(Impact::from_value(-i.impact.value()).unwrap(), "m")));
        let s = Pooled::score(&all, &Params::default());
        prop_assert_eq!(s.net_impact, 0);
        prop_assert_eq!(s.final_score, 50.0);
    }

    #[test]
    fn order_of_items_never_matters(v in items(80), seed in any::<u64>()) {
        let mut shuffled = v.clone();
        // Deterministic Fisher–Yates from the seed.
        let mut x = seed | 1;
        for i in (1..shuffled.len()).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            shuffled.swap(i, (x % (i as u64 + 1)) as usize);
        }
        prop_assert_eq!(Pooled::score(&v, &Params::default()), Pooled::score(&shuffled, &Params::default()));
    }

    #[test]
    fn the_sign_of_the_net_decides_the_side_of_50(v in items(80)) {
        let s = Pooled::score(&v, &Params::default());
        match s.net_impact.signum() {
            1 => prop_assert!(s.final_unrounded > 50.0),
            -1 => prop_assert!(s.final_unrounded < 50.0),
            _ => prop_assert_eq!(s.final_unrounded, 50.0),
        }
    }

    #[test]
    fn written_items_parse_back_to_the_same_items(v in items(60)) {
        let text: String = v.iter().map(|i| format!("{} {}\n", i.impact, i.text)).collect();
        let p = parse(&text);
        prop_assert!(p.errors.is_empty());
        prop_assert_eq!(p.items(), v);
    }

    #[test]
    fn any_text_parses_without_panic_and_every_line_is_accounted_for(s in "\\PC{0,400}") {
        let p = parse(&s);
        let lines = pickanumber_score::lines::lines(&s).count();
        for e in &p.errors { prop_assert!(e.line >= 1 && e.line <= lines); }
        for l in &p.ignored { prop_assert!(*l >= 1 && *l <= lines); }
        for e in &p.entries { prop_assert!(e.line >= 1 && e.line <= lines); }
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let s = String::from_utf8_lossy(&bytes);
        let _ = parse(&s);
        // Read as the start of a JSON document too (the JSON item formats).
        let _ = pickanumber_score::read(&format!("[{s}"));
        let _ = pickanumber_score::read(&format!("{{{s}"));
    }
}

/// An item's line of the grammar (what the report lists) reads back as the item.
mod item_line {
    use pickanumber_score::{analyse, Request};
    use pickanumber_score::{Impact, Item};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Any one-line text, whatever it starts with (dashes, colons, brackets, numbers),
        /// reads back from its report line unchanged (`+3 --verbose flag` once lost a dash).
        #[test]
        fn any_item_text_round_trips_through_its_report_line(
            text in "[-:—–(\\[*_`#+0-9a-z ]{0,12}[-:—–)\\]*_`a-z0-9]",
            impact in proptest::sample::select(Impact::ALL.to_vec()),
        ) {
            let item = Item::new(impact, text.trim());
            let line = item.line();
            let back = analyse(&line, &Request::default());
            prop_assert_eq!(back.items(), vec![item], "{}", line);
        }
    }
}
