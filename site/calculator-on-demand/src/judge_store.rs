//! Saved passes: each a judge's name, the items as typed and the headline they scored, kept in
//! the browser as one judge store document, the `_judge/<slug>.json` shape `pickanumber score
//! --save` writes (`{"id", "title", "created", "versions": [{"version", "timestamp", "summary",
//! "evidence", "scores"}, …]}`; a document that names the list `passes`, its old name, is read
//! the same), so the stored text is also the export. Each saved version here is one judge's
//! pass, which is why the calculator's words say "pass".
//!
//! Data flow: the stored text → [`decode`] (the judge store's codec,
//! [`pickanumber_text::judge_doc`], which the CLI reads and writes the document with too; a
//! document from an earlier version of the page, or any other text, is refused with a message) → a list of
//! [`Saved`] → [`save`], [`import`] or [`reopen`] → [`encode`] → stored again, and [`panel`]
//! (the list the calculator shows). Each pass adds, beside score.py's keys, `judge`, `mode` and
//! `text` (the items as typed, which reopening puts back in the input); its `evidence` is the
//! items as the four feedback buckets when every item has one, else as a JSON item list; its
//! `scores` hold `final` and `confidence`, which `pickanumber versions` lists. A document written
//! by the CLI has no `text`: its `evidence` is read back as the feedback JSON it is.

use pickanumber_result_view::escape;
use pickanumber_score::json::Kind;
use pickanumber_score::{analyse, Analysis, Bucket, Item, Request};
use pickanumber_text::judge_doc::{self, Pretty};
use std::fmt::Write as _;

/// One saved pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The judge's name.
    pub judge: String,
    /// The items as typed (any input format).
    pub text: String,
    /// When it was saved (ISO 8601, UTC).
    pub timestamp: String,
    /// The mode it was scored in.
    pub mode: String,
    /// Its headline as printed (`66`, `—` when nothing was read).
    pub score: String,
    /// Its confidence as printed (`0.20`).
    pub confidence: String,
}

impl Saved {
    /// The pass of `judge` for `text`, scored with `request`.
    pub fn new(judge: &str, text: &str, request: &Request, timestamp: &str) -> Saved {
        let a = analyse(text, request);
        let (score, confidence) = a.headline().map_or(("—".into(), "—".into()), |h| {
            (h.score_text(), h.confidence_text())
        });
        Saved {
            judge: judge.trim().to_string(),
            text: text.to_string(),
            timestamp: timestamp.to_string(),
            mode: a.mode().name().to_string(),
            score,
            confidence,
        }
    }
}

/// The document of `list`, created at the first pass's time, written by the judge store's
/// codec ([`judge_doc`]) in the style the CLI writes.
pub fn encode(list: &[Saved]) -> String {
    let mut w = Pretty::default();
    w.open('{');
    for (key, value) in [
        ("id", "calculator"),
        ("title", "Passes saved in the calculator"),
        ("created", list.first().map_or("", |s| s.timestamp.as_str())),
    ] {
        w.key(key);
        w.string(value);
    }
    w.key(judge_doc::LIST);
    w.open('[');
    for (i, s) in list.iter().enumerate() {
        w.item();
        w.open('{');
        w.key("version");
        w.raw(&(i + 1).to_string());
        for (key, value) in [
            ("timestamp", &s.timestamp),
            ("summary", &s.judge),
            ("judge", &s.judge),
            ("mode", &s.mode),
            ("text", &s.text),
        ] {
            w.key(key);
            w.string(value);
        }
        w.key("evidence");
        evidence(&mut w, &analyse(&s.text, &Request::default()));
        w.key("scores");
        w.open('{');
        for (key, value) in [("final", &s.score), ("confidence", &s.confidence)] {
            w.key(key);
            w.raw(if value.parse::<f64>().is_ok() {
                value
            } else {
                "null"
            });
        }
        w.close('}');
        w.close('}');
    }
    w.close(']');
    w.close('}');
    w.out.push('\n');
    w.out
}

