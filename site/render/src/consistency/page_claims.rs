//! What the instrument pages, the study, the home page and the quick start say, checked
//! against the instruments, the study's table, the page's own words and the rubric crate.

use super::{fenced_blocks, field, markdown_files, prose, read};

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

/// The home page's prose is at most 1,200 words, and its first words after the hero
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

/// Every page of `content/` but the home page and the 404 page is one click away: the site's
/// navigation links to it.
#[test]
fn every_content_page_is_in_the_navigation() {
    let nav: Vec<String> = super::layout().nav.into_iter().map(|i| i.href).collect();
    let mut missing = Vec::new();
    for (rel, _) in markdown_files() {
        let Some(stem) = rel
            .strip_prefix("content/")
            .and_then(|f| f.strip_suffix(".md"))
        else {
            continue;
        };
        let href = format!("/{stem}/");
        if !["index", "404"].contains(&stem) && !nav.contains(&href) {
            missing.push(href);
        }
    }
    assert!(
        missing.is_empty(),
        "content/layout.toml's nav has no link to {missing:?} (it has {nav:?})"
    );
}

/// The quick start's grammar table, row by row, against the reader: a row whose reading says
/// "error" is refused, every other item line is read without an error.
#[test]
fn the_grammar_table_reads_as_the_reader_does() {
    use pickanumber_score::{analyse, Request};
    let page = read("content/quick-start.md");
    let table = page
        .split("## The item grammar")
        .nth(1)
        .expect("the quick start's grammar section");
    let mut rows = 0;
    for row in table.lines().take_while(|l| !l.starts_with("## ")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (Some(line), Some(reading)) = (cells.get(1), cells.get(2)) else {
            continue;
        };
        let Some(item) = line.split('`').nth(1) else {
            continue;
        };
        if item.starts_with('#') || item.starts_with("weights:") {
            continue;
        }
        rows += 1;
        let refused = analyse(item, &Request::default()).has_errors();
        assert_eq!(
            refused,
            reading.contains("error"),
            "the grammar table reads `{item}` as \"{reading}\""
        );
    }
    assert!(rows >= 6, "{rows} item rows");
    assert!(table.contains("`3 clear module boundaries` | an error"));
}

/// The quick start places the work where the prompt it gives says it is.
#[test]
fn the_quick_start_puts_the_work_where_the_prompt_looks_for_it() {
    let prompt = crate::setup::generic_prompt().unwrap();
    assert!(prompt.contains("the work given after this brief"));
    let text = prose("content/quick-start.md");
    assert!(text.contains("Give the judge this prompt first and the work it is judging after it"));
}

/// The probe page says which figures use the ratings as written: each item's spread does.
#[test]
fn the_probe_spread_uses_ratings_as_written() {
    use pickanumber_instruments::probe::{probe_text, Scale};
    let t = probe_text("4.6 5\n4.0 5\n", Scale::default());
    let m = t.probe.statistics.metrics().unwrap();
    // Item 1's 4.6 and 4.0 spread as written (truncated, both are 4 and would not); item 2's
    // 5 and 5 do not: the mean of the two spreads.
    assert!(m.mean_per_item_std.is_some_and(|s| s > 0.2));
    assert_eq!(m.range, 1);
    let text = prose("content/probe.md");
    assert!(text.contains("Each item's spread across runs, the figure that decides JITTERY, uses the ratings as written"));
}

