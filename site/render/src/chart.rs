//! Plots drawn at build time as inline SVG from the formula crate, each with a text
//! alternative (a title, a description and the data as a table).
//!
//! **info string** → [`figure`] (the options, checked) → one module per kind
//! (`final_vs_net`, `multiplier`: the scores, the lines, the words chosen by the computed
//! values) → the shared drawing in `svg` (axes, frame, polyline, the figure and its table).
//!
//! ```text
//! ```plot kind=final-vs-net counts=4,9,16,25
//! ```plot kind=multiplier max=40
//! ```

use crate::sentences::{Count, Text};
use pickanumber_score::profile;
use pickanumber_score::{Item, Params, Pooled};

mod final_vs_net;
mod multiplier;
mod svg;

use final_vs_net::final_vs_net;
#[cfg(test)]
pub(crate) use final_vs_net::final_vs_net_description;
use multiplier::multiplier;

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
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Words {
    /// The summary that opens a plot's data table.
    pub data: String,
    /// `kind=final-vs-net`.
    #[serde(rename = "final-vs-net")]
    pub final_vs_net: FinalVsNetWords,
    /// `kind=multiplier`.
    pub multiplier: MultiplierWords,
}

/// The default words: the site's, where `content/layout.toml` does not override them.
impl Default for Words {
    fn default() -> Words {
        Words {
            data: "The data behind the plot".into(),
            final_vs_net: FinalVsNetWords::default(),
            multiplier: MultiplierWords::default(),
        }
    }
}

/// The words of the final-against-net plot. Which of the three slope sentences is shown is
/// decided by the computed finals ([`final_vs_net_description`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
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

/// The default words: the site's, where `content/layout.toml` does not override them.
impl Default for FinalVsNetWords {
    fn default() -> FinalVsNetWords {
        FinalVsNetWords {
            title: "Final score against net impact, for several item counts".into(),
            x_axis: "net impact".into(),
            y_axis: "final score".into(),
            series: "— {items}".into(),
            lines: "Each line is one item count, and every line passes through {center} at net zero.".into(),
            fewer_steeper: "Fewer items give steeper lines near the centre: at net {net} the final is {finals}.".into(),
            more_steeper: "More items give steeper lines: at net {net} the final is {finals}.".into(),
            mixed: "The lines differ in slope: at net {net} the final is {finals}.".into(),
            final_with: "{final} with {items}".into(),
            and: "and".into(),
            drawn: "Only nets the impact set can produce are drawn.".into(),
            items_column: "Items".into(),
            finals_column: "Final at net {low} … {high} (every {step} where reachable)".into(),
        }
    }
}

/// The words of the multiplier plot.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
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

/// The default words: the site's, where `content/layout.toml` does not override them.
impl Default for MultiplierWords {
    fn default() -> MultiplierWords {
        MultiplierWords {
            title: "The multiplier against the number of items".into(),
            x_axis: "number of items".into(),
            y_axis: "multiplier".into(),
            description: "The multiplier starts at {floor} with no items, rises in a straight line to {ceiling} at {full} items, and stays there: more evidence never amplifies the distance from {center}.".into(),
            columns: ["Items".into(), "Multiplier".into(), "Confidence".into()],
        }
    }
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
