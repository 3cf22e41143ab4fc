//! A retest written out: the JSON object `pickanumber retest --json` prints, the summary lines
//! it prints by default, and the markdown report (`--report`) with an SVG strip per work.

use super::{Retest, Shift, Work};
use crate::calibrate::agreement::Figure;
use crate::calibrate::card::Whole;
use pickanumber_score::interval::{LEVEL, RESAMPLES};
use pickanumber_text::numtext::{fixed, signed_fixed, trim_number};
use serde_json::{json, Value};

/// Rounded to 4 decimals for the JSON.
fn r4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn figure_json(f: &Figure, works: usize) -> Value {
    json!({
        "value": f.value.map(r4),
        "low": f.low.map(r4),
        "high": f.high.map(r4),
        "works": works,
    })
}

fn work_json(w: &Work, gate: Option<f64>) -> Value {
    let mut v = json!({
        "work": w.work,
        "lines": w.lines,
        "finals": w.finals.iter().map(|x| Whole(*x)).collect::<Vec<_>>(),
        "mean": r4(w.mean()),
        "sd": r4(w.sd),
        "range": Whole(w.range),
        "flips": w.flips,
        "naive": w.naive.as_ref().map(|n| n.iter().map(|x| r4(*x)).collect::<Vec<_>>()),
        "naive_sd": w.naive_sd().map(r4),
        "naive_range": w.naive_range().map(r4),
        "naive_flips": w.naive_flips(gate),
    });
    if !w.labels.is_empty() {
        v["labels"] = json!(w.labels);
    }
    v["evidence"] = if w.checked > 0 {
        evidence_json(w.checked, w.lines.len() - w.checked, &w.evidence)
    } else {
        Value::Null
    };
    v
}

/// `{runs_checked, runs_unchecked, verified, located, not_found, not_checkable, no_evidence,
/// invented_rate}`: the counts as the calibration card writes them, and how many runs they
/// cover.
fn evidence_json(checked: usize, unchecked: usize, c: &pickanumber_score::verify::Counts) -> Value {
    let mut v = json!({"runs_checked": checked, "runs_unchecked": unchecked});
    let counts = serde_json::to_value(crate::calibrate::counts_card(c)).expect("counts serialise");
    if let (Some(o), Value::Object(c)) = (v.as_object_mut(), counts) {
        o.extend(c);
    }
    v
}

fn shift_json(s: &Shift) -> Value {
    let f = |x: &Figure| json!({"value": x.value.map(r4), "low": x.low.map(r4), "high": x.high.map(r4)});
    json!({
        "label": s.label,
        "against": s.against,
        "works": s.works,
        "final": f(&s.final_shift),
        "naive": s.naive_shift.as_ref().map(f),
    })
}

impl Retest {
    /// Works whose finals were counted (all of them).
    pub fn work_count(&self) -> usize {
        self.works.len()
    }

    /// The retest as one JSON value: `runs`, `works`, `fail_under`, `naive_scale`, `level`,
    /// `resamples`, `final_sd`, `naive_sd`, `flip_rate`, `naive_flip_rate` (each `{value,
    /// low, high, works}` or null), `by` (null, or `{key, groups, shifts}`), `warnings`,
    /// `evidence` (`runs_checked`, `runs_unchecked` and the checked runs' counts) and
    /// `per_work` (each with its `evidence`, null when none of its runs was checked).
    pub fn to_value(&self) -> Value {
        let n = self.work_count();
        json!({
            "runs": self.runs,
            "works": n,
            "fail_under": self.fail_under.map(Whole),
            "naive_scale": self.naive_scale.to_string(),
            "level": LEVEL,
            "resamples": RESAMPLES,
            "final_sd": figure_json(&self.final_sd, n),
            "naive_sd": self.naive_sd.as_ref().map(|f| figure_json(f, self.naive_works)),
            "flip_rate": self.flip_rate.as_ref().map(|f| figure_json(f, n)),
            "naive_flip_rate": self.naive_flip_rate.as_ref().map(|f| figure_json(f, self.naive_works)),
            "by": self.by.as_ref().map(|key| json!({
                "key": key,
                "groups": self.groups.iter().map(|g| json!({"label": g.label, "runs": g.runs, "works": g.works})).collect::<Vec<_>>(),
                "shifts": self.shifts.iter().map(shift_json).collect::<Vec<_>>(),
            })),
            "warnings": self.warnings,
            "evidence": evidence_json(self.checked, self.runs - self.checked, &self.evidence),
            "per_work": self.works.iter().map(|w| work_json(w, self.fail_under)).collect::<Vec<_>>(),
        })
    }

