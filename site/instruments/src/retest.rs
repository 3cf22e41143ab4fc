//! How steady is the judge: the same works judged several times, and how far the formula's
//! final (and the judge's own number) moves from run to run.
//!
//! **runs** (JSON Lines, one judging a line: the work, the judge's answer, optionally its
//! naive number, a probe label, the grader's and the judged model's names; [`runs::read`]) →
//! **finals** (each answer scored on its own with the request, as `pickanumber score` scores
//! it, its evidence checked first against its work when the run names one (`against`) or the
//! request has one, as `score --against` checks it; a run that gives no score, and a work
//! with one run, is named with its line, and no figure is made) → **per work** (every run's final, their standard deviation and range,
//! whether they fall on both sides of `--fail-under`; the same for the naive numbers) →
//! **overall** ([`Retest`]: `final_sd`, the square root of the mean over works of each work's
//! sample variance, `naive_sd` the same for the naive numbers, `flip_rate` and
//! `naive_flip_rate` the share of works whose runs fall on both sides of the gate, each with a
//! seeded bootstrap percentile interval over the works, [`bootstrap`]) → **groups** (with
//! `--by KEY`: each label's runs, and the shift of each work's mean final from the first
//! label's, with its interval) → JSON ([`Retest::to_json`]), summary lines or markdown with
//! an SVG strip per work ([`report`]).
//!
//! Where the runs come from is the caller's business: any harness that judges each work
//! several times and keeps every answer; the judge loop of the Python and npm packages writes
//! one with `repeat` and `runs`. Runs of one work whose rubric hashes differ are refused.
//!
//! ```
//! use pickanumber_instruments::retest::{retest, runs, Options};
//! use pickanumber_instruments::calibrate::Scale;
//!
//! let text = concat!(
//!     "{\"work\": \"a\", \"output\": \"+3 tests pass\\n+2 clear\", \"naive\": 80}\n",
//!     "{\"work\": \"a\", \"output\": \"+3 tests pass\\n-1 slow\", \"naive\": 60}\n",
//!     "{\"work\": \"b\", \"output\": \"-2 no tests\", \"naive\": 30}\n",
//!     "{\"work\": \"b\", \"output\": \"-2 no tests\", \"naive\": 30}\n",
//! );
//! let runs = runs::read(text, Scale::default(), None).unwrap();
//! let options = Options { fail_under: Some(60.0), ..Options::default() };
//! let r = retest(&runs, &options).unwrap();
//! assert_eq!(r.works[0].finals, [72.0, 59.0]); // work a: net +5, then net +2, of 2 items
//! assert_eq!(r.works[0].flips, Some(true)); // 72 passes 60, 59 does not
//! assert_eq!(r.works[1].sd, 0.0);
//! // Sample variances 84.5 and 0: final_sd = √((84.5 + 0) / 2) = 6.5; naive: √((200 + 0) / 2).
//! assert_eq!(r.final_sd.value, Some(6.5));
//! assert_eq!(r.naive_sd.unwrap().value, Some(10.0));
//! assert_eq!(r.flip_rate.unwrap().value, Some(0.5));
//! ```

pub mod family;
pub mod report;
pub mod runs;

use crate::calibrate::agreement::{bootstrap, Figure};
use crate::calibrate::Scale;
use crate::LineError;
use pickanumber_score::verify::{Against, Counts};
use pickanumber_score::{analyse, Request, Severity};
use runs::Run;

/// What a retest is asked.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The gate: a work flips when some of its runs' finals are under it and some are not.
    /// Without it, no flip is counted.
    pub fail_under: Option<f64>,
    /// The scale the naive numbers were read on (for the report; the runs are already on
    /// 0–100).
    pub naive_scale: Scale,
    /// The key the runs were grouped by, when they were.
    pub by: Option<String>,
    /// How every answer is scored (a rubric's settings, or the defaults). Its `against`, when
    /// set (`--against PATH`), is the work of every run that names none of its own.
    pub request: Request,
}

/// One work's runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Work {
    /// Its id.
    pub work: String,
    /// The line of each run, in the file's order.
    pub lines: Vec<usize>,
    /// Each run's final, in the same order.
    pub finals: Vec<f64>,
    /// The group label of each run, with `--by`.
    pub labels: Vec<String>,
    /// Each run's naive number on 0–100, when the runs give them.
    pub naive: Option<Vec<f64>>,
    /// The finals' sample standard deviation.
    pub sd: f64,
    /// The highest final less the lowest.
    pub range: f64,
    /// Whether the finals fall on both sides of the gate (none without one).
    pub flips: Option<bool>,
    /// Its runs whose evidence was checked against a work.
    pub checked: usize,
    /// Their items' statuses, summed (all zero when none was checked).
    pub evidence: Counts,
}

