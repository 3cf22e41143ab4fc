//! Evidence blocks: a fenced block of items + its options → a [`Request`] →
//! [`analyse`] (the same path as the calculator and the CLI) → the mode's result table, its
//! working, its warnings and notes, and named values that prose quotes with `{{ id.field }}`.
//! This module reads options and lays out the figure; every number and table comes from
//! `pickanumber_score`.

use crate::base::Base;
use crate::error::Error;
use crate::html::escape;
use crate::sentences::{Count, Text};
use pickanumber_result_view::words::ResultView;
use pickanumber_result_view::working::{overall_text, PooledText};
use pickanumber_result_view::{judges, outcome};
use pickanumber_score::{
    analyse, parse_decimal, parse_weights, Analysis, Interval, Mode, Named, Outcome, ParamKey,
    Params, Pooled, Request, Severity, UnknownName,
};
use pickanumber_text::numtext::trim_number;
use std::collections::BTreeMap;
use std::path::Path;

/// What the page shows of a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// Result, working, diagnostics and the items.
    Full,
    /// Result, working and diagnostics.
    Result,
    /// Nothing: the block only feeds references.
    None,
    /// The home page's worked example: the items, the headline score in large type, and a
    /// link that opens the items in the calculator (a share link made by [`crate::share`]).
    Lead,
}

crate::slots!(
    /// An evidence figure's caption (markdown): the block's id, its mode and its item count.
    Caption,
    true,
    ["id", "mode", "items"]
);

crate::slots!(
    /// The headline of a lead example (markdown): its final and confidence.
    LeadResult,
    true,
    ["final", "confidence"]
);

crate::slots!(
    /// The interval line of an `interval=N` block (markdown): its level, ends and resamples.
    IntervalLine,
    true,
    ["level", "low", "high", "resamples"]
);

crate::slots!(
    /// The summary of the item list: the item count.
    ItemList,
    false,
    ["items"]
);

/// The words of an evidence figure, the `[evidence]` table of `content/layout.toml`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Words {
    /// The caption over the result.
    pub caption: Text<Caption>,
    /// The summary that opens the list of items.
    pub items: Text<ItemList>,
    /// The score of a `show=lead` example, after its final in large type.
    pub lead_result: Text<LeadResult>,
    /// The link under a `show=lead` example that opens its items in the calculator.
    pub open: String,
    /// The line under the result of an `interval=N` block.
    pub interval: Text<IntervalLine>,
}

/// The default words: the site's, where `content/layout.toml` does not override them.
impl Default for Words {
    fn default() -> Words {
        Words {
            caption: "Evidence `{id}` · {mode} · {items} · computed at build time".into(),
            items: "The {items}".into(),
            lead_result: "**{final}** out of 100, confidence {confidence}".into(),
            open: "Open these items in the calculator".into(),
            interval: "Bootstrap interval ({level} %): **{low} to {high}**, from {resamples} resamples of these items: how far the score would move with another sample of the same kind of evidence".into(),
        }
    }
}

/// A scored evidence block.
#[derive(Debug)]
pub struct Block {
    /// The id prose refers to.
    pub id: String,
    show: Show,
    analysis: Analysis,
    /// The bootstrap interval at the level `interval=N` asked for.
    interval: Option<Interval>,
    /// The items as written, for the calculator link of a `show=lead` block.
    body: String,
}

impl Named for Show {
    const ALL: &'static [Show] = &[Show::Full, Show::Result, Show::None, Show::Lead];

    /// The value's name in `show=`.
    fn name(self) -> &'static str {
        match self {
            Show::Full => "full",
            Show::Result => "result",
            Show::None => "none",
            Show::Lead => "lead",
        }
    }
}

