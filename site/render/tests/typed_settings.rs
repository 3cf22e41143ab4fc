//! The rule "no page types a setting the formula defines": the pages (every markdown file the
//! site renders, under `content/`, `paper/`, `examples/` and `docs/`, code blocks included)
//! quote the formula's defaults as `{{ params.NAME }}`, filled at build time from the formula
//! crate, instead of typing them, so a changed default cannot leave a page stating the old one.
//!
//! A line fails when it holds one of these phrases, read on its words (case, punctuation and
//! `$` of inline math ignored; a hyphen splits words):
//! - `denominator` with the default denominator among the next four words
//!   ("denominator 20", "denominator (20 by default)", `denominator=20`);
//! - a default value followed by "by default", or "defaults to", "default of" or "default is"
//!   followed by one;
//! - the density written as `n / 20`, `items / 20` or "divided by 20";
//! - the default denominator as the item count that suffices: "under", "from", "of", "the",
//!   "at" or "to" then the number (or "twenty") then "item(s)", or "the 20 that";
//! - the scale: "scale 8", "scale of 8", "scale factor 8", "8 points per unit" or "+ 8 ×" /
//!   "+ 8 \cdot" (the raw score's formula);
//! - the multiplier's formula "0.75 + 0.25";
//! - the self-check's span: "at least 20 points" or "span of 20";
//! - the impact set written out: its eight values in order.
//!
//! Computed results are not settings (a page quotes them as `{{ block.field }}`), and counts
//! of a worked profile ("Twenty items that cancel out") or a case study's own setting
//! (`denominator=15`) match none of the phrases. A program's printed output is not read: a
//! ```` ```console ```` block (commands and the output the tests compare with the program's)
//! and the ```` ```text ```` block after a ```` ```python run ```` or ```` ```js run ```` block.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The words of a line, lowercased: runs of letters, digits and points (a trailing point
/// dropped), a sign kept when a digit follows it, and `/`, `×` and a lone `+` as words of
/// their own.
fn words(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<String>| {
        let w = word.trim_end_matches('.').to_lowercase();
        if !w.is_empty() {
            out.push(w);
        }
        word.clear();
    };
    for (i, &c) in chars.iter().enumerate() {
        let next_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_alphanumeric() || (c == '.' && !word.is_empty()) {
            word.push(c);
        } else if matches!(c, '+' | '\u{2212}' | '-') && word.is_empty() && next_digit {
            word.push(if c == '+' { '+' } else { '-' });
        } else {
            flush(&mut word, &mut out);
            if matches!(c, '/' | '×' | '+') {
                out.push(c.to_string());
            }
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The phrase of the rule a line's words break, if any.
fn typed_setting(w: &[String]) -> Option<&'static str> {
    let denominator = "20";
    let defaults = ["20", "8", "50", "100", "0.75", "0.25"];
    let at = |i: usize| w.get(i).map(String::as_str).unwrap_or("");
    let impacts = ["+5", "+3", "+2", "+1", "-1", "-2", "-3", "-5"];
    let values: Vec<&str> = w
        .iter()
        .map(String::as_str)
        .filter(|x| *x != "and")
        .collect();
    if values.windows(8).any(|v| v == impacts) {
        return Some("the impact set");
    }
    for i in 0..w.len() {
        let (a, b, c) = (at(i), at(i + 1), at(i + 2));
        if a.starts_with("denominator") && (i + 1..=i + 4).any(|j| at(j) == denominator) {
            return Some("the density denominator");
        }
        if defaults.contains(&a) && b == "by" && c == "default" {
            return Some("a default followed by \"by default\"");
        }
        if matches!(a, "defaults" | "default")
            && matches!(b, "to" | "of" | "is")
            && defaults.contains(&c)
        {
            return Some("\"default(s) to/of/is\" a default");
        }
        if (matches!(a, "n" | "items") && b == "/" || a == "divided" && b == "by")
            && c == denominator
        {
            return Some("the density as n / denominator");
        }
        if matches!(a, "under" | "from" | "of" | "the" | "at" | "to")
            && matches!(b, "20" | "twenty")
            && matches!(c, "item" | "items")
        {
            return Some("the denominator as the item count that suffices");
        }
        if a == "the" && b == denominator && c == "that" {
            return Some("the denominator as the item count that suffices");
        }
        if a == "scale" && (b == "8" || (matches!(b, "of" | "factor") && c == "8")) {
            return Some("the scale");
        }
        if a == "8" && b == "points" && c == "per" {
            return Some("the scale");
        }
        if a == "+" && b == "8" && matches!(c, "×" | "cdot") {
            return Some("the scale in the raw score's formula");
        }
        if (a == "least" && b == "20" && matches!(c, "points" | "point"))
            || (a == "span" && b == "of" && c == "20")
        {
            return Some("the self-check's span");
        }
        if a == "0.75" && b == "+" && c == "0.25" {
            return Some("the multiplier's formula");
        }
    }
    None
}

/// Every rendered page's markdown file, relative to the repository.
fn pages() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["content", "paper", "examples", "docs"] {
        let Ok(read) = std::fs::read_dir(repo().join(dir)) else {
            continue;
        };
        for entry in read.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|x| x == "md") {
                out.push(Path::new(dir).join(entry.file_name()));
            }
        }
    }
    out.sort();
    out
}

