//! `cargo xtask examples [--update]`: every example of the README and the docs pages
//! (`docs/*.md`) is run and its printed output compared with the page, so no example goes
//! stale. Three forms are run, each from the repository's top folder:
//!
//! - a ` ```console ` block: each line that starts with `$ ` is a shell command (`pickanumber`
//!   is the debug build), and the lines after it, up to the next `$ ` line or the block's end,
//!   are its exact standard output;
//! - a ` ```python run ` block (run by the test venv's Python, with the package installed) or a
//!   ` ```js run ` block (an ES module run by Node 22, `pickanumber` being the built npm
//!   package), each followed at once by a ` ```text ` block holding its exact standard output;
//!   they run in a scratch folder where `examples/` is the repository's.
//!
//! A difference fails with the page's `file:line` and both texts; `--update` writes what was
//! printed into the pages instead (the CLI pages' `--help` blocks are regenerated this way).
//! The same module holds the rules the README and the docs keep (the README's length, no
//! measured figure), checked by its tests in `cargo xtask test`'s unit tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::env::{failed, Context, Env, Failure};

/// The most lines the README may have: the rest belongs in the docs or CONTRIBUTING.md.
pub const README_LINES: usize = 200;

/// The units that mark a measured figure when they follow a number: times and sizes. Limits
/// the code sets are written without them (or in binary units, `MiB`, as the code names them);
/// figures come from `cargo xtask bench`.
pub const MEASURED_UNITS: [&str; 9] = ["ms", "µs", "ns", "s", "KB", "kB", "MB", "GB", "bytes"];

/// What kind of example a block is.
#[derive(Debug, PartialEq)]
pub enum Kind {
    /// A shell command of a ` ```console ` block.
    Command,
    /// A ` ```python run ` block.
    Python,
    /// A ` ```js run ` block.
    Js,
}

/// One example: what runs, and the output the page shows for it.
#[derive(Debug, PartialEq)]
pub struct Example {
    /// The 1-based line of the command (`$ ` line) or of the run block's opening fence.
    pub line: usize,
    /// What runs it.
    pub kind: Kind,
    /// The command or the code.
    pub code: String,
    /// The output the page shows.
    pub shown: String,
    /// Where that output stands in the file: the lines from `start` (0-based, inclusive) to
    /// `end` (exclusive), replaced by `--update`.
    pub output_lines: (usize, usize),
}

/// The fence a line opens: its backticks and its info string.
fn opening(line: &str) -> Option<(&str, &str)> {
    let n = line.len() - line.trim_start_matches('`').len();
    (n >= 3).then(|| (&line[..n], line[n..].trim()))
}

/// The index of the line that closes the fence opened at `start` (`fence` backticks).
fn closing(lines: &[&str], start: usize, fence: &str) -> Option<usize> {
    (start + 1..lines.len()).find(|&i| {
        let l = lines[i].trim_end();
        l.starts_with(fence) && l.trim_start_matches('`').is_empty()
    })
}

