//! Retest blocks: each fenced `retest id=… runs=…` block reads a committed runs file of the
//! repository (`runs=examples/…`), retests it with the instruments crate exactly as
//! `pickanumber retest` does, and puts the report's table of the works in its place (a row
//! per work with its SVG strip, and the sentence that reads the strips). Its figures are kept
//! for the [`super::references`] stage, so prose quotes them (`{{ ex.final_sd }}`) and never
//! types them.
//!
//! ```text
//! ```retest id=ex runs=examples/docs/retest-runs.jsonl naive-scale=1:10 fail-under=60 by=probe
//! ```
//! ```

use crate::error::Error;
use crate::events::{block_text, fence_info, Ev, Events};
use crate::record::Record;
use pickanumber_instruments::calibrate::agreement::Figure;
use pickanumber_instruments::calibrate::Scale;
use pickanumber_instruments::retest::{retest, runs, Options, Retest};
use pickanumber_text::numtext::{fixed, signed_fixed};
use std::collections::BTreeMap;
use std::path::Path;

/// The values of a page's retest blocks, by id, then by field.
pub type Figures = BTreeMap<String, BTreeMap<String, String>>;

/// The options a retest block takes.
const OPTIONS: &str = "id, runs, naive-scale, fail-under, by";

/// Whether a fence's info string opens a retest block.
pub fn is_retest(info: &str) -> bool {
    info.split_whitespace().next() == Some("retest")
}

/// Replaces every retest block of `events` with its figure; `root` is the repository's top
/// folder, which `runs=` is relative to. Records each figure's id (`retest-ID`).
///
/// # Errors
/// A bad option, a runs file outside `examples/` or unreadable, or runs that do not read
/// (each bad line named), at the block's opening fence.
pub fn run<'a>(
    file: &Path,
    root: &Path,
    events: Events<'a>,
    record: &mut Record,
) -> Result<(Events<'a>, Figures), Error> {
    let mut figures = Figures::new();
    let mut out = Vec::with_capacity(events.len());
    let mut i = 0;
    while i < events.len() {
        let ev = &events[i];
        match fence_info(&ev.event) {
            Some(info) if is_retest(info) => {
                let line = ev.line;
                let (id, r) = compile(root, info).map_err(|m| Error::at(file, line, m))?;
                if figures.contains_key(&id) {
                    return Err(Error::at(
                        file,
                        line,
                        format!("retest id \"{id}\" is used twice in this page"),
                    ));
                }
                let anchor = format!("retest-{id}");
                record.id(anchor.clone());
                out.push(Ev::html(
                    format!("<figure class=\"retest\" id=\"{anchor}\">\n"),
                    line,
                ));
                let table = r.works_table();
                out.extend(
                    crate::events::parse(&table, line)
                        .into_iter()
                        .map(|e| Ev::new(e.event.into_static(), line)),
                );
                out.push(Ev::html("</figure>\n".into(), line));
                figures.insert(id, values(&r));
                i = block_text(&events, i).1 + 1;
            }
            _ => {
                out.push(ev.clone());
                i += 1;
            }
        }
    }
    Ok((out, figures))
}

/// Reads the info string and retests the runs it names.
fn compile(root: &Path, info: &str) -> Result<(String, Retest), String> {
    let (mut id, mut path, mut scale, mut gate, mut by) =
        (None, None, Scale::default(), None, None);
    for opt in info.split_whitespace().skip(1) {
        let Some((key, value)) = opt.split_once('=') else {
            return Err(format!(
                "retest option \"{opt}\" is not key=value (options: {OPTIONS})"
            ));
        };
        match key {
            "id" => {
                let ok = !value.is_empty()
                    && value
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if !ok {
                    return Err(format!(
                        "retest id \"{value}\" may only hold lowercase letters, digits and '-'"
                    ));
                }
                id = Some(value.to_string());
            }
            "runs" => path = Some(value.to_string()),
            "naive-scale" => {
                scale = Scale::parse(value).map_err(|e| format!("retest naive-scale: {e}"))?;
            }
            "fail-under" => {
                let g = value
                    .parse::<f64>()
                    .ok()
                    .filter(|g| (0.0..=100.0).contains(g))
                    .ok_or_else(|| {
                        format!("retest fail-under \"{value}\" is not a number from 0 to 100")
                    })?;
                gate = Some(g);
            }
            "by" => by = Some(value.to_string()),
            _ => {
                return Err(format!(
                    "unknown retest option \"{key}\" (options: {OPTIONS})"
                ))
            }
        }
    }
    let id = id.ok_or("a retest block needs id=")?;
    let path = path.ok_or("a retest block needs runs= (a file under examples/)")?;
    let inside = path.starts_with("examples/")
        && !path.split('/').any(|part| part == ".." || part.is_empty());
    if !inside {
        return Err(format!(
            "retest runs=\"{path}\" must name a file under examples/ (the runs committed for the example)"
        ));
    }
    let text = std::fs::read_to_string(root.join(&path))
        .map_err(|e| format!("{path}: cannot read: {e}"))?;
    let located = |errors: Vec<pickanumber_instruments::LineError>| {
        errors
            .iter()
            .map(|e| format!("{path}:{}: {}", e.line, e.message))
            .collect::<Vec<_>>()
            .join("; ")
    };
    let read = runs::read(&text, scale, by.as_deref()).map_err(located)?;
    let options = Options {
        fail_under: gate,
        naive_scale: scale,
        by,
        ..Options::default()
    };
    let r = retest(&read, &options).map_err(located)?;
    Ok((id, r))
}

