//! The feedback judge's score.py, as output formats: its scores object and its JSON style.
//!
//! Data flow: evidence text → [`read_feedback`] (four-bucket JSON, normalised to the four
//! buckets with missing ones as `[]`, or item lines under bucket headings) →
//! [`pickanumber_score::analyse`] in feedback mode, the only place the score is computed →
//! [`scores_object`] (the pool of the four buckets, with score.py's keys, key order and
//! decimals) → [`python_json`] (indent 2, ASCII). Item errors come back as messages naming the
//! bucket, the value, the allowed set and the item text.
//!
//! The one intended difference from score.py: `final` rounds an exact half away from zero
//! (80.5 → 81), where Python's `round` goes to the even neighbour (80.5 → 80).

use pickanumber_score::{
    analyse, Analysis, Bucket, Diagnostic, Impact, Kind, Mode, Pooled, Request, Severity,
};
use pickanumber_text::numtext::fixed;
use serde_json::{Map, Value};

/// Evidence read and scored in feedback mode.
#[derive(Clone, Debug)]
pub struct Scored {
    /// The four buckets in processing order, as given (or built from item lines), missing
    /// ones as `[]`, then any other keys of the evidence object as given: what a stored pass
    /// keeps under `evidence`.
    pub evidence: Value,
    /// The analysis of exactly that evidence.
    pub analysis: Analysis,
}

impl Scored {
    /// score.py's scores object for this evidence.
    pub fn scores(&self) -> Value {
        scores_object(self.analysis.pool())
    }
}

/// Reads evidence for the feedback judge and scores it.
///
/// # Errors
/// Every item error, each as one message naming the bucket, the value, the allowed set and
/// the item text (the caller prints them and exits 1).
pub fn read_feedback(text: &str) -> Result<Scored, Vec<String>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let request = Request {
        mode: Mode::Feedback,
        ..Request::default()
    };
    if !text.trim_start().starts_with('{') {
        // Item lines under bucket headings (or any other format, whose items then lack a
        // bucket and are errors).
        let analysis = analyse(text, &request);
        if analysis.has_errors() {
            return Err(line_errors(text, &analysis));
        }
        return Ok(Scored {
            evidence: evidence_of_items(&analysis),
            analysis,
        });
    }
    let top: Value = serde_json::from_str(text)
        .map_err(|e| vec![format!("the evidence is not valid JSON: {e}")])?;
    let mut buckets = match top {
        Value::Object(m) => m,
        _ => return Err(vec!["the evidence must be a JSON object of buckets".into()]),
    };
    if let Some(inner) = buckets.remove("evidence") {
        match inner {
            Value::Object(m) => buckets = m,
            _ => return Err(vec!["\"evidence\" must be an object of buckets".into()]),
        }
    }
    // The four buckets in order, a missing one as []: what is scored. The stored evidence
    // adds the keys this version does not know after them, in their order.
    let mut evidence: Map<String, Value> = Bucket::ALL
        .iter()
        .map(|b| {
            let items = buckets
                .remove(b.key())
                .unwrap_or_else(|| Value::Array(Vec::new()));
            (b.key().to_string(), items)
        })
        .collect();
    let text = serde_json::to_string(&evidence).expect("a JSON map always serialises");
    let analysis = analyse(&text, &request);
    if analysis.has_errors() {
        return Err(json_errors(&evidence, &analysis));
    }
    evidence.extend(buckets);
    Ok(Scored {
        evidence: Value::Object(evidence),
        analysis,
    })
}

/// The evidence object of items read from lines: `{"value": N, "text": "…"}` per item.
fn evidence_of_items(a: &Analysis) -> Value {
    let mut m = Map::new();
    for b in Bucket::ALL {
        let items: Vec<Value> = a
            .entries
            .iter()
            .filter(|e| e.item.bucket == Some(b))
            .map(|e| serde_json::json!({"value": e.item.impact.value(), "text": e.item.text}))
            .collect();
        m.insert(b.key().into(), Value::Array(items));
    }
    Value::Object(m)
}

/// `; allowed in working: +1, +2, +3, +5`, unless the message already gives the bucket's set.
fn allowed_suffix(bucket: Bucket, message: &str) -> String {
    if message.contains("not allowed") {
        String::new()
    } else {
        format!(
            "; allowed in {}: {}",
            bucket.key(),
            Impact::list(bucket.allowed())
        )
    }
}