/// An evidence block's own options (the formula's settings, [`Params::keys`], besides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockOption {
    /// `id=`: the name prose refers to.
    Id,
    /// `mode=`: pooled, matrix or feedback.
    Mode,
    /// `preset=`: a preset matrix.
    Preset,
    /// `weights=`: criterion weights.
    Weights,
    /// `bounds=off`: settings whose headline may leave 0 to 100.
    Bounds,
    /// `show=`: what the page shows ([`Show`]).
    Show,
    /// `interval=N`: the bootstrap interval at level N.
    Interval,
}

impl BlockOption {
    /// How many of [`Named::ALL`] a message lists before the formula's settings: those
    /// that choose how the items are scored.
    const BEFORE: usize = 4;
}

impl Named for BlockOption {
    /// Every option, in the order messages list them: the first [`BlockOption::BEFORE`]
    /// before the formula's settings, the others after.
    const ALL: &'static [BlockOption] = &[
        BlockOption::Id,
        BlockOption::Mode,
        BlockOption::Preset,
        BlockOption::Weights,
        BlockOption::Bounds,
        BlockOption::Show,
        BlockOption::Interval,
    ];

    /// The option's key in the info string.
    fn name(self) -> &'static str {
        match self {
            BlockOption::Id => "id",
            BlockOption::Mode => "mode",
            BlockOption::Preset => "preset",
            BlockOption::Weights => "weights",
            BlockOption::Bounds => "bounds",
            BlockOption::Show => "show",
            BlockOption::Interval => "interval",
        }
    }
}

/// The options an evidence block takes, as a message lists them: the block's own
/// ([`BlockOption`]), with the formula's settings ([`Params::keys`]) in the middle.
fn options() -> String {
    let names = |list: &[BlockOption]| -> Vec<&str> { list.iter().map(|o| o.name()).collect() };
    let (before, after) = BlockOption::ALL.split_at(BlockOption::BEFORE);
    format!(
        "{}, {}, {}",
        names(before).join(", "),
        Params::keys(),
        names(after).join(", ")
    )
}

