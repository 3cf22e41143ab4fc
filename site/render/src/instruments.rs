//! The places of the probe and pairwise islands in a page: the examples they start from and
//! the words of `[probe]` and `[pairwise]` in `content/layout.toml`, checked when read and
//! lent to the view crate over its defaults, whose `static_box` writes each box with the same results markup
//! the live island shows for the same input (`pickanumber_result_view::probe::results`, …), readable
//! with JavaScript off and of the same size as the island that later replaces it.

use crate::sentences::{Note, Text};
use pickanumber_instruments::probe::examples::synthetic_runs;
use pickanumber_instruments::probe::{Regime, Scale};
use pickanumber_island_words::read::Overrides;
use pickanumber_island_words::words as site;
use pickanumber_result_view::table::Table;
use pickanumber_result_view::words as view;
use serde::de::{MapAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

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

/// The words of an island's static box and its results, a table of `content/layout.toml`
/// (`[probe]`, `[pairwise]`) with its sub-tables: the box's own words (the table's keys, the
/// view crate's `B`), its `<noscript>` note and the results' (`view`, the view crate's `V`)
/// and live controls' (`live`, the site's `L`, [`site`]) tables, each word checked when read and
/// put over its table's defaults, whose fields say what each word is. The regime's name, what it looks like
/// and the advice come from the instruments crate, as in the CLI.
pub struct IslandWords<B, V, L> {
    /// The box's own words: `[probe]`'s `region`, `scale`, … ([`view::ProbeBox`]).
    pub boxed: Overrides<B>,
    /// The `<noscript>` note under the input (markdown, the renderer's own).
    pub noscript: Text<Note>,
    /// The results' words (`[probe.view]`: [`view::ProbeView`]).
    pub view: Overrides<V>,
    /// The live controls' words (`[probe.live]`: [`site::ProbeLive`]), checked here and
    /// compiled into the island; the pairwise box's bar is their `format`.
    pub live: Overrides<L>,
}

impl<B, V, L> Clone for IslandWords<B, V, L> {
    fn clone(&self) -> Self {
        IslandWords {
            boxed: self.boxed.clone(),
            noscript: self.noscript.clone(),
            view: self.view.clone(),
            live: self.live.clone(),
        }
    }
}

impl<B, V, L> fmt::Debug for IslandWords<B, V, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IslandWords")
            .field("boxed", &self.boxed)
            .field("noscript", &self.noscript)
            .field("view", &self.view)
            .field("live", &self.live)
            .finish()
    }
}

/// The probe's words, `[probe]`.
pub type ProbeWords =
    IslandWords<view::ProbeBox<'static>, view::ProbeView<'static>, site::ProbeLive<'static>>;

/// The pairwise diagnostic's words, `[pairwise]`.
pub type PairwiseWords = IslandWords<
    view::PairwiseBox<'static>,
    view::PairwiseView<'static>,
    site::PairwiseLive<'static>,
>;

/// The default `<noscript>` notes (markdown) of the islands' boxes, by table: the site's, where
/// `content/layout.toml` does not override them.
const NOSCRIPT: [(&str, &str); 2] = [
    ("probe", "The live probe needs JavaScript. The numbers above are computed for this synthetic example when the site is built; `pickanumber probe` does the same for your own data from the command line."),
    ("pairwise", "The live diagnostic needs JavaScript. The numbers above are computed for this synthetic example when the site is built; `pickanumber pairwise` does the same for your own data from the command line."),
];

/// The default `<noscript>` note of the box `B`.
fn noscript_of<B: Table>() -> Text<Note> {
    let note = NOSCRIPT.iter().find(|(path, _)| *path == B::PATH);
    Text::from(note.map_or("", |(_, text)| *text))
}

/// The default words: the view crate's and [`NOSCRIPT`]'s.
impl<B: Table, V, L> Default for IslandWords<B, V, L> {
    fn default() -> Self {
        IslandWords {
            boxed: Overrides::default(),
            noscript: noscript_of::<B>(),
            view: Overrides::default(),
            live: Overrides::default(),
        }
    }
}

/// The keys of an island's table beside its box's words.
const OWN: [&str; 3] = ["noscript", "view", "live"];

impl<'de, B: Table, V: Table, L: Table> serde::Deserialize<'de> for IslandWords<B, V, L> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(IslandVisitor(PhantomData))
    }
}

/// Reads an [`IslandWords`].
struct IslandVisitor<B, V, L>(PhantomData<IslandWords<B, V, L>>);

impl<'de, B: Table, V: Table, L: Table> Visitor<'de> for IslandVisitor<B, V, L> {
    type Value = IslandWords<B, V, L>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the table [{}]", B::PATH)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (mut boxed, mut noscript) = (Overrides::default(), None);
        let (mut view, mut live) = (Overrides::default(), Overrides::default());
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "noscript" => noscript = Some(map.next_value()?),
                "view" => view = map.next_value()?,
                "live" => live = map.next_value()?,
                _ => boxed.read(&mut map, key, &OWN)?,
            }
        }
        let noscript = noscript.unwrap_or_else(noscript_of::<B>);
        Ok(IslandWords {
            boxed,
            noscript,
            view,
            live,
        })
    }
}

/// The probe's static box: the synthetic example and its results, the view crate's markup.
pub fn probe_placeholder(words: &ProbeWords) -> String {
    let runs = synthetic_runs(PROBE_EXAMPLE);
    let note = words.noscript.html(&[]);
    let (b, v) = (words.boxed.lend(), words.view.lend());
    pickanumber_result_view::probe::static_box(&runs, Scale::default(), &b, &v, &note)
}

/// The pairwise diagnostic's static box: the synthetic example and what it shows.
pub fn pairwise_placeholder(words: &PairwiseWords) -> String {
    let note = words.noscript.html(&[]);
    let (b, v) = (words.boxed.lend(), words.view.lend());
    let format = words.live.lend().format;
    pickanumber_result_view::pairwise::static_box(PAIRWISE_EXAMPLE, &b, &v, format, &note)
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
