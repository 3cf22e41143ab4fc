//! Calibration against people: does the formula's number agree with a team's reviewers, and
//! with which density denominator and scale?
//!
//! **gold set** (JSON Lines: id, human score or scores, the judge's output, optionally its
//! naive number, the judged work; [`gold::read`]) → **finals per subject** (each output scored
//! with the request once, a list of passes combined, its evidence checked against the subject's
//! work when one is given, failing closed as `score --against` does; a subject whose output
//! gives no score is left out and named; at each grid point only the formula runs again) →
//! **groups** (subjects with the same output and human scores, kept in one fold and resampled
//! as one) → **agreement** with the mean human score
//! ([`agreement`](mod@agreement): Spearman's ρ, Kendall's τ-b, quadratic-weighted κ on
//! [`agreement::BINS`], mean absolute error on 0–100, each with a seeded bootstrap percentile
//! interval; the raters' own Krippendorff's α as the ceiling; the
//! naive number beside the formula; per criterion where people scored criteria) → **fit**
//! ([`fit`]: the denominator and scale on a grid, [`DENOMINATORS`] × [`SCALES`], chosen by
//! mean absolute error under k-fold cross-validation, so every figure reported for the fit is
//! held out) → **card** ([`Calibration::to_json`], [`Calibration::report`]: with the
//! invented-evidence rate over the subjects given a work, and α across passes).
//!
//! The stated monotone rescale before the mean absolute error is linear: the human scale and
//! the naive scale are mapped onto 0–100 (`--human-scale`, `--naive-scale`), the finals are
//! already on it.

pub mod agreement;
pub mod card;
pub mod fit;
pub mod gold;

use crate::LineError;
use agreement::{agreement_in_groups, mean_in_groups, Agreement, Figure, BINS};
use card::{
    AgreementCard, AlphaCard, Card, CountsCard, CriterionCard, DefaultsCard, EvidenceCard,
    FigureCard, FitCard, GridCard, LeftOutCard, RangeCard, ScalesCard, SettingsCard, SubjectCard,
    VerdictCard, Whole,
};
use gold::{Human, Output, Subject};
use pickanumber_score::interval::{LEVEL, RESAMPLES};
use pickanumber_score::verify::{Against, Counts};
use pickanumber_score::{
    alpha_interval, alpha_level, analyse, combine, Analysis, Impact, Item, MatrixScore, Outcome,
    Params, Pooled, Request, Severity,
};
use pickanumber_text::numtext::std_fixed;
use std::fmt;
#[cfg(feature = "fs")]
use std::path::Path;

/// The density denominators searched: 4 to 60 in steps of 4 (the canonical 20 among them).
pub const DENOMINATORS: (f64, f64, f64) = (4.0, 60.0, 4.0);
/// The scales searched: 2 to 16 in steps of 1 (the canonical 8 among them).
pub const SCALES: (f64, f64, f64) = (2.0, 16.0, 1.0);
/// Folds of the cross-validation unless asked otherwise.
pub const FOLDS: usize = 5;
/// Below this many subjects the card flags the set as small: the intervals say how little is
/// known.
pub const SMALL: usize = 30;

/// A linear scale `low:high` mapped onto 0–100.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// The value mapped to 0.
    pub low: f64,
    /// The value mapped to 100.
    pub high: f64,
}

impl Default for Scale {
    fn default() -> Scale {
        Scale {
            low: 0.0,
            high: 100.0,
        }
    }
}

impl Scale {
    /// Reads `A:B` with `A < B`, both finite numbers.
    ///
    /// # Errors
    /// `scale "…" is not LOW:HIGH with LOW below HIGH, such as 1:10`.
    pub fn parse(text: &str) -> Result<Scale, String> {
        let bad = || format!("scale \"{text}\" is not LOW:HIGH with LOW below HIGH, such as 1:10");
        let (a, b) = text.split_once(':').ok_or_else(bad)?;
        let (low, high) = (
            a.trim().parse::<f64>().map_err(|_| bad())?,
            b.trim().parse::<f64>().map_err(|_| bad())?,
        );
        if low.is_finite() && high.is_finite() && low < high {
            Ok(Scale { low, high })
        } else {
            Err(bad())
        }
    }

    /// Whether `x` lies on the scale.
    pub fn contains(self, x: f64) -> bool {
        (self.low..=self.high).contains(&x)
    }

    /// `x` mapped linearly onto 0–100.
    pub fn to_100(self, x: f64) -> f64 {
        (x - self.low) / (self.high - self.low) * 100.0
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = pickanumber_text::numtext::round_trip;
        write!(f, "{}:{}", t(self.low), t(self.high))
    }
}

/// The two fitted settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The density denominator.
    pub denominator: f64,
    /// The scale.
    pub scale: f64,
}

fn steps((start, end, step): (f64, f64, f64)) -> Vec<f64> {
    let n = ((end - start) / step).round() as usize;
    (0..=n).map(|i| start + step * i as f64).collect()
}

/// Every grid point, denominators outer, scales inner.
pub fn grid() -> Vec<Settings> {
    let scales = steps(SCALES);
    steps(DENOMINATORS)
        .into_iter()
        .flat_map(|d| {
            scales.iter().map(move |&s| Settings {
                denominator: d,
                scale: s,
            })
        })
        .collect()
}

/// One subject scored: the headline and, in matrix mode, each criterion's final.
#[derive(Clone, Debug, PartialEq)]
struct Scored {
    final_score: f64,
    criteria: Vec<(String, f64)>,
    /// Each pass's own final, for an output given as several passes.
    passes: Vec<f64>,
    /// The evidence counts, when the subject has a work.
    evidence: Option<Counts>,
}