impl Work {
    /// The finals' mean.
    pub fn mean(&self) -> f64 {
        mean(&self.finals)
    }

    /// The naive numbers' sample standard deviation.
    pub fn naive_sd(&self) -> Option<f64> {
        self.naive.as_deref().map(|v| variance(v).sqrt())
    }

    /// The naive numbers' highest less their lowest.
    pub fn naive_range(&self) -> Option<f64> {
        self.naive.as_deref().map(range)
    }

    /// Whether the naive numbers fall on both sides of `gate`.
    pub fn naive_flips(&self, gate: Option<f64>) -> Option<bool> {
        Some(flips(self.naive.as_deref()?, gate?))
    }
}

/// One group of runs, with `--by`.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Its label.
    pub label: String,
    /// Its runs.
    pub runs: usize,
    /// The works it judged.
    pub works: usize,
}

/// The shift of the final from the first group's to another's.
#[derive(Clone, Debug, PartialEq)]
pub struct Shift {
    /// The other group's label.
    pub label: String,
    /// The first group's label.
    pub against: String,
    /// The works judged under both.
    pub works: usize,
    /// The mean over those works of (the work's mean final under `label` − under `against`).
    pub final_shift: Figure,
    /// The same for the naive numbers, over the works that have them under both.
    pub naive_shift: Option<Figure>,
}

/// A retest's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Retest {
    /// Runs read.
    pub runs: usize,
    /// The gate, when given.
    pub fail_under: Option<f64>,
    /// The naive numbers' scale.
    pub naive_scale: Scale,
    /// The pooled within-work standard deviation of the finals.
    pub final_sd: Figure,
    /// The same for the naive numbers, over the works whose runs give them.
    pub naive_sd: Option<Figure>,
    /// Works with naive numbers.
    pub naive_works: usize,
    /// The share of works whose finals fall on both sides of the gate.
    pub flip_rate: Option<Figure>,
    /// The same for the naive numbers.
    pub naive_flip_rate: Option<Figure>,
    /// The key of the groups, with `--by`.
    pub by: Option<String>,
    /// The groups in the order their labels first appear.
    pub groups: Vec<Group>,
    /// Each later group's shift from the first.
    pub shifts: Vec<Shift>,
    /// Warnings: a grader of the same family as the model under test.
    pub warnings: Vec<String>,
    /// One row per work, in the order the works first appear.
    pub works: Vec<Work>,
    /// Runs whose evidence was checked against a work (their own `against`, or
    /// `--against`): items citing what the work lacks were left out before scoring. The
    /// other runs were scored unchecked.
    pub checked: usize,
    /// The checked runs' items' statuses, summed.
    pub evidence: Counts,
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

/// The sample variance (n − 1 in the denominator); 0 for a single value.
fn variance(v: &[f64]) -> f64 {
    if v.len() < 2 {
        return 0.0;
    }
    let m = mean(v);
    v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (v.len() - 1) as f64
}

fn range(v: &[f64]) -> f64 {
    let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
    hi - lo
}

/// Whether some of `v` lie under `gate` and some do not (a final passes at `gate` or above,
/// as `--fail-under` has it).
fn flips(v: &[f64], gate: f64) -> bool {
    v.iter().any(|&x| x < gate) && v.iter().any(|&x| x >= gate)
}

/// The square root of the mean of the variances: the pooled within-work standard deviation.
fn pooled_sd(variances: &[f64]) -> Option<f64> {
    (!variances.is_empty()).then(|| mean(variances).sqrt())
}

/// The share of true among the flags.
fn share(flags: &[f64]) -> Option<f64> {
    (!flags.is_empty()).then(|| mean(flags))
}

