//! The places of the probe and pairwise islands in a page: the examples they start from and
//! the words of `[probe]` and `[pairwise]` in `content/layout.toml`, checked when read (slots)
//! and lent to the view crate, whose `static_box` writes each box with the same results markup
//! the live island shows for the same input (`pickanumber_view::probe::results`, …), readable
//! with JavaScript off and of the same size as the island that later replaces it.

use crate::sentences::{Note, Text};
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

crate::slots!(
    /// A failed run: its `{label}` and the `{reason}`.
    FailedRun,
    false,
    ["label", "reason"]
);

crate::slots!(
    /// Beside the regime's name: the `{runs}` read.
    RunsRead,
    false,
    ["runs"]
);

crate::slots!(
    /// No regime: more than `{share}` percent of the runs failed, `{failed}` of `{runs}`.
    Withheld,
    false,
    ["share", "failed", "runs"]
);

crate::slots!(
    /// After the problems listed: how many `{more}` are not.
    More,
    false,
    ["more"]
);

crate::slots!(
    /// After an item's ratings shown: how many it has in all, `{n}`.
    RatingsMore,
    false,
    ["n"]
);

crate::slots!(
    /// The note after a synthetic example is loaded: its `{regime}`.
    Loaded,
    false,
    ["regime"]
);

crate::slots!(
    /// What the probe's input holds: `{runs}`, `{items}`, `{failed}`.
    ProbeCounts,
    false,
    ["runs", "items", "failed"]
);

crate::slots!(
    /// How many decided verdicts went to the first-shown item, and the test's p-value.
    PositionDetail,
    false,
    ["won", "decided", "p"]
);

crate::slots!(
    /// How many of the pairs judged in both orders kept their winner.
    SwapDetail,
    false,
    ["kept", "pairs"]
);

crate::slots!(
    /// The pairs whose winner changed with the order, `{pairs}`.
    Flipped,
    false,
    ["pairs"]
);

crate::slots!(
    /// An item's interval plot: `{p}`, `{low}`, `{high}`.
    IntervalLabel,
    false,
    ["p", "low", "high"]
);

crate::slots!(
    /// The note under the ranking: the judge-again `{width}`.
    Prior,
    false,
    ["width"]
);

crate::slots!(
    /// What the pairwise input holds: `{judgments}`, `{items}`, `{errors}`.
    PairwiseCounts,
    false,
    ["judgments", "items", "errors"]
);

/// The probe's words, the `[probe]` table of `content/layout.toml` with its sub-tables,
/// checked when read (each sentence's slots) and lent to the view crate's structs, whose
/// fields say what each word is: the static box's own words ([`view::ProbeBox`]), the
/// results' (`[probe.view]`, [`view::ProbeView`]) and the live controls' (`[probe.live]`,
/// read here only to be checked: the island compiles them in), and the command line's report
/// (`[probe.report]`, [`ReportWords`]). The regime's name, what it
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
    pub view: ProbeViewWords,
    pub live: ProbeLiveWords,
    /// Optional here: a site root whose pages are not this repository's (the tests' own
    /// sites) needs no command-line report.
    #[serde(default)]
    pub report: ReportWords,
}

/// `[probe.report]`: the words of `pickanumber probe`'s `REPORT.md`, which no page shows. Read
/// here only so that an unknown table stays an error; the view crate compiles them in
/// (`view::ProbeReport`), and a key its struct lacks, or one the file lacks, fails its build.
pub type ReportWords = std::collections::BTreeMap<String, ReportWord>;

/// A word of [`ReportWords`]: a sentence, or a list of column heads.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(untagged)]
pub enum ReportWord {
    /// A sentence or a label.
    Text(String),
    /// Column heads.
    List(Vec<String>),
}

/// `[probe.view]`: see [`view::ProbeView`].
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ProbeViewWords {
    pub regime: String,
    pub advice: String,
    pub metrics: [String; 4],
    pub failed_run: Text<FailedRun>,
    pub read_from: Text<RunsRead>,
    pub withheld: Text<Withheld>,
    pub no_runs: String,
    pub more: Text<More>,
    pub histogram: String,
    pub histogram_caption: String,
    pub trace: String,
    pub trace_columns: [String; 4],
    pub variable: String,
    pub variable_columns: [String; 4],
    pub ratings_more: Text<RatingsMore>,
}

