//! The command line: every subcommand and its options, read with [`lexopt`] (`--port N` and
//! `--port=N` alike), and the help text.

use std::ffi::OsString;

use lexopt::{Arg, Parser, ValueExt};

use crate::bench::SECTIONS;
use crate::env::{missing as usage, Failure};

/// `cargo xtask --help`.
pub const HELP: &str = "\
cargo xtask — build, serve and test the pickanumber site

USAGE:
    cargo xtask <COMMAND> [OPTIONS]

COMMANDS:
    setup [--no-browser]   install what is missing, each tool checked by version first: the
                           wasm32 target (rustup), trunk 0.21.14 and wasm-bindgen-cli 0.2.130
                           (cargo install), wasm-opt (npm binaryen 132, into node_modules/),
                           rustfmt and clippy, and Debian's chromium and chromium-driver
                           (apt-get; skipped with --no-browser)
    build [--base-url /name/]
                           setup (without the browser), then build the calculator with trunk and
                           generate the site into dist/ (dist/index.html is the home page), under
                           site.toml's base path or the one given
    serve [--port N]       build into target/serve-dist/ (never dist/: its pages load the
                           live-reload script), serve it on http://127.0.0.1:N/ (default 8000)
                           and rebuild on changes: content/, paper/, examples/, static/ and
                           site/render/ re-render the pages; site/calculator/, site/score/ and
                           site/instruments/ also rebuild the wasm. Open pages reload themselves
    test                   setup, cargo fmt --check, clippy (native and wasm), unit tests
                           (the calculator's natively), the README's install line, build, then
                           the browser tests (headless Chromium) against dist/
    bench [--no-build] [--only weight,lighthouse,latency,throughput,build]
                           build, then measure and print one table (also target/bench.json),
                           each figure against its target where it has one: page weight (raw,
                           gzip, brotli) of what the browser fetched, Lighthouse 13 mobile and
                           desktop on every page (Node 22 and Lighthouse from npm into
                           target/bench-tools/), calculator latency against a bare textarea,
                           parse + score throughput, render and edit-to-reload times. Prints
                           figures; never fails on them
    fuzz [--seconds N]     run the cargo-fuzz target fuzz/ (parse) for N seconds (default 60)
                           where a nightly toolchain and cargo-fuzz are installed; otherwise
                           say how to install them and skip
    help, --help           this text

Exit codes: 0 success, 1 a step failed, 2 a tool is missing and cannot be installed here
(or a usage error).
";

/// What was asked for.
#[derive(Debug, PartialEq)]
pub enum Command {
    /// `help`, `-h`, `--help` or nothing.
    Help,
    /// `setup [--no-browser]`.
    Setup {
        /// Also the browser and the linters.
        browser: bool,
    },
    /// `build [--base-url /name/]`: under this base path instead of `site.toml`'s.
    Build(Option<String>),
    /// `serve [--port N]`.
    Serve(u16),
    /// `test`.
    Test,
    /// `bench [--no-build] [--only a,b]`: whether to build first, and the sections to run.
    Bench(bool, Vec<String>),
    /// `fuzz [--seconds N]`.
    Fuzz(u64),
}

/// Reads the arguments after `cargo xtask`.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, Failure> {
    let mut p = Parser::from_args(args);
    let name = match p.next().map_err(|e| usage(e.to_string()))? {
        None | Some(Arg::Short('h') | Arg::Long("help")) => return Ok(Command::Help),
        Some(Arg::Value(v)) => v.string().map_err(|e| usage(e.to_string()))?,
        Some(other) => return Err(usage(format!("{} before the command", other.unexpected()))),
    };
    let mut command = match name.as_str() {
        "help" => Command::Help,
        "setup" => Command::Setup { browser: true },
        "build" => Command::Build(None),
        "serve" => Command::Serve(8000),
        "test" => Command::Test,
        "bench" => Command::Bench(true, SECTIONS.map(String::from).to_vec()),
        "fuzz" => Command::Fuzz(60),
        other => return Err(usage(format!("unknown command `{other}`; the commands are setup, build, serve, test, bench and fuzz (see --help)"))),
    };
    while let Some(arg) = p.next().map_err(|e| usage(e.to_string()))? {
        match (&mut command, arg) {
            (Command::Setup { browser }, Arg::Long("no-browser")) => *browser = false,
            (Command::Build(base), Arg::Long("base-url")) => {
                *base = Some(value(&mut p, "--base-url")?)
            }
            (Command::Serve(port), Arg::Long("port")) => {
                let v = value(&mut p, "--port")?;
                *port = v.parse().map_err(|_| {
                    usage(format!("--port needs a number from 1 to 65535, not `{v}`"))
                })?;
            }
            (Command::Fuzz(seconds), Arg::Long("seconds")) => {
                let v = value(&mut p, "--seconds")?;
                let n = v.parse().ok().filter(|n| *n > 0);
                *seconds = n.ok_or_else(|| {
                    usage(format!("--seconds needs a whole number above 0, not `{v}`"))
                })?;
            }
            (Command::Bench(build, _), Arg::Long("no-build")) => *build = false,
            (Command::Bench(_, only), Arg::Long("only")) => {
                let list = value(&mut p, "--only")?;
                *only = list
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect();
                if let Some(bad) = only.iter().find(|s| !SECTIONS.contains(&s.as_str())) {
                    return Err(usage(format!(
                        "--only: `{bad}` is not one of {}",
                        SECTIONS.join(", ")
                    )));
                } else if only.is_empty() {
                    return Err(usage(format!("--only needs a list from {}", SECTIONS.join(","))));
                }
            }
            (_, arg) => {
                let shown = match arg {
                    Arg::Short(c) => format!("-{c}"),
                    Arg::Long(l) => format!("--{l}"),
                    Arg::Value(v) => v.to_string_lossy().into_owned(),
                };
                return Err(usage(format!(
                    "`{name}` does not take `{shown}` (see cargo xtask --help)"
                )));
            }
        }
    }
    Ok(command)
}

