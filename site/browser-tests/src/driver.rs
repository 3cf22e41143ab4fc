//! Chromium under chromedriver. One chromedriver serves the whole test run. A desktop-width
//! Chromium is kept between tests, one for each [`BrowserOptions`], and each test gets a new
//! WebDriver session on it in a fresh tab; a test that fails takes its Chromium with it. What a
//! page keeps stays with its test: each test serves the site on a port of its own, so its
//! origin's storage and the HTTP cache's entries are its own too, and a second browser within one
//! test is never one that test used before (so "another browser" has no storage). A phone width
//! gets a Chromium of its own, started by chromedriver, whose mobile emulation applies only to a
//! browser it starts. Every process started here ends with the test process: each runs beside a
//! watching shell that ends its process group then.

use std::future::Future;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};

use crate::console::Post;

/// The Chromium binary and its driver, as Debian installs them (`cargo xtask tools`).
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// See [`CHROMIUM`].
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// How long chromedriver may take to listen on its port, and Chromium to open its own.
const START_TIMEOUT: Duration = Duration::from_secs(15);
/// How long closing the session (or opening the next test's tab) may take before the Chromium
/// is ended anyway.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(10);

/// Windows narrower than this are emulated as a phone screen (`mobileEmulation`), since a
/// desktop Chromium window does not get narrower than about 500 px.
pub const PHONE_WIDTHS_BELOW: u32 = 600;

/// How to open the browser.
#[derive(Clone, Copy, Debug, PartialEq)]
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

/// The shell beside each process started here: it starts the process (`$3…`), waits while the
/// test process (`$1`) lives, then ends the process, removes its scratch folder (`$2`) and ends
/// its own process group, which the process's children share.
const WATCH: &str = r#"test=$1 dir=$2; shift 2; "$@" &
while kill -0 "$test" 2>/dev/null; do sleep 1; done
kill -9 $!; sleep 1; rm -rf "$dir"; kill -9 0"#;

/// A process started beside a [`WATCH`] shell, in a process group of its own, with a scratch
/// folder for its log (and Chromium's profile). Dropping it ends the group and removes the
/// folder.
struct Watched {
    shell: Child,
    scratch: tempfile::TempDir,
}

impl Watched {
    /// Starts `program` with the arguments `args` gives for the scratch folder.
    fn start(program: &str, args: impl FnOnce(&Path) -> Vec<String>) -> Watched {
        assert!(
            Path::new(program).is_file(),
            "{program} is missing: run `cargo xtask tools` (it installs Debian's chromium and chromium-driver)"
        );
        let scratch = scratch();
        let log = std::fs::File::create(scratch.path().join("log")).expect("create a log");
        let mut shell = Command::new("sh");
        let test = std::process::id().to_string();
        shell
            .args(["-c", WATCH, "sh", &test])
            .arg(scratch.path())
            .arg(program);
        let shell = std::os::unix::process::CommandExt::process_group(&mut shell, 0)
            .args(args(scratch.path()))
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("open the log"))
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        Watched { shell, scratch }
    }

    /// The log's last lines, for a failure message.
    fn log(&self) -> String {
        let log = std::fs::read_to_string(self.scratch.path().join("log")).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }

    /// Waits for `ready` to give a value, for at most [`START_TIMEOUT`]; panics with `what` and
    /// the log after that.
    fn wait<T>(&self, what: &str, ready: impl Fn() -> Option<T>) -> T {
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            if let Some(value) = ready() {
                return value;
            }
            let secs = START_TIMEOUT.as_secs();
            assert!(
                Instant::now() < deadline,
                "{what} within {secs} s:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        let group = format!("-{}", self.shell.id());
        let _ = Command::new("kill").args(["-9", "--", &group]).status();
        let _ = self.shell.wait();
    }
}

/// A new scratch folder.
fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("pickanumber-browser-")
        .tempdir()
        .expect("create the browser's scratch folder")
}

/// The chromedriver of the whole run and its port, started on first use.
fn chromedriver() -> &'static (Watched, u16) {
    static DRIVER: OnceLock<(Watched, u16)> = OnceLock::new();
    DRIVER.get_or_init(|| {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("find a free port");
        let driver = Watched::start(CHROMEDRIVER, |_| vec![format!("--port={port}")]);
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let up = || TcpStream::connect_timeout(&addr, Duration::from_millis(200)).ok();
        driver.wait(&format!("chromedriver did not listen on port {port}"), up);
        (driver, port)
    })
}

/// A Chromium kept between tests: its options, itself, its DevTools port, and the test (the
/// thread the test harness runs it on) that used it last.
type Kept = (BrowserOptions, Watched, u16, ThreadId);

/// The kept Chromiums no test is using.
static IDLE: Mutex<Vec<Kept>> = Mutex::new(Vec::new());

/// An idle kept Chromium with `options` that this test has not used, or a new one.
fn kept(options: BrowserOptions) -> Kept {
    let test = std::thread::current().id();
    let mut idle = IDLE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    while let Some(i) = idle.iter().position(|k| k.0 == options && k.3 != test) {
        let kept = idle.swap_remove(i);
        // One whose DevTools port no longer answers (it crashed while idle) is ended.
        let addr = SocketAddr::from(([127, 0, 0, 1], kept.2));
        if TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok() {
            return kept;
        }
    }
    drop(idle);
    let browser = Watched::start(CHROMIUM, |scratch| {
        let profile = scratch.join("profile");
        let preferences = profile.join("Default/Preferences");
        std::fs::create_dir_all(profile.join("Default")).expect("create the profile");
        std::fs::write(preferences, prefs(options).to_string()).expect("write the profile");
        let mut args = switches(options, &profile);
        args.extend(AS_CHROMEDRIVER.split_whitespace().map(str::to_owned));
        args
    });
    let active = browser.scratch.path().join("profile/DevToolsActivePort");
    let port = browser.wait("Chromium did not open its DevTools port", || {
        let file = std::fs::read_to_string(&active).ok()?;
        file.lines().next()?.parse().ok()
    });
    (options, browser, port, test)
}

