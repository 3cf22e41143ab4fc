//! Plots drawn at build time as inline SVG from the formula crate, each with a text
//! alternative (a title, a description and the data as a table).
//!
//! ```text
//! ```plot kind=final-vs-net counts=4,9,16,25
//! ```plot kind=multiplier max=40
//! ```

use crate::html::escape;
use crate::words::{Count, Text};
use pickanumber_score::display::{fixed, trim_number};
use pickanumber_score::profile;
use pickanumber_score::{Item, Params, Pooled};

const W: f64 = 640.0;
const H: f64 = 360.0;
const PAD_L: f64 = 48.0;
const PAD_R: f64 = 16.0;
const PAD_T: f64 = 16.0;
const PAD_B: f64 = 40.0;

crate::slots!(
    /// A sentence about the formula's anchor, `{center}`.
    Center,
    false,
    ["center"]
);

crate::slots!(
    /// A label with an item count, `{items}`.
    WithItems,
    false,
    ["items"]
);

crate::slots!(
    /// The slope sentence of the final-against-net plot: a net and the finals at it.
    FinalsAt,
    false,
    ["net", "finals"]
);

crate::slots!(
    /// One quoted final and its item count.
    FinalWith,
    false,
    ["final", "items"]
);

crate::slots!(
    /// The head of the sampled finals: the lowest and highest net and the step.
    NetRange,
    false,
    ["low", "high", "step"]
);

crate::slots!(
    /// The multiplier plot's description: the floor, the ceiling, the item count that reaches
    /// it, and the anchor.
    MultiplierClaim,
    false,
    ["floor", "ceiling", "full", "center"]
);

/// The plots' words, the `[plots]` table of `content/layout.toml`. The numbers in them are
/// filled from the formula crate.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    /// The summary that opens a plot's data table.
    pub data: String,
    /// `kind=final-vs-net`.
    #[serde(rename = "final-vs-net")]
    pub final_vs_net: FinalVsNetWords,
    /// `kind=multiplier`.
    pub multiplier: MultiplierWords,
}

/// The words of the final-against-net plot. Which of the three slope sentences is shown is
/// decided by the computed finals ([`final_vs_net_description`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinalVsNetWords {
    /// The title, also the caption.
    pub title: String,
    /// The horizontal axis.
    pub x_axis: String,
    /// The vertical axis.
    pub y_axis: String,
    /// A line's label.
    pub series: Text<WithItems>,
    /// The description's first sentence: every line passes through the anchor at net zero.
    pub lines: Text<Center>,
    /// The slope sentence when fewer items give larger finals.
    pub fewer_steeper: Text<FinalsAt>,
    /// The slope sentence when more items give larger finals.
    pub more_steeper: Text<FinalsAt>,
    /// The slope sentence otherwise.
    pub mixed: Text<FinalsAt>,
    /// One final in the slope sentence's list.
    pub final_with: Text<FinalWith>,
    /// The word before the last entry of a list.
    pub and: String,
    /// The description's last sentence.
    pub drawn: String,
    /// The data table's first column head.
    pub items_column: String,
    /// The data table's second column head.
    pub finals_column: Text<NetRange>,
}

/// The words of the multiplier plot.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultiplierWords {
    /// The title, also the caption.
    pub title: String,
    /// The horizontal axis.
    pub x_axis: String,
    /// The vertical axis.
    pub y_axis: String,
    /// The description (its claim is checked against the formula by the tests).
    pub description: Text<MultiplierClaim>,
    /// The data table's column heads: items, multiplier, confidence.
    pub columns: [String; 3],
}

/// A drawn plot: its element id and its HTML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The figure's id, `plot-<kind>`.
    pub id: String,
    /// The `<figure>` element.
    pub html: String,
}

