//! The harness for the browser tests in `tests/`: serve the built site, drive headless
//! Chromium, read what a reader would see.
//!
//! - [`serve_dist`] serves `$PICKANUMBER_DIST` (set by `cargo xtask test`) on a free loopback
//!   port with the same static server as `cargo xtask serve`.
//! - [`with_browser`] starts `/usr/bin/chromedriver` on a free port, opens a Chromium session
//!   with a fresh profile, runs the test body, and always cleans up: the session is closed,
//!   chromedriver is killed and any Chromium left with that profile is ended, also when the body
//!   panics.
//! - The helpers read element text, wait for the calculator, type into it and collect the
//!   browser's console log.

use std::future::Future;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::ClientBuilder;
pub use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use xtask::static_server::{self, Site};

/// The Chromium binary and its driver, as Debian installs them (`cargo xtask setup`).
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// See [`CHROMIUM`].
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// How long the live calculator may take to mount.
pub const READY_TIMEOUT: Duration = Duration::from_secs(20);

/// The built site: `$PICKANUMBER_DIST`, which must hold `index.html`.
///
/// # Panics
///
/// When the variable is unset or the folder has no `index.html`, with a message that says how
/// to build it.
pub fn dist() -> PathBuf {
    let Some(dir) = std::env::var_os("PICKANUMBER_DIST") else {
        panic!(
            "PICKANUMBER_DIST is not set. The browser tests run against the built site: \
             run `cargo xtask test` (it builds dist/ and sets PICKANUMBER_DIST), or \
             `cargo xtask build` then `PICKANUMBER_DIST=$PWD/dist cargo test -p pickanumber-browser-tests`"
        );
    };
    let dir = PathBuf::from(dir);
    assert!(
        dir.join("index.html").is_file(),
        "{} has no index.html; run `cargo xtask build` (or `cargo xtask test`)",
        dir.display()
    );
    dir
}

/// The repository root (for reading the markdown a page came from).
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A running static server; [`Served::url`] builds addresses on it.
#[derive(Clone, Copy, Debug)]
pub struct Served {
    /// The loopback address it listens on.
    pub addr: SocketAddr,
}

impl Served {
    /// `http://127.0.0.1:PORT` + `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `GET path` without a browser: the HTML as sent, before any script runs.
    ///
    /// # Panics
    ///
    /// When the request fails.
    pub fn get(&self, path: &str) -> static_server::Fetched {
        static_server::fetch(self.addr, path).unwrap_or_else(|e| panic!("GET {path}: {e}"))
    }
}

/// Serves [`dist`] on `127.0.0.1:0` for the rest of the test process.
pub fn serve_dist() -> Served {
    serve(Site::new(dist()))
}

/// Serves [`dist`] with every path under `/calc/` answered `404`: the page as it is before the
/// wasm app has loaded, with scripts on.
pub fn serve_dist_without_calculator() -> Served {
    serve(Site::new(dist()).blocking("/calc/"))
}

fn serve(site: Site) -> Served {
    let addr = static_server::start(site, "127.0.0.1:0").expect("start the static server");
    Served { addr }
}

/// Windows narrower than this are emulated as a phone screen (`mobileEmulation`), since a
/// desktop Chromium window does not get narrower than about 500 px.
pub const PHONE_WIDTHS_BELOW: u32 = 600;

/// How to open the browser.
#[derive(Clone, Copy, Debug)]
pub struct BrowserOptions {
    /// Window width in CSS pixels (the viewport's width, for phone widths).
    pub width: u32,
    /// Window height in CSS pixels.
    pub height: u32,
    /// `false` turns JavaScript off for every page.
    pub javascript: bool,
    /// `true` makes the page see `prefers-color-scheme: dark`.
    pub dark: bool,
}

impl Default for BrowserOptions {
    fn default() -> Self {
        BrowserOptions {
            width: 1280,
            height: 900,
            javascript: true,
            dark: false,
        }
    }
}

/// A running chromedriver and the scratch folder of its session. Dropping it ends both, and any
/// Chromium process still using the folder as its profile.
struct Driver {
    child: Child,
    port: u16,
    scratch: PathBuf,
}

static SESSIONS: AtomicUsize = AtomicUsize::new(0);

