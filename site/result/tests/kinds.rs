//! Every kind of diagnostic reaches the JSON as an object a pipeline can select by `kind`:
//! one input per kind, its diagnostic found in the array of its severity (`errors`,
//! `warnings` or `notes`) with that `kind` and `severity`, and in no other array.

use pickanumber_result::{evaluate, Options};
use pickanumber_score::verify::{Against, Work};
use pickanumber_score::{Kind, Mode, Params, Request, Severity};
use serde_json::Value;

/// A kind's name in the JSON.
fn name<T: serde::Serialize>(x: T) -> String {
    serde_json::to_value(x)
        .unwrap()
        .as_str()
        .unwrap()
        .to_string()
}

/// The array each severity's diagnostics are in.
fn array(s: Severity) -> &'static str {
    match s {
        Severity::Error => "errors",
        Severity::Warning => "warnings",
        Severity::Note => "notes",
    }
}

/// Scores `text` as `options` say and checks that a diagnostic of `kind` is there, selected
/// by its `kind` from the array of its severity, and in no other array.
fn check(kind: Kind, text: &str, options: Options) {
    let v = evaluate(text, &options).to_json();
    let kind_name = name(kind);
    let severity = kind.severity();
    let of_kind = |key: &str| -> Vec<Value> {
        v[key]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["kind"] == kind_name.as_str())
            .cloned()
            .collect()
    };
    let found = of_kind(array(severity));
    assert!(
        !found.is_empty(),
        "no {kind_name} in {}: {v:#}",
        array(severity)
    );
    for d in &found {
        assert_eq!(d["severity"], name(severity).as_str(), "{d}");
        assert!(!d["message"].as_str().unwrap().is_empty(), "{d}");
    }
    for other in [Severity::Error, Severity::Warning, Severity::Note] {
        if other != severity {
            assert!(
                of_kind(array(other)).is_empty(),
                "{kind_name} in {}",
                array(other)
            );
        }
    }
}

/// Options with this request.
fn request(request: Request) -> Options {
    Options {
        request,
        ..Options::default()
    }
}

/// Options that check the evidence against `work`.
fn against(work: Work) -> Options {
    request(Request {
        against: Some(Against::new(work)),
        ..Request::default()
    })
}

macro_rules! kinds {
    ($($test:ident: $kind:ident, $text:expr, $options:expr;)*) => {
        $(
            #[test]
            fn $test() {
                check(Kind::$kind, $text, $options);
            }
        )*

        #[test]
        fn every_kind_has_a_test() {
            let tested = [$(Kind::$kind),*];
            for k in Kind::ALL {
                assert!(tested.contains(&k), "{k:?} has no test in tests/kinds.rs");
            }
        }
    };
}

kinds! {
    item_is_an_error: Item, "+4 nope\n+3 ok\n", Options::default();
    weights_is_an_error: Weights, "weights: craft=0.5, depth=x\n(+3, craft) a\n(+2, depth) b\n", Options::default();
    params_is_an_error: Params, "+3 a\n", request(Request {
        params: Params { density_denominator: 0.0, ..Params::default() },
        ..Request::default()
    });
    ignored_is_a_note: Ignored, "hello\n+3 ok\n", Options::default();
    unused_keys_is_a_note: UnusedKeys, r#"{"items": [{"impact": 3, "text": "a"}], "extra": 1}"#, Options::default();
    criteria_set_aside_is_a_warning: CriteriaSetAside, "(+3, craft) a\n+2 b\n+1 c\n-1 d\n", Options::default();
    empty_criterion_is_a_warning: EmptyCriterion, "(+3, craft) a\n(+2, craft) b\n", request(Request {
        weights: Some(vec![("craft".into(), 0.5), ("depth".into(), 0.5)]),
        ..Request::default()
    });
    weights_normalised_is_a_warning: WeightsNormalised, "(+3, craft) a\n(+2, depth) b\n", request(Request {
        weights: Some(vec![("craft".into(), 1.0), ("depth".into(), 1.0)]),
        ..Request::default()
    });
    self_check_is_a_warning: SelfCheck, "(+3, craft) a\n(+3, depth) b\n", Options::default();
    saturation_is_a_note: Saturation, "+5 a\n+5 b\n+5 c\n+5 d\n", Options::default();
    crowded_cell_is_a_warning: CrowdedCell, &"(+3, user × craft) a\n".repeat(6), Options::default();
    thin_cell_is_a_warning: ThinCell, "(+3, user × craft) a\n(-3, user × depth) b\n", Options::default();
    nothing_read_is_an_error: NothingRead, "hello\n", Options::default();
    strict_is_an_error: Strict, "hello\n+3 ok\n", request(Request { strict: true, ..Request::default() });
    empty_input_is_a_note: EmptyInput, "[]", Options::default();
    fenced_is_a_note: Fenced, "```\n+3 a\n+2 b\n```\n", Options::default();
    report_mismatch_is_a_warning: ReportMismatch, REPORT, Options::default();
    report_subset_is_a_note: ReportSubset, REPORT, Options::default();
    pass_is_an_error: Pass, "## Pass:\n+3 a\n", Options::default();
    duplicate_is_a_note: Duplicate, "## Pass: a\n+3 tests pass\n## Pass: b\n+3 tests pass\n", Options::default();
    evidence_is_a_warning: Evidence, "+3 parses \"def parse()\"\n-2 leaks \"not in the work\"\n",
        against(Work::text("def parse():\n    return 1\n"));
    work_skipped_is_a_note: WorkSkipped, "+3 parses \"def parse()\"\n", against(binary_beside_text());
}

/// A pasted report whose table gives craft a final the formula does not give, and counts
/// more items for it than the text lists.
const REPORT: &str = "\
# The new homepage hero — Evidence Scoring report
## Per criterion
| criterion | final | conf | net | items | weight |
|---|---|---|---|---|---|
| craft | 81 | 0.1 | +5 | 2 | 0.60 |
| depth | 32 | 0.05 | -3 | 1 | 0.40 |
## Top items
- (+5, requester × craft) — every endpoint has a test
- (-3, adversary × depth) — the retry path is untested
";

/// A folder with a text file and a binary file, read as the judged work.
fn binary_beside_text() -> Work {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.py"), "def parse():\n    return 1\n").unwrap();
    std::fs::write(dir.path().join("b.bin"), [0u8, 1, 2]).unwrap();
    Work::read(dir.path()).unwrap()
}

#[test]
fn a_pipeline_selects_the_warnings_of_one_kind() {
    let v = evaluate(
        "(+3, user × craft) a\n(+2, user × depth) b\n",
        &request(Request {
            mode: Mode::Matrix,
            ..Request::default()
        }),
    )
    .to_json();
    let thin: Vec<&Value> = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["kind"] == "thin_cell")
        .collect();
    assert_eq!(thin.len(), 1);
    assert_eq!(
        thin[0]["message"],
        "perspective × criterion cells with fewer than 3 items (aim for at least 3): user × craft (1), user × depth (1)"
    );
    // The self-check warning of the same input is a different kind.
    assert!(v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["kind"] == "self_check"));
}