/// Sentences of the formula page, the home page and the notes that a fact-check found wrong,
/// with the computation that settles each where there is one.
#[test]
fn the_fact_checked_sentences_hold() {
    use pickanumber_score::{analyse, Request};
    let f = "paper/formula.md";
    // The rising multiplier can outweigh a weaker item's pull on the normalised value.
    assert!(field(f, "mult-two", "normalized") < field(f, "mult-one", "normalized"));
    assert!(field(f, "mult-two", "final_unrounded") > field(f, "mult-one", "final_unrounded"));
    // The overall is a weighted mean: weights adding to 2 give the same overall as halved.
    let matrix = |w: &str| {
        let a = analyse(
            &format!("weights: {w}\n(+5, fit) a\n(-3, craft) b\n"),
            &Request::default(),
        );
        a.matrix()
            .unwrap()
            .result
            .as_ref()
            .unwrap()
            .overall_unrounded
    };
    assert_eq!(matrix("fit=1.5, craft=0.5"), matrix("fit=0.75, craft=0.25"));
    let home = prose("content/index.md");
    assert!(home.contains("the overall is the weighted mean of the rounded criterion finals"));
    assert!(home.contains("0.800 is the customary bar for reliable data and 0.667 the lowest for tentative conclusions"));
    for (file, wrong) in [
        (f, "offsets only part of that"),
        (
            f,
            "Every computed result on this site shows the unrounded value",
        ),
        (f, "or the smaller impacts where two passes tie"),
        ("content/index.md", "weighted sum"),
        ("content/index.md", "0.667 usually asked"),
        (
            "content/glossary.md",
            "The site shows the unrounded value beside it.",
        ),
        ("paper/study.md", "Two further readings"),
        ("paper/notes.md", "264 Cape entries"),
    ] {
        assert!(
            !prose(file).contains(wrong),
            "{file} still says \"{wrong}\""
        );
    }
}

/// The spans a line sets in single-asterisk italics (`*term*`, not `**bold**`).
fn italics(line: &str) -> Vec<String> {
    let text = line.replace("**", "\u{0}\u{0}");
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for (i, &c) in chars.iter().enumerate() {
        if c != '*' {
            continue;
        }
        match open {
            None if chars.get(i + 1).is_some_and(|n| !n.is_whitespace()) => open = Some(i),
            Some(start) if i > start + 1 && !chars[i - 1].is_whitespace() => {
                out.push(chars[start + 1..i].iter().collect());
                open = None;
            }
            _ => {}
        }
    }
    out
}

/// The glossary has an entry for every term the pages mark as one (a link into it, in italics),
/// and a word set in italics that names an entry links to it.
#[test]
fn glossary_terms_have_entries_and_italicised_terms_link_to_them() {
    let glossary = read("content/glossary.md");
    let entries: Vec<(String, String)> = glossary
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter_map(|h| {
            let (name, id) = h.split_once(" {#")?;
            Some((name.to_lowercase(), id.trim_end_matches('}').to_string()))
        })
        .collect();
    for id in [
        "rubric",
        "perspective",
        "criterion",
        "pass",
        "interval",
        "trap",
        "counter-bias",
    ] {
        assert!(
            entries.iter().any(|(_, e)| e == id),
            "no glossary entry #{id}"
        );
    }
    let mut unlinked = Vec::new();
    for (file, text) in markdown_files() {
        if file == "README.md" || file == "content/glossary.md" {
            continue;
        }
        for (n, line) in text.lines().enumerate() {
            for span in italics(line) {
                if let Some(rest) = span.strip_prefix('[') {
                    if let Some((_, target)) = rest.split_once("](/glossary/#") {
                        let id = target.trim_end_matches(')');
                        assert!(
                            entries.iter().any(|(_, e)| e == id),
                            "{file}:{}: *{span}* links to a glossary entry that does not exist",
                            n + 1
                        );
                    }
                    continue;
                }
                let word = span.to_lowercase();
                let singular = word.strip_suffix('s').unwrap_or(&word);
                if entries
                    .iter()
                    .any(|(name, _)| *name == word || name == singular)
                {
                    unlinked.push(format!("{file}:{}: *{span}*", n + 1));
                }
            }
        }
    }
    assert!(
        unlinked.is_empty(),
        "italicised as glossary terms without a link to the entry:\n{}",
        unlinked.join("\n")
    );
}

