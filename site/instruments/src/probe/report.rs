//! **Probe** → the summary lines a command prints (`aggregate.json`, the original
//! aggregator's keys and nesting, is the `aggregate` module's, re-exported here as
//! `aggregate_json` with the `json` feature). `REPORT.md` is a view, in the words of
//! `content/layout.toml`: `pickanumber_view::probe_report::markdown`, which the command line
//! passes to `fs::write_outputs` (this crate cannot depend on the view crate, which depends on
//! it).

#[cfg(feature = "json")]
pub use super::aggregate::aggregate_json;
use super::Probe;
use pickanumber_lean::numtext::four;

/// How many items the "most variable" table lists.
pub const MOST_VARIABLE: usize = 5;

/// The lines a command prints after computing the probe: the regime, the run counts, the four
/// metrics, then one line per failed run.
///
/// ```
/// use pickanumber_instruments::probe::{probe, report, ItemsSpec, Run};
/// let p = probe(&[Run::scored("run-001.json", vec![5, 6, 5])], &ItemsSpec::default());
/// assert_eq!(
///     report::summary_lines(&p),
///     [
///         "Regime: PICKS_A_NUMBER",
///         "  successful_runs=1 failed=0",
///         "  ceiling_rate=0.0000 floor_rate=0.0000 range=1 mean_per_item_std=absent",
///     ]
/// );
/// ```
pub fn summary_lines(p: &Probe) -> Vec<String> {
    let st = &p.statistics;
    let mut lines = vec![
        format!("Regime: {}", p.regime()),
        format!(
            "  successful_runs={} failed={}",
            st.successful_runs, st.failed_runs
        ),
    ];
    match p.metrics() {
        Some(m) => lines.push(format!(
            "  ceiling_rate={} floor_rate={} range={} mean_per_item_std={}",
            four(m.ceiling_rate),
            four(m.floor_rate),
            m.range,
            m.mean_per_item_std.map_or("absent".to_string(), four)
        )),
        None => lines.push("  no ratings: every run failed or was empty".to_string()),
    }
    for f in &p.failures {
        lines.push(format!("  failed {}: {}", f.label, f.reason));
    }
    lines
}
