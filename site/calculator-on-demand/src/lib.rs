//! The calculator's second wasm module, loaded on first use: what most visits never need and
//! the calculator's byte budget cannot hold: several judges' passes, evidence checked against a
//! judged work, the markdown report, the judge store of saved passes ([`judge_store`]).
//!
//! Data flow: the calculator sees a `## Pass:` heading in its input, or a judged work in its
//! second box → the page's boot module imports this module's glue and wasm once
//! (`globalThis.pickanumberOnDemand()`) → the calculator calls its one export, `answer`, with
//! an [`ask::Ask`] (the question, its text, work and settings) on each edit → the formula crate,
//! built here with its `combine` and `verify` features, checks each item's evidence against
//! the work and leaves out what the work lacks, splits the passes, scores their union and each
//! pass, and the bootstrap interval → the markup of the view crate's views
//! ([`panel::calculator_with`], [`judges::passes`], [`evidence::section`],
//! [`outcome::diagnostics`], in the `[result]` words compiled in as [`RESULT`]) goes back as
//! two strings that the calculator sets in its diagnostics and result regions.
//!
//! No Leptos and no web-sys: every function takes and returns text, so the module carries the
//! formula and wasm-bindgen's string passing only. This library holds the views (tested
//! natively); `src/main.rs` exports them to JavaScript.

use island_words::RESULT;
use pickanumber_result_view::working::range;
use pickanumber_result_view::{judges, outcome, panel};
use pickanumber_score::verify::{Against, Work};
use pickanumber_score::{
    analyse, with_setting_errors, Analysis, Request, SettingError, SettingsText,
};

/// The calculator's settings as its controls hold them, read by the formula crate's one reader
/// ([`SettingsText`]: blank fields are the defaults), and the judged work typed in its second
/// box (empty: no work, nothing checked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings<'a> {
    /// Mode, preset, weights, density denominator and scale, as typed.
    pub typed: SettingsText<'a>,
    /// The judged work: one text without a file name, so quotes are checked and places
    /// (`path:line`) are `not_checkable`.
    pub work: &'a str,
}

impl Settings<'_> {
    /// The request the settings make, and the errors of those that do not read (each left
    /// at its default, as the calculator leaves it for a single pass). A work that is not
    /// blank is checked against as `pickanumber score --against FILE` does by default: items
    /// whose evidence it lacks are left out before the formula runs.
    pub fn request(&self) -> (Request, Vec<SettingError>) {
        let (mut r, errors) = self.typed.read();
        if !self.work.trim().is_empty() {
            r.against = Some(Against::new(Work::text(self.work)));
        }
        (r, errors)
    }

    /// The analysis of `text` under the settings, the errors of those that do not read first
    /// among its diagnostics (so the view and the report name them).
    pub fn analyse(&self, text: &str) -> Analysis {
        let (request, errors) = self.request();
        with_setting_errors(analyse(text, &request), &errors)
    }
}

/// The site's words: `content/layout.toml`'s over the view crate's defaults, written by
/// `build.rs` (`pickanumber-island-words`). A table the file states whole leaves the defaults
/// nothing to add, which clippy would call a needless update.
#[allow(clippy::needless_update)]
pub mod island_words {
    include!(concat!(env!("OUT_DIR"), "/island_words.rs"));
}
pub mod ask;
pub mod evidence;
pub mod judge_store;

/// The result markup of several passes, or of items checked against a work:
/// [`ask::Answer::View`]. The panel is the calculator's own ([`panel::calculator_with`]: the
/// headline first, its interval `#out-interval` beside the confidence), with, right after the
/// headline, the passes ([`judges::passes`] in `#out-passes`: a row per pass, the spread per
/// criterion, α, the disagreeing cells) and the evidence ([`evidence::section`] in
/// `#out-evidence`: the counts and each item's status).
pub fn view(text: &str, settings: &Settings) -> ask::Answer {
    let a = settings.analyse(text);
    ask::Answer::View {
        diagnostics: outcome::diagnostics(&a.diagnostics, 200),
        panel: combined_panel(&a),
    }
}

/// The ends of the headline's bootstrap interval under the settings, as the calculator's
/// headline shows them (`45 to 57`, [`range`]), or empty when there is no headline: what the
/// calculator, whose own wasm computes no interval, puts in place of
/// [`panel::INTERVAL_PENDING`] for a single list.
pub fn interval(text: &str, settings: &Settings) -> String {
    let a = settings.analyse(text);
    let rounded = a.headline().is_none_or(|h| h.rounded);
    a.interval
        .map_or(String::new(), |i| range(&i, rounded, &RESULT))
}

/// The markdown report of the text (one pass or several), as `pickanumber score --report`
/// prints it: what "Copy report" copies.
pub fn report(text: &str, settings: &Settings) -> String {
    pickanumber_result_view::report::markdown(&settings.analyse(text))
}