/// The final of one answer scored alone under `request`, with its evidence counts when the
/// request has a work (`request.against`: items citing what the work lacks are left out
/// before the formula runs, as `score --against` does), or why it gives none.
pub fn final_of(output: &str, request: &Request) -> Result<(f64, Option<Counts>), String> {
    let a = analyse(output, request);
    // A line's own error first: it says what to fix, where the summary says only that nothing
    // was read.
    let mut errors: Vec<&pickanumber_score::Diagnostic> =
        a.diagnostics_of(Severity::Error).collect();
    errors.sort_by_key(|d| d.line.is_none());
    if let Some(first) = errors.first() {
        let at = first
            .line
            .map_or(String::new(), |l| format!("its line {l}: "));
        return Err(format!(
            "the output gives no score: {at}{}{}",
            first.message,
            match errors.len() {
                1 => String::new(),
                2 => " (and 1 more error)".into(),
                n => format!(" (and {} more errors)", n - 1),
            }
        ));
    }
    let evidence = a.evidence.as_ref().map(|v| v.counts);
    a.headline()
        .map(|h| (h.score, evidence))
        .ok_or_else(|| "the output gives no score: no evidence item was read".into())
}

/// The retest of `runs`.
///
/// # Errors
/// Every run whose answer gives no score, every work with one run, and every work whose runs
/// give a naive number on some runs only, each named with its line and work; then nothing is
/// computed.
pub fn retest(runs: &[Run], options: &Options) -> Result<Retest, Vec<LineError>> {
    let request = Request {
        skip_interval: true,
        ..options.request.clone()
    };
    let mut errors = Vec::new();
    // Works in the order they first appear, each with its runs' positions.
    let mut index: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (i, r) in runs.iter().enumerate() {
        let w = *index.entry(r.work.as_str()).or_insert_with(|| {
            members.push(Vec::new());
            members.len() - 1
        });
        members[w].push(i);
    }
    let mut finals = vec![f64::NAN; runs.len()];
    let mut evidence: Vec<Option<Counts>> = vec![None; runs.len()];
    for (i, r) in runs.iter().enumerate() {
        // A run's own work first; else the one every run is checked against, if any.
        let own;
        let request = match &r.against {
            Some(work) => {
                own = Request {
                    against: Some(Against {
                        work: work.clone(),
                        ..request.against.clone().unwrap_or_default()
                    }),
                    ..request.clone()
                };
                &own
            }
            None => &request,
        };
        match final_of(&r.output, request) {
            Ok((f, counts)) => {
                finals[i] = f;
                evidence[i] = counts;
            }
            Err(message) => errors.push(at(r, message)),
        }
    }
    for m in &members {
        let first = &runs[m[0]];
        if m.len() < 2 {
            errors.push(at(
                first,
                "only one run: a retest needs at least two runs of every work".into(),
            ));
        }
        if let Some(with) = m.iter().map(|&i| &runs[i]).find(|r| r.rubric.is_some()) {
            let hash = with.rubric.as_deref().unwrap_or_default();
            for r in m.iter().map(|&i| &runs[i]) {
                if let Some(other) = r.rubric.as_deref().filter(|h| *h != hash) {
                    errors.push(at(
                        r,
                        format!(
                            "judged with another rubric (sha256 {}) than line {} (sha256 {}): the runs of one work must share one rubric",
                            pickanumber_text::hash::short(other),
                            with.line,
                            pickanumber_text::hash::short(hash)
                        ),
                    ));
                }
            }
        }
        if let Some(with) = m.iter().map(|&i| &runs[i]).find(|r| r.naive.is_some()) {
            for r in m.iter().map(|&i| &runs[i]).filter(|r| r.naive.is_none()) {
                errors.push(at(
                    r,
                    format!(
                        "\"naive\" is given on line {} but not on this run: give it on every run of a work or on none",
                        with.line
                    ),
                ));
            }
        }
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.line);
        return Err(errors);
    }
    let gate = options.fail_under;
    let works: Vec<Work> = members
        .iter()
        .map(|m| {
            let f: Vec<f64> = m.iter().map(|&i| finals[i]).collect();
            let naive = runs[m[0]]
                .naive
                .is_some()
                .then(|| m.iter().filter_map(|&i| runs[i].naive).collect());
            let counts: Vec<Counts> = m.iter().filter_map(|&i| evidence[i]).collect();
            Work {
                checked: counts.len(),
                evidence: counts.into_iter().fold(Counts::default(), Counts::plus),
                work: runs[m[0]].work.clone(),
                lines: m.iter().map(|&i| runs[i].line).collect(),
                sd: variance(&f).sqrt(),
                range: range(&f),
                flips: gate.map(|g| flips(&f, g)),
                labels: m.iter().filter_map(|&i| runs[i].label.clone()).collect(),
                naive,
                finals: f,
            }
        })
        .collect();
    let variances: Vec<f64> = works.iter().map(|w| variance(&w.finals)).collect();
    let naive_variances: Vec<f64> = works
        .iter()
        .filter_map(|w| w.naive.as_deref().map(variance))
        .collect();
    let flags = |f: &dyn Fn(&Work) -> Option<bool>| -> Vec<f64> {
        works
            .iter()
            .filter_map(|w| f(w).map(|b| f64::from(u8::from(b))))
            .collect()
    };
    let final_flags = flags(&|w| w.flips);
    let naive_flags = flags(&|w| w.naive_flips(gate));
    let figure = |v: &[f64], stat: fn(&[f64]) -> Option<f64>| bootstrap(v, stat);
    let naive_works = naive_variances.len();
    let (groups, shifts) = match &options.by {
        Some(_) => groups(runs, &finals, &works),
        None => (Vec::new(), Vec::new()),
    };
    Ok(Retest {
        runs: runs.len(),
        fail_under: gate,
        naive_scale: options.naive_scale,
        final_sd: figure(&variances, pooled_sd),
        naive_sd: (naive_works > 0).then(|| figure(&naive_variances, pooled_sd)),
        naive_works,
        flip_rate: gate.map(|_| figure(&final_flags, share)),
        naive_flip_rate: (gate.is_some() && naive_works > 0).then(|| figure(&naive_flags, share)),
        by: options.by.clone(),
        groups,
        shifts,
        warnings: family_warnings(runs),
        checked: works.iter().map(|w| w.checked).sum(),
        evidence: works
            .iter()
            .map(|w| w.evidence)
            .fold(Counts::default(), Counts::plus),
        works,
    })
}

