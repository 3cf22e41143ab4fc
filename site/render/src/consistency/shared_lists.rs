//! Each shared item list (the cua-bench GUI agent, profiles A–D, the ablation cell the notes
//! quote) has one definition that every page, CONTRIBUTING.md and the calculator use.

use super::{fenced_blocks, id_of, markdown_files, read};
use crate::calculator;
use std::path::Path;

#[test]
fn one_cua_bench_gui_list_everywhere() {
    let definition = read("examples/cua-bench-gui.txt");
    let definition = definition.trim_end();
    assert_eq!(calculator::EXAMPLE, definition);

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
    // The case study, the paper and CONTRIBUTING.md's example of an evidence block.
    assert!(seen >= 3, "only {seen} cua-bench lists found");
}

#[test]
fn one_set_of_profiles_a_to_d() {
    let home = fenced_blocks(&read("content/index.md"));
    let paper = fenced_blocks(&read("paper/formula.md"));
    let examples = read("site/island-words/src/calculator.rs");
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

/// The formula page's example of evidence checked against the work: its first block is the
/// judge pass `examples/verify/judge.txt` as written, its second the items of that pass the
/// verifier counts against `examples/verify/cfg-if/` (those whose evidence is not found left
/// out), so the page's figures are the ones `score --against` gives.
#[test]
fn the_checked_evidence_example_is_the_verifiers_own() {
    use pickanumber_score::verify::{verify_text, Status, Work};
    let judge = read("examples/verify/judge.txt");
    let lines: Vec<&str> = judge.lines().collect();
    let work = Work::read(&super::repo().join("examples/verify/cfg-if")).unwrap();
    let kept: Vec<&str> = lines
        .iter()
        .zip(verify_text(&work, &lines))
        .filter(|(_, c)| c.status != Status::NotFound)
        .map(|(l, _)| *l)
        .collect();
    assert!(kept.len() < lines.len(), "the example has no invented item");
    let paper = fenced_blocks(&read("paper/formula.md"));
    let body = |id: &str| {
        paper
            .iter()
            .find(|(info, _)| id_of(info) == Some(id))
            .map(|(_, body)| body.trim_end().to_string())
            .unwrap_or_else(|| panic!("paper/formula.md: no evidence block {id}"))
    };
    assert_eq!(body("verify-as-written"), judge.trim_end());
    assert_eq!(body("verify-checked"), kept.join("\n"));
}