/// The subject's output analysed under `request`, as `score` (one output) or `combine` (a list
/// of passes, named `pass 1`, `pass 2`, …) would with `--against` the subject's work, when it
/// has one: items whose evidence is not in the work are left out before the formula runs.
pub fn analyse_subject(s: &Subject, request: &Request) -> Analysis {
    let checked;
    let request = match &s.work {
        Some(work) => {
            checked = Request {
                against: Some(Against {
                    work: work.clone(),
                    ..Against::default()
                }),
                ..request.clone()
            };
            &checked
        }
        None => request,
    };
    match &s.output {
        Output::One(text) => analyse(text, request),
        Output::Passes(texts) => {
            let named: Vec<(String, String)> = texts
                .iter()
                .enumerate()
                .map(|(k, t)| (format!("pass {}", k + 1), t.clone()))
                .collect();
            combine(&named, request)
        }
    }
}

/// The subject's scores under `request` and what its finals under other settings need, or
/// why the output gives none.
fn prepare(s: &Subject, request: &Request) -> Result<(Scored, Formula), String> {
    let a = analyse_subject(s, request);
    let errors = a.messages(Severity::Error);
    if let Some(first) = errors.first() {
        return Err(format!(
            "subject \"{}\": the output gives no score: {first}{}",
            s.id,
            match errors.len() {
                1 => String::new(),
                n => format!(" (and {} more errors)", n - 1),
            }
        ));
    }
    let Some(h) = a.headline() else {
        return Err(format!(
            "subject \"{}\": the output gives no score: no evidence item was read",
            s.id
        ));
    };
    let criteria = a
        .matrix()
        .and_then(|m| m.result.as_ref().ok())
        .map(|m| {
            m.criteria
                .iter()
                .map(|c| (c.name.clone(), c.pooled.final_score))
                .collect()
        })
        .unwrap_or_default();
    let passes = a
        .passes
        .as_ref()
        .map(|p| {
            p.passes
                .iter()
                .filter_map(|x| x.analysis.headline().map(|h| h.score))
                .collect()
        })
        .unwrap_or_default();
    let formula = match &a.outcome {
        Outcome::Matrix(m) => Formula::Matrix {
            items: a.items(),
            weights: m.weights.clone(),
        },
        Outcome::Pooled(_) | Outcome::Feedback(_) => {
            Formula::Pool(a.entries.iter().map(|e| e.item.impact).collect())
        }
    };
    let scored = Scored {
        final_score: h.score,
        criteria,
        passes,
        evidence: a.evidence.as_ref().map(|v| v.counts),
    };
    Ok((scored, formula))
}

/// What a subject's final under other settings depends on, once its output is read and its
/// evidence checked: neither the reading, the mode, the evidence nor the weights depend on
/// the density denominator or the scale, so only the formula runs again at each grid point.
#[derive(Clone, Debug, PartialEq)]
enum Formula {
    /// Pooled and feedback mode: every scored item in one pool (feedback's total pools the
    /// four buckets).
    Pool(Vec<Impact>),
    /// Matrix mode: the scored items and the weights the analysis settled on.
    Matrix {
        items: Vec<Item>,
        weights: Vec<(String, f64)>,
    },
}

impl Formula {
    /// The headline final under `params`; `None` where the matrix cannot be scored (it could
    /// under the request's settings, and the weights do not depend on the settings).
    fn final_at(&self, params: &Params) -> Option<f64> {
        match self {
            Formula::Pool(impacts) => {
                Some(Pooled::from_impacts(impacts.iter().copied(), params).final_score)
            }
            Formula::Matrix { items, weights } => MatrixScore::score(items, weights, params)
                .ok()
                .map(|m| m.overall),
        }
    }

    /// Each criterion's final under `params`, in matrix mode.
    fn criteria_at(&self, params: &Params) -> Vec<(String, f64)> {
        match self {
            Formula::Pool(_) => Vec::new(),
            Formula::Matrix { items, weights } => MatrixScore::score(items, weights, params)
                .map(|m| {
                    m.criteria
                        .into_iter()
                        .map(|c| (c.name, c.pooled.final_score))
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// The subject's final under `params`, or the error naming it.
fn final_of(s: &Subject, f: &Formula, params: &Params) -> Result<f64, Vec<LineError>> {
    f.final_at(params).ok_or_else(|| {
        vec![LineError {
            line: s.line,
            column: None,
            message: format!(
                "subject \"{}\": the output gives no score at the density denominator {} and scale {}",
                s.id, params.density_denominator, params.scale
            ),
        }]
    })
}

/// Each subject's group: subjects with the same output and the same human scores share one
/// (numbered in order of first appearance), so that cross-validation keeps them in one fold.
fn groups(subjects: &[&Subject]) -> Vec<usize> {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let key = |s: &Subject| {
        let mut h = DefaultHasher::new();
        match &s.output {
            Output::One(t) => (0u8, t).hash(&mut h),
            Output::Passes(p) => (1u8, p).hash(&mut h),
        }
        match &s.human {
            Human::Raters(r) => {
                0u8.hash(&mut h);
                r.iter().for_each(|x| x.to_bits().hash(&mut h));
            }
            Human::Criteria(c) => {
                1u8.hash(&mut h);
                for (name, r) in c {
                    name.hash(&mut h);
                    r.iter().for_each(|x| x.to_bits().hash(&mut h));
                }
            }
        }
        h.finish()
    };
    let mut first: std::collections::HashMap<u64, Vec<(usize, usize)>> =
        std::collections::HashMap::new();
    let mut next = 0;
    subjects
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let seen = first.entry(key(s)).or_default();
            let same = seen
                .iter()
                .find(|&&(j, _)| subjects[j].output == s.output && subjects[j].human == s.human);
            match same {
                Some(&(_, g)) => g,
                None => {
                    seen.push((i, next));
                    next += 1;
                    next - 1
                }
            }
        })
        .collect()
}

fn with(request: &Request, s: Settings) -> Request {
    let mut r = request.clone();
    r.params.density_denominator = s.denominator;
    r.params.scale = s.scale;
    r.skip_interval = true;
    r
}

/// What the fit found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The held-out finals agree with people beyond noise and beat the defaults beyond noise.
    BetterSettings,
    /// They agree beyond noise, but not better than the defaults beyond noise.
    NoBetterThanDefaults,
    /// The held-out finals do not follow the human scores beyond noise (ρ's interval reaches 0).
    NothingFound,
}

impl Finding {
    /// `better_settings`, `no_better_than_defaults` or `nothing_found`.
    pub fn name(self) -> &'static str {
        match self {
            Finding::BetterSettings => "better_settings",
            Finding::NoBetterThanDefaults => "no_better_than_defaults",
            Finding::NothingFound => "nothing_found",
        }
    }

    /// The finding in a sentence.
    pub fn sentence(self) -> &'static str {
        match self {
            Finding::BetterSettings => {
                "the fitted settings beat the defaults beyond noise on held-out subjects"
            }
            Finding::NoBetterThanDefaults => {
                "the fit does not beat the defaults beyond noise: keep the defaults"
            }
            Finding::NothingFound => {
                "found nothing: the held-out finals do not follow the human scores beyond noise"
            }
        }
    }
}