impl Block {
    /// Reads the info string (`evidence id=x key=value …`) and scores `body`.
    /// `line` is the file line of the opening fence.
    ///
    /// # Errors
    /// An unknown or bad option, a missing id, an item line that is an error or is not an
    /// item (in feedback mode, an item outside a bucket heading; in matrix mode, one without a
    /// criterion), or unusable weights: each with the file and line.
    pub fn compile(file: &Path, line: usize, info: &str, body: &str) -> Result<Block, Error> {
        let err = |l: usize, m: String| Error::at(file, l, m);
        let mut id = None;
        let mut params = Params::default();
        let mut request = Request {
            mode: Mode::Pooled,
            ..Request::default()
        };
        let mut show = Show::Full;
        let mut level = None;
        for opt in info.split_whitespace().skip(1) {
            let Some((key, value)) = opt.split_once('=') else {
                return Err(err(
                    line,
                    format!(
                        "evidence option \"{opt}\" is not key=value (options: {})",
                        options()
                    ),
                ));
            };
            let number = |v: &str| -> Result<f64, Error> {
                parse_decimal(v)
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| {
                        err(
                            line,
                            format!("evidence option {key}: \"{v}\" is not a number"),
                        )
                    })
            };
            let bad = |e: UnknownName| err(line, format!("evidence option {key}: {e}"));
            if let Ok(setting) = key.parse::<ParamKey>() {
                setting.set(&mut params, number(value)?);
                continue;
            }
            let named = match key {
                "normalize" => Some(value.parse().map(|n| params.normalization = n)),
                "rounding" => Some(value.parse().map(|r| params.rounding = r)),
                _ => None,
            };
            if let Some(set) = named {
                set.map_err(bad)?;
                continue;
            }
            let Some(option) = BlockOption::find(key, BlockOption::ALL) else {
                return Err(err(
                    line,
                    format!("unknown evidence option \"{key}\" (options: {})", options()),
                ));
            };
            match option {
                BlockOption::Id => {
                    if value.is_empty()
                        || !value
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    {
                        return Err(err(line, format!("evidence id \"{value}\" may only hold lowercase letters, digits and '-'")));
                    }
                    id = Some(value.to_string());
                }
                BlockOption::Mode => {
                    let modes = [Mode::Pooled, Mode::Matrix, Mode::Feedback];
                    request.mode = Mode::parse_among(value, &modes).map_err(bad)?
                }
                BlockOption::Preset => request.preset = Some(value.parse().map_err(bad)?),
                BlockOption::Weights => {
                    request.weights = Some(
                        parse_weights(value)
                            .map_err(|e| err(line, format!("evidence option weights: {e}")))?,
                    )
                }
                BlockOption::Bounds => match value {
                    "off" => request.unbounded = true,
                    _ => return Err(bad(one_of(value, &["off"]))),
                },
                BlockOption::Interval => {
                    level = Some(value.parse::<u8>().ok().filter(|l| (1..=99).contains(l)).ok_or_else(|| {
                        err(line, format!("evidence option interval: \"{value}\" is not a level from 1 to 99 (percent), such as interval=90"))
                    })?)
                }
                BlockOption::Show => show = Show::parse_among(value, Show::ALL).map_err(bad)?,
            }
        }
        let id = id.ok_or_else(|| {
            err(
                line,
                "evidence block has no id: write ```evidence id=my-example".into(),
            )
        })?;
        let mode = request.mode;
        if let Some(message) = request.unused_option(|o| match o {
            "mode" => format!("mode={mode}"),
            o => format!("{o}="),
        }) {
            return Err(err(line, format!("evidence block \"{id}\": {message}")));
        }
        let checked = match request.unbounded {
            true => params.validate_unbounded(),
            false => params.validate(),
        };
        checked.map_err(|e| err(line, format!("evidence block \"{id}\": {e}")))?;
        request.params = params;
        let analysis = analyse(body, &request);
        let in_block = |d_line: Option<usize>| d_line.map_or(line, |l| line + l);
        if let Some(d) = analysis.diagnostics_of(Severity::Error).next() {
            return Err(err(
                in_block(d.line),
                format!("evidence block \"{id}\": {}", d.message),
            ));
        }
        if let Some(&l) = analysis.ignored.first() {
            return Err(err(
                line + l,
                format!("evidence block \"{id}\": this line is not an item (write an impact such as +3 first)"),
            ));
        }
        let interval = level.and_then(|l| analysis.interval_at(l));
        Ok(Block {
            id,
            show,
            interval,
            analysis,
            body: body.trim_end().to_string(),
        })
    }

    /// The values prose may quote, by field name. The top-level `final` and `confidence` are
    /// the mode's headline (the overall in matrix mode); pooled and feedback blocks add every
    /// output of the pool (`net`, `raw`, …); matrix blocks add `overall`, `overall_unrounded`,
    /// `overall_confidence`, `span`, `self_check`, `<criterion>.<field>` and the pool of all
    /// items as `pool.<field>`; feedback blocks add the score after each bucket as
    /// `<bucket>.<field>` (`working.final`, `not_working.final`, …). An `interval=N` block
    /// adds `interval.low`, `interval.high`, `interval.level`, `interval.resamples`; a block of
    /// `## Pass:` passes adds `passes`, `duplicates`, `alpha` (when defined) and
    /// `pass.<name>.final`, `pass.<name>.confidence`, `pass.<name>.total`.
    pub fn values(&self) -> BTreeMap<String, String> {
        let a = &self.analysis;
        let p = &a.params;
        let mut out = BTreeMap::new();
        let rounded = a.headline().is_some_and(|h| h.rounded);
        if let Some(i) = self.interval {
            let end = |x: f64| match rounded {
                true => pickanumber_text::numtext::fixed(x, 0),
                false => fixed2(x),
            };
            out.insert("interval.low".into(), end(i.low));
            out.insert("interval.high".into(), end(i.high));
            out.insert("interval.level".into(), i.level.to_string());
            out.insert("interval.resamples".into(), i.resamples.to_string());
        }
        if let Some(ps) = &a.passes {
            out.insert("passes".into(), ps.passes.len().to_string());
            out.insert("duplicates".into(), ps.duplicates.len().to_string());
            if let Some(alpha) = ps.alpha {
                out.insert("alpha".into(), pickanumber_text::numtext::fixed(alpha, 3));
            }
            for pass in &ps.passes {
                if let Some(h) = pass.analysis.headline() {
                    let key = |f: &str| format!("pass.{}.{f}", pass.name);
                    out.insert(key("final"), h.score_text());
                    out.insert(key("confidence"), h.confidence_text());
                    out.insert(key("total"), pass.analysis.entries.len().to_string());
                }
            }
        }
        match &a.outcome {
            Outcome::Pooled(pool) => pooled_values(&mut out, "", pool, p),
            Outcome::Feedback(f) => {
                pooled_values(&mut out, "", f.total(), p);
                for b in f.buckets.iter() {
                    pooled_values(&mut out, &format!("{}.", b.bucket.key()), &b.running, p);
                }
            }
            Outcome::Matrix(m) => {
                pooled_values(&mut out, "pool.", &m.pool, p);
                if let (Ok(s), Some(h)) = (&m.result, a.headline()) {
                    out.insert("final".into(), h.score_text());
                    out.insert("final_unrounded".into(), fixed2(h.unrounded));
                    out.insert("confidence".into(), h.confidence_text());
                    out.insert("overall".into(), overall_text(s, p));
                    out.insert("overall_unrounded".into(), fixed2(s.overall_unrounded));
                    out.insert("overall_confidence".into(), h.confidence_text());
                    out.insert("span".into(), trim_number(s.span));
                    out.insert(
                        "self_check".into(),
                        if s.self_check { "passes" } else { "fails" }.into(),
                    );
                    for c in &s.criteria {
                        pooled_values(&mut out, &format!("{}.", c.name), &c.pooled, p);
                        out.insert(format!("{}.weight", c.name), trim_number(c.weight));
                    }
                }
            }
        }
        out
    }

    /// The id of the block's figure, or `None` for `show=none` (which shows nothing).
    pub fn anchor(&self) -> Option<String> {
        (self.show != Show::None).then(|| format!("evidence-{}", self.id))
    }

    /// The block as HTML, or nothing for `show=none`: a caption, the mode's result (headline
    /// first), the analysis' warnings and notes, and the items; `words`, `result` and `count` are from
    /// `content/layout.toml`; the lead example's calculator link is written under `base`.
    pub fn html(
        &self,
        words: &Words,
        result: &ResultView<'_>,
        count: &Count,
        base: Base,
    ) -> String {
        if self.show == Show::None {
            return String::new();
        }
        if self.show == Show::Lead {
            return self.lead_html(words, base);
        }
        let a = &self.analysis;
        let n = a.pool().total_items;
        let mut h = format!("<figure class=\"evidence\" id=\"evidence-{}\">\n", self.id);
        let caption = words.caption.html(&[
            ("id", &self.id),
            ("mode", &a.mode().to_string()),
            ("items", &count.of(n)),
        ]);
        h.push_str(&format!("<figcaption>{caption}</figcaption>\n"));
        h.push_str(&outcome::outcome(a, result));
        if let Some(i) = self.interval {
            let values = self.values();
            let line = words.interval.html(&[
                ("level", &i.level.to_string()),
                ("low", &values["interval.low"]),
                ("high", &values["interval.high"]),
                ("resamples", &i.resamples.to_string()),
            ]);
            h.push_str(&format!("<p class=\"interval\">{line}</p>\n"));
        }
        if let Some(ps) = &a.passes {
            h.push_str(&judges::passes(ps, result));
        }
        h.push_str(&outcome::diagnostics(&a.diagnostics, usize::MAX));
        if self.show == Show::Full {
            h.push_str(&self.items_list(words, count));
        }
        h.push_str("</figure>\n");
        h
    }

    /// The lead example: the items, the final and confidence, and the calculator link (the
    /// home page's calculator, under `base`).
    fn lead_html(&self, words: &Words, base: Base) -> String {
        let values = self.values();
        let result = words.lead_result.html(&[
            ("final", &values["final"]),
            ("confidence", &values["confidence"]),
        ]);
        format!(
            "<figure class=\"evidence lead-example\" id=\"evidence-{}\">\n<ul class=\"items\">\n{}</ul>\n<p class=\"lead-result\">{result}</p>\n<p class=\"lead-open\"><a href=\"{}#{}\">{}</a></p>\n</figure>\n",
            self.id,
            self.item_rows(),
            base.url("/"),
            escape(&crate::share::fragment(&self.body)),
            escape(&words.open),
        )
    }

    fn items_list(&self, words: &Words, count: &Count) -> String {
        let n = self.analysis.pool().total_items;
        format!(
            "<details><summary>{}</summary>\n<ul class=\"items\">\n{}</ul></details>\n",
            words.items.plain(&[("items", &count.of(n))]),
            self.item_rows()
        )
    }

    /// One `<li>` per item line; runs written as +1×25 are listed once with their count.
    fn item_rows(&self) -> String {
        let mut h = String::new();
        let mut i = 0;
        let entries = &self.analysis.entries;
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
                _ => match e.item.bucket {
                    Some(b) => format!(" <span class=\"label\">{b}</span>"),
                    None => String::new(),
                },
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
        h
    }
}

