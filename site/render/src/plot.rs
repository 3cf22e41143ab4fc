//! Plots drawn at build time as inline SVG from the formula crate, each with a text
//! alternative (a title, a description and the data as a table).
//!
//! ```text
//! ```plot kind=final-vs-net counts=4,9,16,25
//! ```plot kind=multiplier max=40
//! ```

use crate::html::escape;
use pickanumber_score::display::fixed;
use pickanumber_score::profile;
use pickanumber_score::{Item, Params, Pooled};

const W: f64 = 640.0;
const H: f64 = 360.0;
const PAD_L: f64 = 48.0;
const PAD_R: f64 = 16.0;
const PAD_T: f64 = 16.0;
const PAD_B: f64 = 40.0;

/// A drawn plot: its element id and its HTML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The figure's id, `plot-<kind>`.
    pub id: String,
    /// The `<figure>` element.
    pub html: String,
}

/// Renders a `plot` block from its info string, as HTML.
///
/// # Errors
/// A message for an unknown kind or option.
pub fn render(info: &str) -> Result<String, String> {
    figure(info).map(|f| f.html)
}

/// Draws a `plot` block from its info string.
///
/// # Errors
/// A message for an unknown kind or option.
pub fn figure(info: &str) -> Result<Figure, String> {
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
            html: final_vs_net(&counts),
        }),
        Some("multiplier") => Ok(Figure {
            id: "plot-multiplier".into(),
            html: multiplier(max),
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
        "<text class=\"axis-label\" x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"middle\">{x_label}</text><text class=\"axis-label\" x=\"12\" y=\"{:.0}\" text-anchor=\"middle\" transform=\"rotate(-90 12 {:.0})\">{y_label}</text>",
        (PAD_L + W - PAD_R) / 2.0,
        H - 6.0,
        (PAD_T + H - PAD_B) / 2.0,
        (PAD_T + H - PAD_B) / 2.0
    ));
    s
}

fn draw(id: &str, title: &str, desc: &str, body: &str, table: &str) -> String {
    format!(
        "<figure class=\"plot\" id=\"{id}\">\n<svg viewBox=\"0 0 {W} {H}\" role=\"img\" aria-labelledby=\"{id}-title {id}-desc\"><title id=\"{id}-title\">{}</title><desc id=\"{id}-desc\">{}</desc>{body}</svg>\n<figcaption>{}</figcaption>\n<details><summary>The data behind the plot</summary>\n{table}</details>\n</figure>\n",
        escape(title),
        escape(desc),
        escape(title)
    )
}

fn final_vs_net(counts: &[usize]) -> String {
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
    let mut body = frame(&x_ticks, &y_ticks, "net impact", "final score");
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
        body.push_str(&format!(
            "<text class=\"series-label s{series}\" x=\"{:.0}\" y=\"{:.0}\">— {n} items</text>",
            PAD_L + 10.0,
            PAD_T + 14.0 + 15.0 * series as f64
        ));
        let sample: Vec<String> = points
            .iter()
            .filter(|(net, _)| net % 10 == 0)
            .map(|(net, s)| format!("{net:+}: {}", fixed(s.final_score, 0)))
            .collect();
        rows.push_str(&format!(
            "<tr><th scope=\"row\">{n} items</th><td>{}</td></tr>\n",
            sample.join(", ").replace("+0:", "0:")
        ));
    }
    let table = format!("<table><thead><tr><th scope=\"col\">Items</th><th scope=\"col\">Final at net −40 … +40 (every 10 where reachable)</th></tr></thead><tbody>\n{rows}</tbody></table>\n");
    draw(
        "plot-final-vs-net",
        "Final score against net impact, for several item counts",
        &final_vs_net_description(counts),
        &body,
        &table,
    )
}

/// The text alternative of the final-against-net plot. Its numbers and its "steeper" or
/// "flatter" come from the same scores the lines are drawn from: the finals at the largest net
/// from +1 to +10 that every item count can produce.
pub fn final_vs_net_description(counts: &[usize]) -> String {
    let mut sorted = counts.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let probe = (1..=10i64)
        .rev()
        .find(|&net| sorted.iter().all(|&n| score_of(n, net).is_some()));
    let mut text =
        String::from("Each line is one item count, and every line passes through 50 at net zero. ");
    if let Some(net) = probe {
        let finals: Vec<f64> = sorted
            .iter()
            .filter_map(|&n| score_of(n, net).map(|s| s.final_unrounded))
            .collect();
        let falling = finals.windows(2).all(|w| w[0] > w[1]);
        let rising = finals.windows(2).all(|w| w[0] < w[1]);
        if sorted.len() > 1 && falling {
            text.push_str(
                "Fewer items give steeper lines, which reach the edge of the scale sooner",
            );
        } else if sorted.len() > 1 && rising {
            text.push_str("More items give steeper lines");
        } else {
            text.push_str("The lines differ in slope");
        }
        let parts: Vec<String> = sorted
            .iter()
            .filter_map(|&n| {
                score_of(n, net).map(|s| {
                    format!(
                        "{} with {n} item{}",
                        fixed(s.final_score, 0),
                        if n == 1 { "" } else { "s" }
                    )
                })
            })
            .collect();
        text.push_str(&format!(
            ": at net {net:+} the final is {}. ",
            join_list(&parts)
        ));
    }
    text.push_str("Only nets the impact set can produce are drawn.");
    text
}

/// `a`, `a and b`, `a, b and c`.
fn join_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn multiplier(max: usize) -> String {
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
    let mut body = frame(&x_ticks, &y_ticks, "number of items", "multiplier");
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
    let table = format!(
        "<table><thead><tr><th scope=\"col\">Items</th><th scope=\"col\">Multiplier</th><th scope=\"col\">Confidence</th></tr></thead><tbody>{}</tbody></table>\n",
        rows.join("")
    );
    draw(
        "plot-multiplier",
        "The multiplier against the number of items",
        &format!(
            "The multiplier starts at {} with no items, rises in a straight line to {} at {} items, and stays there: more evidence never amplifies the distance from 50.",
            fixed(params.multiplier_floor, 2),
            fixed(params.multiplier_floor + params.multiplier_gain, 2),
            fixed(params.density_denominator, 0)
        ),
        &body,
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