/// The items as the four buckets (`{"working": [{"value": 3, "text": …}], …}`) when every item
/// has one, else as a JSON item list (`[{"impact": 3, "text": …, "criterion": …}]`).
fn evidence(w: &mut Pretty, a: &Analysis) {
    let items: Vec<_> = a.entries.iter().map(|e| &e.item).collect();
    let item = |w: &mut Pretty, key: &str, i: &Item| {
        w.item();
        w.open('{');
        w.key(key);
        w.raw(&i.impact.value().to_string());
        w.key("text");
        w.string(&i.text);
    };
    if !items.is_empty() && items.iter().all(|i| i.bucket.is_some()) {
        w.open('{');
        for b in Bucket::ALL {
            w.key(b.key());
            w.open('[');
            for i in items.iter().filter(|i| i.bucket == Some(b)) {
                item(w, "value", i);
                w.close('}');
            }
            w.close(']');
        }
        w.close('}');
        return;
    }
    w.open('[');
    for i in items {
        item(w, "impact", i);
        for (key, label) in [("criterion", &i.criterion), ("perspective", &i.perspective)] {
            if let Some(l) = label {
                w.key(key);
                w.string(l);
            }
        }
        w.close('}');
    }
    w.close(']');
}

/// Reads a stored or imported document (empty text: no passes).
///
/// # Errors
/// A message saying why the text is not a judge document, or which pass has no items.
pub fn decode(text: &str) -> Result<Vec<Saved>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let doc = judge_doc::read(text).map_err(|why| format!("not a judge document: {why}"))?;
    doc.versions()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let string = |key: &str| match p.get(key).map(|v| &v.kind) {
                Some(Kind::String(s)) => Some(s.clone()),
                _ => None,
            };
            let text = match (string("text"), p.get("evidence")) {
                (Some(t), _) => t,
                (None, Some(e)) => {
                    let mut w = Pretty::default();
                    w.open('{');
                    w.key("evidence");
                    w.value(e);
                    w.close('}');
                    w.out
                }
                (None, None) => {
                    return Err(format!(
                        "pass {} has neither \"text\" nor \"evidence\"",
                        i + 1
                    ))
                }
            };
            let judge = string("judge")
                .or_else(|| string("summary"))
                .filter(|j| !j.trim().is_empty())
                .unwrap_or_else(|| format!("v{}", i + 1));
            let timestamp = string("timestamp").unwrap_or_default();
            let mut saved = Saved::new(&judge, &text, &Request::default(), &timestamp);
            // The numbers stored with the pass win: it may have been scored with settings
            // (weights, a preset) that the document does not keep.
            let scores = p.get("scores");
            let stored = |key: &str| match scores.and_then(|s| s.get(key)).map(|v| &v.kind) {
                Some(Kind::Number(n)) => Some(n.to_string()),
                _ => None,
            };
            if let Some(score) = stored("final") {
                saved.score = score;
                saved.confidence = stored("confidence").unwrap_or_else(|| "—".into());
            }
            if let Some(mode) = string("mode") {
                saved.mode = mode;
            }
            Ok(saved)
        })
        .collect()
}

