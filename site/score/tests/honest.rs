//! Evidence checked honestly: a quotation is found whole or not at all, a place is not a
//! quotation, a quotation must have something to find, and a work given as one file accepts
//! the repository paths a judge cites. The cases are those a hostile run found on a real
//! crate's source; the property test holds the rule on random code-like works.

use pickanumber_score::verify::{verify_text, Status, Work};
use proptest::prelude::*;

/// A few lines of a real crate's error module (semver's `src/error.rs`, MIT/Apache-2.0), the
/// message at line 5 as at line 35 of the original.
const ERROR_RS: &str = r#"impl Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match &self.kind {
            ErrorKind::Empty => {
                formatter.write_str("empty string, expected a semver version")
            }
            ErrorKind::UnexpectedEnd(pos) => {
                write!(formatter, "unexpected end of input while parsing {}", pos)
            }
            ErrorKind::LeadingZero(pos) => write!(formatter, "invalid leading zero in {}", pos),
            ErrorKind::Quoted(c) => formatter.write_str("say \"hi\" to the parser"),
        }
    }
}
"#;

fn statuses(work: &Work, items: &[&str]) -> Vec<(Status, String)> {
    verify_text(work, items)
        .into_iter()
        .map(|c| (c.status, c.reason))
        .collect()
}

#[test]
fn the_inner_quotation_is_searched_whole() {
    let work = Work::files([("src/error.rs", ERROR_RS)]).unwrap();
    let got = statuses(
        &work,
        &[
            r#"-2 the empty message is rude "formatter.write_str("the input was empty, sorry")""#,
            r#"+2 the empty input is named "formatter.write_str("empty string, expected a semver version")" (src/error.rs:5)"#,
            r#"+2 the same, escaped as JSON writes it "formatter.write_str(\"empty string, expected a semver version\")""#,
            r#"+1 a source line with escapes "formatter.write_str(\"say \"hi\" to the parser\")""#,
            r#"+1 the same written plainly "formatter.write_str("say "hi" to the parser")""#,
        ],
    );
    assert_eq!(
        got[0],
        (
            Status::NotFound,
            "\"formatter.write_str(\"the input was empty, sorry\")\" is not in the work"
                .to_string()
        )
    );
    assert_eq!(got[1], (Status::Verified, "found: \"formatter.write_str(\"empty string, expected a semver version\")\" at src/error.rs:5; src/error.rs:5 exists".to_string()));
    assert_eq!(got[2].0, Status::Verified, "{}", got[2].1);
    assert_eq!(got[3].0, Status::Verified, "{}", got[3].1);
    assert_eq!(got[4].0, Status::Verified, "{}", got[4].1);
}

#[test]
fn a_place_alone_is_located_not_verified() {
    let work = Work::files([("src/error.rs", ERROR_RS)]).unwrap();
    let got = statuses(
        &work,
        &[
            "+2 the match covers every variant (src/error.rs:3)",
            "+2 the match covers every variant (src/error.rs:99)",
        ],
    );
    assert_eq!(
        got[0],
        (
            Status::Located,
            "src/error.rs:3 exists; no quotation, so what the item says of it was not checked"
                .to_string()
        )
    );
    assert_eq!(
        got[1],
        (
            Status::NotFound,
            "src/error.rs:99 is beyond the end of src/error.rs (14 lines)".to_string()
        )
    );
}

#[test]
fn a_quotation_with_nothing_to_find_is_never_verified() {
    let work = Work::files([
        ("README.md", "A parser for versions, written in Rust.\n"),
        ("Makefile", "all:\n\tcargo build\n"),
    ])
    .unwrap();
    let got = statuses(
        &work,
        &[
            "+3 \"...\"",
            "+3 \"\u{2026}\"",
            "+3 \".\"",
            "+3 \"a\"",
            "+3 \"a\" (README.md:1)",
            "+1 the build (Makefile:1)",
            "+1 the build (Makefile:999)",
            "+1 beyond any line (README.md:9999999999)",
            "+1 before the first (README.md:-1)",
            "+1 the server listens on localhost:8000",
        ],
    );
    let nothing = "holds no letter or digit: a quotation with nothing to find is not evidence";
    assert_eq!(got[0], (Status::NotFound, format!("\"...\" {nothing}")));
    assert_eq!(
        got[1],
        (Status::NotFound, format!("\"\u{2026}\" {nothing}"))
    );
    assert_eq!(got[2], (Status::NotFound, format!("\".\" {nothing}")));
    assert_eq!(got[3], (Status::NotCheckable, "cites only what the work cannot show: \"a\" (a quotation needs at least 3 letters or digits to identify a place)".to_string()));
    assert_eq!(got[4], (Status::Located, "README.md:1 exists; no quotation, so what the item says of it was not checked; too short to identify a place (fewer than 3 letters or digits), not checked: \"a\"".to_string()));
    assert_eq!(got[5].0, Status::Located);
    assert_eq!(
        got[6],
        (
            Status::NotFound,
            "Makefile:999 is beyond the end of Makefile (2 lines)".to_string()
        )
    );
    assert_eq!(got[7], (Status::NotFound, "README.md:9999999999 does not read: its line is not a line number (lines count from 1, with at most nine digits)".to_string()));
    assert_eq!(got[8].0, Status::NotFound);
    assert_eq!(
        got[9],
        (
            Status::NoEvidence,
            "cites no quotation, place, URL, time or page".to_string()
        )
    );
}