/// Draws a `plot` block from its info string; its words are `words` and `count`, from
/// `content/layout.toml`.
///
/// # Errors
/// A message for an unknown kind or option.
pub fn figure(info: &str, words: &Words, count: &Count) -> Result<Figure, String> {
    let mut kind = None;
    let mut counts = vec![4usize, 9, 16, 25];
    let mut max = 40usize;
    for opt in info.split_whitespace().skip(1) {
        let (k, v) = opt
            .split_once('=')
            .ok_or_else(|| format!("plot option \"{opt}\" is not key=value"))?;
        match k {
            "kind" => kind = Some(v.to_string()),
            "counts" => {
                counts = v
                    .split(',')
                    .map(|c| c.parse::<usize>().ok().filter(|n| (1..=200).contains(n)))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| {
                        format!("plot counts \"{v}\" must be whole numbers from 1 to 200")
                    })?
            }
            "max" => {
                max = v
                    .parse()
                    .ok()
                    .filter(|n| (1..=500).contains(n))
                    .ok_or_else(|| {
                        format!("plot max \"{v}\" must be a whole number from 1 to 500")
                    })?
            }
            _ => {
                return Err(format!(
                    "unknown plot option \"{k}\" (options: kind, counts, max)"
                ))
            }
        }
    }
    match kind.as_deref() {
        Some("final-vs-net") => Ok(Figure {
            id: "plot-final-vs-net".into(),
            html: final_vs_net(&counts, words, count),
        }),
        Some("multiplier") => Ok(Figure {
            id: "plot-multiplier".into(),
            html: multiplier(max, words),
        }),
        Some(other) => Err(format!(
            "plot kind \"{other}\" is not one of final-vs-net, multiplier"
        )),
        None => Err("plot block needs kind=final-vs-net or kind=multiplier".into()),
    }
}

fn score_of(count: usize, net: i64) -> Option<Pooled> {
    let items: Vec<Item> = profile(count, net)?
        .into_iter()
        .map(|i| Item::new(i, ""))
        .collect();
    Some(Pooled::score(&items, &Params::default()))
}

fn x_of(v: f64, lo: f64, hi: f64) -> f64 {
    PAD_L + (v - lo) / (hi - lo) * (W - PAD_L - PAD_R)
}

fn y_of(v: f64, lo: f64, hi: f64) -> f64 {
    H - PAD_B - (v - lo) / (hi - lo) * (H - PAD_T - PAD_B)
}

fn frame(
    x_ticks: &[(f64, String)],
    y_ticks: &[(f64, String)],
    x_label: &str,
    y_label: &str,
) -> String {
    let mut s = String::new();
    for (x, label) in x_ticks {
        s.push_str(&format!(
            "<line class=\"grid\" x1=\"{x:.0}\" y1=\"{PAD_T:.0}\" x2=\"{x:.0}\" y2=\"{:.0}\"/><text class=\"tick\" x=\"{x:.0}\" y=\"{:.0}\" text-anchor=\"middle\">{label}</text>",
            H - PAD_B,
            H - PAD_B + 16.0
        ));
    }
    for (y, label) in y_ticks {
        s.push_str(&format!(
            "<line class=\"grid\" x1=\"{PAD_L:.0}\" y1=\"{y:.0}\" x2=\"{:.0}\" y2=\"{y:.0}\"/><text class=\"tick\" x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"end\">{label}</text>",
            W - PAD_R,
            PAD_L - 6.0,
            y + 4.0
        ));
    }
    s.push_str(&format!(
        "<text class=\"axis-label\" x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"middle\">{}</text><text class=\"axis-label\" x=\"12\" y=\"{:.0}\" text-anchor=\"middle\" transform=\"rotate(-90 12 {:.0})\">{}</text>",
        (PAD_L + W - PAD_R) / 2.0,
        H - 6.0,
        escape(x_label),
        (PAD_T + H - PAD_B) / 2.0,
        (PAD_T + H - PAD_B) / 2.0,
        escape(y_label)
    ));
    s
}

/// The figure: `desc` is escaped already, `title` and `data` (the table's summary) not.
fn draw(id: &str, title: &str, desc: &str, body: &str, data: &str, table: &str) -> String {
    format!(
        "<figure class=\"plot\" id=\"{id}\">\n<svg viewBox=\"0 0 {W} {H}\" role=\"img\" aria-labelledby=\"{id}-title {id}-desc\"><title id=\"{id}-title\">{}</title><desc id=\"{id}-desc\">{desc}</desc>{body}</svg>\n<figcaption>{}</figcaption>\n<details><summary>{}</summary>\n{table}</details>\n</figure>\n",
        escape(title),
        escape(title),
        escape(data)
    )
}