/// The examples of one markdown text. `file` names it in errors.
///
/// # Errors
/// A run block not followed by its ` ```text ` output block, or a block not closed, each at
/// `file:line`.
pub fn parse(file: &str, text: &str) -> Result<Vec<Example>, String> {
    let lines: Vec<&str> = text.lines().collect();
    // The fenced block opening at line `i`, if one does: its info string and closing line.
    let block = |i: usize| {
        let Some((fence, info)) = lines.get(i).and_then(|l| opening(l)) else {
            return Ok(None);
        };
        let unclosed = || format!("{file}:{}: this ```{info} block is not closed", i + 1);
        closing(&lines, i, fence)
            .map(|end| Some((info, end)))
            .ok_or_else(unclosed)
    };
    let example = |line, kind, code, (start, end): (usize, usize)| Example {
        line,
        kind,
        code,
        shown: joined(&lines[start..end]),
        output_lines: (start, end),
    };
    let (mut out, mut i) = (Vec::new(), 0);
    while i < lines.len() {
        let Some((info, end)) = block(i)? else {
            i += 1;
            continue;
        };
        match info.split_whitespace().collect::<Vec<_>>()[..] {
            ["console", ..] => {
                let mut j = i + 1;
                while j < end {
                    let Some(command) = lines[j].strip_prefix("$ ") else {
                        return Err(format!(
                            "{file}:{}: a ```console block starts with a command line (`$ ` and the command)",
                            j + 1
                        ));
                    };
                    let next = (j + 1..end).find(|&k| lines[k].starts_with("$ "));
                    let output = (j + 1, next.unwrap_or(end));
                    out.push(example(j + 1, Kind::Command, command.to_owned(), output));
                    j = output.1;
                }
            }
            [lang @ ("python" | "js"), "run", ..] => {
                let Some(("text", text_end)) = block(end + 1)? else {
                    return Err(format!(
                        "{file}:{}: a ```{lang} run block must be followed at once by a ```text block with its exact output",
                        i + 1
                    ));
                };
                let kind = if lang == "python" {
                    Kind::Python
                } else {
                    Kind::Js
                };
                let code = joined(&lines[i + 1..end]);
                out.push(example(i + 1, kind, code, (end + 2, text_end)));
            }
            _ => {}
        }
        // A run block's output block comes next, and is passed over as any other block.
        i = end + 1;
    }
    Ok(out)
}

/// Lines joined as a program prints them: each ends in a line break.
fn joined(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The files whose examples run: the README and every docs page, in name order.
pub fn files(repo: &Path) -> Result<Vec<PathBuf>, Failure> {
    let docs = repo.join("docs");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&docs)
        .context(docs.display())?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    out.sort();
    out.insert(0, repo.join("README.md"));
    Ok(out)
}

/// `file` as messages name it: from the repository's top folder.
fn named(repo: &Path, file: &Path) -> String {
    file.strip_prefix(repo)
        .unwrap_or(file)
        .display()
        .to_string()
}

/// What runs the examples.
struct Runners {
    /// The folder holding the debug `pickanumber`, put first on the commands' `PATH`.
    bin: PathBuf,
    /// The venv's Python, with the package installed.
    python: PathBuf,
    /// Node 22.
    node: PathBuf,
    /// A scratch folder where the JavaScript examples are written, beside a `node_modules`
    /// that holds the built package as `pickanumber`.
    scratch: PathBuf,
}

impl Runners {
    /// The command that runs `example`.
    fn command(&self, env: &Env, example: &Example, n: usize) -> Result<Command, Failure> {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut dirs = vec![self.bin.clone()];
        dirs.extend(std::env::split_paths(&path));
        let path = std::env::join_paths(dirs).context("PATH")?;
        // Commands run from the repository's top folder; code runs in the scratch folder, which
        // sees the repository's examples/ under the same name, so what a framework writes
        // (inspect's logs) stays out of the checkout.
        let (program, dir) = match example.kind {
            Kind::Command => ("sh".as_ref(), &env.repo),
            Kind::Python => (self.python.as_os_str(), &self.scratch),
            Kind::Js => (self.node.as_os_str(), &self.scratch),
        };
        let mut c = Command::new(program);
        if example.kind == Kind::Js {
            let file = self.scratch.join(format!("example-{n}.mjs"));
            std::fs::write(&file, &example.code).context(file.display())?;
            c.arg(file);
        } else {
            c.arg("-c").arg(&example.code);
        }
        c.current_dir(dir)
            .env("PATH", path)
            // The frameworks the adapters' examples import: no telemetry, no update check.
            .env("DEEPEVAL_TELEMETRY_OPT_OUT", "YES")
            .env("DEEPEVAL_UPDATE_WARNING_OPT_IN", "NO")
            .env("INSPECT_DISPLAY", "none")
            .env("PROMPTFOO_DISABLE_TELEMETRY", "1")
            .env("NO_COLOR", "1")
            .env_remove("COLUMNS")
            .stdin(Stdio::null());
        // A page shows what a reader's terminal prints; under a CI service promptfoo adds its
        // own progress lines, so the examples run as outside one.
        for var in CI_MARKERS.split_whitespace() {
            c.env_remove(var);
        }
        Ok(c)
    }
}

