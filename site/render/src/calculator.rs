//! The calculator's place in a page: a static, computed example of the same size (readable
//! with JavaScript off), and the assets trunk built, loaded by an external module so the
//! Content-Security-Policy needs no inline script.

use crate::html::escape;
use crate::sentences::{Note, Text};
use pickanumber_island_words::calculator;
use pickanumber_island_words::read::Overrides;
use pickanumber_island_words::words::{CalculatorLive, CalculatorPasses};
use pickanumber_result_view::panel;
use pickanumber_result_view::words::ResultView;
use pickanumber_score::{analyse, Request};
use std::path::Path;

/// The example the calculator starts from: the GUI agent of the cua-bench analysis, one
/// definition beside the calculator's controls, which the case study, the paper and the calculator's example
/// button also use (`consistency::shared_lists` checks that they agree).
pub const EXAMPLE: &str = calculator::CUA_BENCH_GUI;

/// The static box's words, the `[calculator]` table of `content/layout.toml`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Words {
    /// The accessible name of the island's region.
    pub region: String,
    /// The bar above the input: the mode of the example and what the live calculator adds.
    pub mode: String,
    /// The accessible name of the read-only input.
    pub input_name: String,
    /// The line under the input.
    pub hint: String,
    /// The `<noscript>` note (markdown).
    pub noscript: Text<Note>,
    /// What the calculator shows in place of its result when its wasm stopped (a trap: a
    /// panic, running out of memory), until the next edit starts it afresh; written into the
    /// recovery module (`recover.js`), so the calculator's wasm carries none of it
    /// ([`install_assets`] refuses it empty).
    pub stopped: String,
    /// `[calculator.passes]`: the saved passes' words over their defaults
    /// (`pickanumber_island_words::words`), checked here and compiled into the calculator's
    /// on-demand module.
    pub passes: Overrides<CalculatorPasses<'static>>,
    /// `[calculator.live]`: the live calculator's words over their defaults, checked here and compiled into its wasm; the label over the input stands in this box
    /// too.
    pub live: Overrides<CalculatorLive<'static>>,
}

/// The default words: the site's, where `content/layout.toml` does not override them.
impl Default for Words {
    fn default() -> Words {
        Words {
            region: "Evidence calculator".into(),
            mode: "Mode: pooled. The live calculator adds modes, presets and weights.".into(),
            input_name: "Example evidence items".into(),
            hint: "A static example, computed at build time.".into(),
            noscript: "The live calculator needs JavaScript. The numbers above are computed for this example when the site is built; `pickanumber score` scores your own items from the command line.".into(),
            stopped: "The calculator stopped on this input (it ran out of memory or hit an error it cannot recover from), so it shows no result for it. Edit the input to start it again.".into(),
            passes: Overrides::default(),
            live: Overrides::default(),
        }
    }
}

/// The static box: the example and its results, as the live calculator's result panel shows
/// them (the view crate's [`panel::calculator`] in the `[result]` words `result`, so the two
/// cannot drift, after the
/// diagnostics and the actions, as in the live app), the examples and the formula's settings
/// (the actions, examples and settings disabled: the view crate's [`calculator`] markup, so
/// the box has the live app's size), and a `<noscript>` note under the input (in its
/// fixed-size row, so the box has that size with JavaScript off too).
/// The panel's ids (`#out-final`, …) appear once per page, since a page holds at most one
/// island, and the live app replaces the box when it mounts.
pub fn placeholder(words: &Words, result: &ResultView<'_>) -> String {
    let a = analyse(EXAMPLE, &Request::default());
    let live = words.live.lend();
    format!(
        "<div id=\"calculator\" class=\"calc\" role=\"region\" aria-label=\"{}\">\
<div class=\"calc-body\">\
<div class=\"calc-bar\"><p class=\"calc-label\">{}</p></div>\
<div class=\"calc-in\"><span class=\"calc-label\">{}</span>\
<textarea class=\"calc-input\" readonly aria-label=\"{}\">{}</textarea>\
<p class=\"calc-hint\">{}</p><noscript><p class=\"calc-noscript\">{}</p></noscript></div>\
<div class=\"calc-results\"><div class=\"calc-diag\"></div>\
<div class=\"calc-actions\"><div class=\"calc-buttons\">{}</div><p class=\"calc-status\"></p></div>\
<div class=\"calc-panel\">{}</div><div>{}</div>\
</div></div></div>\n",
        escape(&words.region),
        escape(&words.mode),
        escape(live.input),
        escape(&words.input_name),
        escape(EXAMPLE),
        escape(&words.hint),
        words.noscript.html(&[]),
        calculator::actions(&live, false),
        panel::calculator(&a, result),
        calculator::examples_and_settings(&live, ["", "", ""], false),
    )
}