/// The errors to print: every error, but the one saying that nothing was read when others
/// say why (score.py prints only the item's error).
fn item_errors(a: &Analysis) -> impl Iterator<Item = &Diagnostic> {
    let others = a
        .diagnostics_of(Severity::Error)
        .any(|d| d.kind != Kind::NothingRead);
    a.diagnostics_of(Severity::Error)
        .filter(move |d| !(others && d.kind == Kind::NothingRead))
}

/// Errors of the normalised bucket JSON, with the item's text. The formula crate names them
/// `BUCKET item N: …`; the item is looked up in `evidence` to quote its text.
fn json_errors(evidence: &Map<String, Value>, a: &Analysis) -> Vec<String> {
    item_errors(a)
        .map(|d| {
            let located = d.message.split_once(": ").and_then(|(head, rest)| {
                let (key, n) = head.split_once(" item ")?;
                let bucket = Bucket::ALL.into_iter().find(|b| b.key() == key)?;
                let n: usize = n.parse().ok()?;
                let item = evidence.get(key)?.as_array()?.get(n.checked_sub(1)?)?;
                let text = item.get("text").map_or_else(
                    || "no text".to_string(),
                    |t| {
                        t.as_str()
                            .map_or_else(|| t.to_string(), |s| format!("{s:?}"))
                    },
                );
                Some(format!(
                    "{key} item {n} ({text}): {rest}{}",
                    allowed_suffix(bucket, rest)
                ))
            });
            located.unwrap_or_else(|| d.message.clone())
        })
        .collect()
}

/// Errors of item lines, with the line's text and, under a bucket heading, the bucket's set.
fn line_errors(text: &str, a: &Analysis) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    // The bucket of each line: that of the last bucket heading at or above it, found in one
    // pass (searching upwards from every error was quadratic when no line had a bucket).
    let mut current = None;
    let buckets: Vec<Option<Bucket>> = lines
        .iter()
        .map(|l| {
            let heading = l
                .trim()
                .strip_prefix('#')
                .map(|h| h.trim_start_matches('#'));
            if let Some(b) = heading.and_then(Bucket::from_name) {
                current = Some(b);
            }
            current
        })
        .collect();
    item_errors(a)
        .map(|d| {
            let Some(n) = d.line.filter(|n| (1..=lines.len()).contains(n)) else {
                return d.to_string();
            };
            let bucket = buckets[n - 1];
            let suffix = bucket.map_or_else(String::new, |b| allowed_suffix(b, &d.message));
            let under = bucket.map_or_else(String::new, |b| format!(" in {}", b.key()));
            format!(
                "line {n}{under} ({:?}): {}{suffix}",
                lines[n - 1].trim(),
                d.message
            )
        })
        .collect()
}

/// `x` rounded to `decimals` places as Python's `round(x, decimals)` does: to the nearest
/// decimal, an exact binary tie to the even digit (Rust's formatting rounds the exact binary
/// value the same way).
fn round_to(x: f64, decimals: usize) -> f64 {
    fixed(x, decimals).parse().unwrap_or(x)
}

/// score.py's scores object for one pool, keys in its order: `net_impact`, `total_items`,
/// `normalized` (3 decimals), `raw_score` (2), `density` (items / 20, 3, not clamped),
/// `multiplier` (3), `final` (integer, rounded half away from zero), `confidence` (2).
/// A single +5 is 80.5 before rounding: score.py prints 80, this prints 81.
pub fn scores_object(p: &Pooled) -> Value {
    let mut m = Map::new();
    m.insert("net_impact".into(), Value::from(p.net_impact));
    m.insert("total_items".into(), Value::from(p.total_items));
    m.insert("normalized".into(), Value::from(round_to(p.normalized, 3)));
    m.insert("raw_score".into(), Value::from(round_to(p.raw, 2)));
    m.insert("density".into(), Value::from(round_to(p.density, 3)));
    m.insert("multiplier".into(), Value::from(round_to(p.multiplier, 3)));
    // The canonical parameters round; the crate rounds halves away from zero.
    m.insert("final".into(), Value::from(p.final_score as i64));
    m.insert("confidence".into(), Value::from(round_to(p.confidence, 2)));
    Value::Object(m)
}