/// `[probe.live]`: see [`view::ProbeLive`].
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ProbeLiveWords {
    pub scale_from: String,
    pub scale_to: String,
    pub examples: String,
    pub loaded: Text<Loaded>,
    pub input: String,
    pub counts: Text<ProbeCounts>,
    pub low_not_whole: String,
    pub high_not_whole: String,
    pub scale_unusable: String,
    pub results: String,
    pub not_kept: String,
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

    /// The results' words as the view crate takes them.
    pub fn view(&self) -> view::ProbeView<'_> {
        let w = &self.view;
        let [a, b, c, d] = &w.metrics;
        let [t1, t2, t3, t4] = &w.trace_columns;
        let [v1, v2, v3, v4] = &w.variable_columns;
        view::ProbeView {
            regime: &w.regime,
            advice: &w.advice,
            metrics: [a, b, c, d],
            failed_run: w.failed_run.template(),
            read_from: w.read_from.template(),
            withheld: w.withheld.template(),
            no_runs: &w.no_runs,
            more: w.more.template(),
            histogram: &w.histogram,
            histogram_caption: &w.histogram_caption,
            trace: &w.trace,
            trace_columns: [t1, t2, t3, t4],
            variable: &w.variable,
            variable_columns: [v1, v2, v3, v4],
            ratings_more: w.ratings_more.template(),
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
    pub view: PairwiseViewWords,
    pub live: PairwiseLiveWords,
}

/// `[pairwise.view]`: see [`view::PairwiseView`].
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct PairwiseViewWords {
    pub more: Text<More>,
    pub first_wins: String,
    pub position_detail: Text<PositionDetail>,
    pub no_decided: String,
    pub position: String,
    pub swap_consistent: String,
    pub swap_detail: Text<SwapDetail>,
    pub no_pairs: String,
    pub flipped: Text<Flipped>,
    pub swap: String,
    pub ranking: String,
    pub ranking_columns: [String; 5],
    pub interval: Text<IntervalLabel>,
    pub judge_again: String,
    pub prior: Text<Prior>,
    pub length: String,
    pub self_preference: String,
}

/// `[pairwise.live]`: see [`view::PairwiseLive`].
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct PairwiseLiveWords {
    pub format: String,
    pub example: String,
    pub clear: String,
    pub input: String,
    pub counts: Text<PairwiseCounts>,
    pub results: String,
    pub not_kept: String,
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

    /// The results' words as the view crate takes them.
    pub fn view(&self) -> view::PairwiseView<'_> {
        let w = &self.view;
        let [c1, c2, c3, c4, c5] = &w.ranking_columns;
        view::PairwiseView {
            more: w.more.template(),
            first_wins: &w.first_wins,
            position_detail: w.position_detail.template(),
            no_decided: &w.no_decided,
            position: &w.position,
            swap_consistent: &w.swap_consistent,
            swap_detail: w.swap_detail.template(),
            no_pairs: &w.no_pairs,
            flipped: w.flipped.template(),
            swap: &w.swap,
            ranking: &w.ranking,
            ranking_columns: [c1, c2, c3, c4, c5],
            interval: w.interval.template(),
            judge_again: &w.judge_again,
            prior: w.prior.template(),
            length: &w.length,
            self_preference: &w.self_preference,
        }
    }
}

/// The probe's static box: the synthetic example and its results, the view crate's markup.
pub fn probe_placeholder(words: &ProbeWords) -> String {
    let runs = synthetic_runs(PROBE_EXAMPLE);
    let note = words.noscript.html(&[]);
    let (b, v) = (words.boxed(), words.view());
    pickanumber_view::probe::static_box(&runs, Scale::default(), &b, &v, &note)
}

/// The pairwise diagnostic's static box: the synthetic example and what it shows.
pub fn pairwise_placeholder(words: &PairwiseWords) -> String {
    let note = words.noscript.html(&[]);
    let (b, v) = (words.boxed(), words.view());
    let format = &words.live.format;
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
