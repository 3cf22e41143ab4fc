//! Chromium under chromedriver: start both with a fresh profile, run a test body, and clean up
//! whatever happens — the session is closed, chromedriver is killed and any Chromium left with
//! that profile is ended, also when the body panics.

use std::future::Future;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};

use crate::wait::poll;

/// The Chromium binary and its driver, as Debian installs them (`cargo xtask tools`).
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// See [`CHROMIUM`].
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// How long chromedriver may take to listen on its port.
const DRIVER_TIMEOUT: Duration = Duration::from_secs(15);
/// How long closing the session may take before chromedriver is killed anyway.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(10);

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
    scratch: tempfile::TempDir,
}

impl Driver {
    async fn start() -> Driver {
        for tool in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                Path::new(tool).is_file(),
                "{tool} is missing: run `cargo xtask tools` (it installs Debian's chromium and chromium-driver)"
            );
        }
        let scratch = tempfile::Builder::new()
            .prefix("pickanumber-browser-")
            .tempdir()
            .expect("create the browser's scratch folder");
        std::fs::create_dir_all(scratch.path().join("profile"))
            .expect("create the browser's profile folder");
        let port = free_port();
        let log = std::fs::File::create(scratch.path().join("chromedriver.log"))
            .expect("chromedriver log");
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
        driver.wait_until_listening().await;
        driver
    }

    async fn wait_until_listening(&mut self) {
        let addr = SocketAddr::from(([127, 0, 0, 1], self.port));
        let listening = poll(
            || {
                let up = TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok();
                let exited = self.child.try_wait().ok().flatten().filter(|_| !up);
                let done = up || exited.is_some();
                async move { done.then_some(exited).ok_or(String::new()) }
            },
            DRIVER_TIMEOUT,
        );
        let (port, secs) = (self.port, DRIVER_TIMEOUT.as_secs());
        let how = match listening.await {
            Ok(None) => return,
            Ok(Some(status)) => format!("exited at start ({status})"),
            Err(_) => format!("did not listen on port {port} within {secs} s"),
        };
        panic!("chromedriver {how}:\n{}", self.log());
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.scratch.path().join("chromedriver.log")).unwrap_or_default()
    }

    fn profile(&self) -> PathBuf {
        self.scratch.path().join("profile")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        kill_processes_mentioning(&self.profile());
        // The scratch folder goes when the field is dropped, after this.
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
    let mut args: Vec<String> = "--headless=new --no-sandbox --disable-gpu \
        --disable-dev-shm-usage --disable-quic --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync"
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let (width, height) = (options.width, options.height);
    args.push(format!("--window-size={width},{height}"));
    let mut chrome = json!({ "binary": CHROMIUM });
    if options.width < PHONE_WIDTHS_BELOW {
        // A desktop window cannot be this narrow: emulate a phone screen of exactly this size.
        chrome["mobileEmulation"] = json!({
            "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0 }
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
    caps.as_object().cloned().unwrap_or_default()
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
    let driver = Driver::start().await;
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
    let _ = tokio::time::timeout(CLOSE_TIMEOUT, client.close()).await;
    drop(driver);
    if let Err(e) = outcome {
        match e.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(e) => panic!("the test body did not finish: {e}"),
        }
    }
}