/// One criterion's agreement, where people scored criteria.
#[derive(Clone, Debug, PartialEq)]
pub struct CriterionAgreement {
    /// The criterion.
    pub name: String,
    /// Under the request's settings (nothing fitted).
    pub defaults: Agreement,
    /// Under each subject's held-out settings.
    pub held_out: Agreement,
    /// The raters' α on this criterion, when some subject has several.
    pub alpha: Option<f64>,
}

/// One subject's row of the card.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Its id.
    pub id: String,
    /// The mean human score on 0–100.
    pub human: f64,
    /// Its final under the request's settings.
    pub default_final: f64,
    /// Its final under the fitted settings (what `score --rubric` with the card's `[params]`
    /// gives).
    pub fitted_final: f64,
    /// Its final under the settings fitted without its fold.
    pub held_out_final: f64,
    /// The judge's naive number on 0–100, when given.
    pub naive: Option<f64>,
    /// Its items' evidence checked against its work, when it has one.
    pub evidence: Option<Counts>,
}

/// The evidence of the subjects given a work, checked against it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvidenceSummary {
    /// Subjects given a work.
    pub subjects: usize,
    /// Their items' statuses, summed.
    pub counts: Counts,
}

/// A calibration: the card's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// Folds of the cross-validation.
    pub folds: usize,
    /// The settings the request started from.
    pub defaults: Settings,
    /// The agreement under them.
    pub default_agreement: Agreement,
    /// The settings fitted on every subject (what `--out` writes).
    pub fitted: Settings,
    /// The settings each fold was scored with (fitted without it).
    pub fold_settings: Vec<Settings>,
    /// The agreement of the held-out finals: the only figures of the fit.
    pub held_out: Agreement,
    /// Mean of (default error − held-out error) per subject, with its interval.
    pub mae_improvement: Figure,
    /// What the fit found.
    pub finding: Finding,
    /// The naive numbers' agreement, over the subjects that have one.
    pub naive: Option<Agreement>,
    /// Krippendorff's α among the raters (interval metric), when some subject has several.
    pub alpha: Option<f64>,
    /// Krippendorff's α across the judge's passes (interval metric; the subjects are the
    /// units, each pass's final a value), when some output has several passes.
    pub passes_alpha: Option<f64>,
    /// Per criterion, where people scored criteria.
    pub criteria: Vec<CriterionAgreement>,
    /// The evidence checked against the works, when some subject has one.
    pub evidence: Option<EvidenceSummary>,
    /// One row per subject that gives a score, in the gold set's order.
    pub rows: Vec<Row>,
    /// Whether some grid point gives the subjects different finals. When none does, the
    /// held-out ρ, τ-b and κ are undefined: their finals differ only by the folds' settings.
    pub held_out_ranked: bool,
    /// The subjects whose output gives no score, left out, in the gold set's order.
    pub left_out: Vec<LeftOut>,
    /// The ids of each group of subjects with the same output and human scores (two or more),
    /// each group kept in one fold.
    pub kept_together: Vec<Vec<String>>,
}

/// A subject whose output gives no score under the request: left out of the calibration.
#[derive(Clone, Debug, PartialEq)]
pub struct LeftOut {
    /// Its id.
    pub id: String,
    /// Its line in the gold file.
    pub line: usize,
    /// Why: `subject "ID": the output gives no score: …`.
    pub message: String,
}

impl LeftOut {
    /// The subject's error, as a strict calibration reports it.
    pub fn error(&self) -> LineError {
        LineError {
            line: self.line,
            column: None,
            message: self.message.clone(),
        }
    }
}

