//! `pickanumber calibrate GOLD`: a gold set → the instruments crate's [`calibrate`] (agreement
//! with people, the denominator and scale fitted under k-fold cross-validation) → one JSON
//! object (or `--report` markdown); `--out FILE` writes the rubric with the fitted `[params]`,
//! checked by scoring every output with the written file; `--min-agreement RHO` gates on the
//! held-out Spearman's ρ.

use crate::{print, read_input, Fatal};
use clap::Args;
use pickanumber_instruments::calibrate::card::{
    Card, PairwiseCard, PositionBiasCard, ProbeCard, SwapCard,
};
use pickanumber_instruments::calibrate::{
    analyse_subject, calibrate, gold, located, read_gold, scale_hint, Calibration, Finding, Scale,
    FOLDS,
};
use pickanumber_rubric::Rubric;
use pickanumber_score::{Mode, Request, PERSPECTIVES};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The long help of `pickanumber calibrate` after the option list.
pub const CALIBRATE_HELP: &str = "\
GOLD (JSON Lines, one subject a line):
    {\"id\": \"s1\", \"human\": 72, \"output\": \"+3 tests pass\\n-1 slow\", \"naive\": 80}
    human    a number, a list (one per rater) or an object of criteria (each a number or a
             list), on --human-scale
    output   the judge's output as text, {\"path\": \"FILE\"} (inside the gold file's folder),
             or a list of passes (scored together, as `combine` does)
    naive    optional: the judge's own number, on --naive-scale
    work     optional: the judged work as text, or {\"path\": \"FILE or FOLDER\"} (inside the
             gold file's folder; read as score --against reads it): the output's evidence is
             checked against it and items whose evidence is not in it are left out before the
             formula runs, as score --against does
    Every bad line is reported as GOLD:LINE: message, and nothing is computed; so is a key
    given twice in a line. A subject whose output gives no score is left out: named on
    stderr with its line, and listed in the card's left_out (--strict stops with exit 2
    instead). Subjects with the same output and the same human score are kept together: in
    one fold, and resampled as one by the bootstrap (the card's fit.kept_together).
    With the default --human-scale, human scores that all lie in 0-1 or in 1-10 bring a
    warning naming the --human-scale to give.

WHAT IS MEASURED:
    Against the mean human score (criteria: the plain mean of the criteria), on 0-100:
    Spearman's rho, Kendall's tau-b, quadratic-weighted kappa on the bins 0-20, 20-40,
    40-60, 60-80, 80-100, and the mean absolute error after the linear scale maps; each with
    a 90 % bootstrap percentile interval over 1000 resamples of the subjects (seeded: the same
    set gives the same intervals). The raters' Krippendorff's alpha is the ceiling; the naive
    number's agreement is printed beside the formula's; criteria are measured one by one.
    Under 30 subjects the set is flagged as small.

THE FIT:
    The density denominator (4 to 60, step 4) and the scale (2 to 16, step 1) are searched on a
    grid for the smallest mean absolute error, under --folds-fold cross-validation (subject i
    in fold i mod K; with repeats, group g in fold g mod K). Every figure of the fit is held
    out: each subject is scored with the settings fitted on the other folds. The fit is
    reported as better than the defaults only when the interval of the held-out MAE
    improvement lies above 0, and as nothing found when the interval of the held-out rho
    reaches 0; when no setting of the grid gives the subjects different finals, the held-out
    rho, tau-b and kappa are undefined (null). `fitted` (fitted on every subject) is what
    --out writes.

JOINED INSTRUMENTS (the judge card):
    --probe-runs DIR [--probe-items FILE] adds \"probe\" (the announced regime, runs read and
    failed), and --pairwise FILE adds \"pairwise\" (position bias and swap consistency), to the
    JSON and a line each to the markdown.