/// The fields prose may quote: `runs`, `works`; each figure (`final_sd`, `naive_sd`,
/// `flip_rate`, `naive_flip_rate`) with `_low` and `_high`, the spreads in points with two
/// decimals and the rates with three; `flips` and `naive_flips`, the works that flip; and
/// `shift`, `shift_low`, `shift_high`, the first shift of the final between groups (`+0.33`).
fn values(r: &Retest) -> BTreeMap<String, String> {
    let mut v = BTreeMap::new();
    v.insert("runs".to_string(), r.runs.to_string());
    v.insert("works".to_string(), r.works.len().to_string());
    let mut figure =
        |name: &str, f: Option<&Figure>, digits: usize, text: fn(f64, usize) -> String| {
            let Some(f) = f else { return };
            for (suffix, x) in [("", f.value), ("_low", f.low), ("_high", f.high)] {
                if let Some(x) = x {
                    v.insert(format!("{name}{suffix}"), text(x, digits));
                }
            }
        };
    figure("final_sd", Some(&r.final_sd), 2, fixed);
    figure("naive_sd", r.naive_sd.as_ref(), 2, fixed);
    figure("flip_rate", r.flip_rate.as_ref(), 3, fixed);
    figure("naive_flip_rate", r.naive_flip_rate.as_ref(), 3, fixed);
    figure(
        "shift",
        r.shifts.first().map(|s| &s.final_shift),
        2,
        signed_fixed,
    );
    if r.fail_under.is_some() {
        let count = |f: fn(&pickanumber_instruments::retest::Work) -> bool| {
            r.works.iter().filter(|w| f(w)).count().to_string()
        };
        v.insert("flips".into(), count(|w| w.flips == Some(true)));
        if r.naive_works > 0 {
            let gate = r.fail_under;
            let n = r
                .works
                .iter()
                .filter(|w| w.naive_flips(gate) == Some(true))
                .count();
            v.insert("naive_flips".into(), n.to_string());
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::test_util::{events, html};

    fn root() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    const BLOCK: &str = "```retest id=ex runs=examples/docs/retest-runs.jsonl naive-scale=1:10 fail-under=60 by=probe\n```\n";

    #[test]
    fn a_block_becomes_the_works_table_with_a_strip_each_and_its_figures() {
        let mut r = Record::default();
        let (out, figures) = run(Path::new("p.md"), &root(), events(BLOCK), &mut r).unwrap();
        let h = html(out);
        assert!(
            h.starts_with("<figure class=\"retest\" id=\"retest-ex\">\n<table>"),
            "{h}"
        );
        assert_eq!(h.matches("<svg ").count(), 6, "{h}");
        assert!(
            h.contains("<title>pr-1: finals 65, 66, 65, 72; naive 77.8, 55.6, 66.7, 88.9</title>"),
            "{h}"
        );
        assert!(
            h.contains("the vertical line is the gate, 60.</p>\n</figure>"),
            "{h}"
        );
        assert!(r.ids.contains("retest-ex"));
        // What `pickanumber retest` prints for the same file and options (the docs page's
        // console example).
        let ex = &figures["ex"];
        assert_eq!(ex["final_sd"], "2.66");
        assert_eq!(ex["final_sd_low"], "1.75");
        assert_eq!(ex["naive_sd_high"], "14.34");
        assert_eq!(ex["flip_rate"], "0.167");
        assert_eq!(ex["flips"], "1");
        assert_eq!(ex["naive_flips"], "3");
        assert_eq!(ex["shift"], "+0.33");
        assert_eq!(ex["works"], "6");
        assert_eq!(ex["runs"], "24");
    }

    #[test]
    fn bad_blocks_are_errors_at_their_fence() {
        let err = |md: &str| {
            run(
                Path::new("p.md"),
                &root(),
                events(md),
                &mut Record::default(),
            )
            .unwrap_err()
            .to_string()
        };
        assert_eq!(
            err("\n```retest id=ex runs=../secret.jsonl\n```\n"),
            "p.md:2: retest runs=\"../secret.jsonl\" must name a file under examples/ (the runs committed for the example)"
        );
        assert_eq!(
            err("```retest runs=examples/docs/retest-runs.jsonl\n```\n"),
            "p.md:1: a retest block needs id="
        );
        assert_eq!(
            err("```retest id=ex runs=examples/docs/retest-runs.jsonl gate=60\n```\n"),
            "p.md:1: unknown retest option \"gate\" (options: id, runs, naive-scale, fail-under, by)"
        );
        assert_eq!(
            err("```retest id=ex runs=examples/docs/retest-prose.jsonl\n```\n"),
            "p.md:1: examples/docs/retest-prose.jsonl:2: work \"pr-1\": the output gives no score: no items read: the text is not JSON (it starts with neither [ nor {), has no table or rows with an impact column, and no line starts with a signed impact, as in +3 the tests pass; there is no score; examples/docs/retest-prose.jsonl:5: work \"pr-3\": only one run: a retest needs at least two runs of every work"
        );
        assert_eq!(
            err(&format!("{BLOCK}\n{BLOCK}")),
            "p.md:4: retest id \"ex\" is used twice in this page"
        );
    }
}