/// Calibrates `request` (its settings are the defaults the fit must beat) against `subjects`
/// with `folds`-fold cross-validation.
///
/// Each subject's output is read and its evidence checked once, under the request; at each
/// grid point only the formula runs again. A subject whose output gives no score is left out
/// and named in [`Calibration::left_out`]. Subjects with the same output and the same human
/// scores are one group, kept in one fold (the group numbered `g` in order of first
/// appearance goes to fold `g mod folds`), so that a subject repeated under another id is
/// never scored with settings fitted on its copy.
///
/// # Errors
/// A fold count outside 2 to the number of groups of the subjects that score, with the
/// subjects left out named first.
pub fn calibrate(
    subjects: &[Subject],
    request: &Request,
    folds: usize,
) -> Result<Calibration, Vec<LineError>> {
    let base = Request {
        skip_interval: true,
        ..request.clone()
    };
    let mut used: Vec<&Subject> = Vec::with_capacity(subjects.len());
    let mut defaults_scored = Vec::with_capacity(subjects.len());
    let mut formulas = Vec::with_capacity(subjects.len());
    let mut left_out = Vec::new();
    for s in subjects {
        match prepare(s, &base) {
            Ok((scored, formula)) => {
                used.push(s);
                defaults_scored.push(scored);
                formulas.push(formula);
            }
            Err(message) => left_out.push(LeftOut {
                id: s.id.clone(),
                line: s.line,
                message,
            }),
        }
    }
    let subjects = used;
    let n = subjects.len();
    let group = groups(&subjects);
    let distinct = group.iter().max().map_or(0, |g| g + 1);
    if folds < 2 || folds > distinct {
        let mut errors: Vec<LineError> = left_out.iter().map(LeftOut::error).collect();
        let scoring = match left_out.len() {
            0 => format!("the gold set has {n} subjects"),
            k => format!("{n} subjects give a score, {k} do not"),
        };
        let repeats = match n - distinct {
            0 => String::new(),
            _ => format!(
                ", {distinct} once those with the same output and human score are kept together"
            ),
        };
        errors.push(LineError {
            line: subjects.first().map_or(1, |s| s.line),
            column: None,
            message: format!(
                "{folds}-fold cross-validation needs from 2 folds to one per subject ({scoring}{repeats}): choose --folds from 2 to {distinct}"
            ),
        });
        return Err(errors);
    }
    let fold: Vec<usize> = group.iter().map(|&g| fit::fold_of(g, folds)).collect();
    let defaults = Settings {
        denominator: request.params.density_denominator,
        scale: request.params.scale,
    };
    let points = grid();
    let params: Vec<Params> = points.iter().map(|&p| with(request, p).params).collect();
    let human: Vec<f64> = subjects.iter().map(|s| s.human.mean()).collect();
    // The absolute errors summed per grid point and fold, and whether some grid point tells
    // the subjects apart at all.
    let mut sums = vec![0.0; points.len() * folds];
    let mut spread: Vec<Option<(f64, f64)>> = vec![None; points.len()];
    for (i, s) in subjects.iter().enumerate() {
        for (g, p) in params.iter().enumerate() {
            let x = final_of(s, &formulas[i], p)?;
            sums[g * folds + fold[i]] += (x - human[i]).abs();
            let range = spread[g].get_or_insert((x, x));
            *range = (range.0.min(x), range.1.max(x));
        }
    }
    let varies = spread.iter().flatten().any(|(lo, hi)| hi > lo);
    let distance: Vec<f64> = points
        .iter()
        .map(|p| {
            (p.denominator / defaults.denominator).ln().abs()
                + (p.scale / defaults.scale).ln().abs()
        })
        .collect();
    let mut per_fold = vec![0usize; folds];
    for &f in &fold {
        per_fold[f] += 1;
    }
    let totals: Vec<f64> = (0..points.len())
        .map(|g| sums[g * folds..(g + 1) * folds].iter().sum())
        .collect();
    let fitted_at = fit::best(&totals, n, &distance).unwrap_or(0);
    let fold_choice = fit::held_out(&sums, &per_fold, &distance);
    let default_finals: Vec<f64> = defaults_scored.iter().map(|s| s.final_score).collect();
    let mut held = Vec::with_capacity(n);
    let mut fitted_finals = Vec::with_capacity(n);
    for (i, s) in subjects.iter().enumerate() {
        held.push(final_of(s, &formulas[i], &params[fold_choice[fold[i]]])?);
        fitted_finals.push(final_of(s, &formulas[i], &params[fitted_at])?);
    }
    let default_agreement = agreement_in_groups(&default_finals, &human, &group);
    let mut held_out = agreement_in_groups(&held, &human, &group);
    if !varies {
        // No setting tells the subjects apart: any spread of the held-out finals comes from
        // the folds' settings alone, so the figures that rank or bin them are undefined.
        let undefined = Figure {
            value: None,
            low: None,
            high: None,
        };
        held_out.spearman = undefined;
        held_out.kendall = undefined;
        held_out.kappa = undefined;
    }
    let gains: Vec<f64> = (0..n)
        .map(|i| (default_finals[i] - human[i]).abs() - (held[i] - human[i]).abs())
        .collect();
    let mae_improvement = mean_in_groups(&gains, &group);
    let follows = held_out.spearman.low.is_some_and(|l| l > 0.0);
    let beats = mae_improvement.low.is_some_and(|l| l > 0.0);
    let finding = match (follows, beats) {
        (false, _) => Finding::NothingFound,
        (true, false) => Finding::NoBetterThanDefaults,
        (true, true) => Finding::BetterSettings,
    };
    let naive_pairs: Vec<(f64, f64, usize)> = subjects
        .iter()
        .zip(&human)
        .zip(&group)
        .filter_map(|((s, &h), &g)| s.naive.map(|v| (v, h, g)))
        .collect();
    let naive = (!naive_pairs.is_empty()).then(|| {
        let p: Vec<f64> = naive_pairs.iter().map(|t| t.0).collect();
        let h: Vec<f64> = naive_pairs.iter().map(|t| t.1).collect();
        agreement_in_groups(&p, &h, &renumbered(naive_pairs.iter().map(|t| t.2)))
    });
    let alpha = raters_alpha(subjects.iter().filter_map(|s| match &s.human {
        Human::Raters(r) => Some(r.clone()),
        Human::Criteria(_) => None,
    }));
    let passes_alpha = raters_alpha(defaults_scored.iter().map(|s| s.passes.clone()));
    let held_criteria: Vec<Vec<(String, f64)>> = subjects
        .iter()
        .enumerate()
        .map(|(i, s)| match &s.human {
            Human::Criteria(_) => formulas[i].criteria_at(&params[fold_choice[fold[i]]]),
            Human::Raters(_) => Vec::new(),
        })
        .collect();
    let criteria = per_criterion(&subjects, &group, &defaults_scored, &held_criteria);
    let fold_settings = fold_choice.iter().map(|&g| points[g]).collect();
    let mut members: Vec<Vec<String>> = vec![Vec::new(); distinct];
    for (s, &g) in subjects.iter().zip(&group) {
        members[g].push(s.id.clone());
    }
    let kept_together = members.into_iter().filter(|m| m.len() > 1).collect();
    let rows = subjects
        .iter()
        .enumerate()
        .map(|(i, s)| Row {
            id: s.id.clone(),
            human: human[i],
            default_final: default_finals[i],
            fitted_final: fitted_finals[i],
            held_out_final: held[i],
            naive: s.naive,
            evidence: defaults_scored[i].evidence,
        })
        .collect();
    let checked: Vec<Counts> = defaults_scored.iter().filter_map(|s| s.evidence).collect();
    let evidence = (!checked.is_empty()).then(|| EvidenceSummary {
        subjects: checked.len(),
        counts: checked.iter().fold(Counts::default(), |t, c| t.plus(*c)),
    });
    Ok(Calibration {
        folds,
        defaults,
        default_agreement,
        fitted: points[fitted_at],
        fold_settings,
        held_out,
        held_out_ranked: varies,
        mae_improvement,
        finding,
        naive,
        alpha,
        passes_alpha,
        criteria,
        evidence,
        rows,
        left_out,
        kept_together,
    })
}

