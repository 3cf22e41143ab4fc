//! Evidence blocks: a fenced block of items → scored by the formula crate → a result table,
//! the working, and named values that prose can quote with `{{ id.field }}`.

use crate::error::Error;
use crate::html::escape;
use pickanumber_score::format::{criterion_cells, fixed, working, PooledText};
use pickanumber_score::{parse, MatrixScore, Normalization, Params, Parsed, Pooled, Rounding};
use std::collections::BTreeMap;
use std::path::Path;

/// How the items are combined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One pool.
    Pooled,
    /// Per criterion, then a weighted mean.
    Matrix,
    /// Four buckets pooled into one score.
    Feedback,
}

/// What the page shows of a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// Result, working and the items.
    Full,
    /// Result and working.
    Result,
    /// Nothing: the block only feeds references.
    None,
}

/// A scored evidence block.
#[derive(Debug)]
pub struct Block {
    /// The id prose refers to.
    pub id: String,
    params: Params,
    mode: Mode,
    show: Show,
    parsed: Parsed,
    pooled: Pooled,
    matrix: Option<MatrixScore>,
}

const OPTIONS: &str =
    "id, mode, denominator, scale, center, max, floor, gain, normalize, rounding, show";

impl Block {
    /// Reads the info string (`evidence id=x key=value …`) and scores `body`.
    /// `line` is the file line of the opening fence.
    ///
    /// # Errors
    /// An unknown or bad option, a missing id, an item line that is an error or is not an
    /// item, or unusable weights: each with the file and line.
    pub fn compile(file: &Path, line: usize, info: &str, body: &str) -> Result<Block, Error> {
        let err = |l: usize, m: String| Error::at(file, l, m);
        let mut id = None;
        let mut params = Params::default();
        let mut mode = Mode::Pooled;
        let mut show = Show::Full;
        for opt in info.split_whitespace().skip(1) {
            let Some((key, value)) = opt.split_once('=') else {
                return Err(err(
                    line,
                    format!("evidence option \"{opt}\" is not key=value (options: {OPTIONS})"),
                ));
            };
            let number = |v: &str| -> Result<f64, Error> {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| {
                        err(
                            line,
                            format!("evidence option {key}: \"{v}\" is not a number"),
                        )
                    })
            };
            let bad = |allowed: &str| {
                err(
                    line,
                    format!("evidence option {key}: \"{value}\" is not one of {allowed}"),
                )
            };
            match key {
                "id" => {
                    if value.is_empty()
                        || !value
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    {
                        return Err(err(line, format!("evidence id \"{value}\" may only hold lowercase letters, digits and '-'")));
                    }
                    id = Some(value.to_string());
                }
                "mode" => {
                    mode = match value {
                        "pooled" => Mode::Pooled,
                        "matrix" => Mode::Matrix,
                        "feedback" => Mode::Feedback,
                        _ => return Err(bad("pooled, matrix, feedback")),
                    }
                }
                "denominator" => params.density_denominator = number(value)?,
                "scale" => params.scale = number(value)?,
                "center" => params.center = number(value)?,
                "max" => params.max = number(value)?,
                "floor" => params.multiplier_floor = number(value)?,
                "gain" => params.multiplier_gain = number(value)?,
                "normalize" => {
                    params.normalization = match value {
                        "sqrt" => Normalization::Sqrt,
                        "linear" => Normalization::Linear,
                        "log" => Normalization::Log,
                        "none" => Normalization::None,
                        _ => return Err(bad("sqrt, linear, log, none")),
                    }
                }
                "rounding" => {
                    params.rounding = match value {
                        "half-away" => Rounding::HalfAwayFromZero,
                        "none" => Rounding::None,
                        _ => return Err(bad("half-away, none")),
                    }
                }
                "show" => {
                    show = match value {
                        "full" => Show::Full,
                        "result" => Show::Result,
                        "none" => Show::None,
                        _ => return Err(bad("full, result, none")),
                    }
                }
                _ => {
                    return Err(err(
                        line,
                        format!("unknown evidence option \"{key}\" (options: {OPTIONS})"),
                    ))
                }
            }
        }
        let id = id.ok_or_else(|| {
            err(
                line,
                "evidence block has no id: write ```evidence id=my-example".into(),
            )
        })?;
        params
            .validate()
            .map_err(|e| err(line, format!("evidence block \"{id}\": {e}")))?;
        let parsed = parse(body);
        if let Some(e) = parsed.errors.first() {
            return Err(err(
                line + e.line,
                format!("evidence block \"{id}\": {}", e.message),
            ));
        }
        if let Some(l) = parsed.ignored.first() {
            return Err(err(
                line + l,
                format!("evidence block \"{id}\": this line is not an item (write an impact such as +3 first)"),
            ));
        }
        let items = parsed.items();
        let pooled = Pooled::score(&items, &params);
        let matrix = if mode == Mode::Matrix {
            if let Some(e) = parsed.entries.iter().find(|e| e.item.criterion.is_none()) {
                return Err(err(
                    line + e.line,
                    format!("evidence block \"{id}\": in matrix mode every item needs a criterion, as in (+3, craft)"),
                ));
            }
            Some(
                MatrixScore::score(&items, &parsed.weights, &params)
                    .map_err(|e| err(line, format!("evidence block \"{id}\": {e}")))?,
            )
        } else {
            None
        };
        Ok(Block {
            id,
            params,
            mode,
            show,
            parsed,
            pooled,
            matrix,
        })
    }

    /// The values prose may quote, by field name (`final`, `craft.final`, …).
    pub fn values(&self) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        pooled_values(&mut out, "", &self.pooled, &self.params);
        if let Some(m) = &self.matrix {
            let overall = match self.params.rounding {
                Rounding::HalfAwayFromZero => format!("{}", m.overall),
                Rounding::None => fixed(m.overall, 2),
            };
            out.insert("overall".into(), overall);
            out.insert("overall_unrounded".into(), fixed(m.overall_unrounded, 2));
            out.insert("overall_confidence".into(), fixed(m.overall_confidence, 2));
            out.insert("span".into(), trim(m.span));
            out.insert(
                "self_check".into(),
                if m.self_check { "passes" } else { "fails" }.into(),
            );
            for c in &m.criteria {
                pooled_values(&mut out, &format!("{}.", c.name), &c.pooled, &self.params);
                out.insert(format!("{}.weight", c.name), trim(c.weight));
            }
        }
        out
    }

    /// The block as HTML, or nothing for `show=none`.
    pub fn html(&self) -> String {
        if self.show == Show::None {
            return String::new();
        }
        let mut h = format!("<figure class=\"evidence\" id=\"evidence-{}\">\n", self.id);
        let kind = match self.mode {
            Mode::Pooled => "pooled",
            Mode::Matrix => "matrix",
            Mode::Feedback => "feedback",
        };
        h.push_str(&format!(
            "<figcaption>Evidence <code>{}</code> · {kind} · {} item{} · computed at build time</figcaption>\n",
            self.id,
            self.pooled.total_items,
            if self.pooled.total_items == 1 { "" } else { "s" }
        ));
        match &self.matrix {
            Some(m) => h.push_str(&self.matrix_table(m)),
            None => h.push_str(&pooled_table(&self.pooled, &self.params)),
        }
        if self.matrix.is_none() {
            h.push_str(&format!(
                "<p class=\"working\">{}</p>\n",
                escape(&working(&self.pooled, &self.params))
            ));
        }
        if self.show == Show::Full {
            h.push_str(&self.items_list());
        }
        h.push_str("</figure>\n");
        h
    }

    fn matrix_table(&self, m: &MatrixScore) -> String {
        let mut h = String::from(
            "<div class=\"scroll-x\" tabindex=\"0\"><table class=\"result\">\n<thead><tr><th scope=\"col\">Criterion</th><th scope=\"col\">Weight</th><th scope=\"col\">Items</th><th scope=\"col\">Net</th><th scope=\"col\">Raw</th><th scope=\"col\">Final</th><th scope=\"col\">Confidence</th></tr></thead>\n<tbody>\n",
        );
        for c in &m.criteria {
            let [name, cells @ ..] = criterion_cells(c, &self.params);
            let tds: String = cells
                .iter()
                .map(|v| format!("<td>{}</td>", escape(v)))
                .collect();
            h.push_str(&format!(
                "<tr><th scope=\"row\">{}</th>{tds}</tr>\n",
                escape(&name)
            ));
        }
        let overall = self.values()["overall"].clone();
        h.push_str(&format!(
            "</tbody>\n<tfoot><tr><th scope=\"row\">Overall</th><td>1.00</td><td>{}</td><td></td><td></td><td>{overall}</td><td>{}</td></tr></tfoot>\n</table></div>\n",
            self.pooled.total_items,
            fixed(m.overall_confidence, 2)
        ));
        h.push_str(&format!(
            "<p class=\"working\">overall = Σ(final × weight) / Σ weight = {} → {overall}; confidence = lowest criterion confidence = {}; span = {} − {} = {} → self-check {} (needs ≥ {})</p>\n",
            fixed(m.overall_unrounded, 2),
            fixed(m.overall_confidence, 2),
            trim(m.criteria.iter().map(|c| c.pooled.final_score).fold(f64::NEG_INFINITY, f64::max)),
            trim(m.criteria.iter().map(|c| c.pooled.final_score).fold(f64::INFINITY, f64::min)),
            trim(m.span),
            if m.self_check { "passes" } else { "fails" },
            trim(self.params.self_check_span),
        ));
        h
    }

    fn items_list(&self) -> String {
        let mut h = format!(
            "<details><summary>The {} item{}</summary>\n<ul class=\"items\">\n",
            self.pooled.total_items,
            if self.pooled.total_items == 1 {
                ""
            } else {
                "s"
            }
        );
        // Runs written as +1×25 are listed once with their count.
        let mut i = 0;
        let entries = &self.parsed.entries;
        while i < entries.len() {
            let e = &entries[i];
            let run = entries[i..].iter().take_while(|x| x.line == e.line).count();
            let label = match (&e.item.perspective, &e.item.criterion) {
                (Some(p), Some(c)) => format!(
                    " <span class=\"label\">{} × {}</span>",
                    escape(p),
                    escape(c)
                ),
                (None, Some(c)) => format!(" <span class=\"label\">{}</span>", escape(c)),
                _ => String::new(),
            };
            let count = if run > 1 {
                format!("×{run}")
            } else {
                String::new()
            };
            h.push_str(&format!(
                "<li><span class=\"impact\">{}{count}</span>{label} {}</li>\n",
                e.item.impact,
                escape(&e.item.text)
            ));
            i += run;
        }
        h.push_str("</ul></details>\n");
        h
    }
}

