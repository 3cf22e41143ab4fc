//! Several judges' passes: `## Pass:` headings and `combine`, the duplicate rule, the spread,
//! the disagreeing cells, α, and the bootstrap interval of the headline (the `combine`
//! feature, on by default).

#![cfg(feature = "combine")]

use pickanumber_score::{analyse, combine, Analysis, Mode, Normalization, Params, Request};
use proptest::prelude::*;

fn messages(a: &Analysis) -> Vec<String> {
    a.diagnostics.iter().map(ToString::to_string).collect()
}

/// One pass's items as lines: `(impact, criterion index, perspective index)`, each with a
/// text of its own (pass and position) so no two passes share an observation.
fn lines(pass: usize, items: &[(i64, usize, usize)], matrix: bool) -> String {
    const CRITERIA: [&str; 3] = ["craft", "depth", "fit"];
    const PERSPECTIVES: [&str; 2] = ["requester", "adversary"];
    items
        .iter()
        .enumerate()
        .map(|(k, &(v, c, p))| {
            let sign = if v > 0 { "+" } else { "" };
            if matrix {
                format!(
                    "({sign}{v}, {} × {}) pass {pass} item {k}\n",
                    PERSPECTIVES[p], CRITERIA[c]
                )
            } else {
                format!("{sign}{v} pass {pass} item {k}\n")
            }
        })
        .collect()
}

fn impact() -> impl Strategy<Value = i64> {
    proptest::sample::select(vec![5, 3, 2, 1, -1, -2, -3, -5])
}

fn pass_items() -> impl Strategy<Value = Vec<(i64, usize, usize)>> {
    proptest::collection::vec((impact(), 0usize..3, 0usize..2), 1..25)
}