    /// [`Retest::to_value`] as pretty JSON text with a final newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(&self.to_value()).expect("a retest serialises");
        s.push('\n');
        s
    }

    /// The overall figures, a line each, for a terminal.
    pub fn summary_lines(&self) -> Vec<String> {
        let n = self.work_count();
        let mut out = vec![format!(
            "{} runs of {n} works; intervals: {LEVEL} % bootstrap over {RESAMPLES} resamples of the works",
            self.runs
        )];
        out.push(format!("final_sd {}", figure_text(&self.final_sd, 2)));
        match &self.naive_sd {
            Some(f) => out.push(format!(
                "naive_sd {} ({} works)",
                figure_text(f, 2),
                self.naive_works
            )),
            None => out.push("naive_sd none: no run gives a naive number".into()),
        }
        match (&self.flip_rate, self.fail_under) {
            (Some(f), Some(g)) => {
                out.push(format!(
                    "flip_rate {} at --fail-under {}",
                    figure_text(f, 3),
                    trim_number(g)
                ));
                if let Some(nf) = &self.naive_flip_rate {
                    out.push(format!("naive_flip_rate {}", figure_text(nf, 3)));
                }
            }
            _ => out.push("flip_rate none: give --fail-under to count flips".into()),
        }
        for s in &self.shifts {
            out.push(shift_line(s));
        }
        out.push(self.evidence_line());
        out
    }

    /// Whether and how the runs' evidence was checked, in one sentence: a run with no work
    /// was scored on what it cites, found or not.
    pub fn evidence_line(&self) -> String {
        let unchecked = self.runs - self.checked;
        if self.checked == 0 {
            return format!("evidence not checked: no run names the work it judged (give each run \"against\", or --against PATH), so an item citing what the work lacks counted in all {} runs", self.runs);
        }
        let c = &self.evidence;
        let mut line = format!(
            "evidence checked against the work in {} of {} runs: {} items verified, {} located, {} not found (left out before scoring), {} not checkable, {} citing nothing; invented-evidence rate {}",
            self.checked,
            self.runs,
            c.verified,
            c.located,
            c.not_found,
            c.not_checkable,
            c.no_evidence,
            c.invented_rate().map_or("n/a".into(), |r| fixed(r, 3))
        );
        match unchecked {
            0 => {}
            1 => line.push_str("; 1 run names no work and was scored unchecked"),
            n => line.push_str(&format!(
                "; {n} runs name no work and were scored unchecked"
            )),
        }
        line
    }

    /// The markdown report: the figures, the shifts between groups, the warnings, and a table
    /// of the works with an SVG strip each (the runs' finals above, the naive numbers below,
    /// the gate as a line).
    pub fn report(&self) -> String {
        let n = self.work_count();
        let mut s = String::from("# Retest: how steady is the judge\n\n");
        s.push_str(&format!(
            "{} runs of {n} works, each answer scored on its own. Intervals are {LEVEL} % bootstrap percentile intervals over {RESAMPLES} resamples of the works.\n\n",
            self.runs
        ));
        s.push_str("| figure | value | interval | works |\n|---|---|---|---|\n");
        let row = |name: &str, f: &Figure, d: usize, works: usize| {
            format!(
                "| {name} | {} | {} | {works} |\n",
                opt(f.value, d),
                interval_text(f, d)
            )
        };
        s.push_str(&row("final_sd (points)", &self.final_sd, 2, n));
        if let Some(f) = &self.naive_sd {
            s.push_str(&row("naive_sd (points)", f, 2, self.naive_works));
        }
        if let Some(f) = &self.flip_rate {
            s.push_str(&row("flip_rate", f, 3, n));
        }
        if let Some(f) = &self.naive_flip_rate {
            s.push_str(&row("naive_flip_rate", f, 3, self.naive_works));
        }
        s.push('\n');
        match self.fail_under {
            Some(g) => s.push_str(&format!(
                "A work flips when some of its runs' finals are under {} and some are not.\n\n",
                trim_number(g)
            )),
            None => s.push_str("No gate was given (`--fail-under`), so no flip is counted.\n\n"),
        }
        if self.naive_sd.is_none() {
            s.push_str("No run gives a naive number.\n\n");
        }
        let mut evidence = self.evidence_line();
        if let Some(first) = evidence.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        s.push_str(&format!("{}.\n\n", cell(&evidence)));
        if let Some(key) = &self.by {
            s.push_str(&format!(
                "## Groups by `{key}`\n\n| label | runs | works |\n|---|---|---|\n"
            ));
            for g in &self.groups {
                s.push_str(&format!(
                    "| {} | {} | {} |\n",
                    cell(&g.label),
                    g.runs,
                    g.works
                ));
            }
            s.push('\n');
            for sh in &self.shifts {
                s.push_str(&format!("- {}\n", shift_line(sh)));
            }
            if !self.shifts.is_empty() {
                s.push('\n');
            }
        }
        for w in &self.warnings {
            s.push_str(&format!("**Warning:** {w}\n\n"));
        }
        s.push_str("## Works\n\n");
        s.push_str(&self.works_table());
        s
    }

    /// The report's table of the works, a row each with its SVG strip, and the sentence that
    /// reads the strips: what `--report` prints under "Works", and what the site's pages show
    /// for a runs file of the examples.
    pub fn works_table(&self) -> String {
        let mut s = String::new();
        let naive = self.naive_works > 0;
        s.push_str(if naive {
            "| work | finals | sd | range | flips | naive | naive sd | strip |\n|---|---|---|---|---|---|---|---|\n"
        } else {
            "| work | finals | sd | range | flips | strip |\n|---|---|---|---|---|---|\n"
        });
        for w in &self.works {
            let finals = list(&w.finals);
            let flips = w.flips.map_or("—", |b| if b { "yes" } else { "no" });
            s.push_str(&format!(
                "| {} | {finals} | {} | {} | {flips} |",
                cell(&w.work),
                fixed(w.sd, 2),
                trim_number(w.range)
            ));
            if naive {
                s.push_str(&format!(
                    " {} | {} |",
                    w.naive.as_deref().map_or("—".into(), list),
                    w.naive_sd().map_or("—".into(), |x| fixed(x, 2))
                ));
            }
            s.push_str(&format!(" {} |\n", strip(w, self.fail_under)));
        }
        s.push_str(
            "\nIn each strip, on 0 to 100, the runs' finals are the filled dots on the upper line",
        );
        if naive {
            s.push_str(", the naive numbers the open circles on the lower line");
        }
        if let Some(g) = self.fail_under {
            s.push_str(&format!(
                "; the vertical line is the gate, {}",
                trim_number(g)
            ));
        }
        s.push_str(".\n");
        s
    }
}

