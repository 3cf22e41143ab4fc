//! The card every result carries: its hashes change with what decides the number and with
//! nothing else, `compare` names each field where two cards differ (`--same-card` exits 3),
//! and the gate pins a field (`--require-card`).

mod common;

use common::{json, run, stderr};
use pickanumber_result::card::sha256_hex;
use std::path::Path;

const RUBRIC: &str = "subject = \"a pull request\"\nmode = \"matrix\"\n\n[[criteria]]\nname = \"craft\"\nweight = 0.6\nplus5 = \"every endpoint has a test\"\nminus5 = \"a data-loss path with no test\"\n\n[[criteria]]\nname = \"depth\"\nweight = 0.4\nplus5 = \"the hard case is handled\"\nminus5 = \"only the happy path works\"\n";

const ITEMS: &str = "(+3, craft) tests pass\n(-1, depth) thin\n";

/// Writes `text` to `dir/name` and returns the path as text.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// The card of `score --rubric FILE` over [`ITEMS`], with `more` arguments.
fn card_of(rubric: &str, more: &[&str]) -> serde_json::Value {
    let mut args = vec!["score", "--rubric", rubric];
    args.extend(more);
    let out = run(&args, ITEMS);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    json(&out)["card"].clone()
}

#[test]
fn a_one_word_change_of_the_rubric_changes_its_hash_and_its_layout_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let first = card_of(&write(dir.path(), "a.toml", RUBRIC), &[]);
    let reworded = card_of(
        &write(
            dir.path(),
            "b.toml",
            &RUBRIC.replace("hard case", "rare case"),
        ),
        &[],
    );
    assert_ne!(first["rubric"], reworded["rubric"]);
    assert_ne!(first["prompt"], reworded["prompt"]);
    assert_eq!(first["settings"], reworded["settings"]);
    let relaid = RUBRIC
        .replace(
            "subject = \"a pull request\"\nmode = \"matrix\"\n",
            "mode    =   \"matrix\"   # the kind\nsubject=\"a pull request\"\n",
        )
        .replace("\n\n", "\n\n\n");
    assert_eq!(card_of(&write(dir.path(), "c.toml", &relaid), &[]), first);
    for key in ["rubric", "prompt", "schema", "settings"] {
        let v = first[key].as_str().unwrap();
        assert!(pickanumber_result::card::is_hash(v), "{key}: {v}");
    }
}

#[test]
fn the_prompt_and_schema_hashes_are_of_what_rubric_prompt_and_rubric_schema_print() {
    let dir = tempfile::tempdir().unwrap();
    let rubric = write(dir.path(), "r.toml", RUBRIC);
    let work = dir.path().join("work");
    std::fs::create_dir(&work).unwrap();
    write(&work, "a.py", "def f():\n    return 1\n");
    let work = work.display().to_string();
    let card = card_of(&rubric, &["--against", &work]);
    let printed = |args: &[&str]| sha256_hex(&run(args, "").stdout);
    assert_eq!(
        card["prompt"],
        printed(&["rubric", "prompt", &rubric, "--work", &work])
    );
    assert_eq!(card["schema"], printed(&["rubric", "schema", &rubric]));
    assert_eq!(
        card_of(&rubric, &[])["prompt"],
        printed(&["rubric", "prompt", &rubric])
    );
    // A changed work changes the work's hash and the prompt's.
    let before = card["work"].clone();
    write(Path::new(&work), "a.py", "def f():\n    return 2\n");
    let after = card_of(&rubric, &["--against", &work]);
    assert_ne!(after["work"], before);
    assert_ne!(after["prompt"], card["prompt"]);
    assert_eq!(after["rubric"], card["rubric"]);
}

