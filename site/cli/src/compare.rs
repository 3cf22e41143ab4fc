//! `pickanumber compare BEFORE AFTER`: two results → the change of the headline and of each
//! criterion, and whether the intervals overlap, as one JSON object.
//!
//! Each side is a JSON result that `score` or `combine` printed (an object with `mode`,
//! `final` and `errors`), or an input, scored here with the formula crate through
//! [`pickanumber_result::evaluate`]; both sides are then read from the same JSON shape, so a
//! result saved last week and a fresh input compare alike. Differences are of the printed
//! numbers.

use crate::{print, read_input, Fatal};
use clap::Args;
use pickanumber_result::card::Card;
use pickanumber_result::comparison::{Cards, Comparison, CriterionChange, Side};
use pickanumber_result::number::Number;
use pickanumber_result::{evaluate, Options, SCHEMA_VERSION};
use pickanumber_score::Mode;
use serde_json::{Map, Value};
use std::path::PathBuf;
use std::process::ExitCode;

/// The long help of `pickanumber compare` after the option list.
pub const COMPARE_HELP: &str = "\
SIDES:
    BEFORE and AFTER are each a JSON object printed by `pickanumber score` or `combine` (read
    as it is), or an input of items in any format, scored as `score` scores it by default
    (an input with ## Pass: headings is combined).

OUTPUT:
    {\"schema_version\": 1, \"before\": {\"mode\", \"final\", \"confidence\", \"interval\"}, \"after\": {…},
    \"change\": AFTER's final − BEFORE's (null when either has no score),
    \"confidence_change\", \"criteria\": [{\"name\", \"before\", \"after\", \"change\"}] (matrix
    finals by name; null where a side lacks the criterion),
    \"intervals_overlap\": true, false, or null when either side has no interval,
    \"cards\": {\"same\", \"differ\": the card fields that differ, \"unreadable\": each side
    whose card does not read}}; each side carries its card (null when it does not read).