OUTPUT:
    One JSON object: n, small, scales, kappa_bins, level, resamples, raters, defaults, naive,
    passes (alpha across the judge's passes, when outputs are lists of passes), evidence
    (when some subject has a work: subjects, verified, located, not_found, not_checkable,
    no_evidence, invented_rate = not_found / (verified + located + not_found), summed over
    those subjects),
    fit {folds, grid, fitted {denominator, scale}, fold_settings, held_out, mae_improvement,
    finding, message, kept_together}, criteria, verdict, subjects, left_out. --report prints
    markdown instead.
    --out FILE writes --rubric's rubric (without --rubric: a pooled rubric holding only the
    settings) with the fitted [params] and a [fit] naming them (the sha256 of the gold set
    and of the fitted settings, which every result scored with it carries on its card), through a temporary file renamed into place, after
    checking that `score --rubric FILE` (with --against the subject's work, when it has one)
    gives every subject its fitted_final; only when the finding is better_settings, or with
    --force, and stderr says which. FILE must be a regular file or not exist yet: a symbolic
    link, a FIFO, a device or a read-only file is refused before anything is computed.

EXIT STATUS:
    0  calibrated (and the verdict passed, with --min-agreement)
    3  the held-out Spearman's rho missed --min-agreement (the card is still printed)
    2  usage error, unreadable or bad gold set, unusable rubric, --out refused or not
       written, a subject without a score under --strict";

/// Options of `pickanumber calibrate`.
#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// The gold set (JSON Lines).
    #[arg(value_name = "GOLD")]
    pub gold: PathBuf,
    /// The scale of the human scores, mapped onto 0-100.
    #[arg(long, value_name = "A:B", default_value = "0:100", value_parser = Scale::parse)]
    pub human_scale: Scale,
    /// The scale of the naive numbers, mapped onto 0-100.
    #[arg(long, value_name = "A:B", default_value = "0:100", value_parser = Scale::parse)]
    pub naive_scale: Scale,
    /// Score the outputs against this rubric (its settings are the defaults to beat).
    #[arg(long, value_name = "R")]
    pub rubric: Option<PathBuf>,
    /// Write the rubric with the fitted [params] to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Folds of the cross-validation.
    #[arg(long, value_name = "K", default_value_t = FOLDS)]
    pub folds: usize,
    /// Print the markdown card instead of JSON.
    #[arg(long)]
    pub report: bool,
    /// Join the calibration probe to the card: the folder of run-*.json files (as `probe
    /// --runs-dir`).
    #[arg(long, value_name = "DIR")]
    pub probe_runs: Option<PathBuf>,
    /// The probe's items file (as `probe --items`; default: the site's probe set).
    #[arg(long, value_name = "FILE", requires = "probe_runs")]
    pub probe_items: Option<PathBuf>,
    /// Join the pairwise diagnostic to the card: the judge's pairwise verdicts (as `pairwise`
    /// reads them).
    #[arg(long, value_name = "FILE")]
    pub pairwise: Option<PathBuf>,
    /// With --out: write the fitted settings even when the fit does not beat the defaults
    /// beyond noise.
    #[arg(long, requires = "out")]
    pub force: bool,
    /// Stop with exit 2 when a subject's output gives no score, instead of leaving it out.
    #[arg(long)]
    pub strict: bool,
    /// Exit 3 when the held-out Spearman's rho is below RHO.
    #[arg(long, value_name = "RHO", allow_hyphen_values = true, value_parser = rho)]
    pub min_agreement: Option<f64>,
}

fn rho(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if (-1.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("\"{s}\" must be a number from -1 to 1")),
    }
}