/// JSON as Python's `json.dumps(value, indent=2)` writes it: two-space indent, `", "`-free
/// line ends, `": "` after keys, and every non-ASCII character as a `\uXXXX` escape (a
/// surrogate pair beyond the BMP), so the files read the same under any locale.
pub fn python_json(value: &Value) -> String {
    let pretty = serde_json::to_string_pretty(value).expect("a JSON value always serialises");
    // Outside strings JSON is ASCII, so escaping every non-ASCII character is exact.
    let mut out = String::with_capacity(pretty.len());
    let mut units = [0u16; 2];
    for c in pretty.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04x}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scores(text: &str) -> Value {
        read_feedback(text).unwrap().scores()
    }

    #[test]
    fn keys_order_and_decimals() {
        let s = scores(
            r#"{"working": [{"value": 5, "text": "a"}, {"value": 3, "text": "b"}, {"value": 2, "text": "c"}, {"value": 1, "text": "d"}], "not_working": [{"value": -2, "text": "e"}]}"#,
        );
        assert_eq!(
            serde_json::to_string(&s).unwrap(),
            r#"{"net_impact":9,"total_items":5,"normalized":4.025,"raw_score":82.2,"density":0.25,"multiplier":0.812,"final":76,"confidence":0.25}"#
        );
    }

    #[test]
    fn half_rounds_away_from_zero_and_density_is_unclamped() {
        let s = scores(r#"{"working": [{"value": 5, "text": "one"}]}"#);
        assert_eq!(s["final"], 81);
        assert_eq!(s["multiplier"], 0.762);
        let many: Vec<String> = (0..25)
            .map(|_| r#"{"value": 1, "text": "x"}"#.into())
            .collect();
        let s = scores(&format!(
            r#"{{"evidence": {{"working": [{}]}}}}"#,
            many.join(",")
        ));
        assert_eq!(s["density"], 1.25);
        assert_eq!(s["confidence"], 1.0);
    }

    #[test]
    fn empty_object_is_zero_items() {
        let got = read_feedback("{}").unwrap();
        assert_eq!(got.scores()["final"], 50);
        assert_eq!(
            got.evidence,
            serde_json::json!({"working": [], "not_working": [], "missing": [], "confusing": []})
        );
    }

    #[test]
    fn item_errors_name_bucket_value_set_and_text() {
        let e = read_feedback(
            r#"{"working": [{"value": 3, "text": "ok"}, {"value": -1, "text": "wrong sign"}], "confusing": [{"value": -5, "text": "too big"}, {"text": "no value"}, {"value": 4, "text": "four"}]}"#,
        )
        .unwrap_err();
        assert_eq!(
            e,
            [
                "working item 2 (\"wrong sign\"): value −1 is not allowed in working: use +1, +2, +3, +5",
                "confusing item 1 (\"too big\"): value −5 is not allowed in confusing: use −1, −2, −3",
                "confusing item 2 (\"no value\"): \"value\" is missing (one of +5, +3, +2, +1, −1, −2, −3, −5); allowed in confusing: −1, −2, −3",
                "confusing item 3 (\"four\"): impact 4 is not one of +5, +3, +2, +1, −1, −2, −3, −5; allowed in confusing: −1, −2, −3",
            ]
        );
    }

    #[test]
    fn lines_under_headings_are_evidence_too() {
        let got = read_feedback("## Working\n+5 clear\n## Confusing\n-1 jargon\n").unwrap();
        assert_eq!(
            got.evidence,
            serde_json::json!({"working": [{"value": 5, "text": "clear"}], "not_working": [], "missing": [], "confusing": [{"value": -1, "text": "jargon"}]})
        );
        let e = read_feedback("## Working\n+5 clear\n## Confusing\n-5 jargon\n+4 x\n").unwrap_err();
        assert_eq!(
            e,
            [
                "line 4 in confusing (\"-5 jargon\"): impact −5 is not allowed under Confusing: use −1, −2, −3",
                "line 5 in confusing (\"+4 x\"): impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5; allowed in confusing: −1, −2, −3",
            ]
        );
        let e = read_feedback("+3 no bucket\n").unwrap_err();
        assert_eq!(e.len(), 1);
        assert!(
            e[0].starts_with(
                "line 1 (\"+3 no bucket\"): in feedback mode every item needs a bucket"
            ),
            "{e:?}"
        );
    }

    #[test]
    fn python_style_json() {
        let v = serde_json::json!({"a": "First pass — ok 😀", "b": [], "c": {}, "d": [1, 2.5]});
        assert_eq!(
            python_json(&v),
            "{\n  \"a\": \"First pass \\u2014 ok \\ud83d\\ude00\",\n  \"b\": [],\n  \"c\": {},\n  \"d\": [\n    1,\n    2.5\n  ]\n}"
        );
        let back: Value = serde_json::from_str(&python_json(&v)).unwrap();
        assert_eq!(back, v);
    }
}