/// A net as the plot labels it: `−40`, `0`, `+40` (a true minus sign).
fn signed(net: i64) -> String {
    match net {
        0 => "0".into(),
        n if n < 0 => format!("−{}", -n),
        n => format!("+{n}"),
    }
}

fn final_vs_net(counts: &[usize], words: &Words, count: &Count) -> String {
    let w = &words.final_vs_net;
    let lo = -40.0;
    let hi = 40.0;
    let x_ticks: Vec<(f64, String)> = (-4..=4)
        .map(|k| {
            (
                x_of(f64::from(k * 10), lo, hi),
                format!("{:+}", k * 10).replace("+0", "0"),
            )
        })
        .collect();
    let y_ticks: Vec<(f64, String)> = (0..=4)
        .map(|k| (y_of(f64::from(k * 25), 0.0, 100.0), (k * 25).to_string()))
        .collect();
    let mut body = frame(&x_ticks, &y_ticks, &w.x_axis, &w.y_axis);
    let mut rows = String::new();
    for (series, &n) in counts.iter().enumerate() {
        let mut points = Vec::new();
        for net in -40i64..=40 {
            if let Some(s) = score_of(n, net) {
                points.push((net, s));
            }
        }
        let path: Vec<(f64, f64)> = points
            .iter()
            .map(|(net, s)| {
                (
                    x_of(*net as f64, lo, hi),
                    y_of(s.final_unrounded, 0.0, 100.0),
                )
            })
            .collect();
        body.push_str(&format!(
            "<polyline class=\"series s{series}\" points=\"{}\"/>",
            polyline(&path)
        ));
        let items = count.of(n);
        body.push_str(&format!(
            "<text class=\"series-label s{series}\" x=\"{:.0}\" y=\"{:.0}\">{}</text>",
            PAD_L + 10.0,
            PAD_T + 14.0 + 15.0 * series as f64,
            w.series.plain(&[("items", &items)])
        ));
        let sample: Vec<String> = points
            .iter()
            .filter(|(net, _)| net % 10 == 0)
            .map(|(net, s)| format!("{net:+}: {}", fixed(s.final_score, 0)))
            .collect();
        rows.push_str(&format!(
            "<tr><th scope=\"row\">{}</th><td>{}</td></tr>\n",
            escape(&items),
            sample.join(", ").replace("+0:", "0:")
        ));
    }
    let table = format!(
        "<table><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>\n{rows}</tbody></table>\n",
        escape(&w.items_column),
        w.finals_column.plain(&[
            ("low", &signed(lo as i64)),
            ("high", &signed(hi as i64)),
            ("step", "10"),
        ])
    );
    draw(
        "plot-final-vs-net",
        &w.title,
        &escape(&final_vs_net_description(counts, w, count)),
        &body,
        &words.data,
        &table,
    )
}

/// The text alternative of the final-against-net plot, as plain text. Its numbers, and which
/// slope sentence of `words` it shows (fewer items steeper, more items steeper, or mixed),
/// come from the same scores the lines are drawn from: the finals at the largest net from +1
/// to +10 that every item count can produce.
pub fn final_vs_net_description(
    counts: &[usize],
    words: &FinalVsNetWords,
    count: &Count,
) -> String {
    let mut sorted = counts.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let probe = (1..=10i64)
        .rev()
        .find(|&net| sorted.iter().all(|&n| score_of(n, net).is_some()));
    let center = trim_number(Params::default().center);
    let mut text = words.lines.text(&[("center", &center)]);
    if let Some(net) = probe {
        let finals: Vec<f64> = sorted
            .iter()
            .filter_map(|&n| score_of(n, net).map(|s| s.final_unrounded))
            .collect();
        let falling = finals.windows(2).all(|w| w[0] > w[1]);
        let rising = finals.windows(2).all(|w| w[0] < w[1]);
        let sentence = if sorted.len() > 1 && falling {
            &words.fewer_steeper
        } else if sorted.len() > 1 && rising {
            &words.more_steeper
        } else {
            &words.mixed
        };
        let parts: Vec<String> = sorted
            .iter()
            .filter_map(|&n| {
                score_of(n, net).map(|s| {
                    words
                        .final_with
                        .text(&[("final", &fixed(s.final_score, 0)), ("items", &count.of(n))])
                })
            })
            .collect();
        text.push(' ');
        text.push_str(&sentence.text(&[
            ("net", &format!("{net:+}")),
            ("finals", &join_list(&parts, &words.and)),
        ]));
    }
    text.push(' ');
    text.push_str(&words.drawn);
    text
}

