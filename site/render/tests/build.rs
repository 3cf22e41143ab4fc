//! Whole-site builds: golden pages (every page of the fixture site, and the `<main>` of each
//! feature's pages in `tests/fixtures/features/`), exact error messages for broken input, the
//! previous output left untouched by a failed build, and byte-identical rebuilds.
//!
//! The golden files are insta snapshots in `tests/snapshots/`; after reviewing a change, accept
//! it with `INSTA_UPDATE=always cargo test -p pickanumber-render --test build` and review the
//! snapshots' diff before committing.

mod common;

use common::{copy_tree, files, fixture};
use pickanumber_render::{build, Options};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// A scratch folder unique to the test, removed when dropped.
fn scratch() -> TempDir {
    tempfile::tempdir().unwrap()
}

/// Builds the site at `root` into `out`, at `base_url` (none: `site.toml`'s); the error as text.
fn build_site(root: &Path, out: &Path, base_url: Option<&str>) -> Result<(), String> {
    let options = Options {
        root: root.to_path_buf(),
        out: out.to_path_buf(),
        calc: None,
        dev: false,
        base_url: base_url.map(str::to_string),
    };
    build(&options).map(drop).map_err(|e| e.to_string())
}

fn main_of(html: &str) -> &str {
    let start = html.find("<main").expect("page has <main>");
    let end = html.find("</main>").expect("page has </main>") + "</main>".len();
    &html[start..end]
}

/// The snapshot name of a built page: its folder (`examples/case/index.html` →
/// `examples-case`), `index` for the home page, the file's stem for others (`404`).
fn page_name(page: &Path) -> String {
    match page.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(dir) => dir.to_string_lossy().replace('/', "-"),
        None => page.file_stem().unwrap().to_string_lossy().into_owned(),
    }
}

#[test]
fn golden_pages() {
    let dir = scratch();
    let out = dir.path().join("dist");
    build_site(&fixture(), &out, None).unwrap();
    let pages: Vec<_> = files(&out)
        .into_iter()
        .filter(|f| f.extension().is_some_and(|x| x == "html"))
        .collect();
    assert_eq!(pages.len(), 11, "{pages:?}");
    insta::with_settings!({snapshot_path => "snapshots/pages", prepend_module_to_snapshot => false}, {
        for page in &pages {
            let html = std::fs::read_to_string(out.join(page)).unwrap();
            insta::assert_snapshot!(page_name(page), html);
        }
    });
}

