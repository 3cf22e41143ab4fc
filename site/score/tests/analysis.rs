//! The typed outcome: each mode's headline, auto mode's rule, and the bugs that once let a
//! view show the wrong number.

use pickanumber_score::{
    analyse, HeadlineKind, Impact, Item, Kind, MatrixScore, Mode, Params, Pooled, Preset, Request,
    Severity,
};

const CRITERIA: &str = "\
## Criterion: problem_fit
+5 solves the core need
+3 onboarding in two steps
## Criterion: craft
+3 clear module boundaries
−3 no error handling on upload
## Criterion: depth
+3 custom ranking model
## Criterion: innovation
+5 a new take on the workflow
## Criterion: completeness
−3 the export is stubbed
";

fn item(impact: Impact, criterion: &str) -> Item {
    Item::new(impact, "").with_criterion(criterion)
}

#[test]
fn matrix_headline_is_the_overall_not_the_pool() {
    let a = analyse(
        CRITERIA,
        &Request {
            preset: Some(Preset::Hackathon),
            ..Request::default()
        },
    );
    assert_eq!(a.mode(), Mode::Matrix);
    // Computed independently: the same items through MatrixScore with the preset's weights.
    use Impact::*;
    let items = [
        item(PlusFive, "problem_fit"),
        item(PlusThree, "problem_fit"),
        item(PlusThree, "craft"),
        item(MinusThree, "craft"),
        item(PlusThree, "depth"),
        item(PlusFive, "innovation"),
        item(MinusThree, "completeness"),
    ];
    let m = MatrixScore::score(&items, &Preset::Hackathon.weights(), &Params::default()).unwrap();
    let pool = Pooled::score(&items, &Params::default());
    let h = a.headline().unwrap();
    assert_eq!(h.kind, HeadlineKind::Overall);
    assert_eq!((h.score, h.confidence), (m.overall, m.overall_confidence));
    assert_eq!(h.confidence, 0.05, "the thinnest criterion has one item");
    assert_ne!(h.score, pool.final_score, "the pool is a different number");
    assert_eq!(a.pool(), &pool);
}

#[test]
fn feedback_and_pooled_headlines() {
    let a = analyse(
        "## Working\n+3 fast\n## Missing\n−2 docs",
        &Request::default(),
    );
    let h = a.headline().unwrap();
    assert_eq!(h.kind, HeadlineKind::Feedback);
    assert_eq!(h.score, a.feedback().unwrap().total().final_score);
    let a = analyse("+3 fast\n−2 docs", &Request::default());
    assert_eq!(a.headline().unwrap().kind, HeadlineKind::Pool);
}

#[test]
fn unusable_weights_leave_no_headline() {
    let a = analyse(
        "weights: craft=1\n(+3, craft) a\n(-1, depth) b",
        &Request::default(),
    );
    assert_eq!(a.headline(), None);
    assert!(a.has_errors());
    assert_eq!(a.diagnostics[0].kind, Kind::Weights);
}

#[test]
fn auto_pools_a_minority_of_labels_and_says_which_lines() {
    let text = r#"[
  {"impact": 3, "text": "tidy", "criterion": "craft"},
  {"impact": -1, "text": "slow"},
  {"impact": 2, "text": "small"}
]"#;
    let a = analyse(text, &Request::default());
    assert_eq!(a.mode(), Mode::Pooled);
    assert!(!a.has_errors());
    assert_eq!(a.pool().total_items, 3);
    assert_eq!(
        a.messages(Severity::Warning),
        vec!["1 of 3 items name a criterion, fewer than half, so every item is pooled and the criteria on line 2 are set aside; label every item (or give weights or a preset) for matrix mode"]
    );
    // Half or more labelled: matrix, and the unlabelled lines are errors.
    let a = analyse("(+3, craft) a\n+1 b", &Request::default());
    assert_eq!(a.mode(), Mode::Matrix);
    assert_eq!(a.messages(Severity::Error).len(), 1);
    // A preset always means matrix, however few labels.
    let a = analyse(
        "+1 a\n+1 b\n+1 c",
        &Request {
            preset: Some(Preset::Generic),
            ..Request::default()
        },
    );
    assert_eq!(a.mode(), Mode::Matrix);
}

#[test]
fn a_json_item_with_a_bad_label_is_an_error_and_scores_nothing() {
    let a = analyse(
        r#"[{"impact": 5, "text": "x", "criterion": "not a name"}, {"impact": -1, "text": "y"}]"#,
        &Request::default(),
    );
    assert_eq!(a.pool().total_items, 1);
    assert_eq!(a.pool().net_impact, -1);
    assert_eq!(
        a.messages(Severity::Error),
        vec!["line 1, column 2: item 1: criterion label \"not a name\" is not a name: use letters, digits, '_' or '-', as in brief_fidelity"]
    );
}

#[test]
fn the_request_carries_the_formula_parameters() {
    let params = Params {
        density_denominator: 50.0,
        ..Params::default()
    };
    let a = analyse(
        "+1×25 x",
        &Request {
            params,
            ..Request::default()
        },
    );
    assert_eq!(a.pool().confidence, 0.5);
    let bad = Params {
        density_denominator: 0.0,
        ..Params::default()
    };
    let a = analyse(
        "+1 x",
        &Request {
            params: bad,
            ..Request::default()
        },
    );
    assert_eq!(
        a.messages(Severity::Error),
        vec!["denominator must be a number greater than 0, not 0"]
    );
}

/// 100,000 unlabelled lines in matrix mode are read in linear time (one `contains` over the
/// reported lines per item would be quadratic). The bound is loose on purpose: linear work
/// stays far inside it even in a debug build, and the quadratic pass does not.
#[test]
fn many_unlabelled_lines_in_matrix_mode_stay_linear() {
    let text: String = (0..100_000).map(|i| format!("+1 item {i}\n")).collect();
    let started = std::time::Instant::now();
    let a = analyse(
        &text,
        &Request {
            preset: Some(Preset::Hackathon),
            ..Request::default()
        },
    );
    // One saying that nothing is left to score (no line: it sorts first), and one per line.
    let errors = a.messages(Severity::Error);
    assert_eq!(errors.len(), 100_001);
    assert_eq!(
        errors[0],
        "no items read: every item was set aside by an error; there is no score"
    );
    assert_eq!(a.headline(), None);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn thin_and_crowded_cells_are_one_warning_each() {
    let mut text =
        String::from("(+1, sme × craft) a\n(+1, sme × craft) b\n(+1, end_user × depth) c\n");
    for i in 0..6 {
        text.push_str(&format!("(+1, adversary × depth) d{i}\n"));
    }
    let a = analyse(&text, &Request::default());
    // craft: +1 +1 → raw 61.31, m 0.775 → 58.77 → 59; depth: 7 × +1 → raw 71.17, m 0.8375 →
    // 67.73 → 68; span 9.
    assert_eq!(
        a.messages(Severity::Warning),
        vec![
            "self-check fails: the criteria span 9 points, under 20; they may not have been scored separately",
            "perspective × criterion cells with more than 5 items (the method caps a cell at 5): adversary × depth (6)",
            "perspective × criterion cells with fewer than 3 items (aim for at least 3): end_user × depth (1), sme × craft (2)",
        ]
    );
}
