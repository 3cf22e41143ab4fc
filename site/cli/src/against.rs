//! `--against PATH`, `--unverified keep|drop`, `--require-evidence` and `--require-quotes` of `score` and
//! `combine`: the judged work read ([`pickanumber_score::verify::Work::read`]: a file is the
//! text, a folder a bounded tree) and put into the request, so that every item's evidence is
//! checked before anything is counted.

use crate::Fatal;
use clap::ValueEnum;
use pickanumber_result::Options;
use pickanumber_score::verify::{Against, Unverified, Work};
use std::path::PathBuf;
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
    (an ellipsis splits it into pieces found in order; quotation marks inside it are part
    of it, and it is found whole), path:line, path:line-line or path#Lnn (a quote given
    with one must stand within 3 lines of it); white space, typographic quotes and dashes,
    a backslash before a quotation mark and the case of ASCII letters do not count. Each
    item is verified (every quotation found), located (places only, and the lines exist:
    what the item says of them was not checked), not_found (which quote or place, and the
    closest passage when one is close; also a citation that does not read, and a quotation
    with no letter or digit), not_checkable (a URL, a time, a page, a quotation of fewer
    than 3 letters or digits) or no_evidence. Items not found are left out before the
    formula runs, each named in a warning (--unverified keep counts them, flagged);
    --require-evidence leaves out no_evidence items too, --require-quotes every item but
    the verified ones. The JSON's \"evidence\" object holds the counts, the
    invented-evidence rate (not found / (verified + located + not found)) and every
    written item's status (a ×N line once, with its count); in combine each pass has its
    own counts. --max-unverified RATE exits 3 when that rate is over RATE, overall or for
    any one pass.

"
    };
}
pub(crate) use evidence_help;

/// `--against` and the flags that go with it, the same in `score` and `combine` (flattened
/// into both; `score` declares their conflicts with `--compat`, `--save` and `--load` on those).
#[derive(Debug, clap::Args)]
pub struct EvidenceArgs {
    /// Check every item's evidence against the judged work: a file (the text) or a folder
    /// (a tree of files).
    #[arg(long, value_name = "PATH")]
    pub against: Option<PathBuf>,

    /// With --against: drop leaves out items whose evidence is not in the work; keep counts
    /// them, flagged.
    #[arg(long, value_enum, value_name = "WHAT", default_value_t = UnverifiedName::Drop, requires = "against")]
    pub unverified: UnverifiedName,

    /// With --against: leave out items that cite no evidence too.
    #[arg(long, requires = "against")]
    pub require_evidence: bool,

    /// With --against: count only verified items, leaving out located ones (a place and no
    /// quotation), not_checkable and no_evidence ones too.
    #[arg(long, requires = "against")]
    pub require_quotes: bool,

    /// With --against: exit 3 when the share of checkable items whose evidence is not in the
    /// work is over RATE (0 to 1).
    #[arg(long, value_name = "RATE", value_parser = pickanumber_result::gate::parse_rate, requires = "against")]
    pub max_unverified: Option<f64>,
}

impl EvidenceArgs {
    /// Puts the work of `--against` into the options' request, with what to leave out
    /// (`--max-unverified` is the gate's, read with the other gates).
    ///
    /// # Errors
    /// A [`Fatal`] (exit 2) when the work cannot be read or is over a limit (named).
    pub fn apply(&self, options: &mut Options) -> Result<(), Fatal> {
        let Some(path) = self.against.as_deref() else {
            return Ok(());
        };
        let work = Work::read(path).map_err(|e| Fatal(e.to_string()))?;
        options.request.against = Some(Against {
            work: Arc::new(work),
            unverified: match self.unverified {
                UnverifiedName::Drop => Unverified::Drop,
                UnverifiedName::Keep => Unverified::Keep,
            },
            require_evidence: self.require_evidence,
            require_quotes: self.require_quotes,
        });
        Ok(())
    }
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
