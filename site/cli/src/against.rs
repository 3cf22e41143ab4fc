//! The long help's paragraph on `--against PATH` and the flags that go with it, shared by
//! `score` and `combine` (the flags themselves are the API's table's, read in
//! [`crate::scoring`]).

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
    own counts. The gate on that rate is an option of its own (listed above, with the
    other gates): it exits 3 when the rate is over it, overall or for any one pass.

"
    };
}
pub(crate) use evidence_help;

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