/// Runs `pickanumber calibrate`.
///
/// # Errors
/// A [`Fatal`] (exit 2) listing every bad gold line as `GOLD:LINE: message`, or when a file
/// cannot be read or written.
pub fn run(args: &CalibrateArgs) -> Result<ExitCode, Fatal> {
    if let Some(out) = &args.out {
        writable(out)?;
    }
    let text = read_input(Some(&args.gold))?;
    let subjects = read_gold(&args.gold, &text, args.human_scale, args.naive_scale)
        .map_err(|lines| Fatal(lines.join("\n")))?;
    if let Some(hint) = scale_hint(&subjects, args.human_scale) {
        eprintln!("pickanumber: warning: {hint}");
    }
    let rubric = args
        .rubric
        .as_deref()
        .map(crate::rubric::load)
        .transpose()?;
    let request = rubric
        .as_ref()
        .map_or_else(Request::default, Rubric::request);
    let c = calibrate(&subjects, &request, args.folds)
        .map_err(|e| Fatal(located(&args.gold, &e).join("\n")))?;
    let left_out: Vec<_> = c.left_out.iter().map(|l| l.error()).collect();
    if args.strict && !left_out.is_empty() {
        return Err(Fatal(located(&args.gold, &left_out).join("\n")));
    }
    for line in located(&args.gold, &left_out) {
        eprintln!("pickanumber: warning: {line}; left out (--strict stops here instead)");
    }
    if let Some(out) = &args.out {
        let shown = out.display();
        let why = c.finding.sentence();
        if c.finding == Finding::BetterSettings {
            write_rubric(out, rubric, &subjects, &c, &text)?;
            eprintln!("pickanumber: wrote {shown}: {why}");
        } else if args.force {
            write_rubric(out, rubric, &subjects, &c, &text)?;
            eprintln!("pickanumber: wrote {shown} because of --force, though {why}");
        } else {
            eprintln!("pickanumber: {shown} was not written: {why} (--force writes the fitted settings anyway)");
        }
    }
    let Joined {
        probe,
        pairwise,
        lines,
    } = joined(args)?;
    if args.report {
        let mut text = c.report(args.min_agreement);
        for line in &lines {
            text.push_str(&format!("\n{line}\n"));
        }
        crate::print_report(&text);
    } else {
        let card = Card {
            probe,
            pairwise,
            ..c.card(args.human_scale, args.naive_scale, args.min_agreement)
        };
        print(&card.to_json());
    }
    Ok(match args.min_agreement {
        Some(rho) if !c.passes(rho) => ExitCode::from(3),
        _ => ExitCode::SUCCESS,
    })
}

/// The instruments joined to the card, and a line of the markdown card for each.
struct Joined {
    probe: Option<ProbeCard>,
    pairwise: Option<PairwiseCard>,
    lines: Vec<String>,
}

/// The other instruments joined to the card: the probe's regime and the pairwise position bias
/// and swap consistency, each when asked for, and a line of the markdown card for each.
///
/// # Errors
/// A [`Fatal`] when the probe cannot run, or the pairwise file cannot be read or has a line
/// that is not a judgment (named as `FILE:LINE: message`).
fn joined(args: &CalibrateArgs) -> Result<Joined, Fatal> {
    let (mut probe, mut pairwise, mut lines) = (None, None, Vec::new());
    if let Some(runs) = &args.probe_runs {
        let p = crate::probe::read(&crate::probe::ProbeArgs {
            runs_dir: runs.clone(),
            items: args.probe_items.clone(),
            out: None,
            json: true,
        })?;
        let st = &p.statistics;
        let regime = p.announced().map(|r| r.name());
        lines.push(format!(
            "Probe: regime {}, from {} runs read ({} failed).",
            regime.unwrap_or("none (too few runs read)"),
            st.successful_runs,
            st.failed_runs
        ));
        probe = Some(ProbeCard {
            regime: regime.map(str::to_string),
            runs_read: st.successful_runs,
            runs_failed: st.failed_runs,
        });
    }
    if let Some(file) = &args.pairwise {
        let a = pickanumber_instruments::pairwise::analyse(&read_input(Some(file))?);
        if !a.errors.is_empty() {
            let shown = file.display();
            return Err(Fatal(
                a.errors
                    .iter()
                    .map(|e| format!("{shown}:{}: {}", e.line, e.message))
                    .collect::<Vec<_>>()
                    .join("\n"),
            ));
        }
        let (b, w) = (&a.position_bias, &a.swap);
        let share = |x: Option<f64>| {
            x.map_or("n/a".to_string(), |v| {
                pickanumber_text::numtext::std_fixed(v, 3)
            })
        };
        lines.push(format!(
            "Pairwise: the first-shown item won {} of {} decided verdicts (share {}, p = {}); {} of {} pairs judged in both orders kept their winner.",
            b.first_wins,
            b.decided,
            share(b.share),
            share(b.p_value),
            w.consistent,
            w.pairs_both_orders
        ));
        pairwise = Some(PairwiseCard {
            judgments: a.judgments,
            position_bias: PositionBiasCard {
                first_wins: b.first_wins,
                decided: b.decided,
                share: b.share,
                p_value: b.p_value,
            },
            swap: SwapCard {
                pairs_both_orders: w.pairs_both_orders,
                consistent: w.consistent,
                share: w.share,
            },
        });
    }
    Ok(Joined {
        probe,
        pairwise,
        lines,
    })
}