/// The glossary's list of terms: each entry's anchor with the words by which a page uses the
/// term (lowercase; matched as whole words).
const GLOSSARY: &[(&str, &[&str])] = &[
    ("item", &["item", "items"]),
    ("impact", &["impact", "impacts"]),
    ("net", &["net"]),
    ("normalised", &["normalised", "normalized"]),
    ("raw", &["raw"]),
    ("density", &["density"]),
    ("multiplier", &["multiplier"]),
    ("final", &["final"]),
    ("confidence", &["confidence"]),
    ("span", &["span"]),
    ("self-check", &["self-check"]),
    ("regime", &["regime", "regimes"]),
    ("rubric", &["rubric", "rubrics"]),
    ("criterion", &["criterion", "criteria"]),
    ("perspective", &["perspective", "perspectives"]),
    ("trap", &["trap", "traps"]),
    ("counter-bias", &["counter-bias"]),
    ("pass", &["pass", "passes"]),
    ("version", &["saved version", "saved versions"]),
    ("interval", &["interval"]),
    ("headline", &["headline"]),
    ("overall", &["overall"]),
    ("mode", &["mode", "modes"]),
    ("bucket", &["bucket", "buckets"]),
    ("weights", &["weights", "weight"]),
    ("scale", &["scale"]),
    ("gate", &["gate"]),
    ("judged-work", &["judged work"]),
    (
        "evidence-statuses",
        &["not_found", "not_checkable", "no_evidence", "located"],
    ),
    (
        "invented-evidence-rate",
        &["invented-evidence rate", "invented evidence"],
    ),
    (
        "spread",
        &["spread", "disagreement", "disagreements", "krippendorff"],
    ),
    ("duplicate-rule", &["duplicate rule"]),
    ("gold-set", &["gold set"]),
    ("held-out", &["held-out"]),
    ("judge-card", &["judge card"]),
    ("naive-number", &["naive number", "naive numbers"]),
    ("evidence-block", &["evidence block", "evidence blocks"]),
];

/// Whether `text` (lowercase) holds `word` as whole words: no letter, digit, `_` or `-` on
/// either side.
fn holds_word(text: &str, word: &str) -> bool {
    let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-');
    text.match_indices(word).any(|(at, _)| {
        !part(text[..at].chars().next_back()) && !part(text[at + word.len()..].chars().next())
    })
}