/// `a`, `a and b`, `a, b and c`, with `and` from the content.
fn join_list(parts: &[String], and: &str) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {and} {last}", init.join(", ")),
    }
}

fn multiplier(max: usize, words: &Words) -> String {
    let w = &words.multiplier;
    let params = Params::default();
    let x_ticks: Vec<(f64, String)> = (0..=4)
        .map(|k| {
            let v = (max * k / 4) as f64;
            (x_of(v, 0.0, max as f64), (max * k / 4).to_string())
        })
        .collect();
    let y_ticks: Vec<(f64, String)> = [0.75, 0.8, 0.85, 0.9, 0.95, 1.0]
        .iter()
        .map(|v| (y_of(*v, 0.7, 1.02), fixed(*v, 2)))
        .collect();
    let mut body = frame(&x_ticks, &y_ticks, &w.x_axis, &w.y_axis);
    let mut points = Vec::new();
    let mut rows = Vec::new();
    for n in 0..=max {
        let items: Vec<Item> = (0..n)
            .map(|_| Item::new(pickanumber_score::Impact::PlusOne, ""))
            .collect();
        let s = Pooled::score(&items, &params);
        points.push((
            x_of(n as f64, 0.0, max as f64),
            y_of(s.multiplier, 0.7, 1.02),
        ));
        if n % 5 == 0 {
            rows.push(format!(
                "<tr><td>{n}</td><td>{}</td><td>{}</td></tr>",
                fixed(s.multiplier, 4),
                fixed(s.confidence, 2)
            ));
        }
    }
    body.push_str(&format!(
        "<polyline class=\"series s0\" points=\"{}\"/>",
        polyline(&points)
    ));
    let head: String = w
        .columns
        .iter()
        .map(|c| format!("<th scope=\"col\">{}</th>", escape(c)))
        .collect();
    let table = format!(
        "<table><thead><tr>{head}</tr></thead><tbody>{}</tbody></table>\n",
        rows.join("")
    );
    draw(
        "plot-multiplier",
        &w.title,
        &w.description.plain(&[
            ("floor", &fixed(params.multiplier_floor, 2)),
            (
                "ceiling",
                &fixed(params.multiplier_floor + params.multiplier_gain, 2),
            ),
            ("full", &fixed(params.density_denominator, 0)),
            ("center", &trim_number(params.center)),
        ]),
        &body,
        &words.data,
        &table,
    )
}

/// The `points` of a polyline in whole pixels, without the points that lie exactly on the
/// straight segment between their neighbours (a saturated stretch draws as one segment): the
/// same picture in fewer bytes.
fn polyline(points: &[(f64, f64)]) -> String {
    let px: Vec<(i64, i64)> = points
        .iter()
        .map(|(x, y)| (x.round() as i64, y.round() as i64))
        .collect();
    let mut kept: Vec<(i64, i64)> = Vec::with_capacity(px.len());
    for (i, &p) in px.iter().enumerate() {
        if kept.last() == Some(&p) {
            continue;
        }
        if let (Some(&a), Some(&c)) = (kept.last(), px.get(i + 1)) {
            let cross = (p.0 - a.0) * (c.1 - a.1) - (p.1 - a.1) * (c.0 - a.0);
            if cross == 0 && c != p {
                continue;
            }
        }
        kept.push(p);
    }
    kept.iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::polyline;

    #[test]
    fn collinear_points_are_dropped_and_corners_kept() {
        let pts = [
            (0.0, 10.0),
            (1.0, 10.0),
            (2.0, 10.2),
            (3.0, 8.0),
            (4.0, 6.0),
            (5.0, 4.4),
            (6.0, 4.0),
        ];
        // (1,10) lies on the flat start; (3,8) and (4,6) on the slope from (2,10) to (5,4).
        assert_eq!(polyline(&pts), "0,10 2,10 5,4 6,4");
    }
}
