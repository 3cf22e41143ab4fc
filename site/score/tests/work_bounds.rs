//! The work reader's bounds and line breaks: a file's lines end where every reader of pasted
//! text ends them, an empty folder is refused rather than checked, and entries that are not
//! read (dangling links among them) count toward the file limit.

use pickanumber_score::verify::{verify_text, Status, Work, MAX_WORK_FILES};

/// A fresh folder in the system's temporary space.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pickanumber-bounds-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A file saved with lone CRs (classic Mac line endings) has its lines: a place on its second
/// line is found there, as the item reader would count it.
#[test]
fn a_work_file_with_lone_cr_breaks_has_its_lines() {
    let work = Work::files([("a.txt", "first line\rsecond line\rthird line")]).unwrap();
    assert_eq!(work.files[0].lines(), 3);
    let checks = verify_text(&work, &["+1 \"second line\" (a.txt:2)"]);
    assert_eq!(checks[0].status, Status::Verified, "{}", checks[0].reason);
    assert_eq!(
        checks[0].reason,
        "found: \"second line\" at a.txt:2; a.txt:2 exists"
    );
}
