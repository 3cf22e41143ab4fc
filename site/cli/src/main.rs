//! `pickanumber score [FILE]`: reads evidence items (stdin when no file), scores them with the
//! formula crate and prints one JSON object.
//!
//! Exit codes: 0 when every item line was valid, 1 when some line was an error (the JSON is
//! still printed), 2 for usage errors or unreadable input (a message on stderr, no JSON).

use pickanumber_score::{
    analyse, parse_weights, Analysis, Mode, Outcome, Params, Pooled, Preset, Request, Rounding,
    Severity,
};
use serde_json::{json, Map, Value};
use std::io::{Read, Write};
use std::process::ExitCode;

const HELP: &str = "\
pickanumber — score evidence items with the pickanumber formula

USAGE:
    pickanumber score [FILE] [OPTIONS]   read items from FILE (or stdin), print the score as JSON
    pickanumber --help                   show this text

OPTIONS:
    --mode auto|pooled|matrix|feedback   how items combine (default auto: buckets → feedback,
                                         criteria or weights → matrix, else pooled)
    --preset generic|hackathon           criteria and weights of a preset matrix
    --weights a=0.3,b=0.2                criterion weights (divided by their sum if it is not 1)
    --report                             print the markdown report instead of JSON

ITEMS (one per line):
    +5 the final state is correct        signed impact, then the text
    3 Settings was opened                unsigned means positive (+3)
    -2 wrong pane first                  ASCII '-' or Unicode minus '−'
    (+1) cleanup done                    the impact may be in parentheses
    - (+3, craft) clear boundaries       a bullet may come first; a label names the criterion
    (+5, requester × brief_fidelity) …   or perspective × criterion ('x' works for '×')
    +1×25 routine finding                a run of 25 identical items
    ## Working / ## Not working / ## Missing / ## Confusing   bucket headings (feedback mode)
    ## Criterion: craft                  labels the items under it
    weights: craft=0.6, depth=0.4        sets weights

    Impacts must be one of +5, +3, +2, +1, −1, −2, −3, −5 (Confusing: −1, −2, −3 only).
    A line that starts with a number but is not a valid item is an error; blank lines and
    headings are skipped; any other line is listed under \"ignored\".

