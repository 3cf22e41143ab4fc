//! The plots' wording (in `content/layout.toml`) follows the values the formula computes. Each
//! expected sentence is the file's own template filled (by the renderer's slot filler,
//! [`crate::sentences::Text`]) with numbers this module computes from the formula crate, so the
//! sentences live only in `layout.toml` while a page number that disagrees with the formula
//! still fails.

use super::{layout, markdown_files};
use crate::chart;
use pickanumber_score::{profile, Item, Params, Pooled};

fn final_of(count: usize, net: i64) -> Pooled {
    let items: Vec<Item> = profile(count, net)
        .expect("reachable")
        .into_iter()
        .map(|i| Item::new(i, ""))
        .collect();
    Pooled::score(&items, &Params::default())
}

/// `a`, `a and b`, `a, b and c`: the list the slope sentence quotes, joined here on its own so
/// that a change in the renderer's joining shows.
fn listed(parts: &[String], and: &str) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {and} {last}", init.join(", ")),
    }
}

#[test]
fn growth_plot_wording_follows_the_computed_slopes() {
    let counts = [4usize, 9, 16, 25];
    let layout = layout();
    let words = &layout.plots.final_vs_net;
    let text = chart::final_vs_net_description(&counts, words, &layout.items);
    // Near net zero the slope is scale × multiplier / √n; it falls as n grows, so the lines
    // of fewer items are steeper.
    let p = Params::default();
    let slope = |n: usize| {
        let m =
            p.multiplier_floor + p.multiplier_gain * (n as f64 / p.density_denominator).min(1.0);
        p.scale * m / (n as f64).sqrt()
    };
    assert!(counts.windows(2).all(|w| slope(w[0]) > slope(w[1])));

    // The finals it quotes are the formula crate's, in falling order: the sentence for fewer
    // items giving steeper lines, filled with them, and neither of the other two.
    let net = 10;
    let finals: Vec<Pooled> = counts.iter().map(|&n| final_of(n, net)).collect();
    assert!(
        finals
            .windows(2)
            .all(|w| w[0].final_score > w[1].final_score),
        "{finals:?}"
    );
    let parts: Vec<String> = counts
        .iter()
        .zip(&finals)
        .map(|(&n, s)| {
            let score = format!("{}", s.final_score);
            words
                .final_with
                .text(&[("final", &score), ("items", &layout.items.of(n))])
        })
        .collect();
    let values = [
        ("net", format!("{net:+}")),
        ("finals", listed(&parts, &words.and)),
    ];
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let steeper = words.fewer_steeper.text(&values);
    assert!(
        text.contains(&steeper),
        "the description must say \"{steeper}\": {text}"
    );
    for other in [&words.more_steeper, &words.mixed] {
        let wrong = other.text(&values);
        assert!(!text.contains(&wrong), "\"{wrong}\" in: {text}");
    }

    // The rendered plot carries the same text, and no page says the opposite.
    let html = chart::figure(
        "plot kind=final-vs-net counts=4,9,16,25",
        &layout.plots,
        &layout.items,
    )
    .unwrap()
    .html;
    let shown = words.fewer_steeper.plain(&values);
    assert!(html.contains(&shown), "missing \"{shown}\" in the plot");

    // Every line passes through the anchor at net zero, as the first sentence says.
    let anchor = final_of(counts[0], 0).final_unrounded;
    for &n in &counts {
        assert_eq!(final_of(n, 0).final_unrounded, anchor, "{n} items at net 0");
    }
    let lines = words.lines.text(&[("center", &format!("{anchor}"))]);
    assert!(
        text.starts_with(&lines),
        "\"{lines}\" does not open: {text}"
    );
    for (file, body) in markdown_files() {
        for sentence in body.split(['.', '\n']) {
            let s = sentence.to_lowercase();
            assert!(
                !(s.contains("fewer") && s.contains("flatter")),
                "{file}: \"{}\" contradicts the plot",
                sentence.trim()
            );
        }
    }
}

#[test]
fn multiplier_plot_wording_follows_the_formula() {
    let p = Params::default();
    let layout = layout();
    let html = chart::figure("plot kind=multiplier max=40", &layout.plots, &layout.items)
        .unwrap()
        .html;
    let multiplier = |n: usize| {
        let items: Vec<Item> = (0..n)
            .map(|_| Item::new(pickanumber_score::Impact::PlusOne, ""))
            .collect();
        Pooled::score(&items, &p).multiplier
    };
    // The description's floor, straight rise, ceiling and the count that reaches it, measured
    // on the formula's multiplier.
    let full = p.density_denominator as usize;
    let (floor, ceiling) = (multiplier(0), multiplier(full));
    let step = multiplier(1) - floor;
    for n in 1..=full {
        let rise = multiplier(n) - multiplier(n - 1);
        assert!((rise - step).abs() < 1e-12, "not a straight line at {n}");
    }
    for n in full..=4 * full {
        assert_eq!(multiplier(n), ceiling, "moves after {full} items at {n}");
    }
    assert!(
        ceiling <= 1.0,
        "a multiplier above 1 would amplify the distance from the anchor"
    );
    // The anchor it never moves away from: the final of a balanced list.
    let center = final_of(4, 0).final_unrounded;
    let claim = layout.plots.multiplier.description.plain(&[
        ("floor", &format!("{floor:.2}")),
        ("ceiling", &format!("{ceiling:.2}")),
        ("full", &full.to_string()),
        ("center", &format!("{center}")),
    ]);
    assert!(html.contains(&claim), "missing \"{claim}\" in the plot");
}