/// Krippendorff's α over subjects with several raters (one unit per subject); `None` when no
/// subject has two.
fn raters_alpha(units: impl Iterator<Item = Vec<f64>>) -> Option<f64> {
    let units: Vec<Vec<Option<f64>>> = units
        .filter(|r| r.len() >= 2)
        .map(|r| r.into_iter().map(Some).collect())
        .collect();
    if units.is_empty() {
        return None;
    }
    alpha_interval(&units)
}

/// Group numbers renumbered from 0 in order of first appearance (for a subset of subjects).
fn renumbered(groups: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut new: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    groups
        .map(|g| {
            let next = new.len();
            *new.entry(g).or_insert(next)
        })
        .collect()
}

fn per_criterion(
    subjects: &[&Subject],
    group: &[usize],
    defaults: &[Scored],
    held: &[Vec<(String, f64)>],
) -> Vec<CriterionAgreement> {
    let mut names: Vec<String> = Vec::new();
    for s in subjects {
        if let Human::Criteria(c) = &s.human {
            for (name, _) in c {
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
        }
    }
    let find =
        |scored: &[(String, f64)], name: &str| scored.iter().find(|(n, _)| n == name).map(|c| c.1);
    names
        .into_iter()
        .map(|name| {
            let (mut d, mut h, mut hu, mut g) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
            let mut raters = Vec::new();
            for (i, s) in subjects.iter().enumerate() {
                let Human::Criteria(c) = &s.human else {
                    continue;
                };
                let Some((_, r)) = c.iter().find(|(n, _)| *n == name) else {
                    continue;
                };
                raters.push(r.clone());
                if let (Some(a), Some(b)) =
                    (find(&defaults[i].criteria, &name), find(&held[i], &name))
                {
                    d.push(a);
                    h.push(b);
                    hu.push(r.iter().sum::<f64>() / r.len() as f64);
                    g.push(group[i]);
                }
            }
            let g = renumbered(g.into_iter());
            CriterionAgreement {
                defaults: agreement_in_groups(&d, &hu, &g),
                held_out: agreement_in_groups(&h, &hu, &g),
                alpha: raters_alpha(raters.into_iter()),
                name,
            }
        })
        .collect()
}

/// A warning when the human scores were read on the default 0:100 scale but all lie in 0–1
/// or in 1–10, as scores given on such a scale do: it names the range seen and the
/// `--human-scale` to give. `None` under another scale, or when the scores reach beyond 10.
pub fn scale_hint(subjects: &[Subject], human_scale: Scale) -> Option<String> {
    if human_scale != Scale::default() {
        return None;
    }
    let all = subjects.iter().flat_map(|s| match &s.human {
        Human::Raters(r) => r.clone(),
        Human::Criteria(c) => c.iter().flat_map(|(_, r)| r.clone()).collect(),
    });
    let (lo, hi) = all.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
        (lo.min(x), hi.max(x))
    });
    if !hi.is_finite() {
        return None;
    }
    let scale = if hi <= 1.0 {
        "0:1"
    } else if lo >= 1.0 && hi <= 10.0 {
        "1:10"
    } else {
        return None;
    };
    let t = |x: f64| pickanumber_text::numtext::round_trip(r4(x));
    Some(format!(
        "every human score lies from {} to {}, read on the scale 0:100; if people scored on {scale}, give --human-scale {scale}",
        t(lo),
        t(hi)
    ))
}

#[cfg(feature = "fs")]
/// Reads the gold set `text` of the file at `path`: each `{"path": …}` output through
/// [`open_in`] the file's folder, each `{"path": …}` work through [`work_in`] it.
///
/// # Errors
/// Every bad line, [`located`].
pub fn read_gold(
    path: &Path,
    text: &str,
    human_scale: Scale,
    naive_scale: Scale,
) -> Result<Vec<Subject>, Vec<String>> {
    let folder = folder_of(path);
    let mut works = WorksIn::new(folder, "gold");
    let mut open = gold::Open {
        output: &mut |p| open_in(folder, p),
        work: &mut |p| works.open(p),
    };
    gold::read(text, human_scale, naive_scale, &mut open).map_err(|errors| located(path, &errors))
}

#[cfg(feature = "fs")]
/// The folder of the file at `path`, which the paths its lines give are relative to (`.` for
/// a bare file name).
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

