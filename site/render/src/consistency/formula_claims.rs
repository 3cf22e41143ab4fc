//! Sentences about what the formula does (with the interval and the duplicate rule): each claim is derived from the page's own evidence blocks, or from the formula crate
//! over every reachable pool, and the sentence that states it is checked to be there (and the
//! wrong one it replaced to be gone).

use super::{field, prose};
use pickanumber_score::{Item, Params, Pooled};

fn pooled(impacts: Vec<pickanumber_score::Impact>) -> Pooled {
    let items: Vec<Item> = impacts.into_iter().map(|i| Item::new(i, "")).collect();
    Pooled::score(&items, &Params::default())
}

/// Every pool of 1 to `max` items, one per reachable net: `pools[n]` holds (net, pool of n
/// items). Built a level at a time from the impact set, so every reachable net is found.
fn pools(max: usize) -> Vec<Vec<(i64, Vec<pickanumber_score::Impact>)>> {
    use std::collections::BTreeMap;
    let mut levels: Vec<Vec<(i64, Vec<pickanumber_score::Impact>)>> = vec![vec![(0, Vec::new())]];
    for n in 1..=max {
        let mut next: BTreeMap<i64, Vec<pickanumber_score::Impact>> = BTreeMap::new();
        for (net, pool) in &levels[n - 1] {
            for impact in pickanumber_score::Impact::ALL {
                next.entry(net + impact.value()).or_insert_with(|| {
                    let mut p = pool.clone();
                    p.push(impact);
                    p
                });
            }
        }
        levels.push(next.into_iter().collect());
    }
    levels
}

/// Python's `round()`: an exact half goes to the even neighbour.
fn round_half_even(x: f64) -> f64 {
    let floor = x.floor();
    if x - floor == 0.5 {
        if floor % 2.0 == 0.0 {
            floor
        } else {
            floor + 1.0
        }
    } else {
        x.round()
    }
}

/// Sentence 1: √n does not make the score ignore volume; +1×4, +1×16 and +1×25 climb,
/// each item adding less than the one before, as the home page and the paper say.
#[test]
fn the_square_root_still_counts_volume_with_diminishing_credit() {
    let mut finals = Vec::new();
    for (file, ids) in [
        ("content/index.md", ["grow-4", "grow-16", "ex-a"]),
        ("paper/formula.md", ["grow-4", "grow-16", "ex-a"]),
    ] {
        let f: Vec<f64> = ids.iter().map(|id| field(file, id, "final")).collect();
        let n: Vec<f64> = ids.iter().map(|id| field(file, id, "total")).collect();
        assert!(f[0] < f[1] && f[1] < f[2], "{file}: {f:?} does not climb");
        let per_item = |a: usize, b: usize| (f[b] - f[a]) / (n[b] - n[a]);
        assert!(
            per_item(0, 1) > per_item(1, 2),
            "{file}: credit does not diminish"
        );
        finals.push(f);
    }
    assert_eq!(
        finals[0], finals[1],
        "home and paper quote different finals"
    );
    assert_eq!(finals[0], [63.0, 80.0, 90.0]);
    // Doubling a list of the same quality multiplies the normalised value by √2 (glossary).
    use pickanumber_score::Impact::{MinusOne, PlusTwo};
    let list = vec![PlusTwo, PlusTwo, MinusOne, PlusTwo, MinusOne];
    let doubled: Vec<_> = list.iter().chain(list.iter()).copied().collect();
    let ratio = pooled(doubled).normalized / pooled(list).normalized;
    assert!((ratio - 2f64.sqrt()).abs() < 1e-12, "{ratio}");
    // Raw (glossary): from 20 items on, the final is the raw score rounded.
    for (n, level) in pools(60).into_iter().enumerate().skip(20) {
        for (net, impacts) in level {
            let s = pooled(impacts);
            assert_eq!(s.final_unrounded, s.raw, "{n} items, net {net}");
        }
    }
    let home = prose("content/index.md");
    let glossary = prose("content/glossary.md");
    assert!(home.contains("Volume still counts, with diminishing credit"));
    assert!(glossary.contains("Volume still counts, with diminishing credit"));
    assert!(glossary
        .contains("From 20 items on, the multiplier is 1 and the final is the raw score rounded."));
}