/// A page that uses a term of the glossary's list has the glossary's entry for it to link to,
/// and the glossary has no entry the list lacks.
#[test]
fn every_term_a_page_uses_has_its_glossary_entry() {
    let glossary = read("content/glossary.md");
    let anchors: Vec<String> = glossary
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter_map(|h| h.split_once(" {#"))
        .map(|(_, id)| id.trim_end_matches('}').to_string())
        .collect();
    let mut missing = Vec::new();
    for (file, text) in markdown_files() {
        if !["content/", "docs/", "paper/", "examples/"]
            .iter()
            .any(|d| file.starts_with(d))
            || file == "content/glossary.md"
        {
            continue;
        }
        let text = text.to_lowercase();
        for (anchor, words) in GLOSSARY {
            if let Some(word) = words.iter().find(|w| holds_word(&text, w)) {
                if !anchors.iter().any(|a| a == anchor) {
                    missing.push(format!(
                        "{file} uses \"{word}\": no glossary entry #{anchor}"
                    ));
                }
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    for a in &anchors {
        assert!(
            GLOSSARY.iter().any(|(anchor, _)| anchor == a),
            "the glossary's entry #{a} is not in the list of terms"
        );
    }
}

#[test]
fn whole_words_only() {
    assert!(holds_word("the gold set, and", "gold set"));
    assert!(!holds_word("navigate", "gate"));
    assert!(!holds_word("a net_score", "net"));
    assert!(!holds_word("self-checks", "self-check"));
}

/// Sentences a second fact-check found untrue, each against what settles it.
#[test]
fn the_second_fact_check_holds() {
    // The setup page reads TOML (through its rubric reader) as its own paste label says.
    let setup = prose("content/setup.md");
    assert!(!setup.contains("reads no TOML"));
    assert!(layout_says_toml_is_read());
    assert!(setup.contains("A pasted rubric may be TOML or JSON"));
    // The glossary's trap is the prompt's: an item at the trap's impact when the work falls in.
    let prompt = pickanumber_rubric::Rubric::from_toml(&read("examples/rubrics/pull-request.toml"))
        .expect("the example rubric")
        .prompt();
    assert!(prompt.contains("When the work falls into a trap, write an item that says so, with the impact given here; when it does not, write nothing about that trap."));
    let glossary = prose("content/glossary.md");
    assert!(glossary.contains("when the work falls into it, write an item that says so, at that impact; when it does not, write nothing about it"));
    assert!(!glossary.contains("+5 if it is caught"));
    // A saved pass is a pass, as the command line calls it.
    assert!(!glossary.contains("is a saved version, not a pass"));
    // Nothing is published, so no wheel is served: the pages say pip builds the extension.
    let config = crate::config::SiteConfig::load(&super::repo()).expect("site.toml");
    if config.published.is_none() {
        for (file, text) in markdown_files() {
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            for claim in ["wheel per platform", "where no wheel fits", "no wheel fits"] {
                assert!(
                    !text.contains(claim),
                    "{file} says \"{claim}\" while site.toml publishes nothing"
                );
            }
        }
    }
    // The README's adapters judge only with graders.
    let readme = prose("README.md");
    assert!(!readme.contains("adapters do the same through each framework's own models"));
    assert!(readme.contains("only when given graders (`model=`)"));
}

/// Whether the setup page's paste label, as the site shows it (`content/layout.toml` over the
/// setup crate's default), offers TOML.
fn layout_says_toml_is_read() -> bool {
    super::layout().setup.lend().paste.contains("TOML")
}

/// The retest page shows its worked example as the build computes it: the table of the
/// committed runs' works, each with an SVG strip that needs no script, is drawn in the text's
/// colour (so it reads in dark mode) and carries its text alternative, and the paper's claim
/// stated beside what those runs show, with figures quoted from the same retest.
#[test]
fn the_retest_page_shows_the_example_s_strips_and_its_figures_beside_the_paper_s_claim() {
    use pickanumber_instruments::calibrate::Scale;
    use pickanumber_instruments::retest::{retest, runs, Options};
    let root = super::repo();
    let rel = "docs/cli-retest.md";
    let bib = crate::bibliography::Bibliography::load(
        &root.join("content/references"),
        std::path::Path::new("content/references"),
    )
    .expect("the references");
    let layout = crate::layout_words::Layout::load(&root).expect("the layout");
    let page = crate::page::render(
        &root,
        std::path::Path::new(rel),
        &read(rel),
        &bib,
        &layout,
        crate::base::Base::ROOT,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let body = &page.body;
    let start = body
        .find("<figure class=\"retest\" id=\"retest-example\">")
        .expect("the example's figure");
    let figure = &body[start..start + body[start..].find("</figure>").unwrap()];
    let text = std::fs::read_to_string(root.join("examples/docs/retest-runs.jsonl")).unwrap();
    let scale = Scale::parse("1:10").unwrap();
    let r = retest(
        &runs::read(&text, scale, Some("probe")).unwrap(),
        &Options {
            fail_under: Some(60.0),
            naive_scale: scale,
            by: Some("probe".into()),
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(figure.matches("<svg ").count(), r.works.len(), "{figure}");
    assert_eq!(
        figure.matches("role=\"img\"><title>").count(),
        r.works.len()
    );
    assert!(!figure.contains("<script"), "{figure}");
    assert!(!figure.contains("#ccc") && figure.contains("currentColor"));
    for w in &r.works {
        let finals: Vec<String> = w.finals.iter().map(|f| f.to_string()).collect();
        let title = format!("<title>{}: finals {}; naive ", w.work, finals.join(", "));
        assert!(figure.contains(&title), "no {title} in {figure}");
    }
    let claim = body
        .find("What the paper claims.")
        .expect("the paper's claim");
    let shown = body
        .find("What these runs show.")
        .expect("what the runs show");
    assert!(
        claim < shown && start < claim,
        "the claim and the runs' figures follow the table"
    );
    let after = &body[shown..];
    let sd = pickanumber_text::numtext::fixed(r.final_sd.value.unwrap(), 2);
    let naive = pickanumber_text::numtext::fixed(r.naive_sd.as_ref().unwrap().value.unwrap(), 2);
    assert!(
        after.contains(&format!("spread by\n{sd} points"))
            || after.contains(&format!("spread by {sd} points")),
        "{after}"
    );
    assert!(after.contains(&format!("by {naive}")), "{after}");
    assert!(
        !page.markdown.contains("{{ example."),
        "the markdown twin quotes the figures"
    );
}
