//! `pickanumber score`: text → [`pickanumber_score::analyse`] (with a rubric's request and cell
//! warnings under `--rubric`) → one JSON object (or the markdown report, ending with the
//! rubric's traps to tick), or, with `--compat score-py`, `--save` or `--load`, the feedback judge's
//! score.py behaviour: the scores object ([`crate::compat`]) and the judge store
//! ([`crate::judge`]).
//!
//! This module only chooses the path and prints; the formula crate does every computation.

use crate::cli::ScoreArgs;
use crate::compat::{python_json, read_feedback};
use crate::judge::{inexact_integer, now, NewVersion, Store};
use crate::{print, read_input, Fatal};
use pickanumber_result::evaluate;
use pickanumber_score::Severity;
use serde_json::json;
use std::process::ExitCode;

/// Runs `pickanumber score` with its parsed options.
///
/// # Errors
/// A [`Fatal`] (exit 2) when the input cannot be read, is empty in score.py mode, or the judge
/// store cannot be read or written.
pub fn run(args: &ScoreArgs) -> Result<ExitCode, Fatal> {
    if args.load {
        let slug = args
            .slug
            .as_ref()
            .expect("clap requires --slug with --load");
        let out = match Store::from_env().load(slug)? {
            Some(doc) => doc.to_value(),
            None => json!({"error": "not_found", "slug": slug.as_str()}),
        };
        print(&format!("{}\n", python_json(&out)));
        return Ok(ExitCode::SUCCESS);
    }
    let text = read_input(args.input_path())?;
    if args.save || args.compat.is_some() {
        return score_py(args, &text);
    }
    let options = args.scoring.options()?;
    let e = evaluate(&text, &options);
    if args.report {
        let mut report = pickanumber_result_view::report::markdown(&e.analysis);
        if let Some(r) = options.rubric.as_ref().filter(|r| !r.traps.is_empty()) {
            report.push('\n');
            report.push_str(&r.trap_checklist());
        }
        crate::print_report(&report);
    } else {
        let json = serde_json::to_string_pretty(&e.result()).expect("a result serialises");
        print(&format!("{json}\n"));
    }
    Ok(ExitCode::from(e.exit_code()))
}

/// `--compat score-py` and `--save`: the scores object, and the pass on disk.
fn score_py(args: &ScoreArgs, text: &str) -> Result<ExitCode, Fatal> {
    let name = || {
        args.input_path()
            .map_or_else(|| "standard input".to_string(), |p| p.display().to_string())
    };
    if text.trim().is_empty() {
        return Err(Fatal(format!("no evidence: {} is empty", name())));
    }
    if let Some(why) = inexact_integer(text).filter(|_| args.save) {
        return Err(Fatal(format!("{}: {why}; nothing was saved", name())));
    }
    let scored = match read_feedback(text) {
        Ok(s) => s,
        Err(errors) => {
            for e in errors {
                eprintln!("pickanumber: error: {e}");
            }
            return Ok(ExitCode::from(1));
        }
    };
    for severity in [Severity::Warning, Severity::Note] {
        for m in scored.analysis.messages(severity) {
            eprintln!("pickanumber: {}: {m}", severity.name());
        }
    }
    let scores = scored.scores();
    if !args.save {
        print(&format!("{}\n", python_json(&scores)));
        return Ok(ExitCode::SUCCESS);
    }
    let slug = args
        .slug
        .as_ref()
        .expect("clap requires --slug with --save");
    let saved = Store::from_env().append(
        slug,
        NewVersion {
            title: args.title.as_deref(),
            summary: args.summary.as_deref().unwrap_or(""),
            evidence: scored.evidence,
            scores: scores.clone(),
            timestamp: now(),
        },
    )?;
    let out = json!({
        "scores": scores,
        "saved_to": saved.path.display().to_string(),
        "version": saved.version,
        "versions_total": saved.versions_total,
    });
    print(&format!("{}\n", python_json(&out)));
    Ok(ExitCode::SUCCESS)
}
