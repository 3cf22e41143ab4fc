//! The byte budgets of the site, declared once: the browser tests (`tests/browser/budget.rs` in
//! `site/browser-tests`) fail when a part weighs more than its budget, and `cargo xtask bench`
//! prints each measured size against the same budget, and against the bench's aim where the
//! project aims lower than it enforces.
//!
//! Sizes are brotli bytes (quality 11, window 22) of the files the browser fetched. Each budget
//! follows a measured size with a small margin; the measured sizes are `cargo xtask bench`'s,
//! their history git's. Bytes are deterministic, so a budget is a test, not a benchmark.

/// Reading the home page: its HTML, CSS, fonts and images as the browser fetches them on first
/// view, at most this many brotli bytes in at most [`READING_REQUESTS`] requests.
pub const READING: u64 = 12_000;

/// The most requests reading the home page may take.
pub const READING_REQUESTS: usize = 3;

/// One module of the site's code (boot module, wasm-bindgen glue and wasm), with its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Module {
    /// What the module is, as the bench's table and the tests' messages name it.
    pub name: &'static str,
    /// The start of its glue's and its wasm's file names under `/calc/` (the crate's name).
    pub stem: &'static str,
    /// The most brotli bytes it may weigh: the browser tests fail above it.
    pub budget: u64,
    /// What the bench aims at where that is below the budget (never a failure), or `None`
    /// where the aim is the budget.
    pub aim: Option<u64>,
}

impl Module {
    /// The most brotli bytes the bench aims at: [`Module::aim`], or else the budget.
    pub fn aim(&self) -> u64 {
        self.aim.unwrap_or(self.budget)
    }

    /// Whether the URL path `path` is one of this module's files (its glue or its wasm).
    pub fn owns(&self, path: &str) -> bool {
        let file = path.rsplit('/').next().unwrap_or(path);
        file.starts_with(self.stem)
    }
}

/// The calculator's code as the browser fetches it once started (boot module, glue, wasm): the
/// formula, the fail-closed reader with its exact messages, self-checking share links, the
/// formula's settings read by the one rule every front end shares (with its messages), the
/// work kept in the address across a reload, and the judged work's box kept in this browser
/// (the boot module also names the setup page's rubric reader). Anything a single list does
/// not need is in [`ON_DEMAND`], loaded on first use.
pub const CALCULATOR: Module = Module {
    name: "calculator",
    stem: "pickanumber-calculator-island",
    budget: 86_000,
    aim: Some(80_000),
};

/// The calculator's on-demand module (glue and wasm: several judges' passes, evidence checked
/// against a judged work with the verifier's searches, the report, the saved passes), loaded
/// only when an input has a `## Pass:` heading, a judged work is given, or a visitor copies the
/// report or saves a pass.
pub const ON_DEMAND: Module = Module {
    name: "calculator on demand",
    stem: "pickanumber-calculator-on-demand",
    budget: 131_500,
    aim: None,
};

/// The island of the probe's and the pairwise page's (boot module, glue, wasm), each page. The
/// boot module is every island's, so it carries the calculator's trap hook and the fresh
/// start of an on-demand module that threw here too.
pub const INSTRUMENTS: Module = Module {
    name: "instruments island",
    stem: "pickanumber-instruments",
    budget: 70_650,
    aim: None,
};

/// The setup page's island (boot module, glue, wasm). It is written against web-sys alone: a
/// Leptos island of the same shape weighed more than this budget. Its boot module is the
/// calculator's too (see [`INSTRUMENTS`]).
pub const SETUP: Module = Module {
    name: "setup island",
    stem: "pickanumber-setup-island",
    budget: 51_500,
    aim: None,
};

/// The setup page's rubric reader (glue and wasm: the rubric crate's TOML reader, whose
/// `[params]` keys are the formula crate's one list of settings), loaded only when a visitor
/// loads a pasted rubric that is not JSON.
pub const READER: Module = Module {
    name: "rubric reader",
    stem: "pickanumber-rubric-reader",
    budget: 56_300,
    aim: None,
};

/// Every module, the calculator first.
pub const MODULES: [Module; 5] = [CALCULATOR, ON_DEMAND, INSTRUMENTS, SETUP, READER];

/// What the bench aims at for everything the home page loads on first view (reading and the
/// calculator together); no test enforces it.
pub const HOME_AIM: u64 = 92_000;

/// The module whose glue or wasm is at URL path `path`, if any.
pub fn module_of(path: &str) -> Option<Module> {
    MODULES.into_iter().find(|m| m.owns(path))
}

/// The page name the weight of a module loaded on first use is reported under, beside the
/// pages: the page's path (without its `#fragment`) and the module's name, such as
/// `/ (calculator on demand)` for [`ON_DEMAND`], which the calculator at `/#try` loads.
pub fn loaded_later(page: &str, module: &Module) -> String {
    let path = page.split('#').next().unwrap_or(page);
    format!("{path} ({})", module.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file belongs to the module its name starts with (the boot module, every island's, to
    /// none), and a module loaded later is named after the page's path.
    #[test]
    fn files_and_pages_are_named_after_their_modules() {
        let files = [
            (
                "pickanumber-calculator-on-demand-f06b_bg.wasm",
                Some("calculator on demand"),
            ),
            ("pickanumber-calculator-island-dc6f.js", Some("calculator")),
            ("pickanumber-setup-island-5549.js", Some("setup island")),
            (
                "pickanumber-rubric-reader-c723_bg.wasm",
                Some("rubric reader"),
            ),
            ("boot.js", None),
        ];
        for (file, name) in files {
            assert_eq!(
                module_of(&format!("/calc/{file}")).map(|m| m.name),
                name,
                "{file}"
            );
        }
        assert_eq!(
            loaded_later("/#try", &ON_DEMAND),
            "/ (calculator on demand)"
        );
        assert_eq!(loaded_later("/setup/", &READER), "/setup/ (rubric reader)");
    }
}
