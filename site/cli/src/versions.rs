//! `pickanumber versions --slug SLUG [--json]` (old name `pickanumber passes`, kept as an
//! alias): the versions saved for one evaluation, from the judge store ([`crate::judge`]) to a
//! table (or one JSON object), with the change in score and confidence from each version to
//! the next.
//!
//! Nothing is scored here: the numbers are the ones stored with each version, and a change is the
//! difference of two stored numbers, printed with the formula crate's display helpers.

use crate::judge::Slug;
use crate::judge::{Document, Store};
use crate::{print, terminal_text, Fatal};
use clap::Args;
use pickanumber_text::numtext::{fixed, signed_fixed};
use serde_json::{json, Value};
use std::process::ExitCode;

/// The long help of `pickanumber versions` after the option list.
pub const VERSIONS_HELP: &str = "\
OUTPUT:
    A table with one row per saved version: version, timestamp, score, the change in score
    from the previous version, confidence, its change, and the summary. With --json, one
    object: {\"id\", \"title\", \"versions\": [{\"version\", \"timestamp\", \"summary\",
    \"final\", \"confidence\", \"delta_final\", \"delta_confidence\"}]} (the deltas are null on
    the first version). The numbers are the stored ones; a change is the difference of two
    stored numbers. A version is one `pickanumber score --save`, not a pass (one judge's list
    of items). `pickanumber passes` is the old name of this command and still runs it.

EXIT STATUS:
    0  the versions were printed
    2  usage error, no document for the slug, or a document that cannot be read (message on
       stderr, nothing on stdout)";

/// Options of `pickanumber versions`.
#[derive(Debug, Args)]
pub struct VersionsArgs {
    /// The evaluation's name in the judge store ($JUDGE_DIR/SLUG.json).
    #[arg(long)]
    pub slug: Slug,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Runs `pickanumber versions`.
///
/// # Errors
/// A [`Fatal`] (exit 2) when the slug has no document or the document cannot be read.
pub fn run(args: &VersionsArgs) -> Result<ExitCode, Fatal> {
    let store = Store::from_env();
    let Some(doc) = store.load(&args.slug)? else {
        return Err(Fatal(format!(
            "no versions are saved for {}: {} does not exist (save one with `pickanumber score --save --slug {}`)",
            args.slug,
            store.path(&args.slug).display(),
            args.slug
        )));
    };
    let rows = rows(&doc);
    if args.json {
        let out = json!({
            "id": doc.text("id").unwrap_or(args.slug.as_str()),
            "title": doc.text("title"),
            "versions": rows.iter().map(Row::to_json).collect::<Vec<_>>(),
        });
        let text = serde_json::to_string_pretty(&out).expect("a JSON value serialises");
        print(&format!("{text}\n"));
    } else {
        print(&table(&doc, args.slug.as_str(), &rows));
    }
    Ok(ExitCode::SUCCESS)
}

/// One saved version as listed.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    version: Value,
    timestamp: String,
    summary: String,
    /// The stored `scores.final` (null when missing).
    score: Value,
    /// The stored `scores.confidence` (null when missing).
    confidence: Value,
    /// The change in score from the previous version; `None` on the first one or when a score
    /// is missing.
    delta_score: Option<f64>,
    /// The change in confidence from the previous version.
    delta_confidence: Option<f64>,
}

impl Row {
    fn to_json(&self) -> Value {
        // Stored finals are integers, so their difference is one too.
        let delta_final = match (self.delta_score, self.score.is_i64()) {
            (Some(d), true) => json!(d as i64),
            (Some(d), false) => json!(round2(d)),
            (None, _) => Value::Null,
        };
        json!({
            "version": self.version,
            "timestamp": self.timestamp,
            "summary": self.summary,
            "final": self.score,
            "confidence": self.confidence,
            "delta_final": delta_final,
            "delta_confidence": self.delta_confidence.map(round2),
        })
    }
}

/// A difference of two 2-decimal numbers, without the binary noise (0.35 − 0.25).
fn round2(x: f64) -> f64 {
    fixed(x, 2).parse().unwrap_or(x)
}

fn rows(doc: &Document) -> Vec<Row> {
    let mut out: Vec<Row> = Vec::new();
    let mut previous: Option<(Option<f64>, Option<f64>)> = None;
    for (i, pass) in doc.versions().iter().enumerate() {
        let text = |k: &str| {
            pass.get(k)
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        };
        let stored = |k: &str| {
            pass.get("scores")
                .and_then(|s| s.get(k))
                .cloned()
                .unwrap_or(Value::Null)
        };
        let (score, confidence) = (stored("final"), stored("confidence"));
        let now = (score.as_f64(), confidence.as_f64());
        let diff = |before: Option<f64>, after: Option<f64>| Some(after? - before?);
        let (delta_score, delta_confidence) = match previous {
            Some((s, c)) => (diff(s, now.0), diff(c, now.1)),
            None => (None, None),
        };
        previous = Some(now);
        out.push(Row {
            version: pass.get("version").cloned().unwrap_or(json!(i + 1)),
            timestamp: text("timestamp"),
            summary: text("summary"),
            score,
            confidence,
            delta_score,
            delta_confidence,
        });
    }
    out
}

fn number(v: &Value, decimals: usize) -> String {
    match v {
        Value::Number(n) if n.is_i64() || n.is_u64() => n.to_string(),
        Value::Number(n) => n.as_f64().map_or_else(String::new, |x| fixed(x, decimals)),
        Value::Null => "—".into(),
        other => other.to_string(),
    }
}

/// The heading line and an aligned table: numbers to the right, text to the left, the summary
/// last and unpadded; control characters in the stored text are shown escaped.
fn table(doc: &Document, slug: &str, rows: &[Row]) -> String {
    let title = terminal_text(doc.text("title").unwrap_or(slug));
    let n = rows.len();
    let mut out = format!(
        "{title} ({slug}): {n} version{}\n",
        if n == 1 { "" } else { "s" }
    );
    let header = [
        "version",
        "timestamp",
        "score",
        "Δ score",
        "confidence",
        "Δ confidence",
        "summary",
    ];
    let right = [true, false, true, true, true, true, false];
    let cells: Vec<[String; 7]> = rows
        .iter()
        .map(|r| {
            [
                terminal_text(&number(&r.version, 0)),
                terminal_text(&r.timestamp),
                terminal_text(&number(&r.score, 2)),
                r.delta_score
                    .map_or_else(|| "—".into(), |d| signed_fixed(d, 0)),
                terminal_text(&number(&r.confidence, 2)),
                r.delta_confidence
                    .map_or_else(|| "—".into(), |d| signed_fixed(d, 2)),
                terminal_text(&r.summary),
            ]
        })
        .collect();
    let width = |i: usize| {
        cells
            .iter()
            .map(|c| c[i].chars().count())
            .chain([header[i].chars().count()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..7).map(width).collect();
    let line = |c: [&str; 7]| {
        let mut s = String::new();
        for (i, cell) in c.iter().enumerate() {
            if i == 6 {
                s.push_str(cell);
                break;
            }
            let pad = " ".repeat(widths[i] - cell.chars().count());
            if right[i] {
                s.push_str(&pad);
                s.push_str(cell);
            } else {
                s.push_str(cell);
                s.push_str(&pad);
            }
            s.push_str("  ");
        }
        s.trim_end().to_string() + "\n"
    };
    out.push_str(&line(header));
    for c in &cells {
        out.push_str(&line(std::array::from_fn(|i| c[i].as_str())));
    }
    out
}
