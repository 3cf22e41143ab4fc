//! The verifier against works built here: quotes cut from the work, quotes with one word
//! changed, places past a file's end, and trees with what must not be read.

use pickanumber_score::verify::{verify_text, Status, Work, MAX_WORK_FILES};
use proptest::prelude::*;

/// A work of distinct words (so that a phrase stands in one place only), in lines of 7.
fn words_text(words: &[u32]) -> String {
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        out.push_str(&format!("w{w}"));
        out.push(if i % 7 == 6 { '\n' } else { ' ' });
    }
    out
}

fn distinct_words() -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::hash_set(0u32..1_000_000, 20..200).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #[test]
    fn a_quote_cut_from_the_work_is_verified(words in distinct_words(), a in 0usize..1000, len in 1usize..12) {
        let text = words_text(&words);
        let a = a % words.len();
        let b = (a + len).min(words.len());
        let quote: Vec<String> = words[a..b].iter().map(|w| format!("w{w}")).collect();
        let work = Work::files([("src/a.txt", text.as_str())]).unwrap();
        let line = a / 7 + 1;
        let items = [format!("+3 \"{}\"", quote.join(" ")), format!("+3 \"{}\" (a.txt:{line})", quote.join("\n "))];
        let checks = verify_text(&work, &[items[0].as_str(), items[1].as_str()]);
        prop_assert_eq!(checks[0].status, Status::Verified, "{}", checks[0].reason);
        prop_assert_eq!(checks[1].status, Status::Verified, "{}", checks[1].reason);
    }

    #[test]
    fn a_quote_with_one_word_changed_is_not_found_with_the_original_closest(
        words in distinct_words(), a in 0usize..1000, len in 4usize..12, which in 0usize..12,
    ) {
        let text = words_text(&words);
        prop_assume!(words.len() >= len);
        let a = a % (words.len() - len + 1);
        let original: Vec<String> = words[a..a + len].iter().map(|w| format!("w{w}")).collect();
        let mut changed = original.clone();
        changed[which % len] = "invented".into();
        let work = Work::files([("a.txt", text.as_str())]).unwrap();
        let item = format!("+5 \"{}\"", changed.join(" "));
        let check = &verify_text(&work, &[item.as_str()])[0];
        prop_assert_eq!(check.status, Status::NotFound);
        prop_assert_eq!(check.closest.clone(), Some(original.join(" ")));
    }

    #[test]
    fn a_line_beyond_the_end_of_a_file_is_not_found(lines in 1usize..50, past in 1usize..5) {
        let text = "x\n".repeat(lines);
        let work = Work::files([("src/lib.rs", text.as_str())]).unwrap();
        let item = format!("+2 lib.rs:{}", lines + past);
        let check = &verify_text(&work, &[item.as_str()])[0];
        prop_assert_eq!(check.status, Status::NotFound);
        prop_assert_eq!(check.reason.clone(), format!("lib.rs:{} is beyond the end of src/lib.rs ({lines} lines)", lines + past));
    }
}

#[test]
fn the_invented_citation_of_the_issue_is_not_found_and_a_paraphrase_shows_its_source() {
    let api: String = (1..=40).map(|i| format!("line {i}\n")).collect();
    let api = api.replacen("line 12\n", "    // every input is checked before use\n", 1);
    let work = Work::files([("src/api.rs", api.as_str())]).unwrap();
    let checks = verify_text(
        &work,
        &[
            "+5 \"all inputs are validated\" (api.rs:88)",
            "+5 \"all inputs are validated\"",
            "+3 \u{201c}Every input is checked before use.\u{201d} (src/api.rs#L10-L11)",
            "+3 \"every input is checked before use\" (api.rs:30)",
            "+3 \"every input is verified before use\"",
            "+1 \"every input … before use\"",
            "+1 \"before use … every input\"",
        ],
    );
    let got: Vec<(Status, &str)> = checks
        .iter()
        .map(|c| (c.status, c.reason.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (Status::NotFound, "api.rs:88 is beyond the end of src/api.rs (40 lines)"),
            (Status::NotFound, "\"all inputs are validated\" is not in the work"),
            (Status::Verified, "found: \"Every input is checked before use.\" at src/api.rs:12; src/api.rs#L10-L11 exists"),
            (Status::NotFound, "\"every input is checked before use\" is not within 3 lines of api.rs:30 (it is at src/api.rs:12)"),
            (Status::NotFound, "\"every input is verified before use\" is not in the work; closest: \"every input is checked before use\""),
            (Status::Verified, "found: \"every input … before use\" at src/api.rs:12"),
            (Status::NotFound, "\"before use … every input\" is not in the work"),
        ]
    );
}