/// Sentence 2: padding with weak positives raises the score, and the top band can be reached
/// with +1 items alone.
#[test]
fn padding_with_weak_positives_raises_the_score() {
    let f = "paper/formula.md";
    let base = field(f, "pad-base", "final");
    let more = field(f, "pad-more", "final");
    assert_eq!((base, more), (50.0, 68.0));
    assert_eq!(field(f, "pad-more", "total"), 20.0);
    // Profile A (+1 only) reaches the top calibration row.
    assert!(field(f, "ex-a", "final") >= field(f, "cal-top", "final"));
    let text = prose(f);
    assert!(text.contains("The top band does not need strong items."));
}

/// Sentence 3: in the feedback example the items nearly cancel; the multiplier moves the raw
/// score by less than a point.
#[test]
fn the_review_draft_is_central_because_its_items_cancel() {
    let f = "paper/practice.md";
    let raw = field(f, "review-draft", "raw");
    let unrounded = field(f, "review-draft", "final_unrounded");
    assert!((raw - 50.0).abs() < 5.0, "raw {raw}");
    assert!((raw - unrounded).abs() < 1.0, "{raw} → {unrounded}");
    let text = prose(f);
    assert!(text.contains("moves it by less than a point"));
}

/// Sentence 4: the demo-quality regression comes from empty criteria (exactly 50, no multiplier)
/// and single mild items; a lone −5 is far from the centre.
#[test]
fn thin_criteria_are_central_only_when_empty_or_mild() {
    let s = "paper/study.md";
    assert_eq!(field(s, "thin-empty", "demo.final"), 50.0);
    assert_eq!(field(s, "thin-empty", "demo.confidence"), 0.0);
    let mild = (field(s, "thin-plus1", "final") - 50.0).abs();
    assert!(mild <= 10.0, "one +1 item is {mild} points from the centre");
    let lone = field("paper/practice.md", "lone-flaw", "final");
    assert_eq!(lone, field(s, "thin-minus5", "final"));
    assert!(lone <= 20.0, "{lone}");
    assert!(prose("paper/ablation.md").contains("has a different cause"));
}

/// Sentence 5: ties that score.py rounds differently are not confined to pools under 20 items.
#[test]
fn rounding_ties_where_the_pages_say() {
    let mut counts = Vec::new();
    for (n, level) in pools(60).into_iter().enumerate().skip(1) {
        for (_, impacts) in level {
            let s = pooled(impacts);
            if round_half_even(s.final_unrounded) != s.final_score {
                counts.push(n);
            }
        }
    }
    counts.dedup();
    assert_eq!(counts, [1, 8, 9, 16]);
    let f = "paper/formula.md";
    assert_eq!(field(f, "round-big", "total"), 256.0);
    assert_eq!(field(f, "round-big", "net"), 1.0);
    let big = field(f, "round-big", "final_unrounded");
    assert_eq!(big, 50.5);
    assert_ne!(round_half_even(big), field(f, "round-big", "final"));
    assert!(prose(f).contains("50 + 8 × net / √n, ends in exactly .5 with an even whole part"));
    for rel in ["docs/score-py.md", "site/cli/src/cli.rs"] {
        let text = prose(rel);
        assert!(
            text.contains("(256 items with a net of +1 is 50.5)"),
            "{rel}"
        );
    }
}

/// Sentence 6: a −5 weighs as much as five −1s, and six +1s outweigh it.
#[test]
fn six_routine_positives_outweigh_one_critical_flaw() {
    use pickanumber_score::Impact::{MinusFive, MinusOne};
    let f = "paper/formula.md";
    assert_eq!(field(f, "flaw-vs-six", "net"), 1.0);
    assert!(field(f, "flaw-vs-six", "final") > 50.0);
    assert_eq!(field(f, "flaw-vs-six", "final"), 53.0);
    assert_eq!(
        pooled(vec![MinusFive]).net_impact,
        pooled(vec![MinusOne; 5]).net_impact
    );
    let text = prose(f);
    assert!(text.contains("a critical flaw weighs as much as five minor frictions, but no more"));
}