/// Refuses an `--out` path that may not be replaced by a file renamed into place: a symbolic
/// link (the link would be replaced, not the file it names), anything but a regular file (a
/// FIFO, a device, a folder), or a read-only file, as the judge store refuses them.
fn writable(out: &Path) -> Result<(), Fatal> {
    let shown = out.display();
    let meta = match std::fs::symlink_metadata(out) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(Fatal(format!("cannot write {shown}: {e}"))),
    };
    let refuse = |what: &str| {
        Err(Fatal(format!(
            "{shown} is {what}; --out writes a new regular file or replaces one: give another path"
        )))
    };
    if meta.file_type().is_symlink() {
        return refuse("a symbolic link");
    }
    if !meta.is_file() {
        return refuse("not a regular file");
    }
    let denied = std::fs::OpenOptions::new()
        .write(true)
        .open(out)
        .is_err_and(|e| e.kind() == std::io::ErrorKind::PermissionDenied);
    if meta.permissions().readonly() || denied {
        return Err(Fatal(format!(
            "{shown} is read-only; it was left unchanged (make it writable, or give another path)"
        )));
    }
    Ok(())
}

/// Writes `rubric` (or a pooled rubric holding only settings) with the fitted `[params]` and
/// the `[fit]` that names them (the sha256 of the gold set's text and of the fitted settings,
/// as a result's card hashes settings), once every subject's output scored with the written
/// text gives its `fitted_final`.
fn write_rubric(
    out: &Path,
    rubric: Option<Rubric>,
    subjects: &[gold::Subject],
    c: &Calibration,
    gold: &str,
) -> Result<(), Fatal> {
    let given = rubric.is_some();
    let mut r = rubric.unwrap_or_else(|| Rubric {
        subject: "settings fitted by pickanumber calibrate".into(),
        mode: Mode::Pooled,
        perspectives: PERSPECTIVES.iter().map(|p| p.to_string()).collect(),
        criteria: Vec::new(),
        traps: Vec::new(),
        params: pickanumber_score::Params::default(),
        fit: None,
    });
    r.params.density_denominator = c.fitted.denominator;
    r.params.scale = c.fitted.scale;
    r.fit = Some(pickanumber_rubric::Fit {
        gold: pickanumber_result::card::sha256_hex(gold.as_bytes()),
        settings: pickanumber_result::card::settings_hash(&r.request()),
    });
    let text = r.to_toml();
    let written = Rubric::parse(&text)
        .map_err(|e| Fatal(format!("the rubric to write does not read back: {}", e[0])))?;
    let request = Request {
        skip_interval: true,
        ..written.request()
    };
    for (s, row) in subjects.iter().zip(&c.rows) {
        let a = analyse_subject(s, &request);
        let got = a.headline().map(|h| h.score).filter(|_| !a.has_errors());
        if got != Some(row.fitted_final) {
            let why = if given {
                "the rubric scores it differently from the calibration".to_string()
            } else {
                "without --rubric the file is a pooled rubric, and this output needs another mode or other labels: give --rubric".to_string()
            };
            return Err(Fatal(format!(
                "{} was not written: subject \"{}\" would not get its fitted final {} under it ({why})",
                out.display(),
                s.id,
                row.fitted_final
            )));
        }
    }
    writable(out)?;
    let shown = out.display().to_string();
    let permissions = std::fs::metadata(out).ok().map(|m| m.permissions());
    crate::locked::write_replacing(out, &shown, text.trim_end(), permissions).map_err(Fatal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pickanumber_instruments::calibrate::{agreement::BINS, DENOMINATORS, SCALES, SMALL};
    use pickanumber_score::interval::{LEVEL, RESAMPLES};

    /// The help states the grid, the bins, the interval and the small-set flag as the
    /// instruments crate defines them.
    #[test]
    fn the_help_states_the_crates_settings() {
        let help = CALIBRATE_HELP
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let (d, s) = (DENOMINATORS, SCALES);
        for stated in [
            format!("denominator ({} to {}, step {})", d.0, d.1, d.2),
            format!("scale ({} to {}, step {})", s.0, s.1, s.2),
            format!("bins {}", BINS.join(", ")),
            format!("a {LEVEL} % bootstrap percentile interval over {RESAMPLES} resamples"),
            format!("Under {SMALL} subjects"),
            "--folds-fold cross-validation (subject i in fold i mod K; with repeats, group g in fold g mod K)".to_string(),
        ] {
            assert!(help.contains(&stated), "{stated}\n{help}");
        }
    }
}