/// The panel of a combined or checked analysis (see [`view`]).
fn combined_panel(a: &Analysis) -> String {
    let mut sections = a.passes.as_deref().map_or(String::new(), |p| {
        format!(
            "<div class=\"calc-combined\" id=\"out-passes\">{}</div>\n",
            judges::passes(p, &RESULT)
        )
    });
    sections.push_str(&evidence::section(a));
    panel::calculator_with(a, &RESULT, &sections)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "## Pass: claude\n+3 the tests pass\n+2 the README states the limits\n-1 one warning\n\n## Pass: gpt\n+3 the tests pass\n-2 the install step fails\n";

    #[test]
    fn two_passes_lead_with_the_combined_headline_then_the_interval_and_each_pass() {
        let ask::Answer::View { diagnostics, panel } = view(TWO, &Settings::default()) else {
            panic!("a view answers a view")
        };
        let a = analyse(TWO, &Request::default());
        let h = a.headline().unwrap();
        let headline = format!("<dd id=\"out-final\">{}</dd>", h.score_text());
        let at = |needle: &str| {
            panel
                .find(needle)
                .unwrap_or_else(|| panic!("{needle} in {panel}"))
        };
        assert!(at(&headline) < at("id=\"out-interval\""));
        assert!(at("id=\"out-interval\"") < at("<th scope=\"row\">claude</th>"));
        assert!(at("<th scope=\"row\">claude</th>") < at("<th scope=\"row\">gpt</th>"));
        assert!(at("<th scope=\"row\">gpt</th>") < at("id=\"out-working\""));
        // The combined headline's interval stands beside its confidence, once.
        let range = range(&a.interval.unwrap(), true, &RESULT);
        let cell = format!("<dd id=\"out-interval\">{range}</dd>");
        assert_eq!(panel.matches("id=\"out-interval\"").count(), 1, "{panel}");
        assert!(at("id=\"out-confidence\"") < at(&cell));
        // The passes net on one sign here; a note says which observation counted once.
        assert!(!diagnostics.contains("class=\"error\""), "{diagnostics}");
    }

    /// Settings of the calculator's fields, the judged work empty.
    fn typed(typed: SettingsText<'static>) -> Settings<'static> {
        Settings { typed, work: "" }
    }

    #[test]
    fn the_interval_is_the_analysis_own_or_empty_without_a_headline() {
        let text = "+3 a\n+2 b\n-1 c\n+5 d\n-2 e";
        let pooled = typed(SettingsText {
            mode: "pooled",
            ..SettingsText::default()
        });
        let i = pooled.analyse(text).interval.unwrap();
        assert_eq!(interval(text, &pooled), range(&i, true, &RESULT));
        assert!(interval(text, &pooled).contains(" to "));
        // Settings change the interval as they change the headline.
        let wide = typed(SettingsText {
            scale: "16",
            ..pooled.typed
        });
        let j = wide.analyse(text).interval.unwrap();
        assert_eq!(interval(text, &wide), range(&j, true, &RESULT));
        assert_eq!(interval("no items here", &pooled), "");
    }

    #[test]
    fn the_settings_reach_the_formula() {
        let s = typed(SettingsText {
            mode: "pooled",
            denominator: "10",
            scale: "4",
            ..SettingsText::default()
        });
        let (r, errors) = s.request();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(r.mode, pickanumber_score::Mode::Pooled);
        assert_eq!((r.params.density_denominator, r.params.scale), (10.0, 4.0));
    }

    #[test]
    fn settings_that_do_not_read_are_named_in_the_view_and_the_report() {
        let bad = typed(SettingsText {
            mode: "grid",
            weights: "craft=x",
            denominator: "-1",
            scale: "no",
            ..SettingsText::default()
        });
        let (r, errors) = bad.request();
        assert_eq!(r, Request::default());
        let said: Vec<String> = errors.iter().map(SettingError::instead).collect();
        assert_eq!(said.len(), 4, "{said:?}");
        let ask::Answer::View { diagnostics, .. } = view(TWO, &bad) else {
            panic!("a view answers a view")
        };
        let report = report(TWO, &bad);
        for e in &said {
            let shown = pickanumber_result_view::escape(e);
            assert!(diagnostics.contains(&*shown), "{e} in {diagnostics}");
            assert!(report.contains(e.as_str()), "{e} in {report}");
        }
        assert!(said[3].ends_with("so the canonical 8 is used"), "{said:?}");
    }

    #[test]
    fn a_heading_without_a_name_is_an_error_in_the_diagnostics() {
        let ask::Answer::View { diagnostics, .. } = view("## Pass:\n+3 a\n", &Settings::default())
        else {
            panic!("a view answers a view")
        };
        assert!(
            diagnostics.contains("a ## Pass: heading needs the judge&#39;s name"),
            "{diagnostics}"
        );
    }
}