fn headed(passes: &[String]) -> String {
    passes
        .iter()
        .enumerate()
        .map(|(k, body)| format!("## Pass: judge{k}\n{body}"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The combined headline is the formula over the union of the items, and each pass's
    /// headline is the pass scored alone (in the combined mode).
    #[test]
    fn combined_is_the_union_and_each_pass_is_its_own(
        passes in proptest::collection::vec(pass_items(), 1..4),
        matrix in any::<bool>(),
    ) {
        let bodies: Vec<String> = passes.iter().enumerate().map(|(k, p)| lines(k, p, matrix)).collect();
        let a = analyse(&headed(&bodies), &Request::default());
        let union = analyse(&bodies.concat(), &Request::default());
        prop_assert_eq!(a.mode(), union.mode());
        prop_assert_eq!(a.headline(), union.headline());
        let p = a.passes.as_ref().unwrap();
        prop_assert!(p.duplicates.is_empty());
        prop_assert_eq!(p.passes.len(), bodies.len());
        let alone = Request { mode: a.mode(), ..Request::default() };
        for (pass, body) in p.passes.iter().zip(&bodies) {
            prop_assert_eq!(pass.analysis.headline(), analyse(body, &alone).headline());
        }
        // Through `combine` with one text per pass: the same numbers.
        let named: Vec<(String, String)> = bodies.iter().enumerate().map(|(k, b)| (format!("judge{k}"), b.clone())).collect();
        let c = combine(&named, &Request::default());
        prop_assert_eq!(c.headline(), a.headline());
        prop_assert_eq!(c.interval, a.interval);
    }

    /// The interval is the same on every run, holds the headline, and holds a narrower level.
    #[test]
    fn the_interval_is_deterministic_and_holds_the_headline(
        passes in proptest::collection::vec(pass_items(), 1..4),
        matrix in any::<bool>(),
    ) {
        let bodies: Vec<String> = passes.iter().enumerate().map(|(k, p)| lines(k, p, matrix)).collect();
        let text = headed(&bodies);
        let a = analyse(&text, &Request::default());
        let i = a.interval.unwrap();
        prop_assert_eq!(Some(i), analyse(&text, &Request::default()).interval);
        let h = a.headline().unwrap();
        prop_assert!(i.low <= h.score && h.score <= i.high, "{:?} does not hold {}", i, h.score);
        // Items and passes in reverse order: the same interval.
        let reversed: Vec<String> = bodies
            .iter()
            .rev()
            .map(|b| b.lines().rev().map(|l| format!("{l}\n")).collect())
            .collect();
        prop_assert_eq!(Some(i), analyse(&headed(&reversed), &Request::default()).interval);
        let half = a.interval_at(50).unwrap();
        prop_assert!(i.low <= half.low && half.high <= i.high);
        // Two identical passes combine to the one pass, interval and all.
        let twice = analyse(&headed(&[bodies[0].clone(), bodies[0].clone()]), &Request::default());
        let once = analyse(&bodies[0], &Request::default());
        prop_assert_eq!(twice.headline(), once.headline());
    }
}

#[test]
fn headings_split_passes_and_keep_the_whole_texts_line_numbers() {
    let text = "\
Review of PR 412
## Pass: claude
+3 the tests pass
+4 too strong
## Pass: gpt
-1 slow start
";
    let a = analyse(text, &Request::default());
    let p = a.passes.as_ref().unwrap();
    let names: Vec<(&str, Option<usize>)> =
        p.passes.iter().map(|p| (p.name.as_str(), p.line)).collect();
    assert_eq!(names, [("claude", Some(2)), ("gpt", Some(5))]);
    assert_eq!(p.passes[1].analysis.entries[0].line, 6);
    assert_eq!(
        messages(&a)[0],
        "line 4: pass claude: impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5"
    );
    assert_eq!(a.ignored, [1]);
    assert_eq!(a.pool().total_items, 2);
}

#[test]
fn bad_headings_and_items_before_the_first_are_errors_with_their_line() {
    let text = "\
+2 whose is this
## Pass:
+3 a
## Pass: claude
+1 b
## Pass: claude
-1 c
";
    let a = analyse(text, &Request::default());
    let errors: Vec<String> = a
        .diagnostics
        .iter()
        .filter(|d| d.severity() == pickanumber_score::Severity::Error)
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        errors,
        [
            "line 1: an item before the first ## Pass: heading belongs to no judge: move it under a pass",
            "line 2: a ## Pass: heading needs the judge's name, as in ## Pass: claude; the items under it are not scored",
            "line 6: pass \"claude\" is already named on line 4: give each pass its own name; the items under this heading are not scored",
        ]
    );
    assert!(a.has_errors());
    assert_eq!(a.pool().total_items, 1, "only pass claude's +1 is scored");
}

#[test]
fn the_duplicate_rule_counts_a_shared_observation_once_in_any_pass_order() {
    let a = "+3 Every endpoint has a test.\n+2 README states the limits\n-1 one slow query\n";
    let b = "+2 every endpoint has a TEST\n-2 one slow query\n+1 tidy commits\n";
    let ab = combine(
        &[("a".into(), a.into()), ("b".into(), b.into())],
        &Request::default(),
    );
    let ba = combine(
        &[("b".into(), b.into()), ("a".into(), a.into())],
        &Request::default(),
    );
    // "every endpoint has a test" (+3 / +2) counts once at +2, the magnitude both support;
    // "one slow query" (−1 / −2) once at −1; the rest once each: +2 +2 −1 +1 = 4 over 4.
    assert_eq!(ab.pool().net_impact, 4);
    assert_eq!(ab.pool().total_items, 4);
    assert_eq!(ab.headline(), ba.headline());
    assert_eq!(ab.interval, ba.interval);
    let p = ab.passes.as_ref().unwrap();
    assert_eq!(p.duplicates.len(), 2);
    assert!(messages(&ab).contains(&"2 items were found by another judge too, counted once (same text, labels and sign): pass a line 1 (counted from pass b line 1), pass b line 2 (counted from pass a line 3)".to_string()), "{:?}", messages(&ab));
    // Without the rule, the concatenation counts six items.
    let concatenated = analyse(&format!("{a}{b}"), &Request::default());
    assert_eq!(concatenated.pool().total_items, 6);
}

#[test]
fn spread_disagreements_and_alpha_in_matrix_mode() {
    type Cell<'a> = (Option<&'a str>, Option<&'a str>, &'a [(usize, i64)]);
    let claude = "(+3, requester × craft) a\n(+2, craft) b\n(-2, depth) c\n(+1, fit) d\n";
    let gpt = "(-2, requester × craft) e\n(-3, craft) f\n(-1, depth) g\n(+2, fit) h\n";
    let a = combine(
        &[("claude".into(), claude.into()), ("gpt".into(), gpt.into())],
        &Request::default(),
    );
    assert_eq!(a.mode(), Mode::Matrix);
    let p = a.passes.as_ref().unwrap();
    let cells: Vec<Cell> = p
        .disagreements
        .iter()
        .map(|d| {
            (
                d.criterion.as_deref(),
                d.perspective.as_deref(),
                d.nets.as_slice(),
            )
        })
        .collect();
    assert_eq!(
        cells,
        [
            (Some("craft"), None, &[(0, 2), (1, -3)][..]),
            (Some("craft"), Some("requester"), &[(0, 3), (1, -2)][..]),
        ]
    );
    let craft = p
        .spread
        .iter()
        .find(|s| s.criterion.as_deref() == Some("craft"))
        .unwrap();
    let finals: Vec<f64> = p
        .passes
        .iter()
        .map(|x| {
            x.analysis
                .matrix()
                .unwrap()
                .result
                .as_ref()
                .unwrap()
                .criteria[0]
                .pooled
                .final_score
        })
        .collect();
    assert_eq!((craft.lowest, craft.highest), (finals[1], finals[0]));
    assert_eq!(craft.passes, 2);
    let alpha = p.alpha.unwrap();
    // Three criteria, two passes: α from the per-criterion finals, as alpha_interval gives it.
    let units: Vec<Vec<Option<f64>>> = ["craft", "depth", "fit"]
        .iter()
        .map(|c| {
            p.passes
                .iter()
                .map(|x| {
                    let m = x.analysis.matrix().unwrap().result.as_ref().unwrap();
                    m.criteria
                        .iter()
                        .find(|k| k.name == *c)
                        .map(|k| k.pooled.final_score)
                })
                .collect()
        })
        .collect();
    assert_eq!(Some(alpha), pickanumber_score::alpha_interval(&units));
    // Pooled passes have no α.
    let pooled = combine(
        &[("a".into(), "+1 x\n".into()), ("b".into(), "-1 y\n".into())],
        &Request::default(),
    );
    assert_eq!(pooled.passes.as_ref().unwrap().alpha, None);
    assert_eq!(pooled.passes.as_ref().unwrap().disagreements.len(), 1);
}

