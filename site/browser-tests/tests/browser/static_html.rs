//! The home page's prose is in the HTML as served, before any script runs, and the calculator's
//! place holds only the static example (the live outputs appear once the wasm has mounted).

use pickanumber_browser_tests::{element, ids, repo, serve_dist, visible_text};

/// The `title` from the front matter of `content/index.md`.
fn front_matter_title(markdown: &str) -> String {
    markdown
        .lines()
        .skip(1)
        .take_while(|l| l.trim() != "+++")
        .find_map(|l| l.strip_prefix("title"))
        .and_then(|rest| rest.trim_start().strip_prefix('='))
        .map(|v| v.trim().trim_matches('"').to_owned())
        .expect("content/index.md has a title in its front matter")
}

/// A run of at least 40 characters of plain words (letters, spaces, commas) from a prose
/// paragraph of `markdown`: text the generator must carry over unchanged.
fn plain_prose_run(markdown: &str) -> String {
    let body = markdown.splitn(3, "+++").nth(2).unwrap_or(markdown);
    let mut in_fence = false;
    for line in body.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || t.is_empty() || t.starts_with(['#', '|', '-', '*', '>', '{', '[']) {
            continue;
        }
        let mut run = String::new();
        for c in t.chars() {
            if c.is_ascii_alphabetic() || c == ' ' || c == ',' {
                run.push(c);
            } else {
                if run.trim().len() >= 40 {
                    break;
                }
                run.clear();
            }
        }
        // Whole words only: drop partial words at either end.
        let words: Vec<&str> = run.split_whitespace().collect();
        if words.len() > 2 {
            let inner = words[1..words.len() - 1].join(" ");
            if inner.len() >= 40 {
                return inner;
            }
        }
    }
    panic!("content/index.md has no plain prose line to look for");
}

#[test]
fn prose_is_in_the_html_without_scripts() {
    let site = serve_dist();
    let page = site.get("/");
    assert_eq!(page.status_code, 200, "GET / answered {}", page.status_code);
    assert_eq!(
        page.headers.get("content-type").map(String::as_str),
        Some("text/html; charset=utf-8")
    );
    let html = page.as_str().expect("the page is UTF-8");

    let markdown =
        std::fs::read_to_string(repo().join("content/index.md")).expect("read content/index.md");
    let title = front_matter_title(&markdown);
    let head_title = element(html, "title").expect("the page has a <title>");
    assert!(
        visible_text(head_title).contains(&title),
        "<title> does not contain the front matter's title {title:?}: {head_title}"
    );

    let main = element(html, "main").expect("the page has a <main> element");
    let main_text = visible_text(main);
    let prose = plain_prose_run(&markdown);
    assert!(
        main_text.contains(&prose),
        "the prose {prose:?} from content/index.md is not in <main> as served"
    );
    assert!(
        main_text.contains(&title),
        "<main> does not show the title {title:?}"
    );
}

#[test]
fn the_calculator_place_is_static_until_the_wasm_mounts() {
    let page = serve_dist().get("/index.html");
    let html = page.as_str().expect("the page is UTF-8");
    let ids = ids(html);
    let count = |id: &str| ids.iter().filter(|i| *i == id).count();
    assert_eq!(
        count("calculator"),
        1,
        "the page must have exactly one element with id=\"calculator\" (a heading with the same id would take the calculator's place)"
    );
    // The static box shows the example's results with the live panel's own markup
    // (`pickanumber_result_view::panel::calculator`), ids included; what only the live app adds is the
    // editable input, the diagnostics it fills and the `data-ready` mark tests wait for.
    assert_eq!(
        count("out-final"),
        1,
        "the static box shows the example's final"
    );
    for live in ["evidence-input", "evidence-errors"] {
        assert_eq!(
            count(live),
            0,
            "id={live:?} is in the HTML before scripts run; only the live app may add it"
        );
    }
    assert!(
        !html.contains("data-ready"),
        "the calculator is marked ready before the wasm has mounted"
    );
    let mut seen = std::collections::BTreeSet::new();
    let duplicated: Vec<&String> = ids.iter().filter(|i| !seen.insert(*i)).collect();
    assert!(
        duplicated.is_empty(),
        "ids used more than once: {duplicated:?}"
    );
    assert!(
        html.contains("<noscript"),
        "the calculator's place has no <noscript> note"
    );
}