fn pooled_table(p: &Pooled, params: &Params) -> String {
    let t = PooledText::new(p, params);
    let rows = [
        ("Final", t.final_score.as_str()),
        ("Confidence", &t.confidence),
        ("Net impact", &t.net),
        ("Items", &t.total),
        ("Normalized", &t.normalized),
        ("Raw", &t.raw),
        ("Density", &t.density),
        ("Multiplier", &t.multiplier),
        ("Final, unrounded", &t.final_unrounded),
    ];
    let mut h = String::from("<dl class=\"result\">\n");
    for (k, v) in rows {
        h.push_str(&format!("<div><dt>{k}</dt><dd>{}</dd></div>\n", escape(v)));
    }
    h.push_str("</dl>\n");
    h
}

fn pooled_values(out: &mut BTreeMap<String, String>, prefix: &str, p: &Pooled, params: &Params) {
    let t = PooledText::new(p, params);
    for (k, v) in [
        ("net", t.net),
        ("total", t.total),
        ("normalized", t.normalized),
        ("raw", t.raw),
        ("density", fixed(p.density, 2)),
        ("multiplier", t.multiplier),
        ("final", t.final_score),
        ("final_unrounded", t.final_unrounded),
        ("confidence", t.confidence),
    ] {
        out.insert(format!("{prefix}{k}"), v);
    }
}

/// A number without trailing zeros: `40`, `0.3`.
fn trim(x: f64) -> String {
    let s = format!("{:.4}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}
