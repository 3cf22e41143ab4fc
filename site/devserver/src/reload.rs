//! Live reload: a version counter behind `/__dev/version` and the script pages load from
//! `/__dev/reload.js`, which polls it and reloads the page when it changes.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// The live-reload script that `cargo xtask serve` pages load from `/__dev/reload.js`.
pub const RELOAD_JS: &str = r#"// Served by `cargo xtask serve`: reload the page when the site has been rebuilt.
let seen = null;
async function poll() {
  try {
    const response = await fetch("/__dev/version", { cache: "no-store" });
    const version = await response.text();
    if (seen === null) {
      seen = version;
    } else if (version !== seen) {
      location.reload();
      return;
    }
  } catch (_) {
    // The server is restarting or stopped: keep polling.
  }
  setTimeout(poll, 500);
}
poll();
"#;

/// The version counter behind `/__dev/version`; clones share it.
#[derive(Clone, Debug)]
pub struct Reload {
    /// When this server started, so that a restarted server never repeats an old version.
    epoch: u64,
    counter: Arc<AtomicU64>,
}

impl Default for Reload {
    fn default() -> Self {
        Self::new()
    }
}

impl Reload {
    /// A counter at zero, tagged with the current time.
    pub fn new() -> Reload {
        let epoch = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        Reload {
            epoch,
            counter: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Marks the site as rebuilt: pages that poll `/__dev/version` reload.
    pub fn bump(&self) {
        self.counter.fetch_add(1, Ordering::SeqCst);
    }

    /// The text `/__dev/version` answers with.
    pub fn version(&self) -> String {
        format!("{}-{}", self.epoch, self.counter.load(Ordering::SeqCst))
    }
}