fn opt(x: Option<f64>, d: usize) -> String {
    x.map_or("n/a".into(), |v| fixed(v, d))
}

fn interval_text(f: &Figure, d: usize) -> String {
    format!("{} to {}", opt(f.low, d), opt(f.high, d))
}

fn figure_text(f: &Figure, d: usize) -> String {
    format!(
        "{} [{}, {}]",
        opt(f.value, d),
        opt(f.low, d),
        opt(f.high, d)
    )
}

fn shift_line(s: &Shift) -> String {
    let sig = |f: &Figure| {
        format!(
            "{} [{}, {}]",
            f.value.map_or("n/a".into(), |v| signed_fixed(v, 2)),
            f.low.map_or("n/a".into(), |v| signed_fixed(v, 2)),
            f.high.map_or("n/a".into(), |v| signed_fixed(v, 2))
        )
    };
    let mut line = format!(
        "shift of the final from \"{}\" to \"{}\": {} over {} works judged under both",
        s.against,
        s.label,
        sig(&s.final_shift),
        s.works
    );
    if let Some(n) = &s.naive_shift {
        line.push_str(&format!("; of the naive number: {}", sig(n)));
    }
    line
}

/// `x` with at most one decimal (the naive numbers mapped onto 0–100 are rarely whole).
fn one_decimal(x: f64) -> String {
    trim_number((x * 10.0).round() / 10.0)
}

fn list(v: &[f64]) -> String {
    v.iter()
        .map(|x| one_decimal(*x))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Text for a table cell: `|` escaped, line breaks as spaces, `<` and `&` escaped.
fn cell(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('|', "\\|")
        .replace(['\n', '\r'], " ")
}

/// Width and height of a strip, in SVG units; the scale 0–100 spans [`PAD`] to
/// `WIDTH − PAD`.
const WIDTH: f64 = 120.0;
const HEIGHT: f64 = 20.0;
const PAD: f64 = 4.0;

fn x_of(v: f64) -> String {
    let x = PAD + v.clamp(0.0, 100.0) / 100.0 * (WIDTH - 2.0 * PAD);
    trim_number((x * 100.0).round() / 100.0)
}

/// One work's strip: an inline SVG on one line, drawn in the text's colour (`currentColor`,
/// the axis and the gate fainter), so it reads on a light page and a dark one, with no
/// script; its `<title>` names the work and lists the numbers it draws, its text alternative.
pub fn strip(w: &Work, gate: Option<f64>) -> String {
    let mut title = format!("{}: finals {}", w.work, list(&w.finals));
    if let Some(n) = &w.naive {
        title.push_str(&format!("; naive {}", list(n)));
    }
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\"><title>{}</title><line x1=\"{PAD}\" y1=\"10\" x2=\"{}\" y2=\"10\" stroke=\"currentColor\" stroke-opacity=\".3\"/>",
        cell(&title),
        WIDTH - PAD
    );
    if let Some(g) = gate {
        let x = x_of(g);
        s.push_str(&format!(
            "<line x1=\"{x}\" y1=\"1\" x2=\"{x}\" y2=\"19\" stroke=\"currentColor\" stroke-opacity=\".6\"/>"
        ));
    }
    for f in &w.finals {
        s.push_str(&format!(
            "<circle cx=\"{}\" cy=\"6\" r=\"2.5\" fill=\"currentColor\"/>",
            x_of(*f)
        ));
    }
    for n in w.naive.as_deref().unwrap_or_default() {
        s.push_str(&format!(
            "<circle cx=\"{}\" cy=\"14\" r=\"2.5\" fill=\"none\" stroke=\"currentColor\"/>",
            x_of(*n)
        ));
    }
    s.push_str("</svg>");
    s
}