fn pooled_values(out: &mut BTreeMap<String, String>, prefix: &str, p: &Pooled, params: &Params) {
    let t = PooledText::new(p, params);
    for (k, v) in [
        ("net", t.net),
        ("total", t.total),
        ("normalized", t.normalized),
        ("raw", t.raw),
        ("density", fixed2(p.density)),
        ("multiplier", t.multiplier),
        ("multiplier2", fixed2(p.multiplier)),
        ("final", t.final_score),
        ("final_unrounded", t.final_unrounded),
        ("confidence", t.confidence),
    ] {
        out.insert(format!("{prefix}{k}"), v);
    }
}

fn fixed2(x: f64) -> String {
    pickanumber_text::numtext::fixed(x, 2)
}
/// An evidence option's value that is not one of `allowed`, for `bounds` (whose one name is the
/// renderer's own); the formula's options give theirs through `FromStr`, `show` through
/// [`Named`].
fn one_of(value: &str, allowed: &[&'static str]) -> UnknownName {
    UnknownName {
        given: value.to_string(),
        allowed: allowed.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error of a block whose info string is `info`.
    fn refusal(info: &str) -> String {
        Block::compile(Path::new("p.md"), 3, info, "+3 a\n")
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn every_option_the_message_lists_is_read_and_no_other() {
        let listed = options();
        assert_eq!(
            listed,
            "id, mode, preset, weights, denominator, scale, center, max, floor, gain, normalize, rounding, bounds, show, interval"
        );
        for name in listed.split(", ") {
            let message = refusal(&format!("evidence id=x {name}=?"));
            assert!(
                !message.contains("unknown evidence option"),
                "{name}: {message}"
            );
            assert!(message.starts_with("p.md:3: "), "{name}: {message}");
        }
        assert_eq!(
            refusal("evidence id=x colour=red"),
            format!("p.md:3: unknown evidence option \"colour\" (options: {listed})")
        );
    }

    #[test]
    fn a_show_that_is_no_view_names_the_views() {
        assert_eq!(
            refusal("evidence id=x show=all"),
            "p.md:3: evidence option show: \"all\" is not one of full, result, none, lead"
        );
    }
}
