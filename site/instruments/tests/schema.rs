//! The judge card's JSON Schema: the checked-in `schema/calibration.schema.json` is the one the
//! card's types generate (regenerate, then review the diff, with
//! `INSTA_UPDATE=always cargo test -p pickanumber-instruments --test schema`), and cards of
//! every shape (raters, criteria, passes, naive numbers, works, a verdict) validate against it.

use pickanumber_instruments::calibrate::card::{self, Card, PairwiseCard, ProbeCard};
use pickanumber_instruments::calibrate::{calibrate, gold, Scale};
use pickanumber_score::Request;
use std::path::PathBuf;

/// `schema/calibration.schema.json`, linked into `tests/fixtures/` so the packaged crate
/// carries it (a write through the link rewrites the repository's file).
fn checked_in() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/calibration.schema.json")
}

#[test]
fn the_checked_in_schema_is_the_generated_one() {
    let text = card::schema();
    let path = checked_in();
    // Compared as JSON values: the order of an object's keys follows whether some crate built
    // beside this one turns on serde_json's `preserve_order`, which says nothing of the schema.
    let parse = |t: &str| serde_json::from_str::<serde_json::Value>(t).ok();
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    if parse(&on_disk).is_some() && parse(&on_disk) == parse(&text) {
        return;
    }
    if std::env::var("INSTA_UPDATE").is_ok_and(|v| v == "always") {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    panic!("schema/calibration.schema.json differs from the card's types: run `INSTA_UPDATE=always cargo test -p pickanumber-instruments --test schema` and review the diff");
}

fn validate(card: &str) {
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(checked_in()).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let value: serde_json::Value = serde_json::from_str(card).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}\n{card}", errors.join("\n"));
}

/// A file of `examples/calibrate/`, linked into `tests/fixtures/calibrate/`.
fn example(name: &str) -> String {
    std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/calibrate")
            .join(name),
    )
    .unwrap()
}

#[test]
fn cards_of_every_shape_validate_against_the_schema() {
    let ten = Scale::parse("1:10").unwrap();
    // Raters and naive numbers, with a verdict.
    let subjects = gold::read_text(&example("gold.jsonl"), ten, ten).unwrap();
    let c = calibrate(&subjects, &Request::default(), 5).unwrap();
    validate(&c.to_json(ten, ten, Some(0.5)));
    // Works: the evidence counts and rates, per subject and summed.
    let subjects = gold::read_text(&example("checked.jsonl"), ten, Scale::default()).unwrap();
    let c = calibrate(&subjects, &Request::default(), 4).unwrap();
    let json = c.to_json(ten, Scale::default(), None);
    assert!(json.contains("\"invented_rate\""), "{json}");
    validate(&json);
    // Criteria scored by two raters each, outputs given as two passes, and the joined
    // instruments.
    let mut lines = String::new();
    for i in 0..9 {
        let (c, d) = ([1, 2, 3, 5][i % 4], [5, 3, 2, 1][i % 3]);
        lines.push_str(&format!(
            "{{\"id\": \"s{i}\", \"human\": {{\"craft\": [{}, {}], \"depth\": [{}, {}]}}, \"output\": [\"(+{c}, craft) a\\n(-{d}, depth) b\", \"(+{c}, craft) c\"]}}\n",
            40 + 8 * c,
            44 + 8 * c,
            60 - 6 * d,
            58 - 6 * d
        ));
    }
    let subjects = gold::read_text(&lines, Scale::default(), Scale::default()).unwrap();
    let c = calibrate(&subjects, &Request::default(), 3).unwrap();
    let mut card: Card = c.card(Scale::default(), Scale::default(), Some(0.9));
    assert!(!card.criteria.is_empty() && card.passes.is_some());
    card.probe = Some(ProbeCard {
        regime: None,
        runs_read: 0,
        runs_failed: 2,
    });
    card.pairwise = Some(PairwiseCard {
        judgments: 0,
        position_bias: card::PositionBiasCard {
            first_wins: 0,
            decided: 0,
            share: None,
            p_value: None,
        },
        swap: card::SwapCard {
            pairs_both_orders: 0,
            consistent: 0,
            share: None,
        },
    });
    validate(&card.to_json());
}