fn at(r: &Run, message: String) -> LineError {
    LineError {
        line: r.line,
        column: None,
        message: format!("work \"{}\": {message}", r.work),
    }
}

/// The groups of the runs by label, and each later group's shift from the first: per work
/// judged under both, its mean final under the label less its mean final under the first.
fn groups(runs: &[Run], finals: &[f64], works: &[Work]) -> (Vec<Group>, Vec<Shift>) {
    let mut labels: Vec<String> = Vec::new();
    for r in runs {
        if let Some(l) = &r.label {
            if !labels.contains(l) {
                labels.push(l.clone());
            }
        }
    }
    // Per work and label: the finals and the naive numbers.
    type Cell = (Vec<f64>, Vec<f64>);
    let mut by_work: std::collections::HashMap<&str, Vec<Cell>> = std::collections::HashMap::new();
    for (r, &f) in runs.iter().zip(finals) {
        let Some(k) = r
            .label
            .as_ref()
            .and_then(|l| labels.iter().position(|x| x == l))
        else {
            continue;
        };
        let cells = by_work
            .entry(r.work.as_str())
            .or_insert_with(|| vec![(Vec::new(), Vec::new()); labels.len()]);
        cells[k].0.push(f);
        if let Some(n) = r.naive {
            cells[k].1.push(n);
        }
    }
    let groups = labels
        .iter()
        .enumerate()
        .map(|(k, label)| Group {
            label: label.clone(),
            runs: runs
                .iter()
                .filter(|r| r.label.as_ref() == Some(label))
                .count(),
            works: works
                .iter()
                .filter(|w| !by_work[w.work.as_str()][k].0.is_empty())
                .count(),
        })
        .collect();
    let shifts = (1..labels.len())
        .map(|k| {
            let (mut d, mut dn) = (Vec::new(), Vec::new());
            for w in works {
                let cells = &by_work[w.work.as_str()];
                let (a, b) = (&cells[0], &cells[k]);
                if !a.0.is_empty() && !b.0.is_empty() {
                    d.push(mean(&b.0) - mean(&a.0));
                }
                if !a.1.is_empty() && !b.1.is_empty() {
                    dn.push(mean(&b.1) - mean(&a.1));
                }
            }
            let avg = |v: &[f64]| (!v.is_empty()).then(|| mean(v));
            Shift {
                label: labels[k].clone(),
                against: labels[0].clone(),
                works: d.len(),
                final_shift: bootstrap(&d, avg),
                naive_shift: (!dn.is_empty()).then(|| bootstrap(&dn, avg)),
            }
        })
        .collect();
    (groups, shifts)
}

