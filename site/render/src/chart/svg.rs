//! The drawing the plots share: the coordinate mapping, the frame with its axes and ticks,
//! a polyline in whole pixels, and the `<figure>` with its title, description and data table.

use super::{H, PAD_B, PAD_L, PAD_R, PAD_T, W};
use crate::html::escape;

pub(super) fn x_of(v: f64, lo: f64, hi: f64) -> f64 {
    PAD_L + (v - lo) / (hi - lo) * (W - PAD_L - PAD_R)
}

pub(super) fn y_of(v: f64, lo: f64, hi: f64) -> f64 {
    H - PAD_B - (v - lo) / (hi - lo) * (H - PAD_T - PAD_B)
}

pub(super) fn frame(
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
pub(super) fn draw(
    id: &str,
    title: &str,
    desc: &str,
    body: &str,
    data: &str,
    table: &str,
) -> String {
    format!(
        "<figure class=\"plot\" id=\"{id}\">\n<svg viewBox=\"0 0 {W} {H}\" role=\"img\" aria-labelledby=\"{id}-title {id}-desc\"><title id=\"{id}-title\">{}</title><desc id=\"{id}-desc\">{desc}</desc>{body}</svg>\n<figcaption>{}</figcaption>\n<details><summary>{}</summary>\n{table}</details>\n</figure>\n",
        escape(title),
        escape(title),
        escape(data)
    )
}

/// A net as the plot labels it: `−40`, `0`, `+40` (a true minus sign).
pub(super) fn signed(net: i64) -> String {
    match net {
        0 => "0".into(),
        n if n < 0 => format!("−{}", -n),
        n => format!("+{n}"),
    }
}

/// The `points` of a polyline in whole pixels, without the points that lie exactly on the
/// straight segment between their neighbours (a saturated stretch draws as one segment): the
/// same picture in fewer bytes.
pub(super) fn polyline(points: &[(f64, f64)]) -> String {
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