/// The switches chromedriver gives a Chromium it starts, given here to one it attaches to, and
/// the DevTools port it attaches through.
const AS_CHROMEDRIVER: &str = "--enable-automation --test-type=webdriver --disable-popup-blocking \
    --disable-hang-monitor --disable-prompt-on-repost --disable-default-apps --password-store=basic \
    --use-mock-keychain --remote-debugging-port=0 about:blank";

/// Chromium's switches for `options`, with `profile` as its profile folder.
fn switches(options: BrowserOptions, profile: &Path) -> Vec<String> {
    let mut args: Vec<String> = "--headless=new --no-sandbox --disable-gpu \
        --disable-dev-shm-usage --disable-quic --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync"
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let (width, height) = (options.width, options.height);
    args.push(format!("--window-size={width},{height}"));
    let mut blink = Vec::new();
    if !options.javascript {
        blink.push("scriptEnabled=false");
    }
    if options.dark {
        // Blink's PreferredColorScheme: 0 is dark.
        blink.push("preferredColorScheme=0");
    }
    if !blink.is_empty() {
        args.push(format!("--blink-settings={}", blink.join(",")));
    }
    args
}

/// The profile preferences for `options`: JavaScript off when it asks for that.
fn prefs(options: BrowserOptions) -> Value {
    match options.javascript {
        true => json!({}),
        false => json!({ "profile": { "managed_default_content_settings": { "javascript": 2 } } }),
    }
}

/// The session's capabilities: on the kept Chromium at `debugger`, or, for a phone width, on a
/// Chromium chromedriver starts with `profile` and emulates a phone screen in.
fn capabilities(options: BrowserOptions, debugger: Option<u16>, profile: &Path) -> Value {
    let chrome = match debugger {
        Some(port) => json!({ "debuggerAddress": format!("127.0.0.1:{port}") }),
        None => json!({
            "binary": CHROMIUM,
            "args": switches(options, profile),
            "prefs": prefs(options),
            // A desktop window cannot be this narrow: emulate a phone screen of exactly this size.
            "mobileEmulation": { "deviceMetrics": {
                "width": options.width, "height": options.height, "pixelRatio": 1.0
            } },
        }),
    };
    json!({
        "browserName": "chrome",
        "goog:chromeOptions": chrome,
        "goog:loggingPrefs": { "browser": "ALL" },
    })
}

/// Leaves the session's browser with one fresh tab, for the next test: a new one opened, every
/// other closed (with its history, its page and whatever that page still runs).
async fn fresh_tab(client: &Client) -> Result<(), fantoccini::error::CmdError> {
    let old = client.windows().await?;
    let new = client.new_window(true).await?.handle;
    for handle in old {
        client.switch_to_window(handle).await?;
        client.close_window().await?;
    }
    client.switch_to_window(new).await
}

/// Opens headless Chromium with `options`, runs `body` with the WebDriver client, then closes
/// the session whatever happened; a desktop-width Chromium is kept for the next test with these
/// options if `body` finished, and ended if it did not. A panic in `body` fails the test after
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
    let (driver, driver_port) = chromedriver();
    let browser = (options.width >= PHONE_WIDTHS_BELOW).then(|| kept(options));
    let phone = scratch();
    let profile = phone.path().join("profile");
    let debugger = browser.as_ref().map(|k| k.2);
    let caps = capabilities(options, debugger, &profile);
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = match ClientBuilder::new(connector)
        .capabilities(caps.as_object().cloned().unwrap_or_default())
        .connect(&format!("http://127.0.0.1:{driver_port}"))
        .await
    {
        Ok(client) => client,
        Err(e) => {
            let chromium = browser.as_ref().map(|k| k.1.log()).unwrap_or_default();
            panic!(
                "cannot open a Chromium session: {e}\n{}\n{chromium}",
                driver.log()
            )
        }
    };
    if browser.is_some() {
        // What chromedriver does in a headless Chromium it starts: the page has the focus, so
        // focusing an element fires its `focus` event.
        let focus =
            json!({ "cmd": "Emulation.setFocusEmulationEnabled", "params": { "enabled": true } });
        let focused = client
            .issue_cmd(Post("goog/cdp/execute", focus.to_string()))
            .await;
        focused.expect("give the page the focus");
    }
    let outcome = tokio::spawn(body(client.clone())).await;
    let fresh = match (&outcome, &browser) {
        (Ok(()), Some(_)) => tokio::time::timeout(CLOSE_TIMEOUT, fresh_tab(&client)).await,
        _ => Ok(Ok(())),
    };
    let _ = tokio::time::timeout(CLOSE_TIMEOUT, client.close()).await;
    match browser {
        Some((options, browser, port, _)) if outcome.is_ok() && matches!(fresh, Ok(Ok(()))) => {
            let test = std::thread::current().id();
            let mut idle = IDLE
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            idle.push((options, browser, port, test));
        }
        // Ended with its process group. A phone width's Chromium, started by chromedriver, ends
        // as its session closes, or else with chromedriver's process group at the run's end.
        _ => {}
    }
    if let Err(e) = outcome {
        match e.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(e) => panic!("the test body did not finish: {e}"),
        }
    }
}
