//! Changed files under some folders ([`notify`]), without hidden, swap and backup files and build
//! output; a burst of events (an editor's save) comes as one batch.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use notify::{Event, RecommendedWatcher, RecursiveMode, Watcher};

/// How long a batch waits for the next event before it is handed over.
const QUIET: Duration = Duration::from_millis(50);

/// A watch on folders (and files); dropping it stops watching.
pub struct Watch {
    events: Receiver<notify::Result<Event>>,
    roots: Vec<PathBuf>,
    _watcher: RecommendedWatcher,
}

impl Watch {
    /// Watches each of `paths` that exists, folders with everything below them; an error when the
    /// system refuses a watch (too many inotify watches: raise `fs.inotify.max_user_watches`).
    pub fn new(paths: &[PathBuf]) -> notify::Result<Watch> {
        let (tx, events) = mpsc::channel();
        let mut watcher = notify::recommended_watcher(tx)?;
        let roots: Vec<PathBuf> = paths.iter().filter(|p| p.exists()).cloned().collect();
        for path in &roots {
            watcher.watch(path, RecursiveMode::Recursive)?;
        }
        Ok(Watch {
            events,
            roots,
            _watcher: watcher,
        })
    }

    /// Waits up to `timeout` for a change, then gathers the changes that follow it closely:
    /// the files created, modified or removed, sorted, each once. Empty when nothing changed.
    pub fn changes(&self, timeout: Duration) -> Vec<PathBuf> {
        let mut changed = BTreeSet::new();
        let mut wait = timeout;
        while let Ok(event) = self.events.recv_timeout(wait) {
            let events = event.into_iter().filter(|e| !e.kind.is_access());
            changed.extend(events.flat_map(|e| e.paths).filter(|p| !self.ignored(p)));
            wait = if changed.is_empty() { timeout } else { QUIET };
        }
        changed.into_iter().collect()
    }

    /// Hidden files, swap and backup files, and anything in build output or dependencies,
    /// below the watched folder (whatever the folders above it are called).
    fn ignored(&self, path: &Path) -> bool {
        let inner = self.roots.iter().find_map(|r| path.strip_prefix(r).ok());
        inner.unwrap_or(path).components().any(|c| {
            let name = c.as_os_str().to_string_lossy();
            let junk = name.starts_with('.') || name.ends_with('~') || name.ends_with(".swp");
            junk || matches!(name.as_ref(), "target" | "dist" | "node_modules")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_additions_and_removals_are_seen_but_not_swap_files() {
        let scratch = crate::tests::tree(&[("src/index.md", "a"), ("src/target/out", "")]);
        let root = scratch.path();
        let watch = Watch::new(&[root.join("src"), root.join("missing")]).unwrap();
        for junk in [".index.md.swp", ".x", "x.swp", "x~", "target/out"] {
            std::fs::write(root.join("src").join(junk), "x").unwrap();
        }
        assert!(watch.changes(Duration::from_millis(300)).is_empty());
        std::fs::write(root.join("src/new.md"), "b").unwrap();
        std::fs::write(root.join("src/index.md"), "c").unwrap();
        let both = [root.join("src/index.md"), root.join("src/new.md")];
        let started = std::time::Instant::now();
        assert_eq!(watch.changes(Duration::from_secs(5)), both);
        // The batch ended when the events stopped, not at the timeout.
        assert!(started.elapsed() < Duration::from_secs(4));
        std::fs::remove_file(root.join("src/index.md")).unwrap();
        assert_eq!(watch.changes(Duration::from_secs(5)), [both[0].clone()]);
    }
}
