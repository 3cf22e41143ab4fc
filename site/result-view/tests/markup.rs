//! The results' markup: user text escaped everywhere, the probe's histogram, trace and most
//! variable items, the pairwise ranking, and the words of layout.toml where they stand.

use pickanumber_instruments::pairwise::analyse;
use pickanumber_instruments::probe::{probe_text, Scale};
use pickanumber_result_view::words::{PairwiseBox, ProbeBox, PAIRWISE, PROBE};
use pickanumber_result_view::{pairwise, probe};

#[test]
fn user_text_is_escaped_everywhere() {
    let h = pairwise::results(
        &analyse("<x>\t\"y\"\tA\n\"y\"\t<x>\tA\n<bad & line>\n"),
        &PAIRWISE,
    );
    assert!(!h.contains("<x>") && !h.contains("<bad"));
    assert!(h.contains("&quot;y&quot; / &lt;x&gt;"), "{h}");
    assert!(
        h.contains("<li class=\"error\">line 3: verdict &quot;line&gt;&quot; is not one of"),
        "{h}"
    );
    let t = probe_text("1 2\n[1, \"<b>\"]\n", Scale::default());
    let h = probe::results(&t, &PROBE);
    assert!(
        h.contains("score 2 is &quot;&lt;b&gt;&quot;, not a number"),
        "{h}"
    );
    assert!(!h.contains("<b>"));
}

#[test]
fn probe_markup() {
    let t = probe_text("1 10\n10 1\n1 10\n10 1\n", Scale::new(1, 3).unwrap());
    let h = probe::results(&t, &PROBE);
    // Off-scale 10s count in the rates but get no bar: bars for 1, 2, 3 only.
    assert!(
        h.contains("viewBox=\"0 0 60 50\" role=\"img\" aria-label=\"Histogram of all ratings\""),
        "{h}"
    );
    assert!(h.contains(
        "<g><title>1: 4</title><rect class=\"bar\" x=\"2\" y=\"0\" width=\"16\" \
         height=\"40\"></rect><text x=\"10\" y=\"49\" text-anchor=\"middle\">1</text></g>"
    ));
    assert!(h.contains("<tr class=\"matched\"><td>1</td><td>JITTERY</td><td>matched</td>"));
    assert!(h.contains(
        "<tr><td>item 1</td><td>5.1962</td><td>1–10</td><td class=\"mono\">1 10 1 10</td></tr>"
    ));
    assert!(h.contains("<h2 class=\"isl-h\">Most variable items</h2>"));
    assert_eq!(h.matches("<tr").count(), 1 + 6 + 1 + 2);
    assert!(h.contains("<p class=\"probe-advice\"><strong>What to do: </strong>"));
}

#[test]
fn a_long_list_of_problems_ends_with_the_sentence_of_layout_toml() {
    // 205 unreadable lines: the first 200 listed, then how many more.
    let many: String = (0..205).map(|_| "x\n").collect();
    let h = probe::results(&probe_text(&many, Scale::default()), &PROBE);
    assert!(h.contains("<li class=\"note\">… and 5 more</li>"), "{h}");
    let h = pairwise::results(&analyse(&many), &PAIRWISE);
    assert!(h.contains("<li class=\"note\">… and 5 more</li>"), "{h}");
}

#[test]
fn pairwise_markup() {
    let h = pairwise::results(&analyse("x\ty\tA\ny\tx\tA\n"), &PAIRWISE);
    assert!(h.contains("<div id=\"pairwise-errors\" class=\"calc-diag\"></div>"));
    assert!(h.contains("<dd id=\"pairwise-consistent-share\">0.0%</dd>"));
    assert!(h.contains(
        "0 of 1 pairs judged in both orders kept the same real winner. Flipped with the order: x / y."
    ));
    assert!(h.contains(
        "<tr data-item=\"x\" data-alpha=\"1.5\" data-beta=\"1.5\" data-width=\"1.1316\" \
         class=\"judge-again\"><th scope=\"row\">x</th>"
    ));
    assert!(h.contains("aria-label=\"p 0.5, interval 0 to 1\""), "{h}");
    assert!(h.contains("<line class=\"dot\" x1=\"50\" y1=\"0\" x2=\"50\" y2=\"10\""));
    assert!(h.contains("1.1316 · judge again</td>"));
    assert!(h.contains("Judge again where the width is still 0.3 or more."));
    let empty = pairwise::results(&analyse(""), &PAIRWISE);
    assert!(empty.contains("<tbody id=\"pairwise-items\"></tbody>"));
    assert!(empty.contains("No decided verdict yet."));
    assert!(empty.contains("No pair was judged in both orders."));
}

#[test]
fn the_static_box_holds_the_results_the_island_renders_for_its_example() {
    let runs = "9 10 9 8\n10 9 9 9\n9 9 10 9\n";
    let w = ProbeBox {
        region: "Probe",
        scale: "Scale {low}–{high}.",
        input: "Runs",
        input_name: "Example runs",
        hint: "Static.",
        results: "Results of the example",
    };
    let b = probe::static_box(runs, Scale::default(), &w, &PROBE, "<b>note</b>");
    let live = probe::results(&probe_text(runs, Scale::default()), &PROBE);
    assert!(
        b.contains(&format!(
            "aria-label=\"Results of the example\">{live}</div>"
        )),
        "{b}"
    );
    assert!(b.contains("<p class=\"calc-label\">Scale 1–10.</p>"), "{b}");
    assert!(b.contains("<noscript><p class=\"calc-hint\"><b>note</b></p></noscript>"));
    let judgments = "a\tb\tA\nb\ta\tB\n";
    let w = PairwiseBox {
        region: "Pairwise diagnostic",
        input: "Judgments",
        input_name: "Example judgments",
        hint: "Static.",
        results: "Results",
    };
    let b = pairwise::static_box(judgments, &w, &PAIRWISE, "first, second, verdict", "");
    assert!(b.contains(">first, second, verdict<"), "{b}");
    assert!(b.contains(&pairwise::results(&analyse(judgments), &PAIRWISE)));
    assert!(b.starts_with("<div id=\"pairwise\" class=\"calc isl\" role=\"region\" aria-label=\"Pairwise diagnostic\">"));
}

/// Pretty-printed runs pasted on the probe page are read, and a regime is shown only with the
/// count of runs read; when more than a quarter of the runs failed the page shows none, and
/// says why.
#[test]
fn the_probe_page_shows_a_regime_only_from_enough_runs_read() {
    let pretty = "{\n  \"scores\": [\n    5,\n    6\n  ]\n}\n{\n  \"scores\": [5, 5]\n}\n";
    let h = probe::results(&probe_text(pretty, Scale::default()), &PROBE);
    assert!(
        h.contains("<strong id=\"probe-regime\">PICKS_A_NUMBER</strong> (runs read: 2)</p>"),
        "{h}"
    );
    let h = probe::results(
        &probe_text(&format!("{pretty}prose\n[1,\n"), Scale::default()),
        &PROBE,
    );
    assert!(h.contains("<strong id=\"probe-regime\">—</strong>"), "{h}");
    assert!(h.contains("<p class=\"probe-looks\" id=\"probe-withheld\">No regime: more than 25% of the runs failed (2 of 4). Fix the failed runs and probe again.</p>"), "{h}");
    assert!(!h.contains("probe-advice"), "{h}");
    let h = probe::results(&probe_text("", Scale::default()), &PROBE);
    assert!(h.contains("No regime: no run was read."), "{h}");
}
