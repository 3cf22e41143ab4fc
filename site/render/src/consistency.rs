//! Checks on the site's words that the formula can settle: the plots' wording (in
//! `content/layout.toml`) follows the computed values, and each shared item list (the cua-bench GUI agent, profiles A–D) has
//! one definition that every page, the README and the calculator use.
//!
//! A test module of the crate (not a `tests/` file) because it uses the private modules.

use crate::site_words::Layout;
use crate::{calculator, chart};
use pickanumber_score::{profile, Item, Params, Pooled};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(repo().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Every markdown file of the site, and the README.
fn markdown_files() -> Vec<(String, String)> {
    let mut out = vec![("README.md".to_string(), read("README.md"))];
    for dir in ["content", "paper", "examples"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(repo().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        paths.sort();
        for p in paths {
            let rel = format!("{dir}/{}", p.file_name().unwrap().to_string_lossy());
            out.push((rel.clone(), read(&rel)));
        }
    }
    out
}

/// The fenced code blocks of a markdown text: (info string, body without a trailing newline).
fn fenced_blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut open: Option<(String, String, Vec<&str>)> = None;
    for line in text.lines() {
        let t = line.trim_start();
        match &mut open {
            None => {
                if let Some(rest) = t.strip_prefix("```") {
                    let fence = "```".to_string()
                        + &rest.chars().take_while(|c| *c == '`').collect::<String>();
                    let info = rest.trim_start_matches('`').trim().to_string();
                    open = Some((fence, info, Vec::new()));
                }
            }
            Some((fence, info, body)) => {
                if t.starts_with(fence.as_str()) && t.trim_start_matches('`').trim().is_empty() {
                    out.push((std::mem::take(info), body.join("\n")));
                    open = None;
                } else {
                    body.push(line);
                }
            }
        }
    }
    // A block that shows markdown (the README's example of an evidence block) is searched too.
    let nested: Vec<(String, String)> = out
        .iter()
        .filter(|(_, body)| body.contains("```"))
        .flat_map(|(_, body)| fenced_blocks(body))
        .collect();
    out.extend(nested);
    out
}

/// The site's words, as the build reads them.
fn layout() -> Layout {
    Layout::load(&repo()).unwrap_or_else(|e| panic!("{e}"))
}

fn id_of(info: &str) -> Option<&str> {
    info.split_whitespace().find_map(|o| o.strip_prefix("id="))
}

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

#[test]
fn one_cua_bench_gui_list_everywhere() {
    let definition = read("examples/cua-bench-gui.txt");
    let definition = definition.trim_end();
    assert_eq!(calculator::EXAMPLE, definition);
    assert!(read("site/calculator/src/examples.rs")
        .contains("include_str!(\"../../../examples/cua-bench-gui.txt\")"));

    let mut seen = 0;
    for (file, text) in markdown_files() {
        for (info, body) in fenced_blocks(&text) {
            let mentions_gui_run =
                body.contains("Settings") || body.contains("wallpaper") || body.contains("pane");
            if body.contains("```") {
                continue;
            }
            if id_of(&info) == Some("cua-gui") || mentions_gui_run {
                assert_eq!(
                    body.trim_end(),
                    definition,
                    "{file}: the cua-bench GUI list in ```{info} differs from examples/cua-bench-gui.txt"
                );
                seen += 1;
            }
        }
    }
    // The case study, the paper and the README's example of an evidence block.
    assert!(seen >= 3, "only {seen} cua-bench lists found");

    // The agent left Settings open: no page or example credits it with closing it.
    let mut sources = markdown_files();
    for rel in [
        "site/calculator/src/examples.rs",
        "site/render/src/calculator.rs",
        "content/layout.toml",
    ] {
        sources.push((rel.to_string(), read(rel)));
    }
    for (file, text) in sources {
        for wrong in ["closed Settings", "cleanup done", "+1 cleanup"] {
            assert!(!text.contains(wrong), "{file} says \"{wrong}\"");
        }
    }
}

#[test]
fn one_set_of_profiles_a_to_d() {
    let home = fenced_blocks(&read("content/index.md"));
    let paper = fenced_blocks(&read("paper/formula.md"));
    let examples = read("site/calculator/src/examples.rs");
    for id in ["ex-a", "ex-b", "ex-c", "ex-d"] {
        let find = |blocks: &[(String, String)]| {
            blocks
                .iter()
                .find(|(info, _)| id_of(info) == Some(id))
                .map(|(_, body)| body.trim_end().to_string())
                .unwrap_or_else(|| panic!("no evidence block {id}"))
        };
        let on_home = find(&home);
        assert_eq!(on_home, find(&paper), "profile {id}: home and paper differ");
        assert!(
            examples.contains(&format!("{on_home:?}")),
            "profile {id}: the calculator's example button differs from {on_home:?}"
        );
    }
}

/// The notes quote one ablation cell, so they define its block again: it must stay the same
/// block as the ablation's (items and options), or the two pages would disagree.
#[test]
fn the_ablation_cell_in_the_notes_is_the_ablations_own() {
    let block = |file: &str| {
        fenced_blocks(&read(file))
            .into_iter()
            .find(|(info, _)| id_of(info) == Some("abl-g-farm"))
            .unwrap_or_else(|| panic!("{file}: no evidence block abl-g-farm"))
    };
    assert_eq!(block("paper/notes.md"), block("paper/ablation.md"));
}

#[test]
fn multiplier2_gives_two_decimals_for_prose() {
    use crate::scoring::Block;
    let block = Block::compile(
        Path::new("words.md"),
        1,
        "evidence id=m",
        "+5 final state correct\n−3 required GUI steps skipped\n",
    )
    .unwrap();
    let v = block.values();
    assert_eq!(v["multiplier"], "0.7750");
    assert_eq!(v["multiplier2"], "0.78");
    let four = Block::compile(
        Path::new("words.md"),
        1,
        "evidence id=b",
        "+5×4 exceptional finding\n",
    )
    .unwrap();
    assert_eq!(four.values()["multiplier2"], "0.80");
}

// ---------------------------------------------------------------------------------------------
// Sentences about what the formula does (issue 27): each claim is derived from the page's own
// evidence blocks, or from the formula crate over every reachable pool, and the sentence that
// states it is checked to be there (and the wrong one it replaced to be gone).

/// The compiled evidence block `id` of the markdown file `rel`.
fn block(rel: &str, id: &str) -> crate::scoring::Block {
    let text = read(rel);
    let (info, body) = fenced_blocks(&text)
        .into_iter()
        .find(|(info, _)| info.starts_with("evidence") && id_of(info) == Some(id))
        .unwrap_or_else(|| panic!("{rel}: no evidence block {id}"));
    crate::scoring::Block::compile(Path::new(rel), 1, &info, &(body + "\n"))
        .unwrap_or_else(|e| panic!("{rel}: block {id}: {e}"))
}

/// A computed field of a block, as a number.
fn field(rel: &str, id: &str, name: &str) -> f64 {
    let values = block(rel, id).values();
    let v = values
        .get(name)
        .unwrap_or_else(|| panic!("{rel}: block {id} has no field {name}"));
    v.trim_start_matches('+')
        .replace('−', "-")
        .parse()
        .unwrap_or_else(|e| panic!("{rel}: {id}.{name} = {v}: {e}"))
}

/// A page's text with its line breaks folded, so a sentence can be searched across lines.
fn prose(rel: &str) -> String {
    read(rel).split_whitespace().collect::<Vec<_>>().join(" ")
}

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

/// Issue 27, sentence 1: √n does not make the score ignore volume; +1×4, +1×16 and +1×25 climb,
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
    for (file, text) in markdown_files() {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for wrong in [
            "rather than its volume",
            "gains little",
            "would earn if there were enough",
        ] {
            assert!(!text.contains(wrong), "{file} still says \"{wrong}\"");
        }
    }
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
    assert!(!text.contains("reached with +3 and +5 items"));
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
    assert!(!text.contains("still holds the score near the centre"));
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
    assert!(!prose(s).contains("whatever the demo was like"));
    assert!(!prose("paper/practice.md").contains("Thin criteria are scored near the centre"));
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
    for rel in ["README.md", "site/cli/src/cli.rs"] {
        let text = prose(rel);
        assert!(!text.contains("only below 20 items"), "{rel}");
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
    assert!(!text.contains("outweigh a run of routine observations"));
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
    for (rel, text) in [
        ("paper/formula.md", prose(f)),
        ("content/layout.toml", prose("content/layout.toml")),
    ] {
        assert!(!text.contains("edge of the scale sooner"), "{rel}");
    }
    assert!(prose(f).contains("They also level off closer to it."));
}

/// The pairwise page's reading of the 0.3 width rule with half-point updates.
#[test]
fn pairwise_width_rule_needs_the_judgments_the_page_says() {
    use pickanumber_instruments::pairwise::Posterior;
    let flagged = |wins: u64, losses: u64| {
        let mut p = Posterior::new("x");
        p.wins = wins;
        p.losses = losses;
        p.judge_again()
    };
    let straight = (0..1000u64).find(|&k| !flagged(k, 0)).unwrap();
    let split = (0..1000u64)
        .step_by(2)
        .find(|&k| !flagged(k / 2, k / 2))
        .unwrap();
    assert_eq!((straight, split), (22, 82));
    let text = prose("content/pairwise.md");
    assert!(text.contains(&format!("stops being flagged after {straight} wins")));
    assert!(text.contains(&format!("only after {split}.")));
    assert!(!text.contains("50 %"));
}

/// The probe's fall-through cases, as the practice part names them, classify as AMBIGUOUS.
#[test]
fn the_named_fall_through_cases_are_ambiguous() {
    use pickanumber_instruments::probe::{classify, Metrics, Regime};
    let m = |ceiling_rate, floor_rate, range| Metrics {
        ceiling_rate,
        floor_rate,
        range,
        mean_per_item_std: Some(0.5),
    };
    for (case, metrics) in [
        ("range 3 or 4 without crowding", m(0.1, 0.1, 4)),
        ("wide, bottom rarely used", m(0.2, 0.03, 7)),
        ("wide, both ends, 35% at the top", m(0.4, 0.1, 9)),
    ] {
        assert_eq!(classify(Some(&metrics)).regime, Regime::Ambiguous, "{case}");
    }
    // And they are the only ones: over a grid of metrics (a steady judge), AMBIGUOUS holds
    // exactly when one of the three named cases does.
    for range in 0..=9i64 {
        for c in 0..=100 {
            for f in 0..=(100 - c) {
                let (ceiling, floor) = (f64::from(c) / 100.0, f64::from(f) / 100.0);
                let crowded =
                    (ceiling >= 0.25 && floor < 0.05) || (floor >= 0.25 && ceiling < 0.05);
                let named = ((3..=4).contains(&range) && !crowded)
                    || (range >= 5 && floor < 0.05 && ceiling < 0.25)
                    || (range >= 5 && floor >= 0.05 && ceiling >= 0.35);
                let ambiguous =
                    classify(Some(&m(ceiling, floor, range))).regime == Regime::Ambiguous;
                assert_eq!(
                    ambiguous, named,
                    "ceiling {ceiling}, floor {floor}, range {range}"
                );
            }
        }
    }
    let text = prose("paper/practice.md");
    assert!(text.contains("Three kinds of result fall through to AMBIGUOUS"));
    assert!(text.contains("while the top two hold under 25%"));
    assert!(!text.contains("never touch the bottom"));
}

/// The study's reading of the provider means: GPT-5.4's mean is below three other models'.
#[test]
fn openai_is_not_uniformly_more_optimistic() {
    let study = read("paper/study.md");
    let mean = |model: &str| -> f64 {
        let row = study
            .lines()
            .find(|l| l.starts_with(&format!("| {model} |")))
            .unwrap_or_else(|| panic!("no row {model}"));
        row.split('|').nth(3).unwrap().trim().parse().unwrap()
    };
    let gpt = mean("GPT-5.4");
    let above: Vec<&str> = ["Claude Haiku 4.5", "Claude Opus 4.6", "Gemini 3.1 Pro"]
        .into_iter()
        .filter(|m| mean(m) > gpt)
        .collect();
    assert_eq!(above.len(), 3, "{above:?}");
    assert!(!prose("paper/study.md").contains("OpenAI's models running more optimistic"));
}

/// The words of a page a reader reads: the body after the front matter, without fenced blocks
/// (items, commands, plots), with each `{{ id.field }}` counted as one word; a word is a run
/// of non-space characters holding a letter or a digit (table cells and link text count).
fn prose_words(text: &str) -> usize {
    let body = text.splitn(3, "+++").nth(2).unwrap_or(text);
    let mut words = 0;
    let mut fence: Option<String> = None;
    for line in body.lines() {
        let t = line.trim_start();
        if let Some(f) = &fence {
            if t.starts_with(f.as_str()) && t.trim_start_matches('`').trim().is_empty() {
                fence = None;
            }
            continue;
        }
        if t.starts_with("```") {
            fence = Some(t.chars().take_while(|c| *c == '`').collect());
            continue;
        }
        let mut rest = line.to_string();
        while let (Some(a), Some(b)) = (rest.find("{{"), rest.find("}}")) {
            if b < a {
                break;
            }
            rest.replace_range(a..b + 2, "N");
        }
        words += rest
            .split_whitespace()
            .filter(|w| w.chars().any(char::is_alphanumeric))
            .count();
    }
    words
}

/// Issue 27: the home page's prose is at most 1,200 words, and its first words after the hero
/// are the worked example.
#[test]
fn the_home_page_is_short_and_leads_with_the_example() {
    let home = read("content/index.md");
    let words = prose_words(&home);
    assert!(words <= 1200, "content/index.md has {words} words of prose");
    let body = home.splitn(3, "+++").nth(2).unwrap();
    let first_block = fenced_blocks(body).into_iter().next().unwrap();
    assert_eq!(first_block.0, "evidence id=lead show=lead");
    assert!(
        body.find("```evidence id=lead").unwrap() < body.find("## ").unwrap(),
        "the worked example comes before the first section"
    );
    // The S/P numbering comparison lives in the paper, not beside the formula.
    assert!(!home.contains("| Site | Paper |"));
}

/// "The method helped one judge and hurt three calibrated ones" is stated in full at most
/// twice (the quick start's probe step, and the study), and linked elsewhere.
#[test]
fn the_one_and_three_result_is_stated_in_full_at_most_twice() {
    let mut full = Vec::new();
    for (file, text) in markdown_files() {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for sentence in text.split(". ") {
            let s = sentence.to_lowercase();
            let result = ["helped", "helps", "hurt", "did worse"]
                .iter()
                .any(|w| s.contains(w));
            if s.contains("three") && s.contains("calibrated") && result {
                full.push(format!("{file}: {sentence}"));
            }
        }
    }
    assert!(
        full.len() <= 2,
        "stated {} times:\n{}",
        full.len(),
        full.join("\n")
    );
    assert!(
        full.iter().any(|s| s.starts_with("content/quick-start.md")),
        "{full:?}"
    );
}

/// The quick start's prompt is the rubric generator's for the generic rubric (the build writes
/// it in place of the block's marker), asks for the evidence before the impact, and the answer
/// the page shows is read by the same parser as the calculator, with nothing ignored.
#[test]
fn the_prompt_puts_the_impact_last_and_its_answer_parses() {
    let blocks = fenced_blocks(&read("content/quick-start.md"));
    let marker = &blocks
        .iter()
        .find(|(info, _)| info == "prompt")
        .expect("a prompt block")
        .1;
    assert_eq!(marker.trim(), "{{ generic-prompt }}");
    let prompt = crate::setup::generic_prompt().expect("the generic rubric");
    let generic = pickanumber_rubric::Rubric::parse(&read("examples/rubrics/generic.toml"))
        .expect("examples/rubrics/generic.toml");
    assert_eq!(prompt, generic.prompt());
    let at = |field: &str| {
        prompt
            .find(&format!("- \"{field}\":"))
            .unwrap_or_else(|| panic!("the prompt lists no \"{field}\" key"))
    };
    assert!(at("perspective") < at("text") && at("text") < at("evidence"));
    assert!(at("evidence") < at("impact"));
    assert!(prompt.contains("Write the observation and its evidence first. Choose the impact last"));
    let answer = &blocks
        .iter()
        .find(|(info, body)| info == "text" && body.starts_with("{\"items\""))
        .expect("an example answer")
        .1;
    let a = pickanumber_score::analyse(answer, &pickanumber_score::Request::default());
    assert_eq!(a.pool().total_items, 2);
    assert!(a.ignored.is_empty());
    assert_eq!(
        a.diagnostics_of(pickanumber_score::Severity::Error).count(),
        0
    );
}

/// Issue 25: the formula page's interval sentences. A balanced list keeps its width from 40 to
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

/// Issue 25: the duplicate rule as the formula page states it: the same list as two passes
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
