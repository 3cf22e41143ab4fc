//! The multiplier plot: the confidence multiplier against the number of items, from the
//! formula's density rule.

use super::svg::{draw, frame, polyline, x_of, y_of};
use super::Words;
use crate::html::escape;
use pickanumber_score::{Item, Params, Pooled};
use pickanumber_text::numtext::{fixed, trim_number};

pub(super) fn multiplier(max: usize, words: &Words) -> String {
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