#[cfg(feature = "fs")]
/// `errors` of the gold file at `path` as `PATH:LINE: message` (`PATH:LINE:COLUMN:` where the
/// column is known), the way the CLI and the Python package report them.
pub fn located(path: &Path, errors: &[LineError]) -> Vec<String> {
    let shown = path.display();
    errors
        .iter()
        .map(|e| match e.column {
            Some(c) => format!("{shown}:{}:{c}: {}", e.line, e.message),
            None => format!("{shown}:{}: {}", e.line, e.message),
        })
        .collect()
}

#[cfg(feature = "fs")]
/// Reads the output at `path`, relative to `folder` (the gold file's), at most
/// [`crate::bounded::MAX_BYTES`]: a path that leaves the folder (absolute, `..`, or a link
/// out of it) is refused.
///
/// # Errors
/// Why the output cannot be read, in words.
pub fn open_in(folder: &Path, path: &str) -> Result<String, String> {
    let full = inside(folder, path, "gold")?;
    // The type first: opening a FIFO would wait for a writer.
    let meta = std::fs::metadata(&full).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file (a folder, a FIFO or a device): give a text file".into());
    }
    let bytes =
        crate::bounded::read_file(&full, crate::bounded::MAX_BYTES).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".into())
}

#[cfg(feature = "fs")]
/// Reads the work at `path`, relative to `folder` (the gold file's), as `score --against`
/// does ([`Work::read`](pickanumber_score::verify::Work::read): a file is one text, a folder
/// a bounded tree); a path that leaves the folder is refused as in [`open_in`].
///
/// # Errors
/// Why the work cannot be read, in words (a limit it exceeds is named).
pub fn work_in(folder: &Path, path: &str) -> Result<pickanumber_score::verify::Work, String> {
    let full = inside(folder, path, "gold")?;
    pickanumber_score::verify::Work::read(&full).map_err(|e| e.to_string())
}

#[cfg(feature = "fs")]
/// The judged works a JSON Lines file (a gold set, a runs file) names as `{"path": …}`,
/// relative to its folder: each read once, by its resolved path, however many lines name it,
/// as `score --against` reads it; a path that leaves the folder is refused.
pub struct WorksIn<'a> {
    folder: &'a Path,
    file: &'static str,
    read: std::collections::HashMap<
        std::path::PathBuf,
        Result<std::sync::Arc<pickanumber_score::verify::Work>, String>,
    >,
}

#[cfg(feature = "fs")]
impl<'a> WorksIn<'a> {
    /// The works of the `file` file (`gold`, `runs`: its messages name it) in `folder`.
    pub fn new(folder: &'a Path, file: &'static str) -> WorksIn<'a> {
        WorksIn {
            folder,
            file,
            read: std::collections::HashMap::new(),
        }
    }

    /// The work at `path`, read on the first call that names it.
    ///
    /// # Errors
    /// Why the work cannot be read, in words (a limit it exceeds is named).
    pub fn open(
        &mut self,
        path: &str,
    ) -> Result<std::sync::Arc<pickanumber_score::verify::Work>, String> {
        let full = inside(self.folder, path, self.file)?;
        self.read
            .entry(full)
            .or_insert_with_key(|full| {
                pickanumber_score::verify::Work::read(full)
                    .map(std::sync::Arc::new)
                    .map_err(|e| e.to_string())
            })
            .clone()
    }

    /// How many different works were read (or failed to read).
    pub fn len(&self) -> usize {
        self.read.len()
    }

    /// Whether no work was read.
    pub fn is_empty(&self) -> bool {
        self.read.is_empty()
    }
}

#[cfg(feature = "fs")]
/// `path` resolved inside `folder` (the `file` file's), or why it leaves it (absolute, `..`,
/// or a link out).
fn inside(folder: &Path, path: &str, file: &str) -> Result<std::path::PathBuf, String> {
    let rel = Path::new(path);
    if rel.is_absolute()
        || rel.components().any(|c| {
            !matches!(
                c,
                std::path::Component::Normal(_) | std::path::Component::CurDir
            )
        })
    {
        return Err(format!(
            "the path must lie inside the {file} file's folder (no absolute path, no ..)"
        ));
    }
    let root = folder.canonicalize().map_err(|e| e.to_string())?;
    let full = root.join(rel).canonicalize().map_err(|e| e.to_string())?;
    if !full.starts_with(&root) {
        return Err(format!("the path leads out of the {file} file's folder"));
    }
    Ok(full)
}

fn fig(f: &Figure) -> FigureCard {
    FigureCard {
        value: f.value.map(r4),
        low: f.low.map(r4),
        high: f.high.map(r4),
    }
}

/// Rounded to 4 decimals for the card.
fn r4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn agreement_card(a: &Agreement) -> AgreementCard {
    AgreementCard {
        n: a.n,
        spearman: fig(&a.spearman),
        kendall_tau_b: fig(&a.kendall),
        weighted_kappa: fig(&a.kappa),
        mae: fig(&a.mae),
    }
}

/// The card's (and the retest's) JSON of evidence counts, the rate rounded to 4 decimals.
pub(crate) fn counts_card(c: &Counts) -> CountsCard {
    CountsCard {
        verified: c.verified,
        located: c.located,
        not_found: c.not_found,
        not_checkable: c.not_checkable,
        no_evidence: c.no_evidence,
        invented_rate: c.invented_rate().map(r4),
    }
}

fn settings_card(s: Settings) -> SettingsCard {
    SettingsCard {
        denominator: Whole(s.denominator),
        scale: Whole(s.scale),
    }
}

fn alpha_card(a: f64) -> AlphaCard {
    AlphaCard {
        alpha: r4(a),
        level: alpha_level(a).into(),
    }
}