/// `n` items repeating `pattern`.
fn mix(pattern: &[&str], n: usize) -> String {
    (0..n)
        .map(|k| format!("{} x\n", pattern[k % pattern.len()]))
        .collect()
}

fn width(text: &str, params: Params) -> f64 {
    let i = analyse(
        text,
        &Request {
            params,
            ..Request::default()
        },
    )
    .interval
    .unwrap();
    i.high - i.low
}

/// What "narrows as items grow" honestly means for this formula. Resampling keeps the item
/// count, so the resampled net / √n has the spread of one impact whatever n is, while its
/// centre is the mean impact × √n. So under the default √n normalisation:
/// - a balanced mix (mean impact 0) keeps the same width at 40, 400 and 4,000 items;
/// - an unbalanced mix narrows, because its raw score moves towards 0 or 100 and the clamp
///   leaves the resamples less room, down to width 0 once every resample is clamped;
/// - below the density denominator (20 items) the width grows with n, as the multiplier
///   grows from 0.75 to 1.
///
/// Under the linear normalisation (net / n) the width narrows like 1 / √n at any mix.
#[test]
fn how_the_interval_moves_with_the_item_count() {
    let unrounded = Params {
        rounding: pickanumber_score::Rounding::None,
        ..Params::default()
    };
    let balanced = ["+3", "-3", "+1", "-1"];
    let (b40, b400, b4000) = (
        width(&mix(&balanced, 40), unrounded),
        width(&mix(&balanced, 400), unrounded),
        width(&mix(&balanced, 4000), unrounded),
    );
    for w in [b400, b4000] {
        assert!(
            (w - b40).abs() < 0.15 * b40,
            "balanced √n widths {b40} {b400} {b4000}"
        );
    }
    assert!(b40 > 20.0, "{b40}");
    let leaning = ["+1", "+1", "-1"];
    let (u40, u400, u4000) = (
        width(&mix(&leaning, 40), unrounded),
        width(&mix(&leaning, 400), unrounded),
        width(&mix(&leaning, 4000), unrounded),
    );
    assert!(
        u400 < 0.5 * u40 && u4000 == 0.0,
        "leaning √n widths {u40} {u400} {u4000}"
    );
    assert!(width(&mix(&balanced, 8), unrounded) < width(&mix(&balanced, 20), unrounded));
    let linear = Params {
        normalization: Normalization::Linear,
        ..unrounded
    };
    let (l40, l4000) = (
        width(&mix(&balanced, 40), linear),
        width(&mix(&balanced, 4000), linear),
    );
    assert!(l4000 < 0.15 * l40, "linear widths {l40} {l4000}");
}