/// The variables by which the frameworks tell that they run under a CI service.
const CI_MARKERS: &str = "CI GITHUB_ACTIONS TRAVIS CIRCLECI JENKINS GITLAB_CI APPVEYOR \
                          CODEBUILD_BUILD_ID TF_BUILD BITBUCKET_COMMIT BUDDY BUILDKITE TEAMCITY_VERSION";

/// Runs every example of the README and the docs pages and compares what each prints with the
/// page; with `update`, writes what was printed into the pages instead.
///
/// # Errors
/// A breach of the README's and the docs' [`rules`]; every example that printed other output than its page shows (or could not run), each at
/// its `file:line`; a page that cannot be read or parsed.
pub fn run(env: &Env, update: bool) -> Result<(), Failure> {
    let breaches = rules(&env.repo)?;
    if !breaches.is_empty() {
        return Err(failed(breaches.join("\n")));
    }
    let scratch = env.target().join("examples");
    let _ = std::fs::remove_dir_all(&scratch);
    let modules = scratch.join("node_modules");
    std::fs::create_dir_all(&modules).context(modules.display())?;
    let package = env.repo.join(crate::package::npm::OUT);
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&package, modules.join("pickanumber"))
            .context(modules.display())?;
        std::os::unix::fs::symlink(env.repo.join("examples"), scratch.join("examples"))
            .context(scratch.display())?;
    }
    let runners = Runners {
        bin: env.target().join("debug"),
        python: crate::package::python::venv_dir(env).join("bin/python"),
        node: crate::package::python::node22(env)?,
        scratch,
    };
    let mut problems = Vec::new();
    let mut count = 0;
    for file in files(&env.repo)? {
        let shown_name = named(&env.repo, &file);
        let text = std::fs::read_to_string(&file).context(file.display())?;
        let examples = parse(&shown_name, &text).map_err(failed)?;
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        // Replaced from the last, so earlier line numbers hold.
        let mut replacements = Vec::new();
        for example in &examples {
            count += 1;
            let printed = runners
                .command(env, example, count)?
                .output()
                .context(format!("{shown_name}:{}", example.line))?;
            let stdout = String::from_utf8_lossy(&printed.stdout).into_owned();
            let left = leftovers(&runners.scratch)?;
            if !left.is_empty() {
                problems.push(format!(
                    "{shown_name}:{}: the example left {} in the folder it ran in; run from a clone, it would leave them in the checkout (write them under a temporary folder)\n",
                    example.line,
                    left.join(", ")
                ));
            }
            if stdout == example.shown {
                continue;
            }
            if update {
                replacements.push((example.output_lines, stdout));
                continue;
            }
            let stderr = String::from_utf8_lossy(&printed.stderr);
            let stderr = stderr.trim_end();
            let stderr =
                (!stderr.is_empty()).then(|| format!("    its standard error: {stderr}\n"));
            problems.push(format!(
                "{shown_name}:{}: `{}` printed other output than the page shows ({}; `cargo xtask examples --update` writes it in)\n{}{}",
                example.line,
                example.code.lines().next().unwrap_or(""),
                printed.status,
                first_difference(&example.shown, &stdout, example.output_lines.0),
                stderr.unwrap_or_default()
            ));
        }
        if !replacements.is_empty() {
            for ((start, end), stdout) in replacements.into_iter().rev() {
                lines.splice(start..end, stdout.lines().map(str::to_string));
            }
            std::fs::write(&file, lines.join("\n") + "\n").context(file.display())?;
            println!("    {shown_name}: outputs written in");
        }
    }
    if update || problems.is_empty() {
        let now = [
            "printed what their pages show",
            "the pages now show what they printed",
        ];
        println!("    {count} examples ran; {}", now[usize::from(update)]);
        return Ok(());
    }
    Err(failed(format!(
        "{} of {count} examples printed other output than their pages show:\n\n{}",
        problems.len(),
        problems.join("\n")
    )))
}

