//! The one call the calculator (and the page's boot module) makes into this module: an [`Ask`],
//! a plain object with named fields, instead of an export per action with its strings in
//! order; and its [`Answer`], a plain object with named fields too, instead of a list of
//! strings read by position. Each field is named here once; `src/main.rs` reads the question's
//! from the JavaScript object ([`Ask::read`]) and writes the answer's ([`Answer::fields`]).

use crate::Settings;

/// What the calculator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The markup of several passes or of items checked against a work:
    /// [`Answer::View`] ([`crate::view`]).
    View,
    /// The ends of the headline's interval: [`Answer::Interval`] ([`crate::interval`]).
    Interval,
    /// The markdown report: [`Answer::Report`] ([`crate::report`]).
    Report,
    /// The saved passes' list, for the stored text.
    Saved,
    /// Save the text as a pass of the judge.
    Save,
    /// Put saved pass `index` back in the input.
    Reopen,
    /// Put every saved pass in the input, each under its heading.
    Gather,
    /// Add the passes of the judge store document in the text.
    Import,
}

impl Action {
    /// Every action, each with the name the calculator sends.
    pub const ALL: [(Action, &'static str); 8] = [
        (Action::View, "view"),
        (Action::Interval, "interval"),
        (Action::Report, "report"),
        (Action::Saved, "saved"),
        (Action::Save, "save"),
        (Action::Reopen, "reopen"),
        (Action::Gather, "gather"),
        (Action::Import, "import"),
    ];
}

impl std::str::FromStr for Action {
    type Err = String;

    fn from_str(s: &str) -> Result<Action, String> {
        Action::ALL
            .iter()
            .find(|(_, name)| *name == s)
            .map(|(a, _)| *a)
            .ok_or_else(|| {
                let names: Vec<&str> = Action::ALL.iter().map(|(_, n)| *n).collect();
                format!(
                    "the calculator asked for `{s}`; this module answers {}: reload the page",
                    names.join(", ")
                )
            })
    }
}

/// One question: the action and every input it may need (absent fields are empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ask {
    /// The action's name (see [`Action::ALL`]).
    pub action: String,
    /// The calculator's input.
    pub text: String,
    /// The judged work of its second box (empty: none).
    pub work: String,
    /// The mode radio's value.
    pub mode: String,
    /// The preset menu's value.
    pub preset: String,
    /// The weight field.
    pub weights: String,
    /// The density denominator field.
    pub denominator: String,
    /// The scale field.
    pub scale: String,
    /// The judge's name beside "Save pass".
    pub judge: String,
    /// The saved passes as stored in this browser.
    pub stored: String,
    /// The saved pass to reopen.
    pub index: String,
}

impl Ask {
    /// The question whose field `name` is `field(name)` (absent: empty), for each field of
    /// [`Ask`] by its name.
    pub fn read(field: impl Fn(&str) -> Option<String>) -> Ask {
        let f = |name: &str| field(name).unwrap_or_default();
        Ask {
            action: f("action"),
            text: f("text"),
            work: f("work"),
            mode: f("mode"),
            preset: f("preset"),
            weights: f("weights"),
            denominator: f("denominator"),
            scale: f("scale"),
            judge: f("judge"),
            stored: f("stored"),
            index: f("index"),
        }
    }

    /// The action asked for.
    ///
    /// # Errors
    /// An action this module does not answer, named with those it does.
    pub fn action(&self) -> Result<Action, String> {
        self.action.parse()
    }

    /// The calculator's settings and work.
    pub fn settings(&self) -> Settings<'_> {
        Settings {
            typed: pickanumber_score::SettingsText {
                mode: &self.mode,
                preset: &self.preset,
                weights: &self.weights,
                denominator: &self.denominator,
                scale: &self.scale,
            },
            work: &self.work,
        }
    }
}

/// What the module answers, in named fields: the calculator reads each by its name
/// ([`Answer::fields`]), never by its place in a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The markup of several passes or of items checked against a work.
    View {
        /// The diagnostics' markup.
        diagnostics: String,
        /// The result panel's markup.
        panel: String,
    },
    /// The ends of the headline's interval (`45 to 57`), empty without a headline.
    Interval {
        /// The ends as the headline shows them.
        interval: String,
    },
    /// The markdown report.
    Report {
        /// The report.
        report: String,
    },
    /// The saved passes after a question about them.
    Passes {
        /// The text to store (empty: remove the key).
        stored: String,
        /// The list's markup.
        panel: String,
        /// A message for the status line, or empty.
        message: String,
        /// The text to put in the input, or empty.
        text: String,
    },
}

impl Answer {
    /// Each field with its name, as the JavaScript object carries them.
    pub fn fields(&self) -> Vec<(&'static str, &str)> {
        match self {
            Answer::View { diagnostics, panel } => {
                vec![("diagnostics", diagnostics), ("panel", panel)]
            }
            Answer::Interval { interval } => vec![("interval", interval)],
            Answer::Report { report } => vec![("report", report)],
            Answer::Passes {
                stored,
                panel,
                message,
                text,
            } => vec![
                ("stored", stored),
                ("panel", panel),
                ("message", message),
                ("text", text),
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_is_read_by_its_name_and_absent_ones_are_empty() {
        let ask = Ask::read(|name| (name != "judge").then(|| format!("<{name}>")));
        assert_eq!(ask.text, "<text>");
        assert_eq!(ask.work, "<work>");
        assert_eq!(ask.judge, "");
        let s = ask.settings();
        assert_eq!(
            [
                s.typed.mode,
                s.typed.preset,
                s.typed.weights,
                s.typed.denominator,
                s.typed.scale,
                s.work
            ],
            [
                "<mode>",
                "<preset>",
                "<weights>",
                "<denominator>",
                "<scale>",
                "<work>"
            ]
        );
    }

    #[test]
    fn an_answer_names_every_field_once() {
        let passes = Answer::Passes {
            stored: "s".into(),
            panel: "p".into(),
            message: "m".into(),
            text: "t".into(),
        };
        assert_eq!(
            passes.fields(),
            [
                ("stored", "s"),
                ("panel", "p"),
                ("message", "m"),
                ("text", "t")
            ]
        );
        let view = Answer::View {
            diagnostics: "d".into(),
            panel: "p".into(),
        };
        assert_eq!(view.fields(), [("diagnostics", "d"), ("panel", "p")]);
    }

    #[test]
    fn an_unknown_action_is_refused_with_the_known_ones() {
        for (action, name) in Action::ALL {
            assert_eq!(name.parse(), Ok(action));
        }
        let e = "combined".parse::<Action>().unwrap_err();
        assert_eq!(e, "the calculator asked for `combined`; this module answers view, interval, report, saved, save, reopen, gather, import: reload the page");
    }
}
