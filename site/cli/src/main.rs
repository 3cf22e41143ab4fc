//! `pickanumber score [FILE]`: reads evidence items (stdin when no file), scores them with the
//! formula crate and prints one JSON object.
//!
//! Exit codes: 0 when every item line was valid, 1 when some line was an error (the JSON is
//! still printed), 2 for usage errors or unreadable input (a message on stderr, no JSON).

use pickanumber_score::{LineError, Params, Pooled};
use std::io::{Read, Write};
use std::process::ExitCode;

const HELP: &str = "\
pickanumber — score evidence items with the pickanumber formula

USAGE:
    pickanumber score [FILE]     read items from FILE (or stdin) and print the score as JSON
    pickanumber --help           show this text

ITEMS (one per line):
    +5 the final state is correct        signed impact, then the text
    3 Settings was opened                unsigned means positive (+3)
    -2 wrong pane first                  ASCII '-' or Unicode minus '−'
    (+1) cleanup done                    the impact may be in parentheses
    - (+3, craft) clear boundaries       a bullet may come first; a label names the criterion
    (+5, requester × brief_fidelity) …   or perspective × criterion ('x' works for '×')
    +1×25 routine finding                a run of 25 identical items

    Impacts must be one of +5, +3, +2, +1, −1, −2, −3, −5. A line that starts with a number
    but is not a valid item is an error; blank lines and headings are skipped; any other line
    is listed under \"ignored\".

OUTPUT:
    One JSON object: net_impact, total_items, normalized, raw, density, multiplier,
    final (integer, rounded half away from zero), final_unrounded, confidence,
    errors ([{\"line\": N, \"message\": \"…\"}]) and ignored (line numbers).

EXIT STATUS:
    0  every item line was valid
    1  some line was an error (the JSON is still printed)
    2  usage error or unreadable input (message on stderr, no JSON)
";

#[derive(serde::Serialize)]
struct Report<'a> {
    net_impact: i64,
    total_items: usize,
    normalized: f64,
    raw: f64,
    density: f64,
    multiplier: f64,
    #[serde(rename = "final")]
    final_score: i64,
    final_unrounded: f64,
    confidence: f64,
    errors: &'a [LineError],
    ignored: &'a [usize],
}

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

fn run(args: &[String]) -> Result<ExitCode, String> {
    let usage = "usage: pickanumber score [FILE] (see pickanumber --help)";
    match args.first().map(String::as_str) {
        Some("--help" | "-h" | "help") => {
            print!("{HELP}");
            return Ok(ExitCode::SUCCESS);
        }
        Some("score") => {}
        Some(other) => return Err(format!("unknown command '{other}'; {usage}")),
        None => return Err(format!("missing command; {usage}")),
    }
    let mut file = None;
    for arg in &args[1..] {
        match arg.as_str() {
            "--help" | "-h" => {
                print!("{HELP}");
                return Ok(ExitCode::SUCCESS);
            }
            "-" if file.is_none() => file = Some(None),
            a if a.starts_with('-') => return Err(format!("unknown option '{a}'; {usage}")),
            a if file.is_none() => file = Some(Some(a.to_string())),
            a => return Err(format!("unexpected argument '{a}'; {usage}")),
        }
    }
    let text = read_input(file.flatten().as_deref())?;
    let parsed = pickanumber_score::parse(&text);
    let params = Params::default();
    let s = Pooled::score(&parsed.items(), &params);
    let report = Report {
        net_impact: s.net_impact,
        total_items: s.total_items,
        normalized: s.normalized,
        raw: s.raw,
        density: s.density,
        multiplier: s.multiplier,
        final_score: s.final_integer(&params).unwrap_or_default(),
        final_unrounded: s.final_unrounded,
        confidence: s.confidence,
        errors: &parsed.errors,
        ignored: &parsed.ignored,
    };
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (e.g. `| head`) is not worth a panic.
    let _ = writeln!(stdout, "{json}");
    Ok(if parsed.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
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
