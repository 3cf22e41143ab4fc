//! Live reload: the version behind `/__dev/version`, which the script pages load from
//! `/__dev/reload.js` polls, reloading the page when it changes.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// The script served at `/__dev/reload.js`.
pub(crate) const RELOAD_JS: &str = include_str!("reload.js");

/// The version behind `/__dev/version`, shared by its clones. It starts at the current time in
/// milliseconds, so a restarted server never repeats an old version.
#[derive(Clone, Debug)]
pub struct Reload(Arc<AtomicU64>);

impl Default for Reload {
    fn default() -> Self {
        let now = SystemTime::now().duration_since(UNIX_EPOCH);
        Reload(Arc::new(AtomicU64::new(now.map_or(0, |d| d.as_millis() as u64))))
    }
}

impl Reload {
    /// A new version counter.
    pub fn new() -> Reload {
        Reload::default()
    }

    /// Marks the site as rebuilt: pages that poll `/__dev/version` reload.
    pub fn bump(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }

    /// The text `/__dev/version` answers with.
    pub fn version(&self) -> String {
        self.0.load(Ordering::SeqCst).to_string()
    }
}