fn range_card((from, to, step): (f64, f64, f64)) -> RangeCard {
    RangeCard {
        from: Whole(from),
        to: Whole(to),
        step: Whole(step),
    }
}

impl Calibration {
    /// Whether the set is small (under [`SMALL`] subjects).
    pub fn small(&self) -> bool {
        self.rows.len() < SMALL
    }

    /// Whether the held-out Spearman's ρ reaches `rho` (the judge card's verdict).
    pub fn passes(&self, rho: f64) -> bool {
        self.held_out.spearman.value.is_some_and(|v| v >= rho)
    }

    /// The card's JSON types; `min_agreement` adds the verdict. The probe and the pairwise
    /// diagnostic are left for the caller to join.
    pub fn card(&self, human_scale: Scale, naive_scale: Scale, min_agreement: Option<f64>) -> Card {
        Card {
            n: self.rows.len(),
            small: self.small(),
            scales: ScalesCard {
                human: human_scale.to_string(),
                naive: naive_scale.to_string(),
                rescale: "linear onto 0-100; finals as scored".into(),
            },
            kappa_bins: BINS.iter().map(|b| (*b).to_string()).collect(),
            level: LEVEL,
            resamples: RESAMPLES,
            raters: self.alpha.map(alpha_card),
            defaults: DefaultsCard {
                settings: settings_card(self.defaults),
                agreement: agreement_card(&self.default_agreement),
            },
            naive: self.naive.as_ref().map(agreement_card),
            passes: self.passes_alpha.map(alpha_card),
            evidence: self.evidence.as_ref().map(|e| EvidenceCard {
                subjects: e.subjects,
                counts: counts_card(&e.counts),
            }),
            fit: FitCard {
                folds: self.folds,
                grid: GridCard {
                    denominator: range_card(DENOMINATORS),
                    scale: range_card(SCALES),
                },
                fitted: settings_card(self.fitted),
                fold_settings: self
                    .fold_settings
                    .iter()
                    .map(|s| settings_card(*s))
                    .collect(),
                held_out: agreement_card(&self.held_out),
                mae_improvement: fig(&self.mae_improvement),
                finding: self.finding.name().into(),
                message: self.finding.sentence().into(),
                kept_together: self.kept_together.clone(),
            },
            criteria: self
                .criteria
                .iter()
                .map(|c| CriterionCard {
                    name: c.name.clone(),
                    defaults: agreement_card(&c.defaults),
                    held_out: agreement_card(&c.held_out),
                    alpha: c.alpha.map(r4),
                })
                .collect(),
            verdict: min_agreement.map(|rho| VerdictCard {
                min_agreement: rho,
                held_out_spearman: self.held_out.spearman.value.map(r4),
                pass: self.passes(rho),
            }),
            subjects: self
                .rows
                .iter()
                .map(|r| SubjectCard {
                    id: r.id.clone(),
                    human: Whole(r4(r.human)),
                    default_final: Whole(r.default_final),
                    fitted_final: Whole(r.fitted_final),
                    held_out_final: Whole(r.held_out_final),
                    naive: r.naive.map(r4),
                    evidence: r.evidence.as_ref().map(counts_card),
                })
                .collect(),
            left_out: self
                .left_out
                .iter()
                .map(|l| LeftOutCard {
                    id: l.id.clone(),
                    line: l.line,
                    message: l.message.clone(),
                })
                .collect(),
            probe: None,
            pairwise: None,
        }
    }

    /// The card as one JSON object ([`Calibration::card`] printed); `min_agreement` adds the
    /// verdict.
    pub fn to_json(
        &self,
        human_scale: Scale,
        naive_scale: Scale,
        min_agreement: Option<f64>,
    ) -> String {
        self.card(human_scale, naive_scale, min_agreement).to_json()
    }