#[test]
fn compare_names_each_field_that_differs_and_same_card_exits_3() {
    let dir = tempfile::tempdir().unwrap();
    let rubric = write(dir.path(), "r.toml", RUBRIC);
    let reworded = write(
        dir.path(),
        "s.toml",
        &RUBRIC.replace("hard case", "rare case"),
    );
    let save = |name: &str, rubric: &str| {
        let out = run(&["score", "--rubric", rubric], ITEMS);
        write(dir.path(), name, &String::from_utf8(out.stdout).unwrap())
    };
    let (a, a2, b) = (
        save("a.json", &rubric),
        save("a2.json", &rubric),
        save("b.json", &reworded),
    );
    let same = run(&["compare", "--same-card", &a, &a2], "");
    assert_eq!(same.status.code(), Some(0), "{}", stderr(&same));
    assert_eq!(stderr(&same), "");
    assert_eq!(json(&same)["cards"]["same"], true);

    let differ = run(&["compare", &a, &b], "");
    assert_eq!(differ.status.code(), Some(0));
    assert_eq!(
        json(&differ)["cards"]["differ"],
        serde_json::json!(["rubric", "prompt"])
    );
    let warnings = stderr(&differ);
    let lines: Vec<&str> = warnings.lines().collect();
    assert_eq!(lines.len(), 2, "{warnings}");
    assert!(
        lines[0].starts_with("pickanumber: warning: the cards differ in rubric ("),
        "{warnings}"
    );
    assert!(
        lines[1].starts_with("pickanumber: warning: the cards differ in prompt ("),
        "{warnings}"
    );

    let strict = run(&["compare", "--same-card", &a, &b], "");
    assert_eq!(strict.status.code(), Some(3));
    assert_eq!(json(&strict)["cards"]["same"], false);
}

#[test]
fn a_card_that_does_not_read_is_named_and_never_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(
        dir.path(),
        "good.json",
        &String::from_utf8(run(&["score"], "+3 a\n").stdout).unwrap(),
    );
    let mut edited: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();
    edited["card"]["graders"] = serde_json::json!("claude");
    let edited = write(dir.path(), "edited.json", &edited.to_string());
    let out = run(&["compare", "--same-card", &good, &edited], "");
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        stderr(&out),
        "pickanumber: warning: after: its card does not read: card.graders must be a list, not \"claude\"; the two judges cannot be shown to be the same\n"
    );
    let v = json(&out);
    assert_eq!(v["after"]["card"], serde_json::Value::Null);
    assert_eq!(v["cards"]["differ"], serde_json::json!([]));
}

#[test]
fn require_card_pins_a_field_and_a_miss_exits_3() {
    let dir = tempfile::tempdir().unwrap();
    let rubric = write(dir.path(), "r.toml", RUBRIC);
    let card = card_of(&rubric, &[]);
    let hash = card["rubric"].as_str().unwrap();
    let pin = format!("rubric={}", hash.to_uppercase());
    let out = run(
        &["score", "--rubric", &rubric, "--require-card", &pin],
        ITEMS,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let gate = &json(&out)["gate"];
    assert_eq!(gate["passed"], true);
    assert_eq!(gate["require_card"]["rubric"], hash);

    let other = write(
        dir.path(),
        "o.toml",
        &RUBRIC.replace("hard case", "rare case"),
    );
    let out = run(
        &["score", "--rubric", &other, "--require-card", &pin],
        ITEMS,
    );
    assert_eq!(out.status.code(), Some(3));
    let miss = json(&out)["gate"]["misses"][0]
        .as_str()
        .unwrap()
        .to_string();
    assert!(miss.starts_with("card rubric is "), "{miss}");
    assert!(
        miss.ends_with(&format!(
            ", not the {}… required (--require-card)",
            &hash[..12]
        )),
        "{miss}"
    );

    let out = run(&["combine", "--require-card", &pin, "a=/dev/null"], "");
    assert_eq!(out.status.code(), Some(1), "no score: 1 wins over 3");
    let bad = run(&["score", "--require-card", "rubrik=00"], ITEMS);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("rubrik is not a card field; give one of version, settings, rubric, prompt, schema, work"), "{}", stderr(&bad));
}
