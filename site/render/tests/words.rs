//! Checks on the site's words that the formula can settle: the plots' wording (in
//! `content/layout.toml`) follows the computed values, and each shared item list (the cua-bench GUI agent, profiles A–D) has
//! one definition that every page, the README and the calculator use.

use pickanumber_render::layout::Layout;
use pickanumber_render::{calculator, plot};
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
    let text = plot::final_vs_net_description(&counts, words, &layout.items);
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
    let html = plot::render(
        "plot kind=final-vs-net counts=4,9,16,25",
        &layout.plots,
        &layout.items,
    )
    .unwrap();
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
    let html = plot::render("plot kind=multiplier max=40", &layout.plots, &layout.items).unwrap();
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
    use pickanumber_render::evidence::Block;
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