/// The saved passes as the calculator lists them: each with its judge, headline, mode and
/// time, and a button that reopens it (`data-reopen`), then the buttons that put them all in
/// the input as passes (`#combine-passes`), export (`#export-passes`), import
/// (`#import-passes`) and forget (`#forget-passes`) them.
pub fn panel(list: &[Saved]) -> String {
    let w = &crate::island_words::CALCULATOR_PASSES;
    let mut h = format!(
        "<p class=\"calc-label\">{}</p><ol id=\"saved-passes\">",
        escape(w.list)
    );
    let reopen = escape(w.reopen);
    for (i, s) in list.iter().enumerate() {
        let line = pickanumber_result_view::fill(
            w.line,
            &[
                ("judge", &s.judge),
                ("score", &s.score),
                ("confidence", &s.confidence),
                ("mode", &s.mode),
                ("time", &s.timestamp),
            ],
        );
        let _ = write!(
            h,
            "<li>{line} <button type=\"button\" data-reopen=\"{i}\">{reopen}</button></li>"
        );
    }
    let _ = write!(
        h,
        "</ol><button type=\"button\" id=\"combine-passes\">{}</button> \
<button type=\"button\" id=\"export-passes\">{}</button> \
<button type=\"button\" id=\"import-passes\">{}</button> \
<button type=\"button\" id=\"forget-passes\">{}</button>",
        escape(w.combine),
        escape(w.export),
        escape(w.import),
        escape(w.forget)
    );
    h
}

/// The panel when the stored passes cannot be read: only the buttons that copy them as they
/// are (`#export-passes`) and forget them (`#forget-passes`), none that would write over them.
pub fn unreadable_panel() -> String {
    let w = &crate::island_words::CALCULATOR_PASSES;
    format!(
        "<p class=\"calc-label\">{}</p><button type=\"button\" id=\"export-passes\">{}</button> \
<button type=\"button\" id=\"forget-passes\">{}</button>",
        escape(w.list),
        escape(w.export),
        escape(w.forget)
    )
}

/// The saved passes as one text of several judges' passes: each under a `## Pass: <judge>`
/// heading (a judge named twice gets ` (2)`, ` (3)` … so each pass keeps its own name), which
/// the calculator then combines.
pub fn gathered(list: &[Saved]) -> String {
    let mut names: Vec<String> = Vec::new();
    let mut out = String::new();
    for s in list {
        let mut name = s.judge.clone();
        let mut k = 1;
        while names.contains(&name) {
            k += 1;
            name = format!("{} ({k})", s.judge);
        }
        let _ = write!(out, "## Pass: {name}\n{}\n\n", s.text.trim_end());
        names.push(name);
    }
    out.trim_end().to_string()
}

/// The passes of `stored` with `added` at the end: the new stored text.
///
/// # Errors
/// Why `stored` could not be read.
pub fn save(stored: &str, added: Vec<Saved>) -> Result<String, String> {
    let mut list = decode(stored)?;
    list.extend(added);
    Ok(encode(&list))
}

/// The items of saved pass `index`, if there is one.
pub fn reopen(stored: &str, index: usize) -> Option<String> {
    decode(stored).ok()?.into_iter().nth(index).map(|s| s.text)
}