OTHER FORMATS (detected):
    a JSON array of {\"impact\": 3, \"text\": \"…\", \"criterion\": \"…\", \"perspective\": \"…\"};
    the four-bucket JSON {\"working\": [{\"value\": 3, \"text\": \"…\"}], \"not_working\": […], …}
    (also inside {\"evidence\": …}); spreadsheet rows (tab or comma) under a header naming an
    impact column; markdown table rows | +3 | craft | text |.

OUTPUT:
    One JSON object led by the mode's answer: mode, format, final (integer, rounded half away
    from zero), final_unrounded, confidence, then errors ([{\"line\": N, \"message\": \"…\"}]),
    ignored (line numbers), warnings, notes.
    pooled and feedback mode: final is the pool's (feedback: the four buckets pooled), beside
    net_impact, total_items, normalized, raw, density and multiplier; feedback mode adds
    buckets with the running score after each.
    matrix mode: final and confidence are the overall (weighted mean of the criteria finals)
    and its confidence (the lowest criterion confidence), null when the weights cannot be
    used (weights_error says why); overall, overall_unrounded, overall_confidence, span,
    self_check and criteria follow; the pool of all items, for reference only, is under
    \"pooled\".

EXIT STATUS:
    0  every item line was valid
    1  some line (or the weights) was an error; the output is still printed
    2  usage error or unreadable input (message on stderr, nothing on stdout)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("pickanumber: {message}");
            ExitCode::from(2)
        }
    }
}

const USAGE: &str = "usage: pickanumber score [FILE] [--mode M] [--preset P] [--weights a=0.3,b=0.2] [--report] (see pickanumber --help)";

fn run(args: &[String]) -> Result<ExitCode, String> {
    match args.first().map(String::as_str) {
        Some("--help" | "-h" | "help") => {
            print!("{HELP}");
            return Ok(ExitCode::SUCCESS);
        }
        Some("score") => {}
        Some(other) => return Err(format!("unknown command '{other}'; {USAGE}")),
        None => return Err(format!("missing command; {USAGE}")),
    }
    let mut file: Option<String> = None;
    let mut request = Request::default();
    let mut report = false;
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        let mut value = |name: &str| {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value; {USAGE}"))
        };
        match arg.as_str() {
            "--help" | "-h" => {
                print!("{HELP}");
                return Ok(ExitCode::SUCCESS);
            }
            "--report" => report = true,
            "--mode" => {
                let v = value("--mode")?;
                request.mode = Mode::from_name(&v).ok_or_else(|| {
                    format!("--mode '{v}' is not one of auto, pooled, matrix, feedback")
                })?;
            }
            "--preset" => {
                let v = value("--preset")?;
                request.preset =
                    Some(Preset::from_name(&v).ok_or_else(|| {
                        format!("--preset '{v}' is not one of generic, hackathon")
                    })?);
            }
            "--weights" => {
                let v = value("--weights")?;
                request.weights = Some(parse_weights(&v).map_err(|e| format!("--weights: {e}"))?);
            }
            "-" if file.is_none() => file = Some("-".into()),
            a if a.starts_with('-') => return Err(format!("unknown option '{a}'; {USAGE}")),
            a if file.is_none() => file = Some(a.to_string()),
            a => return Err(format!("unexpected argument '{a}'; {USAGE}")),
        }
    }
    let text = read_input(file.as_deref().filter(|f| *f != "-"))?;
    let a = analyse(&text, &request);
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (e.g. `| head`) is not worth a panic.
    let _ = if report {
        write!(stdout, "{}", pickanumber_score::report::markdown(&a))
    } else {
        let json = serde_json::to_string_pretty(&to_json(&a)).map_err(|e| e.to_string())?;
        writeln!(stdout, "{json}")
    };
    Ok(if a.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The pooled keys of one score, with `final` an integer when rounded.
fn pooled_json(p: &Pooled, params: &Params) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("net_impact".into(), json!(p.net_impact));
    m.insert("total_items".into(), json!(p.total_items));
    m.insert("normalized".into(), json!(p.normalized));
    m.insert("raw".into(), json!(p.raw));
    m.insert("density".into(), json!(p.density));
    m.insert("multiplier".into(), json!(p.multiplier));
    m.insert(
        "final".into(),
        match p.final_integer(params) {
            Some(n) => json!(n),
            None => json!(p.final_score),
        },
    );
    m.insert("final_unrounded".into(), json!(p.final_unrounded));
    m.insert("confidence".into(), json!(p.confidence));
    m
}

/// The headline's number: an integer when rounded.
fn score_json(score: f64, rounded: bool) -> Value {
    if rounded {
        json!(score as i64)
    } else {
        json!(score)
    }
}

fn to_json(a: &Analysis) -> Value {
    let p = &a.params;
    let mut m = Map::new();
    m.insert("mode".into(), json!(a.mode()));
    m.insert("format".into(), json!(a.format));
    match &a.outcome {
        Outcome::Pooled(pool) => m.extend(pooled_json(pool, p)),
        Outcome::Feedback(f) => {
            m.extend(pooled_json(f.total(), p));
            let buckets: Vec<Value> = f
                .buckets
                .iter()
                .map(|b| {
                    json!({
                        "bucket": b.bucket,
                        "items": b.items.iter().map(|i| json!({"impact": i.impact, "text": i.text})).collect::<Vec<_>>(),
                        "running": Value::Object(pooled_json(&b.running, p)),
                    })
                })
                .collect();
            m.insert("buckets".into(), Value::Array(buckets));
        }
        Outcome::Matrix(x) => {
            // The headline is the overall; the pool of all items is context, under `pooled`.
            let h = a.headline();
            m.insert(
                "final".into(),
                h.map_or(Value::Null, |h| score_json(h.score, h.rounded)),
            );
            m.insert(
                "final_unrounded".into(),
                h.map_or(Value::Null, |h| json!(h.unrounded)),
            );
            m.insert(
                "confidence".into(),
                h.map_or(Value::Null, |h| json!(h.confidence)),
            );
            match &x.result {
                Ok(s) => {
                    m.insert(
                        "overall".into(),
                        score_json(s.overall, p.rounding == Rounding::HalfAwayFromZero),
                    );
                    m.insert("overall_unrounded".into(), json!(s.overall_unrounded));
                    m.insert("overall_confidence".into(), json!(s.overall_confidence));
                    m.insert("span".into(), json!(s.span));
                    m.insert("self_check".into(), json!(s.self_check));
                    let criteria: Vec<Value> = s
                        .criteria
                        .iter()
                        .map(|c| {
                            let mut o = Map::new();
                            o.insert("name".into(), json!(c.name));
                            o.insert("weight".into(), json!(c.weight));
                            o.extend(pooled_json(&c.pooled, p));
                            Value::Object(o)
                        })
                        .collect();
                    m.insert("criteria".into(), Value::Array(criteria));
                }
                Err(e) => {
                    m.insert("weights_error".into(), json!(e.to_string()));
                }
            }
            m.insert("pooled".into(), Value::Object(pooled_json(&x.pool, p)));
        }
    }
    let errors: Vec<Value> = a
        .diagnostics_of(Severity::Error)
        .map(|d| {
            let mut o = Map::new();
            if let Some(l) = d.line {
                o.insert("line".into(), json!(l));
            }
            if let Some(c) = d.column {
                o.insert("column".into(), json!(c));
            }
            o.insert("message".into(), json!(d.message));
            Value::Object(o)
        })
        .collect();
    m.insert("errors".into(), Value::Array(errors));
    m.insert("ignored".into(), json!(a.ignored));
    m.insert("warnings".into(), json!(a.messages(Severity::Warning)));
    m.insert("notes".into(), json!(a.messages(Severity::Note)));
    Value::Object(m)
}

fn read_input(path: Option<&str>) -> Result<String, String> {
    let bytes = match path {
        Some(p) => std::fs::read(p).map_err(|e| format!("cannot read {p}: {e}"))?,
        None => {
            let mut buf = Vec::new();
            std::io::stdin()
                .read_to_end(&mut buf)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            buf
        }
    };
    let name = path.unwrap_or("standard input");
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}