impl Driver {
    fn start() -> Driver {
        for tool in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                Path::new(tool).is_file(),
                "{tool} is missing: run `cargo xtask setup` (it installs Debian's chromium and chromium-driver)"
            );
        }
        let scratch = std::env::temp_dir().join(format!(
            "pickanumber-browser-{}-{}",
            std::process::id(),
            SESSIONS.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&scratch);
        std::fs::create_dir_all(scratch.join("profile"))
            .expect("create the browser's scratch folder");
        let port = free_port();
        let log =
            std::fs::File::create(scratch.join("chromedriver.log")).expect("chromedriver log");
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("chromedriver log"))
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {CHROMEDRIVER}: {e}"));
        let mut driver = Driver {
            child,
            port,
            scratch,
        };
        driver.wait_until_listening();
        driver
    }

    fn wait_until_listening(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(15);
        let addr = SocketAddr::from(([127, 0, 0, 1], self.port));
        loop {
            if TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok() {
                return;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("chromedriver exited at start ({status}):\n{}", self.log());
            }
            assert!(
                Instant::now() < deadline,
                "chromedriver did not listen on port {} within 15 s:\n{}",
                self.port,
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.scratch.join("chromedriver.log")).unwrap_or_default()
    }

    fn profile(&self) -> PathBuf {
        self.scratch.join("profile")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        kill_processes_mentioning(&self.profile());
        let _ = std::fs::remove_dir_all(&self.scratch);
    }
}

/// Ends the processes whose command line names `marker` (the Chromium processes started with
/// this session's own profile folder, if closing the session left any).
fn kill_processes_mentioning(marker: &Path) {
    let marker = marker.to_string_lossy().into_owned();
    let me = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in entries.flatten() {
        let pid = entry.file_name().to_string_lossy().into_owned();
        if pid == me || !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        if String::from_utf8_lossy(&cmdline).contains(&marker) {
            let _ = Command::new("kill")
                .args(["-9", &pid])
                .stderr(Stdio::null())
                .status();
        }
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("find a free port")
}

fn capabilities(options: BrowserOptions, profile: &Path) -> serde_json::Map<String, Value> {
    let mut args = vec![
        "--headless=new".to_owned(),
        "--no-sandbox".to_owned(),
        "--disable-gpu".to_owned(),
        "--disable-dev-shm-usage".to_owned(),
        "--disable-quic".to_owned(),
        "--no-first-run".to_owned(),
        "--disable-background-networking".to_owned(),
        "--disable-component-update".to_owned(),
        "--disable-sync".to_owned(),
        format!("--user-data-dir={}", profile.display()),
        format!("--window-size={},{}", options.width, options.height),
    ];
    let mut chrome = json!({ "binary": CHROMIUM });
    if options.width < PHONE_WIDTHS_BELOW {
        // A desktop window cannot be this narrow: emulate a phone screen of exactly this size.
        chrome["mobileEmulation"] = json!({
            "deviceMetrics": { "width": options.width, "height": options.height, "pixelRatio": 1.0 }
        });
    }
    let mut blink = Vec::new();
    if !options.javascript {
        blink.push("scriptEnabled=false");
        chrome["prefs"] = json!({ "profile.managed_default_content_settings.javascript": 2 });
    }
    if options.dark {
        // Blink's PreferredColorScheme: 0 is dark.
        blink.push("preferredColorScheme=0");
    }
    if !blink.is_empty() {
        args.push(format!("--blink-settings={}", blink.join(",")));
    }
    chrome["args"] = json!(args);
    let caps = json!({
        "browserName": "chrome",
        "goog:chromeOptions": chrome,
        "goog:loggingPrefs": { "browser": "ALL" },
    });
    match caps {
        Value::Object(map) => map,
        _ => unreachable!("a JSON object literal"),
    }
}

/// Opens headless Chromium with `options`, runs `body` with the WebDriver client, then closes
/// the session and ends chromedriver whatever happened. A panic in `body` fails the test after
/// the clean-up.
///
/// # Panics
///
/// When Chromium cannot start, or when `body` panics.
pub async fn with_browser<F, Fut>(options: BrowserOptions, body: F)
where
    F: FnOnce(Client) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let driver = Driver::start();
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = match ClientBuilder::new(connector)
        .capabilities(capabilities(options, &driver.profile()))
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
    {
        Ok(client) => client,
        Err(e) => panic!("cannot open a Chromium session: {e}\n{}", driver.log()),
    };
    let outcome = tokio::spawn(body(client.clone())).await;
    let _ = tokio::time::timeout(Duration::from_secs(10), client.close()).await;
    drop(driver);
    if let Err(e) = outcome {
        match e.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(e) => panic!("the test body did not finish: {e}"),
        }
    }
}