#[test]
fn golden_features() {
    let features = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/features");
    let mut names: Vec<_> = std::fs::read_dir(&features)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    names.sort();
    assert_eq!(names.len(), 4, "{names:?}");
    for feature in names {
        let name = feature.file_name().unwrap().to_string_lossy().into_owned();
        let dir = scratch();
        let root = dir.path().join("site");
        copy_tree(&fixture(), &root);
        copy_tree(&feature, &root.join("content"));
        let out = dir.path().join("dist");
        build_site(&root, &out, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        let snapshots = format!("snapshots/features/{name}");
        for page in files(&feature) {
            let stem = page.file_stem().unwrap().to_string_lossy().into_owned();
            let html = std::fs::read_to_string(out.join(&stem).join("index.html")).unwrap();
            insta::with_settings!({snapshot_path => &snapshots, prepend_module_to_snapshot => false}, {
                insta::assert_snapshot!(stem, main_of(&html));
            });
        }
    }
}

#[test]
fn every_page_carries_the_strict_csp_and_landmarks() {
    let dir = scratch();
    let out = dir.path().join("dist");
    build_site(&fixture(), &out, None).unwrap();
    for page in [
        "index.html",
        "paper/index.html",
        "examples/case/index.html",
        "404.html",
    ] {
        let html = std::fs::read_to_string(out.join(page)).unwrap();
        assert!(
            html.contains("script-src 'self' 'wasm-unsafe-eval'"),
            "{page}"
        );
        assert!(!html.contains("unsafe-inline"), "{page}");
        assert!(!html.contains("<script>"), "{page}: inline script");
        for landmark in ["<header", "<nav", "<main", "<footer"] {
            assert!(html.contains(landmark), "{page}: {landmark}");
        }
    }
}

#[test]
fn two_builds_are_byte_identical() {
    let dir = scratch();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    build_site(&fixture(), &a, None).unwrap();
    build_site(&fixture(), &b, None).unwrap();
    let list = |d: &Path| -> Vec<(PathBuf, Vec<u8>)> {
        let read = |f: PathBuf| (f.clone(), std::fs::read(d.join(f)).unwrap());
        files(d).into_iter().map(read).collect()
    };
    assert_eq!(list(&a), list(&b));
}

/// Each label lives in one place. The fixture leaves the view crate's tables out, so its
/// boxes show the view crate's default words (the goldens); a label of the probe's results, of
/// the pairwise results and the pairwise bar (which the live island shows too), and of a
/// computed result (`[result]`: the calculator's panel and the evidence blocks), stated in the
/// fixture's `content/layout.toml`, changes the static boxes; the live islands compile the
/// repository's file over the same defaults (`pickanumber-island-words`), and the browser test
/// `instruments.rs` checks that box and island show the same results.
#[test]
fn a_label_changed_in_layout_toml_changes_the_static_boxes() {
    let dir = scratch();
    let root = dir.path().join("site");
    copy_tree(&fixture(), &root);
    let path = root.join("content/layout.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    // The fixture leaves these tables out (the view crate's defaults): stated, they win.
    let changed = format!(
        "{text}\n[probe.view]\nregime = \"The regime (changed)\"\n\n\
         [pairwise.live]\nformat = \"Changed: one judgment per line\"\n\n\
         [result]\nnet_impact = \"Net impact (changed)\"\nfinal_unrounded = \"Before rounding\"\n"
    )
    .replacen(
        "[pairwise.view]\n",
        "[pairwise.view]\nfirst_wins = \"First shown, won\"\n",
        1,
    );
    std::fs::write(&path, changed).unwrap();
    let out = dir.path().join("dist");
    build_site(&root, &out, None).unwrap();
    let page = |p: &str| std::fs::read_to_string(out.join(p)).unwrap();
    let probe = page("probe/index.html");
    assert!(probe
        .contains("<p class=\"probe-regime\">The regime (changed) <strong id=\"probe-regime\">"));
    assert!(!probe.contains(">Regime <strong"));
    let pairwise = page("pairwise/index.html");
    assert!(pairwise.contains("<dt>First shown, won</dt>"));
    assert!(pairwise.contains("<p class=\"calc-label\">Changed: one judgment per line"));
    assert!(!pairwise.contains("First-shown wins"));
    let home = page("index.html");
    assert!(home.contains("<dt>Net impact (changed)</dt><dd id=\"out-net\">"));
    assert!(home.contains("<dt>Before rounding</dt><dd id=\"out-final-unrounded\">"));
    assert!(!home.contains("<dt>Net impact</dt>"));
    assert!(!home.contains("Final, unrounded"));
}

/// One value of `site.toml`, `published`, switches every install line a page quotes as
/// `{{ install.NAME }}` from the clone's routes to the registries' lines.
#[test]
fn install_lines_follow_the_published_version_in_site_toml() {
    let dir = scratch();
    let root = dir.path().join("site");
    copy_tree(&fixture(), &root);
    let page = "+++\ntitle = \"Install\"\ndescription = \"Install lines.\"\n+++\n\n```sh\n{{ install.cli }}\n{{ install.python }}\n{{ install.npm }}\n```\n";
    std::fs::write(root.join("content/install.md"), page).unwrap();
    let site = "title = \"t\"\norigin = \"https://example.org\"\nrepository = \"https://github.com/o/n\"\n";
    let built = |toml: &str| {
        std::fs::write(root.join("site.toml"), toml).unwrap();
        let out = dir.path().join("dist");
        build_site(&root, &out, None).unwrap();
        let html = std::fs::read_to_string(out.join("install/index.html")).unwrap();
        let code = &html[html.find("<pre").unwrap()..html.find("</pre>").unwrap()];
        code[code.find("<code").unwrap()..].to_string()
    };
    let clone = built(site);
    assert!(clone.contains("git clone https://github.com/o/n pickanumber\ncd pickanumber\ncargo install --locked --path site/cli\n"), "{clone}");
    assert!(clone.contains("pip install ./site/python\n"), "{clone}");
    assert!(
        clone.contains(
            "cargo xtask package npm\ncd ..\nnpm install ./pickanumber/target/npm/pickanumber.tgz"
        ),
        "{clone}"
    );
    let registry = built(&format!("{site}published = \"0.1.0\"\n"));
    assert_eq!(registry, "<code>cargo install --locked pickanumber-cli\npip install pickanumber\nnpm install pickanumber</code>");
}

/// `site.toml`'s `skills` list gives each skill's install line (`{{ install.skills }}`) and
/// its line in `llms.txt`, from the skill's `SKILL.md`; a listed skill without its folder
/// stops the build, naming the file.
#[test]
fn skills_listed_in_site_toml_are_installed_and_listed_from_their_folders() {
    let dir = scratch();
    let root = dir.path().join("site");
    copy_tree(&fixture(), &root);
    let page = "+++\ntitle = \"Skills\"\ndescription = \"Skill lines.\"\n+++\n\n```sh\n{{ install.skills }}\n```\n";
    std::fs::write(root.join("content/skills.md"), page).unwrap();
    std::fs::write(
        root.join("site.toml"),
        "title = \"t\"\norigin = \"https://example.org\"\nrepository = \"https://github.com/o/n\"\nskills = [\"probe\"]\n",
    )
    .unwrap();
    std::fs::create_dir(root.join("probe")).unwrap();
    std::fs::write(
        root.join("probe/SKILL.md"),
        "---\nname: probe\ndescription: Use it first.\n---\n# Probe\n",
    )
    .unwrap();
    let out = dir.path().join("dist");
    build_site(&root, &out, None).unwrap();
    let html = std::fs::read_to_string(out.join("skills/index.html")).unwrap();
    assert!(html.contains("npx skills add o/n/probe"), "{html}");
    let llms = std::fs::read_to_string(out.join("llms.txt")).unwrap();
    assert!(
        llms.ends_with("\n## Skills\n\n- [probe](https://github.com/o/n/blob/main/probe/SKILL.md): Use it first. Install: `npx skills add o/n/probe`\n"),
        "{llms}"
    );
    std::fs::rename(root.join("probe"), root.join("renamed")).unwrap();
    let err = build_site(&root, &out, None).unwrap_err();
    assert!(
        err.starts_with(
            "probe/SKILL.md: site.toml lists the skill probe, but probe/SKILL.md cannot be read"
        ),
        "{err}"
    );
}

/// Builds the fixture with one file changed; returns the error text. Also checks that the
/// previous output survives the failed build.
fn error_for(file: &str, edit: impl Fn(&str) -> String) -> String {
    let dir = scratch();
    let root = dir.path().join("site");
    copy_tree(&fixture(), &root);
    let out = dir.path().join("dist");
    build_site(&root, &out, None).unwrap();
    let before = std::fs::read(out.join("index.html")).unwrap();
    let path = root.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, edit(&text)).unwrap();
    let err = build_site(&root, &out, None).unwrap_err();
    assert_eq!(
        std::fs::read(out.join("index.html")).unwrap(),
        before,
        "previous dist/ changed"
    );
    err
}

/// One test per case: `name: file, edit => error` builds the fixture with `file` changed by
/// `edit` and expects exactly `error` (and the previous output kept, see [`error_for`]).
macro_rules! build_errors {
    ($($name:ident: $file:literal, $edit:expr => $error:literal;)*) => {$(
        #[test]
        fn $name() {
            assert_eq!(error_for($file, $edit), $error, stringify!($name));
        }
    )*};
}

build_errors! {
    unknown_front_matter_key: "content/index.md", |t| t.replacen("template = \"home\"", "template = \"home\"\nauthor = \"me\"", 1)
        => "content/index.md:5: front matter: unknown field `author`, expected one of `title`, `description`, `template`, `order`, `summary`, `hero` (allowed keys: title, description, template, order, summary, hero)\n1 error; nothing was written";
    missing_front_matter: "examples/case.md", |t| t.replacen("+++", "", 2)
        => "examples/case.md:1: a page must start with front matter: a line +++, TOML keys (title, description), and +++\n1 error; nothing was written";
    invalid_evidence_item: "content/index.md", |t| t.replace("+3 opened Settings", "+4 opened Settings")
        => "content/index.md:20: evidence block \"ex\": impact +4 is not one of +5, +3, +2, +1, −1, −2, −3, −5\n1 error; nothing was written";
    evidence_line_that_is_not_an_item: "content/index.md", |t| t.replace("+3 opened Settings", "opened Settings")
        => "content/index.md:20: evidence block \"ex\": this line is not an item (write an impact such as +3 first)\n1 error; nothing was written";
    unknown_evidence_option: "content/index.md", |t| t.replace("evidence id=ex", "evidence id=ex colour=blue")
        => "content/index.md:18: unknown evidence option \"colour\" (options: id, mode, preset, weights, denominator, scale, center, max, floor, gain, normalize, rounding, bounds, show, interval)\n1 error; nothing was written";
    unknown_reference_id: "content/index.md", |t| t.replace("{{ ex.final }}", "{{ nope.final }}")
        => "content/index.md:15: unknown reference {{ nope.final }}: no evidence or retest block \"nope\" in this page (blocks: ex, lead)\n1 error; nothing was written";
    unknown_reference_field: "content/index.md", |t| t.replace("{{ ex.final }}", "{{ ex.finale }}")
        => "content/index.md:15: unknown reference {{ ex.finale }}: block \"ex\" has no field \"finale\" (fields: confidence, density, final, final_unrounded, multiplier, multiplier2, net, normalized, raw, total)\n1 error; nothing was written";
    missing_citation: "content/index.md", |t| t.replace("[@kirchner2026, §4.2]", "[@nobody2020]")
        => "content/index.md:15: citation [@nobody2020] has no entry in content/references/*.toml\n1 error; nothing was written";
    broken_link_and_anchor_are_all_listed: "examples/case.md", |t| t.replace("(/#problem)", "(/#nowhere) and [gone](/gone/)")
        => "examples/case.md:15: broken link /#nowhere: no element with id \"nowhere\" in /\nexamples/case.md:15: broken link /gone/: no such page or file\n2 errors; nothing was written";
    broken_layout_link_names_its_line: "content/layout.toml", |t| t.replace("/related/\" }", "/unrelated/\" }")
        => "content/layout.toml:14: broken link /unrelated/: no such page or file\n1 error; nothing was written";
    broken_layout_anchor_names_its_line: "content/layout.toml", |t| t.replace("[Paper](/paper/)", "[Paper](/paper/#gone)")
        => "content/layout.toml:19: broken link /paper/#gone: no element with id \"gone\" in /paper/\n1 error; nothing was written";
    broken_hero_link_names_its_line: "content/index.md", |t| t.replace("(/paper/)", "(/papers/)")
        => "content/index.md:10: broken link /papers/: no such page or file\n1 error; nothing was written";
    a_layout_file_without_a_footer_is_refused: "content/layout.toml", |_| "nav = []\n".into()
        => "content/layout.toml:1: missing field `footer` (keys: nav, footer, llms, labels, search, items, evidence, plots, calculator, probe, pairwise, result, setup)\n1 error; nothing was written";
    a_result_word_with_markup_names_its_line: "content/layout.toml", |t| format!("{t}\n[result]\nnet_impact = \"Net <i>impact</i>\"\n")
        => "content/layout.toml:40: result.net_impact: \"Net <i>impact</i>\" holds '<', which the result's markup would read as HTML; write the words without <, > or &\n1 error; nothing was written";
    a_key_a_view_table_lacks_names_its_line_and_the_keys: "content/layout.toml", |t| format!("{t}\n[probe.live]\nscale_to = \"up to\"\nreset = \"Reset\"\n")
        => "content/layout.toml:41: [probe.live] reset is not a key here (keys: scale_from, scale_to, examples, loaded, input, counts, low_not_whole, high_not_whole, scale_unusable, results, not_kept)\n1 error; nothing was written";
    a_slot_the_default_word_lacks_names_its_line_and_the_slots: "content/layout.toml", |t| t.replace("p = {p} against 50 %", "p = {pvalue} against 50 %")
        => "content/layout.toml:37: [pairwise.view] position_detail: \"{won} of {decided} decided verdicts went to the item shown first; two-sided binomial p = {pvalue} against 50 %.\": {pvalue} is not a slot here (slots: {won}, {decided}, {p})\n1 error; nothing was written";
    a_key_an_island_table_lacks_names_the_box_words_and_the_tables_beside_them: "content/layout.toml", |t| format!("{t}\n[pairwise]\ncolour = \"red\"\n")
        => "content/layout.toml:40: [pairwise] colour is not a key here (keys: region, input, input_name, hint, results, noscript, view, live)\n1 error; nothing was written";
    a_list_of_another_length_names_its_line: "content/layout.toml", |t| format!("{t}\n[calculator.live]\nmodes = [\"Auto\", \"Pooled\"]\n")
        => "content/layout.toml:40: [calculator.live] modes must be a list of 4 texts\n1 error; nothing was written";
    a_sentence_with_a_slot_it_cannot_fill_names_its_line: "content/layout.toml", |t| format!("{t}\n[probe]\nscale = \"Scale {{low}}–{{max}}. The live probe adds the scale fields and one synthetic example per regime.\"\n")
        => "content/layout.toml:40: [probe] scale: \"Scale {low}–{max}. The live probe adds the scale fields and one synthetic example per regime.\": {max} is not a slot here (slots: {low}, {high})\n1 error; nothing was written";
    missing_image: "paper/paper.md", |t| format!("{t}\n![A plot](/plots/missing.svg)\n")
        => "paper/paper.md:38: broken link /plots/missing.svg: no such page or file\n1 error; nothing was written";
    matrix_item_without_criterion: "paper/paper.md", |t| t.replace("(−3, depth) shallow", "−3 shallow")
        => "paper/paper.md:19: evidence block \"m\": in matrix mode every item needs a criterion: write (+3, craft) or put it under ## Criterion: craft\n1 error; nothing was written";
    feedback_item_outside_a_bucket: "examples/case.md", |t| t.replace("## Working\n", "")
        => "examples/case.md:20: evidence block \"review\": in feedback mode every item needs a bucket: put it under ## Working, ## Not working, ## Missing or ## Confusing\n1 error; nothing was written";
    a_docs_page_names_no_template: "docs/another.md", |t| t.replacen("order = 5", "order = 5\ntemplate = \"paper\"", 1)
        => "docs/another.md:1: a page under docs/ takes the docs layout: remove its `template` key (allowed keys there: title, description, order)\n1 error; nothing was written";
    the_docs_layout_is_not_a_template_to_name: "docs/another.md", |t| t.replacen("order = 5", "order = 5\ntemplate = \"docs\"", 1)
        => "docs/another.md:5: front matter: unknown variant `docs`, expected one of `home`, `page`, `paper`, `example` (allowed keys: title, description, template, order, summary, hero)\n1 error; nothing was written";
    feedback_value_not_allowed_in_its_bucket: "examples/case.md", |t| t.replace("−1 two names", "−5 two names")
        => "examples/case.md:27: evidence block \"review\": impact −5 is not allowed under Confusing: use −1, −2, −3\n1 error; nothing was written";
}

#[test]
fn no_page_repeats_an_id() {
    let dir = scratch();
    let out = dir.path().join("dist");
    build_site(&fixture(), &out, None).unwrap();
    for file in files(&out) {
        if file.extension().is_none_or(|x| x != "html") {
            continue;
        }
        let html = std::fs::read_to_string(out.join(&file)).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for part in html.split(" id=\"").skip(1) {
            let id = &part[..part.find('"').unwrap()];
            assert!(seen.insert(id), "{}: id \"{id}\" twice", file.display());
        }
        // The calculator's static box carries the live panel's ids, once.
        if html.contains("id=\"calculator\"") {
            assert!(seen.contains("out-final") && seen.contains("out-working"));
        }
    }
}

#[test]
fn a_sub_path_build_differs_from_the_root_build_only_by_the_base() {
    let dir = scratch();
    let build_at = |base: Option<&str>, name: &str| {
        let out = dir.path().join(name);
        build_site(&fixture(), &out, base).unwrap();
        out
    };
    let root = build_at(None, "root");
    let sub = build_at(Some("/pickanumber"), "sub");
    assert_eq!(files(&root), files(&sub));
    for f in files(&root) {
        let a = std::fs::read(root.join(&f)).unwrap();
        let b = std::fs::read(sub.join(&f)).unwrap();
        let is_text = ["html", "xml", "txt", "json"]
            .iter()
            .any(|x| f.extension().is_some_and(|e| e == *x));
        if !is_text {
            assert_eq!(a, b, "{} differs", f.display());
            continue;
        }
        let (a, b) = (String::from_utf8(a).unwrap(), String::from_utf8(b).unwrap());
        // No root-absolute link or source escapes the base.
        for attr in [
            " href=\"/",
            " src=\"/",
            " data-script=\"/",
            " data-index=\"/",
            "\"u\":\"/",
        ] {
            for (i, _) in b.match_indices(attr) {
                let rest = &b[i + attr.len()..];
                assert!(
                    rest.starts_with("pickanumber/") || rest.starts_with('/'),
                    "{}: {}…",
                    f.display(),
                    &b[i..(i + 40).min(b.len())]
                );
            }
        }
        let back = b
            .replace("href=\"/pickanumber/", "href=\"/")
            .replace("src=\"/pickanumber/", "src=\"/")
            .replace("data-script=\"/pickanumber/", "data-script=\"/")
            .replace("data-index=\"/pickanumber/", "data-index=\"/")
            .replace("\"u\":\"/pickanumber/", "\"u\":\"/")
            .replace(
                "https://pickanumber.codefi.io/pickanumber/",
                "https://pickanumber.codefi.io/",
            );
        assert_eq!(back, a, "{} differs beyond the base", f.display());
    }
    let sitemap = std::fs::read_to_string(sub.join("sitemap.xml")).unwrap();
    assert!(sitemap.contains("<loc>https://pickanumber.codefi.io/pickanumber/paper/</loc>"));
    let llms = std::fs::read_to_string(sub.join("llms.txt")).unwrap();
    assert!(
        llms.contains("(https://pickanumber.codefi.io/pickanumber/paper/index.md)"),
        "{llms}"
    );
}

#[test]
fn each_page_publishes_its_markdown_with_the_values_written_in() {
    let dir = scratch();
    let out = dir.path().join("dist");
    build_site(&fixture(), &out, None).unwrap();
    let md = std::fs::read_to_string(out.join("examples/case/index.md")).unwrap();
    assert!(md.starts_with("# Fixture case\n"), "{md}");
    // The feedback block's running score after the working bucket: +3 alone → 68.3 → 68.
    assert!(
        md.contains("After the working items alone the score was 68;"),
        "{md}"
    );
    assert!(!md.contains("{{ review."), "{md}");
    let llms = std::fs::read_to_string(out.join("llms.txt")).unwrap();
    assert!(llms.contains("- [Fixture case](https://pickanumber.codefi.io/examples/case/index.md): A case study for the golden test.\n"), "{llms}");
}

#[test]
fn a_bad_base_path_is_refused() {
    let dir = scratch();
    let out = dir.path().join("dist");
    let err = build_site(&fixture(), &out, Some("pickanumber/")).unwrap_err();
    assert_eq!(
        err,
        "--base-url: base_url \"pickanumber/\" must be a path from the host's root, such as / or /pickanumber/\n1 error; nothing was written"
    );
}

build_errors! {
    a_floor_and_gain_that_leave_the_scale: "content/index.md", |t| t.replacen("```evidence id=ex", "```evidence id=ex floor=-5 gain=-1", 1)
        => "content/index.md:18: evidence block \"ex\": floor must lie between 0 and 1 (the multiplier with no evidence; outside that range the final can leave 0 to max), not -5\n1 error; nothing was written";
    a_gain_past_1: "content/index.md", |t| t.replacen("```evidence id=ex", "```evidence id=ex floor=0.75 gain=0.5", 1)
        => "content/index.md:18: evidence block \"ex\": gain must lie between -0.75 and 0.25 when floor is 0.75, so that floor + gain (the multiplier at full confidence) lies between 0 and 1, not 0.5\n1 error; nothing was written";
    bounds_other_than_off: "content/index.md", |t| t.replacen("```evidence id=ex", "```evidence id=ex bounds=on", 1)
        => "content/index.md:18: evidence option bounds: \"on\" is not one of off\n1 error; nothing was written";
    weights_a_pooled_block_would_ignore: "content/index.md", |t| t.replacen("```evidence id=ex", "```evidence id=ex mode=pooled weights=a=1", 1)
        => "content/index.md:18: evidence block \"ex\": weights= would not be used with mode=pooled: pooled mode scores no criteria; leave one of them out\n1 error; nothing was written";
    // The formula's options are read by the formula crate's names, as the CLI, the packages
    // and rubric files read them, so the sentence after the option is theirs.
    a_normalisation_the_formula_lacks: "content/index.md", |t| t.replacen("```evidence id=ex", "```evidence id=ex normalize=cube", 1)
        => "content/index.md:18: evidence option normalize: \"cube\" is not one of sqrt, linear, log, none\n1 error; nothing was written";
    a_rounding_the_formula_lacks: "content/index.md", |t| t.replacen("```evidence id=ex", "```evidence id=ex rounding=up", 1)
        => "content/index.md:18: evidence option rounding: \"up\" is not one of half-away, none\n1 error; nothing was written";
    a_preset_the_formula_lacks: "content/index.md", |t| t.replacen("```evidence id=ex", "```evidence id=ex preset=x", 1)
        => "content/index.md:18: evidence option preset: \"x\" is not one of generic, hackathon\n1 error; nothing was written";
    a_mode_a_block_cannot_take: "content/index.md", |t| t.replacen("```evidence id=ex", "```evidence id=ex mode=auto", 1)
        => "content/index.md:18: evidence option mode: \"auto\" is not one of pooled, matrix, feedback\n1 error; nothing was written";
    a_denominator_of_0: "content/index.md", |t| t.replacen("```evidence id=ex", "```evidence id=ex denominator=0", 1)
        => "content/index.md:18: evidence block \"ex\": denominator must be a number greater than 0, not 0\n1 error; nothing was written";
    a_criterion_weighted_twice: "content/index.md", |t| t.replacen("```evidence id=ex", "```evidence id=ex weights=a=1,a=2", 1)
        => "content/index.md:18: evidence option weights: each criterion takes one weight, but a is given more than once\n1 error; nothing was written";
}

/// `bounds=off` lets a block show a variant whose final leaves the scale, as the paper's
/// ablation does; the same options without it are refused (above).
#[test]
fn bounds_off_computes_an_amplifying_variant() {
    let dir = scratch();
    let root = dir.path().join("site");
    copy_tree(&fixture(), &root);
    let path = root.join("content/index.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let edited = text.replacen(
        "```evidence id=ex",
        "```evidence id=ex floor=0.75 gain=0.5 bounds=off",
        1,
    );
    assert_ne!(edited, text);
    std::fs::write(&path, edited).unwrap();
    build_site(&root, &dir.path().join("dist"), None).unwrap();
}

build_errors! {
    an_interval_level_outside_1_to_99: "content/index.md", |t| t.replacen("```evidence id=", "```evidence interval=100 id=", 1)
        => "content/index.md:18: evidence option interval: \"100\" is not a level from 1 to 99 (percent), such as interval=90\n1 error; nothing was written";
}
