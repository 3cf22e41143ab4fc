//! The plots' wording (in `content/layout.toml`) follows the values the formula computes.

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
    assert!(
        text.contains("Fewer items give steeper lines"),
        "the description must say fewer items give steeper lines: {text}"
    );
    assert!(!text.contains("flatter"), "{text}");

    // The finals it quotes are the formula crate's, in falling order.
    let net = 10;
    let mut quoted = Vec::new();
    for &n in &counts {
        let s = final_of(n, net);
        let phrase = format!("{} with {n} items", s.final_score);
        assert!(text.contains(&phrase), "missing \"{phrase}\" in: {text}");
        quoted.push(s.final_score);
    }
    assert!(text.contains("at net +10"), "{text}");
    assert!(quoted.windows(2).all(|w| w[0] > w[1]), "{quoted:?}");

    // The rendered plot carries the same text, and no page says the opposite.
    let html = chart::figure(
        "plot kind=final-vs-net counts=4,9,16,25",
        &layout.plots,
        &layout.items,
    )
    .unwrap()
    .html;
    assert!(html.contains("Fewer items give steeper lines"));

    // Every line passes through the anchor at net zero, as the first sentence says.
    for &n in &counts {
        assert_eq!(
            final_of(n, 0).final_unrounded,
            p.center,
            "{n} items at net 0"
        );
    }
    assert!(text.starts_with(&format!(
        "Each line is one item count, and every line passes through {} at net zero.",
        p.center
    )));
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
    // "starts at 0.75 with no items, rises in a straight line to 1.00 at 20 items, and stays
    // there: more evidence never amplifies the distance from 50".
    let full = p.density_denominator as usize;
    let ceiling = p.multiplier_floor + p.multiplier_gain;
    assert_eq!(multiplier(0), p.multiplier_floor);
    let step = multiplier(1) - multiplier(0);
    for n in 1..=full {
        let rise = multiplier(n) - multiplier(n - 1);
        assert!((rise - step).abs() < 1e-12, "not a straight line at {n}");
    }
    assert!((multiplier(full) - ceiling).abs() < 1e-12);
    for n in full..=4 * full {
        assert_eq!(
            multiplier(n),
            multiplier(full),
            "moves after {full} items at {n}"
        );
    }
    assert!(
        ceiling <= 1.0,
        "a multiplier above 1 would amplify the distance from the anchor"
    );
    let claim = format!(
        "The multiplier starts at {:.2} with no items, rises in a straight line to {:.2} at {full} items, and stays there: more evidence never amplifies the distance from {}.",
        p.multiplier_floor, ceiling, p.center
    );
    assert!(html.contains(&claim), "missing \"{claim}\" in the plot");
}
