//! The final-against-net plot: one line per item count, the finals that count of items can
//! reach at each net impact, and the text alternative whose slope sentence is chosen from the
//! same scores ([`final_vs_net_description`]).

use super::svg::{draw, frame, polyline, signed, x_of, y_of};
use super::{score_of, FinalVsNetWords, Words, PAD_L, PAD_T};
use crate::html::escape;
use crate::sentences::Count;
use pickanumber_score::Params;
use pickanumber_text::numtext::{fixed, trim_number};

pub(super) fn final_vs_net(counts: &[usize], words: &Words, count: &Count) -> String {
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