/// One warning for each grader and model under test of the same known family, at the first
/// run that pairs them.
fn family_warnings(runs: &[Run]) -> Vec<String> {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    let mut out = Vec::new();
    for r in runs {
        let (Some(g), Some(m)) = (r.grader.as_deref(), r.model.as_deref()) else {
            continue;
        };
        if seen.contains(&(g, m)) {
            continue;
        }
        seen.push((g, m));
        if let (Some(a), Some(b)) = (family::family(g), family::family(m)) {
            if a == b {
                out.push(format!(
                    "line {}: the grader \"{g}\" and the model under test \"{m}\" are both {a} models: a judge may favour answers from its own family, so let a grader of another family judge too",
                    r.line
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(text: &str) -> Vec<Run> {
        runs::read(text, Scale::default(), Some("probe")).unwrap()
    }

    #[test]
    fn groups_shift_by_the_works_judged_under_both_labels() {
        let r = runs(concat!(
            "{\"work\": \"a\", \"output\": \"+1 x\", \"probe\": \"given\"}\n",
            "{\"work\": \"a\", \"output\": \"+3 x\", \"probe\": \"shuffled\"}\n",
            "{\"work\": \"b\", \"output\": \"-1 x\", \"probe\": \"given\"}\n",
            "{\"work\": \"b\", \"output\": \"+1 x\", \"probe\": \"shuffled\"}\n",
        ));
        let options = Options {
            by: Some("probe".into()),
            ..Options::default()
        };
        let t = retest(&r, &options).unwrap();
        assert_eq!(t.groups.len(), 2);
        assert_eq!((t.groups[1].runs, t.groups[1].works), (2, 2));
        let s = &t.shifts[0];
        assert_eq!(
            (s.label.as_str(), s.against.as_str(), s.works),
            ("shuffled", "given", 2)
        );
        // One item has density 1/20 and multiplier 0.7625: +3 → 68 against +1 → 56, and
        // +1 → 56 against −1 → 44; each work moves by +12.
        assert_eq!(s.final_shift.value, Some(12.0));
        assert_eq!(
            (s.final_shift.low, s.final_shift.high),
            (Some(12.0), Some(12.0))
        );
        assert!(s.naive_shift.is_none());
    }

    #[test]
    fn every_bad_run_is_named_and_nothing_is_computed() {
        let r = runs::read(
            concat!(
                "{\"work\": \"a\", \"output\": \"+1 x\", \"naive\": 50}\n",
                "{\"work\": \"a\", \"output\": \"looks fine to me\"}\n",
                "{\"work\": \"b\", \"output\": \"+1 x\"}\n",
            ),
            Scale::default(),
            None,
        )
        .unwrap();
        let e = retest(&r, &Options::default()).unwrap_err();
        let shown: Vec<String> = e.iter().map(ToString::to_string).collect();
        assert_eq!(shown.len(), 3, "{shown:?}");
        assert!(shown[0].starts_with("line 2: work \"a\": the output gives no score: "));
        assert_eq!(shown[1], "line 2: work \"a\": \"naive\" is given on line 1 but not on this run: give it on every run of a work or on none");
        assert_eq!(
            shown[2],
            "line 3: work \"b\": only one run: a retest needs at least two runs of every work"
        );
    }

    #[test]
    fn a_shared_family_is_warned_once() {
        let r = runs::read(
            concat!(
                "{\"work\": \"a\", \"output\": \"+1 x\", \"grader\": \"gpt-4o\", \"model\": \"openai/o3-mini\"}\n",
                "{\"work\": \"a\", \"output\": \"+1 x\", \"grader\": \"gpt-4o\", \"model\": \"openai/o3-mini\"}\n",
                "{\"work\": \"b\", \"output\": \"+1 x\", \"grader\": \"claude-sonnet-4\", \"model\": \"my-model\"}\n",
                "{\"work\": \"b\", \"output\": \"+1 x\", \"grader\": \"claude-sonnet-4\", \"model\": \"qwen3-8b\"}\n",
            ),
            Scale::default(),
            None,
        )
        .unwrap();
        let t = retest(&r, &Options::default()).unwrap();
        assert_eq!(t.warnings, ["line 1: the grader \"gpt-4o\" and the model under test \"openai/o3-mini\" are both OpenAI models: a judge may favour answers from its own family, so let a grader of another family judge too"]);
    }
}