/// The lines of a page a writer typed, with their numbers from 0: all but the lines of a
/// program's output (see the module's rule).
fn typed_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut open: Option<(String, bool)> = None; // the fence, and whether its lines are output
    let mut last_info = String::new();
    for (n, line) in text.lines().enumerate() {
        let t = line.trim_start();
        match &open {
            None => {
                if let Some(info) = t.strip_prefix("```") {
                    let info = info.trim().to_string();
                    let output = info.starts_with("console")
                        || (info == "text" && last_info.ends_with(" run"));
                    open = Some(("```".to_string(), output));
                    last_info = info;
                } else {
                    out.push((n, line));
                    if !t.is_empty() {
                        last_info.clear();
                    }
                }
            }
            Some((fence, output)) => {
                if t.starts_with(fence.as_str()) && t.trim_start_matches('`').trim().is_empty() {
                    open = None;
                } else if !output {
                    out.push((n, line));
                }
            }
        }
    }
    out
}

#[test]
fn no_page_types_a_setting_the_formula_defines() {
    let mut found = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(repo().join(&page)).unwrap();
        for (n, line) in typed_lines(&text) {
            if let Some(rule) = typed_setting(&words(line)) {
                found.push(format!("{}:{}: {rule}: {line}", page.display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "pages type the formula's settings; quote them as {{{{ params.denominator }}}}, \
         {{{{ params.scale }}}}, {{{{ params.floor }}}}, {{{{ params.gain }}}}, \
         {{{{ params.impacts }}}} and the like:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_rule_finds_typed_settings_and_not_counts_or_other_values() {
    let hit = |s: &str| typed_setting(&words(s)).is_some();
    for typed in [
        "a fixed denominator (20 by default), capped at 1",
        "The *[density](/glossary/#density)* $d = n/20$ sets a",
        "density     = n / 20",
        "The number of items divided by 20, the item count",
        "Under 20 items the multiplier",
        "well short of the 20 that count as enough",
        "Six items are well short of the 20-item target",
        "each unit moves the raw score by a scale of 8",
        "raw         = clamp(50 + 8 × normalized, 0, 100)",
        "multiplier  = 0.75 + 0.25 × clamp(density, 0, 1)",
        "the impacts are +5, +3, +2, +1, −1, −2, −3 and −5.",
        "```evidence id=x denominator=20",
        "the best and worst must be at least 20 points apart",
    ] {
        assert!(hit(typed), "not found: {typed}");
    }
    let page = "```console\n$ pickanumber score --report x\nraw 50 + 8 × 1.342 = 60.73\n```\n\
```python run\nprint(1)\n```\n```text\ndensity = n / 20\n```\n```text\ndensity = n / 20\n```\n";
    let kept: Vec<usize> = typed_lines(page).iter().map(|(n, _)| *n).collect();
    assert_eq!(
        kept,
        [5, 11],
        "the program and a text block after a text block are typed; outputs are not"
    );
    for fine in [
        "**C — balanced.** Twenty items that cancel out.",
        "```evidence id=jobs-agri denominator=15 scale=0.8 center=5 max=10 rounding=none",
        "+1×8 finding in favour of domain judgement",
        "items reach at most 4 × 5 = +20. We use +20 everywhere",
        "a case study with a catalogue of 12–15 items and 20 runs.",
        "The default is 30 repetitions at temperature 0.7",
        "density = n / {{ params.denominator }}",
    ] {
        assert!(!hit(fine), "found: {fine}");
    }
}
