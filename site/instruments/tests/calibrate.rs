//! The calibration on synthetic gold sets made with known settings and known noise: the fit
//! recovers the settings, finds nothing in pure noise, and keeps held-out figures held out.

use pickanumber_instruments::calibrate::{calibrate, gold, Calibration, Finding, Scale, Settings};
use pickanumber_score::interval::SplitMix64;
use pickanumber_score::{analyse, Params, Request};

const IMPACTS: [i8; 8] = [-5, -3, -2, -1, 1, 2, 3, 5];

/// A uniform draw in [0, 1).
fn unit(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// A normal draw (Box–Muller).
fn normal(rng: &mut SplitMix64) -> f64 {
    let (u, v) = (unit(rng).max(1e-12), unit(rng));
    (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
}

/// One judge output: 1 to 40 items leaning one way by a subject's own amount.
fn output(rng: &mut SplitMix64) -> String {
    let n = 1 + rng.below(40);
    let lean = unit(rng);
    (0..n)
        .map(|k| {
            let i = if unit(rng) < lean {
                4 + rng.below(4)
            } else {
                rng.below(4)
            };
            format!("{:+} point {k}\n", IMPACTS[i])
        })
        .collect()
}

fn final_under(text: &str, s: Settings) -> f64 {
    let request = Request {
        params: Params {
            density_denominator: s.denominator,
            scale: s.scale,
            ..Params::default()
        },
        skip_interval: true,
        ..Request::default()
    };
    analyse(text, &request).headline().unwrap().score
}

/// A gold set from its JSON lines, on the default scales.
fn read(lines: &str) -> Vec<gold::Subject> {
    gold::read_text(lines, Scale::default(), Scale::default()).unwrap()
}

/// The calibration of `subjects` with the default request, in `folds` folds.
fn calibrated(subjects: &[gold::Subject], folds: usize) -> Calibration {
    calibrate(subjects, &Request::default(), folds).unwrap()
}

/// Whether `fitted` is within `steps` grid steps of `truth` (a step: denominator 4, scale 1).
fn within_steps(fitted: Settings, truth: Settings, steps: f64) -> bool {
    (fitted.denominator - truth.denominator).abs() <= 4.0 * steps
        && (fitted.scale - truth.scale).abs() <= steps
}

/// `n` subjects whose human score is the final under `truth` plus normal noise of standard
/// deviation `noise` (clamped to 0–100); `None`: human scores uniform on 0–100, unrelated to
/// the outputs.
fn gold_set(n: usize, truth: Option<Settings>, noise: f64, seed: u64) -> Vec<gold::Subject> {
    let mut rng = SplitMix64(seed);
    let mut lines = String::new();
    for i in 0..n {
        let out = output(&mut rng);
        let human = match truth {
            Some(t) => (final_under(&out, t) + noise * normal(&mut rng)).clamp(0.0, 100.0),
            None => 100.0 * unit(&mut rng),
        };
        let mut quoted = String::new();
        pickanumber_score::json::quote(&mut quoted, &out);
        lines.push_str(&format!(
            "{{\"id\": \"s{i}\", \"human\": {human:.3}, \"output\": {quoted}}}\n"
        ));
    }
    read(&lines)
}

/// The stated tolerance: one grid step either way (denominator ± 4, scale ± 1).
#[test]
fn the_fit_recovers_known_settings_within_one_grid_step() {
    for (truth, seed) in [
        (
            Settings {
                denominator: 12.0,
                scale: 5.0,
            },
            1,
        ),
        (
            Settings {
                denominator: 32.0,
                scale: 11.0,
            },
            2,
        ),
    ] {
        let subjects = gold_set(200, Some(truth), 3.0, seed);
        let c = calibrated(&subjects, 5);
        assert!(
            within_steps(c.fitted, truth, 1.0),
            "fitted {:?}, truth {truth:?}",
            c.fitted
        );
        assert_eq!(c.finding, Finding::BetterSettings);
        let held = c.held_out.mae.value.unwrap();
        assert!(held < c.default_agreement.mae.value.unwrap());
        assert!(c.held_out.spearman.low.unwrap() > 0.9);
    }
}

/// Across the grid, from its corners to its middle, and under twice the noise: each truth is
/// recovered within one grid step, and the held-out error is near the noise, not the
/// defaults' error.
#[test]
fn the_fit_recovers_settings_across_the_grid_under_more_noise() {
    for (k, (denominator, scale)) in [
        (4.0, 2.0),
        (8.0, 15.0),
        (28.0, 8.0),
        (56.0, 3.0),
        (60.0, 16.0),
    ]
    .into_iter()
    .enumerate()
    {
        let truth = Settings { denominator, scale };
        let noise = 6.0;
        let subjects = gold_set(200, Some(truth), noise, 10 + k as u64);
        let c = calibrated(&subjects, 5);
        assert!(
            within_steps(c.fitted, truth, 1.0),
            "fitted {:?}, truth {truth:?}",
            c.fitted
        );
        for s in &c.fold_settings {
            assert!(
                within_steps(*s, truth, 2.0),
                "a fold fitted {s:?}, truth {truth:?}"
            );
        }
        // Normal noise of standard deviation σ has a mean absolute value of σ √(2/π).
        let held = c.held_out.mae.value.unwrap();
        assert!(
            held < 1.25 * noise * (2.0 / std::f64::consts::PI).sqrt(),
            "held-out MAE {held}"
        );
    }
}

#[test]
fn the_canonical_settings_are_not_beaten_when_they_made_the_scores() {
    let subjects = gold_set(
        120,
        Some(Settings {
            denominator: 20.0,
            scale: 8.0,
        }),
        3.0,
        3,
    );
    let c = calibrated(&subjects, 5);
    assert_eq!(c.finding, Finding::NoBetterThanDefaults);
}

#[test]
fn pure_noise_finds_nothing() {
    let subjects = gold_set(120, None, 0.0, 4);
    let c = calibrated(&subjects, 5);
    assert_eq!(c.finding, Finding::NothingFound);
    assert!(c.held_out.spearman.low.unwrap() <= 0.0);
}

/// Held-out finals must come from settings fitted without the subject: on a set where the
/// settings fitted on every subject would match it closely, each subject's held-out final
/// must still equal its final under its own fold's settings, which never saw it; and changing
/// one subject's human score must not change its own held-out final.
#[test]
fn held_out_finals_never_see_their_own_subject() {
    let subjects = gold_set(
        60,
        Some(Settings {
            denominator: 8.0,
            scale: 14.0,
        }),
        1.0,
        5,
    );
    let c = calibrated(&subjects, 5);
    for (i, row) in c.rows.iter().enumerate() {
        let own = c.fold_settings[i % 5];
        let gold::Output::One(text) = &subjects[i].output else {
            unreachable!()
        };
        assert_eq!(row.held_out_final, final_under(text, own), "subject {i}");
    }
    // Move subject 0's human score far away: its held-out final stays, its fitted one may not.
    let mut moved = subjects.clone();
    moved[0].human = gold::Human::Raters(vec![if c.rows[0].human > 50.0 { 0.0 } else { 100.0 }]);
    let d = calibrated(&moved, 5);
    assert_eq!(d.rows[0].held_out_final, c.rows[0].held_out_final);
}

/// Two folds made under different settings, each scored exactly: fitted on its own fold each
/// would be perfect (in-sample MAE 0), held out each fold gets the other fold's settings and
/// misses. A calibration that let a subject's own data into its settings would report the
/// perfect figure.
#[test]
fn held_out_figures_are_not_the_perfect_in_sample_ones() {
    let a = Settings {
        denominator: 8.0,
        scale: 4.0,
    };
    let b = Settings {
        denominator: 48.0,
        scale: 14.0,
    };
    let evens = gold_set(40, Some(a), 0.0, 6);
    let odds = gold_set(40, Some(b), 0.0, 7);
    // Subject i is in fold i mod 2: evens made under a, odds under b.
    let mut subjects = Vec::new();
    for (k, (e, o)) in evens.into_iter().zip(odds).enumerate() {
        for (j, mut s) in [e, o].into_iter().enumerate() {
            s.id = format!("s{}", 2 * k + j);
            subjects.push(s);
        }
    }
    let c = calibrated(&subjects, 2);
    let near = |s, t| within_steps(s, t, 1.0);
    assert!(
        near(c.fold_settings[0], b),
        "fold 0 scored with {:?}",
        c.fold_settings[0]
    );
    assert!(
        near(c.fold_settings[1], a),
        "fold 1 scored with {:?}",
        c.fold_settings[1]
    );
    assert!(c.held_out.mae.value.unwrap() > 5.0, "{:?}", c.held_out.mae);
}

/// People who scored criteria, two raters each: every criterion is measured on its own
/// (against the matrix's per-criterion finals) and the raters' α is computed per criterion and
/// over the subjects; the set is flagged small; the JSON names the bins and the fitted pair.
#[test]
fn criteria_and_raters_are_measured_one_by_one() {
    let mut lines = String::new();
    for i in 0..12 {
        let (c, d) = (IMPACTS[i % 8], IMPACTS[(i * 3 + 1) % 8]);
        let out = format!("(+{c}, craft) a\\n({d:+}, depth) b\\n({c:+}, craft) c");
        let out = out.replace("+-", "-");
        let craft = (50 + 8 * i32::from(c)).clamp(0, 100);
        let depth = (50 + 6 * i32::from(d)).clamp(0, 100);
        lines.push_str(&format!(
            "{{\"id\": \"s{i}\", \"human\": {{\"craft\": [{craft}, {}], \"depth\": [{depth}, {}]}}, \"output\": \"{out}\"}}\n",
            craft - 4,
            depth + 2
        ));
    }
    let subjects = read(&lines);
    let c = calibrated(&subjects, 3);
    assert!(c.small());
    let names: Vec<&str> = c.criteria.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["craft", "depth"]);
    for k in &c.criteria {
        assert_eq!(k.defaults.n, 12);
        assert!(
            k.defaults.spearman.value.unwrap() > 0.9,
            "{}: {:?}",
            k.name,
            k.defaults
        );
        assert!(k.alpha.unwrap() > 0.9);
    }
    let json = c.to_json(Scale::default(), Scale::default(), None);
    assert!(
        json.contains("\"kappa_bins\": [\n    \"0-20\",\n    \"20-40\""),
        "{json}"
    );
    assert!(json.contains("\"small\": true"));
    assert!(
        json.contains("\"fitted\": {\n      \"denominator\": "),
        "{json}"
    );
}

#[test]
fn scales_read_low_colon_high() {
    let s = Scale::parse("1:10").unwrap();
    assert_eq!(
        (s.to_100(1.0), s.to_100(10.0), s.to_100(5.5)),
        (0.0, 100.0, 50.0)
    );
    assert_eq!(s.to_string(), "1:10");
    assert_eq!(
        Scale::parse("10:1").unwrap_err(),
        "scale \"10:1\" is not LOW:HIGH with LOW below HIGH, such as 1:10"
    );
    assert!(Scale::parse("1-10").is_err());
}

/// A subject's work checks its output's evidence as `score --against` does: an invented quote
/// is left out before the formula runs (the subject's finals are those of the checked output),
/// and the card sums the statuses and the invented-evidence rate over the subjects given a
/// work; a work that is neither a text nor `{"path": …}` is refused on its line.
#[test]
fn each_subjects_work_checks_its_evidence_and_the_card_gives_the_invented_rate() {
    use pickanumber_score::verify::{Against, Work};
    let work = "fn parse(input: &str) -> Result<Item, Error> {\n    if input.is_empty() { return Err(Error::Empty); }\n}\n";
    let mut lines = String::new();
    let mut outputs = Vec::new();
    for i in 0..10 {
        // Three verified items, one invented (a +5 only when i is even), one citing nothing.
        let invented = if i % 2 == 0 { "+5" } else { "-3" };
        let out = format!(
            "+2 \"if input.is_empty()\" guards the empty case\n+1 \"return Err(Error::Empty)\"\n{:+} \"fn parse(input: &str)\" takes a borrowed text\n{invented} \"all inputs are validated\"\n-1 naming could be clearer {i}\n",
            IMPACTS[i % 8]
        );
        let (mut o, mut w) = (String::new(), String::new());
        pickanumber_score::json::quote(&mut o, &out);
        pickanumber_score::json::quote(&mut w, work);
        // A work of null is no work, as a naive number of null is none.
        let work_key = if i < 8 {
            format!(", \"work\": {w}")
        } else if i == 8 {
            ", \"work\": null".to_string()
        } else {
            String::new()
        };
        lines.push_str(&format!(
            "{{\"id\": \"s{i}\", \"human\": {}, \"output\": {o}{work_key}}}\n",
            10 * i
        ));
        outputs.push(out);
    }
    let subjects = read(&lines);
    let c = calibrated(&subjects, 5);
    let e = c.evidence.unwrap();
    assert_eq!(e.subjects, 8);
    assert_eq!(
        (
            e.counts.verified,
            e.counts.not_found,
            e.counts.not_checkable,
            e.counts.no_evidence
        ),
        (24, 8, 0, 8)
    );
    assert_eq!(e.counts.invented_rate(), Some(0.25));
    let checked = Request {
        against: Some(Against::new(Work::text(work))),
        skip_interval: true,
        ..Request::default()
    };
    let plain = Request {
        skip_interval: true,
        ..Request::default()
    };
    let score = |text: &str, r: &Request| analyse(text, r).headline().unwrap().score;
    for (i, row) in c.rows.iter().enumerate() {
        let with_work = i < 8;
        assert_eq!(row.evidence.is_some(), with_work, "{}", row.id);
        let expected = score(&outputs[i], if with_work { &checked } else { &plain });
        assert_eq!(row.default_final, expected, "{}", row.id);
    }
    // The invented +5 would have counted without the work.
    assert_ne!(c.rows[0].default_final, score(&outputs[0], &plain));
    let json = c.to_json(Scale::default(), Scale::default(), None);
    assert!(
        json.contains("\"evidence\": {\n    \"subjects\": 8,\n    \"verified\": 24,\n    \"located\": 0,\n    \"not_found\": 8,\n    \"not_checkable\": 0,\n    \"no_evidence\": 8,\n    \"invented_rate\": 0.25\n  }"),
        "{json}"
    );
    let report = c.report(None);
    assert!(
        report.contains("Evidence checked against the work for 8 of 10 subjects: 24 items verified, 0 located (a place and no quotation), 8 not found (left out before scoring), 0 not checkable, 8 citing nothing; invented-evidence rate 0.250"),
        "{report}"
    );
    let bad = gold::read_text(
        "{\"id\": \"a\", \"human\": 5, \"output\": \"+1 ok\", \"work\": 3}\n{\"id\": \"b\", \"human\": 5, \"output\": \"+1 ok\", \"work\": {\"path\": \"src\", \"x\": 1}}\n{\"id\": \"c\", \"human\": 5, \"output\": \"+1 ok\", \"work\": {\"path\": \"src\"}}\n",
        Scale::default(),
        Scale::default(),
    )
    .unwrap_err();
    let messages: Vec<String> = bad
        .iter()
        .map(|e| format!("{}: {}", e.line, e.message))
        .collect();
    assert_eq!(
        messages,
        [
            "1: subject \"a\": \"work\" must be the judged work as a text or {\"path\": \"…\"}, not a number",
            "2: subject \"b\": a work object must be {\"path\": \"…\"}, a file or a folder relative to the gold file's folder",
            "3: subject \"c\": cannot read work \"src\": this build reads no files: give the output and the work as text",
        ]
    );
}

/// An output given as passes is checked pass by pass against the subject's work, as `combine
/// --against` checks it: the card counts the items of every pass.
#[test]
fn passes_are_checked_against_the_work_too() {
    let work = "alpha beta gamma\ndelta epsilon\n";
    let mut lines = String::new();
    for i in 0..6 {
        lines.push_str(&format!(
            "{{\"id\": \"p{i}\", \"human\": {}, \"output\": [\"+2 \\\"alpha beta\\\"\\n+3 \\\"zeta eta\\\"\", \"+1 \\\"delta epsilon\\\"\\n-1 plain {i}\"], \"work\": \"{}\"}}\n",
            30 + 10 * i,
            work.replace('\n', "\\n")
        ));
    }
    let subjects = read(&lines);
    let c = calibrated(&subjects, 3);
    let e = c.evidence.unwrap();
    assert_eq!(
        (
            e.subjects,
            e.counts.verified,
            e.counts.not_found,
            e.counts.no_evidence
        ),
        (6, 12, 6, 6)
    );
    assert!(c.passes_alpha.is_some());
}

/// The same 40 subjects repeated five times under new ids: held out, a copy must never be
/// scored with settings fitted on its twin, so the finding is the one of the 40 alone, and
/// the card names the groups kept together.
#[test]
fn repeated_subjects_stay_in_one_fold_and_cannot_flip_the_finding() {
    let once = gold_set(
        40,
        Some(Settings {
            denominator: 20.0,
            scale: 8.0,
        }),
        3.0,
        21,
    );
    let alone = calibrated(&once, 5);
    let mut repeated = Vec::new();
    for copy in 0..5 {
        for s in &once {
            let mut s = s.clone();
            s.id = format!("{}-{copy}", s.id);
            repeated.push(s);
        }
    }
    let c = calibrated(&repeated, 5);
    assert_eq!(c.finding, alone.finding);
    assert_ne!(c.finding, Finding::BetterSettings);
    assert_eq!(c.kept_together.len(), 40);
    assert_eq!(c.kept_together[0], ["s0-0", "s0-1", "s0-2", "s0-3", "s0-4"]);
    // Each copy's held-out final is its original's: the same fold, the same settings.
    for (i, row) in c.rows.iter().enumerate() {
        assert_eq!(row.held_out_final, alone.rows[i % 40].held_out_final);
    }
    let report = c.report(None);
    assert!(
        report.contains("**Kept together:** 40 groups of subjects share one output and one human score, each group in one fold: s0-0, s0-1, s0-2, s0-3, s0-4; s1-0,"),
        "{report}"
    );
    // Fewer groups than folds: refused, saying why.
    let two: Vec<gold::Subject> = repeated
        .iter()
        .filter(|s| s.id.starts_with("s0-") || s.id.starts_with("s1-"))
        .cloned()
        .collect();
    let err = calibrate(&two, &Request::default(), 5).unwrap_err();
    assert_eq!(
        err[0].message,
        "5-fold cross-validation needs from 2 folds to one per subject (the gold set has 10 subjects, 2 once those with the same output and human score are kept together): choose --folds from 2 to 2"
    );
}

/// 40 subjects with one identical output and different human scores: no setting tells them
/// apart, so the held-out ρ, τ-b and κ are undefined rather than a figure the folds made.
#[test]
fn one_output_for_every_subject_gives_undefined_rank_figures() {
    let lines: String = (0..40)
        .map(|i| {
            format!(
                "{{\"id\": \"s{i}\", \"human\": {}, \"output\": \"+3 a\\n-1 b\\n+2 c\"}}\n",
                (i * 37) % 101
            )
        })
        .collect();
    let c = calibrated(&read(&lines), 5);
    assert!(!c.held_out_ranked);
    for f in [c.held_out.spearman, c.held_out.kendall, c.held_out.kappa] {
        assert_eq!((f.value, f.low, f.high), (None, None, None));
    }
    assert!(c.held_out.mae.value.is_some());
    assert_eq!(c.finding, Finding::NothingFound);
    assert!(c
        .report(None)
        .contains("the held-out ρ, τ-b and κ are undefined"));
}

/// A subject whose output gives no score is left out, named with its line, and counted; the
/// others are calibrated.
#[test]
fn a_subject_without_a_score_is_left_out_and_named() {
    let mut lines: String = (0..10)
        .map(|i| {
            format!(
                "{{\"id\": \"s{i}\", \"human\": {}, \"output\": \"+{} a\\n-1 b\"}}\n",
                i * 9,
                1 + i % 3
            )
        })
        .collect();
    lines.push_str("{\"id\": \"prose\", \"human\": 50, \"output\": \"I would give it a 7.\"}\n");
    let c = calibrated(&read(&lines), 5);
    assert_eq!(c.rows.len(), 10, "{:?}", c.left_out);
    assert_eq!(c.left_out.len(), 1);
    assert_eq!(
        (c.left_out[0].id.as_str(), c.left_out[0].line),
        ("prose", 11)
    );
    assert!(
        c.left_out[0]
            .message
            .starts_with("subject \"prose\": the output gives no score: "),
        "{}",
        c.left_out[0].message
    );
    assert!(c
        .report(None)
        .contains("**Left out:** 1 subject whose output gives no score: prose (line 11)."));
    let json: serde_json::Value =
        serde_json::from_str(&c.to_json(Scale::default(), Scale::default(), None)).unwrap();
    assert_eq!(json["left_out"][0]["id"], "prose");
    assert_eq!(json["n"], 10);
}

/// A key given twice in a gold line is refused with the line, not read as its last value.
#[test]
fn a_repeated_key_is_refused_with_its_line() {
    let text = "{\"id\": \"a\", \"human\": 60, \"output\": \"+3 x\"}\n{\"id\": \"b\", \"human\": 10, \"human\": 90, \"output\": \"+3 x\"}\n{\"id\": \"c\", \"human\": 10, \"output\": {\"path\": \"a\", \"path\": \"b\"}}\n";
    let err = gold::read_text(text, Scale::default(), Scale::default()).unwrap_err();
    assert_eq!(err.len(), 2);
    assert_eq!(
        (err[0].line, err[0].message.as_str()),
        (2, "key \"human\" is given twice: give each key once")
    );
    assert_eq!(err[1].line, 3);
    assert!(
        err[1]
            .message
            .starts_with("subject \"c\": an output object must be {\"path\": \"…\"}"),
        "{}",
        err[1].message
    );
}

/// An output path that is a FIFO is refused without opening it (opening waits for a writer),
/// and a work several subjects name is read once and shared.
#[cfg(unix)]
#[test]
fn a_fifo_output_is_refused_and_a_shared_work_is_read_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("out.txt");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    std::fs::create_dir(dir.path().join("work")).unwrap();
    std::fs::write(dir.path().join("work/a.txt"), "alpha beta\n").unwrap();
    let gold_path = dir.path().join("gold.jsonl");
    let text = "{\"id\": \"a\", \"human\": 60, \"output\": {\"path\": \"out.txt\"}}\n";
    let err = pickanumber_instruments::calibrate::read_gold(
        &gold_path,
        text,
        Scale::default(),
        Scale::default(),
    )
    .unwrap_err();
    assert_eq!(
        err,
        [format!(
            "{}:1: subject \"a\": cannot read output \"out.txt\": not a regular file (a folder, a FIFO or a device): give a text file",
            gold_path.display()
        )]
    );
    let text = "{\"id\": \"a\", \"human\": 60, \"output\": \"+3 \\\"alpha\\\"\", \"work\": {\"path\": \"work\"}}\n{\"id\": \"b\", \"human\": 40, \"output\": \"+1 \\\"beta\\\"\", \"work\": {\"path\": \"./work\"}}\n";
    let subjects = pickanumber_instruments::calibrate::read_gold(
        &gold_path,
        text,
        Scale::default(),
        Scale::default(),
    )
    .unwrap();
    let (a, b) = (
        subjects[0].work.as_ref().unwrap(),
        subjects[1].work.as_ref().unwrap(),
    );
    assert!(std::sync::Arc::ptr_eq(a, b));
}