#[test]
fn against_a_text_the_quotation_is_checked_and_the_place_cannot_hide_it() {
    let work = Work::text(ERROR_RS);
    let got = statuses(
        &work,
        &[
            "+2 \"the input was empty, sorry\" (src/error.rs:5)",
            "+2 \"empty string, expected a semver version\" (src/error.rs:5)",
            "+2 (src/error.rs:5)",
        ],
    );
    assert_eq!(
        got[0],
        (
            Status::NotFound,
            "\"the input was empty, sorry\" is not in the work".to_string()
        )
    );
    assert_eq!(got[1], (Status::Verified, "found: \"empty string, expected a semver version\" at line 5; src/error.rs:5 not checked: the work is one text without file names".to_string()));
    assert_eq!(got[2].0, Status::NotCheckable);
}

#[test]
fn a_work_of_one_file_is_named_by_the_paths_a_judge_cites() {
    let dir = std::env::temp_dir().join(format!("pickanumber-honest-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("semver/src")).unwrap();
    let file = dir.join("semver/src/error.rs");
    std::fs::write(&file, ERROR_RS).unwrap();
    let work = Work::read(&file).unwrap();
    let got = statuses(
        &work,
        &[
            "+2 \"empty string, expected a semver version\" (src/error.rs:5)",
            "+2 \"empty string\" (semver/src/error.rs:5)",
            "+2 \"empty string\" (error.rs:5)",
            "+2 \"empty string\" (src/lib.rs:5)",
        ],
    );
    let s: Vec<Status> = got.iter().map(|g| g.0).collect();
    assert_eq!(
        s,
        [
            Status::Verified,
            Status::Verified,
            Status::Verified,
            Status::NotFound
        ],
        "{got:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_empty_folder_is_no_work() {
    let dir = std::env::temp_dir().join(format!("pickanumber-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let e = Work::read(&dir).unwrap_err();
    assert_eq!(
        e.0,
        format!(
            "the work {} is a folder with no file: there is nothing to check the evidence against; give the folder of the judged files",
            dir.display()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lone_carriage_return_ends_a_line_of_the_work() {
    let work = Work::files([("a.txt", "first\rsecond\rthird")]).unwrap();
    let got = statuses(&work, &["+1 \"third\" (a.txt:3)", "+1 a.txt:3"]);
    assert_eq!(got[0].0, Status::Verified, "{}", got[0].1);
    assert_eq!(got[1].0, Status::Located, "{}", got[1].1);
}

// The property: random works of code-like lines.

/// Words no invented text uses: every word of a work has a `w` and digits.
fn word() -> impl Strategy<Value = String> {
    (0u32..40).prop_map(|n| format!("w{n}"))
}

/// One line of code: string literals, escaped quotes, curly quotes, doubled quotes, an
/// unbalanced quotation mark.
fn code_line() -> impl Strategy<Value = String> {
    (0usize..8, word(), word(), word()).prop_map(|(kind, a, b, c)| match kind {
        0 => format!("    let {a} = \"{b} {c}\";"),
        1 => format!("    println!(\"{{}} \\\"{b}\\\"\", {a});"),
        2 => format!("    // \u{201c}{a}\u{201d} and \u{2018}{b}\u{2019} {c}"),
        3 => format!("    x = \"\" + \"{a}\" + {b}"),
        4 => format!("    s = \"{a} {b}"),
        5 => format!("    call({a}, \"{b}\", {c})"),
        6 => format!("fn {a}_{b}() -> {c} {{"),
        _ => format!("    {a}.{b}({c});"),
    })
}

/// A work of lines, some repeated.
fn work_lines() -> impl Strategy<Value = Vec<String>> {
    proptest::collection::vec(code_line(), 3..40).prop_flat_map(|lines| {
        let n = lines.len();
        proptest::collection::vec(0..n, 0..6).prop_map(move |repeats| {
            let mut out = lines.clone();
            for r in repeats {
                out.push(lines[r].clone());
            }
            out
        })
    })
}

/// A line quoted as an item line writes it: every quotation mark not already escaped gets a
/// backslash, as a JSON string does.
fn escaped(line: &str) -> String {
    let mut out = String::new();
    let mut prev = ' ';
    for c in line.trim().chars() {
        if c == '"' && prev != '\\' {
            out.push('\\');
        }
        out.push(c);
        prev = c;
    }
    out
}

fn config() -> ProptestConfig {
    // 100,000 cases in a release build (`cargo test --release -p pickanumber-score --test
    // honest`), 1,000 in the default run.
    let cases = if cfg!(debug_assertions) {
        1_000
    } else {
        100_000
    };
    ProptestConfig::with_cases(cases)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn invented_quotations_are_never_verified_and_real_ones_always_are(
        lines in work_lines(),
        pick in any::<prop::sample::Index>(),
        cut in any::<prop::sample::Index>(),
        invented in "[bghjkmoquvyz]{3}[bghjkmoquvyz ]{0,17}",
    ) {
        let text = lines.join("\n");
        let work = Work::files([("src/gen.rs", text.as_str())]).unwrap();
        let k = pick.index(lines.len());
        let line = lines[k].trim();
        // The first line where this text stands (a repeated line stands in several).
        let at = lines.iter().position(|l| l.trim() == line).unwrap() + 1;
        // A real line, its quotation marks escaped; and the same at its place.
        let real = format!("+2 \"{}\"", escaped(line));
        let placed = format!("+2 \"{}\" (src/gen.rs:{at})", escaped(line));
        // The real line with an inner part changed to a word the work never has.
        let chars: Vec<char> = line.chars().collect();
        let i = 1 + cut.index(chars.len().saturating_sub(2).max(1));
        let changed: String = chars[..i.min(chars.len())].iter().collect::<String>()
            + "zzinventedzz"
            + &chars[i.min(chars.len())..].iter().collect::<String>();
        let changed = format!("+2 \"{}\"", escaped(&changed));
        // Random text, in letters no line of the work has (the lines use p r i n t l e c a f d x s w).
        let random = format!("+2 \"{}\"", invented.trim());
        let checks = verify_text(&work, &[real.as_str(), placed.as_str(), changed.as_str(), random.as_str()]);
        prop_assert_eq!(checks[0].status, Status::Verified, "{} → {}", real, checks[0].reason);
        prop_assert_eq!(checks[1].status, Status::Verified, "{} → {}", placed, checks[1].reason);
        prop_assert_ne!(checks[2].status, Status::Verified, "{} → {}", changed, checks[2].reason);
        prop_assert_ne!(checks[3].status, Status::Verified, "{} → {}", random, checks[3].reason);
    }
}

/// A folder of the work swapped for a link to a folder outside while the tree is read: in 150
/// reads racing the swap, no text from outside is ever read.
#[cfg(unix)]
#[test]
fn a_folder_swapped_for_a_link_during_the_walk_is_never_read_through() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let base = std::env::temp_dir().join(format!("pickanumber-race-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let (tree, outside) = (base.join("tree"), base.join("outside"));
    std::fs::create_dir_all(tree.join("d")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    for i in 0..20 {
        std::fs::write(tree.join(format!("d/f{i}.txt")), "inside sentence\n").unwrap();
        std::fs::write(outside.join(format!("f{i}.txt")), "outside secret\n").unwrap();
    }
    std::fs::write(tree.join("a.txt"), "inside sentence\n").unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let swapper = {
        let (stop, tree, outside) = (stop.clone(), tree.clone(), outside.clone());
        std::thread::spawn(move || {
            let mut swaps = 0;
            while !stop.load(Ordering::Relaxed) {
                std::fs::rename(tree.join("d"), tree.join("d-real")).unwrap();
                std::os::unix::fs::symlink(&outside, tree.join("d")).unwrap();
                std::thread::yield_now();
                std::fs::remove_file(tree.join("d")).unwrap();
                std::fs::rename(tree.join("d-real"), tree.join("d")).unwrap();
                swaps += 1;
            }
            swaps
        })
    };
    let mut leaks = 0;
    for _ in 0..150 {
        if let Ok(work) = Work::read(&tree) {
            let got = verify_text(&work, &["+1 \"outside secret\""]);
            leaks += usize::from(got[0].status == Status::Verified);
            leaks += usize::from(work.files.iter().any(|f| f.text().contains("outside")));
        }
    }
    stop.store(true, Ordering::Relaxed);
    let swaps = swapper.join().unwrap();
    let _ = std::fs::remove_dir_all(&base);
    assert!(swaps > 0);
    assert_eq!(leaks, 0, "text from outside the tree was read");
}
