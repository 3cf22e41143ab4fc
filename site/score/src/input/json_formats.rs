//! A JSON document → items: a list of item objects, `{"items": [...]}` with optional
//! `"weights"`, or the four-bucket feedback JSON; every message names the line and column of
//! the value it is about.

use crate::json::{self, line_col, Kind as JsonKind, Value};
use crate::parse::{check_name, impact_of, too_many_items, Entry, LineError, Parsed};
use crate::MAX_ITEMS;
use crate::{Bucket, Format, Impact, Item};

fn json_error(text: &str, e: &json::Error) -> LineError {
    let (line, column) = line_col(text, e.at);
    LineError {
        line,
        column: Some(column),
        message: format!("invalid JSON: {e}"),
    }
}

/// A located error about one JSON value.
fn error_at(text: &str, v: &Value, message: String) -> LineError {
    let (line, column) = line_col(text, v.at);
    LineError {
        line,
        column: Some(column),
        message,
    }
}

/// An optional string member: absent or `null` is `None`, anything but a string an error.
fn json_str<'v>(object: &'v Value, key: &str) -> Result<Option<&'v str>, String> {
    match object.get(key) {
        None => Ok(None),
        Some(v) => match &v.kind {
            JsonKind::Null => Ok(None),
            JsonKind::String(s) => Ok(Some(s)),
            _ => Err(format!("\"{key}\" must be a string, not {}", v.describe())),
        },
    }
}

/// A JSON document: a list of items, `{"items": [...]}`, or the four buckets.
pub(super) fn json_document(text: &str) -> (Format, Parsed) {
    let mut out = Parsed::default();
    let doc = match json::parse(text) {
        Ok(doc) => doc,
        Err(e) => {
            out.errors.push(json_error(text, &e));
            return (Format::Json, out);
        }
    };
    if let JsonKind::Array(values) = &doc.kind {
        json_items(text, values, &mut out);
        return (Format::Json, out);
    }
    match doc.get("items") {
        Some(items) => {
            let JsonKind::Array(values) = &items.kind else {
                let message = format!(
                    "\"items\" must be a list of objects, not {}",
                    items.describe()
                );
                out.errors.push(error_at(text, items, message));
                return (Format::Json, out);
            };
            json_items(text, values, &mut out);
            if let Some(w) = doc.get("weights") {
                json_weights(text, w, &mut out);
            }
            unused_keys(&doc, &["items", "weights"], &mut out);
            if Bucket::ALL.iter().any(|b| doc.get(b.key()).is_some()) {
                let message = "a JSON object has either \"items\" or the buckets working, not_working, missing, confusing, not both";
                out.errors.push(error_at(text, &doc, message.into()));
            }
            out.explicit = out.errors.is_empty();
            (Format::Json, out)
        }
        _ => {
            feedback_json(text, &doc, &mut out);
            out.explicit = out.errors.is_empty();
            (Format::FeedbackJson, out)
        }
    }
}

/// The items of a JSON list, each an object; at most [`MAX_ITEMS`].
fn json_items(text: &str, values: &[Value], out: &mut Parsed) {
    for (i, value) in values.iter().enumerate() {
        let (line, column) = line_col(text, value.at);
        if out.entries.len() >= MAX_ITEMS {
            out.errors.push(LineError {
                line,
                column: Some(column),
                message: too_many_items(),
            });
            return;
        }
        match json_item(value) {
            Ok(item) => out.entries.push(Entry { line, item }),
            Err(m) => out.errors.push(LineError {
                line,
                column: Some(column),
                message: format!("item {}: {m}", i + 1),
            }),
        }
    }
    out.explicit = out.errors.is_empty();
}

/// `"weights": {"craft": 0.6, "depth": 0.4}` → the weights, each name and number checked, each
/// criterion once; any error makes the text's weights unusable.
fn json_weights(text: &str, w: &Value, out: &mut Parsed) {
    let errors_before = out.errors.len();
    out.weights_line = Some(line_col(text, w.at).0);
    if let JsonKind::Object(members) = &w.kind {
        for (name, v) in members {
            // A JSON number is always a decimal; the one failure is a value that cannot be
            // read exactly.
            let value = match &v.kind {
                JsonKind::Number(n) => {
                    crate::parse_decimal(n).map_err(|e| format!("weight for {name} {n} {e}"))
                }
                JsonKind::String(s) => Err(format!(
                    "weight for {name} {}",
                    crate::must_be_a_number(Some(s), v.describe())
                )),
                _ => Err(format!(
                    "weight for {name} {}",
                    crate::must_be_a_number(None, v.describe())
                )),
            };
            match (check_name(name), value) {
                (Ok(()), Ok(x)) => out.weights.push((name.clone(), x)),
                (Err(m), _) => out.errors.push(error_at(text, v, format!("weight {m}"))),
                (Ok(()), Err(m)) => out.errors.push(error_at(text, v, m)),
            }
        }
        let twice = crate::matrix::duplicates(members.iter().map(|(n, _)| n.as_str()));
        if !twice.is_empty() {
            let message = crate::WeightError::Duplicate(twice).to_string();
            out.errors.push(error_at(text, w, message));
        }
    } else {
        let message = format!(
            "\"weights\" must be an object of numbers, as in {{\"craft\": 0.6, \"depth\": 0.4}}, not {}",
            w.describe()
        );
        out.errors.push(error_at(text, w, message));
    }
    if let Some(e) = out.errors[errors_before..].first() {
        out.weights_error = Some(e.line);
    }
}