#[test]
fn weights_before_the_first_pass_are_shared_and_different_weights_are_an_error() {
    let shared = "weights: craft=0.75, depth=0.25\n## Pass: a\n(+3, craft) x\n(-1, depth) y\n## Pass: b\n(+2, craft) z\n(+1, depth) w\n";
    let a = analyse(shared, &Request::default());
    assert!(!a.has_errors(), "{:?}", messages(&a));
    let m = a.matrix().unwrap();
    assert_eq!(
        m.weights,
        [("craft".to_string(), 0.75), ("depth".to_string(), 0.25)]
    );
    for p in &a.passes.as_ref().unwrap().passes {
        assert_eq!(
            p.analysis.matrix().unwrap().weights,
            m.weights,
            "{}",
            p.name
        );
    }
    let different = "## Pass: a\nweights: craft=0.75, depth=0.25\n(+3, craft) x\n## Pass: b\nweights: craft=0.5, depth=0.5\n(+2, craft) z\n";
    let a = analyse(different, &Request::default());
    assert_eq!(
        a.messages(pickanumber_score::Severity::Error),
        ["passes a and b give different weights: give one weights: line before the first ## Pass: heading, or weights outside the text"]
    );
}

#[test]
fn an_empty_pass_is_an_error_naming_it() {
    let a = combine(
        &[("a".into(), "+3 x\n".into()), ("b".into(), "".into())],
        &Request::default(),
    );
    assert_eq!(
        a.messages(pickanumber_score::Severity::Error),
        ["pass b: no items read: the input is empty; there is no score"]
    );
    assert!(a.headline().is_some(), "pass a still scores");
}

/// Passes drawn from a few shared observations, so judges often find the same one, at the
/// same or another impact: `(impact, observation, criterion index)`.
fn shared_items() -> impl Strategy<Value = Vec<(i64, usize, usize)>> {
    proptest::collection::vec((impact(), 0usize..4, 0usize..2), 1..6)
}

fn shared_lines(items: &[(i64, usize, usize)], matrix: bool) -> String {
    const CRITERIA: [&str; 2] = ["craft", "depth"];
    items
        .iter()
        .map(|&(v, t, c)| {
            let sign = if v > 0 { "+" } else { "" };
            if matrix {
                format!("({sign}{v}, {}) observation {t}\n", CRITERIA[c])
            } else {
                format!("{sign}{v} observation {t}\n")
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever the order of the passes, the combined headline and its interval are the same,
    /// duplicates between the passes included.
    #[test]
    fn the_order_of_the_passes_changes_neither_headline_nor_interval(
        passes in proptest::collection::vec(shared_items(), 2..4),
        matrix in any::<bool>(),
        rotate in 1usize..3,
    ) {
        let named: Vec<(String, String)> = passes
            .iter()
            .enumerate()
            .map(|(k, p)| (format!("judge{k}"), shared_lines(p, matrix)))
            .collect();
        let a = combine(&named, &Request::default());
        let mut reversed = named.clone();
        reversed.reverse();
        let mut rotated = named.clone();
        rotated.rotate_left(rotate % named.len());
        for other in [reversed, rotated] {
            let b = combine(&other, &Request::default());
            prop_assert_eq!(a.headline(), b.headline());
            prop_assert_eq!(a.interval, b.interval);
        }
    }
}

#[test]
fn a_tied_duplicate_gives_the_same_interval_in_either_order() {
    let a = ("a".to_string(), "+3 x\n+1 y\n".to_string());
    let b = ("b".to_string(), "+3 x\n\u{2212}1 z\n".to_string());
    let ab = combine(&[a.clone(), b.clone()], &Request::default());
    let ba = combine(&[b, a], &Request::default());
    assert_eq!(ab.headline(), ba.headline());
    assert_eq!(ab.interval, ba.interval);
}
