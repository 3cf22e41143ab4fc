//! `--against PATH`, `--unverified keep|drop` and `--require-evidence` of `score` and
//! `combine`: the judged work read ([`pickanumber_score::verify::Work::read`]: a file is the
//! text, a folder a bounded tree) and put into the request, so that every item's evidence is
//! checked before anything is counted.

use crate::Fatal;
use clap::ValueEnum;
use pickanumber_api::Options;
use pickanumber_score::verify::{Against, Unverified, Work};
use std::path::Path;
use std::sync::Arc;

/// `--unverified`: what to do with items whose evidence is not in the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum UnverifiedName {
    /// Leave them out of the score.
    Drop,
    /// Count them, flagged.
    Keep,
}

/// The long help's paragraph on checking evidence, shared by `score` and `combine` (a macro,
/// so that `concat!` can put it inside their help texts).
macro_rules! evidence_help {
    () => {
        "EVIDENCE:
    --against PATH checks every item's evidence against the judged work: a file is the text,
    a folder a tree of files (at most 10000 files and 64 MiB; symlinks leading outside it are
    not followed, binary files and .git are skipped with a note; a larger work is a usage
    error, never a partial check). Evidence is a quote in straight or curly double quotes
    (an ellipsis splits it into pieces found in order), path:line, path:line-line or
    path#Lnn (a quote given with one must stand within 3 lines of it); white space,
    typographic quotes and dashes and the case of ASCII letters do not count. Each item is
    verified, not_found (which quote or place, and the closest passage when one is close),
    not_checkable (a URL, a time, a page) or no_evidence. Items not found are left out before
    the formula runs, each named in a warning (--unverified keep counts them, flagged);
    --require-evidence leaves out no_evidence items too. The JSON's \"evidence\" object holds
    the counts, the invented-evidence rate (not found / (verified + not found)) and every
    item's status; in combine each pass has its own counts. --max-unverified RATE exits 3
    when that rate is over RATE.

"
    };
}
pub(crate) use evidence_help;

/// Puts the work at `path` into the options' request, with what to leave out.
///
/// # Errors
/// A [`Fatal`] (exit 2) when the work cannot be read or is over a limit (named).
pub fn apply(
    options: &mut Options,
    path: Option<&Path>,
    unverified: UnverifiedName,
    require_evidence: bool,
) -> Result<(), Fatal> {
    let Some(path) = path else {
        return Ok(());
    };
    let work = Work::read(path).map_err(|e| Fatal(e.to_string()))?;
    options.request.against = Some(Against {
        work: Arc::new(work),
        unverified: match unverified {
            UnverifiedName::Drop => Unverified::Drop,
            UnverifiedName::Keep => Unverified::Keep,
        },
        require_evidence,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use pickanumber_score::verify::{MAX_WORK_BYTES, MAX_WORK_FILES, NEAR_LINES};

    #[test]
    fn the_help_states_the_verifiers_own_limits() {
        let help = evidence_help!();
        let limits = format!(
            "at most {MAX_WORK_FILES} files and {} MiB",
            MAX_WORK_BYTES >> 20
        );
        assert!(help.contains(&limits), "{help}");
        assert!(
            help.contains(&format!("within {NEAR_LINES} lines")),
            "{help}"
        );
    }
}