/// Notes the keys of `object` that are not in `used`, sorted and once each (inserted in
/// order: no sort code in the wasm).
fn unused_keys(object: &Value, used: &[&str], out: &mut Parsed) {
    let mut unknown: Vec<&str> = Vec::new();
    if let JsonKind::Object(members) = &object.kind {
        for (k, _) in members {
            if !used.contains(&k.as_str()) {
                if let Err(at) = unknown.binary_search(&k.as_str()) {
                    unknown.insert(at, k);
                }
            }
        }
    }
    // Joined by hand: `[&str]::join` would be one more copy of the standard join.
    let mut note = String::new();
    for k in unknown {
        note.push_str(if note.is_empty() {
            "JSON keys not used: "
        } else {
            ", "
        });
        note.push_str(k);
    }
    if !note.is_empty() {
        out.notes.push(note);
    }
}

/// One object of a JSON item list → an item, or the message for its first problem.
fn json_item(value: &Value) -> Result<Item, String> {
    if !matches!(value.kind, JsonKind::Object(_)) {
        return Err(format!(
            "an item must be an object with \"impact\", not {}",
            value.describe()
        ));
    }
    let text = json_str(value, "text")?;
    let description = json_str(value, "description")?;
    let evidence = json_str(value, "evidence")?;
    let criterion = json_str(value, "criterion")?;
    let perspective = json_str(value, "perspective")?;
    let impact = json_impact(value.get("impact"), "impact", true)?;
    let mut body = text.or(description).unwrap_or_default().to_string();
    if let Some(ev) = evidence.filter(|e| !e.is_empty()) {
        body = if body.is_empty() {
            ev.to_string()
        } else {
            format!("{body} — {ev}")
        };
    }
    let mut it = Item::new(impact, body.trim());
    // An item with a bad label is an error and contributes nothing.
    for (label, value) in [("criterion", criterion), ("perspective", perspective)] {
        if let Some(name) = value {
            check_name(name).map_err(|m| format!("{label} {m}"))?;
        }
    }
    it.criterion = criterion.map(str::to_string);
    it.perspective = perspective.map(str::to_string);
    Ok(it)
}

/// An impact given as a JSON number equal to one of the eight values (`3`, `-2`, `3.0`,
/// `5E0`, as Python reads them) or, where `strings` allows, a string (`"+3"`, `"−2"`).
fn json_impact(v: Option<&Value>, key: &str, strings: bool) -> Result<Impact, String> {
    let set = Impact::list(&Impact::ALL);
    let not_in_set = |n: &str| format!("impact {n} is not one of {set}");
    match v.map(|v| (v, &v.kind)) {
        None | Some((_, JsonKind::Null)) => Err(format!("\"{key}\" is missing (one of {set})")),
        Some((_, JsonKind::Number(n))) => match crate::parse_decimal(n) {
            Ok(x) if x.fract() == 0.0 && x.abs() <= 5.0 => {
                Impact::from_value(x as i64).ok_or_else(|| not_in_set(n))
            }
            _ => Err(not_in_set(n)),
        },
        Some((_, JsonKind::String(s))) if strings => impact_of(s.trim()),
        Some((other, kind)) => Err(format!(
            "\"{key}\" must be a number, one of {set}, not {}",
            match kind {
                JsonKind::String(s) => format!("a string (\"{s}\")"),
                _ => other.describe().to_string(),
            }
        )),
    }
}

fn feedback_json(text: &str, doc: &Value, out: &mut Parsed) {
    // The buckets are the document's members, or its "evidence" object's when it has one.
    let mut top = doc;
    for (what, v) in [
        ("feedback JSON", Some(doc)),
        ("\"evidence\"", doc.get("evidence")),
    ] {
        let Some(v) = v else { continue };
        if !matches!(v.kind, JsonKind::Object(_)) {
            let message = format!("{what} must be an object of buckets, not {}", v.describe());
            out.errors.push(error_at(text, v, message));
            return;
        }
        top = v;
    }
    let mut any = false;
    for bucket in Bucket::ALL {
        let Some(list) = top.get(bucket.key()) else {
            continue;
        };
        any = true;
        let JsonKind::Array(values) = &list.kind else {
            out.errors.push(error_at(
                text,
                list,
                format!("\"{}\" must be a list of items", bucket.key()),
            ));
            continue;
        };
        for (i, value) in values.iter().enumerate() {
            if out.entries.len() >= MAX_ITEMS {
                out.errors.push(error_at(text, value, too_many_items()));
                return;
            }
            match bucket_item(value, bucket) {
                Ok(item) => out.entries.push(Entry {
                    line: line_col(text, value.at).0,
                    item,
                }),
                Err(m) => out.errors.push(error_at(
                    text,
                    value,
                    format!("{} item {}: {m}", bucket.key(), i + 1),
                )),
            }
        }
    }
    if any {
        let keys: Vec<&str> = Bucket::ALL.iter().map(|b| b.key()).collect();
        unused_keys(top, &keys, out);
    } else {
        out.errors.push(LineError {
            line: 1,
            column: Some(1),
            message: "a JSON object needs \"items\" (a list of items) or the buckets working, not_working, missing, confusing (or an \"evidence\" object holding them)".into(),
        });
    }
}

/// One object of a bucket's list (`{"value": 3, "text": "…"}`, other keys ignored) → an item.
fn bucket_item(value: &Value, bucket: Bucket) -> Result<Item, String> {
    if !matches!(value.kind, JsonKind::Object(_)) {
        return Err(format!(
            "an item must be an object with \"value\" and \"text\", not {}",
            value.describe()
        ));
    }
    let text = json_str(value, "text")?;
    let impact = json_impact(value.get("value"), "value", false)?;
    if !bucket.allowed().contains(&impact) {
        return Err(format!(
            "value {impact} is not allowed in {}: use {}",
            bucket.key(),
            Impact::list(bucket.allowed())
        ));
    }
    let mut it = Item::new(impact, text.unwrap_or_default().trim());
    it.bucket = Some(bucket);
    Ok(it)
}
