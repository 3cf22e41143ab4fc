//! The command line: every subcommand and its options, read with [`lexopt`] (`--port N` and
//! `--port=N` alike), and the help text.

use std::ffi::OsString;

use lexopt::{Arg, ValueExt};

use crate::bench::{Options, SECTIONS};
use crate::env::Failure;

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
                           live-reload script), serve it on http://127.0.0.1:N/ (default 8000) and rebuild
                           on changes: content/, paper/, examples/, static/ and site/render/
                           re-render the pages; site/calculator/, site/score/ and site/instruments/ also rebuild
                           the wasm. Open pages reload themselves after a rebuild
    test                   setup, cargo fmt --check, clippy (native and wasm), unit tests
                           (the calculator's natively), build, then the browser tests
                           (headless Chromium) against dist/
    bench [--no-build] [--only weight,lighthouse,latency,throughput,build]
                           build, then measure and print one table (also target/bench.json):
                           page weight (raw, gzip, brotli) of what the browser fetched,
                           Lighthouse 13 mobile and desktop (Node 22 and Lighthouse from npm
                           into target/bench-tools/), calculator latency, parse + score
                           throughput, render and edit-to-reload times. Prints figures; never
                           fails on them
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
    Setup { browser: bool },
    /// `build [--base-url /name/]`.
    Build {
        /// Serve under this base path instead of `site.toml`'s.
        base_url: Option<String>,
    },
    /// `serve [--port N]`.
    Serve { port: u16 },
    /// `test`.
    Test,
    /// `bench [--no-build] [--only a,b]`.
    Bench(Options),
    /// `fuzz [--seconds N]`.
    Fuzz { seconds: u64 },
}

/// How long a fuzz run lasts by default.
pub const FUZZ_SECONDS: u64 = 60;

fn usage(message: String) -> Failure {
    Failure::Usage(message)
}

/// Reads the arguments after `cargo xtask`.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, Failure> {
    let mut p = lexopt::Parser::from_args(args);
    let name = match p.next().map_err(|e| usage(e.to_string()))? {
        None | Some(Arg::Short('h') | Arg::Long("help")) => return Ok(Command::Help),
        Some(Arg::Value(v)) => v.string().map_err(|e| usage(e.to_string()))?,
        Some(other) => {
            return Err(usage(format!(
                "{} before the command (see --help)",
                other.unexpected()
            )))
        }
    };
    let mut command = match name.as_str() {
        "help" => Command::Help,
        "setup" => Command::Setup { browser: true },
        "build" => Command::Build { base_url: None },
        "serve" => Command::Serve { port: 8000 },
        "test" => Command::Test,
        "bench" => Command::Bench(Options::default()),
        "fuzz" => Command::Fuzz { seconds: FUZZ_SECONDS },
        other => {
            return Err(usage(format!(
                "unknown command `{other}`; the commands are setup, build, serve, test, bench and fuzz (see --help)"
            )))
        }
    };
    while let Some(arg) = p.next().map_err(|e| usage(e.to_string()))? {
        match (&mut command, arg) {
            (Command::Setup { browser }, Arg::Long("no-browser")) => *browser = false,
            (Command::Build { base_url }, Arg::Long("base-url")) => {
                *base_url = Some(value(&mut p, "--base-url")?);
            }
            (Command::Serve { port }, Arg::Long("port")) => {
                let v = value(&mut p, "--port")?;
                *port = v.parse().map_err(|_| {
                    usage(format!("--port needs a number from 1 to 65535, not `{v}`"))
                })?;
            }
            (Command::Fuzz { seconds }, Arg::Long("seconds")) => {
                let v = value(&mut p, "--seconds")?;
                *seconds = v.parse().ok().filter(|n| *n > 0).ok_or_else(|| {
                    usage(format!(
                        "--seconds needs a whole number of seconds above 0, not `{v}`"
                    ))
                })?;
            }
            (Command::Bench(o), Arg::Long("no-build")) => o.build = false,
            (Command::Bench(o), Arg::Long("only")) => o.only = sections(&value(&mut p, "--only")?)?,
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
fn value(p: &mut lexopt::Parser, what: &str) -> Result<String, Failure> {
    let v = p
        .value()
        .map_err(|_| usage(format!("{what} needs a value")))?;
    Ok(v.to_string_lossy().into_owned())
}

/// `--only`'s list: names from [`SECTIONS`], separated by commas.
fn sections(list: &str) -> Result<Vec<String>, Failure> {
    let chosen: Vec<String> = list
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    if chosen.is_empty() {
        return Err(usage(format!(
            "--only needs a list from {}",
            SECTIONS.join(",")
        )));
    }
    match chosen.iter().find(|s| !SECTIONS.contains(&s.as_str())) {
        Some(bad) => Err(usage(format!(
            "--only: `{bad}` is not one of {}",
            SECTIONS.join(", ")
        ))),
        None => Ok(chosen),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(line: &str) -> Result<Command, Failure> {
        parse(line.split_whitespace().map(OsString::from))
    }

    #[test]
    fn every_command_and_option_parses() {
        assert_eq!(parse_str("").unwrap(), Command::Help);
        assert_eq!(parse_str("--help").unwrap(), Command::Help);
        assert_eq!(
            parse_str("setup --no-browser").unwrap(),
            Command::Setup { browser: false }
        );
        assert_eq!(parse_str("serve").unwrap(), Command::Serve { port: 8000 });
        assert_eq!(
            parse_str("serve --port 9001").unwrap(),
            Command::Serve { port: 9001 }
        );
        assert_eq!(
            parse_str("serve --port=9002").unwrap(),
            Command::Serve { port: 9002 }
        );
        assert_eq!(parse_str("fuzz").unwrap(), Command::Fuzz { seconds: 60 });
        assert_eq!(
            parse_str("fuzz --seconds=7").unwrap(),
            Command::Fuzz { seconds: 7 }
        );
        let Command::Bench(o) = parse_str("bench --no-build --only weight,build").unwrap() else {
            panic!("not bench")
        };
        assert!(!o.build);
        assert_eq!(o.only, ["weight", "build"]);
    }

    #[test]
    fn mistakes_are_usage_errors_that_say_what_is_wrong() {
        for (line, says) in [
            (
                "serve --port x",
                "--port needs a number from 1 to 65535, not `x`",
            ),
            ("serve --prot 1", "`serve` does not take `--prot`"),
            ("fuzz --seconds 0", "above 0, not `0`"),
            ("bench --only=nope", "`nope` is not one of weight"),
            ("bench --fast", "`bench` does not take `--fast`"),
            ("build extra", "`build` does not take `extra`"),
            ("deploy", "unknown command `deploy`"),
        ] {
            let err = parse_str(line).unwrap_err();
            assert_eq!(err.exit_code(), 2, "{line}");
            assert!(err.to_string().contains(says), "{line}: {err}");
        }
    }
}