/// The trimmed visible text of the element with id `id`.
///
/// # Panics
///
/// When there is no such element.
pub async fn text(client: &Client, id: &str) -> String {
    let el = client
        .find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("no element #{id}: {e}"));
    el.text()
        .await
        .unwrap_or_else(|e| panic!("text of #{id}: {e}"))
        .trim()
        .to_owned()
}

/// Scrolls the calculator into view, as a reader arrives at it (the page loads the wasm only
/// when `#try` comes near), and waits until it has mounted (`#calculator[data-ready]`).
///
/// # Panics
///
/// After [`READY_TIMEOUT`], with the browser's console log in the message.
pub async fn wait_ready(client: &Client) {
    let deadline = Instant::now() + READY_TIMEOUT;
    loop {
        let ready = client
            .execute(
                "const c = document.getElementById('calculator'); if (c && !c.hasAttribute('data-ready')) c.scrollIntoView({block: 'center'}); return !!(c && c.hasAttribute('data-ready'));",
                vec![],
            )
            .await
            .expect("run a script in the page");
        if ready == Value::Bool(true) {
            return;
        }
        if Instant::now() > deadline {
            let log = console_log(client).await;
            panic!(
                "#calculator[data-ready] did not appear within {} s; the console said:\n{}",
                READY_TIMEOUT.as_secs(),
                format_log(&log)
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Replaces the calculator's input with `items`, typed key by key as a person would.
///
/// # Panics
///
/// When there is no `#evidence-input`.
pub async fn type_items(client: &Client, items: &str) {
    let input = client
        .find(Locator::Id("evidence-input"))
        .await
        .expect("the live calculator has #evidence-input");
    input.clear().await.expect("clear #evidence-input");
    // `clear` may leave text behind if the app re-renders the old value; select all and delete.
    input
        .send_keys("\u{E009}a\u{E009}\u{E017}")
        .await
        .expect("select all and delete");
    input
        .send_keys(items)
        .await
        .expect("type into #evidence-input");
    let typed = input.prop("value").await.expect("read the input back");
    assert_eq!(
        typed.as_deref().map(|v| v.replace("\r\n", "\n")),
        Some(items.to_owned()),
        "#evidence-input does not hold what was typed"
    );
}

/// Puts `value` into the calculator's input at once, as a paste does, and fires the input
/// event (typing 100,000 lines key by key would take hours).
///
/// # Panics
///
/// When the script cannot run.
pub async fn paste(client: &Client, value: &str) {
    client
        .execute(
            "const t = document.getElementById('evidence-input'); t.value = arguments[0]; \
             t.dispatchEvent(new Event('input', { bubbles: true }));",
            vec![value.into()],
        )
        .await
        .expect("paste into #evidence-input");
}

/// Waits up to 5 s for the element `id` to contain `needle`.
///
/// # Panics
///
/// With the text it showed instead.
pub async fn expect_contains(client: &Client, id: &str, needle: &str) {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let shown = text(client, id).await;
        if shown.contains(needle) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "#{id} shows {shown:?}, expected it to contain {needle:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Opens the home page and waits for the live calculator.
///
/// # Panics
///
/// When the page does not open or the calculator does not mount.
pub async fn open_calculator(client: &Client, site: &Served) {
    client
        .goto(&site.url("/"))
        .await
        .expect("open the home page");
    wait_ready(client).await;
}

/// Waits up to 5 s for the element `id` to show `expected`.
///
/// # Panics
///
/// With the text it showed instead.
pub async fn expect_text(client: &Client, id: &str, expected: &str) {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let shown = text(client, id).await;
        if shown == expected {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "#{id} shows {shown:?}, expected {expected:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The size of the first element matching `selector`: `(width, height)` from
/// `getBoundingClientRect`, and the viewport width it was measured in.
///
/// # Panics
///
/// When nothing matches.
pub async fn box_size(client: &Client, selector: &str) -> (f64, f64, f64) {
    let el = client
        .find(Locator::Css(selector))
        .await
        .unwrap_or_else(|e| panic!("no element {selector}: {e}"));
    let (_, _, width, height) = el
        .rectangle()
        .await
        .unwrap_or_else(|e| panic!("size of {selector}: {e}"));
    let viewport = client
        .execute("return document.documentElement.clientWidth;", vec![])
        .await
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(f64::NAN);
    (width, height, viewport)
}

/// One entry of the browser's console log.
#[derive(Clone, Debug)]
pub struct LogEntry {
    /// `SEVERE`, `WARNING`, `INFO` or `DEBUG`.
    pub level: String,
    /// The message as Chromium formats it (source, line, text).
    pub message: String,
}

#[derive(Debug)]
struct GetBrowserLog;

impl WebDriverCompatibleCommand for GetBrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/se/log",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(r#"{"type":"browser"}"#.to_owned()))
    }
}

/// The console messages logged since the last call (chromedriver's `browser` log).
///
/// # Panics
///
/// When chromedriver does not answer.
pub async fn console_log(client: &Client) -> Vec<LogEntry> {
    let raw = client
        .issue_cmd(GetBrowserLog)
        .await
        .expect("read the browser's console log");
    raw.as_array()
        .map(|entries| {
            entries
                .iter()
                .map(|e| LogEntry {
                    level: e["level"].as_str().unwrap_or("").to_owned(),
                    message: e["message"].as_str().unwrap_or("").to_owned(),
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Log entries one per line, for failure messages.
pub fn format_log(entries: &[LogEntry]) -> String {
    if entries.is_empty() {
        return "(nothing)".to_owned();
    }
    entries
        .iter()
        .map(|e| format!("  {}: {}", e.level, e.message))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of an HTML fragment as a reader sees it: tags removed, common entities decoded,
/// typographic quotes made plain, whitespace collapsed.
pub fn visible_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    let decoded = out
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
        .replace(['\u{2018}', '\u{2019}'], "'")
        .replace(['\u{201C}', '\u{201D}'], "\"");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The part of `html` from the first `<tag` to the matching-by-name last `</tag>`, if any.
pub fn element<'a>(html: &'a str, tag: &str) -> Option<&'a str> {
    let start = html.find(&format!("<{tag}"))?;
    let end = html.rfind(&format!("</{tag}>"))? + tag.len() + 3;
    (end > start).then(|| &html[start..end])
}

/// Every `id` attribute value in `html`, in order (quoted with `"` or `'`, or bare).
pub fn ids(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = html.as_bytes();
    let mut i = 0;
    while let Some(pos) = html[i..].find("id=") {
        let at = i + pos;
        i = at + 3;
        // Only a whole attribute name: preceded by whitespace inside a tag.
        if at == 0 || !bytes[at - 1].is_ascii_whitespace() {
            continue;
        }
        let rest = &html[i..];
        let value = match rest.chars().next() {
            Some(q @ ('"' | '\'')) => rest[1..].split(q).next().unwrap_or(""),
            _ => rest
                .split(|c: char| c.is_whitespace() || c == '>')
                .next()
                .unwrap_or(""),
        };
        found.push(value.to_owned());
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_text_strips_tags_and_decodes() {
        assert_eq!(
            visible_text("<h1>Don&#39;t <em>let</em>\n the LLM</h1><p>a &amp; b</p>"),
            "Don't let the LLM a & b"
        );
        assert_eq!(visible_text("Don\u{2019}t"), "Don't");
    }

    #[test]
    fn ids_are_found_in_all_quotings() {
        let html = r#"<div id="calculator" data-id="x"><p id='a'>x</p><dd id=b>1</dd></div>"#;
        assert_eq!(ids(html), vec!["calculator", "a", "b"]);
    }

    #[test]
    fn element_spans_the_outermost_tag() {
        let html = "<body><main class=x><p>a</p></main><footer>f</footer></body>";
        assert_eq!(element(html, "main"), Some("<main class=x><p>a</p></main>"));
        assert_eq!(element(html, "nav"), None);
    }
}
