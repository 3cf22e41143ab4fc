//! The work reader's bounds and line breaks: a file's lines end where every reader of pasted
//! text ends them, an empty folder is refused rather than checked, and entries that are not
//! read (dangling links among them) count toward the file limit.

use pickanumber_score::verify::{verify_text, Status, Work, MAX_WORK_FILES};

/// A fresh folder in the system's temporary space.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("pickanumber-bounds-{}-{name}", std::process::id()));
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

/// An empty folder, or one whose every entry is skipped, is refused: checked against it,
/// every quotation would be "not found" as if the work had been read.
#[test]
fn a_folder_without_a_text_file_is_refused() {
    let empty = scratch("empty");
    let e = Work::read(&empty).unwrap_err();
    assert_eq!(
        e.0,
        format!("the work {} is a folder with no file: there is nothing to check the evidence against; give the folder of the judged files", empty.display())
    );
    std::fs::write(empty.join("logo.png"), [0x89u8, b'P', 0, 1]).unwrap();
    let e = Work::read(&empty).unwrap_err();
    assert_eq!(
        e.0,
        format!("the work {} holds no text file to check the evidence against (1 entry skipped, such as logo.png: a binary file (not read)); give the folder of the judged files", empty.display())
    );
    let _ = std::fs::remove_dir_all(&empty);
}

/// Dangling links are skipped, and count toward the file limit as files do.
#[cfg(unix)]
#[test]
fn dangling_links_count_toward_the_file_limit() {
    let base = scratch("dangling");
    std::fs::write(base.join("a.txt"), "text\n").unwrap();
    for i in 0..=MAX_WORK_FILES {
        std::os::unix::fs::symlink(base.join(format!("gone{i}")), base.join(format!("l{i}")))
            .unwrap();
    }
    let e = Work::read(&base).unwrap_err();
    assert_eq!(
        e.0,
        format!("the work {} has more than 10000 files, the most a work may hold: give a smaller folder", base.display())
    );
    let _ = std::fs::remove_dir_all(&base);
}