/// The boot module, loaded by every page with an island (`#calculator`, `#probe`, `#pairwise`
/// or `#setup`): it packs and unpacks the calculator's share links with the browser's own
/// (de)compression streams, and loads the glue and the one wasm of all islands only when the
/// island is needed: when its root comes within 800 px of the viewport, when it gets focus or
/// a pointer, or (calculator) at once for a share link or `#try`; never before the page's first
/// paint otherwise. Until then the page is reading only. It also offers the calculator its
/// second module (`globalThis.pickanumberOnDemand()`: several judges' passes, evidence checked
/// against a work), imported only when the calculator first asks, and fills the calculator's pending interval cell from that module
/// once the input rests (the static example's interval at once, without it). `CALC_GLUE`, `CALC_WASM`, `INST_GLUE`, `INST_WASM`, `SETUP_GLUE`,
/// `SETUP_WASM`, `SECOND_GLUE`, `SECOND_WASM`, `READER_GLUE` and `READER_WASM` are replaced by
/// the built file names. The setup page's rubric reader (`globalThis.pickanumberRubricReader()`)
/// is imported the same way, when a visitor loads a pasted TOML rubric.
const BOOT: &str = include_str!("../assets/boot.js");

/// The calculator's recovery module, imported by the boot module only when the calculator's
/// wasm traps (a panic, running out of memory, any other trap): it puts the `stopped` message
/// (`[calculator]` of `content/layout.toml`, replacing `STOPPED_MESSAGE` as a JSON string) in
/// place of the result, leaves the input editable, and at the next edit starts a fresh
/// instance of the calculator (`CALC_GLUE`, `CALC_WASM`) from what is on screen.
const RECOVER: &str = include_str!("../assets/recover.js");

/// Copies the five trunk builds (`pickanumber-calculator-island*`, `pickanumber-instruments*`,
/// `pickanumber-setup-island*`, `pickanumber-calculator-on-demand*` and `pickanumber-rubric-reader*`, glue and
/// wasm) from `calc_dir` into
/// `out/calc/` and writes `out/calc/boot.js` (the `BOOT` module) and `out/calc/recover.js` (the
/// `RECOVER` module, with the `stopped` message).
///
/// # Errors
/// A message when the directory has no glue or no wasm, or a copy fails.
pub fn install_assets(calc_dir: &Path, out: &Path, stopped: &str) -> Result<(), String> {
    let read = std::fs::read_dir(calc_dir).map_err(|e| {
        format!(
            "calculator build {} cannot be read ({e}): run `cargo xtask build`",
            calc_dir.display()
        )
    })?;
    let mut names: Vec<String> = read
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".js") || n.ends_with(".wasm"))
        .collect();
    names.sort();
    // Five wasm builds: the calculator's, the probe and pairwise islands', the setup page's,
    // the calculator's on-demand module and the setup page's rubric reader (each imported by its
    // island on first use).
    let pair = |build: &str| -> Result<(&String, &String), String> {
        let find = |suffix: &str, what: &str| {
            names
                .iter()
                .find(|n| n.starts_with(build) && n.ends_with(suffix))
                .ok_or_else(|| {
                    format!(
                        "no {build} {what} ({build}*{suffix}) in {}",
                        calc_dir.display()
                    )
                })
        };
        Ok((find(".js", "glue")?, find("_bg.wasm", "wasm")?))
    };
    let (calc_glue, calc_wasm) = pair("pickanumber-calculator-island")?;
    let (inst_glue, inst_wasm) = pair("pickanumber-instruments")?;
    let (setup_glue, setup_wasm) = pair("pickanumber-setup-island")?;
    let (second_glue, second_wasm) = pair("pickanumber-calculator-on-demand")?;
    let (reader_glue, reader_wasm) = pair("pickanumber-rubric-reader")?;
    let dest = out.join("calc");
    std::fs::create_dir_all(&dest).map_err(|e| e.to_string())?;
    for n in [
        calc_glue,
        calc_wasm,
        inst_glue,
        inst_wasm,
        setup_glue,
        setup_wasm,
        second_glue,
        second_wasm,
        reader_glue,
        reader_wasm,
    ] {
        std::fs::copy(calc_dir.join(n), dest.join(n)).map_err(|e| format!("copying {n}: {e}"))?;
    }
    // The modules as sent: without their comment lines and indentation, which every island
    // page would otherwise download; the comments stay here.
    let sent = |text: &str| -> String {
        let text: String = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect();
        text.replace("CALC_GLUE", calc_glue)
            .replace("CALC_WASM", calc_wasm)
            .replace("INST_GLUE", inst_glue)
            .replace("INST_WASM", inst_wasm)
            .replace("SETUP_GLUE", setup_glue)
            .replace("SETUP_WASM", setup_wasm)
            .replace("SECOND_GLUE", second_glue)
            .replace("SECOND_WASM", second_wasm)
            .replace("READER_GLUE", reader_glue)
            .replace("READER_WASM", reader_wasm)
    };
    if stopped.trim().is_empty() {
        return Err("content/layout.toml: [calculator] has no `stopped`, the message a calculator whose wasm stopped shows in place of its result".into());
    }
    let message = serde_json::to_string(stopped).map_err(|e| e.to_string())?;
    let recover = sent(RECOVER).replace("STOPPED_MESSAGE", &message);
    std::fs::write(dest.join("recover.js"), recover).map_err(|e| e.to_string())?;
    std::fs::write(dest.join("boot.js"), sent(BOOT)).map_err(|e| e.to_string())
}