/// Sentence 7: fewer items give steeper lines near the centre but level off closer to it: the
/// 4-item line stops at 90 and 10, and the 9-item line passes it from net +18.
#[test]
fn the_four_item_line_levels_off_below_the_nine_item_line() {
    let all = pools(9);
    let finals = |n: usize| -> Vec<(i64, f64)> {
        all[n]
            .iter()
            .map(|(net, i)| (*net, pooled(i.clone()).final_score))
            .collect()
    };
    let four = finals(4);
    let top = four.iter().map(|x| x.1).fold(f64::MIN, f64::max);
    let bottom = four.iter().map(|x| x.1).fold(f64::MAX, f64::min);
    let f = "paper/formula.md";
    assert_eq!(field(f, "line-4-top", "final"), top);
    assert_eq!(field(f, "line-4-bottom", "final"), bottom);
    assert_eq!((top, bottom), (90.0, 10.0));
    let nine_at = field(f, "line-9-at-18", "final");
    assert_eq!(field(f, "line-9-at-18", "net"), 18.0);
    assert_eq!(field(f, "line-9-at-18", "total"), 9.0);
    assert!(nine_at > top, "{nine_at} ≤ {top}");
    // +18 is the first net from which the 9-item line stays above the 4-item line's top.
    let nine = finals(9);
    assert!(nine.iter().filter(|x| x.0 >= 18).all(|x| x.1 > top));
    assert!(nine.iter().any(|x| x.0 == 17 && x.1 <= top));
    assert!(prose(f).contains("They also level off closer to it."));
}

/// The formula page's interval sentences. A balanced list keeps its width from 40 to
/// 400 items (within 15 %); a list leaning one way narrows to under half; the six-item example
/// holds its own final.
#[test]
fn the_interval_keeps_its_width_when_balanced_and_narrows_when_leaning() {
    let f = "paper/formula.md";
    let width = |id: &str| field(f, id, "interval.high") - field(f, id, "interval.low");
    let (b40, b400) = (width("iv-40"), width("iv-400"));
    assert!(
        (b400 / b40 - 1.0).abs() < 0.15,
        "balanced widths {b40} {b400}"
    );
    let (l39, l390) = (width("iv-lean-39"), width("iv-lean-390"));
    assert!(l390 < 0.5 * l39, "leaning widths {l39} {l390}");
    let fin = field(f, "iv-review", "final");
    assert!(field(f, "iv-review", "interval.low") <= fin);
    assert!(fin <= field(f, "iv-review", "interval.high"));
    assert_eq!(field(f, "iv-review", "interval.level"), 90.0);
    let text = prose(f);
    assert!(text.contains("stays as uncertain as it grows"));
    assert!(text.contains("A list leaning one way does narrow"));
}

/// The duplicate rule as the formula page states it: the same list as two passes
/// scores as the one judge, pasted twice as one list it scores higher with more confidence.
#[test]
fn two_identical_passes_combine_to_the_one_judge() {
    let f = "paper/formula.md";
    let one = (
        field(f, "dup-one", "final"),
        field(f, "dup-one", "confidence"),
    );
    let twice = (
        field(f, "dup-twice", "final"),
        field(f, "dup-twice", "confidence"),
    );
    let concat = (
        field(f, "dup-concat", "final"),
        field(f, "dup-concat", "confidence"),
    );
    assert_eq!(twice, one);
    assert!(concat.0 > one.0 && concat.1 > one.1, "{concat:?} {one:?}");
    assert_eq!(field(f, "dup-twice", "duplicates"), 3.0);
    assert_eq!(field(f, "dup-twice", "passes"), 2.0);
    assert!(prose(f).contains("the combined score is the one judge's"));
}
