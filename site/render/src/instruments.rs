//! The places of the probe and pairwise islands in a page: the examples they start from and
//! the words of `[probe]` and `[pairwise]` in `content/layout.toml`, checked when read (slots)
//! and lent to the view crate, whose `static_box` writes each box with the same results markup
//! the live island shows for the same input (`pickanumber_view::probe::results`, …), readable
//! with JavaScript off and of the same size as the island that later replaces it.

use crate::sentences::{Note, Text};
use crate::word_tables::Overrides;
use pickanumber_instruments::probe::examples::synthetic_runs;
use pickanumber_instruments::probe::{Regime, Scale};
use pickanumber_view::words as view;

/// The island a marker paragraph places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Island {
    /// `{{ calculator }}`.
    Calculator,
    /// `{{ probe }}`.
    Probe,
    /// `{{ pairwise }}`.
    Pairwise,
    /// `{{ setup }}` (the page's static box: [`crate::setup`]).
    Setup,
}

impl Island {
    /// The island named by a marker (`calculator`, `probe`, `pairwise`).
    pub fn from_marker(name: &str) -> Option<Island> {
        match name {
            "calculator" => Some(Island::Calculator),
            "probe" => Some(Island::Probe),
            "pairwise" => Some(Island::Pairwise),
            "setup" => Some(Island::Setup),
            _ => None,
        }
    }

    /// The id of the island's root element, which the live app takes over.
    pub fn root_id(self) -> &'static str {
        match self {
            Island::Calculator => "calculator",
            Island::Probe => "probe",
            Island::Pairwise => "pairwise",
            Island::Setup => "setup",
        }
    }
}

/// The regime whose synthetic runs the probe page starts from.
pub const PROBE_EXAMPLE: Regime = Regime::InflationLikely;

/// The judgments the pairwise page starts from: synthetic, with a judge that favours the
/// first-shown item (8 of 11 decided verdicts) and three pairs that flip with the order.
pub const PAIRWISE_EXAMPLE: &str = "\
draft-a\tdraft-b\tA
draft-b\tdraft-a\tA
draft-a\tdraft-c\tA
draft-c\tdraft-a\tB
draft-b\tdraft-c\tA
draft-c\tdraft-b\tB
draft-c\tdraft-d\tA
draft-d\tdraft-c\tB
draft-a\tdraft-d\tA
draft-d\tdraft-a\tNEITHER
draft-b\tdraft-d\tA
draft-d\tdraft-b\tA
";

crate::slots!(
    /// The probe's bar: the example's scale, `{low}` to `{high}`.
    ScaleNote,
    false,
    ["low", "high"]
);

/// The probe's words, the `[probe]` table of `content/layout.toml` with its sub-tables,
/// checked when read (each sentence's slots) and lent to the view crate's structs, whose
/// fields say what each word is: the static box's own words ([`view::ProbeBox`]), the
/// results' (`[probe.view]`, [`view::ProbeView`]) and the live controls' (`[probe.live]`,
/// read here only to be checked: the island compiles them in). The regime's name, what it
/// looks like and the advice come from the instruments crate, as in the CLI.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ProbeWords {
    pub region: String,
    pub scale: Text<ScaleNote>,
    pub input: String,
    pub input_name: String,
    pub hint: String,
    pub results: String,
    pub noscript: Text<Note>,
    #[serde(default)]
    pub view: Overrides<view::ProbeView<'static>>,
    #[serde(default)]
    pub live: Overrides<view::ProbeLive<'static>>,
}

impl ProbeWords {
    /// The static box's words as the view crate takes them.
    pub fn boxed(&self) -> view::ProbeBox<'_> {
        view::ProbeBox {
            region: &self.region,
            scale: self.scale.template(),
            input: &self.input,
            input_name: &self.input_name,
            hint: &self.hint,
            results: &self.results,
        }
    }

}

/// The pairwise diagnostic's words, the `[pairwise]` table of `content/layout.toml` with its
/// sub-tables, checked when read and lent to the view crate's structs, whose fields say what
/// each word is: the static box's own ([`view::PairwiseBox`]), the results'
/// (`[pairwise.view]`, [`view::PairwiseView`]) and the live controls' (`[pairwise.live]`,
/// whose `format` the static box's bar shows too). The advice comes from the instruments
/// crate, as in the CLI.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct PairwiseWords {
    pub region: String,
    pub input: String,
    pub input_name: String,
    pub hint: String,
    pub results: String,
    pub noscript: Text<Note>,
    #[serde(default)]
    pub view: Overrides<view::PairwiseView<'static>>,
    #[serde(default)]
    pub live: Overrides<view::PairwiseLive<'static>>,
}

impl PairwiseWords {
    /// The static box's words as the view crate takes them.
    pub fn boxed(&self) -> view::PairwiseBox<'_> {
        view::PairwiseBox {
            region: &self.region,
            input: &self.input,
            input_name: &self.input_name,
            hint: &self.hint,
            results: &self.results,
        }
    }

}

/// The probe's static box: the synthetic example and its results, the view crate's markup.
pub fn probe_placeholder(words: &ProbeWords) -> String {
    let runs = synthetic_runs(PROBE_EXAMPLE);
    let note = words.noscript.html(&[]);
    let (b, v) = (words.boxed(), words.view.lend());
    pickanumber_view::probe::static_box(&runs, Scale::default(), &b, &v, &note)
}

/// The pairwise diagnostic's static box: the synthetic example and what it shows.
pub fn pairwise_placeholder(words: &PairwiseWords) -> String {
    let note = words.noscript.html(&[]);
    let (b, v) = (words.boxed(), words.view.lend());
    let format = words.live.lend().format;
    pickanumber_view::pairwise::static_box(PAIRWISE_EXAMPLE, &b, &v, format, &note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_examples_show_what_the_pages_say() {
        let layout = crate::stages::test_util::layout();
        assert!(probe_placeholder(&layout.probe)
            .contains("<strong id=\"probe-regime\">INFLATION_LIKELY</strong>"));
        let a = pickanumber_instruments::pairwise::analyse(PAIRWISE_EXAMPLE);
        assert!(a.errors.is_empty());
        // 12 judgments, one NEITHER: 11 decided, 8 won by the first-shown item.
        assert_eq!(
            (a.position_bias.first_wins, a.position_bias.decided),
            (8, 11)
        );
        // a/b, a/d and b/d flip with the order; a/c, b/c and c/d do not.
        assert_eq!((a.swap.consistent, a.swap.pairs_both_orders), (3, 6));
        assert!(pairwise_placeholder(&layout.pairwise)
            .contains("<dd id=\"pairwise-first-share\">72.7%</dd>"));
    }
}
