//! **Probe** → the summary lines a command prints (`aggregate.json`, the original
//! aggregator's keys and nesting, is the `aggregate` module's, re-exported here as
//! `aggregate_json` with the `json` feature). `REPORT.md` is a view, in the words of
//! `content/layout.toml`: `pickanumber_result_view::probe_report::markdown`, which the command line
//! passes to `fs::write_outputs` (this crate cannot depend on the view crate, which depends on
//! it).

#[cfg(feature = "json")]
pub use super::aggregate::aggregate_json;
use super::{Probe, MAX_FAILED_PERCENT};
use pickanumber_text::numtext::four;

/// How many items the "most variable" table lists.
pub const MOST_VARIABLE: usize = 5;

/// The lines a command prints after computing the probe: the regime announced with the runs it
/// was read from (or why none is), the run counts, the four metrics, then one line per failed
/// run.
///
/// ```
/// use pickanumber_instruments::probe::{probe, report, ItemsSpec, Run};
/// let p = probe(&[Run::scored("run-001.json", vec![5, 6, 5])], &ItemsSpec::default());
/// assert_eq!(
///     report::summary_lines(&p),
///     [
///         "Regime: PICKS_A_NUMBER, from 1 run read",
///         "  successful_runs=1 failed=0",
///         "  ceiling_rate=0.0000 floor_rate=0.0000 range=1 mean_per_item_std=absent",
///     ]
/// );
/// ```
pub fn summary_lines(p: &Probe) -> Vec<String> {
    let st = &p.statistics;
    let mut lines = vec![
        regime_line(p),
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

/// The first summary line: `Regime: CALIBRATED, from 12 runs read (1 failed)`, or `Regime:
/// none` and why: no run was read, or more than [`MAX_FAILED_PERCENT`] % of them failed.
fn regime_line(p: &Probe) -> String {
    let st = &p.statistics;
    let runs = |n: usize| format!("{n} run{}", if n == 1 { "" } else { "s" });
    match p.announced() {
        Some(r) if st.failed_runs == 0 => format!("Regime: {r}, from {} read", runs(st.successful_runs)),
        Some(r) => format!(
            "Regime: {r}, from {} read ({} failed)",
            runs(st.successful_runs),
            st.failed_runs
        ),
        None if st.failed_runs == 0 => "Regime: none: no run was read".to_string(),
        None => format!(
            "Regime: none: {} of {} failed, more than the {MAX_FAILED_PERCENT}% the probe announces a regime with; fix the failed runs and probe again",
            st.failed_runs,
            runs(st.successful_runs + st.failed_runs)
        ),
    }
}