/// `stored` with the passes of the document `text` added: the new stored text.
///
/// # Errors
/// Why either could not be read (the stored passes are then unchanged).
pub fn import(stored: &str, text: &str) -> Result<String, String> {
    let added = decode(text)?;
    if added.is_empty() {
        return Err("the document has no passes".into());
    }
    save(stored, added)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pickanumber_score::json;

    fn pass(judge: &str, text: &str) -> Saved {
        Saved::new(judge, text, &Request::default(), "2026-11-24T06:00:00Z")
    }

    #[test]
    fn a_saved_pass_reopens_with_the_same_items_and_judge() {
        let text = "+3 the \"tests\" pass\n-1 a warning\n(+2, craft) tidy ü";
        let stored = save("", vec![pass("claude", text)]).unwrap();
        assert_eq!(reopen(&stored, 0).as_deref(), Some(text));
        assert_eq!(reopen(&stored, 1), None);
        let list = decode(&stored).unwrap();
        assert_eq!(list, vec![pass("claude", text)]);
        let stored = save(&stored, vec![pass("gpt", "+1 x")]).unwrap();
        assert_eq!(decode(&stored).unwrap().len(), 2);
        // +1 alone: raw 58, multiplier 0.7625, 50 + 8 × 0.7625 = 56.1 → 56.
        assert!(panel(&decode(&stored).unwrap()).contains("gpt: 56 · confidence 0.05 · pooled"));
    }

    #[test]
    fn saved_passes_gather_into_one_text_of_named_passes() {
        let list = [
            pass("claude", "+3 a\n"),
            pass("claude", "-1 b"),
            pass("gpt", "+2 a"),
        ];
        let text = gathered(&list);
        assert_eq!(
            text,
            "## Pass: claude\n+3 a\n\n## Pass: claude (2)\n-1 b\n\n## Pass: gpt\n+2 a"
        );
        let a = analyse(&text, &Request::default());
        assert!(!a.has_errors(), "{:?}", a.diagnostics);
        assert_eq!(a.passes.map(|p| p.passes.len()), Some(3));
    }

    #[test]
    fn the_document_has_the_judge_store_keys() {
        let stored = save("", vec![pass("claude", "+3 a\n-1 b")]).unwrap();
        let doc = json::parse(&stored).unwrap();
        for key in ["id", "title", "created", "versions"] {
            assert!(doc.get(key).is_some(), "{key} in {stored}");
        }
        let Some(Kind::Array(passes)) = doc.get("versions").map(|p| p.kind.clone()) else {
            panic!("{stored}")
        };
        for key in ["version", "timestamp", "summary", "evidence", "scores"] {
            assert!(passes[0].get(key).is_some(), "{key} in {stored}");
        }
        let scores = passes[0].get("scores").unwrap();
        // net +2 over 2 items: raw 50 + 8 × 2/√2 = 61.31, multiplier 0.775: 58.77 → 59.
        assert_eq!(scores.get("final").unwrap().kind, Kind::Number("59"));
        assert_eq!(scores.get("confidence").unwrap().kind, Kind::Number("0.10"));
    }

    #[test]
    fn a_document_the_cli_wrote_imports_from_its_evidence() {
        let cli = r#"{"id": "x", "title": "X", "created": "t", "passes": [{"version": 1, "timestamp": "t", "summary": "first", "evidence": {"working": [{"value": 3, "text": "ok"}], "not_working": [], "missing": [{"value": -1, "text": "docs"}], "confusing": []}, "scores": {"final": 56}}]}"#;
        let stored = import("", cli).unwrap();
        let list = decode(&stored).unwrap();
        assert_eq!(list[0].judge, "first");
        assert_eq!(list[0].mode, "feedback");
        assert_eq!(list[0].score, "56");
        assert_eq!(list[0].confidence, "—");
        // Saved again with its text, the buckets come back as they were, written as the CLI
        // writes a document.
        let evidence = "\"evidence\": {\n        \"working\": [\n          {\n            \"value\": 3,\n            \"text\": \"ok\"\n          }\n        ],\n        \"not_working\": [],\n        \"missing\": [\n          {\n            \"value\": -1,\n            \"text\": \"docs\"\n          }\n        ],\n        \"confusing\": []\n      },";
        assert!(stored.contains(evidence), "{stored}");
    }

    #[test]
    fn unreadable_passes_get_no_button_that_writes_over_them() {
        let p = unreadable_panel();
        assert!(p.contains("id=\"export-passes\"") && p.contains("id=\"forget-passes\""));
        for writes in ["combine-passes", "import-passes", "data-reopen"] {
            assert!(!p.contains(writes), "{writes} in {p}");
        }
    }

    #[test]
    fn text_that_is_not_a_judge_document_is_refused() {
        let old = decode("v2 76 250 pooled").unwrap_err();
        assert!(old.starts_with("not a judge document: "), "{old}");
        assert_eq!(
            decode("{}"),
            Err("not a judge document: it has no \"versions\" list".into())
        );
        assert_eq!(
            import("", "{\"passes\": []}"),
            Err("the document has no passes".into())
        );
        assert_eq!(decode(""), Ok(vec![]));
    }
}