    /// The card in markdown.
    pub fn report(&self, min_agreement: Option<f64>) -> String {
        let t = |x: Option<f64>| x.map_or("n/a".to_string(), |v| std_fixed(v, 3));
        let f = |x: &Figure| format!("{} [{}, {}]", t(x.value), t(x.low), t(x.high));
        let row = |name: &str, a: &Agreement| {
            format!(
                "| {name} | {} | {} | {} | {} | {} |\n",
                a.n,
                f(&a.spearman),
                f(&a.kendall),
                f(&a.kappa),
                f(&a.mae)
            )
        };
        let mut s = String::from("# Judge card: calibration against people\n\n");
        s.push_str(&format!(
            "{} subjects, {}-fold cross-validation; intervals are {LEVEL} % bootstrap percentile intervals over {RESAMPLES} resamples of the subjects; κ is quadratic-weighted on the bins {}; MAE on 0–100 after the linear scale maps.\n\n",
            self.rows.len(),
            self.folds,
            BINS.join(", ")
        ));
        if !self.left_out.is_empty() {
            let named: Vec<String> = self
                .left_out
                .iter()
                .map(|l| format!("{} (line {})", l.id, l.line))
                .collect();
            let k = self.left_out.len();
            s.push_str(&format!(
                "**Left out:** {k} {} whose output gives no score: {}.\n\n",
                if k == 1 { "subject" } else { "subjects" },
                named.join(", ")
            ));
        }
        if !self.kept_together.is_empty() {
            let groups: Vec<String> = self.kept_together.iter().map(|g| g.join(", ")).collect();
            let k = self.kept_together.len();
            s.push_str(&format!(
                "**Kept together:** {k} {} of subjects {} one output and one human score, each group in one fold: {}.\n\n",
                if k == 1 { "group" } else { "groups" },
                if k == 1 { "shares" } else { "share" },
                groups.join("; ")
            ));
        }
        if self.small() {
            s.push_str(&format!("**Small set:** fewer than {SMALL} subjects; the intervals say how little is known.\n\n"));
        }
        s.push_str("| scores | n | Spearman ρ | Kendall τ-b | weighted κ | MAE |\n|---|---|---|---|---|---|\n");
        let d = self.defaults;
        s.push_str(&row(
            &format!(
                "formula, defaults (denominator {}, scale {})",
                d.denominator, d.scale
            ),
            &self.default_agreement,
        ));
        let p = self.fitted;
        s.push_str(&row(
            &format!(
                "formula, held out (each fold fitted without it; on all subjects: denominator {}, scale {})",
                p.denominator, p.scale
            ),
            &self.held_out,
        ));
        if let Some(n) = &self.naive {
            s.push_str(&row("the judge's own number", n));
        }
        for c in &self.criteria {
            s.push_str(&row(
                &format!("criterion {}, defaults", c.name),
                &c.defaults,
            ));
            s.push_str(&row(
                &format!("criterion {}, held out", c.name),
                &c.held_out,
            ));
        }
        if !self.held_out_ranked {
            s.push_str("\nNo setting of the grid gives the subjects different finals: the held-out ρ, τ-b and κ are undefined (the held-out finals differ only by the folds' settings).\n");
        }
        s.push_str(&format!(
            "\nHeld-out MAE improvement over the defaults: {}. Finding: {}.\n",
            f(&self.mae_improvement),
            self.finding.sentence()
        ));
        match self.alpha {
            Some(a) => s.push_str(&format!("\nThe raters' own agreement (Krippendorff's α, interval): {} ({}), the ceiling for any judge.\n", std_fixed(a, 3), alpha_level(a))),
            None => s.push_str("\nNo subject has several raters: the raters' own agreement (the ceiling) is unknown.\n"),
        }
        if let Some(a) = self.passes_alpha {
            s.push_str(&format!(
                "\nThe judge's passes agree with each other at α = {} ({}), under the defaults.\n",
                std_fixed(a, 3),
                alpha_level(a)
            ));
        }
        if let Some(e) = &self.evidence {
            let c = &e.counts;
            s.push_str(&format!(
                "\nEvidence checked against the work for {} of {} subjects: {} items verified, {} located (a place and no quotation), {} not found (left out before scoring), {} not checkable, {} citing nothing; invented-evidence rate {} (not found over verified, located and not found).\n",
                e.subjects,
                self.rows.len(),
                c.verified,
                c.located,
                c.not_found,
                c.not_checkable,
                c.no_evidence,
                t(c.invented_rate()),
            ));
        }
        if let Some(rho) = min_agreement {
            s.push_str(&format!(
                "\n**Verdict:** held-out Spearman ρ {} {} the minimum {rho}: {}.\n",
                t(self.held_out.spearman.value),
                if self.passes(rho) {
                    "reaches"
                } else {
                    "misses"
                },
                if self.passes(rho) { "pass" } else { "fail" }
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pickanumber_score::Rounding;

    /// The old way, which every grid point's final must equal: the whole output analysed
    /// again (read, evidence checked, scored) under the grid point's settings.
    fn analysed_at(s: &Subject, request: &Request, p: Settings) -> Option<f64> {
        let a = analyse_subject(s, &with(request, p));
        a.headline().filter(|_| !a.has_errors()).map(|h| h.score)
    }

    /// Only the formula runs again at each grid point; it must give what analysing the whole
    /// output again gives, in every mode, for passes, with a work, rounded or not.
    #[test]
    fn each_grid_points_final_is_the_whole_analysis_final() {
        let lines = [
            r###"{"id": "pooled", "human": 60, "output": "+3 a\n-1 b\n+2 c\n+5 d"}"###,
            r###"{"id": "matrix", "human": 40, "output": "(+3, craft) a\n(-2, depth) b\n(+1, depth) c"}"###,
            r###"{"id": "weights", "human": 40, "output": "weights: craft=2, depth=1\n(+3, craft) a\n(-2, depth) b"}"###,
            r###"{"id": "feedback", "human": 70, "output": "## Working\n+3 a\n## Not working\n-2 b\n## Missing\n-1 c"}"###,
            r###"{"id": "passes", "human": 55, "output": ["+3 a\n+1 b", "+3 a\n-2 c", "+1 d"]}"###,
            r###"{"id": "work", "human": 50, "output": "+3 \"alpha beta\"\n+2 \"not in it\"\n-1 plain", "work": "alpha beta gamma"}"###,
        ];
        let subjects =
            gold::read_text(&lines.join("\n"), Scale::default(), Scale::default()).unwrap();
        let unrounded = Request {
            params: Params {
                rounding: Rounding::None,
                ..Params::default()
            },
            ..Request::default()
        };
        for request in [Request::default(), unrounded] {
            let base = Request {
                skip_interval: true,
                ..request.clone()
            };
            for s in &subjects {
                let (_, formula) = prepare(s, &base).unwrap();
                for p in grid() {
                    let fast = formula.final_at(&with(&request, p).params);
                    assert_eq!(fast, analysed_at(s, &request, p), "{} at {p:?}", s.id);
                }
            }
        }
    }

    /// Subjects with the same output and human scores share a group, numbered by first
    /// appearance.
    #[test]
    fn repeated_subjects_share_a_group() {
        let text = [
            r###"{"id": "a", "human": 60, "output": "+3 x"}"###,
            r###"{"id": "b", "human": 60, "output": "+3 y"}"###,
            r###"{"id": "a2", "human": 60, "output": "+3 x"}"###,
            r###"{"id": "c", "human": 61, "output": "+3 x"}"###,
            r###"{"id": "b2", "human": 60, "output": "+3 y"}"###,
        ]
        .join("\n");
        let subjects = gold::read_text(&text, Scale::default(), Scale::default()).unwrap();
        let refs: Vec<&Subject> = subjects.iter().collect();
        assert_eq!(groups(&refs), vec![0, 1, 0, 2, 1]);
    }
}