/// The value of the option `what` (`--port 1` or `--port=1`).
fn value(p: &mut Parser, what: &str) -> Result<String, Failure> {
    let v = p.value().map_err(|_| usage(format!("{what} needs a value")))?;
    Ok(v.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(line: &str) -> Result<Command, Failure> {
        parse(line.split_whitespace().map(OsString::from))
    }

    #[test]
    fn every_command_and_option_parses() {
        for (line, command) in [
            ("", Command::Help),
            ("--help", Command::Help),
            ("setup --no-browser", Command::Setup { browser: false }),
            ("build --base-url=/x/", Command::Build(Some("/x/".into()))),
            ("serve", Command::Serve(8000)),
            ("serve --port 9001", Command::Serve(9001)),
            ("fuzz --seconds=7", Command::Fuzz(7)),
            (
                "bench --no-build --only weight,build",
                Command::Bench(false, vec!["weight".into(), "build".into()]),
            ),
        ] {
            assert_eq!(parse_str(line).unwrap(), command, "{line}");
        }
    }

    #[test]
    fn mistakes_are_usage_errors_that_say_what_is_wrong() {
        for (line, says) in [
            ("serve --port x", "--port needs a number from 1 to 65535, not `x`"),
            ("serve --prot 1", "`serve` does not take `--prot`"),
            ("fuzz --seconds 0", "above 0, not `0`"),
            ("bench --only=nope", "`nope` is not one of weight"),
            ("bench --only=,", "--only needs a list"),
            ("bench -f", "`bench` does not take `-f`"),
            ("build extra", "`build` does not take `extra`"),
            ("deploy", "unknown command `deploy`"),
        ] {
            let err = parse_str(line).unwrap_err();
            assert_eq!(err.code, 2, "{line}");
            assert!(err.message.contains(says), "{line}: {err}");
        }
    }
}