#[test]
fn places_against_one_text_are_not_checkable_and_quotes_are_checked() {
    let work = Work::text("The model retries three times.\nThen it stops.");
    let checks = verify_text(
        &work,
        &[
            "+2 \"retries three times\"",
            "+2 api.rs:1",
            "-1 12:30 in the video",
        ],
    );
    let got: Vec<(Status, &str)> = checks
        .iter()
        .map(|c| (c.status, c.reason.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (Status::Verified, "found: \"retries three times\" at line 1"),
            (Status::NotCheckable, "cites only what the work cannot show: api.rs:1 (the work is one text without file names: give the work as a file or a folder)"),
            (Status::NotCheckable, "cites only what the work cannot show: 12:30"),
        ]
    );
}

#[test]
fn an_ambiguous_or_unknown_path_is_not_found() {
    let work = Work::files([("a/mod.rs", "x"), ("b/mod.rs", "x")]).unwrap();
    let checks = verify_text(&work, &["+1 mod.rs:1", "+1 c/mod.rs:1"]);
    assert_eq!(
        checks[0].reason,
        "mod.rs names more than one file (a/mod.rs, b/mod.rs): give more of the path"
    );
    assert_eq!(checks[1].reason, "no file of the work is named c/mod.rs");
}

/// A fresh folder in the system's temporary space.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("pickanumber-verify-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(unix)]
#[test]
fn nothing_outside_the_tree_is_read() {
    let base = scratch("outside");
    let tree = base.join("tree");
    std::fs::create_dir_all(tree.join("src")).unwrap();
    std::fs::write(base.join("secret.txt"), "the secret sentence\n").unwrap();
    std::fs::create_dir_all(base.join("elsewhere")).unwrap();
    std::fs::write(base.join("elsewhere/far.txt"), "far away\n").unwrap();
    std::fs::write(tree.join("src/lib.rs"), "pub fn f() {}\n").unwrap();
    std::fs::write(tree.join("logo.png"), [0x89u8, b'P', b'N', b'G', 0, 1, 2]).unwrap();
    std::os::unix::fs::symlink(base.join("secret.txt"), tree.join("leak.txt")).unwrap();
    std::os::unix::fs::symlink(base.join("elsewhere"), tree.join("far")).unwrap();
    std::os::unix::fs::symlink(tree.join("src/lib.rs"), tree.join("inside.rs")).unwrap();
    std::fs::create_dir_all(tree.join(".git")).unwrap();
    std::fs::write(tree.join(".git/HEAD"), "ref: the secret sentence\n").unwrap();
    let work = Work::read(&tree).unwrap();
    let paths: Vec<&str> = work.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["inside.rs", "src/lib.rs"]);
    assert_eq!(
        work.skipped,
        [
            ".git: a repository's own store (not read)",
            "far: a symlink that leads outside the work (not followed)",
            "leak.txt: a symlink that leads outside the work (not followed)",
            "logo.png: a binary file (not read)",
        ]
    );
    let checks = verify_text(
        &work,
        &[
            "+1 \"the secret sentence\"",
            "+1 \"far away\"",
            "+1 \"pub fn f\" (lib.rs:1)",
        ],
    );
    let statuses: Vec<Status> = checks.iter().map(|c| c.status).collect();
    assert_eq!(
        statuses,
        [Status::NotFound, Status::NotFound, Status::Verified]
    );
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_tree_over_the_file_limit_is_an_error_naming_the_limit() {
    let base = scratch("many");
    for i in 0..=MAX_WORK_FILES {
        std::fs::write(base.join(format!("f{i}.txt")), "").unwrap();
    }
    let e = Work::read(&base).unwrap_err();
    assert_eq!(
        e.0,
        format!("the work {} has more than 10000 files, the most a work may hold: give a smaller folder", base.display())
    );
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_file_is_one_text_named_by_its_file_name() {
    let base = scratch("file");
    std::fs::write(base.join("notes.md"), "# Notes\n\nthe build is green\n").unwrap();
    let work = Work::read(&base.join("notes.md")).unwrap();
    let checks = verify_text(
        &work,
        &["+1 \"build is green\" (notes.md:3)", "+1 notes.md:4"],
    );
    assert_eq!(
        checks[0].reason,
        "found: \"build is green\" at notes.md:3; notes.md:3 exists"
    );
    assert_eq!(
        checks[1].reason,
        "notes.md:4 is beyond the end of notes.md (3 lines)"
    );
    let _ = std::fs::remove_dir_all(&base);
}

mod in_the_analysis {
    use pickanumber_score::verify::{Against, Status, Unverified, Work};
    use pickanumber_score::{analyse, combine, Request, Severity};

    const WORK: &str = "fn parse(input: &str) -> Result<Item, Error> {\n    if input.is_empty() { return Err(Error::Empty); }\n    Ok(Item::new(input))\n}\n";

    fn request(unverified: Unverified, require_evidence: bool) -> Request {
        Request {
            against: Some(Against {
                unverified,
                require_evidence,
                ..Against::new(Work::files([("src/parse.rs", WORK)]).unwrap())
            }),
            skip_interval: true,
            ..Request::default()
        }
    }

    const ITEMS: &str = "\
+3 empty input is refused: \"if input.is_empty() { return Err(Error::Empty); }\" (parse.rs:2)
+5 all inputs are validated against a schema: \"validate(schema, input)\" (parse.rs:88)
+2 the code reads well
-1 \"Ok(Item::new(input))\" has no context on errors
";

    #[test]
    fn an_invented_item_is_left_out_before_the_formula_runs() {
        let plain = analyse(
            ITEMS,
            &Request {
                skip_interval: true,
                ..Request::default()
            },
        );
        let checked = analyse(ITEMS, &request(Unverified::Drop, false));
        assert_eq!(plain.pool().total_items, 4);
        assert_eq!(plain.pool().net_impact, 9);
        assert_eq!(checked.pool().total_items, 3);
        assert_eq!(checked.pool().net_impact, 4);
        assert!(checked.pool().confidence < plain.pool().confidence);
        assert_eq!(
            checked.messages(Severity::Warning),
            ["line 2: evidence not in the work, item not counted: parse.rs:88 is beyond the end of src/parse.rs (4 lines)"]
        );
        let v = checked.evidence.as_ref().unwrap();
        let statuses: Vec<(usize, Status, bool)> = v
            .items
            .iter()
            .map(|i| (i.line, i.check.status, i.counted))
            .collect();
        assert_eq!(
            statuses,
            [
                (1, Status::Verified, true),
                (2, Status::NotFound, false),
                (3, Status::NoEvidence, true),
                (4, Status::Verified, true)
            ]
        );
        assert_eq!(v.counts.invented_rate(), Some(1.0 / 3.0));
        assert!(!checked.has_errors());
    }

    #[test]
    fn keep_counts_the_invented_item_flagged_and_require_evidence_drops_the_uncited() {
        let kept = analyse(ITEMS, &request(Unverified::Keep, false));
        assert_eq!(kept.pool().total_items, 4);
        assert_eq!(
            kept.messages(Severity::Warning),
            ["line 2: evidence not in the work, item counted as asked: parse.rs:88 is beyond the end of src/parse.rs (4 lines)"]
        );
        let strict = analyse(ITEMS, &request(Unverified::Drop, true));
        assert_eq!(strict.pool().total_items, 2);
        assert_eq!(strict.evidence.as_ref().unwrap().left_out(), 2);
    }

    #[test]
    fn a_judge_that_invented_everything_gets_no_score() {
        let a = analyse(
            "+5 \"validate(schema, input)\"\n+5 \"retry(3)\"",
            &request(Unverified::Drop, false),
        );
        assert!(a.headline().is_none(), "a score made of no counted item");
        assert!(!a.scored);
        assert_eq!(
            a.diagnostics[0].message,
            "no items read: every item read (2) was left out, since its evidence is not in the work; there is no score"
        );
        // Kept (flagged), the same items score as the formula says.
        let kept = analyse(
            "+5 \"validate(schema, input)\"\n+5 \"retry(3)\"",
            &request(Unverified::Keep, false),
        );
        assert!(kept.headline().is_some());
    }

    #[test]
    fn each_pass_has_its_own_counts_in_a_combination() {
        let a = combine(
            &[
                ("honest".into(), "+3 \"Ok(Item::new(input))\"".into()),
                (
                    "inventive".into(),
                    "+5 \"validate(schema, input)\"\n+3 \"Ok(Item::new(input))\"".into(),
                ),
            ],
            &request(Unverified::Drop, false),
        );
        let p = a.passes.as_ref().unwrap();
        let rates: Vec<Option<f64>> = p
            .passes
            .iter()
            .map(|p| p.analysis.evidence.as_ref().unwrap().counts.invented_rate())
            .collect();
        assert_eq!(rates, [Some(0.0), Some(0.5)]);
        assert_eq!(a.evidence.as_ref().unwrap().counts.not_found, 1);
        assert_eq!(a.pool().total_items, 1); // the verified item both found, counted once
        assert_eq!(
            a.messages(Severity::Warning),
            ["line 1: pass inventive: evidence not in the work, item not counted: \"validate(schema, input)\" is not in the work"]
        );
    }
}

/// What one entry of a generated tree is.
#[cfg(unix)]
#[derive(Clone, Copy, Debug)]
enum Entry {
    /// A text file of the tree.
    File,
    /// A symlink to a file outside the tree.
    ToOutsideFile,
    /// A symlink to a folder outside the tree.
    ToOutsideFolder,
    /// A symlink to the folder that holds the tree.
    ToParent,
    /// A symlink to nothing.
    Dangling,
    /// A symlink to the tree's first file.
    ToInsideFile,
    /// A symlink to the tree's own root.
    ToRoot,
}

#[cfg(unix)]
fn entry() -> impl Strategy<Value = Entry> {
    prop_oneof![
        Just(Entry::File),
        Just(Entry::ToOutsideFile),
        Just(Entry::ToOutsideFolder),
        Just(Entry::ToParent),
        Just(Entry::Dangling),
        Just(Entry::ToInsideFile),
        Just(Entry::ToRoot),
    ]
}

#[cfg(unix)]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever a tree's symlinks point at (files and folders outside it, the folder above it,
    /// nothing, the tree itself), the work read from it holds only files inside it: a sentence
    /// written only outside is never found, and every sentence of the tree's own files is.
    #[test]
    fn nothing_outside_a_generated_tree_is_ever_read(
        entries in proptest::collection::vec((entry(), 0usize..3), 1..12),
        case in any::<u64>(),
    ) {
        use std::os::unix::fs::symlink;
        let base = scratch(&format!("gen-{case}"));
        let outside = base.join("outside");
        std::fs::create_dir_all(outside.join("folder")).unwrap();
        std::fs::write(outside.join("secret.txt"), "outside sentence one\n").unwrap();
        std::fs::write(outside.join("folder/deep.txt"), "outside sentence two\n").unwrap();
        std::fs::write(base.join("beside.txt"), "outside sentence three\n").unwrap();
        let tree = base.join("tree");
        std::fs::create_dir_all(&tree).unwrap();
        std::fs::write(tree.join("first.txt"), "inside sentence first\n").unwrap();
        let mut inside = vec!["inside sentence first".to_string()];
        for (i, (kind, depth)) in entries.iter().enumerate() {
            let dir = (0..*depth).fold(tree.clone(), |d, k| d.join(format!("d{k}")));
            std::fs::create_dir_all(&dir).unwrap();
            let at = dir.join(format!("e{i}.txt"));
            match kind {
                Entry::File => {
                    let sentence = format!("inside sentence {i}");
                    std::fs::write(&at, format!("{sentence}\n")).unwrap();
                    inside.push(sentence);
                }
                Entry::ToOutsideFile => symlink(outside.join("secret.txt"), &at).unwrap(),
                Entry::ToOutsideFolder => symlink(outside.join("folder"), &at).unwrap(),
                Entry::ToParent => symlink(&base, &at).unwrap(),
                Entry::Dangling => symlink(base.join("nothing-here"), &at).unwrap(),
                Entry::ToInsideFile => symlink(tree.join("first.txt"), &at).unwrap(),
                Entry::ToRoot => symlink(&tree, &at).unwrap(),
            }
        }
        let work = Work::read(&tree).unwrap();
        let root = tree.canonicalize().unwrap();
        for f in &work.files {
            let real = tree.join(&f.path).canonicalize().unwrap();
            prop_assert!(real.starts_with(&root), "{} is outside the tree", f.path);
        }
        let mut lines: Vec<String> = (1..=3)
            .map(|k| format!("+1 \"outside sentence {}\"", ["one", "two", "three"][k - 1]))
            .collect();
        lines.extend(inside.iter().map(|s| format!("+1 \"{s}\"")));
        let texts: Vec<&str> = lines.iter().map(String::as_str).collect();
        let statuses: Vec<Status> = verify_text(&work, &texts).iter().map(|c| c.status).collect();
        prop_assert_eq!(&statuses[..3], &[Status::NotFound; 3][..]);
        prop_assert!(statuses[3..].iter().all(|s| *s == Status::Verified), "{:?}", statuses);
        let _ = std::fs::remove_dir_all(&base);
    }
}