CARDS:
    Every result carries a card: the version of pickanumber and the sha256 of its settings,
    rubric, prompt, schema and work, and each pass's grader. A field that differs between
    the two sides is a warning on stderr naming it; a side without a card, or with one that
    does not read (another tool's JSON, a hand-edited result), is named and never counts as
    the same. --same-card makes either an error: exit 3, the comparison still printed.

EXIT STATUS:
    0  both sides were read and scored without errors
    1  a side has errors (its errors array is not empty); the comparison is still printed
    3  with --same-card, the cards differ or one does not read (1 and 2 win over 3)
    2  usage error, an unreadable file, or a result (an object with mode, final and errors)
       whose final is not a number or null or whose errors is not a list, or whose final,
       interval ends or criteria finals lie outside 0 to 100 (confidence outside 0 to 1), or
       whose schema_version is not 1 (a result without one is read), whose mode is not
       pooled, matrix or feedback, or whose interval is not null or two numbers
       (schema/comparison.schema.json is the output's JSON Schema)";

/// Options of `pickanumber compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The earlier result or input.
    #[arg(value_name = "BEFORE")]
    pub before: PathBuf,

    /// The later result or input.
    #[arg(value_name = "AFTER")]
    pub after: PathBuf,

    /// Exit 3 unless both sides' cards read and agree in every field (same version,
    /// settings, rubric, prompt, schema, work, graders and fit).
    #[arg(long)]
    pub same_card: bool,
}

/// Runs `pickanumber compare`.
///
/// # Errors
/// A [`Fatal`] (exit 2) when a side cannot be read, or is a result (an object with `mode`,
/// `final` and `errors`) whose `final` is not a number or null or whose `errors` is not a list,
/// or whose final, interval ends or criteria finals lie outside 0–100 (its confidence outside
/// 0–1).
pub fn run(args: &CompareArgs) -> Result<ExitCode, Fatal> {
    let (before, before_head) = side(&args.before)?;
    let (after, after_head) = side(&args.after)?;
    let out = compare(&before, before_head, &after, after_head);
    let text = serde_json::to_string_pretty(&out).expect("a comparison serialises");
    print(&format!("{text}\n"));
    for w in out
        .cards
        .warnings(out.before.card.as_ref(), out.after.card.as_ref())
    {
        eprintln!("pickanumber: warning: {w}");
    }
    let errors = |v: &Value| v["errors"].as_array().is_some_and(|e| !e.is_empty());
    Ok(ExitCode::from(if errors(&before) || errors(&after) {
        1
    } else if args.same_card && !out.cards.same {
        3
    } else {
        0
    }))
}

/// A side's card, or why it does not read: a result without one (made before cards, or by
/// another tool) or one whose fields are not a card's.
fn card(v: &Value) -> Result<Card, String> {
    match v.get("card") {
        None => {
            Err("the result has no card (made by another tool, or before results had cards)".into())
        }
        Some(c) => Card::read(c).map_err(|e| format!("its card does not read: {e}")),
    }
}

/// A side as the JSON object `score` prints (read when it is one, else scored), and its
/// headline.
fn side(path: &std::path::Path) -> Result<(Value, Side), Fatal> {
    let v = result_or_scored(path)?;
    let head = head(&v).map_err(|why| Fatal(format!("{}: {why}", path.display())))?;
    Ok((v, head))
}

/// A side as the JSON object `score` prints: read when it is one, else scored.
fn result_or_scored(path: &std::path::Path) -> Result<Value, Fatal> {
    let text = read_input(Some(path))?;
    if let Ok(Value::Object(m)) = serde_json::from_str::<Value>(&text) {
        let result = ["mode", "final", "errors"]
            .iter()
            .all(|k| m.contains_key(*k));
        if result {
            let fine = m["final"].is_number() || m["final"].is_null();
            if !fine || !m["errors"].is_array() {
                return Err(Fatal(format!(
                    "{}: a result's final must be a number or null and its errors a list",
                    path.display()
                )));
            }
            if let Err(why) = version(&m).and_then(|()| in_range(&m)) {
                return Err(Fatal(format!("{}: {why}", path.display())));
            }
            return Ok(Value::Object(m));
        }
    }
    Ok(evaluate(&text, &Options::default()).to_json())
}

/// Whether a result follows the output contract this build writes: its `schema_version` is
/// [`SCHEMA_VERSION`], or absent (a result printed before the contract had versions, whose
/// headline keys are the same).
fn version(m: &Map<String, Value>) -> Result<(), String> {
    match m.get("schema_version") {
        None => Ok(()),
        Some(v) if v.as_u64() == Some(u64::from(SCHEMA_VERSION)) => Ok(()),
        Some(v) => Err(format!(
            "a result's schema_version must be {SCHEMA_VERSION}, the version this pickanumber reads, not {v}"
        )),
    }
}

/// Whether a result's numbers are ones the formula can give: `final`, each end of `interval`
/// and each criterion's `final` a number from 0 to 100 (or null), `confidence` from 0 to 1.
fn in_range(m: &Map<String, Value>) -> Result<(), String> {
    let check = |what: &str, v: Option<&Value>, top: f64| match v {
        None | Some(Value::Null) => Ok(()),
        Some(x) => match x.as_f64() {
            Some(n) if (0.0..=top).contains(&n) => Ok(()),
            _ => Err(format!(
                "a result's {what} must be a number from 0 to {top} or null, not {x}"
            )),
        },
    };
    check("final", m.get("final"), 100.0)?;
    check("confidence", m.get("confidence"), 1.0)?;
    if let Some(Value::Array(ends)) = m.get("interval") {
        for end in ends {
            check("interval end", Some(end), 100.0)?;
        }
    }
    if let Some(Value::Array(criteria)) = m.get("criteria") {
        for c in criteria {
            check("criterion final", c.get("final"), 100.0)?;
        }
    }
    Ok(())
}

/// The comparison of two results.
fn compare(before: &Value, b: Side, after: &Value, a: Side) -> Comparison {
    let ends = |s: &Side| s.interval.map(|[l, h]| (l.value(), h.value()));
    let overlap = match (ends(&b), ends(&a)) {
        (Some((l1, h1)), Some((l2, h2))) => Some(l1 <= h2 && l2 <= h1),
        _ => None,
    };
    let criteria = criteria(before, after);
    let (bc, ac) = (card(before), card(after));
    let cards = Cards::new(&bc, &ac);
    let b = Side { card: bc.ok(), ..b };
    let a = Side { card: ac.ok(), ..a };
    Comparison::new(b, a, criteria, overlap, cards)
}

/// A result's headline: its mode, final, confidence and interval, each of the type the
/// output contract gives it.
fn head(v: &Value) -> Result<Side, String> {
    let modes = [Mode::Pooled, Mode::Matrix, Mode::Feedback];
    let mode = v["mode"]
        .as_str()
        .and_then(|m| modes.into_iter().find(|x| x.name() == m))
        .ok_or_else(|| {
            format!(
                "a result's mode must be one of pooled, matrix, feedback, not {}",
                v["mode"]
            )
        })?;
    let pair = |i: &Value| match i.as_array()?.as_slice() {
        [low, high] => Some([Number::of_json(low)?, Number::of_json(high)?]),
        _ => None,
    };
    let interval = match v.get("interval") {
        None | Some(Value::Null) => None,
        Some(i) => Some(pair(i).ok_or_else(|| {
            format!("a result's interval must be null or [low, high], two numbers, not {i}")
        })?),
    };
    Ok(Side {
        mode,
        final_score: Number::of_json(&v["final"]),
        confidence: Number::of_json(&v["confidence"]),
        interval,
        card: None,
    })
}

/// The criteria of either side by name (BEFORE's order, then AFTER's new ones).
fn criteria(before: &Value, after: &Value) -> Vec<CriterionChange> {
    let list = |v: &Value| -> Vec<(String, Option<Number>)> {
        v["criteria"].as_array().map_or_else(Vec::new, |a| {
            a.iter()
                .filter_map(|c| {
                    Some((
                        c["name"].as_str()?.to_string(),
                        Number::of_json(&c["final"]),
                    ))
                })
                .collect()
        })
    };
    let (b, a) = (list(before), list(after));
    let mut names: Vec<&str> = b.iter().map(|c| c.0.as_str()).collect();
    for (n, _) in &a {
        if !names.contains(&n.as_str()) {
            names.push(n);
        }
    }
    let find =
        |l: &[(String, Option<Number>)], n: &str| l.iter().find(|c| c.0 == n).and_then(|c| c.1);
    names
        .into_iter()
        .map(|n| CriterionChange::new(n.to_string(), find(&b, n), find(&a, n)))
        .collect()
}