/// What an example left in the scratch folder it ran in, taken away: every entry but the ones
/// the runner put there (`node_modules`, `examples` and the `example-N.mjs` files), sorted and
/// quoted.
///
/// # Errors
/// The folder cannot be read.
fn leftovers(scratch: &Path) -> Result<Vec<String>, Failure> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(scratch).context(scratch.display())? {
        let path = entry.context(scratch.display())?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let ours = name.starts_with("example-") && name.ends_with(".mjs");
        if !ours && name != "node_modules" && name != "examples" {
            out.push(format!("`{name}`"));
            let _ = std::fs::remove_dir_all(&path).or_else(|_| std::fs::remove_file(&path));
        }
    }
    out.sort();
    Ok(out)
}

/// Where the printed output first differs from the page's: the page's line (`first` is the
/// 0-based line of the output's start in the file) and both lines.
fn first_difference(shown: &str, printed: &str, first: usize) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (shown.lines().collect(), printed.lines().collect());
    let k = (0..a.len().max(b.len()))
        .find(|&k| a.get(k) != b.get(k))
        .unwrap_or(0);
    let line = |l: Option<&&str>| l.map_or("(no line)".to_string(), |l| format!("{l:?}"));
    format!(
        "    first difference at line {}: the page has {}\n    printed: {}\n",
        first + k + 1,
        line(a.get(k)),
        line(b.get(k))
    )
}

/// The README's and the docs' rules: the README has at most [`README_LINES`] lines, and no
/// line outside a code block of the README, CONTRIBUTING.md, a docs page or a package's README
/// (npm, Python) gives a measured
/// figure (a number followed by one of [`MEASURED_UNITS`], or a load average). Each breach as
/// `file:line: why`.
pub fn rules(repo: &Path) -> Result<Vec<String>, Failure> {
    let mut out = Vec::new();
    let readme = std::fs::read_to_string(repo.join("README.md")).context("README.md")?;
    let n = readme.lines().count();
    if n > README_LINES {
        out.push(format!(
            "README.md:{n}: the README has {n} lines, more than {README_LINES}: move the rest to a docs page (docs/) or CONTRIBUTING.md"
        ));
    }
    // The packages' READMEs are the pages their registries show.
    let more = [
        "CONTRIBUTING.md",
        "site/npm/README.md",
        "site/python/README.md",
    ];
    for file in files(repo)?.into_iter().chain(more.map(|f| repo.join(f))) {
        let rel = named(repo, &file);
        let text = std::fs::read_to_string(&file).context(&rel)?;
        for (line, figure) in measured_figures(&text) {
            out.push(format!("{rel}:{line}: `{figure}` is a measured figure: figures come from `cargo xtask bench` (target/bench.json), not from the docs"));
        }
    }
    Ok(out)
}

/// The measured figures in the prose of a markdown text (code blocks are skipped; a figure may
/// run across a line break): (1-based line of its number, the figure).
pub fn measured_figures(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    // The words of the prose, each with its line.
    let mut words: Vec<(usize, &str)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some((f, _)) = opening(line.trim_start()) {
            fence = match fence {
                None => Some(f),
                Some(open) if line.trim() == open => None,
                open => open,
            };
            continue;
        }
        if fence.is_some() {
            continue;
        }
        if line.to_lowercase().contains("load average") {
            out.push((i + 1, "load average".to_string()));
        }
        words.extend(line.split_whitespace().map(|w| (i + 1, w)));
    }
    const CLOSE: [char; 7] = [',', '.', ';', ':', ')', ']', '*'];
    let unit_of = |w: &str| {
        let w = w.trim_end_matches(CLOSE);
        MEASURED_UNITS.contains(&w).then(|| w.to_string())
    };
    for (k, &(line, word)) in words.iter().enumerate() {
        let word = word.trim_start_matches(['(', '[', '~', '≈', '*']);
        if !word.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let rest = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ',');
        // The unit joined to the number (`120ms`) or as the next word (`120 ms`).
        let unit = if rest.trim_end_matches(CLOSE).is_empty() {
            words.get(k + 1).and_then(|(_, w)| unit_of(w))
        } else {
            unit_of(rest)
        };
        if let Some(unit) = unit {
            let number = word[..word.len() - rest.len()].trim_end_matches([',', '.']);
            out.push((line, format!("{number} {unit}")));
        }
    }
    out.sort_by_key(|(line, _)| *line);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repo() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    #[test]
    fn the_readme_is_short_and_no_page_gives_a_measured_figure() {
        let breaches = rules(&repo()).unwrap();
        assert!(breaches.is_empty(), "{}", breaches.join("\n"));
    }

    #[test]
    fn times_sizes_and_load_averages_are_measured_figures_and_limits_are_not() {
        let text = "It took 1.2 ms (about 3 s in all), 85,885 bytes, 14.8KB brotli.\nUnder a load average of 7.\n```\n9 ms in a block\n```\nUp to 64 MiB, 20 items, 1,000 resamples, version 0.123.1, **49.2\nKB brotli**.\n";
        assert_eq!(
            measured_figures(text),
            [
                (1, "1.2 ms".to_string()),
                (1, "3 s".to_string()),
                (1, "85,885 bytes".to_string()),
                (1, "14.8 KB".to_string()),
                (2, "load average".to_string()),
                (6, "49.2 KB".to_string()),
            ]
        );
    }

    #[test]
    fn console_blocks_give_each_command_its_output_and_run_blocks_their_text_block() {
        let md = "# T\n\n```console\n$ pickanumber --version\npickanumber 0.1.0\n$ true\n```\n\n```python run\nprint(2)\n```\n```text\n2\n```\n";
        let examples = parse("p.md", md).unwrap();
        assert_eq!(examples.len(), 3);
        assert_eq!(
            examples[0],
            Example {
                line: 4,
                kind: Kind::Command,
                code: "pickanumber --version".into(),
                shown: "pickanumber 0.1.0\n".into(),
                output_lines: (4, 5),
            }
        );
        assert_eq!((examples[1].line, examples[1].shown.as_str()), (6, ""));
        assert_eq!(examples[2].kind, Kind::Python);
        assert_eq!(
            (examples[2].line, examples[2].code.as_str()),
            (9, "print(2)\n")
        );
        assert_eq!(
            (examples[2].shown.as_str(), examples[2].output_lines),
            ("2\n", (12, 13))
        );
    }

    #[test]
    fn what_an_example_writes_beside_itself_is_a_leftover() {
        let dir =
            std::env::temp_dir().join(format!("pickanumber-leftovers-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for d in ["node_modules", "examples", "logs", ".deepeval"] {
            std::fs::create_dir_all(dir.join(d)).unwrap();
        }
        std::fs::write(dir.join("example-3.mjs"), "").unwrap();
        std::fs::write(dir.join("out.json"), "").unwrap();
        let left = leftovers(&dir).unwrap();
        assert_eq!(left, ["`.deepeval`", "`logs`", "`out.json`"]);
        assert!(leftovers(&dir).unwrap().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn every_example_parses_and_no_inspect_example_writes_logs_in_the_checkout() {
        let mut n = 0;
        for file in files(&repo()).unwrap() {
            let text = std::fs::read_to_string(&file).unwrap();
            let examples = parse(&file.display().to_string(), &text);
            for e in examples.unwrap_or_else(|e| panic!("{e}")) {
                n += 1;
                // inspect_ai writes its logs to `log_dir`, `./logs` when none is given.
                if e.kind == Kind::Python
                    && e.code.contains("inspect_ai")
                    && e.code.contains("eval(")
                {
                    assert!(
                        e.code.contains("log_dir=tempfile.mkdtemp()"),
                        "{}:{}: an inspect eval that writes logs/ where it runs",
                        file.display(),
                        e.line
                    );
                }
            }
        }
        assert!(n > 0, "no example found in the README and the docs");
    }

    #[test]
    fn a_run_block_without_its_output_block_is_refused_at_its_line() {
        let md = "text\n```js run\nconsole.log(1)\n```\n\nprose\n";
        assert_eq!(
            parse("docs/npm.md", md).unwrap_err(),
            "docs/npm.md:2: a ```js run block must be followed at once by a ```text block with its exact output"
        );
        assert_eq!(
            parse("docs/a.md", "```console\npickanumber\n```\n").unwrap_err(),
            "docs/a.md:2: a ```console block starts with a command line (`$ ` and the command)"
        );
    }
}
